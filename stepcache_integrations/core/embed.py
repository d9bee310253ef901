"""Prompt embedders. The default is deterministic, dependency-free and identical across processes.

numpy is imported at the first embedding, not with this module (``import stepcache_integrations``
stays light)."""

from __future__ import annotations

import asyncio
import inspect
import re
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..errors import EmbeddingError
import threading
from collections.abc import Hashable

from .types import BoundedLRU

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "CallableEmbedder",
    "Embedder",
    "HashingEmbedder",
    "as_embedder",
    "normalize",
    "VECTORS",
    "VectorMemo",
    "crc32_table",
    "ngram_crcs",
]

# Embedding a 1 MB prompt char by char would take seconds: embed its head and tail only.
_MAX_EMBED_CHARS = 8192
_WORD = re.compile(r"\w+", re.UNICODE)
_SPACES = re.compile(r"\s+")


@runtime_checkable
class Embedder(Protocol):
    """Turns a prompt into an L2-normalised float32 vector."""

    def embed(self, text: str) -> np.ndarray:
        """Embed one text."""
        ...

    async def aembed(self, text: str) -> np.ndarray:
        """Async twin of :meth:`embed`."""
        ...


def normalize(vector: Any) -> np.ndarray:
    """Return ``vector`` as a 1-D unit-length float32 array; raise EmbeddingError if unusable."""
    import numpy as np

    try:
        arr = np.asarray(vector, dtype=np.float32).reshape(-1)
    except (TypeError, ValueError) as exc:
        raise EmbeddingError(f"embedder returned a non-numeric vector: {exc}") from exc
    if arr.size == 0 or not np.all(np.isfinite(arr)):
        raise EmbeddingError("embedder returned an empty or non-finite vector")
    norm = float(np.linalg.norm(arr))
    if norm == 0.0:
        return arr
    return arr / norm


class HashingEmbedder:
    """Hashed character n-grams plus word unigrams, L2-normalised (numpy only).

    Uses CRC32, never Python's salted ``hash()``, so vectors are identical across
    processes and machines. Good at what a cache needs: near-duplicate prompts with a
    changed constant or name stay close; unrelated prompts fall apart.
    """

    def __init__(self, dim: int = 512, ngram_range: tuple[int, int] = (3, 5)) -> None:
        if dim < 8:
            raise EmbeddingError("dim must be >= 8")
        lo, hi = ngram_range
        if not 1 <= lo <= hi:
            raise EmbeddingError("ngram_range must be (lo, hi) with 1 <= lo <= hi")
        self.dim = dim
        self.ngram_range = (lo, hi)

    def _features(self, text: str) -> list[bytes]:
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

    def embed(self, text: str) -> np.ndarray:
        """Embed one text. The same vector as :meth:`_embed_features`, bit for bit, computed with
        vectorised CRCs and memoised by the exact text (a copy is returned)."""
        own = type(self)._features is not HashingEmbedder._features or "_features" in vars(self)
        if own or not self._plain_params():
            return self._embed_features(text)  # a subclass's (or this object's) own features
        from .embed import VECTORS

        key = VECTORS.key(text, self.dim, self.ngram_range)
        found = VECTORS.get(key)
        if found is not None:
            return found
        try:
            vec = self._embed_vectorised(text)
        except ValueError:  # a text the vectorised CRCs cannot read: the reference path
            vec = self._embed_features(text)
        VECTORS.put(key, vec)
        return vec

    def _plain_params(self) -> bool:
        lo_hi = self.ngram_range
        return (
            type(self.dim) is int
            and 8 <= self.dim < 2**31
            and type(lo_hi) is tuple
            and len(lo_hi) == 2
            and all(type(n) is int for n in lo_hi)
            and 1 <= lo_hi[0] <= lo_hi[1]
        )

    def _embed_vectorised(self, text: str) -> np.ndarray:
        import numpy as np

        from .embed import ngram_crcs

        if len(text) > _MAX_EMBED_CHARS:
            half = _MAX_EMBED_CHARS // 2
            text = text[:half] + " " + text[-half:]
        norm = _SPACES.sub(" ", text.lower()).strip()
        words = [w.encode("utf-8", "surrogatepass") for w in _WORD.findall(norm)]
        lo, hi = self.ngram_range
        hashes = np.concatenate(
            [np.fromiter(map(zlib.crc32, words), dtype=np.uint32, count=len(words)), ngram_crcs(f" {norm} ", lo, hi)]
        )
        if not len(hashes):
            return np.zeros(self.dim, dtype=np.float32)
        # CRCs are below 2**32 and dim below 2**31: uint32 arithmetic gives the same buckets and signs
        buckets = hashes % np.uint32(self.dim)
        signs = np.where(hashes >> np.uint32(31), -1.0, 1.0)
        vec = np.bincount(buckets, weights=signs, minlength=self.dim).astype(np.float32)
        return normalize(vec)

    def _embed_features(self, text: str) -> np.ndarray:
        """The reference implementation: one CRC per feature."""
        import numpy as np

        feats = self._features(text)
        vec = np.zeros(self.dim, dtype=np.float32)
        if not feats:
            return vec
        hashes = np.fromiter((zlib.crc32(f) for f in feats), dtype=np.uint64, count=len(feats))
        buckets = (hashes % self.dim).astype(np.int64)
        signs = np.where((hashes >> np.uint64(31)) & np.uint64(1), -1.0, 1.0)
        vec = np.bincount(buckets, weights=signs, minlength=self.dim).astype(np.float32)
        return normalize(vec)

    async def aembed(self, text: str) -> np.ndarray:
        """Async twin of :meth:`embed` (CPU-only, runs inline)."""
        return self.embed(text)


