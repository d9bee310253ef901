"""Linear reach, branch wip/linT: equations in everyday words, BY CONSTRUCTION (not per example of a
held-out file). Each phrasing is made by composing word classes: a chatter clause is a random order
and subset of a table's CHATTER words (pronouns, feelings and states, fillers, school words), put
before, after or around a request the table reads; the first prompt holds 3v + 2 = 17 and is
answered by a model that is never right, the second only the constant changed (3v + 2 = 23), served
proven without a model call and exactly right (v = 7), in every table.

Families: (1) chatter clauses anywhere around the problem, in all nine tables; (2) question tails
("what's x??", "find x pls", "x = ?"), the name asked the equation's unknown; (3) list-shaped prompts
("Solve the following:\\n- equation: ...\\n- show your work"); (4) answer templates in quotes in every
table, mapped to the enforced formats (the last line is the template with the value). Traps: a
chatter clause holding a negation, "twice", "except", "round", a number, a number word, "x+1",
another unknown or a word outside the table, at every position, is no claim."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import served_linear

FIRST, SECOND = "3{v} + 2 = 17", "3{v} + 2 = 23"
_TABLES = Path(__file__).resolve().parents[2] / "stepcache_integrations/core/tasks/linear/vocabulary"
LANGUAGES = ("en", "es", "fr", "de", "pt", "it", "ru", "zh", "ja")


def _chatter(language: str) -> list[str]:
    return json.loads((_TABLES / f"{language}.json").read_text(encoding="utf-8"))["classes"]["CHATTER"]


def _pair(phrasing: str, v: str = "x") -> tuple[str, str, dict[str, int]]:
    return (phrasing.format(eq=FIRST.format(v=v), v=v), phrasing.format(eq=SECOND.format(v=v), v=v), {v: 7})


# Requests each table reads, and where a chatter clause may stand around them: "{c}" is the clause.
SHAPES = {
    "en": ["{c}, solve {eq}", "{c}: solve {eq}", "{c}. Solve {eq}.", "Solve {eq}, {c}.", "Solve {eq}. {c}!",
           "{c}, {eq}, what's {v}?", "{eq} and {c}, what's {v}??", "{c}: {eq}. what is {v}?", "Solve for {v}, {c}: {eq}"],
    "es": ["{c}, resuelve {eq}", "{c}: resuelve {eq}", "Resuelve {eq}, {c}.", "{c}. ¿Cuánto vale {v} en {eq}?",
           "¿Cuánto vale {v} en {eq}? {c}"],
    "fr": ["{c}, résous {eq}", "{c} : résous {eq}", "Résous {eq}, {c}.", "{c}. Combien vaut {v} : {eq} ?",
           "Résous {eq}. {c} !"],
    "de": ["{c}, löse {eq}", "{c}: Löse {eq}", "Löse {eq}, {c}.", "{c}. Löse {eq}.", "Löse {eq}. {c}!"],
    "pt": ["{c}, resolva {eq}", "{c}: resolva {eq}", "Resolva {eq}, {c}.", "{c}. Quanto vale {v} em {eq}?",
           "Resolva {eq}. {c}!"],
    "it": ["{c}, risolvi {eq}", "{c}: risolvi {eq}", "Risolvi {eq}, {c}.", "{c}. Risolvi {eq}.", "Risolvi {eq}. {c}!"],
    "ru": ["{c}, реши {eq}", "{c}: реши {eq}", "Реши {eq}, {c}.", "{c}. Реши {eq}.", "Реши {eq}. {c}!"],
    "zh": ["{c}，解方程 {eq}", "{c}：解方程 {eq}", "解方程 {eq}，{c}。", "{c}。解方程 {eq}。", "{c}，{eq}，{v} 等于多少？"],
    "ja": ["{c}。{eq} を解いてください。", "{c}、{eq} を解いてください。", "{eq} を解いてください。{c}。",
           "{c}：{eq} を解いてください。"],
}
_JOIN = {"zh": "", "ja": ""}  # unspaced tables: the words side by side


def _clauses(language: str, count: int, seed: int, least: int = 1) -> list[str]:
    """``count`` chatter clauses of ``least``-4 CHATTER words of ``language``, in random order and subset."""
    rng = random.Random(f"linT-{language}-{seed}")
    words = _chatter(language)
    out = []
    for _ in range(count):
        picked = rng.sample(words, rng.randint(least, min(4, len(words))))
        out.append(_JOIN.get(language, " ").join(picked))
    return out


def _composed(language: str, count: int = 24) -> list[str]:
    """Phrasings of ``language``: each shape with clauses; one word alone before a colon may name a
    speaker ("You: y = 3"), so a clause before a colon has two words or more."""
    shapes = SHAPES[language]
    loose, two = _clauses(language, count, 1), _clauses(language, count, 2, least=2)
    out = []
    for i in range(count):
        shape = shapes[i % len(shapes)]
        before_colon = any(shape.startswith("{c}" + mark) for mark in (":", " :", "\uff1a")) or "{c}:" in shape
        out.append(shape.replace("{c}", two[i] if before_colon else loose[i]))
    return out


COMPOSED = [(language, phrasing) for language in LANGUAGES for phrasing in _composed(language)]


@pytest.mark.parametrize(("language", "phrasing"), COMPOSED)
def test_a_chatter_clause_is_read_as_nothing(language: str, phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)
    problem = understand_prompt(second)
    assert problem is not None and set(problem.asked) == {"x"} and problem.solution["x"] == 7, (second, problem)


# hand-written ones of the same shape (the set-16 declined phrasings, a constant changed)
WRITTEN = [
    "ok so I've got {eq} and I'm totally stuck, what's {v}??",
    "ok so I've got {eq} and I'm really really lost, what's {v}?!",
    "hey so honestly I'm super confused, {eq}, what's {v}?",
    "{eq}. ugh I'm so lost lol. what is {v}?",
    "I'm trying, really, {eq}, find {v} pls",
    "Oye, estoy totalmente perdido, ¿cuánto vale {v} en {eq}?",
    "Je suis vraiment perdu, combien vaut {v} : {eq} ?",
    "Ich bin total verwirrt, löse {eq} bitte",
    "Eu estou muito confuso, quanto vale {v} em {eq}?",
    "Io sono davvero confuso, risolvi {eq}",
    "Я реально застрял, реши {eq}",
    "我完全卡住了，{eq}，{v} 等于多少？",
    "帮我算一下：{eq}，{v} 等于多少？谢谢！",
    "えっと、本当に困って、{eq} を解いてください。",
    "ugh, totally lost: solve {eq}",                    # CHATTER words outside any CONTEXT phrase
    "gerade total verwirrt, löse {eq}",
    "yo realmente confundido, resuelve {eq}",
    "vraiment paumé, résous {eq}",
    "eu muito travado, resolva {eq}",
    "io davvero bloccato, risolvi {eq}",
    "ну реально очень, реши {eq}",
]


@pytest.mark.parametrize("phrasing", WRITTEN)
def test_a_written_chatter_phrasing_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)


# the number alone asked after a courtesy clause ("Por favor, dame solo el número: ...")
BARE = ["Por favor, dame solo el número: {eq}", "Oye, porfa, dame solo el número: {eq}",
        "ok so, honestly, just the number: {eq}"]


@pytest.mark.parametrize("phrasing", BARE)
def test_the_number_alone_after_chatter(phrasing: str) -> None:
    first, second, _expected = _pair(phrasing)
    assert served_linear(first, second, fmt="bare").strip() == "7", second


# (2) question tails: the name asked is the equation's unknown
TAILS = [
    "{eq}, what's {v}??", "{eq}. what's {v}?!", "{eq}, find {v} pls", "{eq}. {v} = ?",
    "{eq}, {v} = ?", "solve pls {eq}", "{eq}. find {v} pls", "solve plz {eq} thx", "{eq}?? what's {v}??", "so, {eq}, what's {v}??",
    "{eq}，{v} 等于多少？？", "{eq} の {v} はいくつですか？？",
]


@pytest.mark.parametrize("phrasing", TAILS)
def test_a_question_tail_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)


# (3) list-shaped prompts: each item an equation, a declared format or chatter
LISTS = [
    ("Solve the following:\n- equation: {eq}\n- show your work", "steps"),
    ("Solve the following:\n- equation: {eq}\n- show your steps", "steps"),
    ("Solve the following:\n* equation: {eq}\n* show your work", "steps"),
    ("Solve the following:\n- equation: {eq}\n- answer only", "answer_only"),
    ("Solve the following:\n- equation: {eq}\n- I'm totally stuck", ""),
    ("Solve this:\n- equation: {eq}\n- show your work\n- thanks!", "steps"),
    ("Solve the following:\n- equation: {eq}", ""),
    ("Solve the following:\n\u2022 equation: {eq}\n\u2022 show your work", "steps"),
]


@pytest.mark.parametrize(("phrasing", "fmt"), LISTS)
def test_a_list_shaped_prompt_is_served_exactly(phrasing: str, fmt: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected, "answer_only" if fmt == "answer_only" else "")
    problem = understand_prompt(second)
    assert problem is not None and (not fmt or fmt in problem.format), (second, problem)


# (4) quoted answer templates, the last line written verbatim with the value
TEMPLATES = [
    ("Solve {eq} and reply only with '{v} = <value>'.", "x = 7"),
    ("Solve {eq} and respond only with \"{v} = <value>\".", "x = 7"),
    ("Solve {eq}, reply only with '{v} = ...'", "x = 7"),
    ("{eq} を解いて、最後に「答え: {v} = …」と書いてください。", "答え: x = 7"),
    ("{eq} を解いて、「答え：{v} = …」の形で答えてください。", "答え：x = 7"),
    ("{eq} を解いて、「{v} = …」と書いて。", "x = 7"),
    ("解方程 {eq}，按「{v} = …」的格式回答。", "x = 7"),
    ("解方程 {eq}，最后一行写「答案：{v} = …」。", "答案：x = 7"),
]


@pytest.mark.parametrize(("phrasing", "last"), TEMPLATES)
def test_a_quoted_template_is_the_last_line(phrasing: str, last: str) -> None:
    first, second, _expected = _pair(phrasing)
    text = served_linear(first, second)
    assert text.strip().splitlines()[-1].strip() == last, (second, text)


# Traps: a chatter-looking clause holding a word of meaning, at every position (never served wrong:
# no claim at all here)
TRAP_WORDS = {
    "en": ["not", "twice", "except", "x+1", "round", "y", "3", "three", "unless", "instead", "only if", "squared",
           "lmao", "never"],
    "es": ["no", "doble", "excepto", "x+1", "redondea", "y", "3", "tres", "solo si"],
    "fr": ["pas", "double", "sauf", "x+1", "arrondi", "y", "3", "trois"],
    "de": ["nicht", "doppelt", "außer", "x+1", "runde", "y", "3", "drei"],
    "pt": ["não", "dobro", "exceto", "x+1", "arredonda", "y", "3", "três"],
    "it": ["non", "doppio", "tranne", "x+1", "arrotonda", "y", "3", "tre"],
    "ru": ["не", "дважды", "кроме", "x+1", "округли", "y", "3", "три"],
    "zh": ["不", "两倍", "除了", "x+1", "四舍五入", "y", "3", "三"],
    "ja": ["ない", "2倍", "以外", "x+1", "四捨五入", "y", "3", "三"],
}


def _traps() -> list[str]:
    out = []
    for language in LANGUAGES:
        base = _clauses(language, 1, 7)[0]
        sep = _JOIN.get(language, " ")
        for k, word in enumerate(TRAP_WORDS[language]):
            shape = SHAPES[language][k % len(SHAPES[language])]
            for clause in (word + sep + base, base + sep + word):
                out.append(_pair(shape.replace("{c}", clause))[1])
    return out


TRAPS = _traps() + [
    "ok so I've got 3x + 2 = 23 and I'm totally stuck, what's y??",   # another unknown
    "ok so I've got 3x + 2 = 23 and I'm totally stuck, what's 2x??",  # another expression: 2x or nothing
    "3x + 2 = 23, find y pls",                                          # another unknown
    "3x + 2 = 23. y = ?",                                               # another unknown's template
    "You: y = 3. Me: x + y = 10, what's x?",                           # a speaker's turn, not chatter
    "You: y = 3. x + y = 10, what's x?",                               # the same, one turn labelled
    "Solve the following:\n- equation: 3x + 2 = 23\n- round to 2 places",  # a format not declared
    "Solve the following:\n- equation: 3x + 2 = 23\n- x = 4",          # a second item with a value
    "Solve -4x + 9 = -11 and reply only with 'y = <value>'.",          # a template naming another unknown
    "3x + 2 = 23 を解いて、最後に「答え: y = …」と書いてください。",  # likewise
    "solve pls twice 3x + 2 = 23",                                      # a word of meaning inline
    "So 3x + 2 = 23.",                                                  # a step's words, no request (wip/linJ)
    "- Solve 3x + 2 = 23.",                                             # a dash opening the prompt: no list's bullet
    "I'm totally stuck, is x = 4 a solution of 3x + 2 = 23?",          # a yes/no check after chatter: as written only
    "ugh, so confused. Does x = 7 solve 3x + 2 = 23?",                  # likewise
    "Solve 3x + 2 = 23.\n- show your work",                            # a bullet after no colon: no list
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap{i}" for i in range(len(TRAPS))])  # ids a node id can name
def test_a_chatter_trap_is_no_claim(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is None:
        return
    assert "2x" in trap and problem.target == "2*x" and problem.target_value == 14, (trap, problem)


# (4, composed) the template alone after the answering verb, "only" and its preposition, in every
# spaced table: every verb x "only" word x slot spelling, in a sentence of its own or joined by "and"
_TEMPLATE_PARTS = {
    "en": ("Solve", "and", ["reply only with", "respond only with", "answer only with"], [""], [""], ["<value>", "...", "?"]),
    "es": ("Resuelve", "y", ["responde", "responda", "contesta"], ["solo", "solamente", "únicamente"], ["con", ""],
           ["<valor>", "..."]),
    "fr": ("Résous", "et", ["réponds", "répondez"], ["uniquement par", "seulement par", "juste par"], [""],
           ["<valeur>", "...", "?"]),
    "de": ("Löse", "und", ["antworte", "antworten Sie", "beantworte"], ["nur"], ["mit", ""], ["<Wert>", "...", "?"]),
    "pt": ("Resolva", "e", ["responda", "responde"], ["só", "somente", "apenas"], ["com", ""], ["<valor>", "..."]),
    "it": ("Risolvi", "e", ["rispondi", "risponda"], ["solo", "soltanto", "solamente"], ["con", ""], ["<valore>", "..."]),
    "ru": ("Реши", "и", ["ответь", "ответьте"], ["только"], [""], ["<значение>", "...", "?"]),
}


def _templates(language: str) -> list[str]:
    solve, joined, verbs, onlies, withs, slots = _TEMPLATE_PARTS[language]
    out = []
    for verb in verbs:
        for only in onlies:
            for with_ in withs:
                for slot in slots:
                    words = " ".join(w for w in (verb, only, with_) if w)
                    out.append(f"{solve} {{eq}}. {words[0].upper() + words[1:]} '{{v}} = {slot}'.")
                    out.append(f"{solve} {{eq}} {joined} {words} '{{v}} = {slot}'.")
    return out


COMPOSED_TEMPLATES = [(language, p) for language in _TEMPLATE_PARTS for p in _templates(language)]


@pytest.mark.parametrize(("language", "phrasing"), COMPOSED_TEMPLATES)
def test_a_composed_reply_only_template_is_the_whole_answer(language: str, phrasing: str) -> None:
    first, second, _expected = _pair(phrasing)
    text = served_linear(first, second)
    assert text.strip() == "x = 7", (second, text)


# "I have EQ" in every table, then chatter and the question ("oye, tengo ... y no me sale, ¿cuánto vale x?")
HAVE = [
    "ok so I have {eq} and I'm totally lost, what's {v}?", "I've got {eq}, really stuck, what's {v}??",
    "teacher gave us {eq} and I'm so confused, what's {v}?", "solve {eq} quick pls", "solve {eq} real quick pls thx",
    "oye, tengo {eq} y no me sale, ¿cuánto vale {v}?", "hab hier {eq} und komm nicht weiter, was ist {v}?",
    "tenho {eq} e estou muito confuso, quanto vale {v}?", "j'ai {eq} et je suis vraiment perdu, combien vaut {v} ?",
]


@pytest.mark.parametrize("phrasing", HAVE)
def test_an_equation_had_with_chatter_is_served_exactly(phrasing: str) -> None:
    first, second, expected = _pair(phrasing)
    served_linear(first, second, expected)


TEMPLATE_TRAPS = [
    "Löse 3a - 4 = 23. Antworte nur mit 'b = <Wert>'.",          # a template naming another unknown
    "Resuelve 3x + 2 = 23. Responde solo con 'x = <decimal>'.",   # a slot naming a form
    "Résous 3x + 2 = 23. Réponds uniquement par 'x ≈ ...'.",      # not a template this task reads
    "Реши 3x + 2 = 23. Ответь только 'x = ... , y = ...'.",       # two slots
    "solve 3x + 2 = 23 quick pls not",                            # a word of meaning closing the sentence
    "solve 3x + 2 = 23 quick twice",                              # likewise
]


@pytest.mark.parametrize("trap", TEMPLATE_TRAPS)
def test_a_template_trap_is_no_claim(trap: str) -> None:
    assert understand_prompt(trap) is None, trap
