"""The default embedder's vectorised, memoised path gives the reference vectors bit for bit.

``reference_embed`` below is a verbatim copy of ``HashingEmbedder.embed`` (with ``_features``)
as it was before the hit path was vectorised (issue 22): one ``zlib.crc32`` per feature.
"""

from __future__ import annotations

import re
import zlib

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import HashingEmbedder
from stepcache_integrations.core.embed import normalize
from stepcache_integrations.core.embed import VECTORS, crc32_table, ngram_crcs

# -- verbatim copy of the reference implementation ------------------------------------------
_MAX_EMBED_CHARS = 8192
_WORD = re.compile(r"\w+", re.UNICODE)
_SPACES = re.compile(r"\s+")


def _features(self, text: str) -> list[bytes]:  # type: ignore[no-untyped-def]
    if len(text) > _MAX_EMBED_CHARS:
        half = _MAX_EMBED_CHARS // 2
        text = text[:half] + " " + text[-half:]
    norm = _SPACES.sub(" ", text.lower()).strip()
    feats = [w.encode("utf-8", "surrogatepass") for w in _WORD.findall(norm)]
    padded = f" {norm} "
    lo, hi = self.ngram_range
    for n in range(lo, hi + 1):
        feats.extend(
            padded[i : i + n].encode("utf-8", "surrogatepass")
            for i in range(len(padded) - n + 1)
        )
    return feats


def reference_embed(self, text: str) -> np.ndarray:  # type: ignore[no-untyped-def]
    """Embed one text."""
    import numpy as np

    feats = _features(self, text)
    vec = np.zeros(self.dim, dtype=np.float32)
    if not feats:
        return vec
    hashes = np.fromiter((zlib.crc32(f) for f in feats), dtype=np.uint64, count=len(feats))
    buckets = (hashes % self.dim).astype(np.int64)
    signs = np.where((hashes >> np.uint64(31)) & np.uint64(1), -1.0, 1.0)
    vec = np.bincount(buckets, weights=signs, minlength=self.dim).astype(np.float32)
    return normalize(vec)


# -- the property -----------------------------------------------------------------------------
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Every code point, lone surrogates and controls included.
ANY_TEXT = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=300)
PROMPTS = st.one_of(
    ANY_TEXT,
    st.text(alphabet=st.sampled_from(list("ab Xx=+-0123\n\t\r\x00\x85\u00a0\u2028\u0130\u01c5\u00e9\U0001d11e\ud800")), max_size=60),
    st.builds(lambda s, n: s * n, st.text(max_size=40), st.integers(0, 400)),  # long, past the head/tail cut
)
EMBEDDERS = [HashingEmbedder(), HashingEmbedder(dim=8, ngram_range=(1, 1)), HashingEmbedder(dim=97, ngram_range=(2, 7))]


def _same(emb: HashingEmbedder, text: str) -> None:
    want = reference_embed(emb, text)
    VECTORS.clear()
    got = emb.embed(text)  # computed
    again = emb.embed(text)  # memoised
    for vec in (got, again):
        assert vec.dtype == want.dtype and vec.shape == want.shape
        assert vec.tobytes() == want.tobytes(), text


@SETTINGS
@given(text=PROMPTS, which=st.integers(0, len(EMBEDDERS) - 1))
def test_vectors_are_bit_identical_to_the_reference(text: str, which: int) -> None:
    _same(EMBEDDERS[which], text)


def test_edge_texts_are_bit_identical() -> None:
    texts = [
        "", " ", "  \t\n ", "a", "ab", "abc", "\x00", "\x00\x01\x7f\x80", "\ud800", "\udfff\ud800",
        "\ud83d\ude00", "😀 emoji", "İstanbul ǅ ß ﬃ", "x" * 1_000_000, "é" * 9000, "ab" * 4097,
        "Solve for x step by step: 3x + 5 = 20", "x\u2028y\u0085z\u00a0w",
    ]
    for emb in EMBEDDERS:
        for text in texts:
            _same(emb, text)


