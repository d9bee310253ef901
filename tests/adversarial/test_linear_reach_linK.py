"""Linear re-instantiation that does not depend on the model's prose (issue 33 item 2, branch
wip/linK), written by hand per class, not from any held-out file. Where the rewrite of a cached
working cannot carry it to the new prompt (another form: a 2x2 system with other coefficients, a
sign flipped, a bracket, a divisor; prose it cannot rewrite; another answer form), the engine
writes the derivation from the new prompt's proven solution (``task._written_anew``: exact values
where neither the equations nor the format write a decimal), checked like any answer, its
provenance "fallback", never "reused". Each pair is run twice: the first prompt answered by a
model that is never right (the fallback's derivation is stored) and by a right model whose prose
the engine cannot rewrite; the second prompt is then served proven with no model call and exactly
right (this file's own reading of the last line). Traps: no claim, or the model answers."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks import LinearEquationTask

from .harness import NeverRightModel as Echo


class Right:
    """Right for the first prompt only, in prose no rewrite carries; any other call is counted."""

    def __init__(self, answer: str) -> None:
        self.answer, self.calls = answer, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.answer if self.calls == 1 else "ECHO"


_VALUE = r"(-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)"


def _stated(line: str, name: str) -> Fraction | None:
    """The value the answer's last line states for ``name`` ("x = 5", "Answer: x = 5, y = 3")."""
    found = re.findall(rf"(?:^|[\s,:]){re.escape(name)}\s*=\s*{_VALUE}(?=\s*(?:,|\.?$))", line.strip())
    return Fraction(found[-1]) if found else None


def served(first: str, answer: str | None, second: str, expected: dict[str, Fraction]) -> str:
    cache = StepCache()
    model = Echo() if answer is None else Right(answer)
    one = cache.generate(first, model)
    assert one.task == "linear_equation" and one.verification in ("proven", "checked"), (first, one.text)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.outcome == "reinstantiate" and again.verified and again.verification == "proven", (second, again.text)
    lines = again.text.strip().splitlines()
    for name, value in expected.items():
        assert _stated(lines[-1], name) == value, (second, again.text)
    return again.text


F = Fraction
SYSTEM = "x = 6\ny = 4\nAnswer: x = 6, y = 4"
ONE = "Subtract 5 from both sides to get 3x = 15, then divide by 3.\nAnswer: x = 5"
PAIRS = [
    # English 2x2 systems whose coefficients change (red team round 13: 0/39 served)
    ("Solve x + y = 10 and x - y = 2.", SYSTEM, "Solve 3x + 2y = 5 and x + 4y = 7.", {"x": F(3, 5), "y": F(8, 5)}),
    ("Solve x + y = 10 and x - y = 2.", SYSTEM, "Solve 2x - 3y = -4 and 5x + y = 7.", {"x": F(1), "y": F(2)}),
    ("Solve 2x + 3y = 12 and x - y = 1.",
     "Adding three times the second equation to the first gives 5x = 15, so x = 3 and y = 2.\nAnswer: x = 3, y = 2",
     "Solve 3x - 2y = 5 and x + 4y = -3.", {"x": F(1), "y": F(-1)}),
    # one equation of another form: a bracket, a sign flipped, unknowns on both sides
    ('Solve for x step by step: 3x + 5 = 20. Write one step per line as "Step k: ...".', ONE,
     'Solve for x step by step: 2(x + 3) = 10. Write one step per line as "Step k: ...".', {"x": F(2)}),
    ('Solve for x step by step: 3x + 5 = 20. Write one step per line as "Step k: ...".', ONE,
     'Solve for x step by step: 7 - 2x = 3x + 1. Write one step per line as "Step k: ...".', {"x": F(6, 5)}),
    ("Solve 3x + 5 = 20 step by step.", ONE, "Solve 4x - 6 = 2x + 9 step by step.", {"x": F(15, 2)}),
    # another answer form: one line, a fraction
    ("Solve 3x + 5 = 20.", "Step 1: 3x = 15\nStep 2: x = 5\nAnswer: x = 5", "Solve 3x + 5 = 26. Answer in one line.", {"x": F(7)}),
    ("Solve 3x + 5 = 20.", "Step 1: 3x = 15\nStep 2: x = 5\nAnswer: x = 5",
     "Solve 3x + 5 = 21. Give the answer as a fraction.", {"x": F(16, 3)}),
]


@pytest.mark.parametrize("right", [False, True], ids=["never-right", "right-prose"])
@pytest.mark.parametrize(("first", "answer", "second", "expected"), PAIRS)
def test_served_and_exactly_right(first: str, answer: str, second: str, expected: dict[str, Fraction], right: bool) -> None:
    served(first, answer if right else None, second, expected)


