"""The JSON text of an object as the model wrote it, member by member.

The task checks parsed values, but serves text: a served member is the model's own text for it
(its key and value exactly as written: ``1E2``, ``"Zo\\u00eb"``, ``12345678901234567890123``),
never a re-serialisation of the parsed value. A number whose parsed value is not the number
written (``1e400`` parses to infinity, ``1e-400`` to 0.0, ``0.10000000000000000001`` to 0.1)
would make the checks judge another value than the one served: it is a typed failure of its key
(:func:`inexact_numbers`).
"""

from __future__ import annotations

import json
import math
import re
from decimal import Context, Decimal, Inexact, InvalidOperation, localcontext
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any

__all__ = [
    "Member", "binds_literal", "duplicate_keys", "inexact_numbers", "member_list", "members", "render", "same_json",
]

#: A member as written: (key's JSON text, value's JSON text).
Member = tuple[str, str]

_WS = " \t\n\r"
_DECODER = json.JSONDecoder()


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def members(text: str) -> dict[str, Member] | None:
    """The top-level members of the JSON object ``text`` (only the object, whitespace around it
    allowed), keyed by decoded key: the key's and the value's text as written. A repeated key
    keeps its last member, as ``json.loads`` does. None when ``text`` is not one JSON object."""
    listed = member_list(text)
    return None if listed is None else {key: (raw_key, raw_value) for key, raw_key, raw_value in listed}


def member_list(text: str) -> list[tuple[str, str, str]] | None:
    """The top-level members of the JSON object ``text`` in written order, repeats included:
    (decoded key, key's text, value's text). None when ``text`` is not one JSON object."""
    try:
        return _members(text)
    except (ValueError, RecursionError, IndexError):
        return None


def _members(text: str) -> list[tuple[str, str, str]] | None:
    pos = _skip(text, 0)
    if not _at(text, pos, "{"):
        return None
    found: list[tuple[str, str, str]] = []
    pos = _skip(text, pos + 1)
    if _at(text, pos, "}"):
        return _closed(text, pos, found)
    while True:
        member = _member(text, pos)
        if member is None:
            return None
        found.append(member[0])
        pos = member[1]
        if _at(text, pos, ","):
            pos = _skip(text, pos + 1)
            continue
        return _closed(text, pos, found) if _at(text, pos, "}") else None


def _at(text: str, pos: int, char: str) -> bool:
    return pos < len(text) and text[pos] == char


def _closed(text: str, pos: int, found: list[tuple[str, str, str]]) -> list[tuple[str, str, str]] | None:
    """``found`` when the object closed at ``pos`` ends the text (only whitespace after it)."""
    return found if _skip(text, pos + 1) == len(text) else None


def _member(text: str, pos: int) -> tuple[tuple[str, str, str], int] | None:
    """One member ``"key": value`` at ``pos``: (decoded key, key's text, value's text), and where
    the text goes on after it; None when no member stands there."""
    if not _at(text, pos, '"'):
        return None
    key, end = scanstring(text, pos + 1)
    raw_key = text[pos:end]
    pos = _skip(text, end)
    if not _at(text, pos, ":"):
        return None
    pos = _skip(text, pos + 1)
    _value, end = _DECODER.raw_decode(text, pos)
    return (key, raw_key, text[pos:end]), _skip(text, end)


class _Repeated(ValueError):
    """A JSON object writes one key (decoded) twice."""


