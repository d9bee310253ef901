from __future__ import annotations

import inspect

import stepcache_integrations as pkg
from stepcache_integrations import StepCache

EXPECTED = {
    "CacheEntry", "CacheHit", "CachePlan", "CacheStore", "CallableEmbedder", "Embedder", "EmbeddingError",
    "HashingEmbedder", "InMemoryStore", "InvalidPromptError", "InvalidSchemaError", "JsonTask", "LLMResponse",
    "LinearEquationTask", "ModelOutputError", "Step", "StepCache", "StepCacheError", "StepCacheResult",
    "StepRecord", "StoreError", "TaskError", "TaskHandler", "TaskRegistry", "TextTask", "VerificationError",
    "__version__", "extract_json_object", "segment_text", "SQLiteStore", "PostgresStore", "open_store",
}  # fmt: skip


def test_all_is_pinned() -> None:
    assert set(pkg.__all__) == EXPECTED
    for name in pkg.__all__:
        assert hasattr(pkg, name)


def test_every_io_method_has_an_async_twin() -> None:
    for name in ["generate", "lookup", "serve", "complete", "finalize", "store_answer", "clear"]:
        assert inspect.iscoroutinefunction(getattr(StepCache, "a" + name)), name


def test_errors_share_one_base() -> None:
    for name in pkg.__all__:
        obj = getattr(pkg, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, pkg.StepCacheError)


def test_py_typed_is_shipped() -> None:
    import pathlib

    assert (pathlib.Path(pkg.__file__).parent / "py.typed").exists()


def test_no_benchmark_server_or_demo_in_the_library() -> None:
    # They are the stepcache-bench tooling (tooling/ in the repository), not the library.
    import importlib.util

    for name in ("bench", "serving", "demo"):
        assert importlib.util.find_spec(f"stepcache_integrations.{name}") is None, name
    assert not any(name.startswith(("bench", "serving", "demo")) for name in dir(pkg))