def test_the_engine_writes_the_steps_exactly_not_the_models_prose() -> None:
    """The served steps are the engine's (provenance "fallback"), every value exact: "3/5", never "0.6"."""
    cache = StepCache()
    cache.generate("Solve x + y = 10 and x - y = 2.", Right(SYSTEM))
    again = cache.generate("Solve 3x + 2y = 5 and x + 4y = 7.", Echo())
    assert {step.provenance for step in again.steps} == {"fallback"} and again.verified, again.text
    assert "x = 3/5, y = 8/5" in again.text and not re.search(r"\d\.\d", again.text), again.text


def test_a_decimal_asked_is_written_as_asked() -> None:
    text = served("Solve 2x + 3 = 11.", "Step 1: 2x = 8\nStep 2: x = 4\nAnswer: x = 4",
                  "Solve 2x + 3 = 10. Give the answer as a decimal.", {"x": F(7, 2)})
    assert text.strip().splitlines()[-1] == "Answer: x = 3.5", text


def test_a_rewrite_the_checks_refuse_is_replaced_by_the_engines_derivation() -> None:
    """9x + 36 = 162 rewritten for 198 states 9x = 126 (a coincidence of constants): that rewrite is
    never served; the engine's derivation of the new problem is, proven, with no model call."""
    task = LinearEquationTask()
    math = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
    old, new = task.constraints(math.format(eq="9x + 36 = 162")), task.constraints(math.format(eq="9x + 36 = 198"))
    cached = task.segment("Step 1: 9x + 36 = 162\nStep 2: Subtract 36 from both sides: 9x = 126\n"
                          "Step 3: Divide both sides by 9: x = 14\nAnswer: x = 14", old)
    written = task.reinstantiate(cached, old, new)
    assert written is not None and all(step.meta.get("written_by") == "fallback" for step in written)
    text = "".join(step.text for step in written)
    assert "9x = 126" not in text and text.endswith("Answer: x = 18"), text
    assert task.verify(written, new, old).passed and not task.check_answer(written, new)
    assert task.verification_level(written, new, old) == "proven"


def test_another_form_is_written_anew_and_proven() -> None:
    """The rewrite refuses "2(x + 3) = 10" after "3x + 5 = 20" (``reinstantiate_steps``: None); the
    engine's derivation of it is served instead, proven."""
    from stepcache_integrations.core.tasks.linear.rewrite import reinstantiate_steps
    from stepcache_integrations.core.tasks.linear.task import problem_context

    task = LinearEquationTask()
    old, new = task.constraints("Solve for x: 3x + 5 = 20."), task.constraints("Solve for x: 2(x + 3) = 10.")
    cached = task.segment("Step 1: 3x + 5 = 20\nStep 2: Subtract 5 from both sides: 3x = 15\nStep 3: Divide by 3: x = 5\nAnswer: x = 5", old)
    assert reinstantiate_steps(cached, old, new, problem_context(new, old)) is None
    written = task.reinstantiate(cached, old, new)
    assert written is not None and "".join(s.text for s in written).endswith("Answer: x = 2")
    assert task.verify(written, new, old).passed and task.verification_level(written, new, old) == "proven"


def test_another_problems_answer_line_never_answers() -> None:
    """An entry that is only another problem's answer line ("Answer: x = 6", right for 3x + 5 = 23)
    is never served for 3x + 5 = 20: the new problem's derivation is, proven."""
    cache = StepCache()
    target = "Solve 3x + 5 = 20."
    cache.store_answer(target.replace("20", "23"), "Answer: x = 6")
    again = cache.generate(target, Echo())
    assert again.verified and again.text.endswith("x = 5") and "x = 6" not in again.text, again.text


TRAPS = [
    # no unique solution: no claim (the model answers; nothing is proven)
    ("Solve x + y = 10 and x - y = 2.", SYSTEM, "Solve x + y = 1 and x + y = 2."),
    ("Solve x + y = 10 and x - y = 2.", SYSTEM, "Solve x + y = 4 and 2x + 2y = 8."),
    # more equations than unknowns (W14): no claim
    ("Solve 3x + 5 = 20.", ONE, "Given 4x + 18 = 38, solve 7x + 23 = 58."),
    # prose asked that no checker reads: no claim
    ("Solve 3x + 5 = 20.", ONE, "Solve 3x + 5 = 26 and explain each step in words."),
    # an inequality: no claim
    ("Solve 3x + 5 = 20.", ONE, "Solve 3x + 5 > 26."),
]


