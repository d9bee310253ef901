"""A model's identity as plain data: every field, secrets as digests, unknown values never dropped.

Both adapters key the exact tier (and LlamaIndex the step tier) on every field of the model object
that can change what it answers: ``api_base``, ``default_headers``, ``additional_kwargs``, a custom
model's own fields, fields excluded from serialization too. Only what cannot change an answer is
left out: the callback manager and the rate limiter, and the fields the caller or the provider
profile names inert. Secrets (an API key, a token, an ``Authorization`` header) are digested, never
kept as themselves.

A value that is not plain data is keyed by what it holds, never by a ``repr`` that may hide it (red
team 32): a class by its JSON schema (pydantic's ``TypeAdapter``: fields, types, descriptions, enums,
defaults) and docstring; a function by its code, its closure's values, its defaults and the plain
module values it reads (another function or a container it reads: by name, as code is); a bound
method, a ``partial``, a dataclass, a ``SimpleNamespace`` and an enum member by their parts; value
types whose ``repr`` is their value (dates, decimals, paths...) by it. Anything else is keyed by the
object itself, in this process only: the same object keys alike, another never does (and nothing
keyed so is shared across processes).
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import fractions
import functools
import hashlib
import itertools
import json
import pathlib
import re
import threading
import types
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Collection, Mapping
from typing import Any

from pydantic import BaseModel, SecretBytes, SecretStr, TypeAdapter

__all__ = ["digest", "held_options", "key_fields", "model_fields", "plain", "plain_fields"]

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


# value types whose repr is their whole value
_VALUE_TYPES = (datetime.date, datetime.time, datetime.timedelta, datetime.tzinfo, decimal.Decimal, fractions.Fraction,
                uuid.UUID, pathlib.PurePath, bytes, bytearray, complex, range, re.Pattern)
_SCALARS = (type(None), bool, int, float, str, bytes)
_PROCESS = uuid.uuid4().hex[:12]
_opaque_lock = threading.Lock()
_opaque_tokens: dict[int, str] = {}
_opaque_count = itertools.count()
_held: "OrderedDict[int, Any]" = OrderedDict()
_MAX_HELD = 4096
_schemas: "weakref.WeakKeyDictionary[type, Any]" = weakref.WeakKeyDictionary()


def _name(value: Any) -> str:
    return f"{getattr(value, '__module__', '?')}.{getattr(value, '__qualname__', type(value).__qualname__)}"


def _opaque(value: Any) -> str:
    """A key for a value that cannot be read: the object itself, in this process. Its id cannot be reused
    while it is registered: a weak-referenceable object is dropped from the registry when it is gone; any
    other is held (the newest ``_MAX_HELD``; one pushed out gets a new token when seen again: a miss)."""
    key = id(value)
    with _opaque_lock:
        token = _opaque_tokens.get(key)
        if token is not None:
            if key in _held:
                _held.move_to_end(key)
            return token
        token = f"opaque:{type(value).__module__}.{type(value).__qualname__}:{_PROCESS}:{next(_opaque_count)}"
        _opaque_tokens[key] = token
        try:
            weakref.finalize(value, _opaque_tokens.pop, key, None)
        except TypeError:  # not weak-referenceable: held, so its id stays its own
            _held[key] = value
            if len(_held) > _MAX_HELD:
                old, _ = _held.popitem(last=False)
                _opaque_tokens.pop(old, None)
    return token


def _code(code: types.CodeType) -> str:
    """The code's bytes, constants and names, nested code objects (inner functions, lambdas) included."""
    consts = [_code(c) if isinstance(c, types.CodeType) else _ADDRESS.sub("", repr(c)) for c in code.co_consts]
    return digest(code.co_code.hex() + repr(consts) + repr(code.co_names))


