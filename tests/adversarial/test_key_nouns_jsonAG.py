"""wip/jsonAG: the tables' key nouns (json/reader.py ``_keys_evident``, red team 29's class FW) broadened with generic
attribute nouns a user states as a key with a value (product, vehicle, device, person, address, order, account, event
and file specs: 'ports 4', it 'cilindrata 125', ja '商品名「ノート」'), in every language's table.

Reach: every key noun of every table, joined by a space to a number after a statement, is read as that key (a word
taken out of a table fails here). Traps: the words that before a number say something other than a key ('about',
'over', 'plus', 'at least', es 'unos', de 'etwa', ru 'около', zh '约', ...) are no table's key noun and are never read
as a key, and no key noun is a unit, a demonstrative, a count or number word, a quantifier or hedge word; the time
nouns the key nouns hold are the ones pinned below (a determiner before them is no claim: red team 29b).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.reader import _key_nouns, read_request
from stepcache_integrations.core.tasks.request_language import fold

_VOCABULARY = Path(__file__).resolve().parents[2] / "stepcache_integrations" / "core" / "tasks" / "json" / "vocabulary"
_LANGUAGES = ("en", "es", "fr", "de", "pt", "it", "ru", "zh", "ja")
_TABLES = {lang: json.loads((_VOCABULARY / f"{lang}.json").read_text(encoding="utf-8")) for lang in _LANGUAGES}

# one request per language whose statement before the key is read ("name" is that key: it is left out below)
TEMPLATES = {
    "en": 'Return a JSON object: name "Bob", {w} 31',
    "es": 'Devuelve un objeto JSON: nombre "Ana", {w} 31',
    "fr": 'Renvoie un objet JSON : nom "Ana", {w} 31',
    "de": 'Erstelle ein JSON-Objekt: name "Ana", {w} 31',
    "pt": 'Retorne um objeto JSON: nome "Ana", {w} 31',
    "it": 'JSON per favore: nome "Ana", {w} 31',
    "ru": 'Сделай JSON: имя "Анна", {w} 31',
    "zh": '输出JSON：姓名 "王芳"，{w} 31',
    "ja": "次の内容をJSONにしてください。名前「花子」、{w} 31",
}
_FIRST_KEY = {"en": "name", "es": "nombre", "fr": "nom", "de": "name", "pt": "nome", "it": "nome", "ru": "имя", "zh": "姓名", "ja": "名前"}
# key nouns this template does not read as a key for another rule: a word for "key" (a keyword), a type rule
# (gender, a category, a level with a number), a word the tables cut as another class (time, format, description)
_READ_OTHERWISE = {
    "en": {"cost"}, "es": {"clave"}, "fr": {"clé"}, "de": {"schlüssel"}, "pt": {"chave"}, "it": {"chiave"}, "ru": set(),
    "zh": {"性别", "类别", "级别", "星期", "描述", "格式"}, "ja": {"性別", "時間", "支払い", "長さ", "高さ"},
}

# words that before a number say something other than a key: never a key noun, never read as a key
TRAPS = {
    "en": ("about over under around approximately approx roughly nearly almost plus minus more less sum times only just maybe "
           "or and not also except than at to from by per each every up down max min average mean median top first last next "
           "number value extra additional remaining left free new used net gross due off save circa ca between within least "
           "most exactly aged born was were would could").split(),
    "es": ("sobre unos unas más menos casi aproximadamente cerca hasta desde cada por solo sólo o y no también excepto máximo "
           "mínimo promedio media suma número valor entre alrededor").split(),
    "fr": ("environ plus moins presque vers sur sous chaque par seulement ou et non aussi sauf maximum minimum moyenne somme "
           "nombre numéro valeur entre autour").split(),
    "de": ("über etwa ca rund plus minus mehr weniger fast bis ab je pro nur oder und nicht auch außer maximal mindestens "
           "durchschnitt nummer wert zwischen insgesamt gesamt").split(),
    "pt": ("sobre cerca mais menos quase até desde cada por só apenas ou e não também exceto máximo mínimo média soma número "
           "entre").split(),
    "it": ("circa più meno quasi fino da ogni per solo o e non anche tranne massimo minimo media somma numero valore oltre "
           "sopra sotto tra fra").split(),
    "ru": ("около примерно более менее больше меньше плюс минус итого всего почти до от по каждый только или и не также кроме "
           "максимум минимум среднее число номер значение между").split(),
    "zh": "大约 约 超过 不到 总共 一共 共 加 减 或 和 不 也 最多 至少 每 只 平均 数字 值 将近 差不多".split(),
    "ja": "約 およそ 最大 最小 合わせて 全部で または プラス マイナス 平均 数 値 だいたい ほぼ 少なくとも".split(),
}

# the time nouns the key nouns hold ("year 2020" is a key so written; "the year 31" is no claim, red team 29b): no other
_TIME_KEY_NOUNS = {
    "en": {"date", "day", "hour", "level", "month", "round", "season", "semester", "week", "year"},
    "es": {"año", "día", "fecha", "hora", "mes", "nivel", "semana", "temporada"},
    "fr": {"année", "date", "heure", "jour", "niveau", "saison", "semaine"},
    "de": {"datum", "jahr", "monat", "stufe", "stunde", "tag", "woche"},
    "pt": {"ano", "data", "dia", "hora", "mês", "nível", "semana", "temporada"},
    "it": {"anno", "data", "giorno", "livello", "mese", "settimana", "stagione"},
    "ru": {"год", "дата", "день", "месяц", "неделя", "сезон", "уровень", "час"},
    "zh": {"年份", "日期", "星期", "月份", "级别"},
    "ja": {"レベル", "日付", "時間"},
}


def _words(value: Any) -> set[str]:
    """A table field's words, folded: a list's items, a mapping's keys."""
    return {fold(word) for word in (value or ())}


