"""Pasted tables and .env blocks as one JSON object (issue 33 items 2-4).

A prompt that holds a pasted block -- a header line and exactly one data row separated by commas,
semicolons, tabs or pipes (the stdlib ``csv`` module, one explicit dialect per separator), a
markdown table (a header and one row, or a two-column key/value table), or ``NAME=value`` lines
(``configparser``) -- and around it only sentences ``pastes/request.lark`` derives in one
language's table (``pastes/vocabulary``) is a plain request: its keys are the block's own keys
exactly as written, its values the cells exactly as written, typed by :func:`_typed` (a JSON
number literal is a number, ``true``/``false`` a boolean, anything else a string; a key's type
note -- "salary as a number", "plz als String", "学号用字符串" -- says which). Anything else is no
claim: two readings of the block, two data rows, a row of another width, a note naming no key, a
cell no rule types (``1,5``, ``12%``, ``null``, an empty cell, ``00421`` noted a number).
"""

from __future__ import annotations

import configparser
import csv
import io
import json
import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from lark import Token, Transformer

from ..request_language import Declined, Folded, RequestLanguage, Vocabulary, Word, fold
from .statements import JsonRequest, Statement

__all__ = ["read_paste"]

_FOLDER = Path(__file__).parent / "pastes"


class _Dialect(csv.Dialect):
    """One separator, double quotes around a cell that holds it, strict (an unclosed quote errs)."""

    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = csv.QUOTE_MINIMAL
    strict = True


# One dialect per separator; a pipe row pads its cells with spaces ("TS-01 | azul"), which are not
# the cell's (a markdown table's cells are stripped the same way), and a comma row may put one after
# each comma ("name, zip" then '"Ana", "01234"': the cells as the JSON reader's own CSV line read them
# before wip/cleanup routed it here); a space before a comma stays the cell's (no claim).
_DIALECTS: dict[str, type[csv.Dialect]] = {
    sep: type(f"_Dialect{ord(sep)}", (_Dialect,), {"delimiter": sep, "skipinitialspace": sep in "|,"})
    for sep in (",", ";", "\t", "|")
}
# A cell as written: its quotes, if it starts with one ('A1,"true",7'), then the rest up to the separator
_QUOTED_CELL = {sep: re.compile(("[ ]*" if sep in "|," else "") + r'("(?:[^"]|"")*")?[^' + re.escape(sep) + "]*") for sep in _DIALECTS}
_MARKDOWN_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
_MARKDOWN_RULE = re.compile(r"[ \t]*\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*")
# A cell written as a key is ("age", "max_retries"): lowercase ASCII letters, digits and underscores
_KEY_LIKE = re.compile(r"[a-z][a-z0-9_]*")
# A markdown cell's inline syntax (GFM reads cells as inline content): escapes, code, emphasis, links,
# HTML and character references, strike-through; "_" only at a word's edge ("first_name" is plain)
_MARKDOWN_INLINE = re.compile(r"[\\`*<>\[\]]|~~|&(?:#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);|(?<!\w)_|_(?!\w)")
_ENV_LINE = re.compile(r"(?:export[ \t]+)?[A-Za-z_][A-Za-z0-9_]{0,60}=\S.*")
# "export NAME=value": the shell's prefix, no part of the name (wip/overdecl)
_EXPORT = re.compile(r"export[ \t]+(?=[A-Za-z_][A-Za-z0-9_]{0,60}=)")
# A value in one pair of quotes, "b.example" or 'b': the text between them, which holds no quote, no
# escape, no expansion and no comment mark (what a .env tool makes of those, the tools differ on)
_ENV_QUOTED = re.compile(r"\"(?P<double>[^\"'\\$`#]+)\"|'(?P<single>[^\"'\\$`#]+)'")
_LABELLED = re.compile(r"(?P<label>[^\W\d_][\w -]{0,30}?)[ \t]*[:\uff1a][ \t]*(?P<rest>.*)")
# A number as JSON writes it (no "-0", no leading zero, no exponent); "00421" keeps its zeros as a string.
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,9})?")
_LEADING_ZEROS = re.compile(r"0[0-9]+")
_DOT_THOUSANDS = re.compile(r"-?[0-9]{1,3}\.[0-9]{3}")
# A cell that may be a number written otherwise ("1,5", "1 080 000", "1e5", "+33", "12%", "72 kg",
# "$5"): which value it is the paste does not say.
_NUMBER_LIKE = re.compile(
    r"[-+]?[0-9][0-9.,'\s\u00a0\u202f]*(?:[eE][-+]?[0-9]+)?\s?[%\u2030\u00b0\u20ac$\u00a3\u00a5\u20bd]?"
    r"|[-+]?[0-9][0-9.,]*\s+[^\W\d_]{1,5}|[\u20ac$\u00a3\u00a5\u20bd]\s?[0-9].*|[-+.][0-9].*"
)
# Words that are a value of another JSON type or none, in any of the nine languages: never read as a string
_NOT_STRINGS = frozenset({"true", "false", "null", "none", "nil", "nan", "undefined", "yes", "no", "sí", "si", "oui", "non",
                          "vrai", "faux", "ja", "nein", "wahr", "falsch", "sim", "não", "nao", "verdadero", "falso", "vero",
                          "verdadeiro", "да", "нет", "истина", "ложь", "是", "否", "真", "假", "はい", "いいえ", "-", "n/a"})
