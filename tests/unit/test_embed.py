from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from stepcache_integrations import EmbeddingError, HashingEmbedder
from stepcache_integrations.core.embed import as_embedder


def test_unit_norm_and_similarity_ordering() -> None:
    emb = HashingEmbedder()
    a = emb.embed("Solve for x step by step: 3x + 5 = 20")
    b = emb.embed("Solve for x step by step: 3x + 5 = 26")
    c = emb.embed("Write a haiku about autumn leaves in Kyoto")
    assert abs(float(np.linalg.norm(a)) - 1.0) < 1e-5
    assert float(a @ b) > 0.8 > float(a @ c)


def test_identical_across_processes() -> None:
    code = (
        "from stepcache_integrations import HashingEmbedder;"
        "print(HashingEmbedder().embed('same prompt, other process').tobytes().hex())"
    )
    outs = {subprocess.check_output([sys.executable, "-c", code], text=True) for _ in range(2)}
    here = HashingEmbedder().embed("same prompt, other process").tobytes().hex()
    assert outs == {here + "\n"}


def test_huge_prompt_is_bounded() -> None:
    vec = HashingEmbedder().embed("x" * 1_000_000)
    assert vec.shape == (512,)


def test_adapters_for_callables_langchain_and_llamaindex_shapes() -> None:
    class LC:
        def embed_query(self, text: str) -> list[float]:
            return [1.0, 2.0, 2.0]

    class LI:
        def get_query_embedding(self, text: str) -> list[float]:
            return [0.0, 3.0, 4.0]

    assert np.allclose(as_embedder(LC()).embed("q"), [1 / 3, 2 / 3, 2 / 3])
    assert np.allclose(as_embedder(LI()).embed("q"), [0, 0.6, 0.8])
    assert np.allclose(as_embedder(lambda t: [2.0, 0.0]).embed("q"), [1, 0])


def test_bad_embedder_output_is_typed_error() -> None:
    with pytest.raises(EmbeddingError):
        as_embedder(lambda t: [float("nan")]).embed("q")
    with pytest.raises(EmbeddingError):
        as_embedder(lambda t: (_ for _ in ()).throw(RuntimeError("down"))).embed("q")
    with pytest.raises(EmbeddingError):
        as_embedder(42)
