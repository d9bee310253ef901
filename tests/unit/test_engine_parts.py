"""The engine's parts: reuse policy, store resolution, one embedding per miss, serve(),
typed flow requests under both drivers, task attributes, step evidence, the judge, layering."""

from __future__ import annotations

import ast
import asyncio
import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from stepcache_integrations import (
    HashingEmbedder,
    InMemoryStore,
    SQLiteStore,
    StepCache,
    StepCacheError,
    TaskError,
    TaskRegistry,
    TextTask,
)
from stepcache_integrations.core import ReusePolicy
from stepcache_integrations.core.engine import Services, adrive, drive
from stepcache_integrations.core.engine import lookup_flow
from stepcache_integrations.core.requests import EmbedPrompt, SearchStore
from stepcache_integrations.core.tasks import JsonTask, LinearEquationTask, UnitCheck, Verification
from stepcache_integrations.core.types import Step

from .test_engine import GOOD, MATH, Recorder, no_model, warm

CORE = Path(__file__).resolve().parents[2] / "stepcache_integrations" / "core"
RIVER = "Which river flows through the city of Lyon in France?"
RIVER_REWORDED = "Which river runs through the city of Lyon in France?"
RIVER_ANSWER = "The Rhone flows through Lyon."


# -- the reuse policy ------------------------------------------------------------------------
def test_policy_is_frozen_and_validated() -> None:
    policy = ReusePolicy(task_thresholds={"text": 0.9})
    with pytest.raises(dataclasses.FrozenInstanceError):
        policy.top_k = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        policy.task_thresholds["text"] = 0.1  # type: ignore[index]
    for bad in [{"top_k": 0}, {"max_regen_share": 1.5}, {"similarity_threshold": 2.0},
                {"task_thresholds": {"text": -3.0}}, {"outcome_order": ("reuse",)}]:  # fmt: skip
        with pytest.raises(ValueError):
            ReusePolicy(**bad)


def test_threshold_precedence_per_task_then_global_then_task_default() -> None:
    text, linear = TextTask(), LinearEquationTask()
    assert ReusePolicy().threshold_for(text) == text.similarity_threshold
    assert ReusePolicy(similarity_threshold=0.3).threshold_for(linear) == 0.3
    policy = ReusePolicy(similarity_threshold=0.3, task_thresholds={"linear_equation": 0.95})
    assert policy.threshold_for(linear) == 0.95 and policy.threshold_for(text) == 0.3


def test_engine_settings_live_in_the_policy() -> None:
    cache = StepCache(policy=ReusePolicy(top_k=2, reinstantiate=False), max_regen_share=0.8)
    assert (cache.top_k, cache.reinstantiate, cache.max_regen_share) == (2, False, 0.8)
    cache.reinstantiate = True
    assert cache.policy.reinstantiate and cache.policy.top_k == 2
    with pytest.raises(ValueError):
        cache.top_k = 0


def test_a_per_task_threshold_keeps_distant_prompts_out() -> None:
    strict = StepCache(policy=ReusePolicy(task_thresholds={"linear_equation": 0.999}))
    warm(strict, MATH.format(v="x", eq="3x + 5 = 20"), GOOD)
    assert strict.lookup(MATH.format(v="x", eq="3x + 5 = 26")).outcome == "miss"
    loose = StepCache()
    warm(loose, MATH.format(v="x", eq="3x + 5 = 20"), GOOD)
    assert loose.lookup(MATH.format(v="x", eq="3x + 5 = 26")).outcome == "reinstantiate"


def test_outcome_order_is_the_policy_s() -> None:
    policy = ReusePolicy()
    assert [policy.rank(o) for o in ("reuse", "reinstantiate", "patch", "skip_reuse", "miss")] == [0, 1, 2, 3, 4]


# -- where the store comes from --------------------------------------------------------------
def test_store_argument_object_url_path_env_or_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STEPCACHE_STORE", raising=False)
    store = InMemoryStore()
    assert StepCache(store=store).store is store
    assert isinstance(StepCache().store, InMemoryStore)
    assert isinstance(StepCache(store="memory://").store, InMemoryStore)
    url = StepCache(store=f"sqlite:///{tmp_path / 'a.db'}")
    assert isinstance(url.store, SQLiteStore)
    url.store.close()  # type: ignore[attr-defined]
    monkeypatch.setenv("STEPCACHE_STORE", f"sqlite:///{tmp_path / 'env.db'}")
    from_env = StepCache()
    assert isinstance(from_env.store, SQLiteStore) and (tmp_path / "env.db").exists()
    from_env.store.close()  # type: ignore[attr-defined]


