"""Behaviours the README promises, each pinned by a test that fails when it is broken.

Issue 12 broke each of these on purpose and the suite stayed green: the ``max_regen_share``
skip rule, the store breaker's 60 s cap, ``TaskRegistry.register(first=True)``, re-checking
the deterministic fallback, ``StepCacheResult.provenance_counts()`` and the ``stepcache demo``
command (now in ``tests/tooling/unit/test_demo.py``, with the demo in the stepcache-bench
tooling). ``scripts/mutation_check.py`` breaks them again and expects these tests to notice.

Only public API is used (the engine module is being split): custom tasks subclass the
exported ``TextTask`` / ``LinearEquationTask`` so the engine's own rules are tested in
isolation from the built-in verifiers.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from stepcache_integrations import (
    InMemoryStore,
    JsonTask,
    LinearEquationTask,
    LLMResponse,
    Step,
    StepCache,
    StepCacheResult,
    StepRecord,
    TaskRegistry,
    TextTask,
    VerificationError,
)
from stepcache_integrations.core.tasks import UnitCheck, Verification


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
        return LLMResponse(text=text, prompt_tokens=10, completion_tokens=10)


# ---------------------------------------------------------------- a task with an exact verifier
class Checklist(TextTask):
    """``Checklist: a, b, c, d.`` answered one numbered step per item.

    Step i is valid for a prompt exactly when its item is the prompt's i-th item, so which
    steps fail (and the share a patch would regenerate) is known exactly, whatever the
    built-in verifiers do.
    """

    name = "checklist"
    similarity_threshold = -1.0  # every stored checklist is a candidate

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return prompt.startswith("Checklist:")

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        items = [w.strip(" .") for w in prompt.removeprefix("Checklist:").split(",")]
        return {"items": items, "prompt": prompt}

    def verify(
        self, steps: list[Step], constraints: dict[str, Any], cached_constraints: dict[str, Any] | None
    ) -> Verification:
        items = constraints["items"]
        units = []
        for i, step in enumerate(steps):
            ok = i < len(items) and step.text.strip() == f"{i + 1}. {items[i]}"
            units.append(UnitCheck(f"step {i + 1}", ok, "" if ok else "wrong item"))
        units += [UnitCheck(f"step {i + 1}", False, "missing") for i in range(len(steps), len(items))]
        return Verification(units)

    def verification_level(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
        stored: str = "unchecked",
    ) -> str:
        # The check of a whole answer compares every step with its item: it determines the answer.
        # (A TextTask subclass says so itself; free text's own level is "unchecked".)
        return "proven"


ITEMS = ["alpha", "bravo", "charlie", "delta"]


def checklist(items: list[str]) -> str:
    return "Checklist: " + ", ".join(items) + "."


def answer(items: list[str], start: int = 1) -> str:
    return "\n".join(f"{i}. {item}" for i, item in enumerate(items, start))


def checklist_cache(**kw: Any) -> StepCache:
    registry = TaskRegistry()
    registry.register(Checklist(), first=True)
    cache = StepCache(tasks=registry, **kw)
    first = cache.generate(checklist(ITEMS), Recorder(answer(ITEMS)))
    assert first.task == "checklist" and first.outcome == "miss" and first.verified and first.stored_entry_id
    return cache


def changed(position: int) -> list[str]:
    """ITEMS with the item at 0-based ``position`` replaced: steps position.. fail."""
    items = list(ITEMS)
    items[position] = "echo"
    return items


# ---------------------------------------------------------------- max_regen_share
@pytest.mark.parametrize(
    ("max_regen_share", "position", "outcome"),
    [
        # 4 steps, the first failing one at `position`: a patch regenerates (4 - position) / 4.
        (0.5, 3, "patch"),  # 1/4
        (0.5, 2, "patch"),  # 2/4: not *more* than 0.5
        (0.5, 1, "skip_reuse"),  # 3/4
        (0.25, 3, "patch"),  # 1/4, at the bound
        (0.25, 2, "skip_reuse"),  # 2/4
        (0.0, 3, "skip_reuse"),  # any regeneration is too much
        (0.75, 1, "patch"),  # 3/4
        (1.0, 1, "patch"),
        (1.0, 0, "skip_reuse"),  # the first step fails: reuse never pays, whatever the share
    ],
)
def test_max_regen_share_decides_between_patch_and_skip(max_regen_share: float, position: int, outcome: str) -> None:
    cache = checklist_cache(max_regen_share=max_regen_share)
    items = changed(position)
    plan = cache.lookup(checklist(items))
    assert plan.outcome == outcome
    if outcome == "patch":
        model = Recorder(answer(items[position:], start=position + 1))
        result = cache.complete(plan, model)
        assert model.prompts[0] != checklist(items)  # a patch prompt, with the kept prefix
        assert answer(ITEMS[:position]) in model.prompts[0]
        expected = ["reused"] * position + ["regenerated"] * (4 - position)
    else:
        model = Recorder(answer(items))
        result = cache.complete(plan, model)
        assert model.prompts == [checklist(items)]  # skip: the plain prompt, nothing kept
        expected = ["regenerated"] * 4
    assert result.outcome == outcome and result.verified and result.model_calls == 1
    assert result.text == answer(items)
    assert [s.provenance for s in result.steps] == expected


def test_max_regen_share_must_be_a_share() -> None:
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError):
            StepCache(max_regen_share=bad)


# ---------------------------------------------------------------- reuse and re-instantiation are checked
class StaleOnlyChecklist(Checklist):
    """Like the built-in verifiers: against a cached prompt, a step fails only on evidence of
    staleness (its item is gone from the new prompt). Only the final check (``check_answer``,
    the full comparison) notices an item the new prompt *added*."""

    name = "checklist"

    def verify(
        self, steps: list[Step], constraints: dict[str, Any], cached_constraints: dict[str, Any] | None
    ) -> Verification:
        if cached_constraints is None:
            return super().verify(steps, constraints, None)
        items = set(constraints["items"])
        units = []
        for i, step in enumerate(steps):
            ok = step.text.strip().split(". ", 1)[-1] in items
            units.append(UnitCheck(f"step {i + 1}", ok, "" if ok else "stale item"))
        return Verification(units)

    def reinstantiate(
        self, steps: list[Step], cached_constraints: dict[str, Any], constraints: dict[str, Any]
    ) -> list[Step] | None:
        old, new = cached_constraints["items"], constraints["items"]
        mapping = {o: n for o, n in zip(old, new) if o != n}
        if not mapping:
            return None
        out = []
        for step in steps:
            label, _, item = step.text.partition(". ")
            end = "\n" if item.endswith("\n") else ""
            out.append(Step(text=f"{label}. {mapping.get(item.strip(), item.strip())}{end}"))
        return out


def oracle(prompt: str) -> str:
    """A model that always answers the checklist of the first line of its prompt correctly."""
    return answer(Checklist().constraints(prompt.splitlines()[0])["items"])


@pytest.mark.parametrize(
    ("new_items", "why"),
    [
        ([*ITEMS, "echo"], "reuse: every cached step passes, but an item was added"),
        (["alpha", "bravo", "charlie", "echo", "foxtrot"], "reinstantiation: delta -> echo, foxtrot added"),
    ],
)
def test_reuse_and_reinstantiation_must_pass_the_final_check(new_items: list[str], why: str) -> None:
    registry = TaskRegistry()
    registry.register(StaleOnlyChecklist(), first=True)
    cache = StepCache(tasks=registry)
    assert cache.generate(checklist(ITEMS), oracle).stored_entry_id
    result = cache.generate(checklist(new_items), oracle)
    assert result.outcome not in ("reuse", "reinstantiate") and result.model_calls >= 1, why
    assert result.verified and result.text == answer(new_items), why
    # The control: with nothing added, the same cache does reuse / re-instantiate.
    same_length = new_items[: len(ITEMS)]
    control = cache.generate(checklist(same_length), lambda p: pytest.fail("the model must not be called"))
    assert control.outcome in ("reuse", "reinstantiate") and control.text == answer(same_length)


# ---------------------------------------------------------------- provenance_counts()
def test_provenance_counts_counts_every_step() -> None:
    steps = [
        StepRecord(index=i, text=f"{i}.", provenance=p)
        for i, p in enumerate(["reused", "reused", "reinstantiated", "regenerated", "reused", "fallback"])
    ]
    result = StepCacheResult(
        text="", outcome="patch", verification="proven", checks_passed=True, task="text", steps=steps
    )
    assert result.provenance_counts() == {"reused": 3, "reinstantiated": 1, "regenerated": 1, "fallback": 1}
    empty = StepCacheResult(text="", outcome="miss", verification="unchecked", checks_passed=False, task="text")
    assert empty.provenance_counts() == {}


def test_provenance_counts_of_a_patch_and_a_reuse() -> None:
    cache = checklist_cache()
    items = changed(3)
    patched = cache.generate(checklist(items), Recorder("4. echo"))
    assert patched.outcome == "patch" and patched.provenance_counts() == {"reused": 3, "regenerated": 1}
    reused = cache.generate(checklist(ITEMS), Recorder())
    assert reused.outcome == "reuse" and reused.provenance_counts() == {"reused": 4}


# ---------------------------------------------------------------- TaskRegistry.register(first=True)
class JsonChecklist(TextTask):
    """Claims prompts that the built-in JSON task also claims."""

    name = "json_checklist"

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return "checklist" in prompt.lower()


JSON_CHECKLIST = "Return a checklist as JSON with keys a and b."


def test_register_appends_a_handler_after_the_builtin_ones() -> None:
    registry = TaskRegistry()
    assert JsonTask().detect(JSON_CHECKLIST)  # both detectors accept this prompt
    registry.register(JsonChecklist())
    assert registry.names == ["linear_equation", "json", "arithmetic", "json_checklist", "text"]
    assert registry.detect(JSON_CHECKLIST).name == "json"


def test_register_first_runs_the_handler_before_the_others() -> None:
    registry = TaskRegistry()
    registry.register(JsonChecklist(), first=True)
    assert registry.names == ["json_checklist", "linear_equation", "json", "arithmetic", "text"]
    assert registry.detect(JSON_CHECKLIST).name == "json_checklist"
    assert registry.detect("Solve for x: 3x + 5 = 20").name == "linear_equation"  # others still detect
    result = StepCache(tasks=registry).generate(JSON_CHECKLIST, Recorder("1. a\n2. b"))
    assert result.task == "json_checklist"


def test_register_first_replaces_a_handler_of_the_same_name_and_keeps_text_last() -> None:
    registry = TaskRegistry()
    registry.register(JsonChecklist())
    replacement = JsonChecklist()
    registry.register(replacement, first=True)
    assert registry.names == ["json_checklist", "linear_equation", "json", "arithmetic", "text"]
    assert registry.get("json_checklist") is replacement
    catch_all = TextTask()
    registry.register(catch_all, first=True)  # the catch-all stays last, even when put first
    assert registry.names[-1] == "text" and registry.get("text") is catch_all
    assert registry.detect(JSON_CHECKLIST).name == "json_checklist"


# ---------------------------------------------------------------- the fallback is checked too
MATH = "Solve for x step by step: 3x + 5 = 20."
WRONG = "Step 1: 3x = 20 - 5\nStep 2: x = 6\nAnswer: x = 6"


class WrongFallback(LinearEquationTask):
    """A linear-equation task whose deterministic fallback is wrong."""

    def fallback(self, constraints: dict[str, Any]) -> str | None:
        return "Step 1: 3x = 16\nAnswer: x = 16/3"


class GoodFallback(LinearEquationTask):
    def fallback(self, constraints: dict[str, Any]) -> str | None:
        return "Step 1: 3x = 15\nAnswer: x = 5"


def registry_with(handler: LinearEquationTask) -> TaskRegistry:
    registry = TaskRegistry()
    registry.register(handler)  # replaces the built-in linear_equation handler
    return registry


def test_a_fallback_that_fails_its_check_is_not_served_as_verified() -> None:
    cache = StepCache(tasks=registry_with(WrongFallback()), max_repairs=1)
    result = cache.generate(MATH, Recorder(WRONG, WRONG))  # answer + one repair, both wrong
    assert result.task == "linear_equation" and result.repair_calls == 1
    assert not result.verified and not result.used_fallback and result.errors
    assert "16/3" not in result.text and "fallback" not in result.provenance_counts()
    assert result.stored_entry_id is None and cache.store.count() == 0
    assert cache.stats()["fallbacks"] == 0 and cache.stats()["unverified"] == 1
    strict = StepCache(tasks=registry_with(WrongFallback()), strict=True, max_repairs=1)
    with pytest.raises(VerificationError):
        strict.generate(MATH, Recorder(WRONG, WRONG))
    assert strict.store.count() == 0


def test_a_fallback_that_passes_its_check_is_served() -> None:
    """The control for the test above: the same setup with a correct fallback."""
    cache = StepCache(tasks=registry_with(GoodFallback()), strict=True)
    result = cache.generate(MATH, Recorder(WRONG, WRONG))
    assert result.verified and result.used_fallback and result.text == "Step 1: 3x = 15\nAnswer: x = 5"
    assert result.provenance_counts() == {"fallback": 2} and result.stored_entry_id


# ---------------------------------------------------------------- the store breaker's 60 s cap
class DeadStore(InMemoryStore):
    """Every read and write fails; counts the calls that reached it."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def search(self, *a: Any, **k: Any) -> Any:
        self.calls += 1
        raise OSError("connection refused")

    def add(self, *a: Any, **k: Any) -> str:
        self.calls += 1
        raise OSError("connection refused")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A fake monotonic clock: the breaker's pauses pass without waiting."""
    now = [5000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    return now


def test_store_pause_doubles_from_5_s_and_is_capped_at_60_s(clock: list[float]) -> None:
    store = DeadStore()
    cache = StepCache(store=store, fail_open=True, store_retry_after=5)
    reads = 0

    def probe() -> bool:
        """One request; whether its read reached the store."""
        nonlocal reads
        before = store.calls
        result = cache.generate(f"hello number {reads}", Recorder("hi"))
        reads += 1
        assert result.text == "hi" and result.stored_entry_id is None  # fail-open answer
        return store.calls > before

    assert probe()  # first failure: pause 5 s
    for pause in [5, 10, 20, 40, 60, 60, 60]:
        clock[0] += pause - 0.01
        assert not probe(), f"the store was called before the {pause} s pause ended"
        clock[0] += 0.01
        assert probe(), f"the store was not called again after {pause} s"
    stats = cache.stats()
    assert stats["store_errors"] == 16 and stats["store_skipped"] == 14  # reads and writes apart


def test_a_retry_after_above_the_cap_is_kept(clock: list[float]) -> None:
    store = DeadStore()
    cache = StepCache(store=store, fail_open=True, store_retry_after=90)
    cache.generate("hello world", Recorder("hi"))
    calls = store.calls
    clock[0] += 89.9
    cache.generate("hello again", Recorder("hi"))
    assert store.calls == calls  # still paused: 90 s asked for, not cut to 60
    clock[0] += 0.1
    cache.generate("hello once more", Recorder("hi"))
    assert store.calls > calls
