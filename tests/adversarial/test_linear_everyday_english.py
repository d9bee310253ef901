"""Everyday English around a linear problem (issue 33, item 4): greetings, thanks and emoji around
the request, a lead-in that states the equations, a chat's system line, markup around the problem
(LaTeX, code, bold) and the answer's form joined to the request. Written by hand, not from the
held-out files. Every phrasing is read, served again with a changed constant by re-instantiation
(no model call, proven, right by the fuzzer's own oracle, in the format asked); every trap (an
instruction that changes the answer, a word outside the table, a check of a given value, a
negation) is no claim and reaches the model even with the same equation cached."""

from __future__ import annotations

import re

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .test_linear_everyday_languages import _equations, _holds, reaches_the_model, served_again

# (prompt, format read)
PHRASINGS = [
    # greetings, thanks, emoji and courtesy around the request
    ("Hi! Could you please solve 2x + 7 = 15 for me? Thanks so much!", ()),
    ("Hello! Can you solve 3x + 4 = 19 for me, please? Thank you!", ()),
    ("Solve 5x - 3 = 12. Thank you.", ()),
    ("Solve 4x + 1 = 9, thanks!", ()),
    ("Solve 6x + 5 = 23 please, thanks in advance.", ()),
    ("Solve 7x - 4 = 10 \U0001f642", ()),
    ("Could you solve 2x + 9 = 17? \U0001f64f", ()),
    ("ok quick one: 9 - 2x = 1", ()),
    ("Quick question: 3x + 6 = 21. What is x?", ()),
    ("Okay, solve 8x - 6 = 10.", ()),
    ("Hey, what's x in 5x + 2 = 22? Cheers!", ()),
    ("Can you tell me what x equals when 10x - 5 = 45?", ()),
    ("Tell me what x is if 4x + 4 = 24.", ()),
    ("3x + 1 = 10, x?", ()),
    ("5x + 2 = 17. x?", ()),
    ("I want to know what x is in 6x - 2 = 16.", ()),
    ("What does x equal in 3x + 7 = 25?", ()),
    ("Solve 6x - 9 = 15, por favor.", ()),
    ("Kindly solve 2x + 3 = 13.", ()),
    ("Solve 9x + 2 = 20 pls", ()),
    # the answer's form joined to the request
    ("Solve 6x + 2 = 44 and reply in one line.", ("one_line",)),
    ("Solve 5x + 1 = 8, give x as a fraction.", ("fraction",)),
    ("Solve 4x - 3 = 7 and give x as a decimal.", ("decimal",)),
    ("Solve 9x + 3 = 48 with numbered steps.", ("steps", "numbered")),
    ("Solve 3x - 4 = 11 with steps.", ("steps",)),
    ("Solve 2x + 11 = 25, showing your work.", ("steps",)),
    ("What is x if 7x + 3 = 31? Show your work.", ("steps",)),
    ("Solve 3x + 5 = 20. Don't show your steps.", ("answer_only",)),
    ("Solve 5x - 7 = 13. Don't explain, just the answer.", ("answer_only",)),
    ("Solve 2x + 5 = 17 without showing your work.", ("answer_only",)),
    # chat shapes and lead-ins
    ("System: You are a helpful assistant.\nUser: What's x in 8x + 8 = 40?", ()),
    ("My teacher gave us 8x - 12 = 4x + 8. What's x? Show your work.", ("steps",)),
    ("I have the equation 5x + 5 = 30. What is x?", ()),
    ("Here's the equation: 3x - 1 = 14. Solve it for x.", ()),
    ("Consider 6x + 3 = 27. Find x.", ()),
    # markup around the same problem
    ("Solve $3x + 5 = 20$.", ()),
    ("Solve \\(4x + 2 = 18\\) for x.", ()),
    ("Solve: $$2x - 3 = 9$$", ()),
    ("Solve `5x + 10 = 35`.", ()),
    ("Solve:\n```\n6x - 4 = 20\n```", ()),
    ("What is **x** if 2x + 6 = 16?", ()),
]

