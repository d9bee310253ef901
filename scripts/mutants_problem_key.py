"""Mutation-check rows for issue 33's problem-key tier (core/problem_key_tier.py): each breaks one
promise. Kept beside ``mutants.py`` (past its 450 lines), which appends them to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_TIER = "tests/unit/test_problem_key_tier.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("pk-repeat-stale-entry", "a repeated request is served from the map of served answers after the store deleted its entry",
     f"{_PKG}/core/problem_key_tier.py", "    if not _same_entry(current, served.entry):", "    if False:",
     (_TIER, "-k", "removed")),
    ("pk-shape-rewrite-unchecked", "a re-instantiation found by its shape key is served without its checks",
     f"{_PKG}/core/planner.py", "    if not check.passed or PROOFS.answer_errors(handler, checked, constraints):",
     "    if False:", (_TIER, "-k", "rewrite_that_fails")),
    ("pk-keyed-expired-entry", "the in-memory store's key dictionary returns an expired entry",
     f"{_PKG}/stores/memory.py", "                if self.is_expired(item[0], now):", "                if False:",
     (_TIER, "-k", "expired")),
]
# fmt: on
