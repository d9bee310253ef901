"""Values about two people are never read as one object (red team round 7, W1/W2: 900 pairs served
verified and wrong): "Me llamo Ines y tiene 77 años", "Her name is Luca and his age is 50".

Each template names the name and the age through phrases that mark their owner (grammatical person,
and gender where the language marks it). The test's own table says which phrases name the same
person; a prompt whose phrases name two is never read as a plain request, and after a cached
same-person request it reaches the model; a prompt whose phrases name one is still read."""

from __future__ import annotations

import itertools
import json

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import FixedReplyModel

# (template, name phrases with their person, age phrases with their person). "3" is a third person
# whose gender the phrase leaves open.
TEMPLATES = {
    "en": ('Return a JSON object with keys name and age. {n} name is "Ines" and {a} age is 77.',
           {"My": "1s", "Her": "3f", "His": "3m", "Their": "3p", "Our": "1p", "Its": "3n"},
           {"my": "1s", "her": "3f", "his": "3m", "their": "3p", "our": "1p", "its": "3n"}),
    "es": ("Devuelve un objeto JSON con las claves nombre y edad. {n} Ines y {a} 77 años.",
           {"Me llamo": "1s", "Se llama": "3", "Mi nombre es": "1s"}, {"tengo": "1s", "tiene": "3"}),
    "fr": ("Renvoie un objet JSON avec les clés nom et âge. {n} Ines et {a} 77 ans.",
           {"Je m'appelle": "1s", "Il s'appelle": "3m", "Elle s'appelle": "3f"},
           {"j'ai": "1s", "il a": "3m", "elle a": "3f"}),
    "de": ("Gib ein JSON-Objekt mit den Schlüsseln name und alter zurück. {n} Ines und {a} 77 Jahre alt.",
           {"Ich heiße": "1s", "Er heißt": "3m", "Sie heißt": "3f", "Mein Name ist": "1s"},
           {"ich bin": "1s", "er ist": "3m", "sie ist": "3f"}),
    "it": ("Restituisci un oggetto JSON con le chiavi nome e età. {n} Ines e {a} 77 anni.",
           {"Mi chiamo": "1s", "Si chiama": "3", "Il mio nome è": "1s"}, {"ho": "1s", "ha": "3"}),
    "pt": ("Retorne um objeto JSON com as chaves nome e idade. {n} Ines e {a} 77 anos.",
           {"Me chamo": "1s", "Meu nome é": "1s"}, {"tenho": "1s", "tem": "3"}),
}


def _same(one: str, other: str) -> bool:
    return one.startswith(other) or other.startswith(one)


def _cases(same: bool) -> list[tuple[str, str]]:
    cases = []
    for language, (template, names, ages) in TEMPLATES.items():
        for (n, pn), (a, pa) in itertools.product(names.items(), ages.items()):
            if _same(pn, pa) == same:
                cases.append((language, template.format(n=n, a=a)))
    return cases


TWO_PEOPLE = _cases(same=False)
ONE_PERSON = _cases(same=True)


@pytest.mark.parametrize(("language", "prompt"), TWO_PEOPLE)
def test_two_owners_are_not_read_as_one_object(language: str, prompt: str) -> None:
    assert read_request(prompt) is None, prompt


@pytest.mark.parametrize(("language", "prompt"), TWO_PEOPLE)
def test_two_owners_reach_the_model_after_a_cached_request(language: str, prompt: str) -> None:
    template, names, ages = TEMPLATES[language]
    first_name, first_person = next(iter(names.items()))
    first_age = next(a for a, pa in ages.items() if _same(first_person, pa))
    cached = template.format(n=first_name, a=first_age).replace("Ines", "Hugo").replace("77", "72")
    keys = list(read_request(cached).keys)  # type: ignore[union-attr]
    cache = StepCache()
    cache.generate(cached, FixedReplyModel(json.dumps(dict(zip(keys, ["Hugo", 72])))))
    model = FixedReplyModel("{}")
    result = cache.generate(prompt, model)
    assert result.model_calls >= 1 and model.calls >= 1, (prompt, result.outcome, result.text)


