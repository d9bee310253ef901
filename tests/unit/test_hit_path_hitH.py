"""Issue 33, hit path (wip/hitH): each cut checked against the computation it replaces (never timed).

* ``LinearConstraints.frozen_key`` writes ``freeze(self.to_dict())`` from the fields at once: the same
  tuples, node by node and type by type (so the same pickle, which ``ProofDigests`` digests);
* ``PlanMemo._key`` and ``_builtin`` test the registry's and handlers' attributes with ``isdisjoint``
  and ``map`` instead of a set intersection and a generator;
* ``choose_keyed`` makes its ``CacheHit`` of a ``CacheEntry`` by validation (the entry kept as it is)
  instead of ``model_construct``;
* the linear task's ``_canonical_text`` (its problem, shape and family keys) joins lists, not generators;
* ``prompt_diff.extract_slots`` (every task's constraints) no longer matches a word of lowercase ASCII
  letters alone, which ``_is_slot_word`` always refuses (the reference: ``prompt_diff._SLOT``, the
  pattern before, with the same filter);
* ``algebra._math_runs`` reads an ASCII text by its one pattern also when the known names are all
  variable-like (a step read with the problem's unknowns), as it did with none (the reference: the
  token by token reading, ``math_runs_reference``).

:func:`reference` patches the code before wip/hitH back in; the requests in lockstep compare whole
results of the two.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core import planner
from stepcache_integrations.core.planner import _OVERRIDES, _PURE_HANDLERS, _type_exact_pickle
from stepcache_integrations.core.tasks import TaskHandler, TaskRegistry, prompt_diff
from stepcache_integrations.core.tasks.algebra import LinearForm
from stepcache_integrations.core.tasks.base import TaskConstraints, short_text_cache
from stepcache_integrations.core.tasks.linear import task as linear_task
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints
from stepcache_integrations.core.types import CacheEntry, CacheHit, Step, freeze
from tests.unit.test_hit_path_hitB import _Model, _working
from tests.unit.math_runs_reference import runs_token_by_token
from tests.unit.test_hit_path_hitF import _extract_slots_reference
from stepcache_integrations.core.tasks import algebra

ROOT = Path(__file__).resolve().parents[2]
CORPUS = [json.loads(line)["prompt"] for line in (ROOT / "tests/fixtures/linear_reader_corpus.jsonl").read_text(
    encoding="utf-8").splitlines() if line.strip()]


# -- the code before wip/hitH ---------------------------------------------------------------------

def _old_builtin(handler: Any) -> bool:
    return type(handler) in _PURE_HANDLERS and not _OVERRIDES[TaskHandler] & vars(handler).keys()


def _old_key(self: Any, tasks: Any, version: int, prompt: Any, task: Any, schema: Any) -> Any:
    if self.maxsize <= 0 or type(prompt) is not str or len(prompt) > planner._MAX_PROMPT_CHARS:
        return None
    if task is not None and type(task) is not str:
        return None
    if _OVERRIDES[TaskRegistry] & vars(tasks).keys() or not all(_old_builtin(h) for h in tasks.handlers):
        return None
    frozen_schema = planner._schema_key(schema)
    if frozen_schema is None:
        return None
    return (tasks, version, task, frozen_schema, prompt)


class _ConstructedHit:
    """``CacheHit`` as ``choose_keyed`` made it before: by ``model_construct`` only."""

    model_construct = staticmethod(CacheHit.model_construct)

    def __new__(cls, **fields: Any) -> Any:
        return CacheHit.model_construct(**fields)


def _old_extract_slots(text: str, limit: int = prompt_diff.PROMPT_LIMIT) -> list[str]:
    return _extract_slots_reference(text[:limit])


def _token_by_token(text: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    return tuple(runs_token_by_token(text, algebra._RUN_TOKEN, lambda m: algebra._run_token_is_math(m, known)))


@short_text_cache(4096)  # memoised as _math_runs is (the in-process A/B compares like with like)
def _old_math_runs(text: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """``_math_runs`` before wip/hitH: the one-pattern reading only without known names."""
    return _ONE_PATTERN(text, frozenset()) if not known and text.isascii() else _token_by_token(text, known)


_ONE_PATTERN = algebra._math_runs.__wrapped__  # (no known name, an ASCII text: the one pattern, before and after)


def _old_canonical_text(*fields: tuple[str, ...]) -> str:
    return "\n".join(" ".join(repr(part) for part in field) for field in fields)


@contextlib.contextmanager
def reference() -> Iterator[None]:
    """The hit path as before wip/hitH (the three cuts patched back)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LinearConstraints, "frozen_key", TaskConstraints.__dict__["frozen_key"])
        patch.setattr(planner, "_builtin", _old_builtin)
        patch.setattr(planner.PlanMemo, "_key", _old_key)
        patch.setattr(planner, "CacheHit", _ConstructedHit)
        patch.setattr(linear_task, "_canonical_text", _old_canonical_text)
        patch.setattr(algebra, "_math_runs", _old_math_runs)
        for module in _EXTRACTS_SLOTS:
            patch.setattr(module, "extract_slots", _old_extract_slots)
        yield


