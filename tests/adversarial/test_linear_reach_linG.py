"""Linear reach, round 3 (issue 33 items 2/3/4, branch wip/linG), written by hand per class, not
from any held-out file. Each pair: the first prompt is answered by a model that is never right
(only what the checker or the deterministic fallback proves is stored), then the second is served
proven without a model call and exactly right (this file's own reading of the last line); each
trap is no claim, or, when read, answers exactly what it asks.

Classes: a changed divisor ("x/3 + 2 = 5" then "x/4 + 2 = 5": the engine's derivation writes no
decimal the equations do not, "(1/4)x = 3", so the re-instantiation is served); being stuck said
right after the request ("pls help solve 3x+7=22 i dont get it", in every table); the answer alone
right after the request ("Bestimme x: ... (nur das Ergebnis)"); the unknown named before a final
verb ("die Gleichung 9b + 2 = 47 nach b auflösen"); "答えだけ書いて"."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, served_linear, stated_value


served = served_linear


PAIRS = [
    # a changed divisor: the derivation writes (1/4)x and multiplies, no decimal the prompt does not write
    ("Solve x/3 + 2 = 5.", "Solve x/4 + 2 = 5.", {"x": 12}, ""),
    ("Find x: x/5 - 1 = 3", "Find x: x/2 - 1 = 3", {"x": 8}, ""),
    ("Solve x/2 + 3 = 8.", "Solve x/2 + 3 = 11.", {"x": 16}, ""),
    ("Solve 2x/3 + 1 = 5.", "Solve 3x/4 + 1 = 10.", {"x": 12}, ""),
    ("Solve x/3 = 5.", "Solve x/7 = 2.", {"x": 14}, ""),
    # a 2x2 system with other coefficients
    ("Solve x + y = 5, 2x - y = 1.", "Solve x + y = 5, 3x - y = 3.", {"x": 2, "y": 3}, ""),
    ("Solve 2x + 3y = 12 and x - y = 1.", "Solve 3x + 2y = 12 and x - y = -1.", {"x": 2, "y": 3}, ""),
    # being stuck, said right after the request
    ("pls help solve 3x+7=22 i dont get it", "pls help solve 3x+7=34 i dont get it", {"x": 9}, ""),
    ("solve 2x - 5 = 9 i don't understand", "solve 2x - 5 = 11 i don't understand", {"x": 8}, ""),
    ("I'm confused. Solve 4x + 1 = 13.", "I'm confused. Solve 4x + 1 = 21.", {"x": 5}, ""),
    ("Resuelve 2x + 3 = 11. No lo entiendo.", "Resuelve 2x + 3 = 13. No lo entiendo.", {"x": 5}, ""),
    ("Résous 2x + 3 = 11 je ne comprends pas", "Résous 2x + 3 = 15 je ne comprends pas", {"x": 6}, ""),
    ("Löse 2x + 3 = 11. Ich verstehe das nicht.", "Löse 2x + 3 = 17. Ich verstehe das nicht.", {"x": 7}, ""),
    # the answer alone right after the request (brackets are transparent), the decimal comma kept read
    ("Bestimme x: 1,2x + 0,6 = 6,6 (nur das Ergebnis)", "Bestimme x: 1,2x + 0,6 = 9 (nur das Ergebnis)",
     {"x": 7}, "answer_only"),
    ("Berechne x: 3x - 4 = 11 (nur das Ergebnis)", "Berechne x: 3x - 4 = 14 (nur das Ergebnis)", {"x": 6}, "answer_only"),
    ("Trova x: 3x - 4 = 11 (solo il risultato)", "Trova x: 3x - 4 = 17 (solo il risultato)", {"x": 7}, "answer_only"),
    # the unknown named before a final verb
    ("Könnten Sie bitte die Gleichung 9b + 2 = 47 nach b auflösen?",
     "Könnten Sie bitte die Gleichung 9b + 2 = 65 nach b auflösen?", {"b": 7}, ""),
    ("Kannst du 3y - 4 = 11 nach y auflösen?", "Kannst du 3y - 4 = 20 nach y auflösen?", {"y": 8}, ""),
    # the answer alone with the verb "write"
    ("x/4 - 2 = 3 を解いて、答えだけ書いて。", "x/4 - 2 = 5 を解いて、答えだけ書いて。", {"x": 28}, "answer_only"),
    ("2x + 1 = 9 を解いて、答えだけ書いて。", "2x + 1 = 15 を解いて、答えだけ書いて。", {"x": 7}, "answer_only"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, int | Fraction], fmt: str) -> None:
    served(first, second, expected, fmt)


def test_a_changed_divisor_is_served_with_no_decimal_the_prompt_does_not_write() -> None:
    text = served("Solve x/3 + 2 = 5.", "Solve x/4 + 2 = 5.", {"x": 12})
    assert "(1/4)x = 3" in text and "Multiply both sides by 4" in text and not re.search(r"\d\.\d", text), text


def test_the_answer_alone_after_the_request_is_enforced() -> None:
    """A model's working is not served for "(nur das Ergebnis)": the answer line alone."""
    cache = StepCache()
    result = cache.generate("Berechne x: 3x - 4 = 11 (nur das Ergebnis)",
                            lambda _p: "3x - 4 = 11\n3x = 15\nx = 5")
    assert not result.verified or result.text.strip() == "x = 5", result.text


