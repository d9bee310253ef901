"""Answer lines that do not state the asked unknowns (a blind red team's finding, round 2).

The final-answer reader once took the LEADING number of an answer line as the unknown's value,
so "Answer: 3x", "Answer: 2x = 4" or "Answer: x = 2 = 3 - 1" were proven, stored, re-served and
re-instantiated for other constants with no model call. Here every answer the cache returns as
verified is judged by this file's own reading of its last line (no engine code): it must be
"Answer: u = N, ..." naming exactly the asked unknowns, or "Answer: N" / "The solution is N." for
one asked unknown, N the hand-computed value in a canonical form.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache

_LITERAL = r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?(?:/[1-9][0-9]*)?"


def _value(literal: str) -> Fraction | None:
    """A canonical literal's value (None: not canonical, e.g. "4/2")."""
    if not re.fullmatch(_LITERAL, literal):
        return None
    if "/" in literal:
        num, den = (int(p) for p in literal.lstrip("-").split("/"))
        if Fraction(num, den).denominator != den or den == 1:
            return None
    return Fraction(literal)


def judge(text: str, solution: dict[str, Fraction], asked: list[str]) -> bool:
    """This test's own reading: the last non-empty line states exactly the asked unknowns'
    values (markdown bold and a final period allowed), each right."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return False
    last = lines[-1].replace("**", "")
    match = re.fullmatch(r"(?:Answer:|The solution is)\s*(.*?)\.?", last)
    if match is None:
        return False
    body = match.group(1).strip()
    if len(asked) == 1 and _value(body) is not None:
        return _value(body) == solution[asked[0]]
    pairs = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", body)
    stated: dict[str, Fraction | None] = {}
    for pair in pairs:
        m = re.fullmatch(r"([A-Za-z])\s*=\s*(\S+)", pair)
        if m is None or m.group(1) in stated:
            return False
        stated[m.group(1)] = _value(m.group(2))
    return set(stated) == set(asked) and all(stated[v] == solution[v] for v in asked)


class _Asked(Exception):
    pass


def _no_model(prompt: str) -> str:
    raise _Asked(prompt)


X2 = {"x": Fraction(2)}
X3 = {"x": Fraction(3)}
SYS = {"x": Fraction(3), "y": Fraction(2)}
STEPS = "Subtract 3 from both sides: 2x = 4\nDivide both sides by 2: x = 2\n"

# (prompt, its solution, asked, the model's answer, [(another prompt, its solution)])
CASES = [
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], "Answer: 2x + 3 = 7",
     [("Solve 2x + 3 = 7.", X2), ("Solve 2x + 3 = 7 for x. Number every step.", X2)]),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3x", [("Solve x + 1 = 5 for x.", {"x": Fraction(4)})]),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3 - x", [("Solve x + 1 = 5 for x.", {"x": Fraction(4)})]),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3x = 3x", [("Solve x + 1 = 5 for x.", {"x": Fraction(4)})]),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3 * 2 = 6", [("Solve x + 1 = 4.", X3)]),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3 / x", []),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3 * x", []),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3(x)", []),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "The solution is 3x.", []),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "**Answer:** 3x", []),
    ("Solve x + 1 = 4 for x.", X3, ["x"], "Answer: 3 = 3", []),
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], STEPS + "Answer: 2x = 4",
     [("Solve 3x + 3 = 9 for x.", X2), ("Solve 2x + 3 = 8 for x.", {"x": Fraction(5, 2)})]),
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], STEPS + "Answer: x = 2 = 3 - 1", [("Solve 2x + 3 = 9 for x.", X3)]),
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], STEPS + "Answer: x = 2, 2x = 4", [("Solve 2x + 3 = 9 for x.", X3)]),
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], STEPS + "- Answer: x = 2x - 2", [("Solve 2x + 3 = 9 for x.", X3)]),
    ("Solve 2x + 3 = 7 for x.", X2, ["x"], STEPS + "So x = 2 = 3 - 1", [("Solve 2x + 3 = 9 for x.", X3)]),
    ("Solve 5x + 3 = 8 for x.", {"x": Fraction(1)}, ["x"], "Answer: 1.0", []),
    ("Solve x + y = 5 and x - y = 1 for y.", SYS, ["y"], "Answer: 2x",
     [("Solve x + y = 7 and x - y = 1 for y.", {"x": Fraction(4), "y": Fraction(3)})]),
    ("Solve x + y = 5 and x - y = 1 for y.", SYS, ["y"], "Answer: 2x = 6",
     [("Solve x + y = 7 and x - y = 1 for y.", {"x": Fraction(4), "y": Fraction(3)})]),
    ("Solve x + y = 5 and x - y = 1 for x.", SYS, ["x"], "Answer: 3y",
     [("Solve x + y = 5 and x - y = 3 for x.", {"x": Fraction(4), "y": Fraction(1)})]),
    ("Solve x + y = 5 and x - y = 1 for x.", SYS, ["x"], "Answer: 3 + y = 5", []),
    ("Solve x + y = 5 and x - y = 1 for x and y.", SYS, ["x", "y"], "Answer: 3, 2",
     [("Solve x + y = 7 and x - y = 1 for x and y.", {"x": Fraction(4), "y": Fraction(3)})]),
    ("Solve x + y = 5 and x - y = 1 for x and y.", SYS, ["x", "y"], "Answer: x = 3, y = 5 - x", []),
]


@pytest.mark.parametrize(("prompt", "solution", "asked", "answer", "others"), CASES)
def test_an_answer_line_that_states_no_value_is_never_verified(
    prompt: str,
    solution: dict[str, Fraction],
    asked: list[str],
    answer: str,
    others: list[tuple[str, dict[str, Fraction]]],
) -> None:
    assert not judge(answer, solution, asked)  # the scripted answer is wrong by this file's reading
    cache = StepCache()
    fresh = cache.generate(prompt, lambda p: answer)
    assert not fresh.verified or judge(fresh.text, solution, asked), fresh.text
    assert fresh.text != answer or not fresh.checks_passed, fresh.text  # never kept as passing
    for other, other_solution in others:
        try:
            served = cache.generate(other, _no_model)
        except _Asked:
            continue
        assert not served.verified or judge(served.text, other_solution, asked), (other, served.text)


def test_the_judge_reads_right_answers() -> None:
    assert judge("Answer: x = 2", X2, ["x"]) and judge("**Answer:** x = 2.", X2, ["x"])
    assert judge("The solution is 2.", X2, ["x"]) and judge("Answer: 2", X2, ["x"])
    assert judge("Answer: x = 3, y = 2", SYS, ["x", "y"]) and judge("Answer: y = 2", SYS, ["y"])
    assert not judge("Answer: 2x = 4", X2, ["x"]) and not judge("Answer: x = 2 = 3 - 1", X2, ["x"])


@pytest.mark.parametrize("cut", ["A", "An", "Ans", "Answe", "**Ans", "answer"])
def test_an_answer_cut_off_is_never_kept(cut: str) -> None:
    """A truncated output ("... x = 15/2.\\nAns") is an answer cut off: never stored or served as the
    model's checked answer (the reliability suite's truncated model found it)."""
    prompt = 'Solve for x step by step: 2x + 5 = 20. Write one step per line as "Step k: ..." and end with "Answer: x = <value>".'
    cut_off = "Step 1: Subtract 5 from both sides: 2x = 15.\nStep 2: Divide both sides by 2: x = 15/2.\n" + cut
    result = StepCache(max_repairs=0).generate(prompt, lambda _p: cut_off)
    assert result.text != cut_off and result.verified
    assert result.text.splitlines()[-1] in ("Answer: x = 15/2", "Answer: x = 7.5")