_POINT_IS_DECIMAL = frozenset({"en", "zh", "ja"})
_MARKS = {".": "STOP", "\n": "STOP", ";": "STOP", "?": "QMARK", "!": "EXCL", "\u00bf": "INVQ", ",": "COMMA",
          ":": "COLON", "(": "LPAR", ")": "RPAR", "=": "EQUALS", "\u3002": "STOP", "\uff01": "EXCL", "\uff1b": "STOP",
          "\uff1f": "QMARK", "\uff0c": "COMMA", "\u3001": "COMMA", "\uff1a": "COLON", "\uff08": "LPAR", "\uff09": "RPAR",
          "\uff1d": "EQUALS"}
_TYPES = {"T_NUMBER": "number", "T_INTEGER": "integer", "T_STRING": "string", "T_BOOL": "boolean"}


@dataclass(frozen=True)
class _Block:
    """A pasted block: its lines [start, end) of the prompt, its keys and cells in order, and the
    separator it was read with ("md" a markdown table, "env" NAME=value lines)."""

    start: int
    end: int
    pairs: tuple[tuple[str, str], ...]
    separator: str
    header: tuple[str, ...] = ()
    key_value: bool = False
    #: "Header:" and "Row:" written before the two lines
    labels: tuple[str, str] | None = None
    #: the keys whose values were written in quotes ('HOST="b.example"', 'A1,"true",7'): strings
    quoted: frozenset[str] = frozenset()
    #: where the block starts in its first line: the header after the request's colon ("Make JSON from: name,age")
    column: int = 0


class _Read(Transformer[Token, Any]):
    """What the sentences around the paste say: how many requests, the type noted per key, the
    layout notes."""

    def __init__(self) -> None:
        super().__init__()
        self.asks = 0
        self.types: dict[str, str] = {}
        self.layouts: list[str] = []
        self.all_types: list[str] = []  # "all values as strings": every cell no key's note types
        self.headed = False  # the request names the header ("keyed by the header", "(header first)")
        self.integers = False  # "(numbers as integers)" (wip/jsonY)

    def header_keys(self, children: list[Any]) -> None:
        self.headed = True

    def asked(self, children: list[Any]) -> None:
        self.asks += 1

    def type(self, children: list[Token]) -> str:
        return _TYPES[children[0].type]

    def note(self, children: list[Any]) -> None:
        keys = next(child for child in children if isinstance(child, list))
        noted = next(child for child in children if isinstance(child, str) and child in _TYPES.values())
        for key in keys:
            if self.types.setdefault(key, noted) != noted:
                raise Declined  # "a as a number, a as a string"
    def keys(self, children: list[Token]) -> list[str]:
        return [str(child) for child in children if child.type == "KEY"]

    def all_note(self, children: list[Any]) -> None:
        self.all_types.append(next(child for child in children if isinstance(child, str) and child in _TYPES.values()))

    def keep(self, children: list[Any]) -> None:
        children = [child for child in children if not isinstance(child, Token)]  # fr "les nombres en nombres": the determiner
        if (children[0], children[-1]) == ("number", "integer"):
            self.integers = True  # "(numbers as integers)": every number cell a whole number, else no claim (wip/jsonY)
        elif children[0] != children[-1]:
            raise Declined  # "numbers as strings": a rule over every cell, not read here

    def inner(self, children: list[Any]) -> None:
        for child in children:
            if isinstance(child, Token) and child.type.startswith("LAYOUT"):
                self.layouts.append(child.type)
                self.headed |= child.type == "LAYOUT"