def _names_read(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names_read(const)
    return names


def _global(value: Any) -> Any:
    """A module value a function reads: plain scalars and tuples of them as themselves, anything else by
    its type and name (a function it calls or a container it reads is program, keyed like code: by name)."""
    if isinstance(value, _SCALARS) or (isinstance(value, tuple) and all(isinstance(v, _SCALARS) for v in value)):
        return value if not isinstance(value, bytes) else value.hex()
    return f"{type(value).__qualname__}:{getattr(value, '__qualname__', getattr(value, '__name__', ''))}"


def _function(fn: types.FunctionType, depth: int) -> dict[str, Any]:
    cells = [plain(c.cell_contents, depth + 1) if _filled(c) else "<empty>" for c in fn.__closure__ or ()]
    module = fn.__globals__
    return {
        "function": _name(fn),
        "code": _code(fn.__code__),
        "closure": cells,
        "defaults": plain(fn.__defaults__, depth + 1),
        "kwdefaults": plain(fn.__kwdefaults__, depth + 1),
        "globals": {n: _global(module[n]) for n in sorted(_names_read(fn.__code__)) if n in module},
    }


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents
    except ValueError:  # an empty cell (a name not yet bound)
        return False
    return True


def _class(cls: type) -> Any:
    """A class by its JSON schema and docstring (what a provider sends for a response format or tool),
    or, when pydantic cannot write one, by the class object itself."""
    try:
        schema = _schemas[cls]
    except (KeyError, TypeError):
        try:
            schema = TypeAdapter(cls).json_schema()
        except Exception:  # noqa: BLE001 - a class pydantic cannot describe is keyed by itself
            schema = None
        try:
            _schemas[cls] = schema
        except TypeError:
            pass
    if schema is None:
        return _opaque(cls)
    return {"class": _name(cls), "schema": schema, "doc": cls.__doc__}


def _callable(value: Any, depth: int) -> Any:
    if isinstance(value, types.FunctionType):
        return _function(value, depth)
    if isinstance(value, types.MethodType):
        return {"method": _callable(value.__func__, depth + 1), "self": plain(value.__self__, depth + 1)}
    if isinstance(value, functools.partial):
        return {"partial": _callable(value.func, depth + 1), "args": plain(value.args, depth + 1),
                "keywords": plain(value.keywords, depth + 1)}
    if isinstance(value, types.BuiltinFunctionType):
        owner = value.__self__
        bound = owner is not None and not isinstance(owner, types.ModuleType)
        return {"builtin": _name(value), "self": plain(owner, depth + 1) if bound else None}
    return _opaque(value)


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON-able data that differs wherever ``value`` does (secrets as digests)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (SecretStr, SecretBytes)):
        return _secret(value)
    if depth > _MAX_DEPTH:
        return _opaque(value)
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
    return _object(value, depth)


def _object(value: Any, depth: int) -> Any:
    """:func:`plain` of a value that is neither plain data nor a pydantic model."""
    if isinstance(value, type):
        return _class(value)
    if isinstance(value, enum.Enum):
        return {"enum": _name(type(value)), "member": value.name, "value": plain(value.value, depth + 1)}
    if isinstance(value, _VALUE_TYPES):
        return f"{type(value).__module__}.{type(value).__qualname__}:{repr(value)}"
    if dataclasses.is_dataclass(value):
        parts = {f.name: plain(getattr(value, f.name, None), depth + 1) for f in dataclasses.fields(value)}
        return {"dataclass": _name(type(value)), **parts}
    if isinstance(value, types.SimpleNamespace):
        return {"namespace": plain(vars(value), depth + 1)}
    if callable(value):
        return _callable(value, depth)
    return _opaque(value)


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


def _plain_data(value: Any) -> bool:
    if isinstance(value, (type(None), bool, int, float, str)):
        return True
    if isinstance(value, Mapping):
        return all(isinstance(k, str) and _plain_data(v) for k, v in value.items())
    return isinstance(value, (list, tuple)) and all(_plain_data(v) for v in value)


def held_options(options: Mapping[str, Any]) -> str:
    """A key suffix for the options whose ``repr`` in ``llm_string`` may hide what they hold (a response
    format given as a class, a callable, an object): ``""`` when every option is plain data, else their
    :func:`plain` values digested (red team 32: two classes of one name bound as a response format)."""
    held = {str(k): plain(v) for k, v in options.items() if not _plain_data(v)}
    if not held:
        return ""
    return "|held=" + digest(json.dumps(held, sort_keys=True, ensure_ascii=False, default=str), 32)
