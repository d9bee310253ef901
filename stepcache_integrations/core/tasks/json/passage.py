"""A quoted passage's one date or e-mail address, read by a declared grammar (red team 14: W19).

'Extract the date as JSON {"date": "YYYY-MM-DD"} from: "<passage>"' states the key from the
passage only when ``passage/request.lark`` derives the whole passage in ``passage/vocabulary``:
one clause that binds the value to its subject ("The fair opens on March 3, 2027.", "Gina can be
reached at gina@uni.edu."). A passage's only date is not, by itself, the date asked ("two days
after 2024-03-04", "the date is unknown; 2024-03-04 is the press day"); a word outside the table
or a sentence the grammar does not derive is no claim, and the model writes the key.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lark import Token, Transformer

from ..request_language import Declined, Folded, RequestLanguage, Word

__all__ = ["bound_values"]

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


_LANGUAGE = RequestLanguage(Path(__file__).parent / "passage", _Bound)


def bound_values(passage: str) -> dict[str, tuple[str, int, int]]:
    """The values the passage binds, by type ("date": "YYYY-MM-DD", "email": the address as
    written), each with where it stands in ``passage``; empty when the grammar does not derive the
    passage (no claim), a type bound twice or a date no calendar holds."""
    (english,) = _LANGUAGE.vocabularies
    read = _LANGUAGE.parse(_words(passage, english)) if passage.isascii() else None
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


def _words(passage: str, vocabulary: Any) -> Iterator[Word]:
    """The passage cut into word classes: a date or an address read whole, a table's phrase, a
    capitalised name, a mark; anything else raises :class:`Declined` (no claim)."""
    folded, pos = Folded(passage), 0
    while pos < len(passage):
        ch = passage[pos]
        if ch == " ":
            pos += 1
            continue
        found = _EMAIL.match(passage, pos) or _ISO_DATE.match(passage, pos) or _word_date(passage, pos)
        if found is not None and (pos == 0 or not (passage[pos - 1].isalnum() or passage[pos - 1] in "@.+-")):
            yield Word("EMAIL" if "@" in found.group() else "DATE", found.group(), pos)
            pos = found.end()
            continue
        matched = vocabulary.match(folded, pos)
        if matched is not None:
            yield Word(matched[0], passage[pos : matched[1]], pos)
            pos = matched[1]
            continue
        name = _NAME.match(passage, pos)
        if name is not None and (pos == 0 or passage[pos - 1] in " ("):
            yield Word("NAME", name.group(), pos)
            pos = name.end()
            continue
        if ch in _MARKS:
            yield Word(_MARKS[ch], ch, pos)
            pos += 1
            continue
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
