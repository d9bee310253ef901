"""The fuzz oracle's own reading of the everyday English wordings of one operation (wip/arithS:
tests/fuzz/oracle.py ``_arith_words``, its own regexes and number words) agrees with the engine's
(core/tasks/arithmetic/request.lark) on every English reading of tests/adversarial/test_arithmetic_everyday_arithS.py
and on random numbers; the oracle never reads what the engine must not claim there."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import format_value
from tests.adversarial.test_arithmetic_everyday_arithS import NEAR_MISSES, PHRASINGS, READ
from tests.fuzz.corpus import ARITH_WORDS
from tests.fuzz.oracle import ArithProblem, understand_text

_ENGLISH = [row for row in READ if row[4] == "en" and row[3] == "value" and "%" not in row[0]]


@pytest.mark.parametrize(("prompt", "expression", "value", "form", "language"), _ENGLISH)
def test_the_oracle_reads_each_english_wording_to_the_engine_s_value(prompt: str, expression: str, value: object,
                                                                     form: str, language: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, ArithProblem) and problem.value == Fraction(value), (prompt, problem)  # type: ignore[arg-type]


@pytest.mark.parametrize("prompt", [p for p in NEAR_MISSES if p.isascii()])
def test_the_oracle_reads_no_near_miss_as_an_everyday_wording(prompt: str) -> None:
    problem = understand_text(prompt)
    assert not (isinstance(problem, ArithProblem) and problem.template.pattern == "{e:a}"), (prompt, problem)


def test_every_fuzz_base_is_read_by_both_alike() -> None:
    for prompt in ARITH_WORDS:
        problem, engine = understand_text(prompt), ArithmeticConstraints.of_prompt(prompt)
        assert isinstance(problem, ArithProblem) and engine.claimed and problem.value == engine.value, prompt


_NUMBERS = st.builds(lambda whole, cents: Fraction(whole) + Fraction(cents, 100), st.integers(0, 10**5), st.sampled_from([0, 0, 5, 25]))


@pytest.mark.parametrize(("phrasing", "count"), [(p, c) for p, c, _ in PHRASINGS], ids=[p[0] for p in PHRASINGS])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_two_readings_agree_on_random_numbers(phrasing: str, count: int, data) -> None:  # type: ignore[no-untyped-def]
    numbers = data.draw(st.lists(_NUMBERS, min_size=count, max_size=count))
    prompt = phrasing.format(*(format_value(n) for n in numbers))
    problem, engine = understand_text(prompt), ArithmeticConstraints.of_prompt(prompt)
    if engine.claimed:
        assert isinstance(problem, ArithProblem) and problem.value == engine.value, prompt
