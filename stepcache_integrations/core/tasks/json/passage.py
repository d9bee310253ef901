"""A quoted passage's values, read by a declared grammar: its one date or e-mail address (red team
14: W19), and since wip/jsonX the values of a labelled passage or of a relation frame.

'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "<passage>"' states the key from the
passage only when ``passage/request.lark`` derives the whole passage in ``passage/vocabulary``:
one clause that binds the value to its subject ("The fair opens on March 3, 2027.", "Gina can be
reached at gina@uni.edu."). A passage's only date is not, by itself, the date asked ("two days
after 2024-03-04", "the date is unknown; 2024-03-04 is the press day"); a word outside the table
or a sentence the grammar does not derive is no claim, and the model writes the key.

A labelled passage ("Producto: silla Oslo. Precio: 120 euros.") states each listed key by its label
(the key itself, or a word of the key's role in the table); a relation frame ("La chaqueta cuesta
39,5 euros.": COSTS) states the listed keys that name its roles (``roles`` in the table:
"producto" the subject, "precio" the amount). Every listed key must be stated so, and every
label named by one key, else nothing is (:func:`framed_values`).
"""

from __future__ import annotations

import datetime
import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Token, Transformer

from ..digit_groups import read_two_ways
from ..request_language import Declined, Folded, RequestLanguage, Word, fold

__all__ = ["bound_values", "framed_values", "negations"]

_EMAIL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+(?![\w@-])(?!\.\w)")
_ISO_DATE = re.compile(r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})(?![\w-])")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_WORD_DATE = re.compile(r"(?P<month>[A-Z][a-z]+) (?P<d>\d{1,2}), (?P<y>\d{4})(?![\w-])")
_NAME = re.compile(r"[A-Z][a-z]+(?![\w'\u2019-])")  # "Oslo", "Gina": one capitalised word, nothing glued to it
_MARKS = {".": "STOP", ",": "COMMA", "(": "LPAR", ")": "RPAR"}


class _Bound(Transformer[Token, Any]):
    """What the derived clause binds: its DATE and EMAIL tokens."""

    def __init__(self) -> None:
        super().__init__()
        self.dates: list[Token] = []
        self.emails: list[Token] = []

    def DATE(self, token: Token) -> Token:  # noqa: N802 - Lark names callbacks after terminals
        self.dates.append(token)
        return token

    def EMAIL(self, token: Token) -> Token:  # noqa: N802
        self.emails.append(token)
        return token


class _Framed(_Bound):
    """What a labelled passage or a relation frame binds, by role (wip/jsonX)."""

    def __init__(self) -> None:
        super().__init__()
        self.roles: dict[str, list[Token]] = {}
        self.labels: list[tuple[Token, list[Token]]] = []
        # an item's tokens (_item_key) -> what the passage itself says the item is (W22): "noun" (a noun
        # of the table names it: "the model Sol 2", "o cliente Tiago"), "code" (a code or a number in
        # its name: "Atlas X2")
        self.kinds: dict[tuple[tuple[str, str, int | None], ...], frozenset[str]] = {}

    def priced(self, children: list[Any]) -> None:
        item, _costs, price = children
        self.roles.update(subject=item, amount=[t for t in price.children if t.type == "NUMBER"])

    def paid(self, children: list[Any]) -> None:
        item, _paid, price = children
        self.roles.update(payer=item, paid=[t for t in price.children if t.type == "NUMBER"])

    def temperature(self, children: list[Token]) -> None:
        self.roles.update(place=[t for t in children if t.type == "NAME"],
                          temperature=[t for t in children if t.type == "NUMBER"])

    def scored(self, children: list[Any]) -> None:
        item = next(c for c in children if isinstance(c, list))
        self.roles.update(team=item, goals=[t for t in children if isinstance(t, Token) and t.type == "NUMBER"])

    def aged(self, children: list[Token]) -> None:
        self.roles.update(person=[children[0]], age=[children[2]])

    def employs(self, children: list[Any]) -> None:
        item, _employs, number, _people = children
        self.roles.update(company=item, employees=[number])

    def item_name(self, children: list[Token]) -> list[Token]:
        item = [t for t in children if t.type not in ("DET", "ITEM_NOUN")]
        kinds = {"noun"} if any(t.type == "ITEM_NOUN" for t in children) else set()
        if any(t.type in ("CODE", "NUMBER") for t in item) and (children[0].type == "DET" or item[0].type != "NAME"):
            kinds.add("code")  # a sentence's first word is capitalised by its place: "Every Nimbus 7" shows no name (W23)
        self.kinds[_item_key(item)] = frozenset(kinds)
        return item

    def field_number(self, children: list[Token]) -> None:
        self.labels.append((children[0], [children[2]]))

    def field_text(self, children: list[Token]) -> None:
        self.labels.append((children[0], list(children[2:])))


