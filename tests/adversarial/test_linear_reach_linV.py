"""Linear reach, branch wip/linV: generic lead-ins and generic asks, BY CONSTRUCTION in every table that has
them (not per example of a held-out file). Each phrasing composes word classes of a table; the first prompt
holds 3v + 2 = 17 and is answered by a model that is never right, the second only the constant changed
(3v + 2 = 23): served proven without a model call and exactly right (v = 7).

Families: (1) a lead-in that states the equations (IF words: "Let's say", "Suppose that", "We know that",
"Supongamos que", "Disons que", "Nehmen wir an, dass", "Допустим,", "假如" ...), a comma after it or none,
then a question of the table; (2) the unknown asked by the values that make the equations hold
(FOR_WHICH + EQUALS words: "Für welches m gilt ...?", "¿Para qué valor de x se cumple ...?", "При каком x
верно ...?", "What value of x makes ...?"), and the plural asks of two unknowns ("Quanto valem x e y?").
Traps: a word outside the table at every position, another unknown asked, an expression asked (read
exactly or not at all), a negation, a second equation that contradicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, served_linear

FIRST, SECOND = "3{v} + 2 = 17", "3{v} + 2 = 23"
_TABLES = Path(__file__).resolve().parents[2] / "stepcache_integrations/core/tasks/linear/vocabulary"


def _table(language: str) -> dict[str, list[str]]:
    return json.loads((_TABLES / f"{language}.json").read_text(encoding="utf-8"))["classes"]


# (1) lead-ins (words of each table's IF class) and the questions asked after them
LEADS = {
    "en": ["Let's say", "Let us say", "Say", "Say that", "Let's suppose", "Let's suppose that", "Let's assume",
           "Let us assume", "Let's assume that", "Suppose that", "Imagine", "Imagine that", "We know that", "We know",
           "It is known that", "Knowing that", "Let us suppose", "Provided that", "Assuming that", "Let\u2019s say"],
    "es": ["Supongamos que", "Digamos que", "Supón que", "Suponiendo que", "Suponga que", "Imagina que",
           "Sabemos que", "Se sabe que", "Pongamos que", "Asumiendo que", "Asume que", "Supongamos", "Digamos"],
    "fr": ["Supposons que", "Disons que", "Admettons que", "Imaginons que", "On suppose que", "Supposez que",
           "Suppose que", "Nous savons que", "En supposant que", "Supposons", "Disons", "Admettons"],
    "de": ["Nehmen wir an", "Nehmen wir an, dass", "Angenommen, dass", "Sagen wir", "Gesetzt den Fall", "Es sei",
           "Wir wissen", "Wir wissen, dass", "Vorausgesetzt", "Vorausgesetzt, dass", "Unter der Annahme, dass",
           "Man weiß, dass", "Angenommen"],
    "it": ["Supponiamo che", "Diciamo che", "Supponi che", "Supponendo che", "Immagina che", "Poniamo che",
           "Sappiamo che", "Assumiamo che", "Ammettiamo che", "Supponiamo", "Diciamo"],
    "pt": ["Suponha que", "Suponhamos que", "Digamos que", "Imagine que", "Sabemos que", "Considere que",
           "Supondo que", "Vamos supor que", "Assuma que", "Digamos", "Suponha"],
    "ru": ["Допустим", "Допустим, что", "Предположим", "Предположим, что", "Положим", "Скажем",
           "Представим, что", "Мы знаем, что", "Известно", "Пусть известно, что", "Пусть"],
    "zh": ["假如", "假定", "令", "倘若", "要是", "我们知道", "假设", "已知"],
}
ASKS = {
    "en": ["What's {v}?", "{v} = ?", "Find {v}.", "What is {v}?", "Solve for {v}.", "{v}?", "what's {v}??"],
    "es": ["¿Cuánto vale {v}?", "¿Cuál es el valor de {v}?", "{v} = ?", "Halla {v}."],
    "fr": ["Que vaut {v} ?", "Quelle est la valeur de {v} ?", "{v} = ?", "Combien vaut {v} ?"],
    "de": ["Was ist {v}?", "Wie groß ist {v}?", "{v} = ?", "Welchen Wert hat {v}?"],
    "it": ["Quanto vale {v}?", "Qual è il valore di {v}?", "{v} = ?", "Quanto fa {v}?"],
    "pt": ["Quanto vale {v}?", "Qual é o valor de {v}?", "{v} = ?", "Qual o valor de {v}?"],
    "ru": ["Чему равен {v}?", "Найди {v}.", "{v} = ?", "Найдите {v}."],
    "zh": ["{v} 是多少？", "求 {v}。", "{v} 等于多少？", "{v} = ?"],
}
# how the lead-in, the equation and the question are joined: a comma after the lead-in or none, the
# question in a sentence of its own or after a comma
JOINS = {
    "zh": ["{lead} {eq}，{ask}", "{lead}{eq}。{ask}", "{lead}{eq}，{ask}"],
}
_SPACED_JOINS = ["{lead} {eq}. {ask}", "{lead} {eq}, {ask_lower}", "{lead}, {eq}. {ask}", "{lead}, {eq}, {ask_lower}"]


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:] if text[:1].isupper() else text


def _lead_phrasings(language: str) -> list[str]:
    leads, asks = LEADS[language], ASKS[language]
    joins = JOINS.get(language, _SPACED_JOINS)
    out = []
    for i, lead in enumerate(leads):
        for j, join in enumerate(joins):
            ask = asks[(i + j) % len(asks)]
            if ask == "{v}?" and join.endswith("{ask_lower}"):
                ask = asks[0]  # "If 3x + 2 = 17, x?": the bare unknown after a comma is read after no lead-in either
            if join.startswith("{lead},") and lead.endswith(("that", "que", "dass", "что", "che")):
                continue  # "Suppose that, 3x ...": no comma inside a conjunction
            out.append(join.replace("{ask_lower}", _lower_first(ask)).replace("{ask}", ask).replace("{lead}", lead))
    return out


LEAD_CASES = [(language, phrasing) for language in LEADS for phrasing in _lead_phrasings(language)]


def _pair(phrasing: str, v: str = "x") -> tuple[str, str]:
    return phrasing.format(eq=FIRST.format(v=v), v=v), phrasing.format(eq=SECOND.format(v=v), v=v)


def test_each_lead_in_is_a_word_of_its_table() -> None:
    for language, leads in LEADS.items():
        table = {w for w in _table(language)["IF"]}
        for lead in leads:
            assert lead.lower().replace("\u2019", "'") in table, (language, lead)


def test_twenty_phrasings_or_more_per_table() -> None:
    for language in LEADS:
        assert len(_lead_phrasings(language)) >= 20, language


@pytest.mark.parametrize(("language", "phrasing"), LEAD_CASES)
def test_a_lead_in_states_the_equation(language: str, phrasing: str) -> None:
    for v in ("x", "n"):
        first, second = _pair(phrasing, v)
        served_linear(first, second, {v: 7})


# (2) the unknown asked by the values that make the equations hold
FOR_WHICH = {
    "en": ["What value of {v} makes {eq}?", "Which value of {v} makes {eq}?", "For which {v} is {eq}?",
           "For what value of {v} is {eq}?", "For which value of {v} does {eq} hold?", "What value of {v} makes {eq} true?"],
    "de": ["Für welches {v} gilt {eq}?", "Für welchen Wert von {v} gilt {eq}?", "Bei welchem {v} gilt {eq}?",
           "Bei welchem Wert von {v} gilt {eq}?", "Für welche {v} gilt {eq}?", "Für welchen {v} ist {eq}?"],
    "es": ["¿Para qué valor de {v} se cumple {eq}?", "¿Para qué {v} se cumple {eq}?", "¿Para cuál {v} se verifica {eq}?",
           "¿Para cuál valor de {v} se cumple que {eq}?", "¿Para que valor de {v} se verifica {eq}?"],
    "fr": ["Pour quelle valeur de {v} a-t-on {eq} ?", "Pour quel {v} a-t-on {eq} ?", "Pour quelle valeur de {v} a t on {eq} ?"],
    "it": ["Per quale valore di {v} vale {eq}?", "Per quale {v} si ha {eq}?", "Per quali valori di {v} vale {eq}?",
           "Per quale {v} è vera {eq}?"],
    "pt": ["Para qual valor de {v} vale {eq}?", "Para que valor de {v} temos {eq}?", "Para qual {v} se verifica {eq}?"],
    "ru": ["При каком {v} верно {eq}?", "При каком значении {v} выполняется {eq}?", "При каких значениях {v} справедливо {eq}?",
           "При каком {v} выполняется {eq}?"],
}
FOR_WHICH_CASES = [(language, phrasing) for language, shapes in FOR_WHICH.items() for phrasing in shapes]


@pytest.mark.parametrize(("language", "phrasing"), FOR_WHICH_CASES)
def test_the_unknown_that_makes_the_equation_hold(language: str, phrasing: str) -> None:
    for v in ("x", "m"):
        first, second = _pair(phrasing, v)
        served_linear(first, second, {v: 7})


# the lead-ins and the asks together ("Quick check: what value of x makes 2x + 5 = 23?")
COMBINED = [
    "Quick check: what value of {v} makes {eq}?", "Let's say {eq}. What value of {v} makes it true?",
    "Quick check: {eq}. What's {v}?", "One more: {eq}, {v} = ?", "Next question: what is {v} if {eq}?",
    "Another one: for which {v} is {eq}?", "Last one: solve {eq}",
]


@pytest.mark.parametrize("phrasing", COMBINED)
def test_intro_words_before_a_request(phrasing: str) -> None:
    first, second = _pair(phrasing)
    if "makes it true" in phrasing:
        assert understand_prompt(second) is None  # "it" is no word of the table: no claim
        return
    served_linear(first, second, {"x": 7})


# plural asks of two unknowns after a system
PLURAL = {
    "es": ["{eqs}. ¿Cuánto valen x y y?".replace("x y y", "{x} y {y}")],
    "fr": ["{eqs}. Que valent {x} et {y} ?", "{eqs}. Combien valent {x} et {y} ?"],
    "it": ["{eqs}. Quanto valgono {x} e {y}?"],
    "pt": ["{eqs}. Quanto valem {x} e {y}?"],
    "ru": ["{eqs}. Чему равны {x} и {y}?"],
}


@pytest.mark.parametrize(("language", "phrasing"), [(k, p) for k, v in PLURAL.items() for p in v])
def test_plural_asks_of_two_unknowns(language: str, phrasing: str) -> None:
    x, y = ("a", "b") if language == "es" else ("x", "y")  # Spanish "y" is "and": the unknowns a and b
    first = phrasing.format(eqs=f"{x} + {y} = 14, {x} - {y} = 4", x=x, y=y)
    second = phrasing.format(eqs=f"{x} + {y} = 20, {x} - {y} = 4", x=x, y=y)
    served_linear(first, second, {x: 12, y: 8})


# -- traps ---------------------------------------------------------------------------------------
OUTSIDE = {"en": "banana", "es": "plátano", "fr": "banane", "de": "Banane", "it": "banana", "pt": "banana",
           "ru": "банан", "zh": "香蕉"}
NEGATION = {"en": "not", "es": "no", "fr": "pas", "de": "nicht", "it": "non", "pt": "não", "ru": "не", "zh": "不"}


def _with_word_everywhere(prompt: str, word: str, spaced: bool) -> list[str]:
    """``prompt`` with ``word`` put before each of its words (and at its end)."""
    if not spaced:
        return [prompt[:k] + word + prompt[k:] for k in range(0, len(prompt) + 1, 3)]
    parts = prompt.split(" ")
    return [" ".join(parts[:k] + [word] + parts[k:]) for k in range(len(parts) + 1)]


def _word_traps() -> list[str]:
    out = []
    for language in LEADS:
        phrasings = _lead_phrasings(language)[:3] + [p for lang, p in FOR_WHICH_CASES if lang == language][:2]
        for phrasing in phrasings:
            second = _pair(phrasing)[1]
            for word in (OUTSIDE[language], NEGATION[language]):
                out.extend(_with_word_everywhere(second, word, language != "zh"))
    return out


WORD_TRAPS = _word_traps()


@pytest.mark.parametrize("trap", WORD_TRAPS, ids=[f"word{i}" for i in range(len(WORD_TRAPS))])
def test_a_word_outside_the_table_anywhere_is_no_claim(trap: str) -> None:
    problem = understand_prompt(trap)
    assert problem is None, (trap, problem)


TRAPS = [
    "Let's say 3x + 2 = 23. What's y?",                       # another unknown asked
    "Suppose that 3x + 2 = 23. y = ?",
    "Let's say 3x + 2 = 23 is wrong. What's x?",               # a word outside the table
    "Let's say 3x + 2 = 23, or 3x + 2 = 26. What's x?",        # two readings
    "Let's say 2x = 4 and 2x = 6. What's x?",                  # contradicting equations
    "Say x.",                                                 # no equation
    "3x + 2 = 23. Say x.",                                    # "say" as a verb of telling: not a lead-in
    "Solve 3x + 2 = 23 and say x.",
    "Let's say x = 3. Does 3x + 2 = 23?",                     # a check after a stated value: no claim
    "Supongamos que 3x + 2 = 23 no es cierto. ¿Cuánto vale x?",
    "Für welches m gilt 3m + 2 = 23 nicht?",
    "For which x is 3x + 2 = 23 false?",
    "What value of x makes 3x + 2 = 23 false?",
    "Für welches m gilt 3m + 2 = 23 oder 2m = 10?",
    "При каком x неверно 3x + 2 = 23?",
    "Per quale valore di x non vale 3x + 2 = 23?",
    "¿Para qué valor de x se cumple 3x + 2 = 23? Calcula y.",
    "Допустим, 3x + 2 = 23. Чему равен y?",
    "假如 3x + 2 = 23，y 是多少？",
    # Spanish "e": "and", or the unknown e? (wip/linAF, the lead's decision: "e" joins two unknowns' names in the
    # Spanish table when no unknown is named e, test_linear_symbols_linAF.py; where one is, the trap stands)
    "Sistema: x + e = 14, x - e = 4. ¿Cuánto valen x e e?",
    "Sistema: x + e = 14, x - e = 4. ¿Cuánto valen x e y?",
]


@pytest.mark.parametrize("trap", TRAPS)
def test_a_trap_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, "Let's say 3x + 2 = 17. What's x?")


EXPRESSIONS = [
    ("Let's say 10 + 4n = 62. What's 2n?", "2*n", 26),
    ("Imagine 2x + 5 = 23. What would 3x be?", "3*x", 27),
    ("Say x = 3. What is 2x + 1?", "2*x + 1", 7),
]


@pytest.mark.parametrize(("prompt", "target", "value"), EXPRESSIONS)
def test_an_expression_asked_after_a_lead_in_is_read_exactly(prompt: str, target: str, value: int) -> None:
    problem = understand_prompt(prompt)
    assert problem is not None and problem.target == target and problem.target_value == value, (prompt, problem)


# (3) a label naming where the exercise is from, before its colon ("Exercise 4 of the homework:", "Ejercicio 4
# de la tarea:", "Exercice 2 du devoir :"): LABEL, its number, OF, an article or a possessive, a LABEL or INTRO
LABELS = {
    "en": (["Exercise", "Problem", "Question", "Task"], ["of the", "of my", "of this"], ["homework", "worksheet", "assignment"],
           ["solve {eq}", "what's {v} if {eq}?", "{eq}, {v} = ?", "find {v}: {eq}"]),
    "es": (["Ejercicio", "Problema", "Pregunta", "Actividad"], ["de la", "de mi"], ["tarea"],
           ["resuelve {eq}", "¿cuánto vale {v} en {eq}?", "despeja {v} en {eq}"]),
    "fr": (["Exercice", "Problème", "Question", "Exo"], ["du", "de mon"], ["devoir"], ["résous {eq}", "combien vaut {v} : {eq} ?"]),
    "pt": (["Exercício", "Questão", "Problema", "Atividade"], ["da"], ["tarefa", "atividade"],
           ["resolva {eq}", "quanto vale {v} em {eq}?"]),
    "it": (["Esercizio", "Problema", "Domanda", "Quesito"], ["del"], ["compito", "compito per casa"],
           ["risolvi {eq}", "quanto vale {v} in {eq}?"]),
}


def _label_phrasings(language: str) -> list[str]:
    labels, ofs, holders, requests = LABELS[language]
    sep = " : " if language == "fr" else ": "
    out, k = [], 0
    for label in labels:
        for of in ofs:
            for holder in holders:
                for number in ("4", "12", "3"):
                    out.append(f"{label} {number} {of} {holder}{sep}{requests[k % len(requests)]}")
                    k += 1
    return out


LABEL_CASES = [(language, phrasing) for language in LABELS for phrasing in _label_phrasings(language)]


def test_twenty_label_phrasings_or_more_per_table() -> None:
    for language in LABELS:
        assert len(_label_phrasings(language)) >= 20, language


@pytest.mark.parametrize(("language", "phrasing"), LABEL_CASES)
def test_a_label_naming_the_homework_leads_the_request(language: str, phrasing: str) -> None:
    first, second = _pair(phrasing)
    served_linear(first, second, {"x": 7})


def test_a_diminutive_label_in_russian() -> None:
    served_linear("Задачка 3: реши 3x + 2 = 17", "Задачка 3: реши 3x + 2 = 23", {"x": 7})
    served_linear("Задачка: 3x + 2 = 17. Найди x.", "Задачка: 3x + 2 = 23. Найди x.", {"x": 7})


LABEL_TRAPS = [
    "Exercise 3 of the homework: solve 3x + 2 = 23 twice",     # a word of meaning after the request
    "Exercise 3 of the banana: solve 3x + 2 = 23",             # a word outside the table in the label
    "Exercise 3 of the x: solve 3x + 2 = 23",                  # an unknown in the label
    "Exercise 3 of 5: solve 3x + 2 = 23",                      # a number where the holder stands
    "Exercise 3 of the homework: solve for y: 3x + 2 = 23",    # another unknown asked
    "Problem 2 of the homework y = 3: solve 3x + 2 = 23",      # a value inside the label
    "Ejercicio 4 de la tarea: resuelve 3x + 2 = 23 no",        # a negation after the request
    "Exercice 2 du devoir : résous 3x + 2 = 23 pas",
]


@pytest.mark.parametrize("trap", LABEL_TRAPS)
def test_a_label_trap_is_no_claim(trap: str) -> None:
    assert_linear_trap_declined(trap, "Exercise 3 of the homework: solve 3x + 2 = 17")
