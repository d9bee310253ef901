"""Arithmetic pairs: a changed expression is answered right or goes to the model, never wrong.

Every pair runs through a real StepCache with the oracle model (and again with a model that is
always wrong). The judge is this file's own: Python's evaluation with exact fractions of the
expected expression, compared with the last number of the answer's last line; it shares no code
with the engine.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache

from .harness import Outcome, Pair, run_pair

_LAST_NUMBER = re.compile(r"(-?\d+(?:\.\d+)?(?:/\d+)?)\D*$")


def _exact(expression: str) -> Fraction:
    exact = re.sub(r"\d+(?:\.\d+)?|\.\d+", lambda m: f"Fraction('{m.group()}')", expression)  # ".5": wip/arithV
    return eval(exact, {"Fraction": Fraction})  # noqa: S307 - this file's own expressions


def arith_judge(expression: str):  # type: ignore[no-untyped-def]
    want = _exact(expression)

    def judge(text: str) -> bool:
        lines = [line for line in text.strip().splitlines() if line.strip()]
        match = _LAST_NUMBER.search(lines[-1]) if lines else None
        return match is not None and Fraction(match.group(1)) == want

    return judge


def pair(cls: str, old: str, old_expr: str, new: str, new_expr: str, *, served: bool) -> Pair:
    """``served``: the new prompt is in the grammar, so its answer is computed without a model."""
    old_answer = f"{old_expr} = {_exact(old_expr)}."
    new_answer = f"{new_expr} = {_exact(new_expr)}."
    return Pair(cls, old, old_answer, new, new_answer, arith_judge(new_expr), benign=served)


PAIRS: list[Pair] = [
    pair("arith/operand", "What is 12 + 4?", "12 + 4", "What is 12 - 4?", "12 - 4", served=True),
    pair("arith/operator", "What is 6 * 7?", "6 * 7", "What is 6 / 7?", "6 / 7", served=True),
    pair("arith/terse", "What is 3 + 5?", "3 + 5", "What is 3 + 6?", "3 + 6", served=True),
    pair("arith/grouping", "What is (2 + 3) * 4?", "(2 + 3) * 4", "What is 2 + 3 * 4?", "2 + 3 * 4", served=True),
    pair("arith/decimal", "What is 2.5 * 4?", "2.5 * 4", "What is 25 * 4?", "25 * 4", served=True),
    pair("arith/sign", "What is 7 - 10?", "7 - 10", "What is 10 - 7?", "10 - 7", served=True),
    pair("arith/form", "What is 17 + 25?", "17 + 25", "17 + 26 = ?", "17 + 26", served=True),
    pair("arith/exact-division", "What is 10 / 4?", "10 / 4", "What is 10 / 3?", "10 / 3", served=True),
    pair("arith/same-value", "What is 12 * 12?", "12 * 12", "What is 144 * 1?", "144 * 1", served=True),
    # outside the grammar: the model answers
    pair("arith/division-chain", "What is (6 / 2) * 3?", "(6 / 2) * 3", "What is 6 / 2 * 3?", "(6 / 2) * 3",
         served=False),
    # wip/arithV: a leading point is read where an operand begins (".5 * 4"); glued to a number it is not
    pair("arith/leading-point", "What is 0.5 * 4?", "0.5 * 4", "What is .5 * 4?", ".5 * 4", served=True),
    pair("arith/leading-point-glued", "What is 0.5 * 4?", "0.5 * 4", "What is 2 .5 * 4?", "0.5 * 4", served=False),
    pair("arith/unit", "What is 12 * 12?", "12 * 12", "What is 12 * 12 cm?", "12 * 12", served=False),
    # wip/arithU (the lead's decision): a lower-case lead, "**" and a signed number after an operator are read
    # (a changed expression, so re-instantiated; the same one in lower case is served by reuse: test_arithmetic_forms_arithU.py)
    pair("arith/case", "What is 12 * 12?", "12 * 12", "what is 12 * 13?", "12 * 13", served=True),
    pair("arith/leading-zero", "What is 5 + 1?", "5 + 1", "What is 05 + 1?", "5 + 1", served=False),
    # wip/arithX (the lead's brief): a thousands separator is read in English where one reading only (was: "arith/comma",
    # "What is 1,000 + 1?" not served; now served exactly, its expression written without the separator, in
    # tests/adversarial/test_arithmetic_reach_arithX.py); in a list form, or beside a decimal comma, it stays the model's
    pair("arith/comma-list", "What is 100 + 200?", "100 + 200", "What is the sum of 100,200 and 300?", "100200 + 300",
         served=False),
    pair("arith/decimal-comma", "What is 1000 + 1?", "1000 + 1", "What is 1,000 + 2,5?", "1 + 2.5", served=False),
    pair("arith/power", "What is 2 * 3?", "2 * 3", "What is 2 ** 3?", "2 ** 3", served=True),
    pair("arith/power-ambiguous", "What is 2 * 3?", "2 * 3", "What is -3 ** 2?", "-3 ** 2", served=False),
    pair("arith/percent", "What is 15 + 80?", "15 + 80", "What is 15% more than 80?", "80 + 15 * 80 / 100", served=False),
    pair("arith/words", "What is 12 * 12?", "12 * 12", "What is 12 * 12 in base 8?", "12 * 12", served=False),
    pair("arith/signed-number", "What is 2 + 3?", "2 + 3", "What is 2 - -3?", "2 - -3", served=True),
    pair("arith/doubled-operator", "What is 2 + 3?", "2 + 3", "What is 2 - - 3?", "2 + 3", served=False),
]


@pytest.fixture(scope="module")
def outcomes() -> list[Outcome]:
    return [run_pair(p) for p in PAIRS]


def test_no_wrong_answer_is_served(outcomes: list[Outcome]) -> None:
    assert [(o.pair, o.result.text) for o in outcomes if not o.correct] == []


def test_expressions_in_the_grammar_are_computed_and_proven(outcomes: list[Outcome]) -> None:
    served = [o for o in outcomes if o.pair.benign]
    assert [
        (o.pair, o.result.outcome) for o in served
        if not (o.result.outcome == "reinstantiate" and o.result.model_calls == 0 and o.result.verified)
    ] == []


def test_prompts_outside_the_grammar_go_to_the_model(outcomes: list[Outcome]) -> None:
    declined = [o for o in outcomes if not o.pair.benign]
    claimed = [(o.pair, o.result.task) for o in declined if o.result.model_calls == 0 or o.result.task == "arithmetic"]
    assert claimed == []


def test_served_answers_are_about_the_new_expression(outcomes: list[Outcome]) -> None:
    """A served answer's first line opens with the new prompt's expression: never the true
    lines of another question that happens to have the same value."""
    for o in outcomes:
        if o.pair.benign:
            expression = o.result.text.split(" = ")[0].replace(" ", "")
            assert expression in o.pair.new_prompt.replace(" ", ""), (o.pair, o.result.text)


def _off_by_far(prompt: str) -> str:
    return "The answer is 1000001."


def _tautology(prompt: str) -> str:
    """True but states nothing: the expression again, as the model read it."""
    expression = prompt.removeprefix("What is ").rstrip("?").removesuffix(" = ")
    return f"{expression} = {expression}."


@pytest.mark.parametrize("wrong", [_off_by_far, _tautology], ids=["off-by-far", "tautology"])
@pytest.mark.parametrize("p", PAIRS, ids=lambda p: p.cls)
def test_an_always_wrong_model_is_never_believed(p: Pair, wrong) -> None:  # type: ignore[no-untyped-def]
    """What passes its checks must still be right, whatever the model wrote."""
    cache = StepCache()
    for prompt in (p.cached_prompt, p.new_prompt):
        result = cache.generate(prompt, wrong)
        if result.task == "arithmetic":
            lines = result.text.strip().splitlines()
            assert result.verified and arith_judge(lines[-1].split(" = ")[0])(result.text), result.text
            assert " = " in lines[-1] and _LAST_NUMBER.search(lines[-1].split(" = ")[-1]), result.text
        else:
            assert not result.verified and result.text == wrong(prompt)


def test_prose_is_never_served_for_another_prompt() -> None:
    """The prompt-edit fuzzer's finding: a cached answer's prose line came back for a prompt
    that differs by its final period."""
    cache = StepCache()
    cache.generate("Evaluate 7 / 2.", lambda prompt: "Divide seven by two, for Evaluate 7 / 2. only.\n\n7 / 2 = 3.5.")
    result = cache.generate("Evaluate 7 / 2", lambda prompt: "7 / 2 = 3.5.")
    assert "only" not in result.text and result.verified