class _Language(RequestLanguage):
    """The paste grammar and its tables."""

    @cached_property
    def tables(self) -> dict[str, dict[str, Any]]:
        """Each language's table as written (its line labels and key/value column words beside the classes)."""
        return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (self.folder / "vocabulary").glob("*.json")}


_LANGUAGE = _Language(_FOLDER, _Read)


def read_paste(prompt: str) -> JsonRequest | None:
    """The plain request a prompt with one pasted block is, or None (no claim)."""
    if "\n" not in prompt or len(prompt) > 4000:
        return None
    lines = prompt.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    found: list[JsonRequest] = []
    for block in _blocks(lines):
        for vocabulary in _LANGUAGE.vocabularies:
            read = _read(prompt, lines, offsets, block, vocabulary)
            if read is not None:
                found.append(read)
                break
    return found[0] if len(found) == 1 else None  # two readings of the prompt: which block is the data?


def _blocks(lines: list[str]) -> list[_Block]:
    """Every way a run of lines may be read as a pasted block (the caller keeps the prompts whose
    other lines the grammar derives, and only one)."""
    blocks: list[_Block] = []
    for i in range(len(lines) - 1):
        labelled = _labelled(lines, i)  # "Header: a,b": its label is no key ("Header: a" is not read as one)
        delimited, env = labelled or _delimited(lines, i), _env(lines, i)
        if delimited is not None and env is not None:
            continue  # "A=1,B=2" lines: a table's cells or NAME=value lines? (either may be the one read)
        blocks += [block for block in (_markdown(lines, i), delimited, env, _header_after_colon(lines, i)) if block is not None]
    return blocks


# wip/jsonAF: "Make JSON from: name,age\nAna,30": a comma-separated header after the line's first colon and a space, one
# row on the next line; the text before the colon must be a request the grammar derives (``_read``), the header's cells keys
_HEAD_AFTER_COLON = re.compile(r"[^:\n]*?: (?=\S)")


def _header_after_colon(lines: list[str], i: int) -> _Block | None:
    head = _HEAD_AFTER_COLON.match(lines[i])
    if head is None or _LABELLED.fullmatch(lines[i + 1]) or _separator(lines[i][head.end():]) != "," or _separator(lines[i + 1]) != ",":
        return None
    block = _delimited([lines[i][head.end():], *lines[i + 1:]], 0)
    if block is None or block.key_value or block.end != 2:
        return None
    return replace(block, start=i, end=i + 2, column=head.end())


def _cells(line: str, separator: str) -> list[str] | None:
    try:
        rows = list(csv.reader(io.StringIO(line), dialect=_DIALECTS[separator]))
    except csv.Error:
        return None
    if len(rows) != 1:
        return None
    cells = rows[0]
    return [cell.strip(" \t") for cell in cells] if separator == "|" else cells


def _quoted(line: str, separator: str) -> list[bool]:
    """Which cells of a row ``csv`` read were written in quotes: the module drops them, and a quoted
    "7" or "true" is the string as written where the bare cell is a number or a boolean (W25)."""
    flags, pos = [], 0
    while True:
        cell = _QUOTED_CELL[separator].match(line, pos)
        flags.append(cell is not None and cell.group(1) is not None)
        pos = (cell.end() if cell is not None else len(line)) + 1
        if pos > len(line):
            return flags


def _separator(line: str) -> str | None:
    """The one separator the line holds ("a;b,c" holds two: which one splits it is not said)."""
    present = [sep for sep in _DIALECTS if sep in line]
    return present[0] if len(present) == 1 else None


def _table(header: list[str], rows: list[list[str]], quoted: list[list[bool]], start: int, end: int, separator: str) -> _Block | None:
    """A header and one row (keys and cells), or a key/value table of two columns; ``quoted`` says which
    of the rows' cells were written in quotes."""
    if len(header) < 2 or any(len(row) != len(header) for row in rows) or not rows:
        return None
    if len(rows) == 1:
        keys = frozenset(key for key, flag in zip(header, quoted[0]) if flag)
        return _Block(start, end, tuple(zip(header, rows[0])), separator, tuple(header), quoted=keys)
    if len(header) == 2:
        keys = frozenset(row[0] for row, flags in zip(rows, quoted) if flags[1:2] == [True])
        return _Block(start, end, tuple((row[0], row[1]) for row in rows), separator, tuple(header), key_value=True, quoted=keys)
    return None  # two data rows: which one is "the row"?