def _item_key(tokens: list[Token]) -> tuple[tuple[str, str, int | None], ...]:
    """An item's tokens by class, text and place: the same for a kept parse tree as for a fresh one."""
    return tuple((t.type, str(t), t.start_pos) for t in tokens)


_LANGUAGE = RequestLanguage(Path(__file__).parent / "passage", _Framed)
_TABLES = {path.stem: json.loads(path.read_text(encoding="utf-8"))
           for path in sorted((Path(__file__).parent / "passage" / "vocabulary").glob("[!_]*.json"))}
# A number in the table's number format: "39,5" in a decimal-comma language, "18.75" in English; a
# number glued to a letter, a digit group ("1,299", "1.500") or a second separator is no number.
_NUMBER = {False: re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,9})?(?![\w%])(?![.,][0-9])"),
           True: re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:,[0-9]{1,9})?(?![\w%])(?![.,][0-9])")}
_DECIMAL_COMMA = frozenset({"es", "fr", "de", "pt", "it", "ru"})
# What a role's words must be shown to name by the passage itself (W22): a capitalised word alone
# ("Ana", "Neither", "España", "Navidad", "Mario Rossi", "Il Bologna") says nothing of its kind, so a
# team or a payer is served only where a table noun names it; a product may also carry a code (W23:
# no lowercase word). Roles not listed hold numbers only: the person of AGED and the place of a
# temperature are a bare NAME in every rule, so no passage shows their kind (no claim).
_EVIDENCE = {"subject": frozenset({"noun", "code"}), "company": frozenset({"noun", "code"}),
             "payer": frozenset({"noun"}), "team": frozenset({"noun"})}
# One word: letters (any script), digits, single inner hyphens ("Lumo-5", "L-50")
_TOKEN = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


# Per table, folded once at import: never_names is asked for every said name a statement reads
_NEVER_NAMES = {language: frozenset(fold(word) for cls in ("NOT_NAME", "CALENDAR") for word in table.get("classes", {}).get(cls, ()))
                for language, table in _TABLES.items()}


# wip/fuzz0: every table's negation words, folded ("negations"): a capitalised one is no name and no part of one in a
# passage of ANY language ("O cliente Tiago Not pagou 87 reais." may say Tiago did not pay: no claim)
_NEGATIONS = frozenset(fold(word) for table in _TABLES.values() for word in table.get("negations", ()))
# ... and those of every table but one: a passage's own table decides its own words by its classes (NOT_VALUE)
_OTHER_NEGATIONS = {language: frozenset(fold(word) for other, table in _TABLES.items() if other != language
                                        for word in table.get("negations", ())) for language in _TABLES}


def negations() -> frozenset[str]:
    """The folded negation words of every passage table (wip/fuzz0)."""
    return _NEGATIONS


def never_names(language: str) -> frozenset[str]:
    """The folded words of ``language``'s passage table that are never a name: pronouns, question
    words, quantifiers, negations (NOT_NAME) and calendar words (W24); empty without a table."""
    return _NEVER_NAMES.get(language, frozenset())


def bound_values(passage: str) -> dict[str, tuple[str, int, int]]:
    """The values the passage binds, by type ("date": "YYYY-MM-DD", "email": the address as
    written), each with where it stands in ``passage``; empty when the grammar does not derive the
    passage (no claim), a type bound twice or a date no calendar holds."""
    english = _vocabulary("en")
    read = _LANGUAGE.parse(_words(passage, english)) if passage.isascii() and english is not None else None
    if read is None or len(read.dates) > 1 or len(read.emails) > 1:
        return {}
    bound: dict[str, tuple[str, int, int]] = {}
    for token in read.emails:
        bound["email"] = (str(token), token.start_pos or 0, (token.start_pos or 0) + len(token))
    for token in read.dates:
        day = _iso(str(token))
        if day is None:
            return {}
        bound["date"] = (day, token.start_pos or 0, (token.start_pos or 0) + len(token))
    return bound


def _folded_roles(table: dict[str, Any]) -> dict[str, set[str]]:
    """Each frame role of the language's table with its words folded, so a key matches a role however
    it is cased or accented."""
    return {role: {_folded(word) for word in words} for role, words in table.get("roles", {}).items()}


