"""What the engine needs from a cache store, and how a ``store=`` argument becomes one.

The store backends live in ``stores``, a layer above ``core``; so core never imports
them. The package root hands core the URL opener (``stores.open_store``) at import time.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, Union

from ..errors import StepCacheError

if TYPE_CHECKING:  # annotations only: the package root imports this module, and stays light
    import numpy as np

    from .types import CacheEntry, CacheHit

__all__ = ["StoreArg", "StorePort", "resolve_store", "use_store_opener"]

STORE_ENV = "STEPCACHE_STORE"
IN_MEMORY_URL = "memory://"


class StorePort(Protocol):
    """The store calls the engine makes (``stores.CacheStore`` provides them all)."""

    def add(self, entry: CacheEntry, vector: np.ndarray) -> str: ...

    def search(self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int) -> list[CacheHit]: ...

    def record_hit(self, entry_id: str) -> None: ...

    def clear(self, namespace: str | None = None) -> int: ...

    async def aadd(self, entry: CacheEntry, vector: np.ndarray) -> str: ...

    async def asearch(self, vector: np.ndarray, *, namespace: str, llm_key: str, k: int) -> list[CacheHit]: ...

    async def arecord_hit(self, entry_id: str) -> None: ...

    async def aclear(self, namespace: str | None = None) -> int: ...


StoreArg = Union[StorePort, str, "os.PathLike[str]", None]
_opener: Callable[[str], Any] | None = None


def use_store_opener(opener: Callable[[str], Any]) -> None:
    """Set how store URLs and paths are opened (the package root passes ``open_store``)."""
    global _opener
    _opener = opener


def resolve_store(store: StoreArg) -> Any:
    """A store object as given; a URL or path opened; None: ``$STEPCACHE_STORE`` or in memory."""
    if store is None:
        location = os.environ.get(STORE_ENV) or IN_MEMORY_URL
    elif isinstance(store, (str, os.PathLike)):
        location = str(store)
    else:
        return store
    if _opener is None:
        raise StepCacheError("no store opener is set; pass a store object or import stepcache_integrations")
    return _opener(location)
