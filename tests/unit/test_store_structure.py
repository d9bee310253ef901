"""How the stores are built: each owns its index (composition, no mixins), the vector
backends sit behind one interface, and no private name crosses a file of ``stores``."""

from __future__ import annotations

import ast
import pathlib
from abc import ABC

import numpy as np
import pytest

from stepcache_integrations import stores
from stepcache_integrations.stores import InMemoryStore, PostgresStore, SQLiteStore
from stepcache_integrations.stores.base import CacheStore
from stepcache_integrations.stores.vector_index import BACKENDS, PartitionedIndex
from stepcache_integrations.stores.vector_index import SegmentedHNSW
from stepcache_integrations.stores.sqlite_file import SQLiteFile
from stepcache_integrations.stores.sqlite_sync import SQLiteIndex
from stepcache_integrations.stores.vector_index import BackgroundBuilds, FlatIndex, VectorIndex

STORES_DIR = pathlib.Path(stores.__file__).parent


@pytest.mark.parametrize("cls", [InMemoryStore, SQLiteStore, PostgresStore])
def test_every_store_derives_from_the_store_interface_only(cls):
    assert cls.__mro__ == (cls, CacheStore, ABC, object)


def test_the_in_process_stores_own_their_index(tmp_path):
    memory = InMemoryStore(index="flat")
    assert isinstance(memory._index, PartitionedIndex) and memory._index.kind == "flat"
    sqlite = SQLiteStore(tmp_path / "c.db", index="hnsw", hnsw_segment_size=8)
    try:
        assert isinstance(sqlite._vectors, SQLiteIndex) and sqlite._vectors.index is sqlite._index
        assert isinstance(sqlite._file, SQLiteFile) and sqlite._conn is sqlite._file.conn is not None
        assert sqlite._index.kind == "hnsw" and sqlite._index.segment_size == 8
    finally:
        sqlite.close()


@pytest.mark.parametrize("kind", sorted(BACKENDS))
def test_every_backend_is_a_vector_index(kind):
    part = BACKENDS[kind](4, PartitionedIndex(kind))
    assert isinstance(part, VectorIndex)
    part.add(np.arange(3, dtype=np.int64), np.eye(3, 4, dtype=np.float32))
    assert len(part) == 3 and part.search(np.eye(1, 4, dtype=np.float32), 1)[0][0] == 0
    assert part.remove(np.array([0, 7], dtype=np.int64)) == 1 and len(part) == 2
    assert isinstance(part, BackgroundBuilds) == (kind == "hnsw")
    assert type(part) is {"flat": FlatIndex, "hnsw": SegmentedHNSW}[kind]


def _private_names_from_other_files(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()  # names bound to modules of the package
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"from {'.' * node.level}{node.module or ''} import {alias.name}")
                if node.level and node.module is None:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            modules.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_no_private_name_crosses_a_file_of_stores():
    crossing = {
        path.name: names
        for path in sorted(STORES_DIR.glob("*.py"))
        if (names := _private_names_from_other_files(path))
    }
    assert crossing == {}
