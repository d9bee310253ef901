"""W14: a prompt stating more equations than unknowns is no claim, so a working for one is never
served as the working of another that merely agrees with it.

Found by red team round 10 (840 pairs, 2026-12-04): "Given 4x + 18 = 38, solve 7x + 23 = 58 for x."
(both hold at x = 5) was served the cached working of "Solve 4x + 18 = 38 for x." (reuse, no model
call, verified=True); every line checked true against the two-equation problem, none touched the
equation asked. The same with "If A, solve B", a chat or System turn stating A, "Solve A and B" and
the given/if forms of es/fr/de/it/pt/ru/zh/ja. An equation restated (the same, or its sides swapped)
is still one equation."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import FixedReplyModel

# (first prompt, second prompt) templates: {a} states the cached equation, {b} another with the same root
CONTEXTS = [
    ("Solve {a} for x.", "Given {a}, solve {b} for x."),
    ("Solve {a} for x.", "If {a}, solve {b} for x."),
    ("Solve {a} for x.", "{a}. Solve {b} for x."),
    ("Solve {a} for x.", "My teacher gave us {a}. Solve {b} for x."),
    ("Solve {a} for x.", "User: {a}\nAssistant: OK.\nUser: Solve {b} for x."),
    ("Solve {a} for x.", "System: {a}\nUser: Solve {b} for x."),
    ("Solve {a} for x.", "Given {a}, solve {b} for x step by step."),
    ("Solve {a} for x.", "Given {a}, solve {b} for x. Number your steps."),
    ("Solve {a} for x.", "{a}. Solve for x and show your work: {b}"),
    ("Solve {a} for x.", "Solve {a} and {b}."),
    ("Solve {a} for x.", "Solve {a} and {b} for x."),
    ("Solve {a} for x.", "Solve {b} and {a} for x."),
    ("Resuelve {a}.", "Si {a}, resuelve {b}."),
    ("Résous {a}.", "Si {a}, résous {b}."),
    ("Löse {a}.", "Wenn {a}, löse {b}."),
    ("Risolvi {a}.", "Se {a}, risolvi {b}."),
    ("Resolva {a}.", "Se {a}, resolva {b}."),
    ("Реши {a}.", "Если {a}, реши {b}."),
    ("解方程 {a}", "已知 {a}，解方程 {b}"),
    ("{a} を解いてください。", "{a} のとき、{b} を解いてください。"),
]


def _equation(rng: random.Random, root: int, avoid: tuple[int, int] | None = None) -> tuple[str, int, int]:
    while True:
        coeff, const = rng.randint(2, 9), rng.randint(1, 40)
        if (coeff, const) != avoid:
            return f"{coeff}x + {const} = {coeff * root + const}", coeff, const


def _working(coeff: int, const: int, root: int) -> str:
    return (f"Step 1: Subtract {const} from both sides: {coeff}x = {coeff * root}\n"
            f"Step 2: Divide both sides by {coeff}: x = {root}\nAnswer: x = {root}")


def _pairs(count: int, seed: int) -> list[tuple[str, str, str]]:
    rng, pairs = random.Random(seed), []
    for i in range(count):
        first, second = CONTEXTS[i % len(CONTEXTS)]
        root = rng.randint(2, 30)
        a, coeff, const = _equation(rng, root)
        b, _, _ = _equation(rng, root, avoid=(coeff, const))
        pairs.append((first.format(a=a), second.format(a=a, b=b), _working(coeff, const, root)))
    return pairs


@pytest.mark.parametrize(("first", "second", "working"), _pairs(80, seed=14))
def test_a_working_for_one_equation_is_not_served_for_another_that_agrees(first: str, second: str, working: str) -> None:
    assert understand_prompt(second) is None, second
    cache = StepCache()
    model = FixedReplyModel(working)
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before + 1 or result.text != working, (second, result.outcome, result.text)


@pytest.mark.parametrize("prompt", [
    "Solve the system: 2x = 4, x + y = 5, y + x = 5.",
    "Solve the system: 2x = 4, x + y = 5, 5 = y + x.",
    "Solve 3x + 5 = 20 and 3x + 5 = 20.",
])
def test_an_equation_restated_is_still_one_equation(prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert len(problem.variables) in (1, 2) and problem.solution["x"] == Fraction(2 if "2x = 4" in prompt else 5)


@pytest.mark.parametrize("prompt", [
    "Given 4x + 18 = 38, solve 8x + 36 = 76 for x.",  # scaled: another equation to derive
    "Solve 2x = 8 and x = 4.",
    "Solve the system: x + y = 10, x - y = 2, 3x + y = 22.",
])
def test_an_equation_scaled_or_a_third_that_agrees_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None, prompt
