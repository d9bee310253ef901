"""The linear task's request language (issue 33): one declared grammar, one table per language,
problem and format read apart, the format enforced on what is served."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.tasks.linear.reader import FORMATS, _LANGUAGE

FOLDER = Path(__file__).resolve().parents[2] / "stepcache_integrations" / "core" / "tasks" / "linear"

# Written from each language's everyday phrasing (not from the held-out files).
IN_OTHER_LANGUAGES = [
    ("es", "Resuelve la ecuación 3x + 5 = 20.", ("x",)),
    ("es", "Halla x si 2x - 4 = 10.", ("x",)),
    ("fr", "Résous l'équation 3x + 5 = 20.", ("x",)),
    ("fr", "Quelle est la valeur de x si 4x = 12 ?", ("x",)),
    ("de", "Löse die Gleichung 7x + 3 = 24.", ("x",)),
    ("de", "Berechne y, wenn 2y + 1 = 9.", ("y",)),
    ("pt", "Resolva a equação 2x + 3 = 9.", ("x",)),
    ("it", "Risolvi l'equazione 3x - 1 = 11.", ("x",)),
    ("ru", "Решите уравнение 2x + 3 = 15.", ("x",)),
    ("ru", "Найдите x, если 5x = 20.", ("x",)),
    ("zh", "解方程 4x + 2 = 18。", ("x",)),
    ("zh", "已知 2x + 3 = 9，求 x 的值。", ("x",)),
    ("ja", "方程式 3x + 5 = 20 を解いてください。", ("x",)),
    ("ja", "3x + 5 = 20 のとき、x の値はいくつですか？", ("x",)),
]


@pytest.mark.parametrize(("language", "prompt", "asked"), IN_OTHER_LANGUAGES)
def test_other_languages_are_read_by_their_own_table(language: str, prompt: str, asked: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.asked == asked, prompt


@pytest.mark.parametrize(("language", "prompt", "asked"), IN_OTHER_LANGUAGES)
def test_a_word_outside_the_table_is_no_claim(language: str, prompt: str, asked: tuple[str, ...]) -> None:
    """The same request with a word no table holds ("thrice", "triple", "Würfel") is not claimed."""
    for word in ("thrice", "triple", "Quadrat", "квадрат", "平方", "Würfel", "куб", "三倍", "not", "nicht", "pas"):
        assert understand_prompt(prompt.replace(asked[0], f"{word} {asked[0]}", 1)) is None, (prompt, word)


READ = [
    "Solve 3x + 5 = 20 for x. Show your steps.",
    "If 2x + 3 = 11, what is x?",
    "Find the value of x in the equation 3x + 5 = 20. Show each step on its own line.",
    "Could you please solve 4x - 6 = 10 for me?",
    "Solve the system: x + y = 10, x - y = 2. Find x and y.",
    "Solve for x step by step: 2x + 5 = 20. End with \"Answer: x = <value>\".",
]


@pytest.mark.parametrize("prompt", READ)
def test_the_same_words_in_another_order_are_not_read(prompt: str) -> None:
    """A bag of the right words is no request: the words of each sentence reversed are declined."""
    assert understand_prompt(prompt) is not None
    sentences = prompt.replace("?", ".").split(". ")
    scrambled = ". ".join(" ".join(reversed(s.rstrip(".").split(" "))) for s in sentences)
    assert understand_prompt(scrambled) is None, scrambled


def test_problem_and_format_are_read_apart() -> None:
    plain = understand_prompt("Solve 3x + 5 = 20.")
    numbered = understand_prompt("Solve 3x + 5 = 20. Number every step.")
    labelled = understand_prompt('Solve 3x + 5 = 20. Close with a line of the form "Final answer: x = <value>".')
    assert plain and numbered and labelled
    assert plain.equations == numbered.equations == labelled.equations
    assert plain.format == () and numbered.format == ("steps", "numbered")
    # quoted, a template is the line asked for verbatim (red team round 8), not a label to write anew
    assert labelled.answer_form == "Final answer: x = <value>" and labelled.answer_label == ""
    unquoted = understand_prompt("Solve 3x + 5 = 20. End with Final answer: x = ?")
    assert unquoted and unquoted.equations == plain.equations
    assert unquoted.answer_label == "Final answer" and "answer_last" in unquoted.format
    assert understand_prompt("Solve 3x + 5 = 20. Answer in rhyme.") is None  # an unknown instruction: no claim


def test_the_format_read_is_enforced_on_a_reused_answer() -> None:
    cache = StepCache()
    cache.store_answer("Solve 3x + 5 = 20.", "3x = 15, so x = 5.")
    result = cache.generate('Solve 3x + 5 = 20. Close with a line of the form "Final answer: x = <value>".',
                            lambda _p: "no")
    assert result.text.strip().splitlines()[-1] == "Final answer: x = 5"
    numbered = cache.generate("Solve 3x + 5 = 20. Number every step.", lambda _p: "no")
    lines = numbered.text.strip().splitlines()
    assert all(line.startswith(f"Step {i + 1}:") for i, line in enumerate(lines[:-1])) and len(lines) > 1
    value = cache.generate('If 3x + 5 = 20, find the value of x. Explain briefly, then write "Answer: <value>" on the '
                           "last line.", lambda _p: "no")
    assert value.text.strip().splitlines()[-1] == "Answer: 5"


@pytest.mark.parametrize(("prompt", "fmt"), [
    ("Solve 3x + 5 = 20. Give only the final answer.", ("answer_only",)),
    ("Solve 3x + 5 = 20. Just the answer, please.", ("answer_only",)),
    ("Solve 3x + 5 = 20. No explanation.", ("answer_only",)),
    ("Solve 3x + 5 = 20. Answer in one line.", ("one_line",)),
    ("Solve 2x = 7. Give the answer as a fraction.", ("fraction",)),
    ("Solve 2x = 7. Give the answer as a decimal.", ("decimal",)),
    ("Resuelve 3x + 5 = 20. Solo la respuesta.", ("answer_only",)),
    ("Решите уравнение 3x + 5 = 20. Только ответ.", ("answer_only",)),
])
def test_answer_alone_and_number_forms_are_read(prompt: str, fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.format == fmt


@pytest.mark.parametrize("prompt", [
    "Show your steps. Solve 3x + 5 = 20. Answer in one line.",  # the steps and the answer alone: which?
    "Solve 2x = 7. Give the answer as a fraction. Give the answer as a decimal.",
    "Solve 3x = 1. Give the answer as a decimal.",  # 1/3 has no finite decimal
    "Solve 3x + 5 = 20 only.", "Only solve 3x + 5 = 20.", "No 3x + 5 = 20.",
])
def test_answer_forms_no_answer_can_follow_are_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


def test_the_answer_alone_and_its_number_form_are_enforced() -> None:
    cache = StepCache()
    cache.store_answer("Solve 3x + 5 = 20.", "3x = 15, so x = 5.")
    alone = cache.generate("Solve 3x + 5 = 20. Give only the final answer.", lambda _p: "3x = 15\nAnswer: x = 5")
    assert alone.text.strip() == "Answer: x = 5" and alone.verified  # neither the cached nor the model's steps
    one_line = cache.generate("Solve 4x + 7 = 31. Answer in one line.", lambda _p: "4x = 24\nx = 6")
    assert one_line.text.strip() == "Answer: x = 6" and one_line.verified
    fraction = cache.generate("Solve 2x = 7. Give the answer as a fraction.", lambda _p: "Answer: x = 3.5")
    assert fraction.text.strip().splitlines()[-1] == "Answer: x = 7/2" and fraction.verified
    decimal = cache.generate("Solve 2x = 7. Give the answer as a decimal.", lambda _p: "Answer: x = 7/2")
    assert decimal.text.strip().splitlines()[-1] == "Answer: x = 3.5" and decimal.verified
    # the same form, other constants: served again in that form
    again = cache.generate("Solve 2x = 9. Give the answer as a fraction.", lambda _p: "Answer: x = 4.5")
    assert again.text.strip().splitlines()[-1] == "Answer: x = 9/2" and again.verified


def test_a_model_answer_of_several_lines_is_never_served_for_one_line() -> None:
    """With nothing cached, the model's own answer is what the one-line rule checks: working on two
    lines for 'Answer in one line' fails it (the engine writes the one line instead)."""
    served = StepCache().generate("Solve 4x + 7 = 31. Answer in one line.", lambda _p: "4x = 24\nAnswer: x = 6")
    assert served.text.strip() == "Answer: x = 6", served.text
    alone = StepCache().generate("Solve 4x + 7 = 31. Give only the final answer.", lambda _p: "4x = 24\nAnswer: x = 6")
    assert alone.text.strip() == "Answer: x = 6", alone.text


@pytest.mark.parametrize("prompt", [
    "What is the solution to 3x + 5 = 20?", "Find the solution of 3x + 5 = 20.", "Isolate x in 3x + 5 = 20.",
    "I need to solve 3x + 5 = 20.", "¿Cuál es la solución de 3x + 5 = 20?", "Despeja x en 3x + 5 = 20.",
    "Necesito resolver 3x + 5 = 20.", "Resuelve la ecuación 3x + 5 = 20 y explica los pasos.",
    "Quelle est la solution de 3x + 5 = 20 ?", "Résous l'équation suivante : 3x + 5 = 20", "Isole x dans 3x + 5 = 20.",
    "Wie lautet die Lösung von 3x + 5 = 20?", "Löse bitte 3x + 5 = 20 Schritt für Schritt.",
    "Qual é a solução de 3x + 5 = 20?", "Resolva 3x + 5 = 20 e mostre os passos.", "Qual è la soluzione di 3x + 5 = 20?",
    "Ricava x da 3x + 5 = 20.", "Найди значение x в уравнении 3x + 5 = 20.", "Вычислите x из уравнения 3x + 5 = 20.",
    "3x + 5 = 20 の解を求めてください。",
])
def test_everyday_requests_in_each_language_are_read(prompt: str) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and [eq.text for eq in problem.equations] == ["3x + 5 = 20"] and problem.asked == ("x",)


@pytest.mark.parametrize("prompt", [
    "Resuelve 2x + y = 5 y explica los pasos.",  # y: an unknown of the problem, or Spanish "and"?
    "Solve 3x = 20 y and find x.",  # "20 y" in English: 20y, no table reads a lone "y"
    "Resuelve 3x + 5 = 20 y",  # "and" before nothing
])
def test_a_letter_alone_after_an_equation_is_read_one_way_or_not_at_all(prompt: str) -> None:
    assert understand_prompt(prompt) is None


def test_every_table_uses_the_grammar_s_word_classes_only() -> None:
    grammar = (FOLDER / "request.lark").read_text(encoding="utf-8")
    declared = {name for line in grammar.splitlines() if line.startswith("%declare") for name in line.split()[1:]}
    extra = {"QUOTE"}  # read by the lexer, never a terminal
    for path in sorted((FOLDER / "vocabulary").glob("*.json")):
        classes = json.loads(path.read_text(encoding="utf-8"))["classes"]
        assert set(classes) <= declared | extra, (path.name, set(classes) - declared - extra)
    assert {v.language for v in _LANGUAGE.vocabularies} == {"en", "es", "fr", "de", "pt", "it", "ru", "zh", "ja"}
    assert FORMATS == ("steps", "numbered", "lines", "answer_last", "answer_value", "answer_named", "answer_only",
                       "one_line", "fraction", "decimal", "integer", "bare_number", "yes_no", "answer_line")  # integer: wip/linAG


def test_the_request_language_page_is_generated_from_the_grammars() -> None:
    import importlib.util

    script = FOLDER.parents[3] / "scripts" / "request_language_docs.py"
    spec = importlib.util.spec_from_file_location("request_language_docs", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.OUT.read_text(encoding="utf-8") == module.page(), "run scripts/request_language_docs.py"