def _modules_extracting_slots() -> list[Any]:
    import sys

    return [module for name, module in sorted(sys.modules.items())
            if name.startswith("stepcache_integrations") and getattr(module, "extract_slots", None) is prompt_diff.extract_slots]


_EXTRACTS_SLOTS = _modules_extracting_slots()


# -- LinearConstraints.frozen_key ------------------------------------------------------------------

def _same_frozen(constraints: LinearConstraints) -> None:
    got = LinearConstraints.frozen_key.func(constraints)  # type: ignore[attr-defined]
    want = freeze(constraints.to_dict())
    assert got == want
    assert _type_exact_pickle(got) == _type_exact_pickle(want)  # the same types at every node


def test_frozen_key_is_the_stored_form_frozen_on_the_corpus() -> None:
    """Every linear corpus prompt's constraints, and the same read back from their stored form."""
    solved = 0
    for prompt in CORPUS:
        constraints = LinearConstraints.of_prompt(prompt)
        solved += constraints.solution is not None
        _same_frozen(constraints)
        _same_frozen(LinearConstraints._of_stored(constraints.to_dict().get))
    assert solved > 1000


_NAMES = ["x", "y", "z", "a", "x_1", "t"]
_VALUES = [Fraction(0), Fraction(1), Fraction(-1), Fraction(7, 3), Fraction(-12, 5), Fraction(10**30 + 1, 7)]


def _random_constraints(rng: random.Random) -> LinearConstraints:
    names = rng.sample(_NAMES, rng.randint(1, 3))
    forms = tuple(LinearForm.of({n: rng.choice(_VALUES) for n in names}, rng.choice(_VALUES))
                  for _ in range(rng.randint(0, 3)))
    words = ["", "x", "Step k: ...", "answer", "\u00e9tape", "\u7b54\u3048", "12", "-3.5"]
    return LinearConstraints(
        equations=forms,
        equation_texts=tuple(rng.choice(words) for _ in forms),
        shapes=None if rng.random() < 0.2 else tuple(rng.choice(["NV+N=N", "N=N+NV"]) for _ in forms),
        variables=tuple(names),
        asked=tuple(rng.sample(names, rng.randint(0, len(names)))),
        solution=None if rng.random() < 0.15 else {n: rng.choice(_VALUES) for n in names},
        params=tuple(rng.choice(_VALUES) for _ in range(rng.randint(0, 4))),
        slots=tuple(rng.choice(words) for _ in range(rng.randint(0, 4))),
        format=tuple(rng.sample(["steps", "numbered", "one_line", "decimal", "fraction"], rng.randint(0, 3))),
        answer_label=rng.choice(words),
        language=rng.choice(["", "en", "fr", "zh"]),
        target=rng.choice(["", "", "x**2", "2*x + 1"]),
        answer_form=rng.choice(["", "", "So x equals <value>.", '{"x": <value>}']),
    )