def _markdown(lines: list[str], i: int) -> _Block | None:
    if not (_MARKDOWN_ROW.fullmatch(lines[i]) and _MARKDOWN_RULE.fullmatch(lines[i + 1])):
        return None
    end = i + 2
    while end < len(lines) and _MARKDOWN_ROW.fullmatch(lines[end]) and not _MARKDOWN_RULE.fullmatch(lines[end]):
        end += 1
    inner = [lines[j].strip(" \t")[1:-1] for j in (i, *range(i + 2, end))]
    read = [_cells(line, "|") for line in inner]
    if any(cells is None for cells in read):
        return None
    header, *rows = read
    if any(_MARKDOWN_INLINE.search(cell) for cells in read for cell in cells):  # type: ignore[union-attr]
        return None  # W26 (red team 20, C2): an escape, "&amp;", "**Ana**", "`a`", "[a](u)": the cell renders as other text
    return _table(header, rows, [_quoted(line, "|") for line in inner[1:]], i, end, "md")  # type: ignore[arg-type]


def _delimited(lines: list[str], i: int) -> _Block | None:
    if _MARKDOWN_ROW.fullmatch(lines[i]):
        return None
    separator = _separator(lines[i])
    header = _cells(lines[i], separator) if separator else None
    if separator is None or header is None:
        return None
    end, rows, quoted = i + 1, [], []
    while end < len(lines) and _separator(lines[end]) == separator:
        cells = _cells(lines[end], separator)
        if cells is None:
            break
        rows.append(cells)  # a short or long row is kept: _table declines it (one check for every layout)
        quoted.append(_quoted(lines[end], separator))
        end += 1
    return _table(header, rows, quoted, i, end, separator)


def _labelled(lines: list[str], i: int) -> _Block | None:
    """"Header: a,b" then "Row: 1,2": the labels are checked against the table (``_read``)."""
    first, second = _LABELLED.fullmatch(lines[i]), _LABELLED.fullmatch(lines[i + 1])
    if first is None or second is None:
        return None
    separator = _separator(first["rest"])
    if separator is None or _separator(second["rest"]) != separator:
        return None
    header, row = _cells(first["rest"], separator), _cells(second["rest"], separator)
    if header is None or row is None or len(header) < 2 or len(row) != len(header):
        return None
    keys = frozenset(key for key, flag in zip(header, _quoted(second["rest"], separator)) if flag)
    return _Block(i, i + 2, tuple(zip(header, row)), separator, tuple(header), labels=(first["label"], second["label"]), quoted=keys)


def _env(lines: list[str], i: int) -> _Block | None:
    """NAME=value lines (at least two), read by configparser: names kept as written, no
    interpolation, "=" the only delimiter, a name written twice an error."""
    end = i
    while end < len(lines) and _ENV_LINE.fullmatch(lines[end]):
        end += 1
    if end - i < 2 or (i > 0 and _ENV_LINE.fullmatch(lines[i - 1])):
        return None
    parser = configparser.RawConfigParser(delimiters=("=",), comment_prefixes=(), inline_comment_prefixes=None,
                                          strict=True, empty_lines_in_values=False, default_section="\0")
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string("[paste]\n" + "\n".join(_EXPORT.sub("", line, count=1) for line in lines[i:end]))
    except configparser.Error:
        return None
    pairs, quoted = [], set()
    for name, value in parser.items("paste"):
        inner = _ENV_QUOTED.fullmatch(value)
        if inner is not None:  # HOST="b.example", HOST='b': the value between the quotes, a string
            value = inner["double"] or inner["single"]
            quoted.add(name)
        pairs.append((name, value))
    if len(pairs) != end - i or any(mark in value for _name, value in pairs for mark in "\"'#`$\\"):
        return None  # a quote left ("a"b", "\"x\""), an escape, a comment or an expansion: which value it is the .env tools differ on
    return _Block(i, end, tuple(pairs), "env", quoted=frozenset(quoted))


def _asks_for_the_block(read: _Read, block: _Block) -> bool:
    """The request around a paste asks for it, notes at most one type for all its values, and names
    no layout but the block's own: a "comma-separated" note over a pipe table describes another paste."""
    return not (read.asks == 0 or len(set(read.all_types)) > 1 or any(_SEPARATOR_NOTED[layout] not in ("", block.separator) for layout in read.layouts))


