"""wip/jsonQ class 3: a template to fill, then the request for JSON joined by "and" ("Fill in this template and return only
the JSON: {...}", fr "Complète ce modèle et renvoie uniquement le JSON : {...}", de "Fülle diese Vorlage aus und gib nur das
JSON zurück: {...}", zh "按照模板只返回JSON：{...}"), its slots filled by statements that name them: a slot's word
('"score": <points>') as a label ("points: 75"), and a lowercase value when every slot is stated once ("Article : chaise,
prix : 49"). "The name is Ben and he has 92 points" is no claim since W25 (whose points a pronoun says is not proven).
Served AND exact in every table; traps (another slot word, a slot left empty, a key the template lacks, two values, a word
outside the tables) are never served wrong."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

HEADERS = {
    "en": ["Fill in this template and return only the JSON:", "Fill in this template:", "Fill this template and output the JSON:",
           "Complete this template and return only the JSON:", "Fill in the template and give me just the JSON:"],
    "fr": ["Complète ce modèle et renvoie uniquement le JSON :", "Complète ce modèle :", "Remplis ce modèle et renvoie le JSON :",
           "Complétez ce modèle et renvoyez uniquement le JSON :"],
    "es": ["Rellena esta plantilla y devuelve solo el JSON:", "Completa esta plantilla:", "Rellena la plantilla y devuélveme el JSON:"],
    "de": ["Fülle diese Vorlage aus und gib nur das JSON zurück:", "Fülle diese Vorlage aus:", "Ergänze die Vorlage und gib das JSON aus:"],
    "pt": ["Preencha este modelo e retorne apenas o JSON:", "Preencha este modelo:", "Complete o modelo e devolva só o JSON:"],
    "it": ["Compila questo modello e restituisci solo il JSON:", "Compila questo modello:", "Completa il modello e dammi solo il JSON:"],
    "ru": ["Заполни шаблон и верни только JSON:", "Заполни этот шаблон:"],
    "zh": ["按照模板只返回JSON：", "按照模板返回JSON："],
}
BODIES = {
    "en": [('{{"user": <name>, "score": <points>}}. The name is {a}, {n} points.', "Ben", "Amy", 92, 75, "user", "score"),
           ('{{"user": <name>, "score": <points>}}. name: {a}, points: {n}', "Ben", "Amy", 92, 75, "user", "score"),
           ('{{"player": <name>, "goals": <goals>}}. name={a}, goals={n}', "Ben", "Amy", 23, 41, "player", "goals")],
    "fr": [('{{"article": <nom>, "prix": <prix>}}. Article : {a}, prix : {n}', "chaise", "table", 49, 120, "article", "prix"),
           ('{{"joueur": <nom>, "score": <points>}}. nom : {a}, points : {n}', "Hugo", "Marc", 33, 41, "joueur", "score")],
    "es": [('{{"usuario": <usuario>, "nivel": <nivel>}}. usuario: {a}, nivel: {n}', "Lucía", "Pablo", 3, 5, "usuario", "nivel"),
           ('{{"producto": <producto>, "precio": <precio>}}. Producto: {a}, precio: {n}', "silla", "mesa", 49, 120, "producto", "precio")],
    "de": [('{{"benutzer": <name>, "punkte": <punkte>}}. name: {a}, punkte: {n}', "Jonas", "Lena", 92, 75, "benutzer", "punkte"),
           ('{{"artikel": <name>, "preis": <preis>}}. Artikel: {a}, Preis: {n}', "Stuhl", "Tisch", 49, 120, "artikel", "preis")],
    "pt": [('{{"usuario": <nome>, "nivel": <nivel>}}. nome: {a}, nivel: {n}', "Ana", "Rui", 3, 5, "usuario", "nivel"),
           ('{{"produto": <nome>, "preco": <preco>}}. Produto: {a}, preco: {n}', "cadeira", "mesa", 49, 120, "produto", "preco")],
    "it": [('{{"utente": <nome>, "livello": <livello>}}. nome: {a}, livello: {n}', "Giulia", "Marco", 3, 5, "utente", "livello"),
           ('{{"articolo": <nome>, "prezzo": <prezzo>}}. Articolo: {a}, prezzo: {n}', "sedia", "tavolo", 49, 120, "articolo", "prezzo")],
    "ru": [('{{"пользователь": <имя>, "уровень": <уровень>}}. имя: {a}, уровень: {n}', "Анна", "Олег", 3, 5, "пользователь", "уровень")],
    "zh": [('{{"user": <名字>, "level": <等级>}}。名字 {a}，等级 {n}', "Wang", "Li", 4, 7, "user", "level")],
}


def _pairs() -> list[Pair]:
    out = []
    for language, headers in HEADERS.items():
        for head in headers:
            for body, a, b, n, m, ka, kn in BODIES[language]:
                sep = "" if language == "zh" else " "
                out.append(pair(f"{language}/{head[:22]}", head + sep + body.format(a=a, n=n), {ka: a, kn: n},
                                head + sep + body.format(a=b, n=m), {ka: b, kn: m}))
    return out


TEMPLATE_PAIRS = _pairs() + [
    pair("de/name-ist", 'Fülle diese Vorlage aus: {"spieler": <name>, "tore": <tore>}. Der Name ist Jonas, 12 Tore.',
         {"spieler": "Jonas", "tore": 12},
         'Fülle diese Vorlage aus: {"spieler": <name>, "tore": <tore>}. Der Name ist Lena, 15 Tore.',
         {"spieler": "Lena", "tore": 15}),
    pair("fr/brief", 'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}. Article : chaise, prix : 49',
         {"article": "chaise", "prix": 49},
         'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}. Article : lampe, prix : 35',
         {"article": "lampe", "prix": 35}),
]


@pytest.mark.parametrize("case", TEMPLATE_PAIRS, ids=lambda c: c.cls)
def test_template_filled_by_named_slots_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


def test_twenty_phrasings_and_every_table() -> None:
    assert len(TEMPLATE_PAIRS) >= 40 and {c.cls.split("/")[0] for c in TEMPLATE_PAIRS} >= set(HEADERS)


T = 'Fill in this template and return only the JSON: {"user": <name>, "score": <points>}. '
OLD = T + "The name is Ben and he has 88 points."
TRAPS = [
    T + "The name is Amy and she has 75 goals.",  # another word than the slot's
    T + "The name is Amy and she has 75 points and 3 goals.",
    T + "The name is Amy.",  # a slot left empty
    T + "The name is Amy and she has about 75 points.",
    T + "The name is Amy and she has 75 points, level: 3",  # a key the template lacks
    T + "The name is Amy and she has 75 points and she has 80 points.",  # two values for one slot
    T + "The name is Amy and she has 75 blorp points.",  # a word outside the tables
    T + "The name is Amy and she has 75 points?",
    T + "The name is Amy and she has -75 points maybe.",
    'Fill in this template and return only the YAML: {"user": <name>, "score": <points>}. The name is Amy and she has 75 points.',
    'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}. Article : chaise',
    # the same slot left empty on its own line (a sentence's lowercase word is no claim since red team 26 anyway)
    'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}.\nArticle : chaise',
    'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}. Article : chaise, prix : 49, couleur : rouge',
    'Complète ce modèle et renvoie uniquement le JSON : {"article": <nom>, "prix": <prix>}. Article : chaise, article : table, prix : 49',
    'Fülle diese Vorlage aus: {"spieler": <name>, "tore": <tore>}. Der Name ist Jonas und er hat 12 Punkte.',
    # W25: a pronoun's points are not proven to be the named one's
    OLD.replace("88", "92"),
    T + "The name is Ben and she has 92 points.",
    'Fülle diese Vorlage aus: {"spieler": <name>, "tore": <tore>}. Der Name ist Lena und sie hat 15 Tore.',
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_template_traps_no_claim(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, {"user": "Ben", "score": 88}, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize("prompt", [p for p in TRAPS if not p.endswith("The name is Amy.")])
def test_template_traps_read_nothing(prompt: str) -> None:
    """The reader itself states nothing for a trap (a slot left empty is declined after reading: the key check)."""
    assert read_request(prompt) is None
