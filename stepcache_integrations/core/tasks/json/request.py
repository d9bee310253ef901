"""Which prompts ask for one JSON object, and the keys and values they name in words."""

from __future__ import annotations

import re
from typing import Any

from ..prompt_diff import PROMPT_LIMIT
from .evidence import statements
from .reader import read_request

__all__ = [
    "KEY_LIST",
    "asks_for_one_object",
    "declared_transforms",
    "has_unread_key_list",
    "reads_every_key_phrase",
    "required_keys_from_prompt",
    "stated_values",
]

_JSON_WORD = re.compile(r"\bjson\b", re.IGNORECASE)
_JSON_REQUEST = re.compile(
    r"\b(?:return|give|produce|output|generate|write|create|respond|reply|make|need|want|provide|emit"
    r"|send|build|fill)\b[^.?!\n]{0,60}\bjson\b|\bjson\s+(?:object|record|only|response|output|format)\b"
    r"|\b(?:in|as)\s+(?:valid\s+)?json\b",
    re.IGNORECASE,
)
KEY_LIST = re.compile(
    r"\b(?:keys|fields|properties|attributes)\b\s*(?:named|called)?\s*:?\s*"
    r"(?P<list>[\"'`]?[A-Za-z_][\w-]*[\"'`]?(?:\s*(?:,\s*and\b|,|\band\b)\s*[\"'`]?[A-Za-z_][\w-]*[\"'`]?)*)",
    re.IGNORECASE,
)
# The task serves one object, re-serialised: a prompt asking for another shape or layout, or for
# prose beside the object, is free text (served only for the same prompt).
_NOT_ONE_OBJECT = re.compile(
    r"\b(?:arrays?|lists?|lines|jsonl|ndjson|minified|minify|compact|indent(?:ed|ation)?|pretty|markdown|"
    r"code\s+block|fenced|sentences?|paragraphs?|explain(?:ing|s)?|explanation|comments?|yaml|xml|csv)\b",
    re.IGNORECASE,
)
# A second key phrase or an object/list after the key list describes nested structure ("key
# person, an object with keys name and age"): the flat key list would misread it.
_KEY_WORD = re.compile(r"\b(?:keys?|fields?|properties|property|attributes?)\b", re.IGNORECASE)
_NESTED = re.compile(
    r"\b(?:lists?|arrays?|objects?|dicts?|dictionar(?:y|ies)|maps?)\s+(?:of|with|having|containing|whose)\b"
    r"|\bnested\b|\beach\s+(?:with|having|containing)\b",
    re.IGNORECASE,
)


# The key list is read whole or not at all: it must end where the clause ends (the text's end,
# a sentence end, a line end, a closing bracket) or before a connective that cannot be a key.
# "name (string), age", "name; age", "name age city", "name/age", "name, age & city" end
# elsewhere: no list this grammar reads, so no key is required.
_LIST_END = re.compile(
    r"\s*(?:$|[.!?](?=\s|$)|\)|[ \t]*\n)"
    # "name, age as well as city", "name, age in addition to city": the list goes on
    r"|,?[ \t]+(?:for|of|about|describing|representing|that|which|from|to|please|only|nothing"
    r"|as(?![ \t]+well\b)|in(?![ \t]+addition\b))\b",
    re.IGNORECASE,
)
# "keys name and age: name "Ann", age 30": a list closed by "and <key>" may end at a colon (a
# colon after "keys: name" may instead start the key's description, "name: string, age: int").
_ENDS_WITH_AND = re.compile(r"\band\s*[\"'`]?[A-Za-z_][\w-]*[\"'`]?$", re.IGNORECASE)


def asks_for_one_object(prompt: str) -> bool:
    """A prompt that asks for one JSON object ("What is JSON?" is a text question; an array, JSON
    Lines, a layout or prose around the object is not what this task writes)."""
    if read_request(prompt) is not None:
        return True  # the grammar derives it: a plain request for one object
    head = prompt[:20000]
    if _NOT_ONE_OBJECT.search(head):
        return False
    return _JSON_WORD.search(head) is not None and (
        _JSON_REQUEST.search(head) is not None or bool(required_keys_from_prompt(head))
    )


def required_keys_from_prompt(prompt: str) -> list[str]:
    """Keys a prompt asks for in words ("with keys name, age and email"): every key list it
    holds, read whole, their keys united in written order; none when any list is not read whole
    (:func:`has_unread_key_list`) or the prompt describes nested structure, which a flat key
    list cannot state."""
    plain = read_request(prompt)
    if plain is not None:
        return list(plain.keys)
    read = _key_lists(prompt)
    return read if read is not None else []


def has_unread_key_list(prompt: str) -> bool:
    """Whether the prompt names keys in a form this grammar does not read whole: then it
    requires no key from its lists, and no statement of it is evidence."""
    return read_request(prompt) is None and _key_lists(prompt) is None