def test_frozen_key_is_the_stored_form_frozen_on_random_constraints() -> None:
    rng = random.Random(33)
    for _ in range(3000):
        _same_frozen(_random_constraints(rng))


def test_frozen_key_of_other_item_types_is_freeze_of_them() -> None:
    """Fields typed otherwise than declared (a stored form read loosely) freeze as ``freeze`` freezes them."""
    odd = LinearConstraints(
        equations=(LinearForm.of({"x": Fraction(2)}, Fraction(1)),), equation_texts=("2x + 1 = 5",), shapes=("NV+N=N",),
        variables=("x",), asked=("x",), solution={"x": Fraction(2)}, params=(Fraction(2), Fraction(1), Fraction(5)),
        slots=(5, 1.5, None, ("a",)), format=("steps", 3), answer_label=0,  # type: ignore[arg-type]
        language=None, target="", answer_form="",  # type: ignore[arg-type]
    )
    _same_frozen(odd)


def test_a_subclass_writing_another_stored_form_freezes_that() -> None:
    class Other(LinearConstraints):
        def to_dict(self) -> dict[str, Any]:
            return {**super().to_dict(), "extra": ["kept"]}

    other = Other(equations=(LinearForm.of({"x": Fraction(1)}, Fraction(0)),), variables=("x",), solution={"x": Fraction(0)})
    assert other.frozen_key == freeze(other.to_dict())
    assert ("str", "extra") in [key for key, _ in other.frozen_key[1]]


def test_a_form_whose_json_is_written_otherwise_freezes_its_json() -> None:
    class OtherForm(LinearForm):
        def to_json(self) -> dict[str, object]:
            return {"written": "otherwise"}

    form = OtherForm(coeffs=(("x", Fraction(1)),), const=Fraction(-4))
    c = LinearConstraints(equations=(form,), variables=("x",), solution={"x": Fraction(4)})
    _same_frozen(c)


# -- PlanMemo._key and _builtin ---------------------------------------------------------------------

def test_plan_key_refuses_what_it_refused() -> None:
    """A registry or handler with any attribute set on the object (a spy, a patched method) is not
    memoised, exactly as before; one without is, with the same key."""
    memo = planner.PlanMemo()
    for name in ["select", "detect", "get", "_first", "other", None]:
        registry = TaskRegistry()
        if name is not None:
            setattr(registry, name, lambda *a, **k: None)
        for handler_attr in ["detect", "constraints", "accepts_schema", "catch_all", "name_of_no_override", None]:
            handler = registry.handlers[0]
            if handler_attr is not None:
                setattr(handler, handler_attr, 1)
            for prompt, task, schema in [("Solve 2x = 4.", None, None), ("p", "linear", {"type": "object"}), (3, None, None)]:
                got = memo._key(registry, registry.version, prompt, task, schema)
                want = _old_key(memo, registry, registry.version, prompt, task, schema)
                assert got == want
            for h in registry.handlers:
                assert planner._builtin(h) == _old_builtin(h)
            if handler_attr is not None:
                delattr(handler, handler_attr)


def test_builtin_of_other_handlers_is_as_before() -> None:
    class Spy:
        detect = None

    for handler in [Spy(), object.__new__(type("X", (), {})), *TaskRegistry().handlers]:
        assert planner._builtin(handler) == _old_builtin(handler)


# -- CacheHit ----------------------------------------------------------------------------------------

def test_validated_hit_is_the_constructed_hit() -> None:
    entry = CacheEntry(prompt="Solve 2x = 4.", task="linear_equation", answer="x = 2", steps=[Step(text="x = 2")],
                       constraints={"k": [1, "2"]})
    built, validated = CacheHit.model_construct(entry=entry, similarity=1.0), CacheHit(entry=entry, similarity=1.0)
    assert validated == built and validated.entry is entry and built.entry is entry
    assert validated.model_fields_set == built.model_fields_set
    assert type(validated.similarity) is type(built.similarity) is float
    assert validated.model_dump() == built.model_dump()