def _no_repeat(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise _Repeated(key)
        seen.add(key)
    return dict(pairs)


def duplicate_keys(text: str) -> dict[str, str]:
    """The top-level keys of the JSON object ``text`` whose member writes a key twice, at any
    depth, comparing decoded names (``"n\\u0061me"`` is ``"name"``): a top-level key written
    twice, or a value holding an object that writes one key twice. Key -> the reason."""
    listed = member_list(text)
    if listed is None:
        return {}
    found: dict[str, str] = {}
    seen: set[str] = set()
    for key, _raw_key, raw_value in listed:
        if key in seen:
            found.setdefault(key, f"the key {json.dumps(key, ensure_ascii=False)} is written more than once")
        seen.add(key)
        try:
            json.loads(raw_value, object_pairs_hook=_no_repeat)
        except _Repeated as repeated:
            found.setdefault(
                key, f"the key {json.dumps(str(repeated), ensure_ascii=False)} is written more than once inside it"
            )
        except (ValueError, RecursionError):
            found.setdefault(key, "its value cannot be read")
    return found


def _float_kept(literal: str) -> bool:
    """Whether a float keeps the number ``literal`` writes: finite, and its shortest repr is the
    same decimal number (``1E2`` and ``100.0`` are; ``1e400``, ``1e-400`` and
    ``0.1000000000000000055`` are not)."""
    value = float(literal)
    if not math.isfinite(value):
        return False
    try:
        return _same_decimal(repr(value), literal)
    except InvalidOperation:  # pragma: no cover - a JSON number is a valid Decimal
        return False


# Decimal literals are compared in this context, never the application's (W28): building a Decimal
# from a string and comparing two are exact in any precision, and a literal that is no number raises
# (InvalidOperation trapped) instead of becoming NaN in a context that does not trap it.
_EXACT = Context(prec=64, traps=[InvalidOperation, Inexact])


def _same_decimal(a: str, b: str) -> bool:
    """Whether two decimal literals write the same number, independent of the ambient context."""
    with localcontext(_EXACT):
        return Decimal(a) == Decimal(b)


def inexact_numbers(value_text: str) -> list[str]:
    """The numbers in one value's JSON text that the parsed value does not keep: a float literal
    the float is not (see :func:`_float_kept`), and NaN/Infinity (no JSON numbers at all)."""
    bad: list[str] = []

    def on_float(literal: str) -> float:
        if not _float_kept(literal):
            bad.append(literal)
        return float(literal)

    def on_constant(literal: str) -> float:
        bad.append(literal)
        return float("nan")

    try:
        json.loads(value_text, parse_float=on_float, parse_constant=on_constant)
    except (ValueError, RecursionError):
        return [value_text[:40]]
    return bad


_INT_LITERAL = re.compile(r"0|-?[1-9]\d*")  # "-0" is no integer a statement writes
_FLOAT_LITERAL = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")


def binds_literal(value_text: str, stated: Any) -> bool:
    """Whether one value's JSON text, as written, is the stated value by exact JSON type and
    value, read from the text itself (no float on the way): a stated integer only as an integer
    literal of that value (``30``; not ``30.0``, ``3e1``, ``"30"``, ``true``; a big one compared
    digit for digit); ``true``/``false`` only as that literal (never ``1``); a stated decimal
    only as a literal with a fraction or exponent whose exact decimal value is the statement's;
    a string only as a JSON string that decodes to it."""
    text = value_text.strip()
    if isinstance(stated, bool):
        return text == ("true" if stated else "false")
    if isinstance(stated, int):
        return bool(_INT_LITERAL.fullmatch(text)) and int(text) == stated
    if isinstance(stated, float):
        if _INT_LITERAL.fullmatch(text) or not _FLOAT_LITERAL.fullmatch(text) or not math.isfinite(stated):
            return False
        return _same_decimal(text, repr(stated))
    if isinstance(stated, str):
        try:
            decoded = json.loads(text)
        except (ValueError, RecursionError):
            return False
        return isinstance(decoded, str) and decoded == stated
    if stated is None:
        return text == "null"
    return isinstance(stated, (list, dict)) and _binds_container(text, stated)


def _binds_container(text: str, stated: list[Any] | dict[str, Any]) -> bool:
    """An array item by item, an object member by member in the stated order, each key once (wip/jsonR6)."""
    if isinstance(stated, list):  # item by item (wip/jsonR6: a record's array)
        items = _array_items(text)
        return items is not None and len(items) == len(stated) and all(map(binds_literal, items, stated))
    listed = member_list(text)
    return listed is not None and [key for key, _raw, _value in listed] == list(stated) and all(
        binds_literal(value, stated[key]) for key, _raw, value in listed)


def _array_items(text: str) -> list[str] | None:
    """Each item's text of the JSON array ``text`` (only the array, whitespace around it allowed),
    or None when ``text`` is no array."""
    pos = _skip(text, 0)
    if not _at(text, pos, "["):
        return None
    items: list[str] = []
    pos = _skip(text, pos + 1)
    try:
        while not (_at(text, pos, "]") and not items):
            _value, end = _DECODER.raw_decode(text, pos)
            items.append(text[pos:end])
            pos = _skip(text, end)
            if not _at(text, pos, ","):
                break
            pos = _skip(text, pos + 1)
    except (ValueError, RecursionError):
        return None
    return items if _at(text, pos, "]") and _skip(text, pos + 1) == len(text) else None


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values, types included (``1``, ``1.0``, ``True`` and ``"1"`` all differ;
    dict order ignored)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and a != a:
        return b != b
    return bool(a == b)


def _written(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return _UNREADABLE


_UNREADABLE: Any = object()


def render(obj: dict[str, Any], written: dict[str, Member]) -> str:
    """The object as served: each member as written (``written``: its key's and value's text)
    when that text is this very value, else freshly serialised."""
    if not obj:
        return "{}"
    parts = []
    for key, value in obj.items():
        member = written.get(key)
        if member is not None and same_json(_written(member[1]), value):
            raw_key, raw_value = member
        else:
            raw_key = json.dumps(key, ensure_ascii=False)
            raw_value = json.dumps(value, ensure_ascii=False, indent=2).replace("\n", "\n  ")
        parts.append(f"{raw_key}: {raw_value}")
    return "{\n  " + ",\n  ".join(parts) + "\n}"
