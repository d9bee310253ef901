"""What a JSON request's prompt says, for key-level evidence.

A prompt is read as three parts:

* **statements** ``key "value"``, ``key: 34``, ``key is "x"`` for requested keys (the key as
  written, case included), read only when unambiguous (one value per key, a complete literal
  with no backslash, leading or trailing zero, not followed by a unit, a percent sign, another
  list item or a qualifier such as ``in uppercase``);
* the **key list** ("Required keys: a, b and c");
* the **skeleton**: everything else, minus request framing ("Return a JSON object for",
  "Output only the JSON object").

A statement is the value as written only in a **plain request**: a prompt whose skeleton is
closed-grammar framing plus at most the entity, one noun of a closed vocabulary
(``entities.ENTITY_WORDS``: "a person", "a product"; not "an antonym", "a plural", "a
successor"). Any other word ("Round the price", "as an absolute value", "in title case", a word
the grammar does not know, in any language) may transform a value, so no statement of that
prompt is evidence. A statement binds by exact JSON type and value: ``age 30`` is the integer
30 (not ``30.0``, ``3e1`` or ``"30"``), ``flag true`` is ``true`` (never ``1``), an integer is
read digit for digit whatever its size, a decimal only when a double is that very decimal.

A cached value is served for the new prompt (``key_verdict``) only when

* the new prompt is a plain request about the same entity that states it, written as the cached
  pair wrote its own statement for the key (of the same JSON type; with no cached statement,
  exactly as stated);
* or the two prompts (and schemas) are identical: nothing it could depend on
  changed.

Everything else is regenerated key by key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .entities import is_entity_word

__all__ = [
    "FORMAT_WORDS",
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

# What may follow a stated literal: the end of a clause, or another statement or request phrase
# after "," / "and" -- not a qualifier ("age 30 and older", "price 89, plus tax", "34 years").
_NEXT = (
    r"""(?:(?:and\s+)?[A-Za-z_][\w-]*\s*(?:[:=]|\bis\b)?\s*(?:["'\d-]|(?-i:true|false)\b)"""
    r"""|(?:with|using|use|required|the|return|output|reply|give|please|keys|fields)\b)"""
)
_TERMINATOR = rf"""(?=\s*(?:$|[.;:)\]}}\n]|,\s*{_NEXT}|\band\s+{_NEXT}))"""
_LITERAL = (
    r"""\s*(?:[:=]|\bis\b)?\s*"""
    r"""(?:"(?P<dq>[^"\n\\\\]{0,200})"|'(?P<sq>[^'\n\\\\]{0,200})'"""
    # not a number followed by what changes it: "0.33..." (repeating), "4!", "6'" (feet), "20%", "5\u00b0"
    r"""|(?P<num>-?(?:(?:0|[1-9]\d{0,14})\.\d{0,9}[1-9]|0|[1-9]\d{0,59}))"""
    r"""(?![\w%/!'`"\u2032\u2033\u2026\u00b0\u2030]|[.,]\d|\.\.)"""
    r"""|(?P<bool>(?-i:true|false))(?![\w-]))"""
)
_KEY_LIST = re.compile(
    r"(?:\b(?:with|using|use|required|requested|include|including|containing|the|following)\s+)*"
    r"\b(?:keys|fields|properties|attributes)\b\s*(?:named|called)?\s*:?\s*"
    r"[\"'`]?[A-Za-z_][\w-]*[\"'`]?(?:\s*(?:,\s*and\b|,|\band\b)\s*[\"'`]?[A-Za-z_][\w-]*[\"'`]?)*",
    re.IGNORECASE,
)
# Request framing: phrases that ask for JSON and can change no value.
_FRAMING = re.compile(
    r"\b(?:no|without(?: any)?) (?:extra|other|additional) (?:text|prose|explanation|commentary|words)\b"
    r"|\bno (?:markdown|explanation|prose|commentary)\b|\bnothing else\b"
    r"|\b(?:can|could|would|will) you\b|\b(?:i|we)(?: would|'d)? (?:need|want|like)(?: you)?(?: to)?\b"
    r"|\bwhose details are\b|\bthe following details\b",
    re.IGNORECASE,
)
_FRAMING_WORDS = frozenset(
    "a an the please kindly json object record document entry dict dictionary only just me us give "
    "return produce generate create output provide write emit reply respond describing "
    "representing details with for of about here valid single plain raw "
    "keys fields required use using and is are extract as following this".split()
)
# Words that say how values are written; a prompt holding one may render a newly stated value
# otherwise than the literal ("all values as strings", "names in uppercase").
FORMAT_WORDS = frozenset(
    "string strings text integer integers int number numbers numeric float floats decimal decimals "
    "uppercase lowercase upper lower capitalized capitalised titlecase quoted format formatted iso "
    "percent percentage percentages cents thousands millions abbreviated abbreviate rounded round "
    "units unit currency translate translated translation language languages convert converted "
    "celsius fahrenheit kelvin metric imperial".split()
)
# The object a plain request asks for is named once ("a JSON object", "JSON"); a closing "only the
# JSON object" names it again. Any other mention may ask for another object or another output ("a
# JSON object with a JSON object", "a JSON object and a JSON object": blind red team, round 12).
_OBJECT_MENTION = re.compile(
    r"\bjson(?:\s+(?:object|record|document|entry|dict|dictionary))?\b|\b(?:object|record|document|entry|dict|dictionary)\b",
    re.IGNORECASE,
)
# A sentence of these words and one mention only repeats the request ("Output only the JSON object.",
# "Reply with JSON only."); no indefinite article, so it asks for no other object.
_CLOSING_WORDS = frozenset("only just output return reply respond with give print emit provide the please me valid raw plain".split())
_SENTENCE_END = re.compile(r"[.!?;\n]")
_LETTERS = re.compile(r"[A-Za-z]+")
_SKELETON_TOKEN = re.compile(r'"[^"\n]{1,80}"|\d+(?:[.,:/]\d+)*|\w+(?:[\'\u2019-]\w+)*|[!<>=]=|[^\w\s]')
_SOFT = frozenset(".,;:?'`\u2026\u201c\u201d\u2018\u2019")
_MARKER = "\x00"
_BRACKETED_MARKER = re.compile(r"[(\[]\s*\x00(?:[\s,\x00]*)[)\]]")
# A slot after these is the target of a conversion ("values in French", "converted to USD").
_TARGET_WORDS = frozenset("in into to as per".split())
# Words a plain request may have besides framing: the entity ("a person").
_PLAIN_SKELETON = 1


@dataclass(frozen=True)
class Statement:
    """A value a prompt states for a key, and how it was written."""

    value: str | int | float | bool
    quoted: bool
    span: tuple[int, int]


def _literal(match: re.Match[str]) -> tuple[str | int | float | bool, bool]:
    """The statement's JSON value, typed as written: a quoted string, ``true``/``false`` (a
    bool, never the integer 1 or 0), an integer (exact, whatever its size) or a decimal
    fraction (a float, stated only when the float is that very decimal: see ``statements``)."""
    if match.group("dq") is not None:
        return match.group("dq"), True
    if match.group("sq") is not None:
        return match.group("sq"), True
    if match.group("bool") is not None:
        return match.group("bool") == "true", False
    number = match.group("num")
    return (float(number) if "." in number else int(number)), False


def _written(match: re.Match[str]) -> str:
    """The statement's unquoted literal as written (``30``, ``2.5``, ``true``)."""
    return match.group("num") if match.group("num") is not None else match.group("bool")


@lru_cache(maxsize=512)
def statements(prompt: str, keys: tuple[str, ...]) -> dict[str, Statement]:
    """Unambiguous values the prompt states for ``keys``; a key stated twice with different
    values, or in a form that is not a complete literal, is not stated."""
    found: dict[str, Statement] = {}
    ambiguous: set[str] = set()
    for key in keys:
        pattern = re.compile(
            # JSON keys are case-sensitive: "Customer" is not stated by 'customer "ACME"'.
            rf"(?<![\w\"'-])(?-i:{re.escape(key)})(?![\w-])[\"']?" + _LITERAL + _TERMINATOR, re.IGNORECASE
        )
        for match in pattern.finditer(prompt):
            value, quoted = _literal(match)
            if not quoted and _render(value) != _written(match):
                ambiguous.add(key)  # a number no JSON value writes as stated ("-0", "0.1000000000000000001")
            if key in found and (not identical(found[key].value, value) or found[key].quoted != quoted):
                ambiguous.add(key)  # typed: 'flag true' and 'flag 1' state two values
            found.setdefault(key, Statement(value, quoted, match.span()))
    return {k: v for k, v in found.items() if k not in ambiguous}


_CONTEXT_BEFORE = 24  # characters read before a token to find the article and its preposition


def _skeleton(prompt: str, keys: tuple[str, ...]) -> tuple[tuple[str, bool], ...]:
    """The prompt's words beyond its statements, key list and framing: (casefolded word,
    whether an article stands before it)."""
    spans = sorted(s.span for s in statements(prompt, keys).values())
    key_list = _KEY_LIST.search(prompt)
    if key_list is not None:
        spans = sorted([*spans, key_list.span()])
    parts, pos = [], 0
    for start, end in spans:
        if start >= pos:
            parts.append(prompt[pos:start])
            parts.append(f" {_MARKER} ")
            pos = end
    parts.append(prompt[pos:])
    # Brackets only around removed statements ("a person (name "A", age 3)") are layout; any
    # other bracket may group ("(2 + 3) * 4") and stays.
    text = _BRACKETED_MARKER.sub(_MARKER, _FRAMING.sub(" ", "".join(parts)))
    tokens = [("json object", False)] * max(0, _object_mentions(text) - 1)  # each is content
    for match in _SKELETON_TOKEN.finditer(text):
        raw = match.group()
        norm = raw.casefold()
        if norm in _SOFT or norm == _MARKER or norm in _FRAMING_WORDS or raw == '"':
            continue
        before = text[max(0, match.start() - _CONTEXT_BEFORE) : match.start()]
        tokens.append((norm, _ARTICLE_BEFORE.search(before) is not None))
    return tuple(tokens)


def _object_mentions(text: str) -> int:
    """How many times the text names an object to return, closing sentences aside; a bare noun in
    the entity slot ("for a record") is what the object describes, not another object."""
    count = 0
    for sentence in _SENTENCE_END.split(text):
        mentions = [
            m
            for m in _OBJECT_MENTION.finditer(sentence)
            if m.group().lower().startswith("json")
            or _ARTICLE_BEFORE.search(sentence[max(0, m.start() - _CONTEXT_BEFORE) : m.start()]) is None
        ]
        if len(mentions) == 1:
            rest = sentence[: mentions[0].start()] + " " + sentence[mentions[0].end() :]
            if all(word.lower() in _CLOSING_WORDS for word in _LETTERS.findall(rest)):
                continue
        count += len(mentions)
    return count


# The entity is the noun of "for a person", "describing a lamp", "record of a ship", "for this
# band": an article after a word that introduces what the object describes. "with the negative of
# age 30" is no entity: "negative" is an instruction.
_ARTICLE_BEFORE = re.compile(
    r"\b(?:for|of|describing|representing|about)\s+(?:a|an|the|this)\s+$", re.IGNORECASE
)


@lru_cache(maxsize=512)
def plain_entity(prompt: str, keys: tuple[str, ...]) -> str | None:
    """For a plain data request (besides framing, statements and the key list, at most the
    entity: "a person", a word of the closed entity vocabulary, ``entities.ENTITY_WORDS``), its
    entity word ("" when none); None for any other prompt. Only a plain request's statements
    are the values as written: any other word may be an instruction ("doubled", "values in
    French", "Round the price", "an antonym with word ...")."""
    if not prompt.isascii() or any(c < " " and c not in "\t\n" for c in prompt):
        return None  # the framing grammar is printable English: a character it cannot read is no claim
    skeleton = _skeleton(prompt, keys)
    if len(skeleton) > _PLAIN_SKELETON or not all(
        after_article and _entity(word) for word, after_article in skeleton
    ):
        return None
    return skeleton[0][0] if skeleton else ""


def _entity(word: str) -> bool:
    """A word the entity slot reads: a noun of the closed vocabulary, and no format or target
    word (the vocabulary holds none; kept as a second, independent bar)."""
    return word.isalpha() and word not in FORMAT_WORDS and word not in _TARGET_WORDS and is_entity_word(word)


def plain_request(prompt: str, keys: tuple[str, ...]) -> bool:
    """Whether the prompt is a plain data request (:func:`plain_entity`)."""
    return plain_entity(prompt, keys) is not None


# -- per-key evidence -------------------------------------------------------------------------

MISSING: Any = object()


def identical(a: Any, b: Any) -> bool:
    """Equal with the same JSON type (``1``, ``1.0``, ``True`` and ``"1"`` all differ)."""
    return type(a) is type(b) and a == b


def _render(value: Any) -> str | None:
    """A stated value as the prompt writes it (an integer exactly, whatever its size)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value).removesuffix(".0") if value == value else None
    return None


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
    return PairContext(
        statements(old_prompt, keys),
        statements(new_prompt, keys),
        old_object,
        same_request,
        plain_entity(new_prompt, keys),
        plain_entity(old_prompt, keys),
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
    if type(new.value) is not type(old.value):
        return MISSING  # 'age "Bob"' for a cached age 30: the cached answer shows no rule for it
    if identical(old_value, old.value):
        return new.value
    if not old.quoted and isinstance(old_value, str) and old_value == _render(old.value) and not new.quoted:
        return _render(new.value)  # numbers asked for as strings
    if isinstance(old.value, int) and isinstance(old_value, float) and old_value == old.value:
        return float(new.value) if not new.quoted else MISSING
    return MISSING  # the cached answer wrote it otherwise ("ALICE" for "Alice"): unknown rule


def key_verdict(key: str, value: Any, ctx: PairContext) -> tuple[bool, str, str]:
    """(ok, reason, evidence) for one served value."""
    reinst = "" if identical(value, ctx.old_object.get(key, MISSING)) else " (re-instantiated)"
    if ctx.same_request and not reinst:
        return True, "", "prompt unchanged"
    if key in ctx.new_stated:
        if ctx.new_entity != ctx.old_entity:
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