def test_a_path_object_is_opened_as_a_url_or_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    opener = lambda location: seen.append(location) or InMemoryStore()  # noqa: E731
    monkeypatch.setattr("stepcache_integrations.core.store_port._opener", opener)
    StepCache(store=tmp_path / "cache.db")
    assert seen == [str(tmp_path / "cache.db")]


# -- one embedding per miss ------------------------------------------------------------------
class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def embed(self, text: str) -> np.ndarray:
        self.calls += 1
        return super().embed(text)


def test_a_miss_embeds_its_prompt_once() -> None:
    embedder = CountingEmbedder()
    cache = StepCache(embedder=embedder)
    assert cache.generate("hello world", Recorder("hi")).stored_entry_id
    assert embedder.calls == 1
    assert asyncio.run(cache.agenerate("hello there", Recorder("hey"))).stored_entry_id
    assert embedder.calls == 2  # HashingEmbedder.aembed runs embed


# -- serve(): a cache-only plan is answered by the engine, not by the plan -------------------
def test_serve_and_aserve_record_the_hit_and_stats() -> None:
    cache = StepCache()
    warm(cache, MATH.format(v="x", eq="3x + 5 = 20"), GOOD)
    plan = cache.lookup(MATH.format(v="x", eq="3x + 5 = 20"))
    result = cache.serve(plan)
    assert result.outcome == "reuse" and result.text == GOOD
    assert cache.store.get(result.matched_entry_id).hits == 1  # type: ignore[attr-defined,arg-type]
    assert asyncio.run(cache.aserve(plan)).outcome == "reuse"
    assert cache.stats()["outcomes"]["reuse"] == 2
    with pytest.raises(StepCacheError):
        cache.serve(cache.lookup("something else entirely"))


