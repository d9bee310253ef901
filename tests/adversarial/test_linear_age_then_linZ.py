"""An age story over time (branch wip/linZ, 2026-12-06): one person k times as old as the other (or d years
older) now, and in n years one k2 times as old as the other; one age now asked. Written by hand from the shapes,
not from any held-out file: first sentences x later sentences x questions, each row's age solved by sympy from
the facts as the story states them (independently of the engine) and required whole and positive. Each of the
later sentence's two is named, or a pronoun whose gender leaves exactly one way to read the two. A past ("12
years ago"), two pronouns of one gender, a third person, a role swapped, a factor not above 1, an age asked
then, an age not positive, a word the grammar does not derive: no claim."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
import sympy

from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import assert_linear_trap_declined, assert_red_team_pair_not_served, assert_story_served

S = sympy.Symbol("s")
_K_WORDS = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}

# (big, small, the big's pronoun, the small's object pronoun, the small's word as a question names it)
_PEOPLE = [
    ("Maria", "her son", "she", "him", "the son"),
    ("Ana", "her nephew", "she", "him", "her nephew"),
    ("Sara", "her brother", "she", "him", "the brother"),
    ("Tom", "his daughter", "he", "her", "the daughter"),
    ("Paul", "his niece", "he", "her", "his niece"),
    ("Omar", "his sister", "he", "her", "the sister"),
]
# first sentences: (template, kind) with {B} {small} {k} {kw} {d}
_FIRST = [
    ("{B} is {k} times as old as {small}.", "times"),
    ("{B} is {kw} as old as {small}.", "times"),
    ("{B} is {d} years older than {small}.", "diff"),
]
# later sentences with {n} {k2} {k2w}, the one and the other: {one} {other} (a pronoun or a word)
_THEN = [
    "In {n} years, {one} will be {k2w} as old as {other}.",
    "In {n} years {one} will be {k2} times as old as {other}.",
    "{n} years from now, {one} will be {k2w} as old as {other}.",
    "{One} will be {k2w} as old as {other} in {n} years.",
]
_ASK = ["How old is {q} now?", "How old is {q}?", "How old is {q} today?", "How old is {B} now?"]


def _age_now(kind: str, k: int, d: int, n: int, k2: int, asked_big: bool) -> Fraction | None:
    """The asked age from the story's facts (sympy): big = k s (or s + d), big + n = k2 (s + n)."""
    big = k * S if kind == "times" else S + d
    (small,) = sympy.solve(sympy.Eq(big + n, k2 * (S + n)), S)
    value = Fraction(str(big.subs(S, small) if asked_big else small))
    return value if value > 0 and value.denominator == 1 and small > 0 else None


def _rows() -> list[tuple[str, str, Fraction]]:
    rows = []
    numbers = itertools.cycle([(3, 2, 12, 24), (4, 2, 10, 20), (4, 3, 6, 30), (5, 3, 8, 28), (3, 2, 15, 26)])
    for (first, kind), then, ask, (big, small, pron, obj, q) in itertools.product(_FIRST, _THEN, _ASK, _PEOPLE):
        k, k2, n, d = next(numbers)
        use_names = len(rows) % 3 == 2  # the later sentence names both ("Maria will be twice as old as her son")
        one, other = (big, small) if use_names else (pron, obj)
        story = " ".join([first.format(B=big, small=small, k=k, kw=_K_WORDS[k], d=d),
                          then.format(n="{n}", one=one, One=one[0].upper() + one[1:], other=other, k2=k2, k2w=_K_WORDS[k2]),
                          ask.format(q=q, B=big)])
        asked_big = "{B}" in ask
        firsts, seconds = _age_now(kind, k, d, n, k2, asked_big), _age_now(kind, k, d, n + 2, k2, asked_big)
        if firsts is None or seconds is None:
            continue
        rows.append((story.format(n=n), story.format(n=n + 2), seconds))
    return rows


ROWS = [("en", *row) for row in _rows()]

