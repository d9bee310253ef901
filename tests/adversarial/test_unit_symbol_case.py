"""A unit symbol is read only as its table spells it (red team 15: W20). The tables were matched
case-folded, so "Mg" (megagram) was read as "mg" (milligram), "Mm" as "mm", "Ms" as "ms", "mS"
(millisiemens) as "ms", "ML" as "ml": "How many grams are in 2 Mg?" was served "0.002." verified
(783 pairs in seven languages; the JSON conversions read "3 Mm" as 3 mm too). Each table now lists
its case-sensitive symbols (``case_sensitive``); any other spelling is no word of the table, so the
prompt is no claim and the model answers."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache


class Scripted:
    """Answers every prompt with one fixed text; counts its calls."""

    def __init__(self, text: str = "ECHO") -> None:
        self.text, self.calls = text, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.text


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
    cache = StepCache()
    cache.generate(first, Scripted())
    model = Scripted()
    result = cache.generate(second, model)
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
    cache = StepCache()
    cache.generate(first, Scripted())
    model = Scripted()
    result = cache.generate(second, model)
    assert model.calls == 0 and result.verification == "proven", (second, result.outcome, result.text)
    assert result.text.strip().rstrip(".") == value, result.text
