"""Imperial lengths and the pound in conversions (red team 23's over-declines: "How many inches are in
5 feet?" cost a model call). The international yard and pound agreement (1959) defines them exactly:
the foot 0.3048 m, the inch 0.0254 m, the yard 0.9144 m, the pound 453.59237 g; they are declared in
the shared table's ``measures`` like the mile, their words in each table. "in" is never the inch (it is
the preposition), the ounce is not declared (avoirdupois, troy or fluid), and the pound only in
English (the German Pfund and French livre are 500 g in everyday use). A result that is no
terminating decimal ("How many pounds are in 5 kg?") stays no claim.
"""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.arithmetic.constraints import ArithmeticConstraints
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question
from stepcache_integrations.core.tasks.arithmetic.task import ArithmeticTask

from .harness import assert_arith_pair_served, assert_red_team_pair_not_served

READ = [
    ("How many inches are in 5 feet?", "60"),
    ("How many inches in 5 feet?", "60"),
    ("Convert 3 feet to centimetres.", "91.44"),
    ("Convert 3 ft to cm.", "91.44"),
    ("How many yards are in 2 miles?", "3520"),
    ("How many feet are in 4 yards?", "12"),
    ("Convert 5 lb to kg.", "2.26796185"),
    ("How many grams are in 2 pounds?", "907.18474"),
    ("What is 10 inches in centimetres?", "25.4"),
    ("¿Cuántas pulgadas hay en 5 pies?", "60"),
    ("Convierte 3 yardas a metros.", "2.7432"),
    ("Wie viele Zoll sind 3 Fuß?", "36"),
    ("Сколько дюймов в 5 футах?", "60"),
    ("Quantas polegadas há em 2 pés?", "24"),
]


@pytest.mark.parametrize("prompt, answer", READ)
def test_read_and_answered_exactly(prompt: str, answer: str) -> None:
    assert read_question(prompt) is not None, prompt
    assert ArithmeticTask().fallback(ArithmeticConstraints.of_prompt(prompt)) == f"{answer}.", prompt


SERVED = [
    ("How many inches are in 5 feet?", "60.", "How many inches are in 7 feet?", "84."),
    ("How many inches are in 5 feet?", "60.", "How many inches are in 5 yards?", "180."),
    ("Convert 3 feet to centimetres.", "91.44.", "Convert 3 inches to centimetres.", "7.62."),
    ("Convert 5 lb to kg.", "2.26796185.", "Convert 10 lb to kg.", "4.5359237."),
]


@pytest.mark.parametrize("cached, answer, new, expected", SERVED)
def test_a_changed_number_or_unit_is_served_exactly(cached: str, answer: str, new: str, expected: str) -> None:
    assert_arith_pair_served(cached, answer, new, expected)


@pytest.mark.parametrize("prompt", [
    "How many pounds are in 5 kg?",          # 11.0231...: no terminating decimal
    "How many in are in 5 ft?",              # "in" is no inch
    "How many ounces are in 2 pounds?",      # the ounce is not declared
    "How many fluid ounces are in 2 litres?",
    "Convert 5 pounds to dollars.",          # money: no measure
    "Wie viele Pfund sind 3 kg?",            # the everyday Pfund is 500 g: not declared
    "Combien de livres dans 3 kilogrammes ?",
    "How many feet are in 3 pounds?",        # another dimension
    "How many square feet are in 3 square yards?",
    "How many feet are in 5 FT?",
])
def test_no_claim(prompt: str) -> None:
    assert not ArithmeticConstraints.of_prompt(prompt).claimed, prompt


@pytest.mark.parametrize("first, second", [
    ("How many inches are in 5 feet?", "How many square inches are in 5 square feet?"),
    ("How many inches are in 5 feet?", "How many ounces are in 5 pounds?"),
    ("Convert 5 lb to kg.", "Convert 5 lb to kg, rounded to one decimal."),
])
def test_near_misses_cost_one_model_call(first: str, second: str) -> None:
    assert_red_team_pair_not_served(first, second)
