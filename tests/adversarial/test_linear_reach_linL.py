"""Linear reach, branch wip/linL, written by hand per CLASS of wording in every table touched, not
copied from any held-out file. Each pair: the first prompt is answered by a model that is never right
(only what the checker or the deterministic fallback proves is stored), then the second is served
proven without a model call and exactly right; each trap is no claim, or, when read, answers exactly
what it asks.

Class 1, homework labels in other languages and the working asked around them:
- a label naming its subject or whose homework it is ("Compito di matematica:", "Exercice de maths
  de ma fille :", "Aufgabe von meinem Sohn:", "Ejercicio de matemáticas de mi hija:"), an intro, then
  a label ("Mathe-Hausaufgabe, Aufgabe 2:");
- a homework intro of more words ("Mi profe nos puso esto de tarea:", "Minha filha tem esse
  exercício:", "Задача из домашки:", "孩子的作业题：") or standing alone as a sentence ("宿題です。");
- the working asked after it: "Como resolve?", "Explique em passos numerados", "Spiegamelo passo per
  passo", "请分步骤讲解" after the equation and a comma, "解き方を教えてください" after a quoted problem."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_pair_served, served_linear, stated_in_sentence



PAIRS = [
    # a label with its subject and its owner
    ("Ejercicio de matemáticas de mi hija: 3(x - 2) = 12. ¿Cuánto vale x?",
     "Ejercicio de matemáticas de mi hija: 3(x - 2) = 21. ¿Cuánto vale x?", {"x": 9}, ""),
    ("Devoir de maths de mon fils : 2x + 7 = 15. Donne la réponse en une ligne.",
     "Devoir de maths de mon fils : 2x + 7 = 25. Donne la réponse en une ligne.", {"x": 9}, "one_line"),
    ("Esercizio di matematica di mio figlio: 2(y + 3) = 20. Spiegamelo passo per passo.",
     "Esercizio di matematica di mio figlio: 2(y + 3) = 30. Spiegamelo passo per passo.", {"y": 12}, "steps"),
    ("Problema di algebra: 5b - 4 = 3b + 6. Quanto vale b?",
     "Problema di algebra: 5b - 4 = 3b + 12. Quanto vale b?", {"b": 8}, ""),
    ("Exercício da minha filha: 5x - 3 = 12. Como resolve?",
     "Exercício da minha filha: 5x - 3 = 27. Como resolve?", {"x": 6}, "steps"),
    ("Aufgabe von meinem Sohn: 3(z - 1) = 15. Bestimme z.",
     "Aufgabe von meinem Sohn: 3(z - 1) = 24. Bestimme z.", {"z": 9}, ""),
    ("Mathe-Hausaufgabe, Aufgabe 2: Bestimme y aus 4y + 2 = 2y + 10.",
     "Mathe-Hausaufgabe, Aufgabe 2: Bestimme y aus 4y + 2 = 2y + 16.", {"y": 7}, ""),
    ("Задача по алгебре: 7p - 5 = 30. Найди p.", "Задача по алгебре: 7p - 5 = 44. Найди p.", {"p": 7}, ""),
    # a homework intro of more words, or alone as a sentence
    ("Mi profesora nos puso esto de tarea: 5(w - 2) = 15. Explícamelo paso a paso.",
     "Mi profesora nos puso esto de tarea: 5(w - 2) = 35. Explícamelo paso a paso.", {"w": 9}, "steps"),
    ("Meu filho tem esse exercício: 2(k + 4) = 18. Explique em passos numerados.",
     "Meu filho tem esse exercício: 2(k + 4) = 30. Explique em passos numerados.", {"k": 11}, "numbered"),
    ("Задача из домашки: 3(m + 1) = 21. Найди m.", "Задача из домашки: 3(m + 1) = 33. Найди m.", {"m": 10}, ""),
    ("孩子的作业：4(x + 2) = 28，请分步讲解。", "孩子的作业：4(x + 2) = 44，请分步讲解。", {"x": 9}, "steps"),
    ("宿題です。2(b + 3) = 16 の解き方を教えてください。", "宿題です。2(b + 3) = 30 の解き方を教えてください。", {"b": 12}, "steps"),
    ("宿題で「4(c + 1) = 24 のとき c を求めよ」という問題が出ました。解き方を教えてください。",
     "宿題で「4(c + 1) = 36 のとき c を求めよ」という問題が出ました。解き方を教えてください。", {"c": 8}, "steps"),
]


@pytest.mark.parametrize(("first", "second", "expected", "fmt"), PAIRS)
def test_served_and_exactly_right(first: str, second: str, expected: dict[str, int], fmt: str) -> None:
    assert_linear_pair_served(first, second, expected, fmt)


def test_the_quoted_problem_asks_what_it_names() -> None:
    """The problem quoted in the homework asks x alone; "解き方を教えてください" asks its working, no other unknown."""
    problem = understand_prompt("宿題で「x + y = 5, x - y = 1 のとき x を求めよ」という問題が出ました。解き方を教えてください。")
    assert problem is not None and problem.asked == ("x",) and "steps" in problem.format


TRAPS = [
    "Exercice de physique de ma fille : 2x + 3 = 7. Donne la réponse en une ligne.",   # a subject no table declares
    "Exercice de maths de ma voisine : 2x + 3 = 7. Donne la réponse en une ligne.",    # an owner no table declares
    "Compito di matematica: 3(a + 2) = 2a + 11. Quanto vale b?",                      # another quantity
    "Mi profe nos puso esto de tarea: 4(n + 1) = 28. No lo resuelvas.",               # asked not to solve
    "Mi profe nos puso esto de tarea: 4(n + 1) > 28. Explícamelo paso a paso.",       # an inequality
    "Minha filha tem esse exercício: x + y = 4. Como resolve?",                       # two unknowns, one equation
    "Minha filha tem esse exercício: x/2 - 3 = 4. Como resolve? Só a resposta.",      # two formats
    "Задача из домашки: 2(k - 4) = 10. Распиши по шагам. Только ответ.",              # two formats
    "Задача из физики: 2(k - 4) = 10. Распиши по шагам.",                              # a label no table declares
    "孩子的作业题：5(n - 1) = 35，请分步骤讲解，只写答案。",                                # two formats
    "孩子的作业题：5(n - 1) = 35，m 是多少？",                                             # another quantity
    "宿題です。3(p + 2) = 27 の q を求めてください。",                                     # another quantity
    "宿題で「6(a - 1) = 30 のとき b を求めよ」という問題が出ました。解き方を教えてください。",  # another quantity
    "宿題で「6(a - 1) > 30 のとき a を求めよ」という問題が出ました。解き方を教えてください。",  # an inequality
    "Hausaufgabe Physik, Aufgabe 3: Bestimme z aus 8z - 6 = 5z + 9.",                  # a subject no table declares
    "Aufgabe von meinem Sohn: 3(z - 1) = 15. Bestimme y.",                             # another quantity
    "Como 2x + 3 = 7?",                                                               # "como" without a verb
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap


@pytest.mark.parametrize(("prompt", "asked", "fmt"), [
    # the label or intro changes nothing: what follows is read as it would be alone
    ("Exercice de maths de ma fille : (x/3) + 4 = 10. Donne seulement la réponse.", ("x",), ("answer_only",)),
    ("Задача из домашки: 2(k - 4) = 10. Найди k.", ("k",), ()),
    ("Compito di matematica: x + y = 10, x - y = 2. Quanto vale y?", ("y",), ()),
])
def test_the_label_changes_nothing_read(prompt: str, asked: tuple[str, ...], fmt: tuple[str, ...]) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None, prompt
    assert (problem.asked, problem.format) == (asked, fmt), (prompt, problem.asked, problem.format)


# Class 2, few-shot blocks of arrows: example lines ("Example: 2x = 8 -> x = 4") whose values are their
# problems' own, then a next label, one problem and the arrow. The examples are blanked: the last
# problem is asked alone, its value never an example's.
FEW_SHOT = [
    ("Example: 4x = 12 -> x = 3\nNow: 2x + 5 = 17 ->", "Example: 4x = 12 -> x = 3\nNow: 2x + 5 = 27 ->", {"x": 11}),
    ("Example: x - 1 = 6 -> x = 7\nExample: 5x = 10 -> x = 2\nYour turn: 6x + 1 = 25 ->",
     "Example: x - 1 = 6 -> x = 7\nExample: 5x = 10 -> x = 2\nYour turn: 6x + 1 = 43 ->", {"x": 7}),
    ("Exemple : 5x = 20 → x = 4\nMaintenant : 3y - 1 = 8 →", "Exemple : 5x = 20 → x = 4\nMaintenant : 3y - 1 = 26 →", {"y": 9}),
    ("Exemplo: 2x = 14 → x = 7\nSua vez: 4x + 2 = 18 →", "Exemplo: 2x = 14 → x = 7\nSua vez: 4x + 2 = 30 →", {"x": 7}),
    ("Пример: 3x = 9 → x = 3\nТеперь: 2k + 7 = 15 →", "Пример: 3x = 9 → x = 3\nТеперь: 2k + 7 = 27 →", {"k": 10}),
    ("Ejemplo: 6x = 18 -> x = 3\nAhora: 5x - 4 = 11 ->", "Ejemplo: 6x = 18 -> x = 3\nAhora: 5x - 4 = 31 ->", {"x": 7}),
    ("Beispiel: 2x = 10 -> x = 5\nJetzt: 3x + 4 = 19 ->", "Beispiel: 2x = 10 -> x = 5\nJetzt: 3x + 4 = 31 ->", {"x": 9}),
    ("Esempio: 7x = 21 → x = 3\nTocca a te: 2x - 3 = 9 →", "Esempio: 7x = 21 → x = 3\nTocca a te: 2x - 3 = 15 →", {"x": 9}),
]


@pytest.mark.parametrize(("first", "second", "expected"), FEW_SHOT)
def test_few_shot_served_and_exactly_right(first: str, second: str, expected: dict[str, int]) -> None:
    text = served_linear(first, second)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == set(expected) and len(problem.equations) == 1
    for name, value in expected.items():
        assert stated_in_sentence(text.strip().splitlines()[-1], name) == Fraction(value), (second, text)


def test_an_examples_value_never_leaks() -> None:
    """The last problem's value is its own (5), never the example's (4), though both ask x."""
    text = served_linear("Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 7 ->", "Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->")
    assert stated_in_sentence(text.strip().splitlines()[-1], "x") == 5, text


FEW_SHOT_TRAPS = [
    "Example: 2x = 8 -> x = 5\nNow: 3x - 2 = 13 ->",          # a wrong example: which is meant?
    "Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 -> x = 4",     # the last line answered already
    "Example: 2x = 8 -> 4\nNow: 3x - 2 = 13 ->",               # an example's bare number
    "Example: 2x = 8 -> x = 4\nNow: x + y = 13 ->",            # two unknowns, one equation
    "Beispiel: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->",          # labels of two tables
    "Sample: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->",            # a label no table declares
    "Example: 2x = 8 -> y = 4\nNow: 3x - 2 = 13 ->",           # an example naming another unknown
    "Example: 2x = 8 -> x = 4, y = 1\nNow: 3x - 2 = 13 ->",    # a value no problem has
    "Example: solve 2x = 8 step by step -> x = 4\nNow: 3x - 2 = 13 ->",  # an example with a format
    "Example: 2x = 8 -> x = 4\nNow: 3x - 2 > 13 ->",           # an inequality
    "Example: 2x = 8 -> x = 4\nThen: 3x - 2 = 13 ->",          # a next label no table declares
    "Example: 2x = 8 -> x = 4\nExample: 3x - 2 = 13 ->",       # no next label
]


@pytest.mark.parametrize("trap", FEW_SHOT_TRAPS)
def test_a_few_shot_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