def _read(prompt: str, lines: list[str], offsets: list[int], block: _Block, vocabulary: Vocabulary) -> JsonRequest | None:
    keys = [key for key, _cell in block.pairs]
    if not _block_fits(block, _LANGUAGE.tables[vocabulary.language], keys):
        return None
    start, end = offsets[block.start] + block.column, offsets[block.end] - 1
    try:
        words = list(_words(prompt, start, end, keys, vocabulary))
    except Declined:
        return None
    read = _LANGUAGE.parse(words)
    if read is None or not _asks_for_the_block(read, block):
        return None
    types = {key: read.types.get(key, *read.all_types[:1]) for key in keys} if read.all_types else read.types
    if not _header_named(read, block, keys):
        return None
    statements = _statements(block, types, vocabulary.language, (offsets[block.end - 1], offsets[block.end] - 1))
    if statements is None:
        return None
    if read.integers and any(isinstance(st.value, float) for st in statements.values()):
        return None  # "(numbers as integers)" and a cell "2.5": rounded how? not said (wip/jsonY)
    return JsonRequest(tuple(keys), statements, frozenset(statements), "", vocabulary.language, {}, {}, True)


def _block_fits(block: _Block, table: dict[str, Any], keys: list[str]) -> bool:
    """A key/value table under a key/value header only, labels the table declares, keys read whole."""
    if block.key_value != _key_value_header(block.header):
        return False  # a key/value table of many rows, or "| key | value |" and one row: its cells or one key's value?
    if not block.key_value and block.separator != "env" and not block.labels and len(block.pairs) == 2 and _read_two_ways(block):
        return False
    if block.labels is not None and not _labels_read(block.labels, table):
        return False
    return _keys_read(keys)


def _statements(block: _Block, types: dict[str, str], language: str, span: tuple[int, int]) -> dict[str, Statement] | None:
    """Each key's cell typed (``_typed``), or None when a cell is no value the paste states."""
    statements: dict[str, Statement] = {}
    for key, cell in block.pairs:
        value = _typed(cell, types.get(key), language)
        if key in block.quoted and not isinstance(_typed(cell, None, language), str):
            return None  # PORT="5432", DEBUG="false": quoted, a string; unquoted, a number; which one is meant is not said
        if value is None:
            return None
        statements[key] = Statement(value, isinstance(value, str), span)
    return statements


def _read_two_ways(block: _Block) -> bool:
    """W26 (red team 20, C5): two columns and one row under a header whose second cell is a value
    column's word of any table ("attribute | value" over "name | Bob", "item | value"), or whose first
    cell is a key column's word over a cell written as a key ("name | amount" over "age | 31"): a
    header and its row, or one key and its value? Not said, so no claim (the declared "| key | value |"
    headers are read as key/value tables of many rows)."""
    return fold(block.header[1]) in _VALUE_COLUMN_WORDS or (
        fold(block.header[0]) in _KEY_COLUMN_WORDS and _KEY_LIKE.fullmatch(block.pairs[0][1]) is not None)


# Every table's key and value column words, folded once (_read_two_ways)
_VALUE_COLUMN_WORDS = frozenset(fold(word) for table in _LANGUAGE.tables.values() for word in table["value_column"])
_KEY_COLUMN_WORDS = frozenset(fold(word) for table in _LANGUAGE.tables.values() for word in table["key_column"])


def _header_named(read: _Read, block: _Block, keys: list[str]) -> bool:
    """The first line is the header: its keys lowercase, a markdown rule, labels or the request's words
    say so ("Sku,Qty" / "Ana,Lima": a header, or a first row of names?)."""
    return bool(read.headed or block.separator in ("md", "env") or block.labels or all(not key[:1].isupper() for key in keys))


def _keys_read(keys: list[str]) -> bool:
    """Keys written once each, none empty or padded."""
    return not (len(set(keys)) != len(keys) or not all(keys) or any(key != key.strip() for key in keys)) and not any(
        key[0].isdigit() or key in ("true", "false") for key in keys  # "31" or "true" is a row's cell, no header's
    )


def _labels_read(labels: tuple[str, str], table: dict[str, Any]) -> bool:
    """"Header:" and "Row:": the table's words for a header line and a data line."""
    return fold(labels[0]) in map(fold, table["header_labels"]) and fold(labels[1]) in map(fold, table["row_labels"])


