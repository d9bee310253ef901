"""A unit symbol is read only as its table spells it (red team 15: W20). The tables were matched
case-folded, so "Mg" (megagram) was read as "mg" (milligram), "Mm" as "mm", "Ms" as "ms", "mS"
(millisiemens) as "ms", "ML" as "ml": "How many grams are in 2 Mg?" was served "0.002." verified
(783 pairs in seven languages; the JSON conversions read "3 Mm" as 3 mm too). Each table now lists
its case-sensitive symbols (``case_sensitive``); any other spelling is no word of the table, so the
prompt is no claim and the model answers."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations import StepCache


class Scripted:
    """Answers every prompt with one fixed text; counts its calls."""

    def __init__(self, text: str = "ECHO") -> None:
        self.text, self.calls = text, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.text


def _asked_after(first: str, second: str) -> tuple[Scripted, Any]:
    """The model ``second`` was asked of (counting its calls) and its result, after ``first`` was
    answered on a fresh cache."""
    cache = StepCache()
    cache.generate(first, Scripted())
    model = Scripted()
    return model, cache.generate(second, model)


MISCASED = [
    ("How many grams are in 2 kg?", "How many grams are in 2 Mg?"),
    ("Convert 3 g to kg.", "Convert 3 g to Mg."),
    ("How many metres are in 3 km?", "How many metres are in 3 Mm?"),
    ("How many seconds are in 3 min?", "How many seconds are in 3 Ms?"),
    ("How many seconds are in 3 min?", "How many seconds are in 3 mS?"),
    ("How many metres are in 3 km?", "How many metres are in 3 mM?"),
    ("How many millilitres are in 1 l?", "How many litres are in 1 ML?"),
    ("Convert 4 km to m.", "Convert 5 KM to M."),
    ("¿Cuántos gramos hay en 2 kg?", "¿Cuántos gramos hay en 3 Mg?"),
    ("Combien de grammes y a-t-il dans 2 kg ?", "Combien de grammes y a-t-il dans 3 Mg ?"),
    ("Wie viele Gramm sind 2 kg?", "Wie viele Gramm sind 3 Mg?"),
    ("Сколько граммов в 2 кг?", "Сколько граммов в 3 Мг?"),
    ("Сколько метров в 2 км?", "Сколько метров в 1 Мм?"),
    ('Convert 3 km and return {"meters": <number>}.', 'Convert 3 Mm and return {"meters": <number>}.'),
    ('Convert 2 kg to grams and return JSON {"grams": <number>}.', 'Convert 2 Mg to grams and return JSON {"grams": <number>}.'),
]


@pytest.mark.parametrize(("first", "second"), MISCASED)
def test_a_unit_symbol_in_another_case_is_no_claim(first: str, second: str) -> None:
    model, result = _asked_after(first, second)
    assert model.calls >= 1, (second, result.outcome, result.text)
    assert result.text == "ECHO", result.text  # the model's answer, served as it is


# the spellings the tables list are read, in every case they list ("l" and "L", "ml" and "mL")
SERVED = [
    ("How many millilitres are in 1 l?", "How many millilitres are in 2 L?", "2000"),
    ("Convert 1 l to ml.", "Convert 2 L to mL.", "2000"),
    ("How many grams are in 2 kg?", "How many grams are in 3 kg?", "3000"),
    ("Convert 4 km to m.", "Convert 5 km to m.", "5000"),
    ("Сколько граммов в 2 кг?", "Сколько граммов в 3 кг?", "3000"),
]


@pytest.mark.parametrize(("first", "second", "value"), SERVED)
def test_a_symbol_as_the_table_spells_it_is_served_exactly(first: str, second: str, value: str) -> None:
    model, result = _asked_after(first, second)
    assert model.calls == 0 and result.verification == "proven", (second, result.outcome, result.text)
    assert result.text.strip().rstrip(".") == value, result.text


# Every reader that reads a unit or symbol word matches its table through a Folded text (the
# folded text and the text as written together): a JSON statement's value, a unit note, a pasted
# block's request, a word problem's unit (wip/cleanup). The linear tables declare their symbols too.
ROUTE = 'Give me a JSON object with keys route and distance. route "B7", distance {} Express the distance in meters.'
RUN = "Return JSON with the key distance_m (in {}) for a run of {}."
CAB = "A cab charges a $3 flat fee plus $2 per {unit}. My trip cost ${total}. How many {unit} did I travel?"
RECT = "A rectangle has a perimeter of {total} {unit} and a width of 7 {unit}. What is its length?"
RU_RECT = "Периметр прямоугольника {total} {unit}, ширина 5 {unit}. Найдите длину."
DE_RECT = "Ein Rechteck hat einen Umfang von {total} {unit} und ist 9 {unit} lang. Wie breit ist es?"
PASTE = "Turn the row into JSON.\nname,score\nNoah,50"

EVERY_READER_MISCASED = [
    (ROUTE.format("3.5 km."), ROUTE.format("4.5 Km.")),  # a JSON statement's value
    (ROUTE.format("3.5 km."), ROUTE.format("4.5 KM.")),
    (ROUTE.format("3.5 km."), ROUTE.format("4.5 Mm.")),
    (RUN.format("meters", "12 km"), RUN.format("meters", "7.5 Km")),  # a unit note's key, a value's unit
    (RUN.format("meters", "12 km"), RUN.format("M", "7.5 km")),
    (PASTE, "Turn the row into JSON, the distance in Km.\nname,distance\nNoah,50"),  # a pasted block
    (PASTE, "Turn the row into JSON.\nname,distance\nNoah,5 KM"),
    (CAB.format(unit="km", total=19), CAB.format(unit="Km", total=21)),  # a word problem's unit
    (CAB.format(unit="km", total=19), CAB.format(unit="KM", total=21)),
    (CAB.format(unit="km", total=19), CAB.format(unit="Mm", total=21)),
    (RECT.format(unit="cm", total=40), RECT.format(unit="CM", total=50)),
    (RECT.format(unit="mm", total=40), RECT.format(unit="Mm", total=50)),  # megametres, not millimetres
    (RU_RECT.format(unit="см", total=30), RU_RECT.format(unit="Мм", total=40)),
    (DE_RECT.format(unit="cm", total=30), DE_RECT.format(unit="CM", total=40)),
]


@pytest.mark.parametrize(("first", "second"), EVERY_READER_MISCASED)
def test_every_reader_reads_a_miscased_symbol_as_no_claim(first: str, second: str) -> None:
    model, result = _asked_after(first, second)
    assert model.calls >= 1, (second, result.outcome, result.text)
    assert result.text == "ECHO", result.text  # no answer without the model


EVERY_READER_SERVED = [
    (ROUTE.format("3.5 km."), ROUTE.format("4.5 km."), '"distance": 4500'),
    (RUN.format("meters", "12 km"), RUN.format("meters", "7.5 km"), '"distance_m": 7500'),
    (CAB.format(unit="km", total=19), CAB.format(unit="km", total=21), "x = 9"),
    (RECT.format(unit="cm", total=40), RECT.format(unit="cm", total=50), "x = 18"),
    (RU_RECT.format(unit="см", total=30), RU_RECT.format(unit="см", total=40), "x = 15"),
    (DE_RECT.format(unit="cm", total=30), DE_RECT.format(unit="cm", total=40), "x = 11"),
]


@pytest.mark.parametrize(("first", "second", "value"), EVERY_READER_SERVED)
def test_every_reader_serves_a_symbol_as_the_table_spells_it(first: str, second: str, value: str) -> None:
    model, result = _asked_after(first, second)
    assert model.calls == 0 and result.verification == "proven", (second, result.outcome, result.text)
    if value.startswith('"'):  # a JSON object: the value as its key's
        assert f"{value}\n" in result.text or f"{value}," in result.text, result.text
    else:  # a word problem: the answer line
        assert result.text.strip().splitlines()[-1].endswith(value), result.text


def test_a_table_is_matched_only_through_a_folded_text() -> None:
    """The two-string API is gone: a bare (folded) string is refused, so no reader can forget the
    text as written."""
    from stepcache_integrations.core.tasks.arithmetic.grammar import _LANGUAGE as LANGUAGE
    from stepcache_integrations.core.tasks.request_language import Folded

    table = next(v for v in LANGUAGE.vocabularies if v.language == "en")
    with pytest.raises(TypeError):
        table.match("2 mg", 2)  # type: ignore[arg-type]
    assert table.match(Folded("2 mg"), 2) is not None
    assert table.match(Folded("2 Mg"), 2) is None
