"""Who answers a LangChain request: the endpoint and the API key the model's client resolved.

Two clients identical but for their endpoint (``base_url``, or ``OPENAI_BASE_URL`` read by the
client at init) or their API key (gateways route keys to different deployments) never share
entries (blind red team round 4, R12, R3). The Runnable wrapper sees the model object and keys
:func:`model_identity` (the key as a SHA-256 digest, never the secret); the global cache sees only
``llm_string``, and keys ``OPENAI_BASE_URL`` with it when the client read its endpoint from there
(:func:`env_endpoint_reason`: ``_tiers``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from typing import Any

from langchain_core.runnables import Runnable, RunnableBinding

__all__ = ["env_endpoint_reason", "model_identity", "unwrap"]


def unwrap(runnable: Runnable) -> tuple[Runnable, dict[str, Any]]:
    """The innermost model of a chain of ``RunnableBinding``s and the merged bound kwargs."""
    kwargs: dict[str, Any] = {}
    while isinstance(runnable, RunnableBinding):
        kwargs = {**runnable.kwargs, **kwargs}
        runnable = runnable.bound
    return runnable, kwargs

_BASE_ATTRS = ("openai_api_base", "base_url", "api_base", "azure_endpoint", "endpoint_url", "anthropic_api_url")
_KEY_ATTRS = ("openai_api_key", "api_key", "anthropic_api_key", "google_api_key", "mistral_api_key", "groq_api_key")
_CLIENTS = ("root_client", "root_async_client", "client", "async_client", "_client", "_async_client")
_OPENAI_MODELS = frozenset({"ChatOpenAI", "OpenAI"})
ENV_ENDPOINT = "the endpoint comes from OPENAI_BASE_URL, which llm_string does not hold (keyed from the environment)"


def _secret(value: Any) -> str | None:
    getter = getattr(value, "get_secret_value", None)
    value = getter() if callable(getter) else value
    return value if isinstance(value, str) and value else None


def _values(obj: Any, attrs: tuple[str, ...]) -> list[str]:
    out = []
    for attr in attrs:
        value = getattr(obj, attr, None)
        text = _secret(value) if attr in _KEY_ATTRS else (str(value) if value else None)
        if text:
            out.append(text)
    return out


def model_identity(model: Any) -> str | None:
    """The endpoint(s) and a digest of the API key(s) ``model`` and its clients resolved, or None."""
    clients = [c for c in (getattr(model, name, None) for name in _CLIENTS) if c is not None]
    # a client's own HTTP client holds the host it read (ChatOllama: OLLAMA_HOST, red team 32)
    inner = [c for c in (getattr(client, "_client", None) for client in clients) if c is not None]
    holders = [model, *clients, *inner]
    bases = sorted({v.rstrip("/") for h in holders for v in _values(h, _BASE_ATTRS)})
    keys = sorted({v for h in holders for v in _values(h, _KEY_ATTRS)})
    if not bases and not keys:
        return None
    digest = hashlib.sha256("\0".join(keys).encode("utf-8", "surrogatepass")).hexdigest()[:16] if keys else "-"
    return f"endpoint={','.join(bases) or '-'}|key={digest}"


def env_endpoint_reason(serialized: Any) -> str | None:
    """:data:`ENV_ENDPOINT` when ``serialized`` (the model in ``llm_string``) is an OpenAI model with no
    base URL while ``OPENAI_BASE_URL`` is set: its client went there, and the key cannot tell."""
    if not isinstance(serialized, Mapping) or not os.environ.get("OPENAI_BASE_URL"):
        return None
    ids, kwargs = serialized.get("id"), serialized.get("kwargs")
    if not (isinstance(ids, list) and ids and ids[-1] in _OPENAI_MODELS and isinstance(kwargs, Mapping)):
        return None
    return None if kwargs.get("openai_api_base") else ENV_ENDPOINT


def bound_identity(runnable: Runnable) -> str | None:
    """:func:`model_identity` of the model inside ``runnable`` (bindings unwrapped)."""
    return model_identity(unwrap(runnable)[0])
