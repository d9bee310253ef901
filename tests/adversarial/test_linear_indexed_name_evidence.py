"""A lone unknown written as letters then digits ("x2") is no claim: it may be a power typed flat
(x2 for x\u00b2) or a product, so "x2 = 5" need not answer what was asked (math fuzz campaign, seed 5,
fr "x2 + 3 = 8"). It is read as a name only with evidence: a sibling of the same letters
("x1 + x2 = 10") or the request naming it ("for x2"); "x_1" names by its underscore.
"""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_models_answer_kept, assert_red_team_pair_not_served, served_linear

LONE = [
    "Solve x2 + 3 = 8.",
    "Résous x2 + 3 = 8.",
    "Löse x2 + 3 = 8.",
    "Solve 2x2 - 4 = 10.",
    "Solve a1 + 3 = 8.",
    "Solve ab12 + 1 = 4.",
    "Solve x1 + y = 10, x1 - y = 2.",
    "Solve x2 = 9.",
]


@pytest.mark.parametrize("prompt", LONE)
def test_a_lone_indexed_name_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
    assert_models_answer_kept(prompt)


@pytest.mark.parametrize("prompt", ["Solve x2 + 3 = 8.", "Solve a1 + 3 = 8.", "Solve 2x2 - 4 = 10."])
def test_a_lone_indexed_name_is_never_served_for_another_constant(prompt: str) -> None:
    assert_red_team_pair_not_served(prompt, prompt.replace("3 = 8", "3 = 9").replace("4 = 10", "4 = 12"))


EVIDENT = [
    ("Solve x1 + x2 = 10, x1 - x2 = 2.", "Solve x1 + x2 = 12, x1 - x2 = 2.", {"x1": 7, "x2": 5}),
    ("Solve x_1 + 3 = 8.", "Solve x_1 + 3 = 9.", {"x_1": 6}),
]


@pytest.mark.parametrize(("first", "second", "expected"), EVIDENT)
def test_an_indexed_name_with_evidence_is_served(first: str, second: str, expected: dict[str, int]) -> None:
    served_linear(first, second, expected)


@pytest.mark.parametrize(("prompt", "name"), [("Solve x2 + 3 = 8 for x2.", "x2"), ("What is x3 if x3 + 1 = 28?", "x3")])
def test_a_lone_indexed_name_the_request_names_is_read(prompt: str, name: str) -> None:
    """Asked for the token itself, "x2 = 5" answers it whatever x2 means (the engine's own working
    for it is not proven yet: its prose names "the x2 terms", so nothing is served proven)."""
    problem = understand_prompt(prompt)
    assert problem is not None and problem.asked == (name,), prompt
