"""Re-instantiation's first pass (``rewrite._all_prove``, wip/hit7): the first rewrite of every step,
checked once as a whole chain, is kept only when the step-by-step search would keep exactly it.

A differential test: on a corpus of cached derivations (model-style and the engine's own, the
prompts of the linear reader corpus with their constants changed: negatives, zero, fractions,
decimals, a zero divisor), ``reinstantiate_steps`` returns the same steps with the first pass on as
with the search alone, and the first pass serves on most of them (it is no dead code)."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.linear import rewrite
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints, check_steps
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask, _new_context
from stepcache_integrations.core.types import Step
from stepcache_integrations.core.types import segment_text
from stepcache_integrations.core.tasks.stepwise import label_len

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linear_reader_corpus.jsonl"
TASK = LinearEquationTask()


def _answer(a: int, b: int, c: int, v: str = "x") -> str:
    sign, mag = ("+", b) if b >= 0 else ("-", -b)
    verb, word = ("Subtract", "from") if b >= 0 else ("Add", "to")
    x = Fraction(c - b, a)
    shown = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return (f"Step 1: Start with {a}{v} {sign} {mag} = {c}.\nStep 2: {verb} {mag} {word} both sides: {a}{v} = {c - b}.\n"
            f"Step 3: Divide both sides by {a}: {v} = {shown}.\nAnswer: {v} = {shown}")


def _prompt(a: int, b: int, c: int, v: str = "x") -> str:
    sign, mag = ("+", b) if b >= 0 else ("-", -b)
    return f'Solve for {v} step by step: {a}{v} {sign} {mag} = {c}. Write one step per line as "Step k: ...".'


def _both(steps: list[Step], cached: LinearConstraints, new: LinearConstraints,
          monkeypatch: pytest.MonkeyPatch) -> tuple[list[Step] | None, list[Step] | None, bool]:
    """The rewrite with the first pass, without it (fresh contexts: no memo shared), and whether
    the first pass decided."""
    decided: list[bool] = []
    real = rewrite._all_prove

    def spy(first, ctx):  # type: ignore[no-untyped-def]
        found = real(first, ctx)
        decided.append(found)
        return found

    monkeypatch.setattr(rewrite, "_all_prove", spy)
    with_pass = rewrite.reinstantiate_steps(steps, cached, new, _new_context(new, cached))
    monkeypatch.setattr(rewrite, "_all_prove", lambda first, ctx: False)
    search = rewrite.reinstantiate_steps(steps, cached, new, _new_context(new, cached))
    monkeypatch.setattr(rewrite, "_all_prove", real)
    return with_pass, search, any(decided)


def _texts(steps: list[Step] | None) -> list[str] | None:
    return None if steps is None else [step.text for step in steps]


def test_model_style_derivations_rewrite_as_the_search_does(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    served = total = 0
    for _ in range(150):
        a, b, x = rng.choice([2, 3, 4, 5, 7, 9, -3]), rng.randint(-30, 30), rng.randint(-25, 25)
        c = a * x + b
        cached = TASK.load_constraints(TASK.constraints(_prompt(a, b, c)))
        steps = segment_text(_answer(a, b, c))
        # new constants: another solution, a fraction, a zero constant, a negative coefficient, 1
        na = rng.choice([2, 3, 6, 8, -2, -5, 1])
        nb = rng.choice([0, rng.randint(-40, 40)])
        nc = rng.choice([na * rng.randint(-30, 30) + nb, rng.randint(-50, 50)])
        new = TASK.load_constraints(TASK.constraints(_prompt(na, nb, nc)))
        with_pass, search, decided = _both(steps, cached, new, monkeypatch)
        assert _texts(with_pass) == _texts(search), (a, b, c, na, nb, nc)
        total += 1
        served += decided
    assert served >= total // 2  # the first pass decides most rewrites (it is on the path)


def test_a_first_rewrite_the_chain_does_not_prove_takes_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    cached = TASK.load_constraints(TASK.constraints(_prompt(3, 5, 20)))
    new = TASK.load_constraints(TASK.constraints(_prompt(3, 8, 26)))
    steps = [Step(text="Step 1: 3x + 5 = 20\n"), Step(text="Step 2: It takes 5 minutes: 3x = 15\n")]
    with_pass, search, decided = _both(steps, cached, new, monkeypatch)
    assert not decided and _texts(with_pass) == _texts(search)
    assert with_pass is not None and with_pass[1].text == steps[1].text  # no rewrite of it is proven


def test_the_first_pass_keeps_nothing_the_whole_chain_fails() -> None:
    """Every chain the first pass keeps passes the checker whole (its own check, no search), and
    restates the new problem where the cached step restated the old one."""
    cached = TASK.load_constraints(TASK.constraints(_prompt(3, 5, 20)))
    new = TASK.load_constraints(TASK.constraints(_prompt(4, 6, 30)))
    ctx = _new_context(new, cached)
    steps = segment_text(_answer(3, 5, 20))
    first = rewrite._first_rewrites(steps, *_inputs(steps, cached, new))
    assert [c.text for c, _ in first][0] == "Step 1: Start with 4x + 6 = 30.\n"
    assert rewrite._all_prove(first, ctx)
    assert all(v.ok for v in check_steps([c for c, _ in first], ctx, provisional_tail=True))
    broken = [(Step(text=first[0][0].text.replace("4x + 6 = 30", "4x + 6 = 31")), first[0][1]), *first[1:]]
    assert not rewrite._all_prove(broken, ctx)  # a step that fails: the search decides
    # checked (it states nothing false), but no longer the problem the cached step restated
    unrestated = [(Step(text="Step 1: We begin.\n"), first[0][1])]
    assert first[0][1] and all(v.ok for v in check_steps([unrestated[0][0]], ctx, provisional_tail=True))
    assert not rewrite._all_prove(unrestated, ctx)


def _inputs(steps: list[Step], cached: LinearConstraints, new: LinearConstraints):  # type: ignore[no-untyped-def]
    """``_first_rewrites``' inputs as ``reinstantiate_steps`` makes them."""
    new = rewrite.aligned(cached, new)
    assert cached.solution and new.solution
    old_atoms = (*cached.params, *(cached.solution[v] for v in cached.variables))
    new_atoms = (*new.params, *(new.solution[v] for v in new.variables))
    needed = frozenset(v for step in steps for v in rewrite._values_in(step.text[label_len(step.text):]))
    options = rewrite._derived_values(old_atoms, new_atoms, needed, len(cached.params))
    return options, dict(zip(cached.variables, new.variables)), rewrite._restatements(cached, new)