# -- the linear task's keys ---------------------------------------------------------------------------

def test_canonical_text_is_the_reference() -> None:
    rng = random.Random(7)
    parts = ["", "x", "x*1/1 -5/1", "label ", "it's", 'say "hi"', "a\nb", "\\", "\u00e9tape", "\u7b54\u3048", "\x00"]
    for _ in range(2000):
        fields = [tuple(rng.choice(parts) for _ in range(rng.randint(0, 4))) for _ in range(rng.randint(0, 6))]
        assert linear_task._canonical_text(*fields) == _old_canonical_text(*fields)


def test_problem_shape_and_family_keys_are_the_reference_on_the_corpus() -> None:
    handler = linear_task.LinearEquationTask()
    for prompt in CORPUS:
        constraints = LinearConstraints.of_prompt(prompt)
        got = (handler.problem_key(constraints), handler.shape_key(constraints), handler.family_key(constraints))
        with reference():
            want = (handler.problem_key(constraints), handler.shape_key(constraints), handler.family_key(constraints))
        assert got == want


# -- math runs with known names ------------------------------------------------------------------------

_KNOWN = ["x", "y", "z", "t", "a", "x1", "x_1", "y2", "ab", "_x", "x_", "xy", "\u00e9", "X", "k", "x\n", "1", "", "a b"]
_RUN_PIECES = list("0123456789xyzabXYZkt_.,;:!?'\"()=+-*/^<>[] \t\n\r\x0b\x1c") + ["x1", "x_1", "y2", "ab", "xy", "Step 1:", " = "]


def test_runs_with_known_names_are_cut_as_token_by_token() -> None:
    rng = random.Random(11)
    for _ in range(30000):
        text = "".join(rng.choice(_RUN_PIECES) for _ in range(rng.randint(0, 30)))
        known = frozenset(rng.sample(_KNOWN, rng.randint(0, 3)))
        assert algebra._math_runs.__wrapped__(text, known) == _token_by_token(text, known), (text, known)


def test_step_texts_with_their_unknowns_are_cut_as_token_by_token() -> None:
    """The steps the lockstep requests and the corpora's prompts hold, read with their problems' unknowns."""
    texts = [_working(a, b, a * x + b) for a in range(2, 6) for b in (0, 7) for x in (-3, 4)] + CORPUS
    for text in texts:
        for known in (frozenset({"x"}), frozenset({"x", "y"}), frozenset({"x_1", "x_2"}), frozenset({"ab"})):
            assert algebra._math_runs.__wrapped__(text, known) == _token_by_token(text, known)


# -- extract_slots -------------------------------------------------------------------------------------

def _prompts() -> list[str]:
    """The three reader corpora and every dev set prompt (the blind sets 22 and 25 never read)."""
    prompts: list[str] = []
    for name in ("linear_reader_corpus", "arith_reader_corpus", "json_reader_corpus"):
        for line in (ROOT / f"tests/fixtures/{name}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                prompts.append(json.loads(line)["prompt"])
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        if "heldout" in path.name and ("_22" in path.name or "_25" in path.name):
            continue
        try:
            stack: list[Any] = [json.loads(path.read_text(encoding="utf-8"))]
        except (ValueError, UnicodeDecodeError):
            continue
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str) and len(item) > 3:
                prompts.append(item)
    return prompts


def test_extract_slots_is_the_reference_on_every_prompt() -> None:
    prompts = _prompts()
    assert len(prompts) > 10000
    for text in prompts:
        assert prompt_diff.extract_slots(text) == _old_extract_slots(text), text