def _statements(prompt: str) -> dict[str, Any] | None:
    read = read_request(prompt)
    return None if read is None else {fold(key): st.value for key, st in read.statements.items()}


@pytest.mark.parametrize("lang", _LANGUAGES)
def test_every_key_noun_is_read_as_a_key(lang: str) -> None:
    table = _TABLES[lang]
    identifiers = _words(table.get("identifier_words")) | _words(_TABLES["en"].get("identifier_words"))
    skipped = identifiers | _READ_OTHERWISE[lang] | {_FIRST_KEY[lang]}  # an identifier holding a number is no claim
    unread = [word for word in table["key_nouns"] if fold(word) not in skipped
              and (_statements(TEMPLATES[lang].format(w=word)) or {}).get(fold(word)) != 31]
    assert unread == []


# the attribute nouns wip/jsonAG added, per table (and the English truth-value keys): each stays a key noun and is read
_ADDED = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "key_nouns_jsonAG.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", _LANGUAGES)
def test_every_added_attribute_noun_is_still_a_key_noun_and_read(lang: str) -> None:
    nouns = _words(_TABLES[lang]["key_nouns"])
    lost = [word for word in _ADDED[lang] if fold(word) not in nouns]
    unread = [word for word in _ADDED[lang] if (_statements(TEMPLATES[lang].format(w=word)) or {}).get(fold(word)) != 31]
    assert (lost, unread) == ([], [])


def test_the_added_truth_value_keys_are_read_with_a_truth_value_only() -> None:
    for word in _ADDED["en_boolean_keys"]:
        assert _statements(TEMPLATES["en"].replace("31", "true").format(w=word)) == {"name": "Bob", word: True}
        assert _statements(TEMPLATES["en"].format(w=word)) is None  # 'wireless 31': no evidence of a key