_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _corpus(limit: int) -> list[str]:
    prompts = []
    with CORPUS.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            if row.get("read") and len(row["read"].get("equations", [])) >= 1:
                prompts.append(row["prompt"])
    rng = random.Random(3)
    rng.shuffle(prompts)
    return prompts[:limit]


def test_reader_corpus_rewrites_as_the_search_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's own derivation (the fallback) of each corpus prompt, re-instantiated for the
    same prompt with its integers changed (negatives and zero by their place: "- 0", "0x")."""
    rng = random.Random(11)
    compared = 0
    for prompt in _corpus(400):
        cached = TASK.load_constraints(TASK.constraints(prompt))
        answer = TASK.fallback(cached)
        if answer is None:
            continue
        steps = segment_text(answer)
        for _ in range(2):
            changed = _INT.sub(lambda m: str(rng.choice([0, 1, 2, rng.randint(2, 60)])), prompt)
            new = TASK.load_constraints(TASK.constraints(changed))
            if not new.solution:
                continue  # no unique solution (a zero divisor, a dependent system): no rewrite
            with_pass, search, _ = _both(steps, cached, new, monkeypatch)
            assert _texts(with_pass) == _texts(search), (prompt, changed)
            compared += 1
    assert compared >= 200


def test_a_step_with_a_number_too_long_stays_in_its_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step left as it was (a number too long to compute with) keeps its place in the chain the
    first pass checks: the rewrite has every step, as the search's has."""
    cached = TASK.load_constraints(TASK.constraints(_prompt(3, 5, 20)))
    new = TASK.load_constraints(TASK.constraints(_prompt(3, 8, 26)))
    steps = [Step(text="Step 1: 3x + 5 = 20\n"), Step(text=f"Step 2: Note {'9' * 5000}.\n"), Step(text="Step 3: x = 5\n")]
    with_pass, search, _ = _both(steps, cached, new, monkeypatch)
    assert with_pass is not None and len(with_pass) == 3 and _texts(with_pass) == _texts(search)
    assert with_pass[1].text == steps[1].text and with_pass[0].text == "Step 1: 3x + 8 = 26\n"
    tail = [Step(text=f"Step 1: Note {'9' * 5000}.\n"), Step(text="Step 2: 3x + 5 = 20\n")]
    with_pass, search, _ = _both(tail, cached, new, monkeypatch)
    assert with_pass is not None and len(with_pass) == 2 and _texts(with_pass) == _texts(search)
