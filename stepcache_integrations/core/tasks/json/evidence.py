"""What a JSON request's prompt says, for key-level evidence.

A prompt is read by the task's request language (``request.lark`` over ``vocabulary/``, read by
``reader.py``): a **plain request** is a prompt the grammar derives whole -- one request sentence
("Return a JSON object for a person with ..."), key lists ("Required keys: a, b and c"),
statements (``key "value"``, ``key: 34``, ``key = Paris``, ``"key": 3``, ``key is "x"``, in each
table's language) and closing sentences ("Output only the JSON object."), with at most one entity
word of the table's closed vocabulary ("a person", "a product"; not "an antonym", "a plural", "a
successor"), and declared transforms of the closed set (``transforms.py``: "Round the price to the
nearest ten"), whose statements hold the transformed values. Any other word ("Round the price
down", "as an absolute value", "in title case", a word no table holds) may transform a value, so
no statement of that prompt is evidence. A statement binds by exact JSON type and value: ``age 30`` is the integer
30 (not ``30.0``, ``3e1`` or ``"30"``), ``flag true`` is ``true`` (never ``1``), an integer is
read digit for digit whatever its size, a decimal only when a double is that very decimal.

A cached value is served for the new prompt (``key_verdict``) only when

* the new prompt is a plain request about the same entity that states it, written as the cached
  pair wrote its own statement for the key (of the same JSON type; with no cached statement,
  exactly as stated); an entity word that names no key and no value ("a person" -> "a student")
  does not count when both requests ask the same keys and state the same values;
* or the two prompts (and schemas) are identical: nothing it could depend on
  changed.

Everything else is regenerated key by key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .reader import LITERAL, Statement, literal_value, read_request
from .reader import render as _render

__all__ = [
    "MISSING",
    "PairContext",
    "Statement",
    "expected_stated",
    "identical",
    "key_verdict",
    "pair_context",
    "plain_entity",
    "plain_request",
    "statements",
]

# What may follow a stated literal in a prompt the grammar does not read: the end of a clause, or
# another statement or request phrase after "," / "and" -- not a qualifier ("age 30 and older").
_NEXT = (
    r"""(?:(?:and\s+)?[A-Za-z_][\w-]*\s*(?:[:=]|\bis\b)?\s*(?:["'\d-]|(?-i:true|false)\b)"""
    r"""|(?:with|using|use|required|the|return|output|reply|give|please|keys|fields)\b)"""
)
_TERMINATOR = rf"""(?=\s*(?:$|[.;:)\]}}\n]|,\s*{_NEXT}|\band\s+{_NEXT}))"""
_SEPARATOR = r"""\s*(?:[:=]|\bis\b)?\s*"""


@lru_cache(maxsize=512)
def statements(prompt: str, keys: tuple[str, ...]) -> dict[str, Statement]:
    """Unambiguous values ``prompt`` states for ``keys``: the plain request's own (the grammar's
    reading, :func:`reader.read_request`), or, for a prompt the grammar does not read, each
    ``key literal`` written anywhere (a key stated twice with different values, or in a form that
    is not a complete literal, is not stated). A statement of a prompt that is no plain request is
    never a value as written (:func:`expected_stated`)."""
    read = read_request(prompt)
    if read is not None:
        return {k: v for k, v in read.statements.items() if k in keys}
    found: dict[str, Statement] = {}
    ambiguous: set[str] = set()
    for key in keys:
        # JSON keys are case-sensitive: "Customer" is not stated by 'customer "ACME"'.
        pattern = re.compile(
            rf"(?<![\w\"'-])(?-i:{re.escape(key)})(?![\w-])[\"']?" + _SEPARATOR + LITERAL + _TERMINATOR, re.IGNORECASE
        )
        for match in pattern.finditer(prompt):
            value, quoted = literal_value(match)
            if not quoted and _render(value) != (match.group("num") or match.group("bool")):
                ambiguous.add(key)  # a number no JSON value writes as stated ("-0", "0.1000000000000000001")
            if key in found and (not identical(found[key].value, value) or found[key].quoted != quoted):
                ambiguous.add(key)  # typed: 'flag true' and 'flag 1' state two values
            found.setdefault(key, Statement(value, quoted, match.span()))
    return {k: v for k, v in found.items() if k not in ambiguous}


@lru_cache(maxsize=512)
def plain_entity(prompt: str, keys: tuple[str, ...]) -> str | None:
    """For a plain data request -- a prompt ``request.lark`` derives whole, every statement of a
    key in ``keys`` -- its entity word ("" when none); None for any other prompt. Only a plain
    request's statements are the values as written: any other word may be an instruction
    ("doubled", "values in French", "Round the price", "an antonym with word ...")."""
    read = read_request(prompt)
    if read is None or not read.stated_keys <= set(keys):
        return None
    return read.entity


def plain_request(prompt: str, keys: tuple[str, ...]) -> bool:
    """Whether the prompt is a plain data request (:func:`plain_entity`)."""
    return plain_entity(prompt, keys) is not None


# -- per-key evidence -------------------------------------------------------------------------

MISSING: Any = object()


def identical(a: Any, b: Any) -> bool:
    """Equal with the same JSON type (``1``, ``1.0``, ``True`` and ``"1"`` all differ), item by item
    in an array and member by member, in order, in an object (``[1]`` is not ``[true]``; wip/jsonR6)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(identical(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(identical(a[k], b[k]) for k in a)
    return bool(a == b)


@dataclass(frozen=True)
class PairContext:
    """Everything the key verdicts need about a (cached prompt, new prompt) pair."""

    old_stated: dict[str, Statement]
    new_stated: dict[str, Statement]
    old_object: dict[str, Any]
    #: The prompts (and schemas) are identical: nothing a value depends on changed.
    same_request: bool
    #: The entity of the new prompt when it is a plain request (its statements are the values
    #: as written), else None.
    new_entity: str | None
    #: The same for the cached prompt (its answer then shows how it wrote its statements).
    old_entity: str | None
    #: Both requests ask the same keys and state the same values (typed, written alike): the
    #: entity word alone changed, and it names no key and no value.
    same_statements: bool = False

    @property
    def same_entity(self) -> bool:
        """The entity is the same, or only its word changed between two plain requests with the
        same keys and stated values."""
        return self.new_entity == self.old_entity or (self.new_plain and self.old_plain and self.same_statements)

    @property
    def new_plain(self) -> bool:
        """The new prompt is a plain request."""
        return self.new_entity is not None

    @property
    def old_plain(self) -> bool:
        """The cached prompt was a plain request."""
        return self.old_entity is not None


def pair_context(
    old_prompt: str, old_keys: tuple[str, ...], new_prompt: str, new_keys: tuple[str, ...],
    old_object: dict[str, Any], same_request: bool,
) -> PairContext:
    """Read both prompts with the union of their keys (a statement for a key only one of them
    asks for is still a statement, not skeleton content)."""
    keys = tuple(dict.fromkeys([*old_keys, *new_keys]))
    old_stated, new_stated = statements(old_prompt, keys), statements(new_prompt, keys)
    same = tuple(old_keys) == tuple(new_keys) and old_stated.keys() == new_stated.keys() and all(
        identical(old_stated[k].value, new_stated[k].value) and old_stated[k].quoted == new_stated[k].quoted
        for k in old_stated
    )
    return PairContext(
        old_stated,
        new_stated,
        old_object,
        same_request,
        plain_entity(new_prompt, keys),
        plain_entity(old_prompt, keys),
        same,
    )


def expected_stated(key: str, ctx: PairContext) -> Any:
    """The value a stated key must hold: the statement rendered as the cached pair rendered
    its own statement for this key, or as written; MISSING when that cannot be told (the new
    prompt is not a plain request, or the cached answer wrote its statement otherwise)."""
    if not ctx.new_plain or key not in ctx.new_stated:
        return MISSING
    new = ctx.new_stated[key]
    old = ctx.old_stated.get(key) if ctx.old_plain else None
    old_value = ctx.old_object.get(key, MISSING)
    if old is not None and old_value is not MISSING:
        written = _written_as_cached(new, old, old_value)
        # A stated value binds by its exact JSON type and value: a cached answer that wrote its
        # statement otherwise (30 as 30.0 or "30", true as 1) shows a rule the plain request
        # does not state, so how to write the new one cannot be told.
        return written if identical(written, new.value) else MISSING
    return new.value


def _written_as_cached(new: Statement, old: Statement, old_value: Any) -> Any:
    """The new statement written as the cached answer wrote the cached statement (as is, a
    number as a string, an integer as a float); MISSING for another type or another rule."""
    if type(new.value) is not type(old.value) and _a_number(new.value) and _a_number(old.value):
        # es "precio=45.5" written 45.5, then "precio=120": a number written as stated (wip/jsonV)
        return new.value if identical(old_value, old.value) else MISSING
    if not same_json_kind(new.value, old.value):
        return MISSING  # another type ('age "Bob"' for a cached age 30) or a nested leaf of another type (wip/fuzzR)
    if identical(old_value, old.value):
        return new.value
    if not old.quoted and isinstance(old_value, str) and old_value == _render(old.value) and not new.quoted:
        return _render(new.value)  # numbers asked for as strings
    if isinstance(old.value, int) and isinstance(old_value, float) and old_value == old.value:
        return float(new.value) if not new.quoted else MISSING
    return MISSING  # the cached answer wrote it otherwise ("ALICE" for "Alice"): unknown rule


def same_json_kind(new: Any, old: Any) -> bool:
    """The same JSON type all the way down (wip/fuzzR): an object's members by position (a renamed leaf keeps its
    place), as many of them; a list's items each of a type the cached list holds. A nested leaf stated as another type
    ('for name 2, age 40' after 'for name Omar, age 41'; 'age Priya, name 29') shows no rule for writing it: the cached
    answer wrote a name as a string, whether 2 is the string "2" or the number 2 cannot be told. An integer and a
    decimal are one JSON kind, a number (a list of sizes 2, 7 then 2.5, 7.25: wip/jsonL; a flat one: wip/jsonV)."""
    if _json_kind(new) != _json_kind(old):
        return False
    if isinstance(new, dict):
        return len(new) == len(old) and all(same_json_kind(a, b) for a, b in zip(new.values(), old.values()))
    if isinstance(new, list):
        kinds = {_json_kind(item) for item in old}
        return not old or all(_json_kind(item) in kinds and not isinstance(item, (dict, list)) for item in new) \
            or new == old
    return True


def _json_kind(value: Any) -> Any:
    """A value's JSON kind: "number" for an integer or a decimal (never a boolean), else its Python type."""
    return "number" if _a_number(value) else type(value)


def key_verdict(key: str, value: Any, ctx: PairContext) -> tuple[bool, str, str]:
    """(ok, reason, evidence) for one served value."""
    reinst = "" if identical(value, ctx.old_object.get(key, MISSING)) else " (re-instantiated)"
    if ctx.same_request and not reinst:
        return True, "", "prompt unchanged"
    if key in ctx.new_stated:
        if not ctx.same_entity:
            return False, "the request's entity changed: a new request, the model answers", ""
        expected = expected_stated(key, ctx)
        if expected is MISSING:
            if not ctx.new_plain:
                return False, "stated in a prompt with words beyond plain framing (a rule may transform it)", ""
            return False, "stated in the prompt, but how to write it cannot be told from the cached answer", ""
        if identical(value, expected):
            return True, "", "stated in prompt" + reinst
        return False, f"the prompt states {_render(expected)!r}", ""
    if key in ctx.old_stated:
        return False, "the prompt no longer states this value", ""
    return False, "not stated in the prompt, and the prompt changed", ""


def _a_number(value: Any) -> bool:
    """An integer or a decimal, never a boolean."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)