@SETTINGS
@given(text=ANY_TEXT, lo=st.integers(1, 4), extra=st.integers(0, 5))
def test_ngram_crcs_are_zlibs(text: str, lo: int, extra: int) -> None:
    hi = lo + extra
    want = [zlib.crc32(text[i : i + n].encode("utf-8", "surrogatepass")) for n in range(lo, hi + 1) for i in range(len(text) - n + 1)]
    assert ngram_crcs(text, lo, hi).tolist() == want


def test_crc_table_is_zlibs() -> None:
    table = crc32_table()
    # zlib.crc32 of one byte b is the table entry of b ^ 0xFF, shifted and inverted
    for b in range(256):
        assert zlib.crc32(bytes([b])) == int(table[b ^ 0xFF] ^ 0x00FFFFFF) ^ 0xFFFFFFFF


def test_memoised_vector_cannot_be_changed_by_a_caller() -> None:
    emb = HashingEmbedder()
    VECTORS.clear()
    first = emb.embed("Solve for x: 2x = 4")
    want = first.copy()
    first[:] = 0.0  # the caller's own copy
    second = emb.embed("Solve for x: 2x = 4")
    assert second.tobytes() == want.tobytes()
    assert second.flags.writeable and second is not first
    second *= 2.0
    assert emb.embed("Solve for x: 2x = 4").tobytes() == want.tobytes()


def test_memo_is_keyed_by_the_exact_text_and_parameters() -> None:
    VECTORS.clear()
    a, b = HashingEmbedder(), HashingEmbedder(dim=64)
    for text in ("Solve x", "solve x", "Solve  x", "Solve x ", "e\u0301", "\u00e9"):
        assert a.embed(text).tobytes() == reference_embed(a, text).tobytes()
        assert b.embed(text).tobytes() == reference_embed(b, text).tobytes()
    a.dim = 32  # a changed instance is keyed by its new parameters
    assert a.embed("Solve x").tobytes() == reference_embed(a, "Solve x").tobytes()


def test_subclass_features_are_respected() -> None:
    class Words(HashingEmbedder):
        def _features(self, text: str) -> list[bytes]:
            return [w.encode() for w in text.split()]

    emb = Words()
    got = emb.embed("one two two")
    hashes = np.fromiter((zlib.crc32(w) for w in (b"one", b"two", b"two")), dtype=np.uint64)
    buckets = (hashes % emb.dim).astype(np.int64)
    signs = np.where((hashes >> np.uint64(31)) & np.uint64(1), -1.0, 1.0)
    want = normalize(np.bincount(buckets, weights=signs, minlength=emb.dim).astype(np.float32))
    assert got.tobytes() == want.tobytes()


def test_vector_memo_is_bounded_by_entries_and_bytes() -> None:
    from stepcache_integrations.core.embed import VectorMemo

    memo = VectorMemo(maxsize=3, max_bytes=3 * (512 * 4 + 10))
    emb = HashingEmbedder()
    for i in range(6):
        key = memo.key(f"prompt {i:03d}", 512)
        memo.put(key, emb.embed(f"prompt {i:03d}"))
    assert len(memo) == 3
    memo.put(memo.key("x" * 11, 512), emb.embed("x" * 11))  # 11 characters: the byte budget binds
    assert len(memo) == 2
    assert memo.key("x" * 9000, 512) is None  # longer than max_chars: not memoised


def test_features_set_on_the_object_are_respected() -> None:
    emb = HashingEmbedder()
    VECTORS.clear()
    emb.embed("one two two")  # memoised under the default features
    emb._features = lambda text: [w.encode() for w in text.split()]  # type: ignore[method-assign]
    hashes = np.fromiter((zlib.crc32(w) for w in (b"one", b"two", b"two")), dtype=np.uint64)
    buckets = (hashes % emb.dim).astype(np.int64)
    signs = np.where((hashes >> np.uint64(31)) & np.uint64(1), -1.0, 1.0)
    want = normalize(np.bincount(buckets, weights=signs, minlength=emb.dim).astype(np.float32))
    assert emb.embed("one two two").tobytes() == want.tobytes()
