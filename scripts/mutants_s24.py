"""Mutation-check rows for the session of 2026-12-06 15:21 (main): a lone unknown written as letters
then digits ("x2") is no claim without evidence. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PROMPT = "stepcache_integrations/core/tasks/linear/prompt.py"
_INDEXED = ("tests/adversarial/test_linear_indexed_name_evidence.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s24-lone-indexed-name-read", "a lone 'x2' (maybe x\u00b2 typed flat) is read as an unknown's name: 'Solve x2 + 3 = 8.' answered x2 = 5",
     _PROMPT, "    if not _rule_indexed_names_evident(variables, request.named):\n        return None\n", "", _INDEXED),
    ("s24-indexed-sibling-any-letter", "any other unknown counts as a sibling ('x1 + y = 10' reads x1 as a name)",
     _PROMPT, "stems.count(stem) < 2", "len(stems) < 2", _INDEXED),
    ("s24-indexed-named-ignored", "the request naming the token ('for x2') is no evidence",
     _PROMPT, "if stem is not None and name not in named and", "if stem is not None and", _INDEXED),
]
# fmt: on

_ARITH = "stepcache_integrations/core/tasks/arithmetic/"
_MORE = ("tests/adversarial/test_overdecl_arithmetic.py", "tests/adversarial/test_arithmetic_everyday_arithS.py")
ROWS += [
    ("s24-more-than-as-minus", "'11 more than 14' computed as a difference (14 - 11)",
     _ARITH + "grammar.py", '"MORE_THAN": "+",', '"MORE_THAN": "-",', _MORE),
    ("s24-more-than-a-relation", "'Is 11 more than 14?' read (more than as a relation word)",
     _ARITH + "request.lark", "relation: DIVISIBLE | LESS | LESS_THAN | GREATER | FACTOR_OF", "relation: DIVISIBLE | LESS | LESS_THAN | GREATER | FACTOR_OF | MORE_THAN", _MORE),
    ("s24-fewer-than-as-more", "'fewer than' read as 'more than' (a word of the class swapped)",
     _ARITH + "vocabulary/en.json", '"MORE_THAN": ["more than", "added to"],', '"MORE_THAN": ["more than", "added to", "fewer than"],', _MORE),
]
