"""The language of a linear request decided by positive evidence (wip/linAC, 2026-12-06).

A prompt whose words two tables read the same way ("Se 3x - 1 = 14, quanto vale 2x + 1?": Portuguese and
Italian word for word) was read by whichever table came first (Italian), so an answer cached for a Portuguese
request ("Resolva 3x - 1 = 14.") was "written for a request in another language" and not reused (dev sets:
six pt pairs, scripts/decline_causes_linear.py). Now every later table reads it too: the same reading adds
its language ("it+pt": the request may be answered in either), another reading leaves it undecided (no
claim: a yes/no check answered "Sì" or "Sim"?). A word only one table has decides it ("Resolva": pt).

Written by hand. Traps: the answer of an undecided request reused for a decided one (its prose may be the
other language), a check whose answer word depends on the language, a changed problem, an extra condition,
another language asked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear import reader
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask, _language_mismatch
from stepcache_integrations.core.types import Step
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_red_team_pair_not_served, served_linear

TASK = LinearEquationTask()

# -- 1. a request two tables read the same way: both languages ---------------------------------------------
UNDECIDED = [
    ("Se 3x - 1 = 14, quanto vale 2x + 1?", "it+pt"),
    ("Quanto vale x se 3x - 1 = 14?", "it+pt"),
    ("Se x/2 + 3 = 8, quanto vale 2x?", "it+pt"),
]
DECIDED = [
    ("Resolva 3x - 1 = 14.", "pt"),
    ("Risolvi 3x - 1 = 14.", "it"),
    ("Löse 2x + 1 = 9.", "de"),
    ("Solve 3x + 5 = 20.", "en"),        # the English table reads it: English (the others borrow "solve")
    ("3x + 5 = 20", "en"),               # no word: no evidence, the first table's as before
    ("Resolva 3x + 5 = 20 por favor", "pt"),
    ("3x + 5 = 20\u3002", "ja"),             # marks alone are no evidence: the first table that reads them, as before
    ("\u00ab3x + 5 = 20\u00bb", "es"),
]


@pytest.mark.parametrize(("prompt", "language"), UNDECIDED + DECIDED)
def test_the_language_is_decided_by_the_words(prompt: str, language: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.language == language, (prompt, problem)


@pytest.mark.parametrize(("prompt", "language"), UNDECIDED + DECIDED[:3])
def test_the_reading_does_not_depend_on_which_table_came_first(prompt: str, language: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    first = understand_prompt.__wrapped__(prompt)
    tables = reader._LANGUAGE.vocabularies
    monkeypatch.setattr(reader._LANGUAGE, "vocabularies", (tables[0], *reversed(tables[1:])))  # English stays first
    again = understand_prompt.__wrapped__(prompt)
    assert first == again and again is not None and again.language == language, (first, again)


# -- 2. a Portuguese answer serves the same problem asked in words Italian shares ----------------------------
SERVED = [
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14, quanto vale 2x + 1?", {"2*x + 1": 11}),
    ("Resolva 2x + 10 = 24.", "Se 2x + 10 = 24, quanto vale x^2?", {"x^2": 49}),
    ("Resolva 3x + 9 = 24.", "Se 3x + 9 = 24, quanto vale 2x - 1?", {"2*x - 1": 9}),
]


@pytest.mark.parametrize(("first", "second", "expected"), SERVED)
def test_a_decided_answer_serves_a_request_its_language_reads(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, {k: Fraction(v) for k, v in expected.items()})


# -- 3. traps ------------------------------------------------------------------------------------------------
# An undecided request's answer (Italian or Portuguese prose?) answers a request one of its tables decides
# only when no step holds a word: the engine's working in another language than English is words-free (W4).
PROSE = [Step(text="Passo 1: aggiungo 1 a entrambi i lati: 3x = 15."), Step(text="Passo 2: divido per 3: x = 5.")]
NEUTRAL = [Step(text="3x - 1 = 14"), Step(text="3x = 15"), Step(text="x = 5")]


def _constraints(prompt: str) -> LinearConstraints:
    return TASK.load_constraints(TASK.constraints(prompt))


@pytest.mark.parametrize(("cached", "new", "steps", "reused"), [
    ("Se 3x - 1 = 14, quanto vale x?", "Resolva 3x - 1 = 14.", PROSE, False),   # it+pt prose for pt: which language?
    ("Se 3x - 1 = 14, quanto vale x?", "Risolvi 3x - 1 = 14.", PROSE, False),
    ("Se 3x - 1 = 14, quanto vale x?", "Resolva 3x - 1 = 14.", NEUTRAL, True),  # no word: no language
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14, quanto vale x?", PROSE, True),    # pt prose for a request pt reads
    ("Risolvi 3x - 1 = 14.", "Resolva 3x - 1 = 14.", NEUTRAL, False),           # two languages, none shared
    ("Se 3x - 1 = 14, quanto vale x?", "Löse 3x - 1 = 14.", NEUTRAL, False),
])
def test_an_answer_serves_a_request_of_its_language(cached: str, new: str, steps: list[Step], reused: bool) -> None:
    mismatch = _language_mismatch(_constraints(cached), _constraints(new), steps)
    assert (mismatch is None) == reused, (cached, new, mismatch)


def test_an_undecided_request_is_keyed_as_its_first_language() -> None:
    """The keyed tiers find the answer to an Italian request for "it+pt" (whether it serves is the check's)."""
    undecided, italian, portuguese = (_constraints(p) for p in ("Quanto vale x se 3x - 1 = 14?", "Risolvi 3x - 1 = 20.",
                                                               "Resolva 3x - 1 = 14."))
    assert undecided.language == "it+pt" and italian.language == "it" and portuguese.language == "pt"
    assert TASK.family_key(undecided) == TASK.family_key(italian) != TASK.family_key(portuguese)


TRAPS = [
    # an extra condition, an inequality, another language asked, an unknown no equation holds
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14 e x > 9, quanto vale x?"),
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 > 14, quanto vale x?"),
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14, quanto vale x? Responda em inglês."),
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14, quanto vale y?"),
    ("Resolva 3x - 1 = 14.", "Se 3x - 1 = 14, quanto non vale x?"),
    # a check whose answer word is the language's ("Sì" or "Sim"): no claim
    ("Resolva 3x - 1 = 14.", "Verifica se x = 5 quando 3x - 1 = 14."),
    ("Risolvi 3x - 1 = 14.", "Verifica se x = 5 se 3x - 1 = 14?"),
]


@pytest.mark.parametrize(("first", "trap"), TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_a_trap_is_not_served(first: str, trap: str) -> None:
    assert_linear_trap_declined(trap, first)
    assert_red_team_pair_not_served(first, trap)


def test_a_check_two_tables_answer_with_different_words_is_no_claim() -> None:
    assert understand_prompt("Verifica se x = 5 quando 3x - 1 = 14.") is None
    assert understand_prompt("Verifica se x = 5 se 3x - 1 = 14?") is None