TRAPS = [
    "22 = 6 + 4x solve yo",                                           # a greeting after the verb: no request
    "pls help solve 3x+7=22 yo",
    "Könnten Sie bitte die Gleichung 9b + 2 = 47 nach c auflösen?",    # c is no unknown of the equation
    "Bestimme x: 1,2x + 0,6 = 6,6 (nur das Ergebnis, als Bruch und als Dezimalzahl)",
    "pls help solve 3x+7=22 i dont get it why",
    "x/4 - 2 = 3 を解いて、答えだけ書いて、グラフも描いて。",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


@pytest.mark.parametrize(("cached", "asked", "expected"), [
    # another quantity asked after the same words: the answer states it, never x
    ("pls help solve 3x+7=22 i dont get it", "pls help find 2x if 3x+7=22 i dont get it", {"2*x": 10}),
    ("Bestimme x: 2x + 1 = 9 (nur das Ergebnis)", "Bestimme 2x: 2x + 1 = 9 (nur das Ergebnis)", {"2*x": 8}),
])
def test_another_quantity_asked_is_answered_or_declined(cached: str, asked: str, expected: dict[str, int]) -> None:
    cache = StepCache()
    cache.generate(cached, NeverRightModel())
    result = cache.generate(asked, NeverRightModel())
    if result.verified:
        last = result.text.strip().splitlines()[-1]
        for name, value in expected.items():
            assert stated_value(last, name) == value, result.text
            assert not re.search(r"(?<![*\w])x\s*=", last), result.text


# -- the decimal comma kept: a prompt that writes "1,2x + 0,6 = 3,6" is answered "x = 2,5", never "x = 2.5"
COMMA_PAIRS = [
    ("Bestimme x: 1,2x + 0,6 = 6,6 (nur das Ergebnis)", "Bestimme x: 1,2x + 0,6 = 3,6 (nur das Ergebnis)", "x = 2,5"),
    ("Bestimme x: 1,2x + 0,6 = 6,6", "Bestimme x: 1,2x + 0,6 = 3,6", "x = 2,5"),
    ("Résous 0,5x + 2 = 6", "Résous 0,5x + 2 = 3,25", "x = 2,5"),
    ("Resuelve 2,5x = 10", "Resuelve 2,5x = 5,5", "x = 2,2"),
    ("Risolvi 0,4x = 2", "Risolvi 0,4x = 3", "x = 7,5"),
    ("Resolva 1,25x = 5", "Resolva 1,25x = 2", "x = 1,6"),
    ("Реши 0,5x + 1 = 3", "Реши 0,5x + 1 = 2,25", "x = 2,5"),
    # the engine's own derivation, written with commas, is still its own: "(0,25)y = 5" restates no old constant
    ("Encontre y: 0,25y + 2 = 5", "Encontre y: 0,25y + 2 = 7", "y = 20"),
]


@pytest.mark.parametrize(("first", "second", "last"), COMMA_PAIRS)
def test_the_decimal_comma_is_kept(first: str, second: str, last: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.verified and again.verification == "proven", (second, again.text)
    assert again.text.strip().splitlines()[-1] == last, again.text
    assert not re.search(r"\d\.\d", again.text), again.text


def test_a_decimal_point_answer_to_a_comma_prompt_is_not_served() -> None:
    """A model's "x = 2.5" for "1,2x + 0,6 = 3,6" is right in value, not in the prompt's notation:
    never verified; the engine's own answer writes "2,5". A prompt that writes points is answered
    with points (the problem-key tier keeps the two apart)."""
    cache = StepCache()
    result = cache.generate("Bestimme x: 1,2x + 0,6 = 3,6", lambda _p: "1.2x + 0.6 = 3.6\n1.2x = 3\nx = 2.5")
    assert not (result.verified and "2.5" in result.text), result.text
    assert not result.verified or result.text.strip().splitlines()[-1] == "x = 2,5", result.text
    pointed = cache.generate("Bestimme x: 1.2x + 0.6 = 3.6", NeverRightModel())
    assert pointed.verified and pointed.text.strip().splitlines()[-1] == "x = 2.5", pointed.text
    again = cache.generate("Bestimme x: 1,2x + 0,6 = 3,6", NeverRightModel())
    assert again.verified and again.text.strip().splitlines()[-1] == "x = 2,5", again.text


def test_a_comma_answer_is_read_as_the_prompt_was() -> None:
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
    from stepcache_integrations.core.types import Step

    task = LinearEquationTask()
    comma = task.constraints("Bestimme x: 1,2x + 0,6 = 3,6 (nur das Ergebnis)")
    assert task.check_answer([Step(text="x = 2,5")], comma) == []
    assert task.verification_level([Step(text="x = 2,5")], comma, None) == "proven"
    assert task.check_answer([Step(text="x = 2.5")], comma)
    assert task.verification_level([Step(text="x = 2.5")], comma, None) == "unchecked"
    assert task.check_answer([Step(text="x = 2,4")], comma)
    point = task.constraints("Bestimme x: 1.2x + 0.6 = 3.6 (nur das Ergebnis)")
    assert task.check_answer([Step(text="x = 2.5")], point) == []
    assert task.check_answer([Step(text="x = 2,5")], point)


# -- the answer boxed: "put the final answer in \boxed{}" / "in a box": the last line is "\boxed{<value>}"
BOXED_PAIRS = [
    ("Solve $4x + 1 = 29$ and put the final answer in \\boxed{}.", "Solve $4x + 1 = 37$ and put the final answer in \\boxed{}.",
     "\\boxed{9}"),
    ("Please solve the following equation and put the final answer in a box: 13 - 2x = 5",
     "Please solve the following equation and put the final answer in a box: 13 - 2x = -3", "\\boxed{8}"),
    ("Solve 3y - 2 = 10. Put your final answer in \\boxed{}.", "Solve 3y - 2 = 13. Put your final answer in \\boxed{}.",
     "\\boxed{5}"),
    # in the other tables where the words are declared (zh, ja word orders: no claim)
    ("Résous 4x + 1 = 29 et mets la réponse finale dans \\boxed{}.", "Résous 4x + 1 = 37 et mets la réponse finale dans \\boxed{}.",
     "\\boxed{9}"),
    ("Löse 4x + 1 = 29 und schreibe das Endergebnis in \\boxed{}.", "Löse 4x + 1 = 41 und schreibe das Endergebnis in \\boxed{}.",
     "\\boxed{10}"),
    ("Resuelve 4x + 1 = 29 y pon la respuesta final en \\boxed{}.", "Resuelve 4x + 1 = 33 y pon la respuesta final en \\boxed{}.",
     "\\boxed{8}"),
    ("Risolvi 4x + 1 = 29 e scrivi la risposta finale in \\boxed{}.", "Risolvi 4x + 1 = 25 e scrivi la risposta finale in \\boxed{}.",
     "\\boxed{6}"),
    ("Resolva 4x + 1 = 29 e coloque a resposta final em \\boxed{}.", "Resolva 4x + 1 = 21 e coloque a resposta final em \\boxed{}.",
     "\\boxed{5}"),
    ("Реши 4x + 1 = 29 и запиши ответ в \\boxed{}.", "Реши 4x + 1 = 37 и запиши ответ в \\boxed{}.", "\\boxed{9}"),
    ("Résous 0,5x + 1 = 3 et mets la réponse finale dans \\boxed{}.", "Résous 0,5x + 1 = 2,25 et mets la réponse finale dans \\boxed{}.",
     "\\boxed{2,5}"),
    # another quantity asked: its value boxed, never x's
    ("Solve $4x + 1 = 29$ and put the final answer in \\boxed{}.", "Find 2x if 4x + 1 = 29 and put the final answer in \\boxed{}.",
     "\\boxed{14}"),
]


@pytest.mark.parametrize(("first", "second", "last"), BOXED_PAIRS)
def test_the_boxed_answer_is_served_and_exact(first: str, second: str, last: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.verified and again.verification == "proven", (second, again.text)
    assert again.text.strip().splitlines()[-1] == last, again.text


def test_the_box_is_enforced_and_its_value_checked() -> None:
    from stepcache_integrations.core.tasks.linear.task import LinearEquationTask
    from stepcache_integrations.core.types import Step

    task = LinearEquationTask()
    c = task.constraints("Solve 2x + 1 = 6 and put the final answer in \\boxed{}.")
    assert task.check_answer([Step(text="x = 2.5\n"), Step(text="\\boxed{2.5}")], c) == []
    for wrong in ("x = 2.5", "\\boxed{3}", "Answer: \\boxed{2.5}", "\\boxed{2.5} or 3", "\\boxed{x = 3}"):
        assert task.check_answer([Step(text=wrong)], c), wrong
    cache = StepCache()
    result = cache.generate("Solve 2x + 1 = 8 and put the final answer in \\boxed{}.", lambda _p: "x = 3.5")
    assert not result.verified or result.text.strip().splitlines()[-1] == "\\boxed{3.5}", result.text


@pytest.mark.parametrize("trap", [
    "Solve x + y = 10, x - y = 2 and put the final answer in \\boxed{}.",   # two values, one box
    "Solve 2x + 1 = 6 and put the final answer in \\boxed{} and in a box.",
    "Solve 2x + 1 = 6 and put the final answer in \\fbox{}.",
])
def test_a_box_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


@pytest.mark.parametrize(("first", "second"), [
    ("Solve 3x + 2 = 11.", "Solve 4x + 2 = 5."),            # x = 3/4: the derivation would write "x = 0.75"
    ("Solve x/3 + 2 = 5.", "Solve x/4 + 2 = 3.5."),          # a decimal the prompt writes: served as written
    ("Solve x + y = 5, 2x - y = 1.", "Solve x + y = 5, 3x - y = 1."),  # x = 3/2
])
def test_a_re_instantiation_states_no_decimal_the_prompt_does_not_write(first: str, second: str) -> None:
    """Served from the cache, the engine's derivation for the new problem writes a decimal only where
    its equations do (a fraction stays a fraction: "x = 3/4" is not "0.75")."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    if model.calls == before:
        assert "." in second.rstrip(".") or not re.search(r"\d\.\d", again.text), again.text
