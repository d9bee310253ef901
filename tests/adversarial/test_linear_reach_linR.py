"""Linear reach (issue 33 items 2/3/4, branch wip/linR), written by hand per class, not from any
held-out file. Each pair: the first prompt is answered by a model that is never right (only what
the checker or the deterministic fallback proves is stored), then the second is served proven
without a model call and exactly right (this file's own reading of the last line); each trap is
no claim and reaches the model.

Classes: the fallback for a coefficient written as a fraction (x/3, (2/3)x: multiply by the
denominator); a constant written without its sign ("12 - 3x") is no stale constant; the decimal
comma in fr/de/it/ru/pt/es; the answer's form said before the equations with no verb of solving
("Answer in one line: ...", "Responda só com o número: ...", "答えだけ教えて：...", "只要答案，不要过程：...");
numbered steps in Japanese; an expression asked after the condition (ja, zh); a chat transcript
ending with the assistant's empty turn; "solve simultaneously"; a homework context in Chinese."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import FixedReplyModel, NeverRightModel, served_linear


served = served_linear


PAIRS = [
    # a coefficient written as a fraction: the fallback multiplies by its denominator (proven)
    ("Solve x/3 + 2 = 6", "Solve x/3 + 2 = 9", {"x": 21}, ""),
    ("Solve x/6 - 1 = 2.", "Solve x/9 - 1 = 2.", {"x": 27}, ""),
    ("Solve (2/3)x - 1 = 5.", "Solve (2/3)x - 1 = 7.", {"x": 12}, ""),
    ("Solve (3/4)x + 2 = 8.", "Solve (3/4)x + 2 = 11.", {"x": 12}, ""),
    ("x/3 + 2 = 6, x = ?", "x/3 + 2 = 9, x = ?", {"x": 21}, ""),
    # a constant written without its sign ("12 - 3x": 3 for -3) is the new problem's own
    ("Can you find x? 12 - 3x = 3", "Can you find x? 12 - 3x = -9", {"x": 7}, ""),
    ("Solve 20 - 4x = 4.", "Solve 20 - 4x = -4.", {"x": 6}, ""),
    # the engine's own derivation written for the new problem when its rewrite is refused: a number
    # in it equal to an old constant is the new problem's ("-3x = -21" after "5x - 3 = ...", "4x = 5"
    # after "= 5"); a decimal only where the equations write one
    ("Halla x: 5x - 3 = 2x + 12", "Halla x: 2x + 12 = 5x - 9", {"x": 7}, ""),
    ("Найди x: 8x - 3 = 5x + 9", "Найди x: 5x + 9 = 8x - 12", {"x": 7}, ""),
    ("解 4x + 2 = 5，结果用分数表示。", "解 4x + 2 = 7，结果用分数表示。", {"x": Fraction(5, 4)}, ""),
    ("Solve 0.5x + 2 = 7.", "Solve 0.5x + 2 = 9.", {"x": 14}, ""),
    ("Give only x as a fraction: 6x - 1 = 3", "Give only x as a fraction: 6x - 1 = 8", {"x": Fraction(3, 2)}, "answer_only"),
    # the decimal comma
    ("Berechne x: 1,5x - 2 = 7", "Berechne x: 1,5x - 2 = 10", {"x": 8}, ""),
    ("Réponds en une ligne : 0,5x + 2 = 6", "Réponds en une ligne : 0,5x + 2 = 9,5", {"x": 15}, "one_line"),
    ("Rispondi in una riga: 2,5x = 20", "Rispondi in una riga: 2,5x = 35", {"x": 14}, "one_line"),
    ("Только ответ, без объяснений: 0,4x = 2", "Только ответ, без объяснений: 0,4x = 3,6", {"x": 9}, "answer_only"),
    ("Resuelve 2,5x = 10", "Resuelve 2,5x = 15", {"x": 6}, ""),
    ("Resolva 1,25x = 5", "Resolva 1,25x = 10", {"x": 8}, ""),
    # the answer's form before the equations, no verb of solving
    ("Answer in one line: 3x + 1 = 10", "Answer in one line: 3x + 1 = 16", {"x": 5}, "one_line"),
    ("Responda só com o número: x/2 + 3 = 10", "Responda só com o número: x/2 + 3 = 15", {"": 24}, "bare"),
    ("Antworte nur mit der Zahl: 3x + 1 = 10", "Antworte nur mit der Zahl: 3x + 1 = 16", {"": 5}, "bare"),
    ("Ответь только числом: 3x + 1 = 10", "Ответь только числом: 3x + 1 = 22", {"": 7}, "bare"),
    ("Responde solo con el número: 3x + 1 = 10", "Responde solo con el número: 3x + 1 = 16", {"": 5}, "bare"),
    ("Rispondi solo con il numero: 3x + 1 = 10", "Rispondi solo con il numero: 3x + 1 = 16", {"": 5}, "bare"),
    ("答えだけ教えて:0.2x + 1 = 3", "答えだけ教えて:0.2x + 1 = 4", {"x": 15}, "answer_only"),
    ("只要答案,不要过程:x/4 - 1 = 2", "只要答案,不要过程:x/4 - 1 = 5", {"x": 24}, "answer_only"),
    ("只要答案，不要过程：3x - 1 = 8", "只要答案，不要过程：3x - 1 = 14", {"x": 5}, "answer_only"),
    # numbered steps in Japanese
    ("ステップに番号を付けて解いてください:9n - 4 = 5n + 12", "ステップに番号を付けて解いてください:9n - 4 = 5n + 24",
     {"n": 7}, "numbered"),
    ("Risolvi 3x + 1 = 10 con passaggi numerati.", "Risolvi 3x + 1 = 16 con passaggi numerati.", {"x": 5}, "numbered"),
    ("Risolvi 3x + 1 = 10. Scrivi i passaggi numerati.", "Risolvi 3x + 1 = 22. Scrivi i passaggi numerati.", {"x": 7}, "numbered"),
    ("解方程 3x + 1 = 10，请给步骤编号。", "解方程 3x + 1 = 16，请给步骤编号。", {"x": 5}, "numbered"),
    ("解方程 3x + 1 = 10，并给每一步编号。", "解方程 3x + 1 = 22，并给每一步编号。", {"x": 7}, "numbered"),
    ("3x + 1 = 10 を解いて、ステップに番号を付けてください。", "3x + 1 = 16 を解いて、ステップに番号を付けてください。", {"x": 5}, "numbered"),
    # a system with one coefficient changed (a unit coefficient written, or one written otherwise):
    # the engine's derivation written for the new system
    ("Solve the system x + y = 10, x - y = 4.", "Solve the system x + y = 10, x - 3y = 2.", {"x": 8, "y": 2}, ""),
    ("Resuelve el sistema: x + y = 10, x - y = 2", "Resuelve el sistema: x + y = 10, 3x - y = 2", {"x": 3, "y": 7}, ""),
    ("解方程组：x + y = 9，x - y = 3", "解方程组：x + 2y = 9，x - y = 3", {"x": 5, "y": 2}, ""),
    # an expression asked after the condition
    ("3x + 2 = 17 を解いてください。", "3x + 2 = 17 のとき、x + 1 の値は?", {"x + 1": 6}, ""),
    ("3x + 2 = 17 を解いてください。", "3x + 2 = 17 のとき x + 1 はいくつ？", {"x + 1": 6}, ""),
    ("3x + 1 = 16 を解いてください。", "3x + 1 = 16 のとき 2x はいくつ？", {"2*x": 10}, ""),
    ("解方程 3x + 1 = 16", "如果 3x + 1 = 16，x 的平方等于多少？", {"x^2": 25}, ""),
    # a transcript ending with the assistant's empty turn
    ("User: solve 3x + 1 = 10\nAssistant:", "User: solve 3x + 1 = 16\nAssistant:", {"x": 5}, ""),
    ("Utente: risolvi per t: 10t + 7 = 57\nAssistente:", "Utente: risolvi per t: 10t + 7 = 127\nAssistente:", {"t": 12}, ""),
    ("用户:帮我解一下 6m + 4 = 2m + 24\n助手:", "用户:帮我解一下 6m + 4 = 2m + 36\n助手:", {"m": 8}, ""),
    # a format lead before a question, the working refused after a comma, "can u", "wenn ... ist", a
    # persona's adjective after its noun, "the final value"
    ("Answer in one line: what value of t satisfies 7t - 12 = 30?", "Answer in one line: what value of t satisfies 7t - 12 = 51?",
     {"t": 9}, "one_line"),
    ("12 - 3x = 0. Just the number, please, no explanation.", "15 - 3x = 0. Just the number, please, no explanation.",
     {"": 5}, "bare"),
    ("Solve 2x + 1 = 7, no explanation.", "Solve 2x + 1 = 11, no explanation.", {"x": 5}, "answer_only"),
    # the refusal of the working listed before the colon stays the answer-alone list
    ("Dame solo el resultado, sin explicación: 3x + 2 = 17, ¿cuánto vale x?",
     "Dame solo el resultado, sin explicación: 3x + 2 = 26, ¿cuánto vale x?", {"x": 8}, "answer_only"),
    ("Just the answer, no explanation: 3x + 1 = 10", "Just the answer, no explanation: 3x + 1 = 16", {"x": 5}, "answer_only"),
    ("hey can u solve 2m - 3 = 15 for me", "hey can u solve 2m - 3 = 21 for me", {"m": 12}, ""),
    ("Wie groß ist x, wenn 3x - 11 = 16 ist?", "Wie groß ist x, wenn 3x - 11 = 31 ist?", {"x": 14}, ""),
    ("System: Answer with only the final value.\nUser: 13x = 91", "System: Answer with only the final value.\nUser: 13x = 143",
     {"x": 11}, "answer_only"),
    ("Sistema: Eres un profesor de matemáticas paciente.\nUsuario: Despeja y en 7y + 3 = 2y + 28",
     "Sistema: Eres un profesor de matemáticas paciente.\nUsuario: Despeja y en 7y + 3 = 2y + 43", {"y": 8}, ""),
    # "solve simultaneously", a homework context in Chinese
    ("Solve simultaneously: 2x + 3y = 13, x - y = -1.", "Solve simultaneously: 2x + 3y = 24, x - y = 2.",
     {"x": 6, "y": 4}, ""),
    ("Solve simultaneously:\n2x + 3y = 12\nx - y = 1", "Solve simultaneously:\n2x + 3y = 22\nx - y = 1", {"x": 5, "y": 4}, ""),
    ("老师留的作业:已知 2(y + 3) = 18,求 y。请写出解题步骤。", "老师留的作业:已知 2(y + 3) = 30,求 y。请写出解题步骤。", {"y": 12}, ""),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_proven_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    served(first, second, expected, fmt)


def test_a_previous_trap_now_served_with_the_expression_asked() -> None:
    """Once traps (tests/adversarial/test_linear_everyday_languages_2.py): x squared asked after the
    condition and a decimal comma in Spanish, now read and served right."""
    problem = understand_prompt("如果 3x + 1 = 16，x 的平方等于多少？")
    assert problem is not None and problem.target == "x**2" and problem.target_value == 25
    problem = understand_prompt("Resuelve 2,5x = 10")
    assert problem is not None and problem.solution == {"x": Fraction(4)} and problem.language == "es"


# (cached, trap): the trap is no claim and, with the cached problem stored, reaches the model
TRAPS = [
    ("Solve x/3 + 2 = 6", "Solve x/3 + 2 > 6"),
    ("Solve (2/3)x - 1 = 5.", "Solve (2/3)x^2 - 1 = 5."),
    ("Solve 2x = 5", "Solve 2,5x = 10"),  # an English comma between digits may list two numbers
    ("Résous 2x = 5", "Résous : x + y = 9,5x - y = 3"),  # a decimal comma or a list of two equations?
    ("Löse 2x = 5", "Löse 2,5x = 1,500"),  # a decimal comma beside a comma grouping thousands
    ("Solve 3x + 1 = 10", "Answer in one line in French: 3x + 1 = 10"),
    ("Solve 3x + 1 = 10", "Answer in one line: 3x + 1 > 10"),
    ("Resolva 3x + 1 = 10", "Responda só com o número: x + y = 3, x - y = 1"),  # two values: no number alone
    ("Resolva 3x + 1 = 10", "Responda só com o número em inglês: 3x + 1 = 10"),
    ("3x + 2 = 17 を解いてください。", "3x + 2 = 17 のとき、x + 1 の値は"),  # a topic mark only before "?"
    ("3x + 2 = 17 を解いてください。", "3x + 2 = 17 のとき x + y はいくつ？"),  # y is no unknown
    ("3x + 2 = 17 を解いてください。", "3x + 2 > 17 のとき x + 1 はいくつ？"),
    ("Solve 3x + 1 = 10", "User: solve 3x + 1 = 10\nAssistant: answer in French:"),
    ("Solve 3x + 1 = 10", "User: solve 3x + 1 = 10\nAssistant:\nUser: now in German"),
    ("Solve 3x + 1 = 10", "User: solve 3x + 1 = 10\nAssistant: x ="),
    ("只要答案,不要过程:x/4 - 1 = 2", "不要解:x/4 - 1 = 2"),  # "don't solve"
    ("Risolvi 3x + 1 = 10 con passaggi numerati.", "Risolvi 3x + 1 = 10 con i passaggi numerati in inglese."),
    ("解方程 3x + 1 = 10，请给步骤编号。", "解方程 3x + 1 = 10，请给步骤编号，用英文。"),
    ("Solve the system x + y = 10, x - y = 4.", "Solve the system x + y = 10, 2x + 2y = 4."),  # no unique solution
    ("Solve the system x + y = 10, x - y = 4.", "Solve the system x + y = 10, x - y > 4."),
    ("Solve 3x + 1 = 10", "Answer in one line: what value of t satisfies 7t - 12 = 30 in French?"),
    ("x + y = 5, x - y = 1. Solve.", "x + y = 5, x - y = 1. Just the number, please, no explanation."),  # two values
    ("Solve 2x + 1 = 7", "Solve 2x + 1 = 7, no explanation of why it is linear."),
    ("Wie groß ist x, wenn 3x - 11 = 16 ist?", "Wie groß ist x, wenn 3x - 11 = 16 nicht ist?"),
    ("Wie groß ist x, wenn 3x - 11 = 16 ist?", "Wie groß ist x, wenn 3x - 11 > 16 ist?"),
    ("Solve 3x + 1 = 10", "Sistema: Eres un profesor de matemáticas paciente que responde en inglés.\nUsuario: Despeja y en 7y + 3 = 2y + 28"),
    ("Solve 3x + 1 = 10", "System: Answer with only the final value in words.\nUser: 13x = 91"),
    ("ステップに番号を付けて解いてください:9n - 4 = 5n + 12", "ステップに番号を付けて英語で解いてください:9n - 4 = 5n + 12"),
]


@pytest.mark.parametrize(("cached", "trap"), TRAPS)
def test_a_trap_is_no_claim_and_reaches_the_model(cached: str, trap: str) -> None:
    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(cached, model)
    asked: list[str] = []
    result = cache.generate(trap, lambda p: asked.append(p) or "I cannot say.")
    assert asked and result.model_calls >= 1, trap
    assert not (result.verified and result.task == "linear_equation"), trap


def test_a_refused_rewrite_is_not_written_anew_with_a_decimal_the_prompt_does_not_write() -> None:
    """"x/2 + 3 = 8" then "x/2 + 3 = 11": the rewrite is refused (8, an old constant, is the new
    "(0.5)x = 8"), and the engine's derivation writes 0.5, which the equations do not: not served
    from the cache (a served re-instantiation states no decimal the prompt did not write)."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate("Solve x/2 + 3 = 8.", model)
    before = model.calls
    again = cache.generate("Solve x/2 + 3 = 11.", model)
    assert model.calls > before or not re.search(r"\d\.\d", again.text), again.text


