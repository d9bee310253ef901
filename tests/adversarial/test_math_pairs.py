"""Adversarial (cached prompt, new prompt) pairs for linear equations, with an oracle model.

Zero wrong answers may come back verified; benign changes (paraphrase, renamed variable,
changed constants, reformatting) must still be answered without a full regeneration.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache

from .harness import Outcome, Pair, derived_judge, math_judge, run_pair, text_judge

TEMPLATES = (
    'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".',
    'Find the value of {v} in the equation {eq}. Show each step on its own line and finish with "Answer: {v} = <value>".',
    "Please solve the linear equation {eq} for {v}, step by step.",
    "Solve {eq} for {v}.",
)


def fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def equation(a: int, v: str, op: str, b: int, c: int, style: str = "plain") -> str:
    if style == "compact":
        return f"{a}{v}{op}{b}={c}"
    if style == "star":
        return f"{a}*{v} {op} {b} = {c}"
    return f"{a}{v} {op} {b} = {c}"


def solution(a: int, op: str, b: int, c: int) -> Fraction:
    return (Fraction(c) - b) / a if op == "+" else (Fraction(c) + b) / a


def answer(a: int, v: str, op: str, b: int, c: int, style: str = "steps") -> str:
    """A correct answer to a*v op b = c written in one of several styles."""
    sol = solution(a, op, b, c)
    moved = c - b if op == "+" else c + b
    verb = f"Subtract {b} from both sides" if op == "+" else f"Add {b} to both sides"
    eq = equation(a, v, op, b, c)
    if style == "steps":
        return (
            f"Step 1: {eq}\nStep 2: {verb}: {a}{v} = {moved}\n"
            f"Step 3: Divide both sides by {a}: {v} = {fmt(sol)}\nAnswer: {v} = {fmt(sol)}"
        )
    if style == "prose_ops":
        return f"Step 1: {verb}.\nStep 2: {a}{v} = {moved}\nStep 3: Divide by {a}.\nStep 4: {v} = {fmt(sol)}"
    if style == "equals":
        return f"Step 1: {eq}\nStep 2: {verb}: {a}{v} = {moved}\nStep 3: So {v} equals {fmt(sol)}."
    if style == "solution_is":
        return f"Step 1: {eq}\nStep 2: {verb}: {a}{v} = {moved}\nStep 3: {v} = {fmt(sol)}\nThe solution is {fmt(sol)}."
    if style == "bold":
        return f"Step 1: {verb}: {a}{v} = {moved}\nStep 2: {v} = {fmt(sol)}\n**Answer:** {v} = {fmt(sol)}"
    if style == "bare":
        return f"Step 1: {verb}: {a}{v} = {moved}\nStep 2: Divide by {a}: {v} = {fmt(sol)}\nAnswer: {fmt(sol)}"
    raise ValueError(style)


STYLES = ("steps", "prose_ops", "equals", "solution_is", "bold", "bare")
BASES = [  # (a, op, b, c) with integer solutions
    (3, "+", 5, 20),
    (4, "-", 6, 10),
    (2, "+", 9, 25),
    (7, "-", 3, 18),
    (5, "+", 12, 42),
]


def math_pair(cls: str, old: tuple, new: tuple, *, benign: bool, style: str, v_old: str = "x", v_new: str = "x",
              t_old: int = 0, t_new: int = 0, eq_style: str = "plain") -> Pair:
    a, op, b, c = old
    na, nop, nb, nc = new
    cached = TEMPLATES[t_old].format(v=v_old, eq=equation(a, v_old, op, b, c))
    prompt = TEMPLATES[t_new].format(v=v_new, eq=equation(na, v_new, nop, nb, nc, eq_style))
    return Pair(
        cls,
        cached,
        answer(a, v_old, op, b, c, style),
        prompt,
        answer(na, v_new, nop, nb, nc, "steps"),
        math_judge({v_new: solution(na, nop, nb, nc)}),
        benign=benign,
    )


def benign_pairs() -> list[Pair]:
    pairs: list[Pair] = []
    for i, base in enumerate(BASES):
        a, op, b, c = base
        for style in ("steps", "prose_ops", "bold"):
            pairs.append(math_pair("math/paraphrase", base, base, benign=True, style=style, t_new=1 + i % 3))
            pairs.append(math_pair("math/rename", base, base, benign=True, style=style, v_new="ywzqn"[i]))
            pairs.append(math_pair("math/format", base, base, benign=True, style=style, eq_style=("compact", "star")[i % 2]))
            changed = (a, op, b, c + a * (i + 2))
            pairs.append(math_pair("math/constant", base, changed, benign=True, style=style))
    return pairs


def stale_pairs() -> list[Pair]:
    """Changed constants where an old constant equals the new answer, in every answer style."""
    pairs: list[Pair] = []
    for base in BASES:
        a, op, b, c = base
        # new problem with the same a and op whose solution is the old b
        new = (a, op, b + 1, a * b + (b + 1) if op == "+" else a * b - (b + 1))
        if new[3] <= 0:
            continue
        for style in STYLES:
            pairs.append(math_pair("math/stale-equals-answer", base, new, benign=False, style=style))
    return pairs


def answer_format_pairs() -> list[Pair]:
    """Answers in forms a checker may not read, under a changed constant."""
    pairs: list[Pair] = []
    for base in BASES:
        a, op, b, c = base
        for k, new in enumerate([(a, op, b + 2, c + 2 + a), (a + 1, op, b, c + (a + 1) * 2 - a), (a, "-" if op == "+" else "+", b, c)]):
            if solution(*new[:1], new[1], new[2], new[3]) == solution(a, op, b, c):
                continue
            for style in ("equals", "solution_is", "bold", "bare", "prose_ops"):
                pairs.append(math_pair(f"math/answer-format-{style}", base, new, benign=False, style=style, t_new=k % 4))
    return pairs


TEXT_ANSWER = "3y = 9"


def changed_question_pairs() -> list[Pair]:
    """The equation stays; the question changes. The cached answer must not be served."""
    out: list[Pair] = []
    # the first three ask an expression the linear task reads (issue 33): judged by the value stated
    derived = {0: (("3x",), 3), 1: (("x + 1",), 1), 2: (("2x", "twice x"), 2)}
    questions = [
        ("What is 3{v} if {eq}?", lambda s: f"3{{v}} = {fmt(3 * s)}"),
        ("If {eq}, what is {v} + 1?", lambda s: f"{{v}} + 1 = {fmt(s + 1)}"),
        ("Given {eq}, what is twice {v}?", lambda s: f"Twice {{v}} is {fmt(2 * s)}."),
        ("Is {v} = 2 a solution of {eq}? Answer yes or no.", lambda s: "Yes." if s == 2 else "No."),
        ("Solve {eq} for {v} and round {v} to the nearest ten.", lambda s: f"{{v}} is about {fmt(Fraction(round(s / 10) * 10))}."),
        ("Do not solve {eq}; just name the variable.", lambda s: "The variable is {v}."),
        ("Solve {eq} for {v}, then give 100 divided by {v}.", lambda s: f"100/{{v}} = {fmt(100 / s)}"),
    ]
    for base in BASES:
        a, op, b, c = base
        s = solution(a, op, b, c)
        eq = equation(a, "x", op, b, c)
        for index, (template, make) in enumerate(questions):
            new_prompt = template.format(v="x", eq=eq)
            new_answer = make(s).format(v="x")
            judge = text_judge(new_answer)
            if index in derived:
                spellings, factor = derived[index]
                judge = derived_judge(spellings, s + 1 if index == 1 else factor * s, or_text=new_answer)
            out.append(Pair("math/changed-question", TEMPLATES[0].format(v="x", eq=eq), answer(a, "x", op, b, c),
                            new_prompt, new_answer, judge))
    return out


def looks_linear_pairs() -> list[Pair]:
    """Prompts with sqrt, logs, percentages, products, inequalities, code, word problems."""
    cases = [
        ("Solve sqrt(x) + 3 = 7 for x.", "x = 16"),
        ("Solve log(x) = 2 for x (base 10).", "x = 100"),
        ("If 25% of x = 10, what is x?", "x = 40"),
        ("Solve xy = 12 for x when y = 3.", "x = 4"),
        ("Solve 3x + 5 > 20 for x.", "x > 5"),
        ("Solve x^2 = 49 for positive x.", "x = 7"),
        ("What does this print?\nx = 3\ny = x + 2\nprint(y)", "5"),
        ("A hat costs x dollars and a scarf costs 5 dollars; together 3x + 5 = 20 dollars for three hats and a scarf. How much is one hat in cents?", "500 cents"),
        ("A train goes x km/h; 2x + 10 = 130. What is its speed in mph?", "About 37.3 mph."),
        ("Solve 3x + 5 = 20 and x + y = 9 for y.", "Step 1: 3x + 5 = 20 gives x = 5\nStep 2: y = 9 - 5 = 4\nAnswer: y = 4"),
    ]
    out = []
    for prompt, correct in cases:
        cached_prompt = TEMPLATES[0].format(v="x", eq="3x + 5 = 20")
        judge = text_judge(correct) if "Answer: y" not in correct else math_judge({"y": 4, "x": 5}, asked=["y"])
        out.append(Pair("math/looks-linear", cached_prompt, answer(3, "x", "+", 5, 20), prompt, correct, judge))
    return out


def all_pairs() -> list[Pair]:
    return benign_pairs() + stale_pairs() + answer_format_pairs() + changed_question_pairs() + looks_linear_pairs()


PAIRS = all_pairs()


def test_there_are_enough_pairs() -> None:
    assert len(PAIRS) >= 150
    assert {p.cls.split("-")[0] for p in PAIRS} >= {"math/paraphrase", "math/rename", "math/constant", "math/stale"}


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.cls)
def test_no_wrong_answer_is_served_as_verified(pair: Pair) -> None:
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, (outcome.result.outcome, outcome.result.text)
    assert outcome.correct, (outcome.result.outcome, outcome.result.text)  # the oracle is always right


def test_benign_changes_are_answered_without_full_regeneration() -> None:
    outcomes: list[Outcome] = [run_pair(p) for p in PAIRS if p.benign]
    cheap = sum(o.without_full_regeneration for o in outcomes)
    share = cheap / len(outcomes)
    print(f"benign math pairs answered without a full regeneration: {cheap}/{len(outcomes)} ({share:.0%})")
    assert all(o.correct for o in outcomes)
    assert share >= 0.9


def test_looks_linear_prompt_on_an_empty_cache_keeps_the_models_answer() -> None:
    for pair in looks_linear_pairs():
        cache = StepCache()
        result = cache.generate(pair.new_prompt, lambda p, a=pair.new_answer: a)
        assert result.task != "linear_equation" or pair.judge(result.text), pair.new_prompt
        assert not result.used_fallback, pair.new_prompt
        assert pair.judge(result.text), (pair.new_prompt, result.text)


@st.composite
def perturbed(draw: st.DrawFn) -> Pair:
    a = draw(st.integers(2, 12))
    op = draw(st.sampled_from("+-"))
    sol = draw(st.integers(-20, 40))
    b = draw(st.integers(1, 30))
    c = a * sol + b if op == "+" else a * sol - b
    base = (a, op, b, c)
    kind = draw(st.sampled_from(["paraphrase", "rename", "constant", "stale", "sign"]))
    style = draw(st.sampled_from(STYLES))
    if kind == "constant":
        new = (a, op, draw(st.integers(1, 30)), c + a * draw(st.integers(-5, 5)))
    elif kind == "stale":  # the new answer equals an old constant
        nb = draw(st.integers(1, 30).filter(lambda n: n != b))
        new = (a, op, nb, a * b + nb if op == "+" else a * b - nb)
    elif kind == "sign":
        new = (a, "-" if op == "+" else "+", b, c)
    else:
        new = base
    v_new = draw(st.sampled_from("xyzw")) if kind == "rename" else "x"
    return math_pair(f"math/hypothesis-{kind}", base, new, benign=False, style=style, v_new=v_new,
                     t_new=draw(st.integers(0, len(TEMPLATES) - 1)))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed())
def test_generated_perturbations_never_serve_a_wrong_answer(pair: Pair) -> None:
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, (pair, outcome.result.outcome, outcome.result.text)


def system_pairs() -> list[Pair]:
    """A system whose asked unknown changes, or whose second equation changes."""
    cached = "Solve the system 2x + y = 10 and x - y = 2 for x."
    cached_answer = "Step 1: Add the equations: 3x = 12\nStep 2: x = 4\nAnswer: x = 4"
    return [
        Pair("math/system-asked-changes", cached, cached_answer, "Solve the system 2x + y = 10 and x - y = 2 for y.",
             "Step 1: x = 4\nStep 2: y = 10 - 8 = 2\nAnswer: y = 2", math_judge({"x": 4, "y": 2}, asked=["y"])),
        Pair("math/system-constant-changes", cached, cached_answer, "Solve the system 2x + y = 10 and x - y = 5 for x.",
             "Step 1: 3x = 15\nStep 2: x = 5\nAnswer: x = 5", math_judge({"x": 5, "y": 0}, asked=["x"])),
        Pair("math/system-paraphrase", cached, cached_answer, "Please solve the system 2x + y = 10 and x - y = 2 for x.",
             cached_answer, math_judge({"x": 4, "y": 2}, asked=["x"]), benign=True),
    ]


def unreadable_fraction_pairs() -> list[Pair]:
    """Re-instantiation must not write 9/6.75 (issue: a cached 9/9 re-derived for 9x + 26 = 38)."""
    cached = "Solve for x step by step: 9x + 23 = 32."
    cached_answer = "Step 1: Subtract 23 from both sides: 9x = 9\nStep 2: x = 9/9\nStep 3: x = 1\nAnswer: x = 1"
    new = "Solve for x step by step: 9x + 26 = 38."
    return [Pair("math/canonical-form", cached, cached_answer, new,
                 "Step 1: Subtract 26 from both sides: 9x = 12\nStep 2: x = 12/9\nStep 3: x = 4/3\nAnswer: x = 4/3",
                 math_judge({"x": Fraction(4, 3)}))]


@pytest.mark.parametrize("pair", system_pairs() + unreadable_fraction_pairs(), ids=lambda p: p.cls)
def test_systems_and_canonical_forms(pair: Pair) -> None:
    outcome = run_pair(pair)
    assert outcome.correct, (outcome.result.outcome, outcome.result.text)
    assert not re.search(r"\d\.\d+\s*/|/\s*\d+\.\d", outcome.result.text), outcome.result.text
    if pair.benign:
        assert outcome.without_full_regeneration


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed())
def test_served_answers_are_canonical(pair: Pair) -> None:
    result = run_pair(pair).result
    if result.checks_passed:  # every answer that passed its checks (so is stored), proven or not
        for literal in re.findall(r"=\s*(-?\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)?)\s*$", result.text.strip()):
            if "/" in literal:
                num, den = literal.lstrip("-").split("/")
                assert num.isdigit() and den.isdigit(), result.text
                assert Fraction(int(num), int(den)).denominator == int(den) > 1, result.text
        if "." not in pair.cached_answer:  # integers and fractions stay fractions, as the model wrote them
            assert not re.search(r"\d\.\d", result.text) or result.outcome in ("miss", "skip_reuse", "patch"), result.text


def test_the_fallback_answers_only_the_unknown_asked_for() -> None:
    """'Solve for y when x = 2: 7x + 3 = y' asks for y: the answer line must be 'Answer: y = 17'
    (a held-out real-model run served 'Answer: x = 2, y = 17', re-instantiated from a fallback)."""
    cache = StepCache()
    wrong = "Answer: y = 1"
    first = cache.generate("Solve for y when x = 2: 7x + 3 = y.", lambda p: wrong)
    assert first.used_fallback and first.text.strip().splitlines()[-1] == "Answer: y = 17"
    again = cache.generate("Solve for y when x = 4: 6x + 8 = y.", lambda p: wrong)
    assert again.verified and again.text.strip().splitlines()[-1] == "Answer: y = 32", again.text


def test_a_unit_conversion_question_over_the_same_equation_is_not_served_from_the_cache() -> None:
    """A new class: the equation stays and only the unit the answer is wanted in changes."""
    base = TEMPLATES[0].format(v="x", eq="3x + 5 = 20")
    new_prompt = "If x is a length in km and 3x + 5 = 20, what is x in meters?"
    pair = Pair("math/changed-unit", base, answer(3, "x", "+", 5, 20), new_prompt, "x = 5000 m",
                text_judge("x = 5000 m"))
    outcome = run_pair(pair)
    assert outcome.correct and outcome.result.model_calls >= 1, outcome.result.text


# Notation the task does not model: a mixed number read as a product ("6 1/2" is 6.5, not
# 6 * 1/2 = 3), a factorial read as an exclamation mark, "!=" read as "=". Found by probing.
NOTATION_PAIRS = (
    ("2x + 1 = 6 1/2", "Step 1: Subtract 1 from both sides: 2x = 11/2\nStep 2: Divide by 2: x = 11/4\nAnswer: x = 11/4"),
    ("2x + 1 = 6!", "Step 1: 6! = 720, so 2x + 1 = 720\nStep 2: 2x = 719\nAnswer: x = 719/2"),
    ("2x + 1 != 6", "Every x except 5/2 satisfies 2x + 1 != 6."),
    ("x! = 6", "Answer: x = 3"),
    ("3 x + 1 = 2 1/4", "Step 1: 3x = 5/4\nAnswer: x = 5/12"),
)


@pytest.mark.parametrize(("new_eq", "correct"), NOTATION_PAIRS)
def test_unmodelled_notation_is_never_answered_from_the_cache(new_eq: str, correct: str) -> None:
    base = TEMPLATES[0].format(v="x", eq="2x + 1 = 6")
    new_prompt = TEMPLATES[0].format(v="x", eq=new_eq)
    pair = Pair("math/notation", base, answer(2, "x", "+", 1, 6), new_prompt, correct, text_judge(correct))
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, outcome.result.text
    assert outcome.correct and outcome.result.model_calls >= 1, outcome.result.text


# The answer template or a trailing definition changes what is asked (found by probing):
# "-x = <value>" asks for -x, "<decimal>" for a form, "then find y = x + 3" for y as well.
_ASKED_BASE = 'Solve for x step by step: 2x + 1 = 6. End with "Answer: x = <value>".'
ASKED_PAIRS = (
    ('Solve for x step by step: 2x + 1 = 6. End with "Answer: -x = <value>".',
     "Step 1: 2x = 5\nStep 2: x = 5/2\nAnswer: -x = -5/2", None),
    ('Solve for x step by step: 2x + 1 = 6. End with "Answer: x = <decimal>".',
     "Step 1: 2x = 5\nStep 2: x = 5/2\nAnswer: x = 2.5", None),
    ('Solve for x step by step: 2x + 1 = 6. End with "Answer: x = <value in cm>".',
     "Step 1: 2x = 5\nStep 2: x = 5/2\nAnswer: x = 2.5 cm", None),
    ("Solve for x step by step: 2x + 1 = 6, then find y = x + 3.",
     "Step 1: 2x = 5\nStep 2: x = 5/2\nStep 3: y = 5/2 + 3 = 11/2\nAnswer: x = 5/2, y = 11/2",
     {"x": Fraction(5, 2), "y": Fraction(11, 2)}),
    ("Solve 2x + 1 = 6 for x and compute z = 4x.",
     "Step 1: 2x = 5\nStep 2: x = 5/2\nStep 3: z = 4 * 5/2 = 10\nAnswer: x = 5/2, z = 10",
     {"x": Fraction(5, 2), "z": Fraction(10)}),
)


@pytest.mark.parametrize(("new_prompt", "correct", "solution"), ASKED_PAIRS)
def test_a_changed_answer_template_or_definition_is_never_answered_with_the_old_unknown(
    new_prompt: str, correct: str, solution: dict[str, Fraction] | None
) -> None:
    judge = text_judge(correct) if solution is None else math_judge(solution)
    pair = Pair("math/asked-form", _ASKED_BASE, answer(2, "x", "+", 1, 6), new_prompt, correct, judge)
    outcome = run_pair(pair)
    assert not outcome.wrong_and_verified, outcome.result.text
    assert outcome.correct, outcome.result.text
    if solution is not None:  # a kept answer line must not claim to be the whole answer
        assert outcome.result.text.lower().count("answer") == 1, outcome.result.text
