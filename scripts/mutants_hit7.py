"""Mutation-check rows for re-instantiation's first pass (wip/hit7, issue 33 item 5): the first
rewrite of every step, checked once as a whole chain, kept only when the search would keep it.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_REWRITE = "stepcache_integrations/core/tasks/linear/rewrite.py"
_FIRST = "tests/unit/test_rewrite_first_pass.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("rewrite-first-pass-unchecked", "the first rewrite of every step is kept without the whole chain's check",
     _REWRITE, "    if not all(verdict.ok for verdict in check_steps(candidates, ctx)) and not all(\n"
     "            verdict.ok for verdict in check_steps(candidates, ctx, provisional_tail=True)):\n        return False\n",
     "", (_FIRST,)),
    ("rewrite-first-pass-unrestated", "the first pass keeps a step that no longer restates the problem it restated",
     _REWRITE, "            if not all(form in stated for form in must_state):\n                return False\n", "", (_FIRST,)),
    ("rewrite-first-pass-other-combination", "the first pass tries another choice than the search's first for each number",
     _REWRITE, "        combo = [options[0] for options in choices]", "        combo = [options[-1] for options in choices]",
     (_FIRST,)),
    ("rewrite-first-pass-kept-step-dropped", "a step with a number too long to compute with is dropped from the first pass's chain",
     _REWRITE, "            out.append((step, []))\n            continue\n", "            continue\n", (_FIRST,)),
]
# fmt: on