class CallableEmbedder:
    """Adapts a LangChain ``Embeddings``, a LlamaIndex ``BaseEmbedding`` or a callable."""

    def __init__(
        self,
        embed_fn: Callable[[str], Any],
        aembed_fn: Callable[[str], Any] | None = None,
    ) -> None:
        self._embed_fn = embed_fn
        self._aembed_fn = aembed_fn

    def embed(self, text: str) -> np.ndarray:
        """Embed one text with the wrapped model."""
        try:
            value = self._embed_fn(text)
        except Exception as exc:  # the wrapped model's own errors become typed ones
            raise EmbeddingError(f"embedder failed: {exc}") from exc
        if inspect.isawaitable(value):
            raise EmbeddingError("embedder is async-only; use the async API (agenerate)")
        return normalize(value)

    async def aembed(self, text: str) -> np.ndarray:
        """Embed one text, natively async when the wrapped model supports it."""
        try:
            if self._aembed_fn is not None:
                value = await self._aembed_fn(text)
            else:
                value = self._embed_fn(text)
                if inspect.isawaitable(value):
                    value = await value
                else:
                    return normalize(value)
        except EmbeddingError:
            raise
        except Exception as exc:
            raise EmbeddingError(f"embedder failed: {exc}") from exc
        return normalize(value)


def as_embedder(obj: Any) -> Embedder:
    """Wrap whatever the caller passed as an :class:`Embedder`."""
    if obj is None:
        return HashingEmbedder()
    if isinstance(obj, (HashingEmbedder, CallableEmbedder)):
        return obj
    if hasattr(obj, "embed_query"):  # LangChain Embeddings
        return CallableEmbedder(obj.embed_query, getattr(obj, "aembed_query", None))
    if hasattr(obj, "get_query_embedding"):  # LlamaIndex BaseEmbedding
        return CallableEmbedder(obj.get_query_embedding, getattr(obj, "aget_query_embedding", None))
    if isinstance(obj, Embedder):
        return obj
    if callable(obj):
        if inspect.iscoroutinefunction(obj):
            return CallableEmbedder(_no_sync(obj), obj)
        return CallableEmbedder(obj)
    raise EmbeddingError(f"cannot use {type(obj).__name__} as an embedder")


def _no_sync(fn: Callable[[str], Any]) -> Callable[[str], Sequence[float]]:
    def run(text: str) -> Sequence[float]:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(fn(text))  # type: ignore[no-any-return]
        raise EmbeddingError("async embedder called from a running loop; use agenerate")

    return run


# ---- The default embedder's feature hashes, vectorised: CRC32 (zlib's) of every character n-gram

_POLY = 0xEDB88320  # zlib's CRC32, reflected
_TABLES: list[np.ndarray] = []  # [(depth, 256) shift tables, (depth + 1,) constants] once built
_TABLES_LOCK = threading.Lock()


def crc32_table() -> np.ndarray:
    """The 256-entry byte table of zlib's CRC32 (uint32): the CRC (no pre- or post-inversion)
    of each single byte."""
    import numpy as np  # lazy: numpy loads at the first embedding

    table = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        table = np.where(table & 1, (table >> 1) ^ np.uint32(_POLY), table >> 1).astype(np.uint32)
    return table


