"""A model's own fields: text a custom model class may show the model besides the prompt.

A custom LangChain or LlamaIndex model class can declare fields the model sees besides the prompt
(``instructions: str = "Answer in base 2"``, a ``preamble``, a ``persona``, a template) and use them
in its own ``_generate`` / ``complete``. The engine checks answers against the prompt alone, so a
model's fields are read against an ALLOWLIST per framework (``known``): the fields the framework's
base classes and the mainstream provider classes declare. A field named like a generation option
is read by ``adapter_options.unmodelled_option``'s rules (a plain value for an allowed option, the
always-reasons); any other field with a value (not None, empty or False) is a reason - no claim -
unless the caller names it as inert (``inert_model_fields``). Private attributes (pydantic
``PrivateAttr``, underscore names) are not fields.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

from .adapter_options import option_name, unmodelled_option
from .adapters.tiers import Reason

__all__ = ["active", "declared_fields", "field_reason", "field_reasons", "inert_names", "known_fields", "squash", "unread_field"]


def squash(name: str) -> str:
    return str(name).lower().replace("_", "").replace("-", "")


def unread_field(name: str) -> str:
    """The reason of a field the engine does not read."""
    return f"`{name}` is a field of the model this engine does not read (no claim)"


def inert_names(names: Collection[str] | None) -> frozenset[str]:
    """The caller's ``inert_model_fields``, compared without case, ``_`` and ``-`` (a lone string
    is refused: it would be read as its letters)."""
    if names is None:
        return frozenset()
    if isinstance(names, (str, bytes)):
        raise TypeError("inert_model_fields must be a collection of field names, not a string")
    return frozenset(squash(n) for n in names)


_NO_DEFAULT = object()


def active(value: Any, default: Any = _NO_DEFAULT) -> bool:
    """Whether a field's value can show the model anything: not None, not empty (a string, or a
    container of such), and a ``False`` / ``0`` only when it is not the field's declared default
    (a flag switched away from it is a setting)."""
    if value is None or (isinstance(value, (str, bytes)) and not value):
        return False
    if isinstance(value, Mapping):
        return any(active(v) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(active(v) for v in value)
    if isinstance(value, (bool, int, float)) and not value:
        return default is _NO_DEFAULT or value != default or type(value) is not type(default)
    return True


def _secret(value: Any) -> Any:
    """A pydantic secret as the name of what it is (a key is identity, read as a string)."""
    return "<secret>" if callable(getattr(value, "get_secret_value", None)) else value


def declared_fields(model: Any) -> dict[str, tuple[Any, Any]]:
    """The pydantic fields of ``model``: their values and declared defaults (private attributes are
    not fields)."""
    fields = getattr(type(model), "model_fields", None)
    if not isinstance(fields, Mapping):
        return {}
    return {
        name: (_secret(getattr(model, name, None)), getattr(info, "default", _NO_DEFAULT))
        for name, info in fields.items() if not str(name).startswith("_")
    }


def known_fields(model: Any, classes: Collection[str], not_inert: Collection[str] = ()) -> frozenset[str]:
    """The fields ``model``'s known classes declare (``classes``: ``module.qualname`` of the
    framework base classes and provider classes in its MRO), squashed, less ``not_inert``."""
    known: set[str] = set()
    for cls in type(model).__mro__:
        if f"{cls.__module__}.{cls.__qualname__}" in classes:
            known.update(squash(n) for n in getattr(cls, "model_fields", {}) or {})
    return frozenset(known - {squash(n) for n in not_inert})


def _profiled(name: str, value: Any, category: str | None) -> str | None | bool:
    """A profiled field's reason (None: none), or False when the profile does not know it. A
    sampling field is read with a plain value only; a length limit by the adapter's length rule."""
    if category is None:
        return False
    if category == "sampling" and not (value is None or isinstance(value, (bool, int, float))):
        return f"{name} has a value this engine does not read"
    if category == "length_limit":
        return unmodelled_option({name: value})  # not modelled by field rules: the adapters read it
    return None


def field_reasons(fields: Mapping[str, Any], known: Collection[str], inert: Collection[str] = (), *,
                  defaults: bool = False, profile: Any = None) -> Iterator[Reason]:
    """Every reason one of ``fields`` may change what a right answer is in a way the engine does
    not read. ``profile``: the model class's provider profile (``adapters.profiles``): its
    categories decide first; ``known``: the squashed names the framework declares (any value); a
    field named like an option is read by the option rules; ``inert``: squashed names the caller
    says are inert; any other :func:`active` field is :func:`unread_field`, liftable by naming it
    in ``inert_model_fields``. ``defaults``: each value is a ``(value, declared default)`` pair
    (:func:`declared_fields`)."""
    inert = inert_names(inert)
    for name, entry in fields.items():
        key = squash(name)
        value, default = entry if defaults else (entry, _NO_DEFAULT)
        if str(name).startswith("_"):
            continue
        profiled = _profiled(str(name), value, profile.category(name) if profile is not None else None)
        if profiled is not False:
            reason, lift = profiled, None
        elif option_name(key):
            reason, lift = unmodelled_option({name: value}), None
        elif key in known or key in inert or not active(value, default):
            reason, lift = None, None
        else:
            reason, lift = unread_field(str(name)), f"inert_model_fields=({str(name)!r},)"
        if reason is not None:
            yield Reason(reason, lift)


def field_reason(fields: Mapping[str, Any], known: Collection[str], inert: Collection[str] = (), *,
                 defaults: bool = False, profile: Any = None) -> str | None:
    """The first of :func:`field_reasons` as text, or None."""
    found = next(field_reasons(fields, known, inert, defaults=defaults, profile=profile), None)
    return None if found is None else found.text
