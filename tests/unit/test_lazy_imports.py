"""Importing the package is cheap: FAISS, numpy-heavy code and the optional heavy libraries
load when first needed, not at import. Each check runs in a fresh interpreter (this test
process has imported everything long ago); no wall-clock threshold, only what is loaded."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

import stepcache_integrations as pkg

PKG_DIR = pathlib.Path(pkg.__file__).parent
HEAVY = ("faiss", "numpy", "pydantic", "sympy", "jsonschema", "psycopg")


def loaded_after(code: str, watch: tuple[str, ...] = HEAVY) -> set[str]:
    """Which of ``watch`` are in sys.modules after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in {list(watch)!r} if m in sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def eager_importers(module: str) -> list[str]:
    """Files of the package that import ``module`` at their top level (not inside a function)."""
    found = []
    for path in sorted(PKG_DIR.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            if any(name == module or name.startswith(module + ".") for name in names):
                found.append(str(path.relative_to(PKG_DIR)))
    return found


def test_importing_the_package_loads_no_engine_no_store_and_no_heavy_library():
    watch = (*HEAVY, "stepcache_integrations.core.engine", "stepcache_integrations.stores.base")
    assert loaded_after("import stepcache_integrations", watch) == set()


def test_the_engine_and_the_stores_load_faiss_only_when_a_vector_is_indexed():
    code = (
        "import numpy as np\n"
        "from stepcache_integrations import InMemoryStore, SQLiteStore, StepCache\n"
        "StepCache(store=InMemoryStore())\n"
        "SQLiteStore(':memory:').close()\n"
    )
    assert "faiss" not in loaded_after(code)
    first_use = code + "InMemoryStore(index='flat').search(np.ones(8, dtype=np.float32), namespace='n', llm_key='m', k=1)\n"
    assert "faiss" not in loaded_after(first_use)  # an empty store has no index to search
    add = (
        "from stepcache_integrations import CacheEntry, InMemoryStore, Step\nimport numpy as np\n"
        "InMemoryStore(index='flat').add(CacheEntry(prompt='p', task='text', steps=[Step(text='a')]), np.ones(8))\n"
    )
    assert "faiss" in loaded_after(add)


def test_opening_a_sqlite_store_does_not_load_the_postgres_driver(tmp_path):
    assert "psycopg" not in loaded_after("from stepcache_integrations import SQLiteStore; SQLiteStore(':memory:')")
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert loaded_after(f"from stepcache_integrations import StepCache; StepCache(store={url!r})") & {
        "psycopg",
        "faiss",
    } == set()


@pytest.mark.parametrize("heavy", ["sympy", "jsonschema"])
def test_the_engine_loads_sympy_and_jsonschema_at_first_use(heavy):
    eager = eager_importers(heavy)
    if eager:
        pytest.skip(f"{heavy} is still imported at module level by {', '.join(eager)}")
    assert heavy not in loaded_after("from stepcache_integrations import StepCache; StepCache()")


def test_the_adapters_load_faiss_at_first_use():
    assert "faiss" not in loaded_after(
        "from stepcache_integrations.langchain import StepCacheLLMCache, StepCacheRunnable\nStepCacheLLMCache()"
    )
    assert "faiss" not in loaded_after("from stepcache_integrations.llama_index import StepCacheEmbedding, StepCacheLLM")


def test_lazy_names_are_the_defining_modules_objects_and_listed_by_dir():
    from stepcache_integrations.core.engine import StepCache
    from stepcache_integrations.stores.sqlite import SQLiteStore
    from stepcache_integrations.stores.urls import open_store

    assert pkg.StepCache is StepCache and pkg.SQLiteStore is SQLiteStore and pkg.open_store is open_store
    assert set(pkg.__all__) <= set(dir(pkg))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        pkg.nope  # noqa: B018
    import stepcache_integrations.core as core
    import stepcache_integrations.langchain as lc
    import stepcache_integrations.llama_index as li
    import stepcache_integrations.stores as stores

    for module in (core, stores, lc, li):
        for name in module.__all__:
            assert getattr(module, name) is not None, (module.__name__, name)
        assert set(module.__all__) <= set(dir(module))


def test_a_store_url_opens_through_the_lazy_opener(tmp_path):
    from stepcache_integrations import SQLiteStore, StepCache

    cache = StepCache(store=f"sqlite:///{tmp_path / 'c.db'}")
    assert isinstance(cache.store, SQLiteStore)


def test_submodules_are_still_attributes_of_their_package():
    code = (
        "import stepcache_integrations as p\n"
        "assert p.core.engine.StepCache is p.StepCache and p.stores.memory.InMemoryStore is p.InMemoryStore\n"
        "assert not hasattr(p, 'bench') and not hasattr(p.stores, 'no_such_module')\n"
    )
    assert "faiss" not in loaded_after(code)


def test_the_embedders_load_numpy_at_the_first_embedding():
    code = "from stepcache_integrations.core.embed import HashingEmbedder, as_embedder\ne = as_embedder(None)\n"
    assert "numpy" not in loaded_after(code)
    assert "numpy" in loaded_after(code + "e.embed('a prompt')\n")
