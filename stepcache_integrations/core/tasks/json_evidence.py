"""What a JSON request's prompt says, and how two prompts differ, for key-level evidence.

A prompt is read as three parts:

* **statements** ``key "value"``, ``key: 34``, ``key is "x"`` for requested keys, read only
  when unambiguous (one value per key, a complete literal not followed by a unit, a
  percent sign, another list item or a qualifier such as ``in uppercase``);
* the **key list** ("Required keys: a, b and c");
* the **skeleton**: everything else, minus request framing ("Return a JSON object for",
  "Output only the JSON object") that cannot change any value.

Two prompts then compare as ``"framing"`` (same skeleton), ``"slots"`` (the skeletons differ
only by one-for-one replacements of names, numbers or quoted strings, none of them the target
of a conversion, in a prompt that says nothing about how values are written) or ``"content"``.

A cached value is served for the new prompt (``key_verdict``) only when

* the new prompt states it, written as the cached pair wrote its own statement for the key
  (or, in a plain request, exactly as stated);
* or the prompts compare as "framing" with the same statements: nothing it could depend on
  changed;
* or, under "slots", it held a replaced slot that follows the key's own word in both prompts
  ("named Alice" -> "named Bob"), and no other key held the same value.

Under "content" nothing is served. Everything else is regenerated key by key.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = [
    "FORMAT_WORDS",
    "MISSING",
    "Comparison",
    "PairContext",
    "Statement",
    "compare_prompts",
    "expected_stated",
    "identical",
    "key_verdict",
    "pair_context",
    "plain_request",
    "rebound_value",
    "statements",
]

# What may follow a stated literal: the end of a clause, or another statement or request phrase
# after "," / "and" -- not a qualifier ("age 30 and older", "price 89, plus tax", "34 years").
_NEXT = (
    r"""(?:(?:and\s+)?[A-Za-z_][\w-]*\s*(?:[:=]|\bis\b)?\s*["'\d-]"""
    r"""|(?:with|using|use|required|the|return|output|reply|give|please|keys|fields)\b)"""
)
_TERMINATOR = rf"""(?=\s*(?:$|[.;:)\]}}\n]|,\s*{_NEXT}|\band\s+{_NEXT}))"""
_LITERAL = (
    r"""\s*(?:[:=]|\bis\b)?\s*"""
    r"""(?:"(?P<dq>[^"\n]{0,200})"|'(?P<sq>[^'\n]{0,200})'|(?P<num>-?\d{1,15}(?:\.\d{1,10})?)(?![\w%/]|[.,]\d))"""
)
_KEY_LIST = re.compile(
    r"(?:\b(?:with|using|use|required|requested|include|including|containing|the|following)\s+)*"
    r"(?:keys|fields|properties|attributes)\s*(?:named|called)?\s*:?\s*"
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
    "describe representing represent details with for of about here valid single plain raw "
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

    value: str | int | float
    quoted: bool
    span: tuple[int, int]


def _literal(match: re.Match[str]) -> tuple[str | int | float, bool]:
    if match.group("dq") is not None:
        return match.group("dq"), True
    if match.group("sq") is not None:
        return match.group("sq"), True
    number = match.group("num")
    return (float(number) if "." in number else int(number)), False


@lru_cache(maxsize=512)
def statements(prompt: str, keys: tuple[str, ...]) -> dict[str, Statement]:
    """Unambiguous values the prompt states for ``keys``; a key stated twice with different
    values, or in a form that is not a complete literal, is not stated."""
    found: dict[str, Statement] = {}
    ambiguous: set[str] = set()
    for key in keys:
        pattern = re.compile(
            rf"(?<![\w\"'-]){re.escape(key)}(?![\w-])[\"']?" + _LITERAL + _TERMINATOR, re.IGNORECASE
        )
        for match in pattern.finditer(prompt):
            value, quoted = _literal(match)
            if key in found and (found[key].value != value or found[key].quoted != quoted):
                ambiguous.add(key)
            found.setdefault(key, Statement(value, quoted, match.span()))
    return {k: v for k, v in found.items() if k not in ambiguous}


@dataclass(frozen=True)
class _Token:
    text: str
    norm: str
    slot_like: bool
    after_article: bool  # "a person": a noun, not an instruction ("doubled")

    @property
    def match_key(self) -> str:
        """Case only matters for slots: "Return" = "return", but "alice" != "Alice"."""
        return self.text if self.slot_like else self.norm


_SENTENCE_START = re.compile(r"(?:^|[.!?:\n]\s*)$")
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the|this)\s+$", re.IGNORECASE)


def _slot_like(raw: str, preceding: str) -> bool:
    """Quoted strings, numbers, identifiers and names; a capitalised word opening a sentence
    may be an instruction ("Double the values") and is not a slot."""
    if raw.startswith('"') or any(c.isdigit() for c in raw) or "_" in raw:
        return True
    return raw[:1].isupper() and not _SENTENCE_START.search(preceding)


def _skeleton(prompt: str, keys: tuple[str, ...]) -> tuple[_Token, ...]:
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
    tokens = []
    for match in _SKELETON_TOKEN.finditer(text):
        raw = match.group()
        norm = raw.casefold()
        if norm in _SOFT or norm == _MARKER or norm in _FRAMING_WORDS or raw == '"':
            continue
        shown = raw[1:-1] if raw.startswith('"') and len(raw) > 1 else raw
        before = text[max(0, match.start() - 6) : match.start()]
        tokens.append(_Token(shown, norm, _slot_like(raw, before[-3:]), _ARTICLE_BEFORE.search(before) is not None))
    return tuple(tokens)


@lru_cache(maxsize=512)
def plain_request(prompt: str, keys: tuple[str, ...]) -> bool:
    """Whether the prompt is a plain data request: besides framing, statements and the key
    list, at most the entity ("a person"), so that its statements are the values as written.
    Any other word may be an instruction ("doubled", "values in French")."""
    skeleton = _skeleton(prompt, keys)
    return len(skeleton) <= _PLAIN_SKELETON and all(
        t.after_article and t.norm not in FORMAT_WORDS and t.norm not in _TARGET_WORDS for t in skeleton
    )


@dataclass(frozen=True)
class Comparison:
    """How a new prompt differs from a cached one, for a JSON request."""

    kind: str  # "framing" | "slots" | "content"
    replacements: tuple[tuple[str, str], ...] = ()  # (old span, new span), for kind "slots"
    old_counts: tuple[tuple[str, int], ...] = ()  # occurrences of each old span in the old skeleton
    detail: str = ""

    def rebind(self, old_value: str) -> str | None:
        """The new span at the position of the one unambiguous old span equal to ``old_value``."""
        counts = dict(self.old_counts)
        matches = [new for old, new in self.replacements if old == old_value]
        if len(matches) != 1 or counts.get(old_value, 0) != 1:
            return None
        return matches[0]


@lru_cache(maxsize=512)
def compare_prompts(
    old_prompt: str, old_keys: tuple[str, ...], new_prompt: str, new_keys: tuple[str, ...]
) -> Comparison:
    """Align the skeletons of two JSON prompts (statements and key lists removed)."""
    old, new = _skeleton(old_prompt, old_keys), _skeleton(new_prompt, new_keys)
    old_norm, new_norm = [t.match_key for t in old], [t.match_key for t in new]
    if old_norm == new_norm:
        return Comparison("framing")
    if any(t.norm in FORMAT_WORDS for t in (*old, *new)):
        # A replaced slot may be a parameter of how values are written ("units Celsius").
        return Comparison("content", detail="a change in a prompt that says how values are written")
    matcher = difflib.SequenceMatcher(a=old_norm, b=new_norm, autojunk=False)
    replacements: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        old_part, new_part = old[i1:i2], new[j1:j2]
        words = " ".join(t.text for t in (*old_part, *new_part))
        if tag != "replace" or len(old_part) > 4 or len(new_part) > 4:
            return Comparison("content", detail=f"{tag} of {words!r}")
        if not all(t.slot_like for t in (*old_part, *new_part)):
            return Comparison("content", detail=f"replaced {words!r}")
        if i1 > 0 and old[i1 - 1].norm in _TARGET_WORDS:
            return Comparison("content", detail=f"replaced the target of {old[i1 - 1].text!r}: {words!r}")
        replacements.append((" ".join(t.text for t in old_part), " ".join(t.text for t in new_part)))
        if len(old_part) == len(new_part) > 1:  # "Alice Smith" -> "Bob Jones" also rebinds Alice -> Bob
            replacements.extend((o.text, n.text) for o, n in zip(old_part, new_part) if o.text != n.text)
    # Counted over the whole prompt: a value also stated for another key is ambiguous.
    counts = {o: len(re.findall(rf"(?<!\w){re.escape(o)}(?!\w)", old_prompt, re.IGNORECASE)) for o, _ in replacements}
    return Comparison("slots", tuple(replacements), tuple(counts.items()))


# -- per-key evidence -------------------------------------------------------------------------

MISSING: Any = object()
_INT = re.compile(r"-?\d{1,15}")
_FLOAT = re.compile(r"-?\d{1,15}(?:\.\d{1,10})?")


def identical(a: Any, b: Any) -> bool:
    """Equal with the same JSON type (``1``, ``1.0``, ``True`` and ``"1"`` all differ)."""
    return type(a) is type(b) and a == b


def _render(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value) if abs(value) < 10**15 else None
    if isinstance(value, float):
        return repr(value).removesuffix(".0") if value == value else None
    return None


def _like(text: str, old_value: Any) -> Any:
    """``text`` (a prompt span) as a value of ``old_value``'s type, or MISSING."""
    if isinstance(old_value, str):
        return text
    if isinstance(old_value, int) and _INT.fullmatch(text):
        return int(text)
    if isinstance(old_value, float) and _FLOAT.fullmatch(text):
        return float(text)
    return MISSING


@dataclass(frozen=True)
class PairContext:
    """Everything the key verdicts need about a (cached prompt, new prompt) pair."""

    comparison: Comparison
    old_stated: dict[str, Statement]
    new_stated: dict[str, Statement]
    old_object: dict[str, Any]
    old_prompt: str
    new_prompt: str
    identical_prompts: bool
    # A plain request: a newly stated value is expected exactly as written.
    literal_rendering: bool

    @property
    def dependencies_unchanged(self) -> bool:
        """Nothing a value not stated in the prompt could depend on changed: same skeleton up
        to framing and the same statements. A statement added even for a newly asked key is
        new information ("age 12" makes a cached ``"adult": true`` stale)."""
        if self.comparison.kind != "framing" or set(self.old_stated) != set(self.new_stated):
            return False
        return all(identical(self.new_stated[key].value, old.value) for key, old in self.old_stated.items())


def pair_context(
    old_prompt: str, old_keys: tuple[str, ...], new_prompt: str, new_keys: tuple[str, ...],
    old_object: dict[str, Any], comparable: bool,
) -> PairContext:
    """Read both prompts with the union of their keys (a statement for a key only one of them
    asks for is still a statement, not skeleton content)."""
    keys = tuple(dict.fromkeys([*old_keys, *new_keys]))
    if comparable:
        comparison = compare_prompts(old_prompt, keys, new_prompt, keys)
    else:
        comparison = Comparison("content", detail="a prompt too long to compare")
    return PairContext(
        comparison,
        statements(old_prompt, keys),
        statements(new_prompt, keys),
        old_object,
        old_prompt,
        new_prompt,
        old_prompt == new_prompt and comparable,
        plain_request(new_prompt, keys),
    )


def expected_stated(key: str, ctx: PairContext) -> Any:
    """The value a stated key must hold: the statement rendered as the cached pair rendered
    its own statement for this key, or as written; MISSING when that cannot be told."""
    new = ctx.new_stated[key]
    old = ctx.old_stated.get(key)
    old_value = ctx.old_object.get(key, MISSING)
    if old is not None and old_value is not MISSING:
        if identical(old_value, old.value):
            return new.value
        if not old.quoted and isinstance(old_value, str) and old_value == _render(old.value) and not new.quoted:
            return _render(new.value)  # numbers asked for as strings
        if isinstance(old.value, int) and isinstance(old_value, float) and old_value == old.value:
            return float(new.value) if not new.quoted else MISSING
        return MISSING  # the cached answer wrote it otherwise ("ALICE" for "Alice"): unknown rule
    if not ctx.literal_rendering:
        return MISSING
    return new.value


def rebound_value(key: str, ctx: PairContext) -> Any:
    """For a key the prompt does not state: the new prompt's span at the position of the one
    old span its cached value equals (a one-for-one slot replacement), when both spans follow
    the key's word; else MISSING."""
    if ctx.comparison.kind != "slots":
        return MISSING
    old_value = ctx.old_object.get(key, MISSING)
    rendered = _render(old_value) if old_value is not MISSING else None
    if not rendered:
        return MISSING
    holders = [k for k, v in ctx.old_object.items() if _render(v) == rendered]
    if holders != [key]:
        return MISSING  # two keys held this value: which one is the slot is unknown
    new_text = ctx.comparison.rebind(rendered)
    if new_text is None:
        return MISSING
    # The role: both spans follow the key's own word ("named Alice Smith", "city Lyon"). A value
    # merely equal to a slot may be derived from it ("country" of the city "Singapore").
    if not (_follows_key(ctx.old_prompt, key, rendered) and _follows_key(ctx.new_prompt, key, new_text)):
        return MISSING
    return _like(new_text, old_value)


def _follows_key(prompt: str, key: str, span: str) -> bool:
    words = re.escape(key).replace("_", "[_ ]")
    pattern = rf"(?<![\w-])(?i:{words}(?:d|ed)?)\s*(?:[:=]|\bis\b)?\s*{re.escape(span)}(?![\w])"
    return len(re.findall(pattern, prompt)) == 1


def key_verdict(key: str, value: Any, ctx: PairContext) -> tuple[bool, str, str]:
    """(ok, reason, evidence) for one served value."""
    reinst = "" if identical(value, ctx.old_object.get(key, MISSING)) else " (re-instantiated)"
    if ctx.comparison.kind == "content":
        return False, f"the prompt's content changed ({ctx.comparison.detail})", ""
    if key in ctx.new_stated:
        expected = expected_stated(key, ctx)
        if expected is MISSING:
            return False, "stated in the prompt, but how to write it cannot be told from the cached answer", ""
        if identical(value, expected):
            return True, "", "stated in prompt" + reinst
        return False, f"the prompt states {_render(expected)!r}", ""
    if ctx.dependencies_unchanged and not reinst:
        return True, "", "prompt unchanged" if ctx.identical_prompts else "prompt unchanged but framing and formatting"
    rebound = rebound_value(key, ctx)
    if rebound is not MISSING and identical(value, rebound):
        return True, "", f"bound to prompt slot {_render(rebound)!r}" + reinst
    if key in ctx.old_stated:
        return False, "the prompt no longer states this value", ""
    return False, "not stated in the prompt, and what it may depend on changed", ""