_PIECES = ["a", "Z", "x", "_", "1", "0", " ", ".", ",", "-", "+", "'", '"', "\n", "@", "\u00e9", "\uff20", "bob", "Step",
           "step3", "camelCase", "snake_case", "x2", "ab12", "Solve", "solve", "write", "mail@ex.com", "a.b@c.de", "re-send",
           "\u00c9cole", "caf\u00e9", "stra\u00dfe", "1,500", "-2", "3.5", "x_1", "THE", "The", "i", "I", ":", "?", "!"]


def test_extract_slots_is_the_reference_on_random_texts() -> None:
    rng = random.Random(25)
    for _ in range(20000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 24)))
        assert prompt_diff.extract_slots(text) == _old_extract_slots(text), text
    assert prompt_diff.extract_slots("x" * 30 + "Aa", 10) == _old_extract_slots("x" * 30 + "Aa", 10)


def test_a_lowercase_word_is_never_a_slot() -> None:
    """What the patterns leave out: ``_is_slot_word`` refuses every lowercase ASCII word, whatever stands before it."""
    rng = random.Random(3)
    for _ in range(3000):
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(1, 12)))
        before = "".join(rng.choice(" .:!?\nA1") for _ in range(rng.randint(0, 3)))
        assert not prompt_diff._is_slot_word.__wrapped__(word, before)


# -- whole requests in lockstep ------------------------------------------------------------------------

PHRASINGS = [
    'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    'Please solve for x step by step: {swapped}. Write one step per line as "Step k: ...".',
    "Solve {eq}.", "Solve {eq} - show your steps.", "Exercise 4: solve {eq}.", "Quick question: what is x if {eq}?",
    "Solve {eq}. Answer: x = ?", 'Solve {eq}. End with "So x equals <value>."', "Solve {eq} for x. Answer in one line.",
    "{eq}", "Solve {eq} and give x squared.", "Does x = {x} solve {eq}? Answer yes or no.",
    "R\u00e9sous {eq} \u00e9tape par \u00e9tape.", "Resuelve {eq} paso a paso.", "L\u00f6se {eq} Schritt f\u00fcr Schritt.",
    "\u0420\u0435\u0448\u0438 {eq}.", "\u89e3\u65b9\u7a0b {eq}\u3002", "{eq} \u3092\u89e3\u3044\u3066\u304f\u3060\u3055\u3044\u3002",
]


def result_of(result: Any) -> tuple[Any, ...]:
    """Everything a result says but times: outcome, texts, tier, levels, calls, evidence per step."""
    steps = tuple(tuple(sorted(step.model_dump().items())) for step in result.steps)
    return (result.outcome, result.text, result.tier, result.verified, result.verification, result.model_calls,
            result.checks_passed, result.task, tuple(result.errors), result.used_fallback, steps, result.tokens_saved)


def lockstep(seed: int, requests: int) -> tuple[int, int]:
    """Two caches, one running the code before wip/hitH: the same requests (stored, rephrased, sides
    swapped, re-instantiated, checked, in other languages) give the same results. Returns (requests,
    served without a model call)."""
    rng = random.Random(seed)
    new_cache, old_cache = StepCache(), StepCache()
    served = 0
    for _ in range(requests):
        a, x, b = rng.randint(2, 9), rng.randint(-12, 12), rng.randint(0, 40)
        c = a * x + b
        if rng.random() < 0.3:
            c += a * rng.randint(20, 30)  # a new constant: re-instantiated
        prompt = rng.choice(PHRASINGS).format(eq=f"{a}x + {b} = {c}", swapped=f"{c} = {b} + {a}x", x=(c - b) // a)
        model = _Model({prompt: _working(a, b, c)} if rng.random() < 0.4 else {})
        got = result_of(new_cache.generate(prompt, model, namespace="l"))
        with reference():
            want = result_of(old_cache.generate(prompt, model, namespace="l"))
        assert got == want, prompt
        served += got[5] == 0
    return requests, served


@pytest.mark.parametrize("seed", range(2))
def test_requests_in_lockstep_with_the_reference(seed: int) -> None:
    _, served = lockstep(seed, 200)
    assert served > 40
