"""The planner's memo of task selection and constraints (issue 22): exact inputs only, every
outcome the same as without it."""

from __future__ import annotations

import threading
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.planner import PLANS, PlanMemo
from stepcache_integrations.core.planner import prepare
from stepcache_integrations.core.tasks import (
    JsonTask,
    LinearEquationTask,
    TaskHandler,
    TaskRegistry,
    TextTask,
)

BASES = [
    'Solve for x step by step: 3x + 5 = 20. Write one step per line as "Step k: ...".',
    "Solve the system: x + y = 10, x - y = 2. Find x and y.",
    "What is 12 * (3 + 4)?",
    "Return a JSON object with keys name and age. The name is Ana.",
    "Write a haiku about caf\u00e9 mornings in Kyoto.",
    "Please solve for y: 2y - 7 = 11",
]


def _prepare(tasks: TaskRegistry, prompt: str, task: str | None = None, schema: Any = None) -> Any:
    return prepare(
        prompt, tasks=tasks, task=task, schema=schema, namespace="n", llm_key="m", max_prompt_chars=100_000
    )


def _direct(tasks: TaskRegistry, prompt: str, task: str | None = None, schema: Any = None) -> tuple[Any, Any]:
    handler = tasks.select(prompt, task=task, schema=schema)
    return handler, handler.constraints(prompt, schema)


def _assert_same(plan: Any, handler: TaskHandler, constraints: Any) -> None:
    assert plan.handler is handler
    assert type(plan.constraints) is type(constraints)
    assert plan.constraints == constraints
    assert plan.constraints.frozen_key == constraints.frozen_key


def _variants(prompt: str) -> list[str]:
    """Near-identical prompts: one character, whitespace, case, Unicode form."""
    out = [
        prompt,
        prompt + " ",
        " " + prompt,
        prompt.replace(" ", "  ", 1),
        prompt.replace(" ", "\u00a0", 1),
        prompt.replace(" ", "\t", 1),
        prompt + "\n",
        prompt.swapcase(),
        prompt[:1].lower() + prompt[1:],
        prompt[:-1],
        prompt.replace("5", "6", 1),
        prompt.replace("x", "X", 1),
        unicodedata.normalize("NFD", prompt),
        unicodedata.normalize("NFKC", prompt.replace("1", "\uff11", 1)),
        prompt.replace("1", "\uff11", 1),
    ]
    return list(dict.fromkeys(out))


@pytest.fixture(autouse=True)
def _fresh_memo() -> None:
    PLANS.clear()


TEXT = st.text(alphabet=st.sampled_from(list("xyz0123456789 +-=*().,:?\n\u00e9e\u0301XY\u00a0")), min_size=1, max_size=40)
PROMPTS = st.one_of(st.sampled_from(BASES), TEXT, st.builds(lambda b, t: b + t, st.sampled_from(BASES), TEXT))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=PROMPTS)
def test_memo_gives_the_unmemoised_selection_for_every_near_identical_prompt(base: str) -> None:
    if not base.strip():
        return
    tasks = TaskRegistry()
    PLANS.clear()
    variants = [v for v in _variants(base) if v.strip() and "\x00" not in v]
    plans = {}
    hits, misses = PLANS.hits, PLANS.misses
    for _round in range(2):  # computed, then memoised
        for prompt in variants:
            plan = _prepare(tasks, prompt)
            _assert_same(plan, *_direct(tasks, prompt))
            plans.setdefault(prompt, plan.constraints)
            assert plan.constraints is plans[prompt]  # the second round met the first round's entry
    assert len(PLANS) == len(variants)  # each near-identical prompt has its own entry
    assert PLANS.misses - misses == len(variants) and PLANS.hits - hits == len(variants)


@pytest.mark.parametrize("prompt", BASES)
def test_each_variant_is_its_own_entry(prompt: str) -> None:
    tasks = TaskRegistry()
    variants = _variants(prompt)
    seen = [_prepare(tasks, v).constraints for v in variants]
    assert len({id(c) for c in seen}) == len(variants)
    for v, c in zip(variants, seen, strict=True):
        assert c == _direct(tasks, v)[1]


def test_registering_a_task_invalidates_the_memo() -> None:
    tasks = TaskRegistry()
    prompt = "Write a haiku about autumn leaves."
    before = _prepare(tasks, prompt)
    assert before.handler is tasks.get("text")
    version = tasks.version
    replacement = TextTask(reinstantiate=True)  # same class, new object
    tasks.register(replacement)
    assert tasks.version == version + 1
    after = _prepare(tasks, prompt)
    assert after.handler is replacement and after.handler is not before.handler

    class Haiku(TextTask):  # a new task claiming the prompt first
        name = "haiku"

        def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
            return "haiku" in prompt

    haiku = Haiku()
    tasks.register(haiku, first=True)
    assert _prepare(tasks, prompt).handler is haiku
    assert _prepare(tasks, "Write a limerick.").handler is replacement


