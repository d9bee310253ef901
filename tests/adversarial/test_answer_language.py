"""Blind red team (2026-12-03, W1): a linear problem asked in French or Chinese was answered with
the English steps cached for an English request (reuse or re-instantiation, proven, no model call).
The request's language (the vocabulary table that read it) is part of what is asked: a cached
answer serves only requests read in the same language, by every path (similarity, problem key,
re-instantiation). The equations and values are the same; the prose is content."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints
from stepcache_integrations.core.tasks.linear.task import LinearEquationTask

ENGLISH = "Solve 3x + 5 = 20 for x."
STEPS = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"


class Echo:
    """Never right; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return f"ECHO {self.calls}"


@pytest.mark.parametrize("other", [
    "Résous l'équation 3x + 5 = 20.",  # the same problem
    "Résous l'équation 3x + 5 = 26.",  # a changed constant
    "解方程 3x + 5 = 26。",
    "Resuelve 3x + 5 = 26.",
    "Löse die Gleichung 3x + 5 = 20.",
    "Решите уравнение 3x + 5 = 26.",
])
def test_english_steps_are_never_served_to_a_request_in_another_language(other: str) -> None:
    cache = StepCache()
    assert cache.generate(ENGLISH, lambda _p: STEPS).verification == "proven"
    model = Echo()
    result = cache.generate(other, model)
    assert model.calls >= 1, (result.outcome, result.text)
    assert result.outcome not in ("reuse", "reinstantiate") and result.tier is None
    assert "Subtract 5 from both sides" not in result.text  # the cached English prose is not kept


def test_the_same_language_is_still_served_and_re_instantiated() -> None:
    cache = StepCache()
    model = Echo()
    first = cache.generate("Résous l'équation 3x + 5 = 20.", model)  # the fallback proves it
    assert first.verification == "proven" and model.calls == 1
    again = cache.generate("Résous l'équation 3x + 5 = 26.", model)
    assert again.outcome == "reinstantiate" and model.calls == 1 and again.text.endswith("x = 7")
    english = cache.generate("Solve 3x + 5 = 26 for x.", model)
    assert model.calls == 2 and english.outcome not in ("reuse", "reinstantiate")


def test_the_language_is_keyed_and_stored() -> None:
    task = LinearEquationTask()
    french, english = task.constraints("Résous l'équation 3x + 5 = 20."), task.constraints(ENGLISH)
    assert (french.language, english.language) == ("fr", "en")
    assert task.problem_key(french) != task.problem_key(english)
    assert task.shape_key(french) != task.shape_key(english)
    assert LinearConstraints.read(french.to_dict()).language == "fr"


def test_an_entry_stored_without_a_language_is_not_reused() -> None:
    task = LinearEquationTask()
    english = task.constraints(ENGLISH)
    unrecorded = {k: v for k, v in english.to_dict().items() if k != "language"}
    steps = task.segment(STEPS, english)
    assert task.verify(steps, english, english).passed
    verdicts = task.verify(steps, english, unrecorded).units
    assert verdicts and not any(check.ok for check in verdicts)
    assert "another language" in verdicts[0].reason
    assert task.reinstantiate(steps, unrecorded, english) is None