def _key_value_header(header: tuple[str, ...]) -> bool:
    """A two-column header naming a key column and a value column ("| key | value |", "| 参数 | 值 |")."""
    return len(header) == 2 and any(
        fold(header[0]) in map(fold, table["key_column"]) and fold(header[1]) in map(fold, table["value_column"])
        for table in _LANGUAGE.tables.values()
    )


# The separator a layout note names ("(Tab-getrennt)": a tab); "" a note that names none ("header first").
_SEPARATOR_NOTED = {"LAYOUT": "", "LAYOUT_TAB": "\t", "LAYOUT_COMMA": ",", "LAYOUT_SEMICOLON": ";"}


def _words(prompt: str, start: int, end: int, keys: list[str], vocabulary: Vocabulary) -> Any:
    """The prompt outside the block as words of ``vocabulary``, the block one PASTE word; a key of
    the block written exactly is a KEY word (a key that is also a table word is no claim)."""
    folded = Folded(prompt)
    if len(folded) != len(prompt):
        raise Declined
    by_length = sorted(keys, key=len, reverse=True)
    for key in keys:
        if key in vocabulary.phrases or fold(key) in vocabulary.phrases:
            raise Declined  # a key named "json" or "row": which one a sentence says is not read
    pos = 0
    while pos < len(prompt):
        if pos == start:
            yield Word("PASTE", prompt[start:end], start)
            pos = end
        elif prompt[pos] in " \t\u3000" or (prompt[pos] == "\n" and pos + 1 == start):
            pos += 1
        else:
            word = _word(prompt, folded, pos, by_length, vocabulary)
            yield word
            pos += len(word.text)


def _word(prompt: str, folded: str, pos: int, keys: list[str], vocabulary: Vocabulary) -> Word:
    """The word at ``pos``: a key (longer than any table phrase there), a table phrase, or a mark."""
    key = next((k for k in keys if prompt.startswith(k, pos) and _key_ends(prompt, pos + len(k), vocabulary)), None)
    matched = vocabulary.match(folded, pos)
    if key is not None and (matched is None or matched[1] - pos < len(key)):
        return Word("KEY", key, pos)
    if matched is not None:
        return Word(matched[0], prompt[pos : matched[1]], pos)
    if prompt[pos] in _MARKS:
        return Word(_MARKS[prompt[pos]], prompt[pos], pos)
    raise Declined  # a word outside the table


def _key_ends(prompt: str, end: int, vocabulary: Vocabulary) -> bool:
    return not vocabulary.spaced or end >= len(prompt) or not (prompt[end].isalnum() or prompt[end] in "_-'")


def _typed(cell: str, noted: str | None, language: str) -> str | int | float | bool | None:
    """A cell as the value it is: a number literal a number (a string where noted so), ``true`` or
    ``false`` a boolean, any other cell a string; None where the cell is not the type noted, or
    the paste does not say which value it is."""
    if noted == "string":
        return cell if cell and cell == cell.strip() else None
    if _NUMBER.fullmatch(cell) and cell != "-0":
        return _number(cell, noted, language)
    if cell in ("true", "false"):
        return cell == "true" if noted in (None, "boolean") else None
    if noted is not None or not cell or cell != cell.strip() or fold(cell) in _NOT_STRINGS:
        return None
    return _plain_string(cell)


def _number(cell: str, noted: str | None, language: str) -> int | float | None:
    """A number literal's value, unless a point may group thousands or the note says otherwise."""
    if "." in cell and language not in _POINT_IS_DECIMAL and _DOT_THOUSANDS.fullmatch(cell):
        return None  # "1.080" may be 1080 where a point groups thousands
    if noted not in (None, "number", "integer") or noted == "integer" and "." in cell:
        return None  # "31.5" noted an integer
    value = float(cell) if "." in cell else int(cell)
    return value if json.dumps(value) == cell else None  # "1.10" would be served 1.1: not as written (W22)


def _plain_string(cell: str) -> str | None:
    """A cell no note types: a string, unless it may be a number written otherwise."""
    if any(ch.isdigit() and not ch.isascii() for ch in cell):
        return None  # "\uff11\uff12": a number in other digits, or a string?
    if _LEADING_ZEROS.fullmatch(cell):
        return cell  # "00421": a code, its zeros kept
    if _NUMBER_LIKE.fullmatch(cell):
        return None
    return cell