def framed_values(passage: str, keys: list[str], language: str) -> dict[str, tuple[str | int | float, int, int]]:
    """Each listed key's value as a labelled passage or a relation frame binds it, with where it
    stands in ``passage`` (wip/jsonX); empty (no claim) when the grammar does not derive the whole
    passage in the language's table, a key names no role of the frame (or two keys one), a label
    names no listed key, or a listed key is stated by none."""
    vocabulary, table = _vocabulary(language), _TABLES.get(language)
    if vocabulary is None or table is None or not keys or len(set(map(_folded, keys))) != len(keys):
        return {}
    read = _LANGUAGE.parse(_words(passage, vocabulary, framed=True))
    if read is None or read.dates or read.emails:
        return {}
    by_key = _keyed(read, keys, _folded_roles(table))
    if by_key is None:
        return {}
    if sorted(by_key) != sorted(keys) or not all(_kind_shown(read, role, t) for role, t in by_key.values()):
        return {}
    return {key: _framed_value(passage, tokens) for key, (_, tokens) in by_key.items()}


def _kind_shown(read: _Framed, role: str | None, tokens: list[Token]) -> bool:
    """A key's value is of the kind its key asks: a label's words (the label spells the key), a
    number, or words the passage itself shows to be of the frame role's kind (``_EVIDENCE``)."""
    if role is None or all(t.type == "NUMBER" for t in tokens):
        return True
    return bool(read.kinds.get(_item_key(tokens), frozenset()) & _EVIDENCE.get(role, frozenset()))


def _keyed(read: _Framed, keys: list[str], roles: dict[str, set[str]]) -> dict[str, tuple[str | None, list[Token]]] | None:
    """The role (None for a label) and tokens each listed key names: by the passage's labels, else
    by the frame's roles."""
    if read.labels:
        labelled = _by_label(read, keys)
        return None if labelled is None else {key: (None, tokens) for key, tokens in labelled.items()}
    return _by_role(read, keys, roles) if read.roles else {}


def _by_label(read: _Framed, keys: list[str]) -> dict[str, list[Token]] | None:
    """Each label's tokens under the one listed key it names; None when a label names none, two,
    or a key already named."""
    by_key: dict[str, list[Token]] = {}
    for label, tokens in read.labels:
        named = [key for key in keys if _folded(key) == _folded(str(label))]  # "Cost:" is no price (W22)
        if len(named) != 1 or named[0] in by_key:
            return None
        by_key[named[0]] = tokens
    return by_key


def _by_role(read: _Framed, keys: list[str], roles: dict[str, set[str]]) -> dict[str, tuple[str | None, list[Token]]] | None:
    """Each listed key's frame role and tokens, by the one role it names; None when a key names
    none, two, or a role another key took."""
    by_key: dict[str, tuple[str | None, list[Token]]] = {}
    for key in keys:
        role = [name for name, words in roles.items() if _folded(key) in words and name in read.roles]
        if len(role) != 1 or any(taken == role[0] for taken, _ in by_key.values()):
            return None
        by_key[key] = (role[0], read.roles[role[0]])
    return by_key


def _framed_value(passage: str, tokens: list[Token]) -> tuple[str | int | float, int, int]:
    """A key's value with where it stands: a lone NUMBER as a number, else the text spanned."""
    begin = tokens[0].start_pos or 0
    end = (tokens[-1].start_pos or 0) + len(tokens[-1])
    if len(tokens) == 1 and tokens[0].type == "NUMBER":
        text = str(tokens[0]).replace(",", ".")
        return (float(text) if "." in text else int(text), begin, end)
    return (passage[begin:end], begin, end)


def _folded(word: str) -> str:
    """A key or label compared without case or accents ("País" is "pais")."""
    decomposed = unicodedata.normalize("NFD", fold(word))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _vocabulary(language: str) -> Any:
    return next((v for v in _LANGUAGE.vocabularies if v.language == language), None)


def _words(passage: str, vocabulary: Any, *, framed: bool = False) -> Iterator[Word]:
    """The passage cut into word classes: a date or an address read whole, a table's phrase, a
    capitalised name, a mark; anything else raises :class:`Declined` (no claim)."""
    folded, pos = Folded(passage), 0
    while pos < len(passage):
        if passage[pos] == " ":
            pos += 1
            continue
        found = _word_at(passage, folded, pos, vocabulary, framed)
        if found is not None:
            yield found[0]
            pos = found[1]
            continue
        raise Declined(f"no word class at {pos}")


def _word_at(passage: str, folded: Folded, pos: int, vocabulary: Any, framed: bool) -> tuple[Word, int] | None:
    """The word at ``pos`` and where the next one may start, or None (no word class)."""
    whole = _date_or_email(passage, pos)
    if whole is not None:
        return whole, pos + len(whole.text)
    if framed:
        word = _framed_word(passage, folded, pos, vocabulary)
        if word is not None:
            return word, pos + len(word.text)
    matched = vocabulary.match(folded, pos)
    if matched is not None:
        return Word(matched[0], passage[pos : matched[1]], pos), matched[1]
    name = _NAME.match(passage, pos)
    if name is not None and (pos == 0 or passage[pos - 1] in " ("):
        return Word("NAME", name.group(), pos), name.end()
    if passage[pos] in _MARKS:
        return Word(_MARKS[passage[pos]], passage[pos], pos), pos + 1
    return None


