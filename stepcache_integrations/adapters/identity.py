"""A model's identity as plain data: every field, secrets as digests, unknown values never dropped.

Both adapters key the exact tier (and LlamaIndex the step tier) on every field of the model object
that can change what it answers: ``api_base``, ``default_headers``, ``additional_kwargs``, a custom
model's own fields, fields excluded from serialization too. Only what cannot change an answer is
left out: the callback manager and the rate limiter, and the fields the caller or the provider
profile names inert. Secrets (an API key, a token, an ``Authorization`` header) are digested, never
kept as themselves. A value that is not plain data is its type and ``repr`` (memory addresses
removed), a function its name and code.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Mapping
from typing import Any

from pydantic import BaseModel, SecretBytes, SecretStr

__all__ = ["digest", "key_fields", "model_fields", "plain", "plain_fields"]

_SKIPPED = frozenset({"callback_manager", "rate_limiter"})
_SECRET = re.compile(r"(^|_)(api_?key|secret(_key)?|password|passwd|token|access_token|credentials?|authorization)$", re.I)
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_MAX_DEPTH = 8


def digest(text: str, size: int = 16) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:size]


def _secret(value: Any) -> str:
    if isinstance(value, (SecretStr, SecretBytes)):
        value = value.get_secret_value()
    return "secret:" + digest(repr(value), 32)


def _callable(value: Any) -> str:
    name = f"{getattr(value, '__module__', '?')}.{getattr(value, '__qualname__', type(value).__qualname__)}"
    code = getattr(value, "__code__", None)
    if code is None:
        return f"callable:{name}:{_ADDRESS.sub('', repr(value))}"
    body = code.co_code.hex() + _ADDRESS.sub("", repr(code.co_consts)) + repr(code.co_names)
    return f"callable:{name}:{digest(body)}"


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-able data that differs wherever ``value`` does (secrets as digests)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (SecretStr, SecretBytes)):
        return _secret(value)
    if depth > _MAX_DEPTH:
        return f"{type(value).__qualname__}:{digest(_ADDRESS.sub('', repr(value)))}"
    if isinstance(value, Mapping):
        return {
            str(k): (_secret(v) if _SECRET.search(str(k)) and v is not None else plain(v, depth + 1))
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v, depth + 1) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, BaseModel):
        return {"type": f"{type(value).__module__}.{type(value).__qualname__}", **key_fields(value, depth + 1)}
    if callable(value):
        return _callable(value)
    return f"{type(value).__module__}.{type(value).__qualname__}:{_ADDRESS.sub('', repr(value))}"


def model_fields(model: BaseModel) -> list[str]:
    """The declared fields of ``model`` but the callback manager and the rate limiter."""
    fields = getattr(type(model), "model_fields", {})
    return [name for name in fields if name not in _SKIPPED]


def key_fields(model: BaseModel, depth: int = 0, dropped: Collection[str] = ()) -> dict[str, Any]:
    """Every field of ``model`` that can change its answers, as plain data (secrets as digests);
    ``dropped``: squashed names of inert fields left out."""
    out: dict[str, Any] = {}
    for name in model_fields(model):
        if dropped and name.lower().replace("_", "").replace("-", "") in dropped:
            continue
        value = getattr(model, name, None)
        out[name] = _secret(value) if _SECRET.search(name) and value is not None else plain(value, depth)
    return out


def plain_fields(model: Any, dropped: Collection[str] = ()) -> Any:
    """:func:`key_fields` of a pydantic model, or its ``vars`` (or itself) as plain data."""
    if isinstance(model, BaseModel):
        return key_fields(model, 0, dropped)
    return plain(vars(model) if hasattr(model, "__dict__") else model)
