"""Repairs leave the critical path by default (issue 32, item 8): ``StepCache()`` is "auto": the
deterministic fallback instead of a repair call, else the model's answer returned failed (never
proven, never stored), and a repair call only where the repair ledger shows that repairs pay for the
task and model key. ``max_repairs=N`` keeps the bounded repair loop."""

from __future__ import annotations

import asyncio

import pytest

from stepcache_integrations import LLMResponse, StepCache
from stepcache_integrations.core.repair_ledger import AUTO_REPAIRS, MIN_TRIED, PAYS_AT, RepairLedger

MATH = "Solve 2x + 4 = 10 step by step"
WRONG_MATH = "Step 1: 2x + 4 = 10\nStep 2: 2x = 7\nAnswer: x = 3.5"
RIGHT_MATH = "Step 1: 2x + 4 = 10\nStep 2: 2x = 6\nAnswer: x = 3"
JSON_Q = "Return JSON with keys a and b."  # no value stated: the JSON task has no fallback for it
SHORT = '{"a": 1}'  # fails: b is missing
WHOLE = '{"a": 1, "b": 2}'
JSON_TASK = "json"


class Recorder:
    """A scripted model: returns queued answers, records every prompt it gets."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> LLMResponse:
        self.prompts.append(prompt)
        if not self.answers:
            raise AssertionError(f"unexpected model call: {prompt[:80]!r}")
        text = self.answers.pop(0)
        return LLMResponse(text=text, prompt_tokens=len(prompt) // 4, completion_tokens=len(text) // 4)


def paying(task: str = JSON_TASK, llm_key: str = "default", tried: int = MIN_TRIED, passed: int = MIN_TRIED) -> RepairLedger:
    ledger = RepairLedger()
    ledger.record(task, llm_key, tried=tried, passed=passed)
    return ledger


def row(cache: StepCache, task: str = JSON_TASK, llm_key: str = "default") -> dict:
    return cache.stats()["repairs"]["ledger"][task][llm_key]


# -- the default: no repair call -----------------------------------------------------------------------
def test_default_is_auto_and_a_failed_answer_with_no_fallback_is_returned_failed_without_a_repair() -> None:
    cache = StepCache()
    model = Recorder(SHORT)
    result = cache.generate(JSON_Q, model)
    assert len(model.prompts) == 1 and result.model_calls == 1 and result.repair_calls == 0
    assert result.text.strip() == SHORT and not result.checks_passed and result.errors
    assert result.verification == "unchecked" and not result.verified and not result.used_fallback
    assert result.stored_entry_id is None and cache.store.count() == 0  # never stored as trusted
    assert {s.evidence for s in result.steps} == {"model output, failed verification"}
    assert cache.stats()["repairs"]["max_repairs"] == "auto"
    assert row(cache) == {"tried": 0, "passed": 0, "skipped": 1, "pays": False}
    assert cache.stats()["failed_checks"] == 1 and cache.stats()["repair_calls"] == 0


def test_default_uses_the_deterministic_fallback_instead_of_a_repair_call() -> None:
    cache = StepCache()
    model = Recorder(WRONG_MATH)
    result = cache.generate(MATH, model)
    assert len(model.prompts) == 1 and result.repair_calls == 0
    assert result.used_fallback and result.verified and result.text.strip().endswith("x = 3")
    assert cache.stats()["repairs"]["ledger"] == {}  # the fallback answered: nothing to repair, nothing skipped


def test_the_fallback_comes_first_even_where_repairs_pay() -> None:
    cache = StepCache(repair_ledger=paying("linear_equation"))
    result = cache.generate(MATH, Recorder(WRONG_MATH))  # a second call would raise
    assert result.used_fallback and result.verified and result.repair_calls == 0


def test_the_async_path_makes_no_repair_call_either() -> None:
    cache = StepCache()
    result = asyncio.run(cache.agenerate(JSON_Q, Recorder(SHORT)))
    assert result.model_calls == 1 and not result.checks_passed and cache.store.count() == 0


def test_finalize_in_auto_mode_needs_no_model_for_repairs() -> None:
    cache = StepCache()
    plan = cache.lookup(JSON_Q)
    result = cache.finalize(plan, SHORT)
    assert not result.checks_passed and result.repair_calls == 0 and row(cache)["skipped"] == 1


def test_strict_still_raises_for_the_unrepaired_answer() -> None:
    from stepcache_integrations import VerificationError

    with pytest.raises(VerificationError):
        StepCache(strict=True).generate(JSON_Q, Recorder(SHORT))


# -- explicit max_repairs: the bounded loop, and what the ledger learns from it -------------------------
def test_an_explicit_max_repairs_keeps_the_repair_loop_and_records_it() -> None:
    cache = StepCache(max_repairs=2)
    model = Recorder(SHORT, SHORT, WHOLE)
    result = cache.generate(JSON_Q, model)
    assert result.repair_calls == 2 and result.checks_passed and len(model.prompts) == 3
    assert row(cache) == {"tried": 2, "passed": 1, "skipped": 0, "pays": False}
    assert cache.stats()["repairs"]["max_repairs"] == 2


def test_max_repairs_zero_is_no_repair_and_no_skip_count() -> None:
    cache = StepCache(max_repairs=0)
    result = cache.generate(JSON_Q, Recorder(SHORT))
    assert result.repair_calls == 0 and not result.checks_passed
    assert cache.stats()["repairs"]["ledger"] == {}


def test_negative_max_repairs_is_rejected() -> None:
    with pytest.raises(ValueError):
        StepCache(max_repairs=-1)


def test_auto_mode_repairs_once_repairs_tried_explicitly_have_paid() -> None:
    cache = StepCache(max_repairs=1)
    for i in range(MIN_TRIED):  # each repair makes its answer pass
        assert cache.generate(JSON_Q, Recorder(SHORT, WHOLE), namespace=f"n{i}").repair_calls == 1
    assert row(cache) == {"tried": MIN_TRIED, "passed": MIN_TRIED, "skipped": 0, "pays": True}
    cache.max_repairs = None  # back to auto: the ledger says repairs pay for this task and model key
    result = cache.generate(JSON_Q, Recorder(SHORT, WHOLE), namespace="auto")
    assert result.repair_calls == AUTO_REPAIRS == 1 and result.checks_passed
    assert row(cache)["tried"] == MIN_TRIED + 1
    # another model key has its own (cold) row: no repair for it
    other = cache.generate(JSON_Q, Recorder(SHORT), namespace="other", llm_key="other-model")
    assert other.repair_calls == 0 and not other.checks_passed
    assert row(cache, llm_key="other-model")["skipped"] == 1


def test_auto_repairs_stop_when_they_stop_paying() -> None:
    cache = StepCache(repair_ledger=paying())
    for i in range(MIN_TRIED + 1):  # each auto repair fails: the success rate falls below PAYS_AT
        result = cache.generate(JSON_Q, Recorder(SHORT, SHORT), namespace=f"n{i}")
        assert result.repair_calls == 1 and not result.checks_passed
    assert not row(cache)["pays"]
    result = cache.generate(JSON_Q, Recorder(SHORT), namespace="after")
    assert result.repair_calls == 0 and row(cache)["skipped"] == 1


def test_a_shared_ledger_carries_between_caches() -> None:
    ledger = RepairLedger()
    teacher = StepCache(max_repairs=1, repair_ledger=ledger)
    for i in range(MIN_TRIED):
        teacher.generate(JSON_Q, Recorder(SHORT, WHOLE), namespace=f"n{i}")
    student = StepCache(repair_ledger=RepairLedger.from_snapshot(teacher.stats()["repairs"]["ledger"]))
    assert student.generate(JSON_Q, Recorder(SHORT, WHOLE)).repair_calls == 1


# -- the rule ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tried", "passed", "pays"),
    [
        (0, 0, False),  # cold
        (MIN_TRIED - 1, MIN_TRIED - 1, False),  # too few tried, however good
        (MIN_TRIED, MIN_TRIED, True),
        (MIN_TRIED, int(PAYS_AT * MIN_TRIED), True),  # exactly at the threshold
        (MIN_TRIED, int(PAYS_AT * MIN_TRIED) - 1, False),  # just under it
        (13, 1, False),  # the hard benchmark workload's repairs (BENCHMARKS.md)
    ],
)
def test_when_repairs_pay(tried: int, passed: int, pays: bool) -> None:
    ledger = RepairLedger()
    ledger.record("t", "k", tried=tried, passed=passed)
    assert ledger.pays("t", "k") is pays
    assert ledger.budget("t", "k", None) == (AUTO_REPAIRS if pays else 0)
    assert ledger.budget("t", "k", 3) == 3  # explicit wins, paying or not
    assert not ledger.pays("t", "other") and ledger.budget("t", "other", None) == 0


def test_the_ledger_rejects_impossible_counts_and_round_trips() -> None:
    ledger = RepairLedger()
    with pytest.raises(ValueError):
        ledger.record("t", "k", tried=1, passed=2)
    ledger.record("t", "k", tried=3, passed=1, skipped=2)
    snap = ledger.snapshot()
    assert snap == {"t": {"k": {"tried": 3, "passed": 1, "skipped": 2, "pays": False}}}
    assert RepairLedger.from_snapshot(snap).snapshot() == snap
    ledger.clear()
    assert ledger.snapshot() == {}


def test_reset_stats_keeps_the_ledger() -> None:
    cache = StepCache()
    cache.generate(JSON_Q, Recorder(SHORT))
    cache.reset_stats()
    assert cache.stats()["requests"] == 0 and row(cache)["skipped"] == 1
