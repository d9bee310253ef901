"""PEP 562 lazy exports for the ``__init__`` modules of the package and its subpackages.

A package lists ``name -> submodule``; the submodule is imported when the name is first
read, and the value is then kept in the package's namespace (later reads are plain
attribute reads). ``import stepcache_integrations`` thus imports neither FAISS nor numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    namespace: dict[str, Any], names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for the package whose ``globals()`` is ``namespace``:
    ``names`` maps an exported name to the relative module that defines it (``".engine"``).
    A submodule not imported yet is also served as an attribute (imported on first read),
    as it was when the package imported its submodules eagerly."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            if not name.startswith("__") and find_spec(f"{package}.{name}") is not None:
                return import_module(f".{name}", package)
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value  # later reads skip this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace.get("__all__", ())) | set(names))

    return __getattr__, __dir__