# Words that name keys or ask for them. Outside the key lists read whole (with the phrase that
# introduces them: "Required keys:", "with the fields"), any of them ("Also include age", "must
# contain", "the key city", "add city") may ask for keys this grammar did not read: the answer is
# no more than "unchecked" (docs/guarantees.md: "What `verified` means").
_KEY_NAMING = re.compile(
    r"\b(?:keys?|fields?|propert(?:y|ies)|attributes?|includ\w*|contain\w*|requir\w*|mandatory|must|should"
    r"|ha(?:s|ve|ving)|add(?:s|ed|ing)?|also|additionally|besides|as\s+well)\b",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"(?:\b(?:with|using|use|required|requested|include|including|containing|following|these|and|the|also)\s+)*$",
    re.IGNORECASE,
)
_HEAD = 20000


def reads_every_key_phrase(prompt: str) -> bool:
    """Whether every phrase of the prompt that names or asks for keys is a key list this grammar
    read whole: no key phrase outside them, no list declined (another script, a list read in
    part), nothing past the part of the prompt read. Only then may an answer be "checked"."""
    if read_request(prompt) is not None:
        return True  # the grammar derived every sentence
    head = prompt[:_HEAD]
    if _key_lists(head) is None or (len(prompt) > _HEAD and _KEY_NAMING.search(prompt[_HEAD - 20 :])):
        return False
    rest = head
    for match in reversed(list(KEY_LIST.finditer(head))):
        lead = _LEAD.search(head, 0, match.start())
        start = lead.start() if lead is not None else match.start()
        rest = rest[:start] + " " + rest[match.end() :]
    return _KEY_NAMING.search(rest) is None


def _key_lists(prompt: str) -> list[str] | None:
    """The union of the prompt's key lists ([] when it has none); None when a key phrase is
    not a list read whole."""
    head = prompt[:_HEAD]
    matches = list(KEY_LIST.finditer(head))
    key_words = len(_KEY_WORD.findall(head))
    if not matches:
        return []  # no key list ("for a property", "with key city": a phrase, not a list)
    if not head.isascii():
        return None  # a key in another script ("\uff41ge") would be cut from the list
    # Each list holds exactly one key word (its own); another one ("the key name is ...", a
    # key named "fields") is a phrase this grammar does not read.
    if key_words != len(matches) or _NESTED.search(head, matches[0].start()):
        return None
    if len(matches) > 1 and not all(_introduced(head, m) for m in matches):
        return None  # "Sort keys alphabetically" beside a list: a key word that may be no list
    union: list[str] = []
    for match in matches:
        keys = _one_list(head, match)
        if keys is None:
            return None
        union += [k for k in keys if k not in union]
    return union


# Beside another list, a list is read only when a list phrase introduces it ("with keys",
# "Required keys:", "also include the fields").
_INTRODUCER = re.compile(
    r"\b(?:with|using|use|required|requested|include|including|containing|following|these|and)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_COLON_AFTER_WORD = re.compile(r"\s*(?:named|called)?\s*:")


def _introduced(head: str, match: re.Match[str]) -> bool:
    """A key list introduced as one: a list phrase before its key word, or a colon after it."""
    word_end = match.start() + len(re.match(r"\w+", head[match.start() :]).group())  # type: ignore[union-attr]
    return _INTRODUCER.search(head, 0, match.start()) is not None or bool(_COLON_AFTER_WORD.match(head, word_end))


def _one_list(head: str, match: re.Match[str]) -> list[str] | None:
    """One key list's keys, when it is read whole (it ends where its clause ends)."""
    closed = _LIST_END.match(head, match.end()) is not None or (
        _ENDS_WITH_AND.search(match.group("list")) is not None and head.startswith(":", match.end())
    )
    if not closed:
        return None  # the list goes on in a form this grammar does not read: no claim on its keys
    keys = re.split(r"\s*(?:,\s*and\b|,|\band\b)\s*", match.group("list"))
    keys = [k.strip().strip("\"'`") for k in keys]
    if not all(keys):
        return None  # "keys: name, and.": a dangling "and" (or a key named "and"), not read whole
    if len(set(keys)) != len(keys):
        return None  # "keys: price, price, stock" is no list this grammar reads
    return keys


def declared_transforms(prompt: str) -> dict[str, str]:
    """The transforms a plain request declares by key ("uppercase", "round to 10"; ``transforms.py``)."""
    plain = read_request(prompt[:PROMPT_LIMIT])
    return dict(plain.transforms) if plain is not None else {}


def stated_values(prompt: str, keys: list[str]) -> dict[str, Any]:
    """Values the prompt states unambiguously for ``keys``: ``owner "Nikos"``, ``rating: 4``,
    ``year = 2004`` (not ``age 34 years``, ``rate 15%``, ``price 1,299`` or a list of values)."""
    return {key: st.value for key, st in statements(prompt[:PROMPT_LIMIT], tuple(keys)).items()}
