"""Arithmetic answers with one false claim, in every line form: never checked, proven or stored.

Hypothesis builds a prompt "What is E?", a right final line, and one false claim -- an equation
"L = R" with R wrong, a chain "L = M = R", or a stray wrong value -- written in one of many line
forms (numbered, bulleted, markdown bold/code/LaTeX, a heading, inside a sentence, a continuation
'= R' line, a middle-line number, a full-width '=' or a '×'). The judge is this file's own exact
evaluator (a tokenizer and recursive descent over fractions, sharing no code with the engine):
it confirms the claim is false and the engine's served answers are right. Whatever the form, the
answer must fail the task's checks, and the engine must never serve it as checked or proven,
nor store it to serve again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic import ArithmeticTask

TASK = ArithmeticTask()
_TOKENS = re.compile(r"\s*(\d+(?:\.\d+)?|[-+*/()])")


def exact(text: str) -> Fraction:
    """The value of ``text`` (numbers, + - * /, parentheses, unary minus) in exact fractions."""
    tokens, pos = [], 0
    while pos < len(text.rstrip()):
        match = _TOKENS.match(text, pos)
        if match is None:
            raise ValueError(text)
        tokens.append(match.group(1))
        pos = match.end()
    value, rest = _sum(tokens)
    if rest:
        raise ValueError(text)
    return value


def _sum(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _product(tokens)
    while tokens and tokens[0] in "+-":
        op, (right, tokens) = tokens[0], _product(tokens[1:])
        value = value + right if op == "+" else value - right
    return value, tokens


def _product(tokens: list[str]) -> tuple[Fraction, list[str]]:
    value, tokens = _atom(tokens)
    while tokens and tokens[0] in "*/":
        op, (right, tokens) = tokens[0], _atom(tokens[1:])
        value = value * right if op == "*" else value / right
    return value, tokens


def _atom(tokens: list[str]) -> tuple[Fraction, list[str]]:
    head, rest = tokens[0], tokens[1:]
    if head == "-":
        value, rest = _atom(rest)
        return -value, rest
    if head == "(":
        value, rest = _sum(rest)
        assert rest and rest[0] == ")"
        return value, rest[1:]
    return Fraction(head), rest


def test_the_judge_evaluates_exactly() -> None:
    assert exact("2 + 3 * 4") == 14 and exact("(2 + 3) * 4") == 20 and exact("-3 * 4") == -12
    assert exact("7 / 2 - 1") == Fraction(5, 2) and exact("0.1 + 0.2") == Fraction(3, 10)
    assert spelled("3 * 45 = -113") == "three * forty-five = minus one hundred thirteen"


_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen \
seventeen eighteen nineteen".split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def spelled(text: str) -> str:
    """Every whole number below 10000 of ``text`` in English words ("3 * 4 = 13" -> "three * four = thirteen")."""

    def words(n: int) -> str:
        if n >= 100:
            rest = n % 100
            return f"{words(n // 100)} hundred" + (f" {words(rest)}" if rest else "")
        if n < 20:
            return _ONES[n]
        return _TENS[n // 10] + (f"-{_ONES[n % 10]}" if n % 10 else "")

    return re.sub(r"-?\b\d+\b", lambda m: ("minus " if m.group().startswith("-") else "") + words(abs(int(m.group()))), text)


# -- the false claim's line forms: (equation "L = R" as written) -> the lines it takes
EQUATION_FORMS: dict[str, Callable[[str, str], list[str]]] = {
    "plain": lambda eq, r: [eq],
    "step-label": lambda eq, r: [f"Step 1: {eq}"],
    "numbered": lambda eq, r: [f"1. {eq}"],
    "numbered-paren": lambda eq, r: [f"2) {eq}"],
    "star-bullet": lambda eq, r: [f"* {eq}"],
    "dash-bullet": lambda eq, r: [f"- {eq}"],
    "dash-bullet-sign": lambda eq, r: [f"- {eq}"],
    "plus-bullet": lambda eq, r: [f"+ {eq}"],
    "bold": lambda eq, r: [f"**{eq}**"],
    "underscore-bold": lambda eq, r: [f"__{eq}__"],
    "code": lambda eq, r: [f"`{eq}`"],
    "latex-dollar": lambda eq, r: [f"${eq}$"],
    "latex-display": lambda eq, r: [f"$${eq}$$"],
    "latex-paren": lambda eq, r: [f"\\({eq}\\)"],
    "heading": lambda eq, r: [f"### {eq}"],
    "quote": lambda eq, r: [f"> {eq}"],
    "inline-then": lambda eq, r: [f"{eq}, then we are done."],
    "inline-first": lambda eq, r: [f"First, {eq}."],
    "inline-paren": lambda eq, r: [f"Note that ({eq})."],
    "trailing-prose": lambda eq, r: [f"{eq} (roughly)"],
    "no-spaces": lambda eq, r: [eq.replace(" ", "")],
    "double-equals": lambda eq, r: [eq.replace(" = ", " == ")],
    "fullwidth-equals": lambda eq, r: [eq.replace(" = ", " \uff1d ")],
    "times-sign": lambda eq, r: [f"1 * {eq}".replace("*", "\u00d7")],  # 1 × L = R: as false as L = R
    "spelled": lambda eq, r: [spelled(eq)],  # "three * four = thirteen": '=' and '*' are read or fail
    "continuation": lambda eq, r: [eq.rsplit(" = ", 1)[0], f"= {r}"],
    "continuation-label": lambda eq, r: [eq.rsplit(" = ", 1)[0], f"Step 2: = {r}"],
}
# a stray wrong value N on a middle line
NUMBER_FORMS: dict[str, Callable[[str], str]] = {
    "hashes": lambda n: f"#### {n}",
    "boxed": lambda n: f"\\boxed{{{n}}}",
    "bold": lambda n: f"**{n}**",
    "bare": lambda n: n,
    "equals": lambda n: f"= {n}",
    "answer-bold": lambda n: f"Answer: **{n}**",
    "sentence": lambda n: f"So it is {n}.",
    "step-bold": lambda n: f"Step 1: **{n}**",
}

_OPS = st.sampled_from("+-*")
_NUM = st.integers(1, 60)


@st.composite
def expressions(draw: st.DrawFn) -> str:
    a, b, c = draw(_NUM), draw(_NUM), draw(_NUM)
    op1, op2 = draw(_OPS), draw(_OPS)
    return draw(st.sampled_from([f"{a} {op1} {b}", f"{a} {op1} {b} {op2} {c}", f"({a} {op1} {b}) {op2} {c}"]))


def _wrong(draw: st.DrawFn, value: Fraction) -> str:
    delta = draw(st.integers(-9, 9).filter(bool))
    return str(value + delta)


# the forms the checker reads as a whole line (an equation chain, a stated value): they fail as false
READ_FORMS = frozenset({"equation/plain", "equation/step-label", "equation/no-spaces", "number/bare"})
FORMS = sorted([*(f"equation/{name}" for name in EQUATION_FORMS), *(f"number/{name}" for name in NUMBER_FORMS)])


@st.composite
def false_claims(draw: st.DrawFn, expression: str, form: str) -> list[str]:
    """The lines of one false claim in ``form``."""
    kind, name = form.split("/")
    if kind == "number":
        return [NUMBER_FORMS[name](_wrong(draw, exact(expression)))]
    left = draw(st.sampled_from([expression, f"{draw(_NUM)} {draw(_OPS)} {draw(_NUM)}"]))
    wrong = _wrong(draw, exact(left))
    if name == "dash-bullet-sign":  # "- 3 * 4 = -12": a bullet's false line that holds read as a sign
        left = f"{draw(_NUM)} * {draw(_NUM)}"
        wrong = str(-exact(left))
    assert exact(wrong) != exact(left)  # the judge: the claim is false
    middle = draw(st.sampled_from(["", f" = {exact(left)}"]))  # "L = M = R": a true step, then a false one
    return EQUATION_FORMS[name](f"{left}{middle} = {wrong}", wrong)


@st.composite
def answers(draw: st.DrawFn, form: str | None = None) -> tuple[str, str, str, Fraction]:
    """(prompt, answer, the false claim's form, the prompt's value)."""
    form = form or draw(st.sampled_from(FORMS))
    expression = draw(expressions())
    value = exact(expression)
    claim = draw(false_claims(expression, form))
    a, b = draw(_NUM), draw(_NUM)
    context = draw(st.lists(st.sampled_from(["Let me think.", f"{a} + {b} = {a + b}", "Multiply first."]), max_size=2))
    at = draw(st.integers(0, len(context)))
    final = draw(st.sampled_from([f"The answer is {value}.", f"{expression} = {value}.", str(value)]))
    lines = [*context[:at], *claim, *context[at:], final]
    return f"What is {expression}?", "\n".join(lines), form, value


def _task_verdict(prompt: str, answer: str) -> tuple[list[str], str]:
    constraints = TASK.constraints(prompt)
    steps = TASK.segment(answer, constraints)
    return TASK.check_answer(steps, constraints), TASK.verification_level(steps, constraints, None)


@pytest.mark.parametrize("form", FORMS)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(data=st.data())
def test_one_false_claim_in_any_line_form_fails_the_checks(form: str, data: st.DataObject) -> None:
    prompt, answer, _, _ = data.draw(answers(form))
    assert TASK.detect(prompt), prompt
    errors, level = _task_verdict(prompt, answer)
    assert errors, (form, answer, level)
    if form not in READ_FORMS:  # a line outside the read forms: not even the level claims anything
        assert level == "unchecked", (form, answer, level)


_LAST_NUMBER = re.compile(r"(-?\d+(?:\.\d+)?(?:/\d+)?)\D*$")


def _right(text: str, value: Fraction) -> bool:
    last = text.strip().splitlines()[-1]
    match = _LAST_NUMBER.search(last)
    return match is not None and Fraction(match.group(1)) == value


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(answers())
def test_the_engine_never_serves_or_stores_it_as_checked(case: tuple[str, str, str, Fraction]) -> None:
    prompt, answer, form, value = case
    cache = StepCache()
    fresh = cache.generate(prompt, lambda _prompt: answer)
    again = cache.generate(prompt, lambda _prompt: answer)
    for result in (fresh, again):
        if result.text == answer:
            assert result.verification == "unchecked" and not result.checks_passed, (form, answer)
        else:
            assert result.verified and _right(result.text, value), (form, answer, result.text)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(expressions(), st.sampled_from(["plain", "step-label"]), st.integers(1, 60), st.integers(1, 60))
def test_the_same_lines_with_a_true_equation_pass(expression: str, form: str, a: int, b: int) -> None:
    """The control: the read forms pass when the equation holds (the property is not vacuous)."""
    value = exact(expression)
    true_line = EQUATION_FORMS[form](f"{a} * {b} = {a * b}", str(a * b))
    answer = "\n".join([*true_line, f"{expression} = {value}."])
    assert _task_verdict(f"What is {expression}?", answer) == ([], "proven")


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(expressions(), st.sampled_from(["Compute", "Calculate", "Evaluate"]))
def test_words_only_prose_comes_back_only_for_its_own_prompt(expression: str, verb: str) -> None:
    """Words-only prose passes the checks but is not read: it is served for the same prompt, and
    for another prompt of the same expression (the final period dropped) the answer is computed."""
    value = exact(expression)
    prose = "Work it out, for this exact prompt only."
    cache = StepCache()
    first = cache.generate(f"{verb} {expression}.", lambda _prompt: f"{prose}\n{expression} = {value}.")
    assert first.verification == "checked" and prose in first.text
    other = cache.generate(f"{verb} {expression}", lambda _prompt: f"{expression} = {value}.")
    assert prose not in other.text and other.verified and _right(other.text, value), other.text
