"""CHATTER (wip/linT) is sound by construction: in every linear table it is disjoint from each word
class that carries meaning (operations, numbers and number words, negations, quantifiers,
conditions, comparatives, formats, question words, units, time words: the word problems' classes
too), word by word in a spaced table and as a part of a phrase in Chinese and Japanese; it holds no
digit, no math symbol and no letter that could name an unknown beside "i" and "u" (an unknown of
that name is read as the unknown: the clause is then no chatter). A clause holding any other word is
not read as nothing (tests/adversarial/test_linear_chatter_linT.py: traps at every position)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

_TABLES = Path(__file__).resolve().parents[2] / "stepcache_integrations/core/tasks/linear/vocabulary"
LANGUAGES = ("en", "es", "fr", "de", "pt", "it", "ru", "zh", "ja")

# The classes of meaning CHATTER must stay apart from (every WP_ class besides: quantities, units,
# comparatives, times of the word problems).
MEANING = {
    "NO", "NOT_GIVE", "NO_EXPLAIN", "NO_DECIMALS", "ONLY", "ONLY_ANSWER", "BUT", "INSTEAD",  # negations, "only"
    "IF", "IF_POST", "FOR_WHICH", "MAKES", "LET", "TRUE",  # conditions
    "TWICE", "HALF", "SQUARED", "SQUARE", "CUBED", "PRODUCT", "SUM",  # operations
    "FRACTION", "DECIMAL", "EXACT", "EXACT_ANSWER", "ONE_LINE", "BRIEF", "NUMBERED", "BARE_NUMBER", "STEP_BY_STEP",
    "BOXED", "JSON", "OWN_LANGUAGE", "IN_ENGLISH", "YES_OR_NO",  # formats
    "WHAT", "WHAT_IS", "WHAT_POST", "HOW_DO", "EQUALS", "EQUAL", "DOES", "CHECK_OPEN",  # questions
    "SOLVE", "FIND", "GIVE", "WRITE", "SHOW", "EXPLAIN", "VALUE", "ANSWER", "ANSWER_VERB", "THEN",
}
NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten half twice double triple",
    "es": "cero uno una dos tres cuatro cinco seis siete ocho nueve diez doble mitad",
    "fr": "zéro un une deux trois quatre cinq six sept huit neuf dix double moitié",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn doppelt hälfte",
    "pt": "zero um uma dois duas três quatro cinco seis sete oito nove dez dobro metade",
    "it": "zero uno una due tre quattro cinque sei sette otto nove dieci doppio metà",
    "ru": "ноль один одна два две три четыре пять шесть семь восемь девять десять дважды половина",
    "zh": "零 一 二 两 三 四 五 六 七 八 九 十 倍 半 不 没 除",
    "ja": "一 二 三 四 五 六 七 八 九 十 倍 半 ない ません 以外",
}
_GLUE = {"i", "u"}  # a lone letter CHATTER may hold (an unknown of that name is read as the unknown)
# Pronouns, possessives and auxiliaries that stand inside longer phrases of meaning ("i need", "so that",
# "j'ai payé", "我买了"): the table matches the longest phrase first, so alone they are the phrase's only
# when the rest of it is not written, and alone they say nothing.
PRONOUNS = {
    "en": {"i", "i've", "i'd", "you", "our", "were", "have", "so"}, "es": {"mi"}, "fr": {"je", "j'ai"},
    "de": {"ich", "meine"}, "pt": {"eu", "minha", "meu"}, "it": {"sono", "ho", "mio", "mia"}, "ru": {"я", "моя"},
    "zh": {"我", "的"}, "ja": {"本", "って"},
}
CONTEXT_CLASSES = {"WP_CONTEXT", "WP_BILL"}  # a word problem's own context and "my bill": no quantity


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).replace("\u2019", "'").casefold()


def _table(language: str) -> dict:
    return json.loads((_TABLES / f"{language}.json").read_text(encoding="utf-8"))


def _meaning_phrases(language: str) -> list[str]:
    classes = _table(language)["classes"]
    return [_fold(p) for kind, phrases in classes.items()
            if (kind in MEANING or kind.startswith("WP_")) and kind not in CONTEXT_CLASSES for p in phrases
            if _fold(p) not in PRONOUNS[language]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_chatter_is_declared_in_every_table(language: str) -> None:
    assert len(_table(language)["classes"].get("CHATTER", [])) >= 10, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_chatter_holds_no_digit_symbol_or_unknown(language: str) -> None:
    for word in _table(language)["classes"]["CHATTER"]:
        assert not re.search(r"[0-9=+\-*/^<>()%]", word), (language, word)
        assert not re.fullmatch(r"[A-Za-z]", word) or word in _GLUE, (language, word)


@pytest.mark.parametrize("language", LANGUAGES)
def test_chatter_is_disjoint_from_every_class_of_meaning(language: str) -> None:
    chatter = [_fold(w) for w in _table(language)["classes"]["CHATTER"]]
    phrases = _meaning_phrases(language)
    numbers = NUMBER_WORDS[language].split()
    if language in ("zh", "ja"):  # unspaced: no phrase of meaning and no number word inside a CHATTER word
        for word in chatter:
            inside = [p for p in phrases + numbers if p and p in word]
            assert not inside, (language, word, inside)
        return
    meaning_words = {w for p in phrases for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", p)} | set(numbers)
    meaning_words -= PRONOUNS[language]
    for word in chatter:
        assert word not in meaning_words, (language, word)


def test_the_chatter_clause_classes_are_declared_and_carry_no_meaning() -> None:
    common = json.loads((_TABLES / "_common.json").read_text(encoding="utf-8"))
    joins = set(common["chatter_clause"])
    assert "CHATTER" in joins and not joins & MEANING and not any(k.startswith("WP_") for k in joins), joins
    assert not joins & {"ROLE", "ROLE_NOUN", "ROLE_ADJ", "YOU_ARE", "VAR", "EQ", "EXPR", "TEMPLATE"}, joins
