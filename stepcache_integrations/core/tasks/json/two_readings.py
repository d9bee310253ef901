"""W29 (red team 23): a bare value whose JSON type the prompt does not fix is no claim.

A value written bare (unquoted, not inside a record the prompt writes as data) is read by its form: digits
a number, ``true``/``false`` a boolean, any other word a string. For the words below the form does not fix
the type: the word has a second reading the reader does not make, and serving the first would replace the
model's right answer with a proven wrong one. Each is no claim (the request goes to the model), by the
key's meaning as the tables declare it or by the word's own, in every context:

- a key of the request as a value ("total is price"): a reference to that key's value, or its name?
- a table's truth word ("on", "off", "yep", "nope", "untrue", "Y", zh/ja "真", "假", "偽") for any key, as
  W26 reads the tables' yes/no words: the boolean, or the word?
- any bare word for a key the tables note as a yes/no property (``boolean_keys``: "active", "paid",
  "is_open"; a first part of ``boolean_key_prefixes``: "is_admin", "hasAccess") or the prompt notes boolean;
  and a word that negates the key ("visible is invisible", by a table's ``negating_prefixes``);
- a word with no digit and no capital for a key the tables (``kinds.number``, the concept age) or the prompt note
  a number ("count is twain", "price is free", "quantity is deux"); a word with a capital is a name or a code
  ("port: Hamburg", a seaport; "size: M");
- an upper-case Roman numeral of two letters or more ("XXX", "XXV") for an age, a count or quantity (the tables'
  relations.count and relations.quantity words) or a key no table gives a meaning ("level"): a number or letters?
  (another number key's letters are a code: "size: XL", test_json_table_word_values_jsonE)
- an integer beyond 2**53 ("98765432109876543210") for a key named as an identifier in two parts or more
  ("order_id", "serial_number"; a table's ``long_identifier_words``): a double-based JSON parser changes it;
- an unquoted integer for a key a part of whose name, or whose parts joined, is a table's ``identifier_words``
  ("phone", "zip_code", "account_number", "area_code"): an identifier written in digits, a number or a string?
- a bare word for a key that holds a list (a table's ``list_keys``; or, in an English request, an ASCII plural
  no table gives another meaning: "tags is red", not fr "pays"): the one item's list, or the string?

A quoted value is a string; a key the prompt notes a string ("(as text)") takes the word as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from ..request_language import fold
from .relations import TABLES

__all__ = ["read_two_ways"]


def _declared(name: str) -> frozenset[str]:
    """Every table's words of the list ``name``, folded."""
    return frozenset(fold(word) for table in TABLES.values() for word in table.get(name, ()))


_TRUTH_WORDS = _declared("truth_words")
_BOOLEAN_KEYS = _declared("boolean_keys")
_BOOLEAN_PREFIXES = _declared("boolean_key_prefixes")
_NEGATING = _declared("negating_prefixes")
_LIST_KEYS = _declared("list_keys")
_SINGULAR_S = _declared("singular_s_keys")
_IDENTIFIERS = _declared("identifier_words")
_LONG_IDENTIFIERS = _declared("long_identifier_words")
_ROMAN = re.compile(r"(?=[MDCLXVI]{2,}$)M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_PARTS = re.compile(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])")
_EXACT = 2**53
_SEPARATORS = re.compile(r"[\s_-]+")
# the tables' words for a count or a quantity ("count", "qty", "Menge", "数量"; relations.count, relations.quantity)
_COUNTS = frozenset(_SEPARATORS.sub(" ", fold(word)).strip() for table in TABLES.values()
                    for role in ("count", "quantity") for word in table.get("relations", {}).get(role, ()) if "{" not in word)


def _parts(key: str) -> list[str]:
    """A key's parts, folded: "is_admin" -> is, admin; "hasAccess" -> has, access."""
    return [fold(part) for part in _PARTS.split(key) if part]


def _boolean_key(key: str) -> bool:
    parts = _parts(key)
    return bool(parts) and (fold(key) in _BOOLEAN_KEYS or parts[-1] in _BOOLEAN_KEYS
                            or len(parts) > 1 and parts[0] in _BOOLEAN_PREFIXES)