@pytest.mark.parametrize(("first", "answer", "second"), TRAPS)
def test_traps_are_never_written_by_the_engine(first: str, answer: str, second: str) -> None:
    cache = StepCache()
    model = Right(answer)
    cache.generate(first, model)
    again = cache.generate(second, model)
    assert model.calls == 2 and not again.verified and again.outcome != "reinstantiate", (second, again.outcome, again.text)


def test_another_language_is_never_answered_with_english_steps() -> None:
    """An English entry serves no German request: its derivation is written language-neutral."""
    cache = StepCache()
    cache.generate("Solve x + y = 10 and x - y = 2.", Right(SYSTEM))
    again = cache.generate("Löse x + y = 10 und x - y = 4.", Echo())
    assert again.outcome != "reinstantiate" and "Step" not in again.text and "Answer" not in again.text, again.text


def test_another_count_of_unknowns_is_not_written_from_the_entry() -> None:
    """A cached system does not stand for a one-unknown problem (``task._same_kind``): the rewrite
    alone decides, as before."""
    task = LinearEquationTask()
    old, new = task.constraints("Solve x + y = 10 and x - y = 2."), task.constraints("Solve 3x + 5 = 20.")
    assert task.reinstantiate(task.segment(SYSTEM, old), old, new) is None


@pytest.mark.parametrize(("first", "answer", "second", "last"), [
    ("Solve x + y = 10 and x - y = 2.", SYSTEM, "Solve 3x + 2y = 5 and x + 4y = 7. Give the answer as a decimal.",
     "Answer: x = 0.6, y = 1.6"),
    ("Solve 3x + 5 = 20 step by step.", ONE, "Solve 4x - 6 = 2x + 9 step by step. Give the answer as a decimal.",
     "Answer: x = 7.5"),
])
def test_the_derivation_written_anew_writes_the_decimal_asked(first: str, answer: str, second: str, last: str) -> None:
    """Where the format asks a decimal, the engine's derivation writes decimals (its working too)."""
    for model in (Echo(), Right(answer)):
        cache = StepCache()
        cache.generate(first, model)
        before = model.calls
        again = cache.generate(second, model)
        assert model.calls == before and again.verified and again.outcome == "reinstantiate", again.text
        lines = again.text.strip().splitlines()
        assert lines[-1] == last and "/" not in again.text, again.text


def test_the_first_derivation_writes_no_decimal_the_equations_do_not() -> None:
    """A never-right model's first answer is the engine's derivation: "(1/3)x = 3", never "(0.33...)x"
    or "(0.25)x" for a divisor the prompt writes as a fraction."""
    for prompt, working in (("Solve x/3 + 2 = 5.", "(1/3)x = 3"), ("Solve x/4 + 2 = 5.", "(1/4)x = 3")):
        result = StepCache().generate(prompt, Echo())
        assert result.verified and working in result.text and not re.search(r"\d\.\d", result.text), result.text


# -- word problems: a price each, a count named, a fee, a total (the hard workload's word problem) ---------
STORY = "A shop sells pens for {p} dollars each. Maria buys x pens and pays a {f} dollar fee; she pays {t} dollars in total. {q}"
ASK = 'Solve for x step by step and end with "Answer: x = <value>".'
WORD_PAIRS = [
    (STORY.format(p=9, f=3, t=57, q=ASK), "9x + 3 = 57, so 9x = 54 and x = 6.\nAnswer: x = 6",
     STORY.format(p=13, f=3, t=81, q=ASK), {"x": F(6)}),
    (STORY.format(p=4, f=2, t=30, q=ASK), "She pays 4 dollars per pen plus the fee: 4x + 2 = 30, x = 7.\nAnswer: x = 7",
     STORY.format(p=5, f=6, t=41, q=ASK), {"x": F(7)}),
    (STORY.format(p=9, f=3, t=57, q="Solve for x."), "Answer: x = 6", STORY.format(p=9, f=5, t=59, q="Solve for x."), {"x": F(6)}),
    ("A store sells notebooks for $4 each. Tom buys n notebooks and pays a $2 delivery fee. He pays $30 in total. Solve for n.",
     "4n + 2 = 30\nn = 7\nAnswer: n = 7",
     "A store sells notebooks for $5 each. Tom buys n notebooks and pays a $2 delivery fee. He pays $37 in total. Solve for n.",
     {"n": F(7)}),
]


