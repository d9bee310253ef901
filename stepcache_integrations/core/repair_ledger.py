"""The repair ledger: whether a repair call pays, measured per task and model key.

A repair is a synchronous model call made after an answer failed its checks: the request waits
for it, and it sends the failed answer and its errors back to the model. Measured on the hard
benchmark workload (BENCHMARKS.md) with the SmolLM2-135M model, 13 repairs made 1 answer right and
cost 153 s of 434 s, which is why ``StepCache(max_repairs=None)`` (the default, "auto") makes no
repair call unless this ledger shows that repairs pay for that task and model key.

Every repair any mode makes is recorded here: ``tried`` (repair calls), ``passed`` (repair calls
after which the answer passed its checks) and ``skipped`` (answers the auto mode returned failed,
with no repair, because the ledger did not show that repairs pay).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any

from .requests import AskModel, Request

__all__ = ["AUTO_REPAIRS", "MAX_ROWS", "PAYS_AT", "MIN_TRIED", "RepairLedger", "repair_loop"]

MIN_TRIED = 8
"""Repair calls a (task, model key) needs in the ledger before auto mode can decide they pay."""
PAYS_AT = 0.5
"""The share of repair calls that must have made the answer pass: at 0.5 a failing answer costs on
average at most two repair calls to turn into one that passes."""
AUTO_REPAIRS = 1
"""Repair calls per request in auto mode where the ledger shows that repairs pay."""
MAX_ROWS = 1024
"""Rows kept (the least recently updated (task, model key) is forgotten first)."""


@dataclass
class _Row:
    tried: int = 0
    passed: int = 0
    skipped: int = 0

    @property
    def pays(self) -> bool:
        return self.tried >= MIN_TRIED and self.passed >= PAYS_AT * self.tried


class RepairLedger:
    """Thread-safe counts of repairs per (task, model key), and the auto mode's decision.

    A cold ledger says repairs do not pay: auto mode makes no repair call for a (task, model key)
    until at least :data:`MIN_TRIED` repair calls have been recorded for it and at least
    :data:`PAYS_AT` of them made the answer pass its checks. Auto mode never explores on its own
    (a probe would be the very synchronous call it avoids); the ledger learns from repairs asked
    for explicitly (``StepCache(max_repairs=N)``, or setting ``cache.max_repairs`` for a while) and
    from a ledger measured elsewhere (``StepCache(repair_ledger=RepairLedger.from_snapshot(...))``).
    Once repairs are on, every auto repair is recorded too, so a falling success rate turns them
    off again.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: OrderedDict[tuple[str, str], _Row] = OrderedDict()

    def budget(self, task: str, llm_key: str, max_repairs: int | None) -> int:
        """Repair calls allowed for one failing answer: ``max_repairs`` when given, else
        :data:`AUTO_REPAIRS` where the ledger shows that repairs pay and 0 where it does not."""
        if max_repairs is not None:
            return max_repairs
        return AUTO_REPAIRS if self.pays(task, llm_key) else 0

    def pays(self, task: str, llm_key: str) -> bool:
        """Whether the recorded repairs of this task and model key pay (see the class)."""
        with self._lock:
            row = self._rows.get((task, llm_key))
            return row is not None and row.pays

    def record(self, task: str, llm_key: str, *, tried: int = 0, passed: int = 0, skipped: int = 0) -> None:
        """Add the repairs of one request (``passed`` <= ``tried``)."""
        if not (tried or skipped):
            return
        if not 0 <= passed <= tried or skipped < 0:
            raise ValueError("a ledger record needs 0 <= passed <= tried and skipped >= 0")
        with self._lock:
            row = self._row((task, llm_key))
            row.tried += tried
            row.passed += passed
            row.skipped += skipped

    def snapshot(self) -> dict[str, dict[str, dict[str, Any]]]:
        """``{task: {llm_key: {"tried", "passed", "skipped", "pays"}}}``."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        with self._lock:
            for (task, llm_key), row in self._rows.items():
                counts = {"tried": row.tried, "passed": row.passed, "skipped": row.skipped, "pays": row.pays}
                out.setdefault(task, {})[llm_key] = counts
        return out

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> RepairLedger:
        """A ledger holding the counts of a :meth:`snapshot` (``pays`` is recomputed)."""
        ledger = cls()
        for task, keys in snapshot.items():
            for llm_key, counts in keys.items():
                ledger.record(
                    task,
                    llm_key,
                    tried=int(counts.get("tried", 0)),
                    passed=int(counts.get("passed", 0)),
                    skipped=int(counts.get("skipped", 0)),
                )
        return ledger

    def clear(self) -> None:
        """Forget every row (auto mode goes back to no repairs)."""
        with self._lock:
            self._rows.clear()

    def _row(self, key: tuple[str, str]) -> _Row:
        row = self._rows.pop(key, None) or _Row()
        self._rows[key] = row  # most recently updated last
        while len(self._rows) > MAX_ROWS:
            self._rows.popitem(last=False)
        return row


def repair_loop(attempt: Any, max_repairs: int | None, ledger: RepairLedger | None) -> Generator[Request, Any, None]:
    """The repair loop of ``complete_flow``'s failing answer (``attempt``: its ``_Completion``),
    bounded by its budget (:meth:`RepairLedger.budget`; without a ledger ``max_repairs``, None
    meaning 0); its repair calls, and an auto answer left failed unrepaired, go to the ledger."""
    plan, failing = attempt.plan, bool(attempt.errors) and not attempt.rejected
    budget = 0
    if failing:
        budget = ledger.budget(plan.task, plan.llm_key, max_repairs) if ledger is not None else max_repairs or 0
    t0 = time.perf_counter()
    while attempt.errors and not attempt.rejected and attempt.repair_calls < budget:
        request = plan.handler.repair_prompt(plan.prompt, attempt.answer, attempt.errors, plan.constraints)
        reply = yield AskModel("repair", request)
        if reply is None:  # no model available for repairs
            break
        attempt.repair(reply)
    attempt.timings["repair"] = time.perf_counter() - t0
    if ledger is not None and failing:
        passed = int(attempt.repair_calls > 0 and not attempt.errors)
        skipped = int(budget == 0 and max_repairs is None)  # auto: returned failed, not repaired
        ledger.record(plan.task, plan.llm_key, tried=attempt.repair_calls, passed=passed, skipped=skipped)
