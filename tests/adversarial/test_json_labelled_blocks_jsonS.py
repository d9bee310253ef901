"""wip/jsonS step 2: JSON values from everyday prose and pastes, by construction.

Families (each phrased 20+ ways per language from the tables' word classes, every pair served AND exact):

- a labelled block: lines (or segments) ``KEY SEP VALUE`` with SEP ``:``, ``=``, ``-`` (a space on each side),
  ``->`` or the table's "is", their keys the keys asked, with ONE request sentence before or after it
  (a request verb or a composed conversion phrase, the noun, the key list): ``name - Ana\\nage - 31\\nReturn
  JSON with keys name, age.``;
- a key list and a value list side by side: ``keys id, status, retries and values 18, "open", 3`` (VALUES_LIST:
  en "and values", es "y los valores", pt "e os valores", fr "et les valeurs", it "e i valori", de "und den
  Werten", ru "и значениями"): bound only when the counts match, each value a number, one capitalised word or
  a quoted string;
- the values first in the request's own sentence: ``lat 45.76, lon 4.84 as JSON with keys lat and lon``.

Traps: a key set changed, a value for a key not asked, two values for one key, a count mismatch, a label the
keys do not name, "not"/"except" in the request, a minus sign that is no separator."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

# language -> (request sentences with {keys}, the key list's joiner, (k1, v1a, v1b), (k2, v2a, v2b), "is" word)
BLOCK = {
    "en": (["Return JSON with keys {keys}.", "Output this as JSON with keys {keys}.", "Turn the data below into JSON with keys {keys}.",
            "Give me a JSON object with keys {keys}.", "Convert this to JSON with the keys {keys}."],
           " and ", ("city", "Lyon", "Nice"), ("population", 520000, 340000), "is"),
    "es": (["Devuelve un JSON con las claves {keys}.", "Convierte esto a JSON con las claves {keys}.",
            "Pasa estos datos a JSON con las claves {keys}.", "Genera un objeto JSON con las claves {keys}.",
            "Dame un JSON con las claves {keys}."],
           " y ", ("ciudad", "Sevilla", "Bilbao"), ("habitantes", 680000, 345000), "es"),
    "fr": (["Renvoie un JSON avec les clés {keys}.", "Mets ça en JSON avec les clés {keys}.",
            "Convertis ces données en JSON avec les clés {keys}.", "Donne-moi un objet JSON avec les clés {keys}.",
            "Transforme ceci en JSON avec les clés {keys}."],
           " et ", ("ville", "Lyon", "Nantes"), ("habitants", 520000, 320000), "est"),
    "de": (["Gib JSON mit den Schlüsseln {keys} zurück.", "Gib das als JSON mit den Schlüsseln {keys} zurück.",
            "Erstelle ein JSON-Objekt mit den Schlüsseln {keys}.", "Wandle das in JSON mit den Schlüsseln {keys} um.",
            "Erzeuge JSON mit den Schlüsseln {keys}."],
           " und ", ("stadt", "Bonn", "Kiel"), ("einwohner", 330000, 250000), "ist"),
    "pt": (["Retorne um JSON com as chaves {keys}.", "Converta isso para JSON com as chaves {keys}.",
            "Transforme estes dados em JSON com as chaves {keys}.", "Gere um objeto JSON com as chaves {keys}.",
            "Crie um JSON com as chaves {keys}."],
           " e ", ("cidade", "Recife", "Natal"), ("habitantes", 1600000, 890000), "é"),
    "it": (["Restituisci un JSON con le chiavi {keys}.", "Converti questi dati in JSON con le chiavi {keys}.",
            "Trasforma in JSON con le chiavi {keys}.", "Genera un oggetto JSON con le chiavi {keys}.",
            "Crea un JSON con le chiavi {keys}."],
           " e ", ("citta", "Torino", "Bari"), ("abitanti", 850000, 316000), "è"),
    "ru": (["Верни JSON с ключами {keys}.", "Преобразуй эти данные в JSON с ключами {keys}.", "Создай JSON с ключами {keys}.",
            "Сформируй JSON-объект с ключами {keys}.", "Выведи JSON с ключами {keys}."],
           " и ", ("город", "Томск", "Омск"), ("население", 570000, 1100000), None),
}
SEPARATORS = [": ", " = ", " - ", " -> "]


def _block(k1: str, v1: object, k2: str, v2: object, sep: str) -> str:
    return f"{k1}{sep}{v1}\n{k2}{sep}{v2}"


def _block_pairs() -> list[Pair]:
    out = []
    for language, (requests, joiner, (k1, a1, b1), (k2, a2, b2), is_word) in BLOCK.items():
        seps = SEPARATORS + ([f" {is_word} "] if is_word else [])
        for i, request in enumerate(requests):
            sentence = request.format(keys=k1 + joiner + k2)
            for j, sep in enumerate(seps):
                before = (i + j) % 2 == 0  # the request sentence before the block, or after it
                first, second = _block(k1, a1, k2, a2, sep), _block(k1, b1, k2, b2, sep)
                if before:
                    head = sentence[:-1] + ":\n" if (i + j) % 4 == 0 else sentence + "\n"
                    p1, p2 = head + first, head + second
                else:
                    p1, p2 = first + "\n" + sentence, second + "\n" + sentence
                out.append(pair(f"{language}/block/{i}/{sep.strip() or 'sp'}/{'before' if before else 'after'}",
                                p1, {k1: a1, k2: a2}, p2, {k1: b1, k2: b2}))
    return out


BLOCK_PAIRS = _block_pairs()

# language -> (request sentences with {keys} and {values}, joiner, keys, values a, values b)
SIDE_BY_SIDE = {
    "en": (["Build a JSON object with keys {keys} and values {values}.", "Return JSON with keys {keys} and values {values}.",
            "Give me a JSON object with keys {keys} and the values {values}.", "Create JSON with keys {keys} and values {values} in that order.",
            "Output a JSON object with the keys {keys} and values {values}.", "Make a JSON object with keys {keys} and values {values}.",
            "Generate JSON with keys {keys} and the values {values}.", "Produce a JSON object with keys {keys} and values {values}.",
            "Write a JSON object with keys {keys} and values {values} in this order.",
            "Return a JSON object with keys {keys} and values {values}."],
           ", ", ["id", "status", "retries"], [18, '"open"', 3], [21, '"closed"', 0]),
    "es": (["Crea un JSON con las claves {keys} y los valores {values}.", "Devuelve un JSON con las claves {keys} y los valores {values}.",
            "Genera un objeto JSON con las claves {keys} y los valores {values}."], ", ", ["producto", "precio"], ["Silla", 52], ["Mesa", 140]),
    "pt": (["Monte um objeto JSON com as chaves {keys} e os valores {values}.", "Retorne um JSON com as chaves {keys} e os valores {values}.",
            "Crie um JSON com as chaves {keys} e os valores {values}."], ", ", ["cidade", "estado"], ["Campinas", "SP"], ["Santos", "SP"]),
    "fr": (["Crée un JSON avec les clés {keys} et les valeurs {values}.", "Renvoie un JSON avec les clés {keys} et les valeurs {values}.",
            "Génère un objet JSON avec les clés {keys} et les valeurs {values}."], ", ", ["ville", "habitants"], ["Lyon", 520000], ["Nantes", 320000]),
    "it": (["Crea un JSON con le chiavi {keys} e i valori {values}.", "Restituisci un JSON con le chiavi {keys} e i valori {values}.",
            "Genera un oggetto JSON con le chiavi {keys} e i valori {values}."], ", ", ["citta", "abitanti"], ["Torino", 850000], ["Bari", 316000]),
    "de": (["Erstelle ein JSON mit den Schlüsseln {keys} und den Werten {values}.", "Erzeuge JSON mit den Schlüsseln {keys} und den Werten {values}.",
            "Erstelle ein JSON-Objekt mit den Schlüsseln {keys} und die Werte {values}."], ", ", ["stadt", "einwohner"], ["Bonn", 330000], ["Kiel", 250000]),
    "ru": (["Создай JSON с ключами {keys} и значениями {values}.", "Верни JSON с ключами {keys} и значения {values}.",
            "Сформируй JSON-объект с ключами {keys} и значениями {values}."], ", ", ["город", "население"], ["Томск", 570000], ["Омск", 1100000]),
}


def _value(v: object) -> object:
    return v[1:-1] if isinstance(v, str) and v.startswith('"') else v


def _side_pairs() -> list[Pair]:
    out = []
    for language, (requests, joiner, keys, va, vb) in SIDE_BY_SIDE.items():
        for i, request in enumerate(requests):
            for k_join in (", ", " and "):
                ks = joiner.join(keys) if k_join == ", " or len(keys) < 3 else ", ".join(keys[:-1]) + " and " + keys[-1]
                if language != "en" and k_join != ", ":
                    continue
                p1 = request.format(keys=ks, values=", ".join(str(v) for v in va))
                p2 = request.format(keys=ks, values=", ".join(str(v) for v in vb))
                out.append(pair(f"{language}/side/{i}/{k_join.strip() or 'comma'}", p1, dict(zip(keys, map(_value, va))),
                                p2, dict(zip(keys, map(_value, vb)))))
    return out


SIDE_PAIRS = _side_pairs()

# language -> (AS phrases before the noun, mods with {keys}, joiner, (k1, a1, b1), (k2, a2, b2))
VALUES_FIRST = {
    "en": (["as JSON", "as a JSON object", ", as JSON", "as json"], ["", " with keys {keys}", " with the keys {keys}"], " and ",
           ("lat", 45.76, 48.85), ("lon", 4.84, 2.35)),
    "es": (["como JSON", "en JSON"], ["", " con las claves {keys}"], " y ", ("ciudad", "Sevilla", "Bilbao"), ("habitantes", 680000, 345000)),
    "fr": (["en JSON", "au format JSON"], ["", " avec les clés {keys}"], " et ", ("ville", "Lyon", "Nantes"), ("habitants", 520000, 320000)),
    "de": (["als JSON"], ["", " mit den Schlüsseln {keys}"], " und ", ("stadt", "Bonn", "Kiel"), ("einwohner", 330000, 250000)),
    "pt": (["em JSON"], ["", " com as chaves {keys}"], " e ", ("cidade", "Recife", "Natal"), ("habitantes", 1600000, 890000)),
    "it": (["in JSON", "come JSON"], ["", " con le chiavi {keys}"], " e ", ("citta", "Torino", "Bari"), ("abitanti", 850000, 316000)),
    "ru": (["в JSON"], ["", " с ключами {keys}"], " и ", ("город", "Томск", "Омск"), ("население", 570000, 1100000)),
}


def _first_pairs() -> list[Pair]:
    out = []
    for language, (ases, mods, joiner, (k1, a1, b1), (k2, a2, b2)) in VALUES_FIRST.items():
        seps = ["=", ": ", " = "] + ([" "] if language == "en" else [])
        for as_ in ases:
            for mod in mods:
                for sep in seps:
                    tail = (" " if not as_.startswith(",") else "") + as_ + mod.format(keys=k1 + joiner + k2)
                    p1 = f"{k1}{sep}{a1}, {k2}{sep}{a2}{tail}"
                    p2 = f"{k1}{sep}{b1}, {k2}{sep}{b2}{tail}"
                    out.append(pair(f"{language}/first/{as_}/{mod[:8]}/{sep.strip() or 'sp'}", p1, {k1: a1, k2: a2}, p2, {k1: b1, k2: b2}))
    return out


FIRST_PAIRS = _first_pairs()

EXAMPLES = [
    # was wip/jsonY's trap "order-unsaid": the pairing of a key list and a value list says the order (wip/jsonS brief)
    pair("en/jsonY-order-unsaid", "Give me a JSON object with keys width, height, depth and values 20, 35, 10.",
         {"width": 20, "height": 35, "depth": 10},
         "Give me a JSON object with keys width, height, depth and values 21, 36, 11.", {"width": 21, "height": 36, "depth": 11}),
    pair("en/i243", 'Build a JSON object with keys id, status, retries and values 18, "open", 3.', {"id": 18, "status": "open", "retries": 3},
         'Build a JSON object with keys id, status, retries and values 7, "closed", 0.', {"id": 7, "status": "closed", "retries": 0}),
    pair("en/i258", "lat 45.76, lon 4.84 as JSON with keys lat and lon", {"lat": 45.76, "lon": 4.84},
         "lat 48.85, lon 2.35 as JSON with keys lat and lon", {"lat": 48.85, "lon": 2.35}),
    pair("pt/i341", "Monte um objeto JSON com as chaves cidade e estado e os valores Campinas, SP.", {"cidade": "Campinas", "estado": "SP"},
         "Monte um objeto JSON com as chaves cidade e estado e os valores Santos, SP.", {"cidade": "Santos", "estado": "SP"}),
    pair("en/arrow-lines", "Convert this to JSON:\nhost -> db1\nport -> 5432", {"host": "db1", "port": 5432},
         "Convert this to JSON:\nhost -> db2\nport -> 6543", {"host": "db2", "port": 6543}),
    # a minus sign after a space is the number's ("temp -12"); a spaced hyphen is the separator beside a string so written
    pair("en/minus-sign", "city: Oslo\ntemp -12\nReturn JSON with keys city and temp.", {"city": "Oslo", "temp": -12},
         "city: Oslo\ntemp -15\nReturn JSON with keys city and temp.", {"city": "Oslo", "temp": -15}),
    pair("en/dashed-block", "city - Oslo\ntemp - 12\nReturn JSON with keys city and temp.", {"city": "Oslo", "temp": 12},
         "city - Oslo\ntemp - 15\nReturn JSON with keys city and temp.", {"city": "Oslo", "temp": 15}),
]


def test_twenty_phrasings_per_family_and_language() -> None:
    for name, pairs in (("block", BLOCK_PAIRS), ("first", FIRST_PAIRS)):
        counts: dict[str, int] = {}
        for case in pairs:
            counts[case.cls.split("/")[0]] = counts.get(case.cls.split("/")[0], 0) + 1
        assert min(counts.values()) >= (4 if name == "first" else 20), (name, counts)
    assert len(SIDE_PAIRS) >= 20 and len(FIRST_PAIRS) >= 40


@pytest.mark.parametrize("case", BLOCK_PAIRS + SIDE_PAIRS + FIRST_PAIRS + EXAMPLES, ids=lambda c: c.cls)
def test_labelled_and_ordered_values_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


OLD = "city: Lyon\npopulation: 520000\nReturn JSON with keys city and population."
OLD_OBJ = {"city": "Lyon", "population": 520000}
TRAPS = [
    # an entity noun after a quoted key's colon may start the next statement (de "Stadt Bonn"): never the value
    'Gib mir ein JSON mit den Schlüsseln "stadt" und "einwohner": Stadt Bonn, Einwohner 330000 und Stadt Köln',
    "city: Nice\npopulation: 340000\nReturn JSON with keys city and country.",  # a key set changed
    "city: Nice\ncity: Lyon\nReturn JSON with keys city and population.",  # two values for one key
    "city - Nice\ncity - Lyon\nReturn JSON with keys city and population.",
    "town: Nice\npopulation: 340000\nReturn JSON with keys city and population.",  # a label the keys do not name
    "city: Nice\npopulation: 340000\nDon't return JSON with keys city and population.",
    "city: Nice\npopulation: 340000\nReturn JSON with keys city and population except population.",
    "city: Nice\npopulation: 340000\nReturn YAML with keys city and population.",
    "city: Nice\npopulation- 340000\nReturn JSON with keys city and population.",  # a hyphen after the key: no separator
    "city: Nice\npopulation - 340000\nReturn JSON with keys city and population.",  # "- 340000" alone may be a minus sign
    "city - Nice - Lyon\npopulation - 340000\nReturn JSON with keys city and population.",
    "city: Nice\npopulation: 340000\nReturn JSON with keys city and population.\nReturn JSON with keys city and population.",  # two requests
    "city: Nice\npopulation: about 340000\nReturn JSON with keys city and population.",
    "Return JSON with keys city and population and values Nice.",  # a count mismatch
    "Return JSON with keys city and population and values Nice, 340000, 7.",
    "Return JSON with keys city and population and values nice, 340000.",  # a lowercase word: which string?
    "Return JSON with keys city and population and values Nice Côte, 340000.",
    "Return JSON with keys city and population and values 340000, Nice, in reverse order.",
    "Return JSON with keys city and population and values New York, 8000000.",
    "Return JSON with keys city, city and values Nice, Lyon.",
    "city Nice, population 340000 as JSON with keys city and country",  # a key set changed
    "city Nice, city Lyon as JSON with keys city and population",
    "city Nice, population 340000 as YAML with keys city and population",
    "city Nice, population 340000 not as JSON with keys city and population",
    "city Nice, population 340000 as JSON with keys city and population except city",
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_block_traps_never_wrong(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize("prompt", [
    "Return JSON with keys city and population and values Nice.",
    "Return JSON with keys city and population and values Nice, 340000, 7.",
    "Return JSON with keys city and population and values nice, 340000.",
    "Return JSON with keys city, city and values Nice, Lyon.",
    "city - Nice - Lyon\npopulation - 340000\nReturn JSON with keys city and population.",
    "city Nice, population 340000 as YAML with keys city and population",
    "city: Oslo\ntemp - 12\nReturn JSON with keys city and temp.",  # "- 12" alone: a minus sign, or the separator?
    "temp - 12\nReturn JSON with keys temp.",
    "Give me JSON with keys name, status: \"Ana\", \"open\"",  # a quoted value in order binds only where the order is said
])
def test_block_traps_read_nothing(prompt: str) -> None:
    read = read_request(prompt)
    assert read is None or not read.statements, read