@pytest.mark.parametrize(
    ("prompt", "stated"),
    [  # set 27's pairs the key-evidence rule declined (keys no table named)
        ('Build a JSON object: model "X200", weight_kg 1.4, ports 3, wireless true',
         {"model": "X200", "weight_kg": 1.4, "ports": 3, "wireless": True}),
        ('Build a JSON object: model "Z9", weight_kg 2.05, ports 5, wireless false',
         {"model": "Z9", "weight_kg": 2.05, "ports": 5, "wireless": False}),
        ('JSON per favore: modello "Vespa", cilindrata 125, prezzo 3499,5', {"modello": "Vespa", "cilindrata": 125, "prezzo": 3499.5}),
        ("次の内容をJSONにしてください。商品名「ボールペン」、価格 80、在庫 200", {"商品名": "ボールペン", "価格": 80, "在庫": 200}),
        ('输出JSON：商品名 "苹果"，重量 3，产地 "山东"', {"商品名": "苹果", "重量": 3, "产地": "山东"}),
        ("Return a JSON object with bedrooms 3, bathrooms 2.5, garage true", {"bedrooms": 3, "bathrooms": 2.5, "garage": True}),
        ('Devuelve un objeto JSON: marca "Seat", puertas 5, cilindrada 1400', {"marca": "Seat", "puertas": 5, "cilindrada": 1400}),
        ('Erstelle ein JSON-Objekt: hersteller "Bosch", leistung 750, akku 18', {"hersteller": "Bosch", "leistung": 750, "akku": 18}),
        ('Сделай JSON: модель "Лада", пробег 42000, мощность 106', {"модель": "Лада", "пробег": 42000, "мощность": 106}),
    ],
)
def test_attribute_keys_are_read(prompt: str, stated: dict[str, Any]) -> None:
    assert _statements(prompt) == stated


def test_a_set_27_pair_is_served_the_new_values_without_the_model() -> None:
    first = 'Build a JSON object: model "X200", weight_kg 1.4, ports 3, wireless true'
    second = 'Build a JSON object: model "Z9", weight_kg 2.05, ports 5, wireless false'
    answers = {first: '{"model": "X200", "weight_kg": 1.4, "ports": 3, "wireless": true}'}
    calls: list[str] = []

    def model(prompt: str) -> str:
        calls.append(prompt)
        return answers.get(prompt, "?")

    cache = StepCache()
    cache.generate(first, model)
    result = cache.generate(second, model)
    assert result.model_calls == 0 and result.verified
    assert json.loads(result.text) == {"model": "Z9", "weight_kg": 2.05, "ports": 5, "wireless": False}


