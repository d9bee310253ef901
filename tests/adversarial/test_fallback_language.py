"""W4 (docs/guarantees.md): the deterministic fallback wrote English steps ("Step 1: Start from the
equation ...", "Answer: x = 5") for a linear request in another language and stamped them proven;
that entry was then re-instantiated, in English, for the next request in that language. For a
request whose language is not English the fallback now writes language-neutral working: the
equations only ("3x + 5 = 20", "3x = 15", "x = 5"), numbered "1.", "2.", ... when numbered steps
are asked, and the answer line the request's own template or label allows. Checked as before
(every equation exact), so proven; English requests keep the English derivation."""

from __future__ import annotations

import re

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import format_errors
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
from stepcache_integrations.core.types import Step

TASK = LinearEquationTask()
_WORD = re.compile(r"[^\W\d_]{2,}")  # a word of two letters or more, in any script


class Echo:
    """Never right; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return f"ECHO {self.calls}"


def _fallback(prompt: str) -> str:
    c = TASK.constraints(prompt)
    text = TASK.fallback(c)
    assert text is not None, prompt
    steps = TASK.segment(text, c)
    assert TASK.verify(steps, c, None).passed, text
    assert TASK.check_answer(steps, c) == [], text
    return text


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Résous l'équation 3x + 5 = 20.", "3x + 5 = 20\n3x = 15\nx = 5"),
    ("Löse die Gleichung 3x + 5 = 20.", "3x + 5 = 20\n3x = 15\nx = 5"),
    ("解方程 3x + 5 = 20", "3x + 5 = 20\n3x = 15\nx = 5"),
    ("Löse 3x + 5 = 20 Schritt für Schritt.", "3x + 5 = 20\n3x = 15\nx = 5"),
    ("解方程 2x + 1 = 4", "2x + 1 = 4\n2x = 3\nx = 1.5"),
    ("Résous l'équation 3x + 5 = 20 et numérote les étapes.", "1. 3x + 5 = 20\n2. 3x = 15\nx = 5"),
    ("Résous 3x + 5 = 20 et donne juste la réponse.", "x = 5"),
    ("Löse das System x + y = 3, x - y = 1.", "x + y = 3\nx - y = 1\nx = 2, y = 1"),
    ("Wenn 3x + 5 = 20, was ist 2x?", "3x + 5 = 20\n3x = 15\nx = 5\n2*x = 10"),
])
def test_the_fallback_writes_equations_only_for_another_language(prompt: str, expected: str) -> None:
    text = _fallback(prompt)
    assert text == expected
    assert _WORD.findall(text) == []  # no word of any language: "Step", "Answer", "Start" are English
    c = TASK.constraints(prompt)
    assert TASK.verification_level(TASK.segment(text, c), c, None) == "proven"


def test_a_label_the_request_asks_for_is_the_users_own_word() -> None:
    text = _fallback("Résous 3x + 5 = 20. Réponse finale : x = ?")
    assert text == "3x + 5 = 20\n3x = 15\nx = 5\nRéponse finale: x = 5"
    assert set(_WORD.findall(text)) == {"Réponse", "finale"}


def test_english_requests_keep_the_english_derivation() -> None:
    text = _fallback("Solve 3x + 5 = 20 for x.")
    assert text.startswith("Step 1: Start from the equation 3x + 5 = 20.") and text.endswith("Answer: x = 5")


@pytest.mark.parametrize(("first", "second", "value"), [
    ("Résous l'équation 3x + 5 = 20.", "Résous l'équation 3x + 5 = 26.", "x = 7"),
    ("Löse die Gleichung 2x - 3 = 7.", "Löse die Gleichung 2x - 3 = 9.", "x = 6"),
    ("解方程 3x + 5 = 20", "解方程 7x + 5 = 19", "x = 2"),
])
def test_an_entry_the_fallback_wrote_is_re_instantiated_without_english(first: str, second: str, value: str) -> None:
    cache = StepCache()
    model = Echo()
    written = cache.generate(first, model)
    assert model.calls == 1 and written.verification == "proven" and written.used_fallback
    assert _WORD.findall(written.text) == [], written.text
    again = cache.generate(second, model)
    assert model.calls == 1 and again.outcome == "reinstantiate" and again.verification == "proven"
    assert _WORD.findall(again.text) == [] and again.text.endswith(value), again.text


def test_numbered_steps_asked_are_numbered_for_a_request_in_another_language() -> None:
    cache = StepCache()
    model = Echo()
    result = cache.generate("Résous l'équation 4x + 5 = 29 et numérote les étapes.", model)
    assert result.verification == "proven" and result.text == "1. 4x + 5 = 29\n2. 4x = 24\nx = 6"


@pytest.mark.parametrize(("working", "numbered"), [
    (["1. 3x + 5 = 20", "2. 3x = 15"], True),
    (["1) 3x + 5 = 20", "2) 3x = 15"], True),
    (["Step 1: 3x + 5 = 20", "Step 2: 3x = 15"], True),
    (["1. 3x + 5 = 20", "3. 3x = 15"], False),  # not 1, 2, ...
    (["2. 3x + 5 = 20", "3. 3x = 15"], False),
    (["1.5x + 5 = 20", "2.5x = 15"], False),  # decimals, no numbering
    (["1.3x + 5 = 20"], False),
    (["3x + 5 = 20", "3x = 15"], False),
])
def test_list_numbers_count_as_numbered_steps(working: list[str], numbered: bool) -> None:
    steps = [Step(text="\n".join([*working, "x = 5"]))]
    errors = format_errors(steps, ("numbered",), "", ("x",))
    assert (errors == []) is numbered, errors


def test_the_answer_form_asked_is_the_working_s_too() -> None:
    assert _fallback("6x = 9 のとき x は？分数で答えて") == "6x = 9\nx = 3/2"  # no "x = 1.5" before the fraction
    assert _fallback("Résous 2x + 1 = 4 et donne la réponse en fraction.") == "2x + 1 = 4\n2x = 3\nx = 3/2"


@pytest.mark.parametrize(("first", "second", "expected"), [
    ("Oi, resolve aí pra mim: x/2 + 3 = 8", "Oi, resolve aí pra mim: x/2 + 3 = 11", "x/2 + 3 = 11\n(0.5)x = 8\nx = 16"),
    ("6x = 9 のとき x は？分数で答えて", "6x = 20 のとき x は？分数で答えて", "6x = 20\nx = 10/3"),
    ("Résous l'équation 3x + 5 = 20 et numérote les étapes.", "Résous l'équation 3x + 5 = 29 et numérote les étapes.",
     "1. 3x + 5 = 29\n2. 3x = 24\nx = 8"),
])
def test_equations_alone_are_written_anew_not_rewritten(first: str, second: str, expected: str) -> None:
    """Equations alone carry no operation that checks each line against the one before: their
    constants rewritten gave "x/2 + 3 = 11", "(0.3125)x = 5" (true at x = 16, no derivation). The
    derivation is written anew from the proven solution, served or not."""
    cache = StepCache()
    cache.generate(first, Echo())
    result = cache.generate(second, Echo())
    assert result.verification == "proven" and result.text == expected, (result.outcome, result.text)
    task = TASK
    old, new = task.constraints(first), task.constraints(second)
    rewritten = task.reinstantiate(task.segment(task.fallback(old) or "", old), old, new)
    assert rewritten is not None and "".join(step.text for step in rewritten) == expected