def test_one_owner_is_still_read() -> None:
    read = [prompt for _, prompt in ONE_PERSON if read_request(prompt) is not None]
    # every language keeps its same-person statements (the fix declines only mixed owners)
    assert {language for language, prompt in ONE_PERSON if prompt in read} == set(TEMPLATES)
    assert len(read) >= len(ONE_PERSON) - 3, sorted(set(p for _, p in ONE_PERSON) - set(read))


# A name said as the subject of the age ("Giulia ha 26 anni") is a third person: beside a first
# person's age verb ("Giulia ho 26 anni": "Giulia, I am 26") it names two people (prompt-edit
# fuzzer, owner_swap edit). (template, first-person verb, third-person verb)
NAMED_SUBJECTS = {
    "it": ('Restituisci un JSON con "nome" e "eta": Giulia {v} 26 anni.', "ho", "ha"),
    "es": ('Devuelve un JSON con "nombre" y "edad": Lucía {v} 28 años.', "tengo", "tiene"),
    "pt": ('Retorne um JSON com "nome" e "idade": Rita {v} 33 anos.', "tenho", "tem"),
    "de": ('Gib ein JSON mit "name" und "alter": Jonas {v} 27 Jahre alt.', "ich bin", "ist"),
    "zh": ('返回一个 JSON，包含 "姓名" 和 "年龄"：王芳{v} 24 岁。', "我今年", "今年"),
}


@pytest.mark.parametrize("language", sorted(NAMED_SUBJECTS))
def test_a_named_subject_beside_a_first_person_age_is_two_people(language: str) -> None:
    template, first, third = NAMED_SUBJECTS[language]
    assert read_request(template.format(v=first)) is None, template.format(v=first)
    read = read_request(template.format(v=third))
    assert read is not None and len(read.statements) == 2, template.format(v=third)


# An age said of a pronoun ("мне 30 лет") belongs to the pronoun's person: "we" beside "my name"
# names two owners (red team round 8: "Меня зовут Анна, нам 22 года" served {"имя": "Анна", "возраст":
# 22}, also French "nous", German "uns"). A pronoun a table does not list for ages is no claim.
WE_AGES = [
    "Верни JSON-объект с ключами имя и возраст. Меня зовут Анна, нам 22 года.",
    "Верни JSON-объект с ключами имя и возраст. Меня зовут Анна, нам 22 лет.",
    "Верни JSON-объект с ключами имя и возраст. Меня зовут Анна. Нам 22 года.",
    "Renvoie un objet JSON avec les clés nom et âge. Je m'appelle Marc et nous 71 ans.",
    "Gib ein JSON-Objekt mit den Schlüsseln name und alter zurück. Ich heiße Lena und uns 46 Jahre.",
]


@pytest.mark.parametrize("prompt", WE_AGES)
def test_an_age_said_of_we_is_not_my_age(prompt: str) -> None:
    assert read_request(prompt) is None, prompt
    cache = StepCache()
    cached = prompt.replace("нам", "мне").replace("Нам", "Мне").replace("nous", "j'ai").replace("uns", "ich bin")
    cached = cached.replace("22", "35").replace("71", "35").replace("46", "35")
    assert read_request(cached) is not None, cached
    keys = list(read_request(cached).keys)  # type: ignore[union-attr]
    name = {"ru": "Анна", "fr": "Marc", "de": "Lena"}["ru" if "Верни" in prompt else "fr" if "Renvoie" in prompt else "de"]
    cache.generate(cached, FixedReplyModel(json.dumps(dict(zip(keys, [name, 35])), ensure_ascii=False)))
    model = FixedReplyModel("{}")
    result = cache.generate(prompt, model)
    assert result.model_calls >= 1 and model.calls >= 1, (prompt, result.outcome, result.text)


def test_an_age_said_of_me_is_still_read() -> None:
    read = read_request("Верни JSON-объект с ключами имя и возраст. Меня зовут Анна, мне 22 года.")
    assert read is not None and {st.value for st in read.statements.values()} == {"Анна", 22}
