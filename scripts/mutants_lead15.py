"""Mutation-check rows for the lead's changes of session 15 (2026-12-05 08:17-11:17).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear"
_SUBSCRIPTS = ("tests/adversarial/test_linear_subscripts.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("lead15-subscript-split", "a step's 'x_1' is read as the word 'x' and a number: 'Collect the x_1 terms' is unread prose for x_1 "
     "(every repeat of 'Solve for x_1: ...' calls the model)",
     f"{_LINEAR}/chain.py", '_PROSE_WORD = re.compile(r"[^\\W\\d_]+(?:_[^\\W_]+)*")', '_PROSE_WORD = re.compile(r"[^\\W\\d_]+")', _SUBSCRIPTS),
]
# fmt: on
