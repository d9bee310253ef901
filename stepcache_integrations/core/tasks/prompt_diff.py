"""Prompt-diff heuristics shared by the tasks.

* slots: the local details of a prompt (numbers, names, identifiers, quoted strings);
* token alignment of a cached and a new prompt (which words were replaced or deleted);
* the formatting-only comparison: two prompts that differ only in whitespace, the case of a
  sentence's first letter, quote marks, closing punctuation or markdown markers have the same
  :func:`formatting_digest`.

None of these convert digit strings to numbers, so hostile numbers (thousands of
digits) are plain tokens here.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from functools import lru_cache

__all__ = [
    "FUNCTION_WORDS",
    "PROMPT_LIMIT",
    "STOPWORDS",
    "TOKEN",
    "extract_slots",
    "formatting_digest",
    "formatting_tokens",
    "mentions",
    "prompt_changes",
    "slot_mapping",
    "stale_slots",
]

#: Characters of a prompt kept in constraints (longer prompts are compared by digest).
PROMPT_LIMIT = 20000

# -- slots: the local details (numbers, names, identifiers, quoted strings) of a prompt --------

_SLOT = re.compile(
    r"""
    "(?P<dq>[^"\n]{1,80})"                                 # "quoted"
  | '(?P<sq>[^'\n]{1,80})'                                 # 'quoted'
  | (?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)                # emails
  | (?P<num>(?<![\w.])-?\d+(?:[.,]\d+)*(?![\w]))           # numbers
  | (?P<ident>\b[A-Za-z_][A-Za-z0-9_]*\b)                  # words (filtered below)
    """,
    re.VERBOSE,
)
TOKEN = re.compile(r"\w+(?:[.@'-]\w+)*|[^\w\s]")
_SENTENCE_START = re.compile(r"(?:^|[.!?:\n]\s*)$")
STOPWORDS = frozenset(
    "a an the is are be to of in on for with and or what which who how why when where write "
    "return give list explain describe solve find compute create make use step answer json "
    "object keys key fields please i you it this that".split()
)
FUNCTION_WORDS = STOPWORDS | frozenset(
    "does do did can could would should will was were has have had not from about into than then "
    "there their they your our its also only just some any all each per been being if so as at by".split()
)


def _is_slot_word(word: str, preceding: str) -> bool:
    if word.lower() in STOPWORDS:
        return False
    if any(c.isdigit() for c in word) or "_" in word:
        return True
    if len(word) > 1 and any(c.isupper() for c in word[1:]) and any(c.islower() for c in word):
        return True  # camelCase
    if word[0].isupper() and not _SENTENCE_START.search(preceding):
        return True  # a capitalised name mid-sentence
    return False


def extract_slots(text: str, limit: int = PROMPT_LIMIT) -> list[str]:
    """The local details of a text: numbers, names, identifiers, emails, quoted strings."""
    text = text[:limit]
    slots: list[str] = []
    for match in _SLOT.finditer(text):
        kind = match.lastgroup
        value = match.group(kind) if kind else match.group(0)
        if kind == "ident" and not _is_slot_word(value, text[max(0, match.start() - 3) : match.start()]):
            continue
        slots.append(value)
    return slots


def stale_slots(cached_slots: list[str], new_slots: list[str]) -> list[str]:
    """Slot values of the cached prompt that the new prompt no longer has."""
    new = {s.lower() for s in new_slots}
    seen: set[str] = set()
    stale: list[str] = []
    for slot in cached_slots:
        key = slot.lower()
        if key not in new and key not in seen:
            seen.add(key)
            stale.append(slot)
    return stale


def mentions(text: str, value: str) -> bool:
    """Whether ``text`` mentions ``value`` as a whole token (case-insensitive)."""
    if not value:
        return False
    pattern = r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)"
    return re.search(pattern, text, re.IGNORECASE) is not None


def slot_mapping(cached_prompt: str, new_prompt: str, limit: int = PROMPT_LIMIT) -> dict[str, str]:
    """Old -> new values where the new prompt substitutes one token span for another.

    Built from a token alignment of the two prompts; only clean one-for-one
    replacements count, so paraphrases produce no mapping.
    """
    old_tokens = TOKEN.findall(cached_prompt[:limit])
    new_tokens = TOKEN.findall(new_prompt[:limit])
    matcher = difflib.SequenceMatcher(a=old_tokens, b=new_tokens, autojunk=False)
    mapping: dict[str, str] = {}
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace" or (i2 - i1) > 4 or (j2 - j1) > 4:
            continue
        old = " ".join(old_tokens[i1:i2])
        new = " ".join(new_tokens[j1:j2])
        if old != new:
            mapping[old] = new
        if i2 - i1 == j2 - j1 > 1:  # "Alice Smith" -> "Bob Jones" also maps Alice -> Bob
            for o, n in zip(old_tokens[i1:i2], new_tokens[j1:j2]):
                if o != n and (o[0].isalnum() or o[0] == "_"):
                    mapping.setdefault(o, n)
    return mapping


def _content_word(token: str) -> bool:
    return token[:1].isalnum() and (len(token) >= 3 or any(c.isdigit() for c in token)) and (
        token.lower() not in FUNCTION_WORDS
    )


@lru_cache(maxsize=256)
def prompt_changes(cached_prompt: str, new_prompt: str) -> tuple[tuple[str, ...], int, int]:
    """Token alignment of two prompts: (content words of the cached prompt that the new one
    replaced or deleted, number of changed tokens on both sides, total tokens on both sides)."""
    old = TOKEN.findall(cached_prompt)
    new = TOKEN.findall(new_prompt)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    words: dict[str, None] = {}
    changed = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        changed += (i2 - i1) + (j2 - j1)
        for token in old[i1:i2]:
            if _content_word(token):
                words.setdefault(token, None)
    return tuple(words), changed, len(old) + len(new)


# -- formatting-only differences -------------------------------------------------------------
# Only differences that cannot change what is asked count as formatting (adversarial probes
# found each of these changing the answer: "Polish"/"polish", "US"/"us", "myVar"/"myvar",
# "'a  b c'" vs "'a b c'" when counting characters, "Let's eat, grandma" vs "Let's eat grandma"):
# * whitespace outside quoted text;
# * the case of a sentence's first letter (the rest of the word unchanged);
# * the kind of quotes around quoted text (whose content must match exactly);
# * sentence punctuation closing a line or the prompt ("?", ".", "!");
# * markdown bold markers, bullets and headers.

# Numbers keep their inner separators and a leading point ("1,000", "3.5", ".5", "10:30", "3/4")
# and operators their second character, so "1.5" vs "15", ".5" vs "5", "x != 3" vs "x = 3" and
# "5 - 3" vs "5 + 3" all differ.
_FORMAT_TOKEN = re.compile(r"\.?\d+(?:[.,:/]\d+)*|\w+(?:['\u2019]\w+)*|[!<>=]=|->|=>|[^\w\s]")
_MARKUP = re.compile(r"\*\*|^[ \t]*(?:[-*+\u2022]|#{1,6})[ \t]+", re.MULTILINE)
# Quoted text: double, curly, guillemet and backtick quotes; single quotes only when they are
# not an apostrophe ("Let's").
_QUOTED = re.compile(
    r'"([^"\n]*)"|\u201c([^\u201d\n]*)\u201d|\u2018([^\u2019\n]*)\u2019|\u00ab([^\u00bb\n]*)\u00bb|`([^`\n]*)`'
    r"|(?<!\w)'([^'\n]*)'(?!\w)"
)
_SENTENCE_END = frozenset(".?!:")
# Punctuation closing a line or the prompt; a "!" right after a digit or ")" is a factorial
# ("What is 5!?").
_CLOSING = re.compile(r"(?:[ \t.?]|(?<![\d)])!)+(?=\n|$)")


def formatting_tokens(text: str) -> list[str]:
    """The tokens of ``text`` that can carry meaning (see the rules above): quoted text verbatim,
    every other token as written except a sentence's first letter; whitespace, markdown markers
    and the punctuation closing a line dropped."""
    text = _CLOSING.sub("", _MARKUP.sub(" ", text).strip())
    tokens: list[str] = []
    start = 0
    for quoted in _QUOTED.finditer(text):
        _plain_tokens(text[start : quoted.start()], tokens)
        tokens.append("\x1equote:" + next(g for g in quoted.groups() if g is not None))
        start = quoted.end()
    _plain_tokens(text[start:], tokens)
    return tokens


def _plain_tokens(text: str, out: list[str]) -> None:
    for number, line in enumerate(text.split("\n")):
        initial = not out or out[-1] in _SENTENCE_END or number > 0  # a new line starts a sentence
        for token in _FORMAT_TOKEN.findall(line):
            if initial and token[:1].isalpha():
                token = token[:1].lower() + token[1:]
            out.append(token)
            initial = token in _SENTENCE_END


def formatting_digest(text: str) -> str:
    """Equal for two texts exactly when they differ only in formatting (see :func:`formatting_tokens`)."""
    return hashlib.sha256("\x1f".join(formatting_tokens(text)).encode("utf-8", "surrogatepass")).hexdigest()