# language: (first sentences with {B} {small} {k}, later sentences with {n} {one} {other} {k2}, questions with {q} {B},
# people: (big, small as first said, the big as the later sentence names it (a pronoun only where its gender is
# known: a relative's word, or en "her son", de "sein Sohn"; a name's gender is otherwise unknown), the small as the later sentence
# names it, the small as the question names it), the factor words {kw}/{k2w} of 2..5)
_OTHERS: dict[str, tuple[list[str], list[str], list[str], list[tuple[str, str, str, str, str]], dict[int, str]]] = {
    "es": (["{B} tiene el {kw} de la edad de {small}."],
           ["Dentro de {n} años, {one} tendrá el {k2w} de la edad de {other}.", "En {n} años {one} tendrá el {k2w} de la edad de {other}.",
            "Dentro de {n} años tendrá el {k2w} de la edad de {other}."],
           ["¿Cuántos años tiene {q} ahora?", "¿Cuántos años tiene {q}?", "¿Cuántos años tiene {q} hoy?", "¿Qué edad tiene {B} ahora?"],
           [("María", "su hijo", "María", "su hijo", "su hijo"), ("Pedro", "su hija", "Pedro", "su hija", "su hija"),
            ("Lucía", "su sobrino", "Lucía", "su sobrino", "su sobrino")],
           {2: "doble", 3: "triple"}),
    "it": (["{B} ha il {kw} dell'età di {small}.", "{B} ha {k} volte l'età di {small}."],
           ["Tra {n} anni {one} avrà il {k2w} dell'età di {other}.", "Fra {n} anni avrà il {k2w} dell'età di {other}.",
            "Tra {n} anni, {one} avrà {k2} volte l'età di {other}."],
           ["Quanti anni ha {q} adesso?", "Quanti anni ha {q}?", "Quanti anni ha {q} oggi?", "Quanti anni ha {B} adesso?"],
           [("Marco", "suo figlio", "Marco", "suo figlio", "il figlio"), ("Giulia", "sua figlia", "Giulia", "sua figlia", "la figlia"),
            ("Luca", "suo fratello", "Luca", "suo fratello", "il fratello")],
           {2: "doppio", 3: "triplo"}),
    "fr": (["{B} a {k} fois l'âge de {small}."],
           ["Dans {n} ans, {one} aura le {k2w} de l'âge de {other}.", "Dans {n} ans {one} aura {k2} fois l'âge de {other}."],
           ["Quel âge a {q} aujourd'hui ?", "Quel âge a {q} ?", "Quel âge a {q} maintenant ?", "Quel âge a {B} maintenant ?"],
           [("Paul", "sa fille", "Paul", "sa fille", "sa fille"), ("Marie", "son fils", "Marie", "son fils", "son fils"),
            ("Luc", "sa nièce", "Luc", "sa nièce", "sa nièce")],
           {2: "double", 3: "triple"}),
    "de": (["{B} ist {kw} so alt wie {small}."],
           ["In {n} Jahren wird {one} {k2w} so alt sein wie {other}."],
           ["Wie alt ist {q} jetzt?", "Wie alt ist {q}?", "Wie alt ist {q} heute?", "Wie alt ist {B} jetzt?"],
           [("Ein Vater", "sein Sohn", "er", "sein Sohn", "der Sohn"), ("Eine Mutter", "ihre Tochter", "sie", "ihre Tochter", "die Tochter"),
            ("Tom", "seine Schwester", "Tom", "seine Schwester", "seine Schwester")],
           {2: "doppelt", 3: "dreimal", 4: "viermal", 5: "fünfmal"}),
    "zh": (["{B}今年的年龄是{small}的 {k} 倍，", "{B}的年龄是{small}的{k}倍，"],
           ["{n} 年后{one}的年龄是{other}的 {k2} 倍。", "{n}年后，{one}的年龄是{other}的{k2}倍。"],
           ["{q}今年几岁？", "{q}几岁？", "{B}今年几岁？"],
           [("爸爸", "儿子", "爸爸", "儿子", "儿子"), ("妈妈", "女儿", "妈妈", "女儿", "女儿")],
           {}),
}


def _other_rows() -> list[tuple[str, str, str, Fraction]]:
    rows = []
    for language, (firsts, thens, asks, people, words) in _OTHERS.items():
        numbers = itertools.cycle([(3, 2, 12), (4, 2, 10), (4, 3, 6), (3, 2, 15), (5, 3, 8)])
        for first, then, ask, (big, small, one, other, q) in itertools.product(firsts, thens, asks, people):
            k, k2, n = next(numbers)
            if words and (k not in words or k2 not in words):
                k, k2 = 3, 2
            text = (first.format(B=big, small=small, k=k, kw=words.get(k, ""))
                    + ("" if language == "zh" else " ") + then.format(n="{n}", one=one, other=other, k2=k2, k2w=words.get(k2, ""))
                    + ("" if language == "zh" else " ") + ask.format(q=q, B=big))
            asked_big = "{B}" in ask
            firsts_, seconds = _age_now("times", k, 0, n, k2, asked_big), _age_now("times", k, 0, n + 2, k2, asked_big)
            if firsts_ is None or seconds is None:
                continue
            rows.append((language, text.format(n=n), text.format(n=n + 2), seconds))
    return rows