# Each must not be claimed: the same equation cached first, it still reaches the model.
TRAPS = [
    # (the answer asked as a bare number, red team W3: served as the number alone, proven, in
    # test_linear_asked_and_checked.py BARE_NUMBER_SERVED)
    "Hi! Could you please solve 2x + 7 = 15 for me in French? Thanks so much!",  # another output language
    "Solve 2x + 7 = 15. Thanks, and round the answer.",  # an instruction that changes the answer
    "Can you tell me whether x = 4 when 2x + 7 = 15?",  # a yes/no check
    "Is $x = 4$ a solution of $2x + 7 = 15$?",  # a yes/no check in markup
    "Tell me what x is not if 2x + 7 = 15.",  # a negation
    "Don't solve 2x + 7 = 15. Thanks!",  # a negation of the request
    # markup around words may be a form the answer must reproduce (the hard benchmark's "**Answer:** x = ..."
    # was served without its bold, proven): only markup around math is unwrapped
    "Solve 2x + 7 = 15. End with **Answer:** x = <value>",
    "**Solve:** 2x + 7 = 15",
    "Solve 2x + 7 = 15 but do not give x. Thanks.",  # a negation of what is asked
    "Solve 2x + 7 = 15 and explain why. Thank you.",  # an explanation asked
    "Solve 2x + 7 = 15. Explain why.",  # an explanation asked, a sentence of its own
    "Solve 2x + 7 = 15, give x rounded to a whole number.",  # another form
    "Solve $2x + 7 = 15$ mod 7.",  # another problem
    "Solve $\\sqrt{x} + 7 = 15$.",  # LaTeX the math reader does not read ("\\frac{x}{2}" is read since wip/linF:
    "Solve $\\frac{x}{2}^2 + 7 = 15$.",  # served and right in test_linear_reach_linF.py; a power after it is not)
    "Solve ```python\n2x + 7 = 15\n```",  # code in a language: not the problem alone
    "Solve 2x + 7 = $15",  # a lone dollar: a price, or markup?
    "Solve 2x + 7 = 15!",  # "15!" is a factorial
    "My teacher gave us 2x + 7 = 15. Is x = 4?",  # a yes/no check after a lead-in
    "I have 2x + 7 = 15. What is x in centimetres?",  # a unit the table does not declare
    "System: Answer in French.\nUser: 2x + 7 = 15",  # another output language in the system line
    "System: You are a pirate.\nUser: Solve 2x + 7 = 15.",  # a persona the table does not declare
    "Solve 2x + 7 = 15 with numbered steps. Don't show your steps.",  # two forms no answer can follow
    "Give x as a fraction and as a decimal: 2x + 7 = 15.",  # two forms no answer can follow
    "2x + 7 = 15 x?",  # "15 x": 15x (is 2x + 7 = 15x?) or a question after the equation
    "2x + 7 = 15. x = 4?",  # a yes/no check
    "2x + 7 = 15. x",  # an unknown alone without its question mark
    "Solve 2x + 7 = 1,500.5",  # a comma and a point in one number
    "Solve x + y = 7,100 - y = 3",  # "7,100": seven thousand one hundred, or two equations listed?
    "Löse 2x + 7 = 1,500.",  # a German comma is a decimal comma
    "Resuelve 2x + 7 = 1,500.",  # so is a Spanish one
    "Solve 3 times x plus 4 times 2 equals 19.",  # a product of numbers: which precedence?
    "Solve x plus 4, times 2, equals 18.",  # (x + 4) * 2, said aloud
    "Solve 3 times x plus 4 equals 19 times 2.",  # a product on the right
    "Solve a plus 4 equals 9.",  # "a": an article or an unknown?
    "Does x plus 3 equal 5 when x is 2?",  # a yes/no check in words
    "x is 3. Solve x plus y equals 10.",  # "x is 3": no arithmetic, not read as an equation
    "Solve 3 x plus 4 equals 19.",  # "3 x": 3x, or a number beside a word?
    "Thanks! 15 = 2x + 7 2x + 7 = 15 solve",  # words out of order
    "What x equals when is 2x + 7 = 15?",  # words out of order
]


