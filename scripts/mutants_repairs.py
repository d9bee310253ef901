"""Mutation-check rows for issue 32 item 8 (repairs leave the critical path by default): each breaks
one rule of the auto repair mode or its ledger. Kept beside ``mutants.py`` (past its 450 lines),
which appends them to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_LEDGER = f"{_PKG}/core/repair_ledger.py"
_PIPELINE = f"{_PKG}/core/engine.py"
_TESTS = ("tests/unit/test_repair_ledger.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("auto-repairs-on-a-cold-ledger", "auto mode makes a repair call whatever the ledger says",
     _LEDGER, "        return AUTO_REPAIRS if self.pays(task, llm_key) else 0", "        return AUTO_REPAIRS", _TESTS),
    ("repairs-pay-with-too-few-tried", "the ledger decides that repairs pay before MIN_TRIED have been tried",
     _LEDGER, "return self.tried >= MIN_TRIED and ", "return self.tried >= 1 and ", _TESTS),
    ("repairs-pay-under-the-threshold", "the ledger decides that repairs pay below the PAYS_AT success rate",
     _LEDGER, "self.passed >= PAYS_AT * self.tried", "self.passed > 0", _TESTS),
    ("explicit-max-repairs-ignored", "an explicit max_repairs is overridden by the ledger",
     _LEDGER, "        if max_repairs is not None:\n            return max_repairs\n", "", _TESTS),
    ("repairs-not-recorded", "the repairs made are not counted in the ledger (auto mode never learns)",
     _LEDGER, "tried=attempt.repair_calls, passed=passed", "tried=0, passed=0", _TESTS),
    ("auto-fallback-after-the-repair", "auto mode asks for a repair call before trying the deterministic fallback",
     _PIPELINE, "    if max_repairs is None:  # auto: the deterministic fallback instead of a repair call\n", "    if False:\n",
     _TESTS),
]
# fmt: on