@pytest.mark.parametrize(
    "prompt",
    [  # near misses around the new key nouns: a hedge, a choice, a range, a demonstrative, a unit, a word as a truth value
        'Build a JSON object: model "X200", ports about 4',
        'Build a JSON object: model "X200", ports 3 or 4',
        'Build a JSON object: model "X200", ports 3, or 4',
        'Build a JSON object: model "X200", over 3 ports',
        'Build a JSON object: model "X200", those ports 3',
        'Build a JSON object: model "X200", ports up to 4',
        'Build a JSON object: model "X200", ports at least 4',
        'Build a JSON object: model "X200", ports 4 (or 5)',
        'Build a JSON object: model "X200", ports 4+',
        'Build a JSON object: model "X200", ports 4, wireless yes',
        'Build a JSON object: model "X200", ports 4, wireless 2',
        'Return a JSON object: name "Bob", warranty 2 years',
        'Return a JSON object: name "Bob", rent 1200 per month',
        'JSON per favore: modello "Vespa", cilindrata circa 125',
        'JSON per favore: modello "Vespa", cilindrata 125 o 150',
        'JSON per favore: modello "Vespa", questa cilindrata 125',
        'JSON per favore: modello "Vespa", cilindrata 125 cc',
        "次の内容をJSONにしてください。商品名「ノート」、価格 約150、在庫 30",
        '输出JSON：商品名 "苹果"，重量 约3',
        '输出JSON：商品名 "苹果"，这个重量 3',
        'Devuelve un objeto JSON: nombre "Ana", peso unos 3',
        'Devuelve un objeto JSON: nombre "Ana", esta potencia 3',
        'Сделай JSON: имя "Анна", мощность около 3',
        'Сделай JSON: имя "Анна", эта мощность 3',
        'Erstelle ein JSON-Objekt: name "Ana", leistung etwa 3',
        'Erstelle ein JSON-Objekt: name "Ana", diese leistung 3',
    ],
)
def test_near_misses_are_no_claim(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize("lang", _LANGUAGES)
def test_no_trap_word_is_read_as_a_key(lang: str) -> None:
    read_as_key = [word for word in TRAPS[lang] if fold(word) in (_statements(TEMPLATES[lang].format(w=word)) or {})]
    assert read_as_key == []


@pytest.mark.parametrize("lang", _LANGUAGES)
def test_no_key_noun_is_a_trap_unit_demonstrative_number_or_quantifier_word(lang: str) -> None:
    """English key nouns are evidence in every language (``_key_nouns``): they are checked against every table."""
    nouns = _words(_TABLES[lang]["key_nouns"]) | _words(_TABLES["en"]["key_nouns"])
    own = _TABLES[lang]
    forbidden = _words(TRAPS[lang]) | _words(TRAPS["en"])
    for field in ("unit_keys", "demonstratives", "count_words", "quantifier_words", "hedge_words", "absent_words"):
        forbidden |= _words(own.get(field)) | _words(_TABLES["en"].get(field))
    forbidden |= _words(own["classes"].get("NUMBER_WORD")) | _words(_TABLES["en"]["classes"].get("NUMBER_WORD"))
    assert sorted(nouns & forbidden) == []
    assert _words(own["key_nouns"]) & _words(own.get("time_nouns")) == _TIME_KEY_NOUNS[lang]


_LATIN = {"es": "abcdefghijklmnopqrstuvwxyzáéíóúñ", "fr": "abcdefghijklmnopqrstuvwxyzéèàç", "de": "abcdefghijklmnopqrstuvwxyzäöüß",
          "pt": "abcdefghijklmnopqrstuvwxyzãõçáéêó", "it": "abcdefghijklmnopqrstuvwxyzàèìòù", "ru": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"}


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_word_no_table_names_is_never_a_key_in_any_language(data: st.DataObject) -> None:
    """Red team 29's property, in each spaced language: a word is a key so written only with evidence."""
    lang = data.draw(st.sampled_from(sorted(_LATIN)))
    word = data.draw(st.text(alphabet=_LATIN[lang], min_size=2, max_size=9))
    stated = _statements(TEMPLATES[lang].format(w=word)) or {}
    if fold(word) in stated:
        assert fold(word) in _key_nouns(lang)[0]


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_trap_words_are_no_key_in_any_language(data: st.DataObject) -> None:
    lang = data.draw(st.sampled_from(_LANGUAGES))
    word = data.draw(st.sampled_from(TRAPS[lang]))
    value = data.draw(st.sampled_from(["31", "31.5", "0", "true", '"x"']))  # a number, a truth value, a string
    assert fold(word) not in (_statements(TEMPLATES[lang].replace("{w} 31", f"{word} {value}")) or {})


@pytest.mark.parametrize(
    ("prompt", "stated"),
    [  # words only the tables' "kinds" and "concepts" mappings name (json/reader._KEY_EVIDENCE_FIELDS)
        ('Return a JSON object: name "Bob", hotel "Ritz"', {"name": "Bob", "hotel": "Ritz"}),
        ('Return a JSON object: name "Bob", singer "Ana"', {"name": "Bob", "singer": "Ana"}),
    ],
)
def test_the_kinds_and_concepts_words_are_evidence(prompt: str, stated: dict[str, Any]) -> None:
    assert "hotel" not in _words(_TABLES["en"]["key_nouns"]) and "singer" not in _words(_TABLES["en"]["key_nouns"])
    assert _statements(prompt) == stated