@pytest.mark.parametrize(("prompt", "fmt"), PHRASINGS)
def test_each_phrasing_is_read_with_its_format(prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert problem.asked == ("x",) and problem.format == fmt and problem.language == "en"
    assert [eq.text for eq in problem.equations] == _equations(prompt)
    assert _holds(_equations(prompt)[0], problem.solution["x"])


@pytest.mark.parametrize(("prompt", "fmt"), PHRASINGS)
def test_a_changed_constant_is_served_proven_without_a_model_call(prompt: str, fmt: tuple[str, ...]) -> None:
    lines = served_again(prompt, fmt)
    if "numbered" in fmt:
        assert all(line.startswith(f"Step {i}") for i, line in enumerate(lines[:-1], 1)), lines


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_trap_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt


@pytest.mark.parametrize("prompt", TRAPS)
def test_a_trap_is_not_served_from_the_cached_problem(prompt: str) -> None:
    reaches_the_model(prompt, "Solve 2x + 7 = 15.")


# (prompt, the same prompt with a changed constant, x before, x after): commas grouping thousands
THOUSANDS = [
    ("Solve 3x + 1,200 = 4,500.", "Solve 3x + 1,500 = 4,500.", 1100, 1000),
    ("What is x if 2x - 3,000 = 1,000,000?", "What is x if 2x - 5,000 = 1,000,000?", 501500, 502500),
    ("Solve x + y = 5,000, x - y = 1,000. Give x.", "Solve x + y = 7,000, x - y = 1,000. Give x.", 3000, 4000),
]

# the same, for equations written in words (a coefficient times an unknown, terms added or subtracted)
SPELLED = [
    ("Solve: 3 times x plus 4 equals 19.", "Solve: 3 times x plus 10 equals 19.", 5, 3),
    ("two x plus five equals eleven", "two x plus five equals fifteen", 3, 5),
    ("Solve x minus 7 equals 12.", "Solve x minus 9 equals 12.", 19, 21),
    ("What is x if twenty-five minus two x equals 11?", "What is x if twenty-five minus two x equals 5?", 7, 10),
    ("Solve x divided by 4 plus 3 equals 10.", "Solve x divided by 4 plus 5 equals 10.", 28, 20),
    ("Find x: 3x plus 2 is 20.", "Find x: 3x plus 2 is 29.", 6, 9),
    ("Solve x plus twenty five equals 30.", "Solve x plus twenty five equals 40.", 5, 15),
    ("Can you tell me what x equals when x plus 5 equals 9?",
     "Can you tell me what x equals when x plus 5 equals 12?", 4, 7),
]


@pytest.mark.parametrize(("prompt", "changed", "value", "new_value"), THOUSANDS + SPELLED)
def test_a_number_or_equation_written_otherwise_is_read_and_a_changed_constant_served(
        prompt: str, changed: str, value: int, new_value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.solution["x"] == value, prompt
    cache = StepCache()
    first = cache.generate(prompt, lambda _p: f"Answer: x = {value}" + (f", y = {problem.solution['y']}"
                                                                        if "y" in problem.solution else ""))
    assert first.verified, first.text
    again = cache.generate(changed, lambda _p: pytest.fail("a model call for a changed constant"))
    assert again.verified and again.verification == "proven" and again.model_calls == 0
    found = re.search(r"x\s*=\s*(-?\d+)", again.text.strip().splitlines()[-1])
    assert found is not None and int(found.group(1)) == new_value, again.text


def test_a_system_asked_on_one_line_is_served_on_one_line_with_a_changed_constant() -> None:
    cache = StepCache()
    first = cache.generate("Solve x + y = 10, x - y = 2. Give x and y on one line.", lambda _p: "x = 6, y = 4")
    assert first.verified, first.text
    again = cache.generate("Solve x + y = 12, x - y = 2. Give x and y on one line.",
                           lambda _p: pytest.fail("a model call for a changed constant"))
    assert again.verified and again.verification == "proven" and again.model_calls == 0
    assert len(again.text.strip().splitlines()) == 1, again.text
    values = dict(re.findall(r"([xy])\s*=\s*(-?\d+)", again.text))
    assert values == {"x": "7", "y": "5"}, again.text