def _negates(word: str, key: str) -> bool:
    """The word is the key's last part negated, or the key the word negated ("invisible", "visible")."""
    last = (_parts(key) or [""])[-1]
    return any(word == prefix + last or last == prefix + word for prefix in _NEGATING if last and word)


def _list_key(key: str, plural_read: bool) -> bool:
    folded = fold(key)
    if folded in _LIST_KEYS:
        return True
    return plural_read and key.isascii() and key.isalpha() and len(key) > 3 and folded.endswith("s") \
        and not folded.endswith(("ss", "us", "is")) and folded not in _SINGULAR_S


def _names_a_key(word: str, keys: Iterable[str]) -> bool:
    """The word is a key of the request: as written, or in lower case any key folded ("total is price")."""
    folded = fold(word)
    return any(word == other or word.islower() and folded == fold(other) for other in keys)


def _word_two_ways(key: str, word: str, keys: Iterable[str], kinds: tuple[bool, bool, bool, bool]) -> bool:
    """A bare word value of ``key``: read two ways? ``kinds``: (the key holds a number, the key holds a boolean, an
    English plural is read as a list key: the request is English and no table gives the key a meaning, a Roman
    numeral is read as a number: the key is an age, a count or quantity, or no table gives it a meaning)."""
    folded = fold(word)
    number, boolean, plural_read, roman_read = kinds
    if _names_a_key(word, keys):
        return True  # a reference to a key of the request
    if folded in _TRUTH_WORDS or roman_read and _ROMAN.fullmatch(word):
        return True
    if boolean or _boolean_key(key) or _negates(folded, key):
        return True
    if number and not any(c.isdigit() or c.isupper() for c in word):
        return True  # a word with a capital is a name or a code ("port: Hamburg", "size: M"); "twain", "free" are not
    return _list_key(key, plural_read)


def _number_two_ways(key: str, value: int | float) -> bool:
    """Digits for an identifier key ("phone", "zip_code"); an integer a double holds inexactly for a key named as an
    identifier in two parts or more ("order_id", "serial_number": the tables' ``long_identifier_words``). A number
    key's or a bare "id"'s big integer is that integer, digit for digit (test_json_entities_and_types.py)."""
    if not isinstance(value, int):
        return False
    parts = _parts(key)
    if "".join(parts) in _IDENTIFIERS or any(part in _IDENTIFIERS for part in parts):  # "area_code": "areacode"
        return True
    return abs(value) > _EXACT and len(parts) > 1 and any(part in _LONG_IDENTIFIERS for part in parts)


def read_two_ways(stated: dict[str, Any], keys: Iterable[str], typed: Iterable[tuple[str, str]], where: tuple[str, str],
                  meaning: Callable[[str], tuple[frozenset[str], frozenset[str]]]) -> bool:
    """Whether a bare scalar value of ``stated`` is read two ways (see the module's note): no claim. ``where``: the
    request's language and the prompt; ``meaning``: the kinds and concepts the tables give a key."""
    language, prompt = where
    notes = dict(typed)
    every_key = set(keys) | set(stated)
    for key, st in stated.items():
        value = st.value
        if _taken_as_written(st, notes.get(key), prompt):
            continue
        if isinstance(value, (int, float)):
            if _number_two_ways(key, value):
                return True
        elif isinstance(value, str) and len(value.split()) == 1:
            if _word_two_ways(key, value, every_key, _word_kinds(key, notes.get(key), meaning(key), language)):
                return True
    return False


def _taken_as_written(st: Any, note: str | None, prompt: str) -> bool:
    """A quoted value, a key noted a string, a list, a boolean, data written as a record: typed as written."""
    return st.quoted or note == "string" or isinstance(st.value, (list, bool)) or prompt[st.span[0] : st.span[0] + 1] == "{"


def _word_kinds(key: str, note: str | None, meaning: tuple[frozenset[str], frozenset[str]], language: str) -> tuple[bool, bool, bool, bool]:
    """(number key, boolean key, plural read as a list key, Roman numeral read as a number): see _word_two_ways."""
    kinds_of, concepts = meaning
    unknown = not kinds_of and not concepts
    counted = "age" in concepts or _SEPARATORS.sub(" ", fold(key)).strip() in _COUNTS
    return (note in ("number", "integer") or "number" in kinds_of, note == "boolean", language == "en" and unknown, unknown or counted)