def _tables(depth: int) -> tuple[np.ndarray, np.ndarray]:
    """``shift[t, b]``: the CRC (no inversions) of byte ``b`` followed by ``t`` zero bytes, for
    t < depth; ``const[n]``: ``zlib.crc32`` of n zero bytes. CRC32 is affine in the message
    bits, so ``zlib.crc32(m) == const[len(m)] ^ XOR_j shift[len(m) - 1 - j, m[j]]``."""
    import numpy as np  # lazy: numpy loads at the first embedding

    with _TABLES_LOCK:
        if _TABLES and len(_TABLES[0]) >= depth:
            return _TABLES[0], _TABLES[1]
        table = crc32_table()
        rows = [table]
        while len(rows) < max(depth, 8):
            last = rows[-1]
            rows.append(table[last & np.uint32(0xFF)] ^ (last >> np.uint32(8)))
        shift = np.ascontiguousarray(np.stack(rows), dtype=np.uint32)
        const = np.array([zlib.crc32(bytes(n)) for n in range(len(rows) + 1)], dtype=np.uint32)
        _TABLES[:] = [shift, const]
        return shift, const


def ngram_crcs(text: str, lo: int, hi: int) -> np.ndarray:
    """``zlib.crc32(text[i:i+n].encode("utf-8", "surrogatepass"))`` for every n in lo..hi and
    every start i (uint32; the n-grams of one n together, n ascending)."""
    import numpy as np  # lazy: numpy loads at the first embedding

    size = len(text)
    if size < lo:
        return np.empty(0, dtype=np.uint32)
    top = min(hi, size)
    if text.isascii():
        data = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
        suffix, const = _suffix_crcs(data, top)
        return np.concatenate([suffix[n - 1, n - 1 :] ^ const[n] for n in range(lo, top + 1)])
    data = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    # UTF-8 bytes per code point (a lone surrogate takes 3 with surrogatepass)
    widths = 1 + (points >= 0x80).astype(np.int64) + (points >= 0x800) + (points >= 0x10000)
    starts = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(widths, out=starts[1:])
    if int(starts[-1]) != len(data):
        raise ValueError("UTF-8 length mismatch")  # cannot happen; the caller falls back
    suffix, const = _suffix_crcs(data, int((starts[top:] - starts[:-top]).max()))
    flat = suffix.ravel()
    parts = []
    for n in range(lo, top + 1):
        lengths = starts[n:] - starts[:-n]  # bytes of the n-gram starting at each character
        parts.append(flat[(lengths - 1) * len(data) + starts[n:] - 1] ^ const[lengths])
    return np.concatenate(parts)


def _suffix_crcs(data: np.ndarray, depth: int) -> tuple[np.ndarray, np.ndarray]:
    """``suffix[t, e]``: XOR of ``shift[u, data[e - u]]`` for u <= t (the uninverted CRC of the
    t + 1 bytes ending at e; rows past the data's start read zero bytes and are never used),
    and the constants."""
    import numpy as np  # lazy: numpy loads at the first embedding

    shift, const = _tables(depth)
    padded = np.zeros(len(data) + depth - 1, dtype=np.uint8)
    padded[depth - 1 :] = data
    # window[t, e] = data[e - t]: a view stepping back one byte per row
    window = np.ndarray((depth, len(data)), dtype=np.uint8, buffer=padded, offset=depth - 1, strides=(-1, 1))
    index = window + (np.arange(depth, dtype=np.int64) * 256)[:, None]
    return np.bitwise_xor.accumulate(shift.ravel().take(index), axis=0), const


class VectorMemo:
    """An LRU of embedding vectors by their exact inputs (thread-safe), bounded by entries and
    by bytes (vectors plus texts). Stored vectors are read-only; :meth:`get` returns a fresh
    copy, so no caller can change a memoised one."""

    def __init__(self, maxsize: int = 4096, max_chars: int = 8192, max_bytes: int = 16_000_000) -> None:
        self.max_chars = max_chars  # a longer text is not memoised
        self._vectors: BoundedLRU[np.ndarray] = BoundedLRU(maxsize, max_bytes)

    def key(self, text: str, *params: Hashable) -> Hashable | None:
        """The memo key of ``text`` (the string itself) under ``params``; None: not memoised."""
        if self._vectors.maxsize <= 0 or type(text) is not str or len(text) > self.max_chars:
            return None
        return (params, text)

    def get(self, key: Hashable | None) -> np.ndarray | None:
        found = None if key is None else self._vectors.get(key)
        return None if found is None else found.copy()

    def put(self, key: tuple[Any, str] | None, vector: np.ndarray) -> None:
        if key is None:
            return
        kept = vector.copy()
        kept.flags.writeable = False
        self._vectors.put(key, kept, kept.nbytes + len(key[1]))  # (params, text): see key()

    def __len__(self) -> int:
        return len(self._vectors)

    def clear(self) -> None:
        self._vectors.clear()


#: The process's memo of default-embedder vectors (``HashingEmbedder.embed``).
VECTORS = VectorMemo()
