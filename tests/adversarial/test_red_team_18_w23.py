"""W23 (red team 18): three classes served wrong with verified=True, each also replacing the model's
right answer on an empty cache.

- A template slot filled by an expression read a dot thousands group the English way (de
  'Gib {"summe": <Wert>} zurück für 17.500 + 38' -> 55.5, not 17538): a number read two ways ("17.500",
  "250.000") is no number in an expression, in any table.
- A passage item was any capitalised run at a sentence's start ("Every Nimbus 7 costs $349." -> product
  "Every Nimbus 7"; "Neither ...", "Repairing ...") or any lowercase word after a determiner ("The other
  costs $49." -> "other", es "La suya", it "La stessa"): a sentence's first word is capitalised by its
  place, so a product named without a determiner or a table noun must start with a code; nothing shows a
  lowercase word is a noun, so no such item is read (reach withdrawn: "The chair costs 12.5 dollars." is
  no claim now); quantifiers and negations are never names ("O cliente Nenhum pagou ...").
- "will be", "would be", "should be" and "must be" were read as "is" in English word problems ("Tom will be
  50" is no present age): they are no words of the linear tables now.

Every pair below (a sample of each class and language of the red team's 434 distinct pairs) is never
served wrong; on an empty cache the model's right answer is kept.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.passage import framed_values
from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

from .harness import NeverRightModel, assert_red_team_pair_never_served_wrong, assert_right_answer_kept

_PAIRS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_18_w23_pairs.json").read_text(encoding="utf-8"))
_UNDETERMINED = "It cannot be determined from the information given."


@pytest.mark.parametrize("pair", [p for p in _PAIRS if p["first"]], ids=lambda p: p["cls"])
def test_a_red_team_pair_is_never_served_wrong(pair: dict[str, str | None]) -> None:
    # served: only the exact right object, and never for an undetermined story
    assert_red_team_pair_never_served_wrong(str(pair["first"]), str(pair["second"]), pair["expected"])


@pytest.mark.parametrize("pair", _PAIRS, ids=lambda p: p["cls"])
def test_the_models_right_answer_is_kept_on_an_empty_cache(pair: dict[str, str | None]) -> None:
    assert_right_answer_kept(str(pair["second"]), pair["expected"] or _UNDETERMINED)


@pytest.mark.parametrize("prompt", [
    'Gib {"summe": <Wert>} zurück für 17.500 + 38',
    'Rellena la plantilla {"total": <valor>} para 2 + 250.000',
    'Compila il modello {"totale": <valore>} per 1.200 + 38',
    'Preencha o modelo {"total": <valor>} para 4 + 9.000',
    'Fill in the template {"total": <value>} with the total of 1.125 + 38',  # 1125 + 38 in a comma-decimal habit
])
def test_a_number_read_two_ways_fills_no_slot(prompt: str) -> None:
    assert read_request(prompt) is None


@pytest.mark.parametrize(("prompt", "value"), [
    ('Gib {"summe": <Wert>} zurück für 17 + 38', 55),
    ('Fill in the template {"total": <value>} with the total of 17.5 + 38', 55.5),
    ('Fill in the template {"total": <value>} with the total of 0.125 + 38', 38.125),
])
def test_a_number_read_one_way_still_fills_its_slot(prompt: str, value: float) -> None:
    read = read_request(prompt)
    assert read is not None and [s.value for s in read.statements.values()] == [value]


@pytest.mark.parametrize(("language", "keys", "passage"), [
    ("en", ["product", "price"], "Every Nimbus 7 costs $349."),
    ("en", ["product", "price"], "Neither Nimbus 7 costs $349."),
    ("en", ["product", "price"], "Repairing Nimbus 7 costs $349."),
    ("en", ["product", "price"], "Atlas X2 costs $5."),             # 'Atlas' may be the sentence's capital only
    ("en", ["product", "price"], "The other costs $49."),
    ("en", ["product", "price"], "The total costs $49."),
    ("en", ["product", "price"], "The chair costs 12.5 dollars."),  # withdrawn: nothing shows 'chair' is a noun
    ("es", ["producto", "precio"], "La suya cuesta 39,5 euros."),
    ("es", ["producto", "precio"], "La chaqueta cuesta 39,5 euros."),
    ("it", ["prodotto", "prezzo"], "La stessa costa 39,5 euro."),
    ("it", ["prodotto", "prezzo"], "Il cappuccino costa 1,80 euro."),
    ("pt", ["produto", "preço"], "A outra custa 39,5 reais."),
    ("pt", ["cliente", "valor"], "O cliente Nenhum pagou 87,5 reais."),
    ("pt", ["cliente", "valor"], "O cliente Algum pagou 87,5 reais."),
    ("en", ["product", "price"], "The Every Nimbus 7 costs $349."),
])
def test_an_item_nothing_shows_is_no_claim(language: str, keys: list[str], passage: str) -> None:
    assert framed_values(passage, keys, language) == {}


@pytest.mark.parametrize(("language", "keys", "passage", "expected"), [
    ("en", ["product", "price"], "The Nimbus 7 costs $349.", {"product": "Nimbus 7", "price": 349}),
    ("en", ["product", "price"], "X2 costs $49.", {"product": "X2", "price": 49}),
    ("en", ["product", "price"], "The model Sol 2 costs $349.", {"product": "Sol 2", "price": 349}),
    ("pt", ["cliente", "valor"], "O cliente Tiago pagou 87,5 reais.", {"cliente": "Tiago", "valor": 87.5}),
])
def test_an_item_the_passage_shows_is_read(language: str, keys: list[str], passage: str, expected: dict[str, object]) -> None:
    assert {k: v for k, (v, _b, _e) in framed_values(passage, keys, language).items()} == expected


@pytest.mark.parametrize("prompt", [
    "Tom is 4 years older than twice his sister's age. Tom will be 50. Let s be the sister's age. Find s.",
    "Tom is 4 years older than twice his sister's age. Tom would be 50. Let s be the sister's age. Find s.",
    "Maria will be 2 times as old as her son, and together they are 45. Let m be Maria's age and s her son's age. Find m and s.",
    "Maria should be 2 times as old as her son, and together they are 45. Let m be Maria's age and s her son's age. Find m and s.",
    "Maria must be 3 times as old as her son, and together they are 48. Let m be Maria's age and s her son's age. Find m and s.",
])
def test_a_story_not_in_the_present_is_no_claim(prompt: str) -> None:
    assert understand_prompt(prompt) is None


def test_a_story_in_the_present_is_still_read() -> None:
    prompt = "Maria is 3 times as old as her son, and together they are 48. Let m be Maria's age and s her son's age. Find m and s."
    model = NeverRightModel()
    cache = StepCache()
    cache.generate(prompt.replace("48", "40"), model)
    before = model.calls
    result = cache.generate(prompt, model)
    assert model.calls == before and "m = 36" in result.text and "s = 12" in result.text, result.text
