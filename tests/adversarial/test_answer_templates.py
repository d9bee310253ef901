"""Answer templates and formats read, keyed and enforced (issue 33, item 2; the hard workload's
answer_format class). Written by hand, not from any held-out file.

A quoted template ("End with "**Answer:** x = <value>".", "Reply with one sentence of the form
"The solution is <value>."") is the last line, written verbatim with the proven value in its one
slot. Each phrasing below is read with its template, served without a model call from a cached
derivation of the same or a changed equation, and its last line parsed back here (this file's
own reading: the template split at its slot, the value compared with the fuzzer's oracle). A
template that asks anything else (an inequality, another quantity, two slots, another language,
a value changed or rounded) is no claim and reaches the model even with the same equation cached.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import format_errors
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
from stepcache_integrations.core.types import Step

from ..fuzz.oracle import parse_equation

_TERM = r"(?:\d+[a-z]?|(?<![A-Za-z])[a-z])(?![A-Za-z])"
_SIDE = rf"-?{_TERM}(?:\s*[+\-]\s*{_TERM})*"
_EQUATION = re.compile(rf"{_SIDE}\s*=\s*{_SIDE}")


def _equation(prompt: str) -> str:
    return next(m.group() for m in _EQUATION.finditer(prompt))


def _unknown(equation: str) -> str:
    return re.findall(r"[a-z]", equation)[0]


def _solution(equation: str) -> Fraction:
    """The one unknown's value (the fuzzer's parser, not the engine's)."""
    var = _unknown(equation)
    (lc, lk), (rc, rk) = parse_equation(equation)
    return Fraction(rk - lk) / (lc.get(var, 0) - rc.get(var, 0))


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _filled(template: str, value: Fraction) -> str:
    return re.sub(r"<(?:value|answer)>", _text(value), template, count=1)


def _slot_value(template: str, line: str) -> Fraction | None:
    """The value ``line`` states in ``template``'s slot, when the line is the template filled."""
    before, after = re.split(r"<(?:value|answer)>", template, maxsplit=1)
    found = re.fullmatch(re.escape(before) + r"(-?\d+(?:/\d+)?)" + re.escape(after), line.strip())
    return None if found is None else Fraction(found.group(1))


class Oracle:
    """Answers each prompt rightly with steps, then ``template`` filled (a plain answer line without
    one); counts its calls."""

    def __init__(self, template: str = "") -> None:
        self.calls = 0
        self.template = template

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        equation = _equation(prompt)
        var, value = _unknown(equation), _solution(equation)
        (lc, lk), (rc, rk) = parse_equation(equation)
        coeff, rest = lc.get(var, 0) - rc.get(var, 0), rk - lk
        last = _filled(self.template, value) if self.template else f"Answer: {var} = {_text(value)}"
        if "one sentence" in prompt:
            return last
        return f"Step 1: {equation}\nStep 2: {_text(coeff)}{var} = {_text(rest)}\nStep 3: {var} = {_text(value)}\n{last}"