def test_reordering_detection_invalidates_the_memo() -> None:
    tasks = TaskRegistry()
    prompt = "Solve for x: 2x = 4. Return a JSON object with key x."
    first = _prepare(tasks, prompt).handler
    other = LinearEquationTask() if first.name == "json" else JsonTask()
    tasks.register(other, first=True)
    handler, constraints = _direct(tasks, prompt)
    _assert_same(_prepare(tasks, prompt), handler, constraints)


def test_a_schema_changed_after_a_call_does_not_meet_the_old_entry() -> None:
    tasks = TaskRegistry()
    prompt = "Return the person as a JSON object."
    schema: dict[str, Any] = {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    first = _prepare(tasks, prompt, schema=schema)
    assert first.constraints.required == ("name",)
    schema["properties"]["age"] = {"type": "integer"}
    schema["required"].append("age")
    second = _prepare(tasks, prompt, schema=schema)
    assert second.constraints.required == ("name", "age")
    _assert_same(second, *_direct(tasks, prompt, schema=schema))
    # the first plan kept the schema it was made for (a copy, not the caller's dict)
    assert first.constraints.schema == {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
    assert first.constraints.required == ("name",)
    # an equal schema (a new dict) meets the entry; 1 and 1.0 and True are different schemas
    again = _prepare(tasks, prompt, schema={"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]})
    assert again.constraints is first.constraints
    a = _prepare(tasks, prompt, schema={"type": "object", "maxProperties": 1})
    b = _prepare(tasks, prompt, schema={"type": "object", "maxProperties": 1.0})
    assert a.constraints is not b.constraints and b.constraints.schema["maxProperties"] == 1.0
    assert type(b.constraints.schema["maxProperties"]) is float


def test_no_schema_and_an_empty_schema_are_different_entries() -> None:
    tasks = TaskRegistry()
    prompt = "Return a JSON object with keys name and age."
    plain = _prepare(tasks, prompt)
    empty = _prepare(tasks, prompt, schema={})
    _assert_same(plain, *_direct(tasks, prompt))
    _assert_same(empty, *_direct(tasks, prompt, schema={}))
    assert plain.constraints is not empty.constraints


def test_the_named_task_is_part_of_the_key() -> None:
    tasks = TaskRegistry()
    prompt = "Solve for x: 2x = 4"
    detected = _prepare(tasks, prompt)
    named = _prepare(tasks, prompt, task="text")
    assert detected.handler.name == "linear_equation" and named.handler is tasks.get("text")
    _assert_same(named, *_direct(tasks, prompt, task="text"))
    with pytest.raises(Exception, match="unknown task"):
        _prepare(tasks, prompt, task="nope")
    with pytest.raises(Exception, match="unknown task"):
        _prepare(tasks, prompt, task="nope")  # errors are never memoised


def test_a_repeated_prompt_is_detected_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = LinearEquationTask.detect

    def counting(self: LinearEquationTask, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        calls.append(prompt)
        return real(self, prompt, schema)

    monkeypatch.setattr(LinearEquationTask, "detect", counting)
    tasks = TaskRegistry()
    prompt = "Solve for x step by step: 3x + 5 = 20"
    for _ in range(5):
        assert _prepare(tasks, prompt).handler.name == "linear_equation"
    assert calls == [prompt]
    _prepare(tasks, prompt + " ")
    _prepare(tasks, prompt.replace("20", "21"))
    assert calls == [prompt, prompt + " ", prompt.replace("20", "21")]
    tasks.register(JsonTask())  # a registry change: detected again
    _prepare(tasks, prompt)
    assert calls[-1] == prompt and len(calls) == 4
    _prepare(TaskRegistry(), prompt)  # another registry: its own entries
    assert len(calls) == 5


def test_custom_tasks_and_unusual_inputs_are_not_memoised() -> None:
    seen: list[str] = []

    class Moody(TextTask):  # its answer depends on state of its own
        name = "moody"
        on = True

        def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
            seen.append(prompt)
            return self.on

    moody = Moody()
    tasks = TaskRegistry()
    tasks.register(moody, first=True)
    assert _prepare(tasks, "hello there").handler is moody
    moody.on = False
    assert _prepare(tasks, "hello there").handler.name == "text"
    assert len(seen) == 2 and len(PLANS) == 0

    plain = TaskRegistry()

    class Key(str):
        pass

    for schema in ({"type": "object", "examples": [("a", 1)]}, {"type": "object", "enum": [float("nan")]}):
        plan = _prepare(plain, "Return a JSON object.", schema=schema)  # a tuple, a NaN: no exact key
        handler, constraints = _direct(plain, "Return a JSON object.", schema=schema)
        assert plan.handler is handler and plan.constraints == constraints
        assert plan.constraints.schema is schema  # read as given, as without the memo
    odd = {"type": "object", "properties": {Key("a"): {"type": "string"}}}
    plan = _prepare(plain, "Return a JSON object.", schema=odd)  # a str subclass: no exact key
    handler, constraints = _direct(plain, "Return a JSON object.", schema=odd)
    assert plan.handler is handler and plan.constraints == constraints and plan.constraints.schema is odd
    _assert_same(_prepare(plain, Key("Solve for x: 2x = 4")), *_direct(plain, "Solve for x: 2x = 4"))
    assert len(PLANS) == 0


def test_the_memo_is_bounded() -> None:
    memo = PlanMemo(maxsize=3, max_chars=50)
    tasks = TaskRegistry()
    for i in range(10):
        memo.select(tasks, f"Write a poem number {i}.", None, None)
    assert len(memo) == 2  # 25 characters each: the character budget binds first
    memo.select(tasks, "x" * 60, None, None)  # longer than the whole budget: not kept
    assert len(memo) <= 2 and memo.size <= 50


def test_concurrent_requests_get_the_unmemoised_answers() -> None:
    tasks = TaskRegistry()
    prompts = [v for base in BASES for v in _variants(base)]
    want = {p: _direct(tasks, p) for p in prompts}
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(3):
                for p in prompts:
                    _assert_same(_prepare(tasks, p), *want[p])
        except BaseException as exc:  # noqa: BLE001 -- reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_a_method_set_on_one_registry_or_handler_is_never_bypassed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spy (or any function) set on the object is its own code: every request calls it."""
    prompt = "Solve for x: 2x = 4"
    tasks = TaskRegistry()
    selects: list[str] = []
    real_select = tasks.select

    def spy_select(prompt: str, **kwargs: Any) -> Any:
        selects.append(prompt)
        return real_select(prompt, **kwargs)

    monkeypatch.setattr(tasks, "select", spy_select)
    for _ in range(3):
        _prepare(tasks, prompt)
    assert selects == [prompt] * 3

    other = TaskRegistry()
    linear = other.get("linear_equation")
    built: list[str] = []
    real_constraints = linear.constraints

    def spy_constraints(prompt: str, schema: Any = None) -> Any:
        built.append(prompt)
        return real_constraints(prompt, schema)

    monkeypatch.setattr(linear, "constraints", spy_constraints)
    for _ in range(3):
        _assert_same(_prepare(other, prompt), linear, real_constraints(prompt))
    assert len(built) == 3 and len(PLANS) == 0


def test_a_repeated_search_meets_the_last_identical_one_until_the_index_changes() -> None:
    import numpy as np

    from stepcache_integrations.stores.vector_index import PartitionedIndex

    key = ("ns", "model")
    rng = np.random.default_rng(5)
    data = rng.standard_normal((60, 32)).astype(np.float32)
    data /= np.linalg.norm(data, axis=1, keepdims=True)
    for kind in ("hnsw", "flat"):
        index = PartitionedIndex(kind, segment_size=16)  # type: ignore[arg-type]
        index.add(key, np.arange(40), data[:40])
        index.wait_until_built(timeout=60)

        def check(vec: np.ndarray, fetch: int = 7, index: PartitionedIndex = index) -> list[tuple[int, float]]:
            first, again = index.search(key, vec, fetch), index.search(key, vec, fetch)
            direct = index._parts[key].search(vec.reshape(1, -1), fetch)  # never memoised
            assert first == again == direct and first is not again
            return first

        q = data[3]
        assert check(q)[0][0] == 3 and len(index._recent) >= 1
        assert check(q, 3) == check(q)[:3]  # fetch is part of the key
        index.add(key, np.array([100]), q[None])  # an equal vector under a new id: seen at once
        assert {h[0] for h in check(q)[:2]} == {3, 100}
        index.remove(key, [3])
        assert 3 not in {h[0] for h in check(q)}
        index.add(key, np.arange(40, 60), data[40:60])  # seals a buffer: a graph is built meanwhile
        check(data[45])
        index.wait_until_built(timeout=60)
        check(data[45])
        check(-q)  # another vector's bytes: its own entry
        index.drop("ns")
        assert index.search(key, q, 7) == [] and len(index._recent) == 0
