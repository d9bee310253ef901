"""Issue 33 item 5, the hit path's shortcuts: work the problem-key tier and re-instantiation skip
only where it is provably redundant. Each test pins what a shortcut may skip AND that a tampered or
changed input still gets the full check (never served where the full check would refuse).
Counted with spies, never timed."""

from __future__ import annotations

from typing import Any

from stepcache_integrations import StepCache
from stepcache_integrations.core.problem_key_tier import plan_lookup_key, plan_lookup_keys, task_lookup_keys
from stepcache_integrations.core.tasks import ArithmeticTask, JsonTask, LinearEquationTask, TaskRegistry, TextTask

MATH = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
ASKED = 'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".'


def answer(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


def no_model(prompt: str) -> str:
    raise AssertionError(f"the model must not be called: {prompt!r}")


class KeySpy(LinearEquationTask):
    """The linear task, counting the key methods called (a subclass: task selection is not memoised)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def problem_key(self, constraints: Any) -> str | None:
        self.calls.append("problem")
        return super().problem_key(constraints)

    def shape_key(self, constraints: Any) -> str | None:
        self.calls.append("shape")
        return super().shape_key(constraints)

    def family_key(self, constraints: Any) -> str | None:
        self.calls.append("family")
        return super().family_key(constraints)


def spied_cache() -> tuple[StepCache, KeySpy]:
    spy = KeySpy()
    return StepCache(tasks=TaskRegistry([JsonTask(), spy, ArithmeticTask(), TextTask()])), spy


# -- lookup keys: each computed when its path is tried ----------------------------------------------
def test_a_problem_key_hit_computes_no_shape_or_family_key() -> None:
    cache, spy = spied_cache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    spy.calls.clear()
    plan = cache.lookup(ASKED.format(eq="3x + 5 = 20"))
    assert (plan.outcome, plan.tier) == ("reuse", "problem_key")
    assert spy.calls == ["problem"]
    # asked later, the keys are the eager function's, each computed once
    assert plan_lookup_keys(plan) == task_lookup_keys(LinearEquationTask(), plan.constraints)
    assert spy.calls == ["problem", "shape", "family"]
    assert plan_lookup_key(plan, 1) == plan.lookup_keys[1] and spy.calls == ["problem", "shape", "family"]


def test_a_changed_constant_computes_the_shape_key_after_the_problem_key() -> None:
    cache, spy = spied_cache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    spy.calls.clear()
    result = cache.generate(ASKED.format(eq="3x + 5 = 26"), no_model)
    assert (result.outcome, result.tier) == ("reinstantiate", "problem_key")
    assert "x = 7" in result.text and result.verification == "proven"
    assert spy.calls[:2] == ["problem", "shape"]  # the derived entry stored then computes its family key
    assert spy.calls.count("problem") == 1 and spy.calls.count("shape") == 1


def test_a_request_the_task_names_no_key_for_is_not_counted_as_a_lookup() -> None:
    cache = StepCache()
    cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    before = cache.stats()["problem_key"]["lookups"]
    cache.generate("Tell me a joke about cats.", lambda prompt: "No.")
    assert cache.stats()["problem_key"]["lookups"] == before
    cache.generate(ASKED.format(eq="3x + 5 = 20"), no_model)
    assert cache.stats()["problem_key"]["lookups"] == before + 1


# -- presents(): isinstance(handler, Presents) without the runtime protocol's walk -------------------
def test_presents_answers_as_isinstance_of_the_protocol() -> None:
    from stepcache_integrations.core.planner import presents
    from stepcache_integrations.core.tasks.protocols import Presents

    class NoPresent:
        pass

    class PresentNone(LinearEquationTask):
        present = None  # type: ignore[assignment]

    class OwnPresent:
        def present(self, steps: list[Any], constraints: Any) -> list[Any]:
            return steps

    blocked = LinearEquationTask()
    blocked.present = None  # type: ignore[method-assign]  # set on the object: its class still presents
    attribute = NoPresent()
    attribute.present = lambda steps, constraints: steps  # type: ignore[attr-defined]
    cases = [LinearEquationTask(), JsonTask(), TextTask(), NoPresent(), PresentNone(), OwnPresent(), blocked, attribute, 3]
    assert [presents(h) for h in cases] == [isinstance(h, Presents) for h in cases]
    assert [presents(h) for h in cases] == [True, True, True, False, False, True, True, True, False]


# -- the request grammar walks a kept tree without growing it (request_language._walk) ---------------
# The corpora tests (test_request_shapes.py) compare every prompt's reading with a fresh parse; these
# pin Lark's walk itself on a transformer using each of its features.
def _recording_transformer() -> Any:
    from lark import Discard, Transformer, v_args

    class Recording(Transformer):  # type: ignore[type-arg]
        def __init__(self) -> None:
            super().__init__()
            self.log: list[Any] = []

        def A(self, token: Any) -> str:  # noqa: N802 - a terminal's callback is named by it
            self.log.append(("A", token.value))
            return token.value.upper()

        def B(self, token: Any) -> Any:  # noqa: N802
            self.log.append(("B", token.value))
            return Discard

        def pair(self, children: list[Any]) -> Any:
            self.log.append(("pair", list(children)))
            return Discard if children == ["X"] else tuple(children)

        @v_args(inline=True)
        def start(self, *children: Any) -> str:
            self.log.append(("start", [repr(child) for child in children]))
            return "done"

    return Recording()


def test_a_kept_tree_is_walked_as_lark_transforms_the_grown_tree() -> None:
    from lark import Token

    from stepcache_integrations.core.tasks.request_language import _grown, _walk, _walks_as_lark

    # start(pair(A B), other(C), pair(A), D): a token callback, a discarded token, a rule without a
    # callback (Lark's __default__: a tree), a discarded rule, an inline (v_args) callback
    shape = ("start", (("pair", (0, 1)), ("other", (2,)), ("pair", (4,)), 3))
    for texts in (("a", "b", "c", "d", "x"), ("q", "r", "s", "t", "x")):
        tokens = [Token(kind, text) for kind, text in zip(("A", "B", "C", "D", "A"), texts)]
        walked, transformed = _recording_transformer(), _recording_transformer()
        assert _walks_as_lark(walked)
        assert _walk(walked, shape, tokens) == transformed.transform(_grown(shape, tokens)) == "done"
        assert walked.log == transformed.log and len(walked.log) == 6
        assert "Tree('other', [Token('C', '" in walked.log[-1][1][1]  # __default__'s tree, as Lark makes it


def test_a_transformer_with_its_own_walk_is_transformed_by_lark() -> None:
    from lark import Transformer

    from stepcache_integrations.core.tasks.request_language import _walks_as_lark

    class OwnRule(Transformer):  # type: ignore[type-arg]
        def _call_userfunc(self, tree: Any, new_children: Any = None) -> Any:
            return "mine"

    class OwnToken(Transformer):  # type: ignore[type-arg]
        def _call_userfunc_token(self, token: Any) -> Any:
            return "mine"

    assert _walks_as_lark(Transformer())
    assert not _walks_as_lark(OwnRule()) and not _walks_as_lark(OwnToken())
    assert not _walks_as_lark(Transformer(visit_tokens=False))


# -- a stored form read once per exact content (chain._READ) ----------------------------------------
def test_a_stored_form_is_read_once_per_exact_content() -> None:
    from stepcache_integrations.core.tasks.linear.chain import LinearConstraints

    stored = LinearEquationTask().constraints(MATH.format(eq="3x + 5 = 20")).to_dict()
    first = LinearConstraints.read(stored)
    again = LinearConstraints.read({k: (list(v) if isinstance(v, list) else v) for k, v in stored.items()})
    assert again is first and first.solution == {"x": 5}
    # another value, or the same value as another type, is another reading
    moved = {**stored, "solution": {"x": "6"}}
    assert LinearConstraints.read(moved).solution == {"x": 6}
    typed = {**stored, "params": [int(p) for p in stored["params"]]}
    assert LinearConstraints.read(typed) is not first


def test_an_entry_tampered_after_it_was_served_is_checked_again() -> None:
    cache = StepCache()
    entry_id = cache.store_answer(MATH.format(eq="3x + 5 = 20"), answer(3, 5, 20))
    served = cache.generate(ASKED.format(eq="3x + 5 = 20"), no_model)
    assert (served.outcome, served.verification, served.matched_entry_id) == ("reuse", "proven", entry_id)
    entry = cache.store.get(entry_id)
    assert entry is not None
    # the stored problem now reads x = 6: the steps no longer hold for what the entry says it solved
    entry.constraints["solution"] = {"x": "6"}
    entry.steps[2].text = entry.steps[2].text.replace("x = 5", "x = 6")
    entry.steps[3].text = entry.steps[3].text.replace("x = 5", "x = 6")
    calls: list[str] = []
    result = cache.generate(ASKED.format(eq="3x + 5 = 20") + " ", lambda prompt: calls.append(prompt) or answer(3, 5, 20))
    # not reused as it stands: rewritten from what it now says and checked anew, the answer right
    assert result.outcome != "reuse" and result.checks_passed and result.verification == "proven"
    assert "x = 6" not in result.text and result.text.endswith("Answer: x = 5")