# (prompt, the template as the answer's last line writes it: its slot "<value>")
TEMPLATES = [
    ('Solve for y step by step: 4y - 3 = 21. End with "**Answer:** y = <value>".', "**Answer:** y = <value>"),
    ('Solve 7t + 2 = 30 and end with the sentence "So t equals <value>."', "So t equals <value>."),
    ('Solve for n: 5n - 10 = 15. Reply with one sentence of the form "The solution is <value>."',
     "The solution is <value>."),
    ("Solve 2x - 7 = 9. Finish with 'x = <answer>'", "x = <value>"),
    ('Solve 8k = 56. Conclude with "Thus, k is <value>."', "Thus, k is <value>."),
    ("Find x in 9x - 4 = 23. End with \u201cThe answer is <value>.\u201d", "The answer is <value>."),
    ('Solve for z: 3z + 1 = 16. Finish with "__Result:__ z = <value>"', "__Result:__ z = <value>"),
    ('Solve 6m + 4 = 40 step by step. End with "**Final answer:** <value>"', "**Final answer:** <value>"),
    ('What is x if 5x + 3 = 43? End with "Hence x = <value>."', "Hence x = <value>."),
    ('Solve 9p - 2 = 25. Use the format "Answer: p = <value>".', "Answer: p = <value>"),
    ('Solve 2w + 11 = 21. Format: "Result: <value>"', "Result: <value>"),
    ('Solve 4x + 1 = 33. Your last line must be "So x is <value>."', "So x is <value>."),
    ('Solve 3q - 8 = 13. Write your final answer as "q = <value>".', "q = <value>"),
    ('Solve 6x + 7 = 43. Give your final answer in the form "Therefore x = <value>."', "Therefore x = <value>."),
    ('Solve 8r + 3 = 35. Present the result as "**Result:** r = <value>".', "**Result:** r = <value>"),
    ('Solve for x: 7x - 6 = 22. Respond with only "The answer is <value>."', "The answer is <value>."),
    ('Solve 5h + 4 = 29. Put "h = <value>" at the end.', "h = <value>"),
    ('Solve 2x + 9 = 23. Final line: "x equals <value>"', "x equals <value>"),
]

# (prompt, the line the answer ends with: the unquoted "x = ..." and formats read beside a request)
UNQUOTED = [
    ("Solve 6k + 5 = 41. Answer in the form k = ...", "k = <value>"),
    ("Solve 4x + 3 = 27. End with x = <value>", "x = <value>"),
    ("Solve 3x + 4 = 19. Give the answer in the form x = <value>.", "x = <value>"),
]