ROWS += _other_rows()


@pytest.mark.parametrize(("language", "first", "second", "value"), ROWS, ids=[f"{row[0]}-{i}" for i, row in enumerate(ROWS)])
def test_age_then_served_exact(language: str, first: str, second: str, value: Fraction) -> None:
    assert_story_served(language, first, second, "x", value)


def test_twenty_stories_at_least() -> None:
    counts = {language: sum(row[0] == language for row in ROWS) for language in ("en", *_OTHERS)}
    assert counts["en"] >= 20 and all(count >= 8 for count in counts.values()), counts


BASE = "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son now?"
BASE_DIFF = "Maria is 24 years older than her son. In 6 years she will be 3 times as old as him. How old is her son?"
_BASES = {
    "24 years": "Maria is 24 years older than her son. In 6 years she will be 3 times as old as him. How old is her son?",
    "Marco": "Marco ha il triplo dell'età di suo figlio. Tra 12 anni avrà il doppio dell'età del figlio. Quanti anni ha il figlio adesso?",
    "María": "María tiene el triple de la edad de su hijo. Dentro de 12 años, María tendrá el doble de la edad de su hijo. ¿Cuántos años tiene su hijo?",
    "Paul": "Paul a 3 fois l'âge de sa fille. Dans 10 ans, Paul aura le double de l'âge de sa fille. Quel âge a sa fille ?",
    "Vater": "Ein Vater ist viermal so alt wie sein Sohn. In 10 Jahren wird er doppelt so alt sein wie sein Sohn. Wie alt ist der Sohn jetzt?",
    "爸爸": "爸爸今年的年龄是儿子的 4 倍，20 年后爸爸的年龄是儿子的 2 倍。儿子今年几岁？",
}
TRAPS = [
    "Tom is 3 times as old as his son. In 12 years he will be twice as old as him. How old is the son now?",  # he ... him: whose?
    "Maria is 3 times as old as her daughter. In 12 years she will be twice as old as her. How old is the daughter now?",  # she ... her
    "Maria is 3 times as old as her son. In 12 years he will be twice as old as her. How old is the son now?",  # roles swapped (x < 0)
    "Maria is 3 times as old as her son. 12 years ago she was twice as old as him. How old is the son now?",  # the past
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old will the son be then?",  # asked then
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old will the son be in 12 years?",
    "Maria is 3 times as old as her son. In 12 years Tom will be twice as old as him. How old is the son now?",  # a third person
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as Tom. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as his. How old is the son now?",  # "his"
    "Maria is 3 times as old as her son. In 12 years she will be 1 times as old as him. How old is the son now?",  # factor 1
    "Maria is 3 times as old as her son. In 12 years she will be 2.5 times as old as him. How old is the son now?",  # not whole
    "Maria is 3 times as old as her son. In 0 years she will be twice as old as him. How old is the son now?",  # 0 years
    "Maria is 3 times as old as her son. In 12 years old she will be twice as old as him. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be 4 times as old as him. How old is the son now?",  # age < 0
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the daughter now?",  # another
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. In 5 years she will be 3 times as old as him. How old is the son now?",
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son hi?",
    "Maria is 3 times as old as her son. In 12 months she will be twice as old as him. How old is the son now?",  # months
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is the son now? And Maria?",  # two asked
    "Maria and her son are 48 years old together. In 12 years she will be twice as old as him. How old is the son now?",  # a sum
    "Maria is 3 times as old as her son. In 12 years she will not be twice as old as him. How old is the son now?",  # negated
    "Maria is 3 times as old as her son. In 12 years she will be twice as old as him. How old is Maria's husband now?",
    "Maria is 24 years older than her son. In 6 years she will be 3 times as old as him. How old is her daughter?",  # another
    "Maria is 24 years younger than her son. In 6 years she will be 3 times as old as him. How old is her son?",  # younger (x < 0)
    "Maria is 24 years older than her son. In 6 years she will be 3 times older than him. How old is her son?",  # "times older"
    "Tom is 3 times as old as his son. In 12 years she will be twice as old as the son. How old is the son now?",  # she: Tom is "his"
    "Maria is 3 times as old as her son. In 12 years he will be twice as old as the son. How old is the son now?",  # he ... the son
    "Maria is 3 times as old as Tom. In 12 years she will be twice as old as him. How old is Tom now?",  # two names: genders unknown
    "Marco ha il triplo dell'età di suo figlio. Tra 12 anni avrà il doppio dell'età di Marco. Quanti anni ha il figlio adesso?",  # swapped (x < 0)
    "Marco ha il triplo dell'età di suo figlio. Tra 12 anni avrà il doppio dell'età di sua figlia. Quanti anni ha il figlio adesso?",  # another
    "Marco ha il triplo dell'età di suo figlio. 12 anni fa aveva il doppio dell'età del figlio. Quanti anni ha il figlio adesso?",  # the past
    "Marco ha il triplo dell'età di suo figlio. Tra 12 anni avrà il doppio dell'età del figlio. Quanti anni avrà il figlio?",  # asked then
    "María tiene el triple de la edad de su hijo. Dentro de 12 años, ella tendrá el doble de la edad de su hijo. ¿Cuántos años tiene su hijo?",  # ella: unknown
    "María tiene el triple de la edad de su hijo. Hace 12 años, María tenía el doble de la edad de su hijo. ¿Cuántos años tiene su hijo?",  # past
    "María tiene el triple de la edad de su hijo. Dentro de 12 años, María tendrá la mitad de la edad de su hijo. ¿Cuántos años tiene su hijo?",  # half
    "Paul a 3 fois l'âge de sa fille. Dans 10 ans, il aura le double de l'âge de sa fille. Quel âge a sa fille ?",  # il: Paul's gender unknown
    "Paul a 3 fois l'âge de sa fille. Dans 10 ans, Paul aura le double de l'âge de son fils. Quel âge a sa fille ?",  # another
    "Paul a 3 fois l'âge de sa fille. Il y a 10 ans, Paul avait le double de l'âge de sa fille. Quel âge a sa fille ?",  # past
    "Ein Vater ist viermal so alt wie sein Sohn. In 10 Jahren wird er doppelt so alt sein wie er. Wie alt ist der Sohn jetzt?",  # er ... er
    "Ein Vater ist viermal so alt wie sein Sohn. Vor 10 Jahren war er doppelt so alt wie sein Sohn. Wie alt ist der Sohn jetzt?",  # past
    "Ein Vater ist viermal so alt wie sein Sohn. In 10 Jahren wird er doppelt so alt sein wie sein Sohn. Wie alt wird der Sohn dann sein?",
    "Ein Vater ist viermal so alt wie sein Sohn. In 10 Jahren wird sie doppelt so alt sein wie sein Sohn. Wie alt ist der Sohn jetzt?",  # sie: the father?
    "爸爸今年的年龄是儿子的 4 倍，20 年后儿子的年龄是爸爸的 2 倍。儿子今年几岁？",  # swapped (x < 0)
    "爸爸今年的年龄是儿子的 4 倍，20 年前爸爸的年龄是儿子的 2 倍。儿子今年几岁？",  # the past
    "爸爸今年的年龄是儿子的 4 倍，20 年后爸爸的年龄是女儿的 2 倍。儿子今年几岁？",  # another
    "爸爸今年的年龄是儿子的 4 倍，20 年后爸爸的年龄是儿子的 2 倍。20 年后儿子几岁？",  # asked then
]


