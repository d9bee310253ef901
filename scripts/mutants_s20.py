"""Mutation-check rows for the session of 2026-12-06 01:22 (main): an answer its checks leave "unchecked"
is never served for a request other than its own (planner.vouched; blind set 20, i1144). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PLANNER = "stepcache_integrations/core/planner.py"
_UNCHECKED = ("tests/adversarial/test_unchecked_never_served_changed.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s20-unchecked-served-changed", "pt 'Converta para JSON só com a chave cidade: ...' is served the cached object of two keys, unchecked, 0 model calls",
     _PLANNER, "    return bool(load(candidate.cached.value) == load(plan.constraints))\n", "    return True\n", _UNCHECKED),
    ("s20-same-request-not-replayed", "the same JSON request not read whole costs a model call again (the stored answer is not replayed)",
     _PLANNER, "    return bool(load(candidate.cached.value) == load(plan.constraints))\n", "    return False\n", _UNCHECKED),
    ("s20-text-opt-in-lost", "free text's opt-in slot substitution (reinstantiate=True) no longer serves",
     "stepcache_integrations/core/tasks/text/task.py", "        return self.allow_reinstantiation\n", "        return False\n", _UNCHECKED),
]
# fmt: on