def test_carried_steps_that_restate_an_old_constant_still_fail_verification() -> None:
    """Only the engine's own derivation of the new problem, word for word, is checked without the
    cached problem's constants: a carried step "2x = 10 - 4" holds at the new solution (x = 3 for
    2x + 6 = 12) but restates the old constants 10 and 4, and fails."""
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
    from stepcache_integrations.core.types import Step

    task = LinearEquationTask()
    cached, new = task.constraints("Solve 2x + 4 = 10."), task.constraints("Solve 2x + 6 = 12.")
    carried = [Step(text="Step 1: 2x = 10 - 4\n"), Step(text="Step 2: x = 3\n"), Step(text="Answer: x = 3")]
    verdict = task.verify(carried, new, cached)
    assert not verdict.passed and "restates" in verdict.reasons()[0], verdict.reasons()
    fresh = [Step(text=line + "\n") for line in task.fallback(new).split("\n")]
    fresh[-1] = Step(text=fresh[-1].text.rstrip("\n"))
    assert task.verify(fresh, new, cached).passed


@pytest.mark.parametrize(
    ("cached", "new", "stale"),
    [
        # "12 - 3x" writes 3 for the constant -3: the cached 3 (its right side) is the new problem's -3 written
        ("Can you find x? 12 - 3x = 3", "Can you find x? 12 - 3x = -9", set()),
        ("Solve 12 - 3x = 3.", "Solve 12 - 3x = 6.", set()),
        # a constant the new problem has under neither sign is stale
        ("Solve 2x + 5 = 11.", "Solve 2x + 7 = 11.", {Fraction(5)}),
    ],
)
def test_a_constant_written_without_its_sign_is_not_stale(cached: str, new: str, stale: set[Fraction]) -> None:
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask, _stale_numbers

    task = LinearEquationTask()
    assert _stale_numbers(task.constraints(cached), task.constraints(new)) == stale


@pytest.mark.parametrize(("first", "reply", "second", "expected"), [
    ("Halla x: 5x - 3 = 2x + 12", "5x - 3 = 2x + 12\n3x = 15\nx = 5", "Halla x: 2x + 12 = 5x - 9", "x = 7"),
    ("Найди x: 8x - 3 = 5x + 9", "8x - 3 = 5x + 9\n3x = 12\nx = 4", "Найди x: 5x + 9 = 8x - 12", "x = 7"),
], ids=["es", "ru"])
def test_the_models_entry_with_the_sides_swapped_is_served(first: str, reply: str, second: str, expected: str) -> None:
    """An entry the model wrote (not re-instantiated by the fallback: core.planner._rewrite_by_fallback), the new
    problem's sides swapped: served exactly without a model call (its rewrite, or the task's own derivation)."""
    cache, model = StepCache(), FixedReplyModel(reply)
    assert cache.generate(first, model).verified
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before and result.verified, (result.outcome, result.text)
    assert result.text.splitlines()[-1] == expected