@pytest.mark.parametrize("trap", TRAPS, ids=[f"trap-{i}" for i in range(len(TRAPS))])
def test_age_then_trap(trap: str) -> None:
    problem = understand_prompt(trap)
    if problem is not None:
        pytest.fail(f"read: {trap!r} -> {problem.solution}")
    assert_linear_trap_declined(trap, _BASES.get(next((w for w in _BASES if w in trap), ""), BASE))


@pytest.mark.parametrize("trap", TRAPS[:3] + TRAPS[14:15])
def test_age_then_trap_pair_not_served(trap: str) -> None:
    assert_red_team_pair_not_served(BASE, trap)


@pytest.mark.parametrize("base", list(_BASES.values()))
def test_other_bases_read(base: str) -> None:
    problem = understand_prompt(base)
    assert problem is not None and len(problem.solution) == 1, base


def test_bases_read() -> None:
    problem = understand_prompt(BASE)
    assert problem is not None and problem.solution == {"x": 12} and [e.text for e in problem.equations] == ["3x + 12 = 2(x + 12)"]
    problem = understand_prompt(BASE_DIFF)
    assert problem is not None and problem.solution == {"x": 6}


def test_an_age_given_then_asked_stays_read() -> None:
    """es "Si Marta tiene 30 años, ¿cuántos años tiene su hermano?" (the age given, then the question: its own
    callback, wp_age_then) is still read beside this file's later sentence (wp_age_later): one name, two rules."""
    problem = understand_prompt("Marta tiene el doble de la edad de su hermano más 4 años. Si Marta tiene 30 años, ¿cuántos años tiene su hermano?")
    assert problem is not None and problem.solution == {"x": 13} and problem.language == "es"