def _date_or_email(passage: str, pos: int) -> Word | None:
    """A date or an e-mail address read whole at ``pos``, not glued to the word before."""
    found = _EMAIL.match(passage, pos) or _ISO_DATE.match(passage, pos) or _word_date(passage, pos)
    if found is not None and (pos == 0 or not (passage[pos - 1].isalnum() or passage[pos - 1] in "@.+-")):
        return Word("EMAIL" if "@" in found.group() else "DATE", found.group(), pos)
    return None


def _framed_word(passage: str, folded: Folded, pos: int, vocabulary: Any) -> Word | None:
    """At ``pos``, a word of a labelled passage or a frame (wip/jsonX): a label (one word right
    before ":"), a number in the table's format, a currency sign of the table, a lowercase word no
    table holds (WORD), a code ("X2", "AZ208", "Lumo-5", "GmbH": CODE); None leaves the word to the table
    and the name classes, and raises :class:`Declined` for a word of no class."""
    if pos > 0 and passage[pos].isalnum() and passage[pos - 1].isalnum():
        raise Declined(f"a word glued to the one before at {pos}")
    mark = _sign_colon_or_number(passage, pos, vocabulary)
    if mark is not None:
        return mark
    token = _TOKEN.match(passage, pos)
    if token is None:
        return None
    return _framed_token(passage, folded, pos, vocabulary, token)


def _sign_colon_or_number(passage: str, pos: int, vocabulary: Any) -> Word | None:
    """At ``pos``, a currency sign of the table, a colon or a number in the table's format."""
    signs = _TABLES[vocabulary.language]["classes"].get("CURRENCY_SIGN", ())
    sign = next((s for s in signs if passage.startswith(s, pos)), None)
    if sign is not None:
        return Word("CURRENCY_SIGN", sign, pos)
    if passage[pos] == ":":
        return Word("COLON", ":", pos)
    if read_two_ways(passage, pos):  # "1,500": 1500 in en-US, 1.5 with a decimal comma (W22)
        raise Declined(f"a digit group read two ways at {pos}")
    number = _NUMBER[vocabulary.language in _DECIMAL_COMMA].match(passage, pos)
    if number is not None:
        return Word("NUMBER", number.group(), pos)
    return None


def _framed_token(passage: str, folded: Folded, pos: int, vocabulary: Any, token: re.Match[str]) -> Word | None:
    """The class of the word ``token`` at ``pos``: LABEL, WORD, NAME or CODE; None for a table word."""
    text = token.group()
    if passage[token.end() : token.end() + 1] == ":" and text.isalpha():
        return Word("LABEL", text, pos)
    if vocabulary.match(folded, pos) is not None:
        return None  # a table word (or phrase): the table's class
    # another table's negation, capitalised as names are written ("Tiago Not pagou"; a lowercase word in a name is derived
    # by no frame): NOT_VALUE, derived by no rule (wip/fuzz0)
    if text[:1].isupper() and fold(text) in _OTHER_NEGATIONS.get(vocabulary.language, _NEGATIONS):
        return Word("NOT_VALUE", text, pos)
    if text.isalpha() and text.islower():
        return Word("WORD", text, pos)
    if text.isalpha() and text[0].isupper() and text[1:].islower():
        return Word("NAME", text, pos)
    if any(ch.isdigit() for ch in text) or any(ch.isupper() for ch in text[1:]):  # "X2", "AG", "GmbH"
        return Word("CODE", text, pos)
    raise Declined(f"no word class at {pos}")


def _word_date(passage: str, pos: int) -> re.Match[str] | None:
    found = _WORD_DATE.match(passage, pos)
    return found if found is not None and found.group("month").lower() in _MONTHS else None


def _iso(text: str) -> str | None:
    """A date read whole as YYYY-MM-DD; None for a day no calendar holds ("February 30, 2027")."""
    iso, words = _ISO_DATE.fullmatch(text), _WORD_DATE.fullmatch(text)
    try:
        if iso is not None:
            return datetime.date(int(iso.group("y")), int(iso.group("m")), int(iso.group("d"))).isoformat()
        if words is not None:
            month = _MONTHS.index(words.group("month").lower()) + 1
            return datetime.date(int(words.group("y")), month, int(words.group("d"))).isoformat()
    except ValueError:
        return None
    return None