# -- the flows ask for I/O as typed requests; both drivers answer them alike -----------------
class RecordingStore(InMemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.log: list[str] = []

    def search(self, *a: Any, **k: Any) -> Any:
        self.log.append("search")
        return super().search(*a, **k)

    def add(self, *a: Any, **k: Any) -> str:
        self.log.append("add")
        return super().add(*a, **k)

    def record_hit(self, entry_id: str) -> None:
        self.log.append("record_hit")
        super().record_hit(entry_id)

    def find_keyed(self, *a: Any, **k: Any) -> Any:
        self.log.append("find_keyed")
        return super().find_keyed(*a, **k)

    def get(self, entry_id: str) -> Any:
        self.log.append("get")
        return super().get(entry_id)


def _session(cache: StepCache, run_async: bool) -> list[str]:
    for eq in ["3x + 5 = 20", "3x + 5 = 20", "3x + 5 = 26"]:  # miss, reuse, re-instantiation
        prompt = MATH.format(v="x", eq=eq)
        if run_async:
            asyncio.run(cache.agenerate(prompt, Recorder(GOOD)))
        else:
            cache.generate(prompt, Recorder(GOOD))
    return cache.store.log  # type: ignore[attr-defined,no-any-return]


def test_sync_and_async_drivers_make_the_same_store_calls() -> None:
    sync = _session(StepCache(store=RecordingStore(), problem_keys=False), False)
    assert sync == ["search", "add", "search", "record_hit", "search", "record_hit", "add"]
    assert _session(StepCache(store=RecordingStore(), problem_keys=False), True) == sync
    # the problem-key tier: the problem, the shape, then the family dictionary (a miss reads all three);
    # a hit is neither embedded nor searched
    keyed = _session(StepCache(store=RecordingStore(), defer_derived=0), False)
    assert keyed == ["find_keyed", "find_keyed", "find_keyed", "search", "add", "find_keyed", "record_hit",
                     "find_keyed", "find_keyed", "record_hit", "add"]
    assert _session(StepCache(store=RecordingStore(), defer_derived=0), True) == keyed
    # the derived entry held (the default, core.pending): no store call on the request; written by
    # the flush (sync and async alike)
    held = StepCache(store=RecordingStore())
    assert _session(held, False) == keyed[:-1] and held.flush() == 1 and held.store.log == keyed  # type: ignore[attr-defined]
    held = StepCache(store=RecordingStore())
    assert _session(held, True) == keyed[:-1] and asyncio.run(held.aflush()) == 1
    assert held.store.log == keyed  # type: ignore[attr-defined]


def test_lookup_flow_yields_embed_then_search() -> None:
    cache = StepCache()
    plan = cache._prepare("hello world", None, None, "default", "default")
    flow = lookup_flow(plan, cache.policy, judged=False)
    first = next(flow)
    assert isinstance(first, EmbedPrompt) and first.text == "hello world"
    second = flow.send(np.ones(4, dtype=np.float32) / 2)
    assert isinstance(second, SearchStore) and second.k == cache.top_k
    with pytest.raises(StopIteration) as done:
        flow.send([])
    assert done.value.value is plan and plan.outcome == "miss"


def test_drivers_run_the_same_flow() -> None:
    cache = StepCache()
    io = Services(cache.embedder, cache.store, cache._guard)

    def flow() -> Any:
        return lookup_flow(cache._prepare("hi there", None, None, "d", "k"), cache.policy, judged=False)

    sync = drive(flow(), io)
    both = asyncio.run(adrive(flow(), io))
    assert sync.outcome == both.outcome == "miss" and np.array_equal(sync.vector, both.vector)


# -- tasks say what they are, not their names -----------------------------------------------
class Notes(TextTask):
    name = "notes"


class Records(JsonTask):
    name = "records"


def test_registry_uses_task_attributes_not_names() -> None:
    tasks = TaskRegistry([Notes(), Records(), LinearEquationTask()])
    assert tasks.names[-1] == "notes"  # the catch-all stays last
    assert tasks.select("hello there").name == "notes"
    assert tasks.select("hello", schema={"type": "object"}).name == "records"
    tasks.register(TextTask())
    assert tasks.names[-2:] == ["notes", "text"]  # catch-alls after every other task
    bare = TaskRegistry([LinearEquationTask()])
    with pytest.raises(TaskError):
        bare.detect("hello there")
    with pytest.raises(TaskError):
        bare.select("hello", schema={"type": "object"})
    cache = StepCache(tasks=TaskRegistry([Notes(), Records()]))
    assert cache.generate("Give me a person", Recorder('{"name": "Ann"}'), schema={"type": "object"}).task == "records"


# -- evidence per step -----------------------------------------------------------------------
class VouchingText(TextTask):
    """Text whose verifier says why each passing step holds."""

    name = "text"

    def verify(self, steps: list[Step], constraints: dict[str, Any], cached: dict[str, Any] | None) -> Verification:
        units = super().verify(steps, constraints, cached).units
        return Verification([dataclasses.replace(u, evidence="no changed detail" if u.ok else "") for u in units])


def test_steps_carry_their_evidence() -> None:
    cache = StepCache(tasks=TaskRegistry([JsonTask(), LinearEquationTask(), VouchingText()]))
    prompt = "Plan moving the Orders service to Kubernetes; lead Priya; cut-over Friday."
    answer = "1. Containerise Orders.\n2. Priya reviews the chart.\n3. Switch traffic on Friday.\n4. Remove old VMs."
    first = cache.generate(prompt, Recorder(answer))
    # free text passes its checks (it is not empty) but no checker judged it: the steps say so
    assert first.checks_passed and first.verification == "unchecked"
    assert {s.evidence for s in first.steps} == {"model output, no checker for it"}
    reused = cache.generate(prompt, no_model)
    assert reused.outcome == "reuse" and {s.evidence for s in reused.steps} == {"no changed detail"}
    # A patch: the kept prefix carries the verifier's evidence, the rest the model check.
    math = StepCache(reinstantiate=False)
    system = "Solve 3x + 5 = 20 and 4z = 8. Show your steps."
    math.generate(system, Recorder("Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide by 3: x = 5.\n"
                                   "Step 3: Divide by 4: z = 2.\nAnswer: x = 5, z = 2"))
    model = Recorder("Step 3: Divide by 4: z = 3.\nAnswer: x = 5, z = 3")
    patched = math.generate(system.replace("4z = 8", "4z = 12"), model)
    assert patched.outcome == "patch" and patched.verified
    evidence = [s.evidence for s in patched.steps]
    assert evidence[:2] == ["1 equation(s) hold for the new problem; operation matches the equations around it"] * 2
    assert evidence[2:] == ["model output checked"] * 2


def test_fallback_and_unverified_steps_say_so() -> None:
    cache = StepCache()
    wrong = "Step 1: 7 - 2x = 3x + 1\nStep 2: 6 = 5x\nStep 3: x = 2\nAnswer: x = 2"
    fixed = cache.generate(MATH.format(v="x", eq="7 - 2x = 3x + 1"), Recorder(wrong, wrong))
    assert fixed.used_fallback and {s.evidence for s in fixed.steps} == {"deterministic fallback"}
    failed = cache.generate("Return JSON with keys a and b.", Recorder('{"a": 1}', '{"a": 1}'))
    assert not failed.verified and {s.evidence for s in failed.steps} == {"model output, failed verification"}


def test_unit_check_evidence_is_the_last_field() -> None:
    assert [f.name for f in dataclasses.fields(UnitCheck)][-1] == "evidence"
    assert UnitCheck("step 1", True).evidence == ""


# -- the judge -------------------------------------------------------------------------------
class Judge(Recorder):
    pass


def test_judge_approves_reuse_of_a_reworded_text_prompt() -> None:
    judge = Judge("YES - same question, reworded.")
    cache = StepCache(judge=judge)
    warm(cache, RIVER, RIVER_ANSWER)
    result = cache.generate(RIVER_REWORDED, no_model)
    # served on a model's word, not a checker's: unchecked, never verified
    assert result.outcome == "reuse" and result.checks_passed and result.text == RIVER_ANSWER
    assert result.verification == "unchecked" and not result.verified and not result.errors
    assert result.model_calls == 0 and result.judge_calls == 1 and result.prompt_tokens > 0
    assert result.steps[0].evidence == "judge approved reuse: YES - same question, reworded."
    assert RIVER_REWORDED in judge.prompts[0] and RIVER_ANSWER in judge.prompts[0]
    stats = cache.stats()
    assert stats["judge_calls"] == 1 and stats["prompt_tokens"] >= result.prompt_tokens


def test_judge_refusal_falls_back_to_the_model_and_is_paid_for() -> None:
    cache = StepCache(judge=Judge("NO: the verb changed the question."))
    warm(cache, RIVER, RIVER_ANSWER)
    plan = cache.lookup(RIVER_REWORDED)
    assert plan.needs_model and any("judge declined" in e for e in plan.errors)
    result = cache.complete(plan, Recorder("The Rhone runs through Lyon."))
    assert result.model_calls == 1 and result.judge_calls == 1
    judge_tokens = plan.judge_reply.prompt_tokens  # type: ignore[union-attr]
    assert result.prompt_tokens > judge_tokens > 0


def test_a_failing_judge_is_a_refusal() -> None:
    def broken(prompt: str) -> str:
        raise TimeoutError("judge timed out")

    cache = StepCache(judge=broken)
    warm(cache, RIVER, RIVER_ANSWER)
    result = cache.generate(RIVER_REWORDED, Recorder("The Rhone runs through Lyon."))
    assert result.model_calls == 1 and result.judge_calls == 0 and result.checks_passed and not result.errors
    assert result.verification == "unchecked" and result.stored_entry_id  # fresh free text


def test_judge_async_twin_and_when_it_is_not_asked() -> None:
    cache = StepCache(judge=Judge("yes"))
    warm(cache, RIVER, RIVER_ANSWER)
    assert asyncio.run(cache.agenerate(RIVER_REWORDED, no_model)).judge_calls == 1
    warm(cache, MATH.format(v="x", eq="3x + 5 = 20"), GOOD)  # math: verification decides alone
    right = "Step 1: 7 - 2x = 3x + 1\nStep 2: 6 = 5x\nStep 3: x = 1.2\nAnswer: x = 1.2"
    assert cache.generate(MATH.format(v="x", eq="7 - 2x = 3x + 1"), Recorder(right)).judge_calls == 0
    assert cache.generate("An unrelated request about parrots", Recorder("ok")).judge_calls == 0
    assert cache.generate(RIVER, no_model).judge_calls == 0  # verified reuse needs no judge


# -- layering ----------------------------------------------------------------------------------
def test_core_imports_nothing_above_it() -> None:
    allowed_outside = {"stepcache_integrations.errors"}
    for path in CORE.rglob("*.py"):
        package = ["stepcache_integrations", *path.relative_to(CORE.parent).parent.parts]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join([*base, *(node.module or "").split(".")]).rstrip(".")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                target = node.names[0].name if isinstance(node, ast.Import) else (node.module or "")
            else:
                continue
            if target.startswith("stepcache_integrations"):
                assert target.startswith("stepcache_integrations.core") or target in allowed_outside, (path, target)
