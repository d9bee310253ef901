"""Free text with the right value and a word that may deny it: never "checked".

Blind red team round 4, R4: for 3x + 5 = 17 (x = 4), "It is not true that x = 4.", "We cannot have
x = 4.", "Not x = 4." and "Many students think x = 4, but they are wrong." were "checked": the
value was compared, the words around it were not read. The rule now: "checked" only when every word
outside the compared ``u = N`` statements is in a small closed vocabulary that states nothing. The
judge below has its own vocabulary (a subset of what may state nothing) and its own reading of the
words; it computes x itself.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache, TaskRegistry, TextTask

CLAIMS = ("checked", "proven")
# The judge's own vocabulary: words that state nothing about the value.
HARMLESS = frozenset(
    "so therefore thus hence the answer solution value is of we get and"
    # the names of the operations and of working steps: an instruction word, never a denial
    " add adding subtract subtracting divide dividing multiply multiplying solve solving step by final result"
    # framing that introduces a value ("here it is", "which gives", "for all values")
    " then finally values are gives obtain find that which means this it here our for unknown equation equations"
    " working out all".split()
)
# Words that deny, doubt or qualify; and random words (any word outside HARMLESS is unknown).
DENYING = ("not", "cannot", "think", "wrong", "false", "if", "but", "never", "maybe", "nobody", "unless", "suppose",
           "untrue", "incorrect", "doubt", "no", "isn't", "claim", "students", "hypothetically")
WORD = re.compile(r"[A-Za-z']+")


def _levels(prompt: str, answer: str) -> list[str]:
    # the text task alone: the linear task claims a prompt that asks for x and nothing else, and
    # only such a prompt lets a free-text answer be "checked" (red team round 5 (a))
    cache = StepCache(max_repairs=0, tasks=TaskRegistry([TextTask()]))
    first = cache.generate(prompt, lambda _p: answer)
    again = cache.generate(prompt, lambda _p: answer)
    return [first.verification, again.verification]


def _unknown_words(answer: str, var: str) -> list[str]:
    """The judge's reading: the answer's words, minus the unknown's name and HARMLESS."""
    return [w for w in WORD.findall(answer.replace(f"{var} = ", " ")) if w.casefold() not in HARMLESS and w != var]


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, str]:
    a, x0, b = draw(st.integers(2, 9)), draw(st.integers(1, 30)), draw(st.integers(1, 40))
    assert (Fraction(a * x0 + b) - b) / a == x0  # the judge's own solution
    prompt = f"Given {a}x + {b} = {a * x0 + b}, what is x?"
    word = draw(st.one_of(st.sampled_from(DENYING), st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9)))
    before = draw(st.lists(st.sampled_from(sorted(HARMLESS)), max_size=3))
    after = draw(st.lists(st.sampled_from(sorted(HARMLESS)), max_size=3))
    where = draw(st.sampled_from(("before", "after", "end")))
    words = [*before, word] if where == "before" else before
    tail = [word, *after] if where == "after" else after
    answer = " ".join([*words, f"x = {x0}", *tail]).strip() + ("" if where != "end" else f". {word}") + "."
    return prompt, answer, word


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_a_word_outside_the_vocabulary_is_never_checked(case: tuple[str, str, str]) -> None:
    prompt, answer, word = case
    if not _unknown_words(answer, "x"):
        return  # the random word happens to be harmless in the judge's vocabulary
    for level in _levels(prompt, answer):
        assert level not in CLAIMS, (answer, word, level)


@pytest.mark.parametrize(
    "answer",
    [
        "It is not true that x = 4.",
        "We cannot have x = 4.",
        "Not x = 4.",
        "Many students think x = 4, but they are wrong.",
        "Claim: x = 4. This claim is wrong.",
        "If x = 4, then 3x is twelve.",
        "x = 4 is false.",
        "x = 4 does not hold.",
        "Nobody would say x = 4.",
    ],
)
def test_the_red_team_answers_are_unchecked(answer: str) -> None:
    assert _levels("Given 3x + 5 = 17, what is x?", answer) == ["unchecked", "unchecked"]


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 9), st.integers(1, 30), st.integers(1, 40), st.sampled_from(
    ("x = {}.", "So x = {}.", "Therefore x = {}.", "The answer is x = {}.", "We get x = {}.", "Thus the value of x = {}.")))
def test_control_a_right_value_with_harmless_words_is_checked(a: int, x0: int, b: int, form: str) -> None:
    prompt = f"Given {a}x + {b} = {a * x0 + b}, what is x?"
    answer = form.format(x0)
    assert not _unknown_words(answer, "x")
    assert _levels(prompt, answer) == ["checked", "checked"]
