"""Suite-wide fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_store_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    # StepCache() opens $STEPCACHE_STORE when it is set; a developer's shell must not point the
    # suite's in-memory caches at a shared database file.
    monkeypatch.delenv("STEPCACHE_STORE", raising=False)