@pytest.mark.parametrize(("prompt", "template"), TEMPLATES + UNQUOTED)
def test_each_template_is_read_with_its_unknown(prompt: str, template: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.answer_form == template and problem.language == "en", problem
    assert problem.asked == (_unknown(_equation(prompt)),)
    assert problem.solution[problem.asked[0]] == _solution(_equation(prompt))


def _changed(prompt: str) -> str:
    """The prompt with its equation's last constant raised by the unknown's coefficient (x + 1)."""
    equation = _equation(prompt)
    var = _unknown(equation)
    (lc, _), (rc, _) = parse_equation(equation)
    step = abs(lc.get(var, 0) - rc.get(var, 0))
    head, last = re.fullmatch(r"(.*?)(\d+)", equation).groups()  # type: ignore[union-attr]
    return prompt.replace(equation, f"{head}{int(last) + step}", 1)


@pytest.mark.parametrize(("prompt", "template"), TEMPLATES + UNQUOTED)
def test_the_template_is_served_for_a_changed_constant_and_parses_back(prompt: str, template: str) -> None:
    cache, model = StepCache(), Oracle(template)
    first = cache.generate(prompt, model)
    assert first.task == "linear_equation" and first.checks_passed, (prompt, first.text)
    changed = _changed(prompt)
    again = cache.generate(changed, model)
    assert model.calls == 1 and again.model_calls == 0, (changed, again.outcome)
    value = _slot_value(template, again.text.strip().splitlines()[-1])
    assert value == _solution(_equation(changed)), (changed, again.text)
    assert again.checks_passed
    assert not again.verified or again.verification == "proven"
    if "one sentence" in prompt:
        assert len(again.text.strip().splitlines()) == 1, again.text


BASE = 'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".'


@pytest.mark.parametrize(("prompt", "template"), TEMPLATES)
def test_a_template_is_written_from_a_derivation_cached_in_another_format(prompt: str, template: str) -> None:
    """The hard workload's shape: the same equation cached with "Answer: x = <value>", then asked
    with a template; and another equation of the same form."""
    equation = _equation(prompt)
    cache, model = StepCache(), Oracle()  # answers the base prompt with "Answer: x = N"
    base = cache.generate(BASE.format(v=_unknown(equation), eq=equation), model)
    assert base.verified, base.text
    for asked in (prompt, _changed(prompt)):
        served = cache.generate(asked, model)
        assert model.calls == 1 and served.model_calls == 0, (asked, served.outcome)
        assert _slot_value(template, served.text.strip().splitlines()[-1]) == _solution(_equation(asked)), served.text
        assert not served.verified or served.verification == "proven"


# Each must not be claimed: the same equation cached first, it still reaches the model.
TRAPS = [
    'Solve 3x + 5 = 20. End with "Answer: x > <value>".',  # an inequality's answer
    'Solve the inequality 3x + 5 > 20 for x. End with "Answer: x > <value>".',
    'Solve 3x + 5 = 20. End with "x = <value> + 1".',  # another value than the unknown's
    'Solve 3x + 5 = 20. End with "So x equals <value> + 1."',
    'Solve 3x + 5 = 20. End with "x is approximately <value>".',  # a rounded value
    'Solve 3x + 5 = 20. End with "x \u2248 <value>".',
    'Solve 3x + 5 = 20. End with "So y equals <value>."',  # another quantity
    'Solve 3x + 5 = 20. End with "2x = <value>".',
    'Solve 3x + 5 = 20. End with "-x = <value>".',
    'Solve 3x + 5 = 20. End with "x = <value>, y = <value>".',  # two slots
    'Solve 3x + 5 = 20. End with "<value> = x = <value>".',
    'Solve x + y = 10, x - y = 2. End with "The solution is <value>."',  # one slot, two unknowns asked
    'Solve x + y = 10, x - y = 2 for y. End with "So x equals <value>."',  # the template names another unknown
    'Solve 3x + 5 = 20. Termina con "La soluci\u00f3n es <value>."',  # a template in another language
    'Resuelve 3x + 5 = 20. Termina con "So x equals <value>."',  # an English template in a Spanish request
    'Resuelve 3x + 5 = 20. End with "So x equals <value>."',
    'Solve 3x + 5 = 20. End with "So x equals <value> cm."',  # a unit
    'Solve 3x + 5 = 20. End with "So x does not equal <value>."',  # a negation
    'Solve 3x + 5 = 20. End with "x = <decimal>".',  # a placeholder naming a form
    'Solve 3x + 5 = 20. End with "**Answer: x = <value>".',  # a bold mark never closed
    'Solve 3x + 5 = 20. End with "So x equals <value>." and "Answer: x = <value>".',  # two answer lines
    'Solve 3x + 5 = 20. End with "So x equals <value>." Answer: x = <value>',
    'Solve 3x + 5 = 20. End with "So x equals <value>" in French.',  # another output language
    'Solve 3x + 5 = 20. Don\'t end with "So x equals <value>."',  # a negation of the format
    'Solve sqrt(x) + 5 = 20. End with "So x equals <value>."',  # not linear
    'Solve log(x) + 5 = 20. End with "So x equals <value>."',
    'Solve 25% of x = 10. End with "So x equals <value>."',
    'A pen costs 3 dollars; Mia buys x pens and pays 15 dollars. End with "So x equals <value>."',  # a word problem
    'Solve for x: 3x + 5 = 20. Reply with one sentence of the form "The solution is <value>." Show your steps.',
    "Solve 3x + 5 = 20. Give the exact answer rounded to two decimals.",  # another form
    "Solve 3x + 5 = 20. Give the exact answer as a decimal.",  # two forms no answer can follow
    "Solve 3x + 5 = 20 in one line. Show your steps.",
    "Solve 3x + 5 = 20. Answer in the form x > ...",
    'Solve 3x + 5 = 20. Format: "x > <value>"',
    'Solve 3x + 5 = 20. Your last line must be "y = <value>".',
    'Solve 3x + 5 = 20. Your last line must not be "x = <value>".',
    'Solve 3x + 5 = 20. Write your final answer as "x = <value>%".',
    'Solve 3x + 5 = 20. Use the format "x = <value> (approx.)".',
    'Solve 3x + 5 = 20. Final line: "The solution is <value> or less."',
    'Solve 3x + 5 = 20. Reply only with "x = <value>" in German.',
    'Solve 3x + 5 = 20. Format: "x = <value>" and "y = <value>"',
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_trap_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_trap_is_not_served_from_the_cached_problem(prompt: str) -> None:
    cache = StepCache()
    cache.generate("Solve 3x + 5 = 20.", lambda _p: "3x = 15\nAnswer: x = 5")
    asked: list[str] = []
    result = cache.generate(prompt, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, prompt
    assert not (result.verified and result.task == "linear_equation"), prompt


# -- enforcement: the last line is the template filled with the proven value, nothing else -------

TASK = LinearEquationTask()


@pytest.mark.parametrize(
    ("prompt", "right", "wrong"),
    [
        ('Solve 3x + 5 = 20. End with "**Answer:** x = <value>".', "**Answer:** x = 5",
         ["Answer: x = 5", "**Answer:** x = 6", "**Answer:** x = 10/2", "**Answer:** x = 5.0", "**Answer:** x = 5 cm",
          "**Answer:**  x = 5", "**answer:** x = 5"]),
        ('Solve 3x + 5 = 20. End with the sentence "So x equals <value>."', "So x equals 5.",
         ["So x equals 5", "so x equals 5.", "So x equals 6.", "So x equals 5. Done.", "x = 5", "So x equals +5."]),
        ('Solve 3x + 5 = 20. Reply with one sentence of the form "The solution is <value>."', "The solution is 5.",
         ["The solution is 6.", "The solution is x = 5.", "The solution is five."]),
    ],
)
def test_an_answer_that_does_not_follow_the_template_fails_its_check(prompt: str, right: str, wrong: list[str]) -> None:
    constraints = TASK.constraints(prompt)
    working = "" if "one sentence" in prompt else "3x = 15\n"
    assert TASK.check_answer([Step(text=working), Step(text=right)] if working else [Step(text=right)], constraints) == []
    for line in wrong:
        steps = [Step(text=working), Step(text=line)] if working else [Step(text=line)]
        assert TASK.check_answer(steps, constraints), line
    if not working:  # one sentence asked: working before it is not the answer asked
        assert TASK.check_answer([Step(text="3x = 15\n"), Step(text=right)], constraints)


def test_the_template_check_reads_the_slot_not_the_sentence() -> None:
    """A line in the template's words states its value only in the slot: a right value elsewhere
    in the line does not pass, and the format check alone rejects a line off the template."""
    assert format_errors([Step(text="So x equals 5.")], (), "", ("x",), "", "So x equals <value>.") == []
    assert format_errors([Step(text="So x = 5, x equals 5.")], (), "", ("x",), "", "So x equals <value>.")
    assert format_errors([Step(text="So x equals 5.\n")], (), "", ("x",), "", "So t equals <value>.")


def test_a_wrong_model_answer_in_the_template_is_never_served() -> None:
    """The model's wrong value in the template's words fails; what is served is the template with
    the proven value (the engine's own derivation), never the model's line."""
    cache = StepCache()
    result = cache.generate('Solve 3x + 5 = 20. End with "So x equals <value>."', lambda _p: "3x = 15\nSo x equals 6.")
    assert "So x equals 6." not in result.text
    assert not result.checks_passed or result.text.strip().splitlines()[-1] == "So x equals 5.", result.text
    assert not result.verified or result.verification == "proven"


def test_the_model_ignoring_the_template_is_not_served_as_following_it() -> None:
    cache = StepCache()
    prompt = 'Solve 3x + 5 = 20. End with "So x equals <value>."'
    first = cache.generate(prompt, lambda _p: "3x = 15\nAnswer: x = 5")
    assert first.text.strip().splitlines()[-1] == "So x equals 5." or not first.checks_passed, first.text
    assert TASK.check_answer(TASK.segment("3x = 15\nAnswer: x = 5", None), TASK.constraints(prompt))


def test_templates_key_apart() -> None:
    """Two templates are two formats: their problem keys differ, and neither is the plain prompt's."""
    keys = {TASK.problem_key(TASK.constraints(p)) for p in (
        'Solve 3x + 5 = 20. End with "So x equals <value>."',
        'Solve 3x + 5 = 20. End with "So x is <value>."',
        "Solve 3x + 5 = 20.",
        'Solve 3x + 5 = 20. End with "**Answer:** x = <value>".',
    )}
    assert len(keys) == 4 and None not in keys


# -- other formats read beside the request, and enforced ------------------------------------------

FORMATS = [
    ("Solve 3x + 2 = 9. Give the exact answer.", ("fraction",)),
    ("Solve 5y - 1 = 2 and give the exact value.", ("fraction",)),
    ("Solve 7x + 1 = 3. Write the exact answer.", ("fraction",)),
    ("Solve 3x + 2 = 20 in one line.", ("one_line",)),
    ("Solve for t: 4t - 2 = 10 in one line.", ("one_line",)),
    ("In one line: solve 7x + 3 = 31", ("one_line",)),
    ("On one line: find y in 4y - 3 = 9", ("one_line",)),
    ("Solve 6x + 1 = 13, showing numbered steps.", ("steps", "numbered")),
    ("Solve 5x + 2 = 17, with numbered steps.", ("steps", "numbered")),
    ("Solve 3n - 4 = 11 numbering each step.", ("steps", "numbered")),
    ("Give only x as a fraction: 4x - 1 = 6", ("answer_only", "fraction")),
    ("Give me z as a fraction: 3z + 2 = 7", ("fraction",)),
    ("Give x as a decimal: 4x - 2 = 6", ("decimal",)),
    ("Solve 4x - 1 = 6. Give your answer as a fraction.", ("fraction",)),
    ("Solve 3x + 1 = 8. Give the answer as a fraction in lowest terms.", ("fraction",)),
    ("Solve 2x + 3 = 10. No explanation needed.", ("answer_only",)),
    ("Solve 5x - 2 = 9. Just give the answer. No explanation needed.", ("answer_only",)),
    ("Solve 7x + 2 = 11. Return only the final answer.", ("answer_only",)),
]

FORMAT_TRAPS = [
    "Give x as a fraction and a decimal: 4x - 1 = 6",  # two forms no answer can follow
    "In one line: solve 4x - 1 = 6. Show your steps.",
    "Solve 6x + 1 = 13, showing numbered steps. Answer in one line.",
    "Give x as a percentage: 4x - 1 = 6",  # a form the table does not declare
    "Solve 4x - 1 = 6. Give your answer as a mixed number.",
    "Solve 4x - 1 = 6. Give your answer as a fraction of y.",
    "Give y as a fraction: 4x - 1 = 6",  # not an unknown of the equation
    "Give x as a fraction: 4x - 1 = 6 + y",  # no unique solution
    "Give only x as a fraction: x + y = 6",
    "In two lines: solve 4x - 1 = 6",
    "In one line: 4x - 1 = 6 is false",
    "Solve 4x - 1 = 6. No explanation needed, but check it.",
    "Solve 4x - 1 = 6. Return only the final answer in French.",
    "Return x rounded: 4x - 1 = 6",
]


@pytest.mark.parametrize("prompt", FORMAT_TRAPS)
def test_a_format_trap_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
    cache = StepCache()
    cache.generate("Solve 4x - 1 = 6.", lambda _p: "4x = 7\nAnswer: x = 7/4")
    asked: list[str] = []
    result = cache.generate(prompt, lambda p: asked.append(p) or "I cannot say.")
    assert asked and not (result.verified and result.task == "linear_equation"), prompt


@pytest.mark.parametrize(("prompt", "fmt"), FORMATS)
def test_each_format_is_read_and_followed_for_a_changed_constant(prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.format == fmt, (prompt, problem)
    cache, model = StepCache(), Oracle()
    first = cache.generate(prompt, model)
    assert first.task == "linear_equation"
    changed = _changed(prompt)
    again = cache.generate(changed, model)
    lines = again.text.strip().splitlines()
    var = _unknown(_equation(changed))
    found = re.search(rf"{var}\s*=\s*(-?\d+(?:/\d+|\.\d+)?)\.?$", lines[-1])
    assert found is not None and Fraction(found.group(1)) == _solution(_equation(changed)), again.text
    assert again.verified and again.verification == "proven", again.text
    if "fraction" in fmt:
        assert "." not in found.group(1), again.text
    if "one_line" in fmt or "answer_only" in fmt:
        assert len(lines) == 1, again.text
    if "numbered" in fmt:
        assert all(line.startswith(f"Step {i}") for i, line in enumerate(lines[:-1], 1)) and len(lines) > 1, again.text


def test_an_exact_answer_is_never_written_as_a_decimal() -> None:
    for prompt, decimal in (("Solve 3x + 2 = 9. Give the exact answer.", "3x = 7\nAnswer: x = 2.33"),
                            ("Solve 4x + 2 = 4. Give the exact answer.", "4x = 2\nAnswer: x = 0.5")):
        constraints = TASK.constraints(prompt)
        assert TASK.check_answer(TASK.segment(decimal, None), constraints), decimal
        result = StepCache().generate(prompt, lambda _p, d=decimal: d)
        last = result.text.strip().splitlines()[-1]
        assert not (result.checks_passed and re.search(r"\d\.\d", last)), result.text


def test_numbered_steps_are_written_by_the_engine_when_the_cached_working_is_not_numbered() -> None:
    cache = StepCache()
    first = cache.generate("Solve 3x + 5 = 20.", lambda _p: "Subtract 5 from both sides: 3x = 15\nAnswer: x = 5")
    assert first.verified
    again = cache.generate("Solve 3x + 7 = 22 with numbered steps.", lambda _p: pytest.fail("a model call"))
    lines = again.text.strip().splitlines()
    assert all(line.startswith(f"Step {i}:") for i, line in enumerate(lines[:-1], 1)) and len(lines) > 1, again.text
    assert lines[-1] == "Answer: x = 5" and again.verified and again.verification == "proven"


@pytest.mark.parametrize("claim", ["So x is a positive even integer: x = 2", "x is prime", "Halve both sides: x = 2"])
def test_prose_beside_the_template_line_is_still_read_for_another_problem(claim: str) -> None:
    """Only the template's own line is exempt from the unread-prose rule: a claim in the same step
    ("x is prime", then "So x equals 2.") written for the cached problem is never served again."""
    template = 'End with "So x equals <value>."'
    base = f"Solve 2x + 3 = 7. {template}"
    cached = f"Step 1: Subtract 3 from both sides: 2x = 4\nStep 2: {claim}\nSo x equals 2."
    for new, value in (("Solve 3x + 3 = 7. ", "4/3"), ("Solve 2x + 5 = 11. ", "3"), ("Solve 4x + 3 = 7. ", "1")):
        cache, calls = StepCache(), []
        cache.generate(base, lambda _p: cached)
        result = cache.generate(new + template, lambda p: calls.append(p) or f"x = {value}\nSo x equals {value}.")
        if not calls:  # served without a model call: the claim's prose must be gone
            assert claim.split(":")[0] not in result.text, result.text


def test_a_bare_slot_holds_the_asked_expression_and_a_named_one_is_no_claim() -> None:
    """'what is 2x? End with "The answer is <value>."': the slot holds 2x's value (never x's); a
    template naming the unknown beside an asked expression is two things asked."""
    cache = StepCache()
    cache.generate(BASE.format(v="x", eq="3x + 5 = 20"), lambda _p: "Step 1: 3x = 15\nStep 2: x = 5\nAnswer: x = 5")
    for prompt, value in (('Given 3x + 5 = 20, what is 2x? End with "The answer is <value>."', 10),
                          ('Given 3x + 8 = 29, what is 2x? End with "The answer is <value>."', 14)):
        served = cache.generate(prompt, lambda _p: pytest.fail("a model call"))
        assert served.text.strip().splitlines()[-1] == f"The answer is {value}.", served.text
    assert understand_prompt('Given 3x + 5 = 20, what is 2x? End with "x = <value>".') is None
    assert understand_prompt('Given 3x + 5 = 20, what is 2x? End with "So x equals <value>."') is None
