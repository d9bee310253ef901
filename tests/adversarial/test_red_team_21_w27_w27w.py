"""W27 (red team 21), wip/w27w: five JSON classes served wrong with verified=True, most also replacing the
model's answer on an empty cache (890 rows; a sample in tests/fixtures/red_team_21_w27w_pairs.json).

- N1: a back-reference ("ditto", "idem", "dito", "тоже", "同上") was served as the word; N5: a relative value
  ("twice", "doble", "doppelt", "more", "less") the same way. Every table declares "referring_words" (words that
  refer to another value or relate to one): such a word as a whole unquoted value or list item (or with a
  period: "dto.") is no claim. The list is declared: a word outside it is read as a value.
- N4: a list left open with an ellipsis ("red, green, blue...") was served closed: two sentence periods in a
  row ("...", "。。") are read by no rule ("…" never was), so the prompt is no claim.
- N7: an abbreviation's period was dropped ("Values: Ana, Dr." -> "Dr", "title: Acme Inc."): a value whose last
  word is abbreviation-shaped (a table's "abbreviations", a word with a period inside, a Latin or Cyrillic word
  with no vowel that is no code in capitals) written before a period reads two ways: no claim.
- N8: "name: Ana, age: 30, not 31" read "not" as a key: statements joined in two styles (":" beside a space
  alone, "=" beside ":", ...) for a key no list names are no claim (W26's C6 in every separator and language).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.json.reader import _TABLES, read_request

from .harness import assert_models_answer_kept, assert_red_team_pair_not_served, assert_served_proven, exact_json_pair

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_21_w27w_pairs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pair", _PAIRS, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_PAIRS)])
def test_a_red_team_pair_is_not_served(pair: dict[str, str]) -> None:
    assert_red_team_pair_not_served(str(pair["first"]), str(pair["second"]))


@pytest.mark.parametrize("pair", _PAIRS, ids=[f"{p['cls']}-{p['lang']}-{i}" for i, p in enumerate(_PAIRS)])
def test_the_models_answer_is_kept_on_an_empty_cache(pair: dict[str, str]) -> None:
    assert_models_answer_kept(str(pair["second"]))


# Per language, frames whose second value is read when it is an ordinary one ("35", a name)
_FRAMES = {
    "en": ["Return JSON with keys width, height. Values: 20, {w}.", "Turn this into JSON:\nwidth: 20\nheight: {w}",
           "width=20, height={w}. Return JSON.", "Keys: width, height. Values: 20, {w}. Output JSON."],
    "es": ["Devuelve JSON con las claves ancho, alto. Valores: 20, {w}.", "Convierte esto a JSON:\nancho: 20\nalto: {w}"],
    "fr": ["Convertis ceci en JSON :\nlargeur: 20\nhauteur: {w}"],
    "de": ["Gib JSON mit den Schlüsseln breite, hoehe zurück. Werte: 20, {w}.", "Wandle diese Daten in JSON um:\nbreite: 20\nhoehe: {w}"],
    "it": ["Restituisci JSON con le chiavi larghezza, altezza. Valori: 20, {w}.", "Converti questi dati in JSON:\nlarghezza: 20\naltezza: {w}"],
    "pt": ["Retorne JSON com as chaves largura, altura. Valores: 20, {w}.", "Converta isto para JSON:\nlargura: 20\naltura: {w}"],
    "ru": ["Верни JSON с ключами ширина, высота. Значения: 20, {w}.", "Преобразуй в JSON:\nширина: 20\nвысота: {w}"],
    "zh": ["键：width, height。值：20, {w}。输出 JSON。"],
    "ja": ["キー：width, height。値：20, {w}。JSON で出力。"],
}
_CONTROLS = {"en": "35", "es": "35", "fr": "35", "de": "35", "it": "35", "pt": "35", "ru": "35", "zh": "35", "ja": "35"}


@pytest.mark.parametrize("language", sorted(_FRAMES))
def test_every_frame_reads_an_ordinary_value(language: str) -> None:
    for frame in _FRAMES[language]:
        read = read_request(frame.format(w=_CONTROLS[language]))
        assert read is not None and [s.value for s in read.statements.values()] == [20, 35], frame


_REFERRING = [(language, frame, word) for language, frames in _FRAMES.items() for frame in frames
              for word in _TABLES[language].get("referring_words", ())]


@pytest.mark.parametrize(("language", "frame", "word"), _REFERRING,
                         ids=[f"{lang}-{i}" for i, (lang, _f, _w) in enumerate(_REFERRING)])
def test_every_declared_referring_word_is_no_claim(language: str, frame: str, word: str) -> None:
    for written in (word, word.capitalize(), word + "."):
        assert read_request(frame.format(w=written)) is None, frame.format(w=written)


@pytest.mark.parametrize("word", _TABLES["en"]["referring_words"])
def test_a_referring_word_as_a_list_item_is_no_claim(word: str) -> None:
    for prompt in (f"JSON please: a key sizes listing S, M, {word}.", f'Return JSON with a key "tags" listing: red, {word}, blue'):
        assert read_request(prompt) is None, prompt


_ABBREVIATED = [(language, frame, word) for language, frames in _FRAMES.items() for frame in frames
                for word in _TABLES[language].get("abbreviations", ())]


@pytest.mark.parametrize(("language", "frame", "word"), _ABBREVIATED,
                         ids=[f"{lang}-{i}" for i, (lang, _f, _w) in enumerate(_ABBREVIATED)])
def test_every_declared_abbreviation_before_a_period_is_no_claim(language: str, frame: str, word: str) -> None:
    for written in (word + ".", word.capitalize() + ".", "Acme " + word.capitalize() + "."):
        prompt = frame.format(w=written)
        if "\n" in prompt:
            prompt = prompt + "\nname: Ana"  # the period is not the prompt's last character
        assert read_request(prompt) is None, prompt


_ABBREVIATION_NO_CLAIM = [
    "Return JSON with keys name, title. Values: Ana, Dr.", "Return JSON with keys name, title. Values: Ana, Inc.",
    "Turn this into JSON:\nname: Ana\ntitle: Acme Inc.", "Turn this into JSON:\ntitle: Acme Inc.\nname: Ana",
    "Turn this into JSON:\ntitle: Main Bldg.\nname: Ana", "Turn this into JSON:\ntitle: Acme Grp.\nname: Ana",
    "Turn this into JSON:\ntitle: r.s.v.p.\nname: Ana", "Turn this into JSON:\nname: Ana\ntitle: a.m.",
    "Wandle diese Daten in JSON um:\ntitel: Nr.\nname: Ana", "Преобразуй в JSON:\ntitul: ул.\nname: Ana",
    "Converta isto para JSON:\ntitulo: Ltda.\nname: Ana", "Converti questi dati in JSON:\ntitolo: Dott.\nname: Ana",
    # outside a colon block (W27's YAML reading declines the blocks above too): only these rules decline these
    "Return JSON with keys name, place. Values: Ana, Bldg.", "Make a JSON object from: name=Ana, place=Bldg.",
    "Return JSON with keys name and place: name Ana, place Bldg.", "Make a JSON object from: name=Ana, title=r.s.v.p.",
    "Make a JSON object from: name=Ana, time=a.m.", "Return JSON with keys name, group. Values: Ana, Grp.",
]


@pytest.mark.parametrize("prompt", _ABBREVIATION_NO_CLAIM, ids=[f"abbr-{i}" for i in range(len(_ABBREVIATION_NO_CLAIM))])
def test_an_abbreviation_before_a_period_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


_OPEN_LISTS = [
    "JSON please: a key tags listing red, green, blue...",
    "JSON please: a key tags listing red, green, blue, ...",
    "JSON please: a key tags listing red, green and blue...",
    "JSON please: a key tags listing red, green, blue…",
    "JSON please: a key tags listing red, green, blue.. ",
    'Return JSON with "tags" (array of strings): tags rust, wasm, cli...',
    'Return JSON where tags = ["a", "b"]...',
    "Return JSON where sizes = [1, 2]...",
    "JSON please: a key days listing Mon, Tue, Wed...",
    "Return JSON with keys a, b. Values: 1, 2...",
    "Keys: width, height. Values: 20, 35... Output JSON.",
    "Turn this into JSON:\nwidth: 20\nheight: 35...",
    "Turn this into JSON:\nname: Ana...\nage: 30",
    "Devuelve JSON con las claves ancho, alto. Valores: 20, 35...",
    "Convierte esto a JSON:\nancho: 20\nalto: 35...",
    "Gib JSON mit den Schlüsseln breite, hoehe zurück. Werte: 20, 35...",
    "Restituisci JSON con le chiavi larghezza, altezza. Valori: 20, 35...",
    "Retorne JSON com as chaves largura, altura. Valores: 20, 35...",
    "Верни JSON с ключами ширина, высота. Значения: 20, 35...",
    "键：width, height。值：20, 35。。。输出 JSON。",
    "キー：width, height。値：20, 35。。。JSON で出力。",
]


@pytest.mark.parametrize("prompt", _OPEN_LISTS, ids=[f"open-{i}" for i in range(len(_OPEN_LISTS))])
def test_an_open_list_is_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


_AFTER_WORDS = ["not", "no", "was", "or", "maybe", "approx", "instead", "before", "now", "plus", "minus", "but", "x2", "zip",
                "usually", "except"]
_STYLES = ["name: Ana, age: 30, {w} 31. Return JSON.", "Make this a JSON object: name: Ana, age: 30, {w} 31",
           "Turn this into JSON:\nname: Ana\nage: 30, {w} 31", "Turn this into JSON:\nage: 30, {w} 31\nname: Ana",
           "JSON please: name=Ana, age=30, {w} 31", "Turn this into JSON:\nname: Ana\nnote: 30; {w} 31"]


@pytest.mark.parametrize("word", _AFTER_WORDS)
def test_a_statement_in_another_style_is_no_claim(word: str) -> None:
    for style in _STYLES:
        assert read_request(style.format(w=word)) is None, style.format(w=word)


_OTHER_LANGUAGES_AFTER = [
    "Convierte esto a JSON: nombre: Ana, edad: 30, no 31", "Convierte esto a JSON:\nnombre: Ana\nedad: 30, antes 31",
    "Convertis ceci en JSON :\nnom: Ana\nâge: 30, pas 31", "Wandle diese Daten in JSON um:\nname: Ana\nalter: 30, nicht 31",
    "Converti questi dati in JSON:\nnome: Ana\netà: 30, non 31", "Converta isto para JSON:\nnome: Ana\nidade: 30, não 31",
    "Преобразуй в JSON:\nимя: Ana\nвозраст: 30, не 31",
]


@pytest.mark.parametrize("prompt", _OTHER_LANGUAGES_AFTER, ids=[f"after-{i}" for i in range(len(_OTHER_LANGUAGES_AFTER))])
def test_a_statement_in_another_style_is_no_claim_in_every_language(prompt: str) -> None:
    assert read_request(prompt) is None


# The nearest right forms: still served without a model call, proven and exact
_SERVED = [
    ("Return JSON with keys width, height. Values: 20, 35.", {"width": 20, "height": 35},
     "Return JSON with keys width, height. Values: 20, 20.", {"width": 20, "height": 20}),
    ("Turn this into JSON:\nbilling_city: Paris\nshipping_city: Lyon", {"billing_city": "Paris", "shipping_city": "Lyon"},
     "Turn this into JSON:\nbilling_city: Paris\nshipping_city: Paris", {"billing_city": "Paris", "shipping_city": "Paris"}),
    ('Turn this into JSON:\nwidth: 20\nheight: "same"', {"width": 20, "height": "same"},
     'Turn this into JSON:\nwidth: 20\nheight: "ditto"', {"width": 20, "height": "ditto"}),
    ("Return JSON with keys name, title. Values: Ana, Bob.", {"name": "Ana", "title": "Bob"},
     "Return JSON with keys name, title. Values: Ana, Eve.", {"name": "Ana", "title": "Eve"}),
    ("Turn this into JSON:\nname: Ana\ntitle: Mr", {"name": "Ana", "title": "Mr"},
     "Turn this into JSON:\nname: Ana\ntitle: Dr", {"name": "Ana", "title": "Dr"}),
    ('Turn this into JSON:\nname: Ana\ntitle: "Mr."', {"name": "Ana", "title": "Mr."},
     'Turn this into JSON:\nname: Ana\ntitle: "Dr."', {"name": "Ana", "title": "Dr."}),
    ("JSON please: a key tags listing red, green, blue.", {"tags": ["red", "green", "blue"]},
     "JSON please: a key tags listing red, green, cyan.", {"tags": ["red", "green", "cyan"]}),
    ("JSON please: a key sizes listing S, M, XL.", {"sizes": ["S", "M", "XL"]},
     "JSON please: a key sizes listing S, M, XXL.", {"sizes": ["S", "M", "XXL"]}),
    ("name: Ana, age: 30. Return JSON.", {"name": "Ana", "age": 30},
     "name: Ana, age: 31. Return JSON.", {"name": "Ana", "age": 31}),
    ("Make this a JSON object: name: Ana, age: 30", {"name": "Ana", "age": 30},
     "Make this a JSON object: name: Ana, age: 31", {"name": "Ana", "age": 31}),
    ("JSON please: color=green, count=5", {"color": "green", "count": 5},
     "JSON please: color=green, count=6", {"color": "green", "count": 6}),
    ("Return JSON with keys name, age. name: Ana, age 30", {"name": "Ana", "age": 30},
     "Return JSON with keys name, age. name: Ana, age 31", {"name": "Ana", "age": 31}),
    ("Monte um objeto JSON com as chaves cidade, estado e os valores Campinas, SP.", {"cidade": "Campinas", "estado": "SP"},
     "Monte um objeto JSON com as chaves cidade, estado e os valores Santos, SP.", {"cidade": "Santos", "estado": "SP"}),
    ("Convierte esto a JSON:\nancho: 20\nalto: 35", {"ancho": 20, "alto": 35},
     "Convierte esto a JSON:\nancho: 20\nalto: 20", {"ancho": 20, "alto": 20}),
    ("Wandle diese Daten in JSON um:\nbreite: 20\nhoehe: 35", {"breite": 20, "hoehe": 35},
     "Wandle diese Daten in JSON um:\nbreite: 20\nhoehe: 20", {"breite": 20, "hoehe": 20}),
    ("Convertis ceci en JSON :\nlargeur: 20\nhauteur: 35", {"largeur": 20, "hauteur": 35},
     "Convertis ceci en JSON :\nlargeur: 20\nhauteur: 20", {"largeur": 20, "hauteur": 20}),
    ("Converti questi dati in JSON:\nlarghezza: 20\naltezza: 35", {"larghezza": 20, "altezza": 35},
     "Converti questi dati in JSON:\nlarghezza: 20\naltezza: 20", {"larghezza": 20, "altezza": 20}),
    ("Converta isto para JSON:\nlargura: 20\naltura: 35", {"largura": 20, "altura": 35},
     "Converta isto para JSON:\nlargura: 20\naltura: 20", {"largura": 20, "altura": 20}),
    ("Преобразуй в JSON:\nширина: 20\nвысота: 35", {"ширина": 20, "высота": 35},
     "Преобразуй в JSON:\nширина: 20\nвысота: 20", {"ширина": 20, "высота": 20}),
    ("键：width, height。值：20, 35。输出 JSON。", {"width": 20, "height": 35},
     "键：width, height。值：20, 20。输出 JSON。", {"width": 20, "height": 20}),
    ("キー：width, height。値：20, 35。JSON で出力。", {"width": 20, "height": 35},
     "キー：width, height。値：20, 20。JSON で出力。", {"width": 20, "height": 20}),
]


@pytest.mark.parametrize("case", _SERVED, ids=[f"served-{i}" for i in range(len(_SERVED))])
def test_the_nearest_right_form_is_served_exactly(case: tuple) -> None:
    first, first_obj, second, second_obj = case
    assert_served_proven(exact_json_pair("w27w/served", first, first_obj, second, second_obj))
