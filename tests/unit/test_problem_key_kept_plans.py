"""Issue 34 item 6 (a short hit path): the problem-key tier's kept plans (core/problem_key_tier.py).

``lookup`` (an adapter that looks up and serves apart: LangChain's global cache) hands out again the
plan the tier made for the same request, and the plan made right after the model's answer to a
request was stored (``store_planned``), only when path 2 would reuse the same entry, unchanged: the
plan then equals the one path 2 makes, and the answer served, the counters and the kept map with it.
Checked against a second engine on the same store (no kept plans), with a spy on path 2's checks.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from stepcache_integrations import InMemoryStore, StepCache
from stepcache_integrations.core import problem_key_tier
from stepcache_integrations.core.planner import CachePlan
from stepcache_integrations.errors import InvalidPromptError

PROMPT = 'Solve for x step by step: 3x + 5 = 20. Write one step per line as "Step k: ...".'
ANSWER = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
OTHER = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\nAnswer: x = 5"


class ChecksSpy:
    """Counts path 2's checks (``planner.choose_keyed`` as the tier calls it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        inner = problem_key_tier.choose_keyed

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return inner(*args, **kwargs)

        monkeypatch.setattr(problem_key_tier, "choose_keyed", counted)


def _missed_and_stored(cache: StepCache, answer: str = ANSWER, **where: str) -> str:
    """The global cache's miss: a lookup, then the model's answer stored under its plan."""
    plan = cache.lookup(PROMPT, **where)
    assert plan.needs_model and plan.entry is None
    report = cache.store_planned(plan, answer, prompt_tokens=20, completion_tokens=30)
    assert report.entry_id is not None
    return report.entry_id


def _same_plan(kept: CachePlan, made: CachePlan) -> None:
    assert kept is not made
    assert (kept.outcome, kept.tier, kept.similarity, kept.task, kept.needs_model) == (
        made.outcome, made.tier, made.similarity, made.task, made.needs_model)
    assert kept.entry is not None and made.entry is not None and kept.entry.id == made.entry.id
    assert [s.text for s in kept.steps] == [s.text for s in made.steps]
    assert kept.provenance == made.provenance and kept.step_evidence == made.step_evidence
    assert kept.cached_text == made.cached_text and kept.verification == made.verification


def test_the_plan_made_after_the_store_is_the_one_path_2_makes(monkeypatch: pytest.MonkeyPatch) -> None:
    store = InMemoryStore()
    cache = StepCache(store=store)
    entry_id = _missed_and_stored(cache)
    spy = ChecksSpy(monkeypatch)
    kept = cache.lookup(PROMPT)
    assert spy.calls == 0  # handed out: path 2 did not check the entry again
    made = StepCache(store=store).lookup(PROMPT)  # no kept plans: path 2
    assert spy.calls == 1
    _same_plan(kept, made)
    assert kept.outcome == "reuse" and kept.tier == problem_key_tier.TIER and kept.entry is not None
    assert kept.entry.id == entry_id and set(kept.timings) == {"validate", "problem_key", "verify", "reinstantiate"}
    served, again = cache.serve(kept), StepCache(store=store).serve(made)
    assert served.model_dump(exclude={"timings"}) == again.model_dump(exclude={"timings"})
    assert served.verified and served.checks_passed and served.model_calls == 0
    # counted as path 2 counts it: a lookup of the tier, an answer of the tier, not a repeat
    assert cache.stats()["problem_key"] == {"outcomes": {"reuse": 1, "reinstantiate": 0}, "repeats": 0, "lookups": 2}
    # handed out again, each time a new plan
    assert cache.lookup(PROMPT) is not cache.lookup(PROMPT) and spy.calls == 1


def test_the_async_twin_hands_out_the_same_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    store = InMemoryStore()
    cache = StepCache(store=store)

    async def run() -> tuple[CachePlan, Any]:
        plan = await cache.alookup(PROMPT)
        report = await cache.astore_planned(plan, ANSWER)
        spy = ChecksSpy(monkeypatch)
        kept = await cache.alookup(PROMPT)
        assert spy.calls == 0
        return kept, report

    kept, report = asyncio.run(run())
    assert kept.entry is not None and kept.entry.id == report.entry_id
    _same_plan(kept, StepCache(store=store).lookup(PROMPT))


@pytest.mark.parametrize("change", ["delete", "replace", "newer", "clear"])
def test_a_kept_plan_whose_entry_path_2_would_not_reuse_first_is_not_handed_out(
    change: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = InMemoryStore()
    cache = StepCache(store=store)
    entry_id = _missed_and_stored(cache)
    newer = None
    if change == "delete":
        store.delete(entry_id)
    elif change == "clear":
        cache.clear()
    elif change == "replace":  # the same id, another derivation: the plan's steps are no longer the store's
        entry = store.get(entry_id)
        assert entry is not None
        steps = cache.tasks.get("linear_equation").segment(OTHER, None)
        store.add(entry.model_copy(update={"steps": steps, "metadata": dict(entry.metadata)}),
                  cache.embedder.embed(entry.prompt))
    else:  # the same request answered again: path 2 checks the newest first
        newer = StepCache(store=store).store_answer(PROMPT, OTHER)
        assert newer is not None
    spy = ChecksSpy(monkeypatch)
    plan = cache.lookup(PROMPT)
    made = StepCache(store=store).lookup(PROMPT)
    if change in ("delete", "clear"):
        assert plan.entry is None and plan.needs_model and made.entry is None
    else:
        assert spy.calls == 2  # checked by path 2 in both engines
        _same_plan(plan, made)
        assert plan.cached_text == OTHER and plan.entry is not None
        assert plan.entry.id == (newer if change == "newer" else entry_id)


def test_a_kept_plan_is_for_its_request_partition_and_policy_only(monkeypatch: pytest.MonkeyPatch) -> None:
    store = InMemoryStore()
    cache = StepCache(store=store)
    _missed_and_stored(cache, namespace="a", llm_key="m1")
    spy = ChecksSpy(monkeypatch)
    assert cache.lookup(PROMPT, namespace="b", llm_key="m1").entry is None
    assert cache.lookup(PROMPT, namespace="a", llm_key="m2").entry is None
    before = spy.calls
    assert cache.lookup(PROMPT.replace("Solve", "solve"), namespace="a", llm_key="m1").tier == problem_key_tier.TIER
    assert spy.calls == before + 1  # another prompt: path 2 checked it
    assert cache.lookup(PROMPT, namespace="a", llm_key="m1").outcome == "reuse" and spy.calls == before + 1
    cache.top_k = 7  # another policy: planned again by path 2
    assert cache.lookup(PROMPT, namespace="a", llm_key="m1").outcome == "reuse" and spy.calls == before + 2


def test_no_plan_is_kept_with_the_tier_off_or_a_judge() -> None:
    for cache in (StepCache(problem_keys=False), StepCache(judge=lambda prompt: "YES")):
        _missed_and_stored(cache)
        assert cache.problem_key_tier._planned == {}


def test_a_limit_lowered_after_the_plan_was_kept_still_rejects_the_prompt() -> None:
    cache = StepCache()
    _missed_and_stored(cache)
    cache.max_prompt_chars = 10
    with pytest.raises(InvalidPromptError, match="max_prompt_chars"):
        cache.lookup(PROMPT)
