"""Prompt-diff heuristics shared by the tasks.

* slots: the local details of a prompt (numbers, names, identifiers, quoted strings);
* token alignment of a cached and a new prompt (which tokens the new one replaced: :func:`slot_mapping`);
* the retrieval form (:func:`canonical_prompt`): what is embedded, never an equivalence (two
  requests are the same only when identical).

None of these convert digit strings to numbers, so hostile numbers (thousands of
digits) are plain tokens here.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

__all__ = [
    "PROMPT_LIMIT",
    "STOPWORDS",
    "TOKEN",
    "extract_slots",
    "canonical_prompt",
    "normal_form",
    "mentions",
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
_SLOT_NO_EMAIL = re.compile(_SLOT.pattern.replace(
    "  | (?P<email>[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+)                # emails\n", ""), re.VERBOSE)
assert "email" not in _SLOT_NO_EMAIL.pattern and _SLOT_NO_EMAIL.groups == _SLOT.groups - 1
# wip/hitH: a word of lowercase ASCII letters alone is never a slot (``_is_slot_word``: no digit, no "_",
# no capital), so the word patterns match only a word holding another character (the lookahead: the first
# character past its lowercase letters is a capital, a digit or "_", inside the word). The same matches
# otherwise: such a word no longer matched, no other alternative matches inside it (no quote there, a
# number needs no word character before it, a word a boundary; an email that matches inside a word
# matches from its start, where it is tried first as before), and matching resumes after it as before.
# Checked against ``_SLOT`` by tests/unit/test_hit_path_hitF.py and test_hit_path_hitH.py.
_IDENT = r"(?P<ident>\b[A-Za-z_][A-Za-z0-9_]*\b)"
_SOME_IDENT = r"(?P<ident>\b(?=[a-z]*[A-Z0-9_])[A-Za-z_][A-Za-z0-9_]*\b)"
assert _SLOT.pattern.count(_IDENT) == 1
_SLOT_WORDS = re.compile(_SLOT.pattern.replace(_IDENT, _SOME_IDENT), re.VERBOSE)
_SLOT_WORDS_NO_EMAIL = re.compile(_SLOT_NO_EMAIL.pattern.replace(_IDENT, _SOME_IDENT), re.VERBOSE)
TOKEN = re.compile(r"\w+(?:[.@'-]\w+)*|[^\w\s]")
_SENTENCE_START = re.compile(r"(?:^|[.!?:\n]\s*)$")
STOPWORDS = frozenset(
    "a an the is are be to of in on for with and or what which who how why when where write "
    "return give list explain describe solve find compute create make use step answer json "
    "object keys key fields please i you it this that".split()
)


@lru_cache(maxsize=8192)  # a pure function of a word and the 3 characters before it: template words repeat
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
    # wip/hitF: an email holds "@": without one in the text no match is an email, and the pattern
    # without that alternative (tried at every position, a word's characters scanned each time)
    # finds the same matches
    for match in (_SLOT_WORDS if "@" in text else _SLOT_WORDS_NO_EMAIL).finditer(text):
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


# -- the retrieval form ------------------------------------------------------------------------
# No prompt difference is harmless in every context: NFC vs NFD changes a code-point count, CRLF
# is what a question may ask about, outer whitespace is indentation in code or a character to
# count. Requests are the same only when identical, and tasks read the prompt as given. This
# form only folds such differences into one *vector*, so that retrieval finds the near-identical
# entry; what is served is then decided by the task from the new prompt alone.


def normal_form(text: str) -> str:
    """``text`` in NFC with ``\n`` line endings (for retrieval only, never an equivalence)."""
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))


# Unicode White_Space only: str.strip() would also drop U+001C..U+001F, which are not whitespace.
_WHITE_SPACE = " \t\n\x0b\x0c\r\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def canonical_prompt(text: str) -> str:
    """The retrieval form of ``text``: NFC, ``\n`` line endings, no outer (Unicode) whitespace;
    embedded instead of the prompt (near-identical prompts meet), never compared for trust."""
    return normal_form(text).strip(_WHITE_SPACE)
