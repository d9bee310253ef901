"""A caller's JSON Schema: validated, applied per key (remote ``$ref`` never fetched), and read
for prose (a schema with any keyword beyond the structural ones may state a rule).

jsonschema and referencing are imported on first use, not when the tasks are imported.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from ....errors import InvalidSchemaError
from .entities import is_entity_word

__all__ = ["CALL_TEXT", "has_prose", "add_schema_errors", "schema_key", "validate_schema"]

#: The schema keyword under which an adapter puts what the model reads of a call beyond the
#: answer's schema: a forced tool's name and description, a ``json_schema`` response format's name,
#: the other bound tools. It is part of the schema, so of "the same request" (``schema_key``), and it
#: is prose (:func:`has_prose`) unless the checks understand it (:func:`_call_understood`).
CALL_TEXT = "x-stepcache-call"


def validate_schema(schema: Any) -> dict[str, Any]:
    """Check a caller's JSON Schema; raise InvalidSchemaError with a clear message."""
    if not isinstance(schema, dict):
        raise InvalidSchemaError(f"schema must be a JSON object (dict), got {type(schema).__name__}")
    import jsonschema
    from jsonschema.exceptions import SchemaError

    try:
        validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        validator_cls.check_schema(schema)
    except SchemaError as exc:
        raise InvalidSchemaError(f"invalid JSON Schema: {exc.message}") from None
    except RecursionError:
        raise InvalidSchemaError("invalid JSON Schema: nested too deeply") from None
    return schema


@lru_cache(maxsize=1)
def _no_remote() -> Any:
    """Remote $ref must never be fetched: an empty registry resolves nothing outside the schema."""
    from referencing import Registry

    return Registry()


def _validator(schema: dict[str, Any]) -> Any:
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, registry=_no_remote())


def add_schema_errors(schema: dict[str, Any], obj: dict[str, Any], errors: dict[str, str]) -> None:
    """Add the schema's errors for ``obj`` to ``errors`` by top-level key ("$": the object
    itself); a key keeps the first error reported for it, and a missing required key already
    reported per key is not reported again."""
    from referencing.exceptions import Unresolvable

    try:
        for err in _validator(schema).iter_errors(obj):
            key = str(err.path[0]) if err.path else None
            if key is None and err.validator == "required" and _reported_missing(err, obj, errors):
                continue  # reported per key
            errors.setdefault(key or "$", err.message[:200])
    except (Unresolvable, RecursionError) as exc:
        errors.setdefault("$", f"schema cannot be applied: {type(exc).__name__}")


def _reported_missing(err: Any, obj: dict[str, Any], errors: dict[str, str]) -> bool:
    """A top-level "required" error whose every missing key is already reported per key (one of
    ``if``/``then``, ``allOf``, ``dependentSchemas`` or a ``$ref`` may require others)."""
    wanted = err.validator_value if isinstance(err.validator_value, list) else []
    return all(str(k) in errors for k in wanted if k not in obj)


def schema_key(schema: Any) -> str:
    """A schema's identity, for "the same request" (key order does not count)."""
    return json.dumps(schema, sort_keys=True, ensure_ascii=False, default=str)


# The closed grammar of a schema that states no rule: structural keywords only. Any other key
# (a description, a title, "x-instructions", "unit", "format", an extension) may say how a value
# is written, so the prompt's statements prove nothing under it.
_STRUCTURAL = frozenset(
    "type required enum const minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minLength "
    "maxLength pattern minItems maxItems uniqueItems minProperties maxProperties dependentRequired "
    "minContains maxContains $ref $schema $id".split()
)
_SUBSCHEMA = frozenset("items additionalProperties not if then else contains propertyNames unevaluatedProperties "
                       "unevaluatedItems additionalItems".split())
_SUBSCHEMA_LISTS = frozenset("allOf anyOf oneOf prefixItems".split())
_SUBSCHEMA_MAPS = frozenset("properties patternProperties $defs definitions dependentSchemas".split())


def has_prose(schema: Any, name: str | None = None) -> bool:
    """Whether a schema holds anything beyond structural keywords (words that may state a rule).

    A title that only repeats what the schema's place names (pydantic's default: a property's name in
    title case, "first_name" -> "First Name"; the top level's class name when it is an entity word of the
    plain request, "Person") states nothing: ``with_structured_output(Person)`` sends such titles."""
    if schema is None or isinstance(schema, bool):
        return False
    if not isinstance(schema, dict):
        return True
    return any(_keyword_has_prose(key, value, name) for key, value in schema.items())


def _default_title(title: Any, name: str | None) -> bool:
    """The title pydantic writes for ``name`` (a property's), or a top-level entity word (``name`` None)."""
    if not isinstance(title, str):
        return False
    if name is None:
        return _NAME.fullmatch(title) is not None and is_entity_word(title.casefold())
    return title == name.replace("_", " ").title()


def _keyword_has_prose(key: str, value: Any, name: str | None = None) -> bool:
    """One keyword of a schema (the schema of the property ``name``, or the top level's when None):
    structural, a title that states nothing (:func:`_default_title`), a subschema (or list or map of
    them) without prose, or prose."""
    if key in _STRUCTURAL or key == "title" and _default_title(value, name):
        return False
    if key == "properties" and isinstance(value, dict):
        return any(has_prose(sub, str(prop)) for prop, sub in value.items())
    if key == CALL_TEXT:
        return not _call_understood(value)
    if key in _SUBSCHEMA:
        return has_prose(value)
    if key in _SUBSCHEMA_LISTS:
        return not isinstance(value, list) or any(has_prose(v) for v in value)
    if key in _SUBSCHEMA_MAPS:
        return not isinstance(value, dict) or any(has_prose(v) for v in value.values())
    return True


# A call text the checks understand: one tool or response format whose only words are its name, a
# noun of the plain request's closed entity vocabulary written as a word ("Person", "person"); no
# description, no other tool. Any other name ("person_with_name_in_uppercase", "PERSON",
# "get_weather") may state a rule the checks do not read.
_NAME = re.compile(r"[A-Za-z][a-z]*")
_NAME_ONLY = frozenset({"name", "strict", "type"})


def _call_understood(call: Any) -> bool:
    if not isinstance(call, dict) or not set(call) <= {"tools", "response_format"}:
        return False
    parts = [*(call.get("tools") or []), *([call["response_format"]] if "response_format" in call else [])]
    return isinstance(call.get("tools") or [], list) and len(parts) == 1 and _name_only(parts[0])


def _name_only(part: Any) -> bool:
    """A tool or format whose text is an entity word for a name and nothing else (``strict`` is no
    text; an empty description says nothing)."""
    if not isinstance(part, dict) or not isinstance(part.get("name"), str):
        return False
    if any(key not in _NAME_ONLY and value not in (None, "") for key, value in part.items()):
        return False
    if not isinstance(part.get("strict"), (bool, type(None))) or part.get("type") not in (None, "function"):
        return False
    name = part["name"]
    return _NAME.fullmatch(name) is not None and is_entity_word(name.casefold())