@pytest.mark.parametrize("right", [False, True], ids=["never-right", "right-prose"])
@pytest.mark.parametrize(("first", "answer", "second", "expected"), WORD_PAIRS)
def test_a_word_problem_with_other_constants_is_served_and_exactly_right(
        first: str, answer: str, second: str, expected: dict[str, Fraction], right: bool) -> None:
    text = served(first, answer if right else None, second, expected)
    if "<value>" in second:  # the template followed verbatim
        assert text.strip().splitlines()[-1] == f"Answer: x = {expected['x']}", text


def test_the_story_is_read_to_its_equation() -> None:
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    read = understand_prompt(STORY.format(p=9, f=3, t=57, q=ASK))
    assert read is not None and [eq.text for eq in read.equations] == ["9x + 3 = 57"] and read.solution == {"x": 6}
    assert read.answer_form == "Answer: x = <value>"


WORD_TRAPS = [
    STORY.format(p=9, f=3, t=57, q="How much is each pen?"),                      # the question changes
    STORY.format(p=9, f=3, t=57, q='How many pens does her friend buy if she buys three times as many? End with "Answer: <value>".'),
    STORY.format(p=9, f=3, t=57, q=ASK).replace("dollar fee", "dollar discount"),   # a fee becomes a discount
    STORY.format(p=9, f=3, t=58, q=ASK),                                           # no whole count of pens
    STORY.format(p=9, f=3, t=57, q=ASK).replace("buys x pens", "buys x pencils"),  # other goods than the price's
    STORY.format(p=9, f=3, t=57, q=ASK).replace("a 3 dollar fee", "a 3 euro fee"),  # two currencies
    STORY.format(p=9, f=3, t=57, q=ASK).replace("she pays", "Tom pays"),            # another payer's total
    STORY.format(p=9, f=3, t=57, q=ASK).replace("dollars each", "dollars its"),    # no price each
    STORY.format(p=9, f=3, t=57, q='Solve for x and end with "Answer: y = <value>".'),  # a template of another unknown
    STORY.format(p=9, f=3, t=57, q="Solve for x.").replace("; she pays 57 dollars in total", ""),  # no total
    STORY.format(p=9, f=3, t=57, q="Solve for x.") + " Pens are 20% off today.",     # a condition no rule reads
    # a template beside the user's words for the quantity (the answer line is labelled with them)
    'A taxi charges a $3 base fare plus $2 per mile. The ride cost $19. How many miles did I ride? End with "Answer: x = <value>".',
]


@pytest.mark.parametrize("trap", WORD_TRAPS)
def test_a_word_problem_trap_is_no_claim(trap: str) -> None:
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), Echo()
    cache.generate(STORY.format(p=9, f=3, t=57, q=ASK), model)
    before = model.calls
    again = cache.generate(trap, model)
    assert model.calls == before + 1 and not again.verified, (trap, again.outcome, again.text)


def test_a_tampered_entry_is_never_served_the_engine_writes_instead() -> None:
    """An entry whose last line was tampered (a wrong value, stored around the checks): neither the
    rephrased problem nor a new constant is served from its text; the engine's derivation is, proven."""
    from stepcache_integrations.core.types import Step

    math = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
    cache = StepCache()
    entry_id = cache.store_answer(math.format(eq="6x + 13 = 55"), "Step 1: 6x = 42\nStep 2: x = 7\nAnswer: x = 7")
    assert entry_id is not None
    entry = cache.store.get(entry_id)
    assert entry is not None
    entry.steps = [*entry.steps[:-1], Step(text="Answer: x = 8")]
    for prompt, value in ((math.format(eq="6x + 13 = 55").replace("Solve", "Please solve"), 7), (math.format(eq="6x + 13 = 67"), 9)):
        model = Echo()
        result = cache.generate(prompt, model)
        assert "x = 8" not in result.text and result.verified and result.text.endswith(f"Answer: x = {value}"), result.text


def test_a_chain_is_answered_by_the_model_not_written_by_the_engine() -> None:
    """A chain "a = b = c" read as two equations sharing a side (a list mistyped, "16, x" as "16+ x";
    the fuzzer's oracle reads no chain): the engine does not write it from a cached entry; the model
    answers (the checks, or the fallback when the model is wrong, as for any first answer)."""
    cache = StepCache()
    model = Right("x = 4\ny = 2\nAnswer: x = 4, y = 2")
    cache.generate("Solve the system: 3x + 2y = 16, x + y = 6. Find x and y.", model)
    again = cache.generate("Solve the system: 3x + 2y = 16+ x + y = 6. Find x and y.", model)
    assert model.calls == 2 and again.outcome != "reinstantiate", (again.outcome, again.text)
