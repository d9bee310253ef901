"""wip/jsonS step 1: the JSON tables' conversion phrases composed by the grammar, not written out.

Each table (en, de, fr, es, pt, it, ru) holds three small word classes, CONVERT_VERB ("turn", "wandle",
"transforme"), CONVERT_OBJECT ("this data", "diese Werte", "ces données") and CONVERT_PREP ("into", "in", "в
виде"), and lists in "convert_shared" the words of other classes that serve too ("convert", "this", "as",
fr "en"); request.lark's ``convert`` rule composes verb, optional object and preposition, or a request verb
with its object ("give me this as", "gib das als"). zh/ja keep their shapes (CONVERT, CONVERT_END). Every
composition of a table's words is read (the whole cross product, below), the pairs are served AND exact,
and a word of another class that the table does not list ("Round this to JSON", "Convert his to JSON")
is no conversion."""

from __future__ import annotations

import itertools

import pytest

from stepcache_integrations.core.tasks.json.reader import _TABLES, read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

# (body after the conversion phrase with {a} and {n}, a, b, n, m, key of a, key of n)
BODIES = {
    "en": ("JSON: city={a}, population={n}", "Lyon", "Nice", 520000, 340000, "city", "population"),
    "de": ("JSON: stadt={a}, einwohner={n}", "Bonn", "Kiel", 330000, 250000, "stadt", "einwohner"),
    "fr": ("JSON : ville={a}, habitants={n}", "Lyon", "Nantes", 520000, 320000, "ville", "habitants"),
    "es": ("JSON: ciudad={a}, habitantes={n}", "Sevilla", "Bilbao", 680000, 345000, "ciudad", "habitantes"),
    "pt": ("JSON: cidade={a}, habitantes={n}", "Recife", "Natal", 1600000, 890000, "cidade", "habitantes"),
    "it": ("JSON: citta={a}, abitanti={n}", "Torino", "Bari", 850000, 316000, "citta", "abitanti"),
    "ru": ("JSON: город={a}, население={n}", "Томск", "Омск", 570000, 1100000, "город", "население"),
}


def _words(language: str) -> tuple[list[str], list[str], list[str]]:
    table = _TABLES[language]
    classes, shared = table["classes"], table["convert_shared"]
    return (classes["CONVERT_VERB"] + shared["verbs"], ["", *classes["CONVERT_OBJECT"], *shared["objects"]],
            classes["CONVERT_PREP"] + shared["prepositions"])


def _phrases(language: str) -> list[str]:
    verbs, objects, preps = _words(language)
    return [" ".join(w for w in (v, o, p) if w) for v, o, p in itertools.product(verbs, objects, preps)]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("language", sorted(BODIES))
def test_every_composed_phrase_is_read_exactly(language: str) -> None:
    """The whole cross product of the table's three classes (with the shared words) is read, each
    value as stated."""
    body, a, _, n, _, ka, kn = BODIES[language]
    phrases = _phrases(language)
    assert len(phrases) >= 300, len(phrases)
    missed = []
    for phrase in phrases:
        read = read_request(_cap(phrase) + " " + body.format(a=a, n=n))
        if read is None or {k: s.value for k, s in read.statements.items()} != {ka: a, kn: n}:
            missed.append(phrase)
    assert not missed, missed[:10]


def _sample(language: str, count: int = 24) -> list[str]:
    """A spread of the phrases: every verb, object and preposition appears in the sample's walk."""
    verbs, objects, preps = _words(language)
    return [" ".join(w for w in (verbs[i % len(verbs)], objects[(i * 7) % len(objects)], preps[(i * 3) % len(preps)]) if w)
            for i in range(count)]


def _pairs() -> list[Pair]:
    out = []
    for language, (body, a, b, n, m, ka, kn) in BODIES.items():
        for phrase in _sample(language):
            head = _cap(phrase) + " "
            out.append(pair(f"{language}/{phrase}", head + body.format(a=a, n=n), {ka: a, kn: n},
                            head + body.format(a=b, n=m), {ka: b, kn: m}))
    return out


