"""Mutation-check rows for the hit path's reading shortcuts of wip/hitB (issue 33): a table's phrase
found by the lengths of the phrases its first three characters start (then the shorter ones of its
first character), and the linear reader's rules tried only where their first character stands (a
blank outside a label skipped at once). Each row breaks one promise: a phrase's length not tried
(a shorter phrase, or none, read instead), a rule not tried where it matches, a blank skipped where
a rule reads it.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/reader.py"
_TABLES = "stepcache_integrations/core/tasks/request_language.py"
_HITB = ("tests/unit/test_hit_path_hitB.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("hitB-long-lengths-unsorted", "the lengths of the phrases of one prefix tried shortest first (a shorter phrase read inside a longer one)",
     _TABLES, "        by_prefix = {prefix: tuple(sorted(ns, reverse=True)) for prefix, ns in long.items()}\n",
     "        by_prefix = {prefix: tuple(sorted(ns)) for prefix, ns in long.items()}\n", _HITB),
    ("hitB-short-lengths-dropped", "a phrase of one or two characters is never tried ('so', 'y', '\u3002')",
     _TABLES, "        shorter = {first: (*sorted(ns, reverse=True), *empty) for first, ns in short.items()}\n",
     "        shorter = {first: empty for first, ns in short.items()}\n", _HITB),
    ("hitB-short-before-long", "the shorter phrases tried before the longer ones of the same start",
     _TABLES, "        lengths = by_prefix.get(text[pos : pos + _PREFIX], ()) + shorter.get(text[pos : pos + 1], shorter[\"\"])\n",
     "        lengths = shorter.get(text[pos : pos + 1], shorter[\"\"]) + by_prefix.get(text[pos : pos + _PREFIX], ())\n", _HITB),
    ("hitB-prefix-of-two", "the long phrases indexed by three characters but looked up by two (none found)",
     _TABLES, "        lengths = by_prefix.get(text[pos : pos + _PREFIX], ())", "        lengths = by_prefix.get(text[pos : pos + 2], ())", _HITB),
    # (a phrase of three characters indexed with the shorter ones is still tried, after the longer: equivalent, no row)
    ("hitB-indexed-by-two", "the long phrases indexed by their first two characters, looked up by three (none found)",
     _TABLES, "                long.setdefault(phrase[:_PREFIX], set()).add(len(phrase))\n",
     "                long.setdefault(phrase[:2], set()).add(len(phrase))\n", _HITB),
    ("hitB-blank-after-label", "a blank after a label or an intro is skipped (its exercise number is then read as a word)",
     _LINEAR, ' and not (words and words[-1].kind in ("LABEL", "INTRO"))\n', "\n", _HITB),
    ("hitB-blank-run-start", "a blank where an equation's run starts is skipped (the run is not read as one word)",
     _LINEAR, "    return text[pos] in _BLANKS and pos not in run_at and not", "    return text[pos] in _BLANKS and not", _HITB),
    ("hitB-dash-missing", "an em dash standing alone is not tried as a pause",
     _LINEAR, '_DASHES = frozenset("-\\u2013\\u2014/")', '_DASHES = frozenset("-\\u2013/")', _HITB),
    ("hitB-quote-missing", "a quoted template opened by '\u00ab' is not tried",
     _LINEAR, "_OPENING_QUOTES = frozenset('\"\\'\\u201c\\u2018\\u00ab", "_OPENING_QUOTES = frozenset('\"\\'\\u201c\\u2018", _HITB),
    ("hitB-special-no-slot", "a placeholder '<value>' is not tried as a slot",
     _LINEAR, 'abcdefghijklmnopqrstuvwxyz<.")', 'abcdefghijklmnopqrstuvwxyz.")', _HITB),
    ("hitB-special-non-ascii", "an ellipsis '\u2026' (no ASCII character) is not tried",
     _LINEAR, "    if char.isascii() and char not in _SPECIAL_FIRST:\n", "    if char not in _SPECIAL_FIRST:\n", _HITB),
    ("hitB-turn-bar-missing", "a bar before a turn's label is not tried ('... | User: ...')",
     _LINEAR, '_TURN_BARS = frozenset("|")', '_TURN_BARS = frozenset()', _HITB),
]
# fmt: on
