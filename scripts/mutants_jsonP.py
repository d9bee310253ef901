"""Mutation-check rows for wip/jsonP: JSON from a pasted table or .env block (issue 33 items 2-4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_PASTES = f"{_JSON}/pastes.py"
_GRAMMAR = f"{_JSON}/pastes/request.lark"
_T = "tests/adversarial/test_json_pastes_jsonP.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonP-hook-deleted", "read_request no longer falls back to a pasted block (nothing pasted is served)",
     f"{_JSON}/reader.py", "    return read_paste(prompt)\n", "    return None\n", (_T,)),
    ("jsonP-two-rows-first", "a table of two data rows is read as its first row",
     _PASTES, "    if len(rows) == 1:\n        keys = frozenset(key for key, flag in zip(header, quoted[0]) if flag)",
     "    if len(rows) >= 1:\n        keys = frozenset(key for key, flag in zip(header, quoted[0]) if flag)", (_T,)),
    ("jsonP-row-width-unchecked", "a markdown row wider than its header is read (its extra cell dropped)",
     _PASTES, "    if len(header) < 2 or any(len(row) != len(header) for row in rows) or not rows:", "    if len(header) < 2 or not rows:", (_T,)),
    # jsonP-key-value-one-row retired 2026-12-05 (equivalent): '| key | value |' over one row is declined by W26's
    # pastes._read_two_ways as well (two columns and one row under a value column's word of any table)
    ("jsonP-labels-unchecked", "'Foo: a,b' / 'Bar: 1,2' (labels no table declares) are read as a header and a row",
     _PASTES, "    if block.labels is not None and not _labels_read(block.labels, table):\n        return False", "    if False:\n        return False", (_T,)),
    ("jsonP-env-or-table", "'A=1,B=2' lines are read as a table although they are NAME=value lines too",
     _PASTES, "        if delimited is not None and env is not None:\n            continue", "        if False:\n            continue", (_T,)),
    ("jsonP-env-quoted-value", "NAME=\"x\" is read as the string with its quotes",
     _PASTES, " or any(mark in value for _name, value in pairs for mark in", " or False and any(mark in value for _name, value in pairs for mark in", (_T,)),
    ("jsonP-key-twice", "a header writing a key twice is read",
     _PASTES, "    return not (len(set(keys)) != len(keys) or not all(keys)", "    return not (not all(keys)", (_T,)),
    ("jsonP-pipe-cells-unstripped", "a pipe row's padding is kept in its cells ('TS-01 | azul' is not served)",
     _PASTES, '    return [cell.strip(" \\t") for cell in cells] if separator == "|" else cells', "    return cells", (_T,)),
    ("jsonP-layout-disagrees", "'(Tab-getrennt)' above a comma-separated paste is read",
     _PASTES, 'any(_SEPARATOR_NOTED[layout] not in ("", block.separator) for layout in read.layouts)', "False", (_T,)),
    ("jsonP-note-twice", "'score as a number, score as a string' keeps the first note",
     _PASTES, "            if self.types.setdefault(key, noted) != noted:", "            if self.types.setdefault(key, noted) != noted and False:", (_T,)),
    ("jsonP-keep-other-type", "'numbers as strings' (a rule over every cell) is read as keeping the types",
     _PASTES, "        elif children[0] != children[-1]:", "        elif False:", (_T,)),
    ("jsonP-leading-zeros-number", "'00421' is the number 421",
     _PASTES, '_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]{0,14})(?:\\.[0-9]{1,9})?")', '_NUMBER = re.compile(r"-?[0-9]{1,15}(?:\\.[0-9]{1,9})?")', (_T,)),
    ("jsonP-dot-thousands", "de '1.080' is the number 1.08",
     _PASTES, '    if "." in cell and language not in _POINT_IS_DECIMAL and _DOT_THOUSANDS.fullmatch(cell):', "    if False:", (_T,)),
    ("jsonP-string-note-ignored", "'code_postal en chaîne de caractères' leaves 49000 a number",
     _PASTES, '    if noted == "string":\n', '    if noted == "text":\n', (_T,)),
    ("jsonP-bool-noted-number", "'true' noted a number is the boolean true",
     _PASTES, '        return cell == "true" if noted in (None, "boolean") else None', '        return cell == "true"', (_T,)),
    ("jsonP-noted-type-unchecked", "'Köln' noted a number is the string 'Köln'",
     _PASTES, "    if noted is not None or not cell or cell != cell.strip() or fold(cell) in _NOT_STRINGS:",
     "    if not cell or cell != cell.strip() or fold(cell) in _NOT_STRINGS:", (_T,)),
    ("jsonP-not-strings-deleted", "'TRUE', 'null', 'ja' are read as strings",
     _PASTES, "    if noted is not None or not cell or cell != cell.strip() or fold(cell) in _NOT_STRINGS:",
     "    if noted is not None or not cell or cell != cell.strip():", (_T,)),
    ("jsonP-other-digits", "'１２' (full-width digits) is read as a string",
     _PASTES, "    if any(ch.isdigit() and not ch.isascii() for ch in cell):", "    if False:", (_T,)),
    ("jsonP-number-like-string", "'1,5', '12%', '72 kg' are read as strings",
     _PASTES, "    if _NUMBER_LIKE.fullmatch(cell):\n        return None\n", "", (_T,)),
    ("jsonP-grammar-ja-object-first", "ja 'この行をJSONオブジェクトにしてください' is not derived",
     _GRAMMAR, "   | ref WO noun VERB_END ", "   | ref WO WO noun VERB_END ", (_T,)),
    ("jsonP-fr-string-word", "fr 'chaîne de caractères' is no type word (the fr pair is not served)",
     f"{_JSON}/pastes/vocabulary/fr.json", '"chaîne de caractères",', '"chaîne de caractèresx",', (_T,)),
    ("jsonP-number-note-a-string", "'einwohner als Zahl' (a number noted) makes the cell a string",
     _PASTES, '_TYPES = {"T_NUMBER": "number",', '_TYPES = {"T_NUMBER": "string",', (_T,)),
    ("jsonP-integer-takes-decimal", "'31.5' noted an integer is the number 31.5",
     _PASTES, 'if noted not in (None, "number", "integer") or noted == "integer" and "." in cell:', 'if noted not in (None, "number", "integer"):', (_T,)),
    ("jsonP-all-values-ignored", "'every value is a string' leaves 415 a number",
     _PASTES, "    types = {key: read.types.get(key, *read.all_types[:1]) for key in keys} if read.all_types else read.types",
     "    types = read.types", (_T,)),
    ("jsonP-all-values-two-types", "'all values as strings, all values as numbers' keeps the first",
     _PASTES, " or len(set(read.all_types)) > 1 or any(", " or any(", (_T,)),
    ("jsonP-all-values-over-key-note", "'all values as strings, qty as a number' makes qty a string",
     _PASTES, "read.types.get(key, *read.all_types[:1])", "(read.all_types[:1] or [read.types.get(key)])[0]", (_T,)),
    ("jsonP-capitalised-header-unnamed", "'Sku,Qty' (capitalised, the header named nowhere) is read as a header",
     _PASTES, 'or block.labels or all(not key[:1].isupper() for key in keys))', "or True)", (_T,)),
    ("jsonP-number-header", "'Ana,31' is read as a header (a key '31')",
     _PASTES, '        key[0].isdigit() or key in ("true", "false") for key in keys', "        False for key in keys", (_T,)),
    ("jsonP-layout-names-no-header", "'(header first)' does not name the header ('Name,City' declined)",
     _PASTES, '                self.headed |= child.type == "LAYOUT"', "                pass", (_T,)),
]
