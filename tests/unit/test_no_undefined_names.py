"""Every name a module loads is bound somewhere in it (an import, a def, an assignment) or a builtin.

The request readers turn any exception into "no claim", so a missing import (a merge dropping
``fold`` from an import line) would not fail a test: it would silently decline every prompt of the
reading that uses it. This cheap static check catches that class; it is file-wide (a name bound
anywhere in the file counts), so it never flags correct code."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "stepcache_integrations").rglob("*.py"))


def _unbound(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound = set(dir(builtins)) | {"__file__", "__name__"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    loaded = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    return loaded - bound


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_every_loaded_name_is_bound(path: Path) -> None:
    assert not _unbound(path)


def test_the_check_sees_a_missing_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from os import path\n\ndef f(x):\n    return fold(x) + path.sep\n", encoding="utf-8")
    assert _unbound(module) == {"fold"}
