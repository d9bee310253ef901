"""Mutation-check rows for issue 33's request language: the grammar file, the vocabulary tables
and the format each breaks one promise (a word deleted or moved to another class, a production
dropped, the format not enforced). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests).

Retired (2026-12-03, issue 33): open-instruction-vocabulary (mutants.py): the request grammar's lexer
has one rule for a word or character outside every table (no claim); linear-open-alphabet breaks it
and stands for both."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_GRAMMAR_TESTS = ("tests/unit/test_linear_grammar.py", "tests/unit/test_linear_request.py")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("vocabulary-word-deleted", "a word deleted from a language's table ('resuelve'): its requests are no longer read",
     _LINEAR + "vocabulary/es.json", '   "resuelve",\n', "", _GRAMMAR_TESTS),
    ("vocabulary-word-moved", "a word moved to another word class ('if' read as a value noun)",
     _LINEAR + "vocabulary/en.json", '  "IF": [\n   "if",', '  "IF": [\n   "iff",', _GRAMMAR_TESTS),
    ("grammar-production-dropped", "a production of the grammar dropped ('If 2x + 3 = 11, what is x?' no longer read)",
     _LINEAR + "request.lark", "       | IF eqs LINK? acts politely?\n", "", _GRAMMAR_TESTS),
    ("format-not-enforced", "an answer not in the format the prompt asks for (numbered steps, 'Final answer:') is served",
     _LINEAR + "layout.py", "    return [why for failed, why in checks if failed]", "    return []", _GRAMMAR_TESTS),
    ("format-not-keyed", "the format read is dropped from the constraints (a numbered request served an unnumbered answer)",
     _LINEAR + "constraints.py", "            format=problem.format,\n", "", _GRAMMAR_TESTS),
]