# a request verb with what it converts (the table's VERB words), and the phrases of no such shape
LEAD_PAIRS = [
    pair("en/give-me-this-as", "Give me this as JSON: city=Lyon, population=520000", {"city": "Lyon", "population": 520000},
         "Give me this as JSON: city=Nice, population=340000", {"city": "Nice", "population": 340000}),
    pair("en/return-the-following-as", "Return the following as JSON: city=Lyon, population=520000", {"city": "Lyon", "population": 520000},
         "Return the following as JSON: city=Nice, population=340000", {"city": "Nice", "population": 340000}),
    pair("en/make-this-into", "Make this into JSON: city=Lyon, population=520000", {"city": "Lyon", "population": 520000},
         "Make this into JSON: city=Nice, population=340000", {"city": "Nice", "population": 340000}),
    pair("en/write-it-as", "Write it as JSON: city=Lyon, population=520000", {"city": "Lyon", "population": 520000},
         "Write it as JSON: city=Nice, population=340000", {"city": "Nice", "population": 340000}),
    pair("de/gib-das-als", "Gib das als JSON zurück: stadt=Bonn, einwohner=330000", {"stadt": "Bonn", "einwohner": 330000},
         "Gib das als JSON zurück: stadt=Kiel, einwohner=250000", {"stadt": "Kiel", "einwohner": 250000}),
    pair("fr/donne-moi-ceci-en", "Donne-moi ceci en JSON : ville=Lyon, habitants=520000", {"ville": "Lyon", "habitants": 520000},
         "Donne-moi ceci en JSON : ville=Nantes, habitants=320000", {"ville": "Nantes", "habitants": 320000}),
    pair("es/dame-esto-en", "Dame esto en JSON: ciudad=Sevilla, habitantes=680000", {"ciudad": "Sevilla", "habitantes": 680000},
         "Dame esto en JSON: ciudad=Bilbao, habitantes=345000", {"ciudad": "Bilbao", "habitantes": 345000}),
    pair("pt/me-de-isto-em", "Me dê isto em JSON: cidade=Recife, habitantes=1600000", {"cidade": "Recife", "habitantes": 1600000},
         "Me dê isto em JSON: cidade=Natal, habitantes=890000", {"cidade": "Natal", "habitantes": 890000}),
    pair("it/dammi-questo-in", "Dammi questo in JSON: citta=Torino, abitanti=850000", {"citta": "Torino", "abitanti": 850000},
         "Dammi questo in JSON: citta=Bari, abitanti=316000", {"citta": "Bari", "abitanti": 316000}),
    pair("ru/oformi-v", "Оформи в JSON: город=Томск, население=570000", {"город": "Томск", "население": 570000},
         "Оформи в JSON: город=Омск, население=1100000", {"город": "Омск", "население": 1100000}),
    pair("de/mach-daraus", "Mach daraus JSON: stadt=Bonn, einwohner=330000", {"stadt": "Bonn", "einwohner": 330000},
         "Mach daraus JSON: stadt=Kiel, einwohner=250000", {"stadt": "Kiel", "einwohner": 250000}),
    pair("zh/zhuancheng", "把下面的数据转成JSON：name=wang，age=30", {"name": "wang", "age": 30},
         "把下面的数据转成JSON：name=li，age=41", {"name": "li", "age": 41}),
    pair("pt/passa-isso-pra", "Passa isso pra JSON:\nproduto: caderno\npreco: 13.5", {"produto": "caderno", "preco": 13.5},
         "Passa isso pra JSON:\nproduto: lápis\npreco: 2.5", {"produto": "lápis", "preco": 2.5}),
    pair("de/als-json-ausgeben", "Bitte als JSON mit den Schlüsseln name, alter, stadt ausgeben: Name: Jonas, Alter: 42, Stadt: Köln",
         {"name": "Jonas", "alter": 42, "stadt": "Köln"},
         "Bitte als JSON mit den Schlüsseln name, alter, stadt ausgeben: Name: Lena, Alter: 31, Stadt: Bonn",
         {"name": "Lena", "alter": 31, "stadt": "Bonn"}),
    pair("en/these-fields", "Convert these fields to JSON: city=Lyon, population=520000", {"city": "Lyon", "population": 520000},
         "Convert these fields to JSON: city=Nice, population=340000", {"city": "Nice", "population": 340000}),
    pair("ja/henkan", "以下をJSONに変換してください：name=Sato、age=23", {"name": "Sato", "age": 23},
         "以下をJSONに変換してください：name=Kato、age=31", {"name": "Kato", "age": 31}),
]


@pytest.mark.parametrize("case", _pairs() + LEAD_PAIRS, ids=lambda c: c.cls)
def test_composed_pairs_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


def test_twenty_phrasings_per_language() -> None:
    counts = {language: len(_sample(language)) for language in BODIES}
    assert all(n >= 20 for n in counts.values()), counts


OLD = "Convert this to JSON: city=Lyon, population=520000"
OLD_OBJ = {"city": "Lyon", "population": 520000}
TRAPS = [
    "Round this to JSON: city=Nice, population=340000",  # a transform verb the tables do not share as a conversion verb
    "Convert his to JSON: city=Nice, population=340000",  # a DEF word no table shares as what is converted
    "Convert this for JSON: city=Nice, population=340000",  # a FOR word no table shares as the preposition
    "Convert this of JSON: city=Nice, population=340000",
    "Turn this into YAML: city=Nice, population=340000",  # another format
    "Turn this blorp into JSON: city=Nice, population=340000",  # a word outside the tables
    "Turn blorp this into JSON: city=Nice, population=340000",
    "Turn this into into JSON: city=Nice, population=340000",  # two prepositions
    "Turn this these into JSON: city=Nice, population=340000",  # two objects
    "Don't turn this into JSON: city=Nice, population=340000",
    "Turn this into JSON: city=Nice, city=Lyon",  # two values for one key
    "Turn this into JSON except the city: city=Nice, population=340000",
    "Runde das in JSON: stadt=Bonn, einwohner=330000",  # de: a rounding verb
    "Arrondis ça en JSON : ville=Lyon, habitants=520000",  # fr: a rounding verb
    "Redondea esto a JSON: ciudad=Sevilla, habitantes=680000",
    "Округли это в JSON: город=Томск, население=570000",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_composed_traps_never_wrong(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize("prompt", TRAPS)
def test_composed_traps_read_nothing(prompt: str) -> None:
    assert read_request(prompt) is None
