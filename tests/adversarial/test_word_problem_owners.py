"""W15 and W16: a word problem's total and its "years more than him/her" are said of the right one.

Found by red team round 11 (2026-12-04), served verified=True and derived from the wrong facts:
W15 (470 pairs): "A plumber charges a $4 call-out fee plus $5 per hour. The ride cost $114." read the
ride's cost as the plumber's bill ("Hours: x = 22"); so were "The repair cost" after a taxi, "La
carrera costó" after a gym and the same in de/fr/it/pt. A bill word is now the bill of the subjects its
table lists (``bill_of``; "*": anyone's) or no claim. W16 (235 pairs): "Marco ha 4 volte l'età di sua
figlia e ha 15 anni più di lui" (more than *him*: not the daughter) was solved as the daughter's
difference; it/es/pt pronouns now agree with the relative's gender (``genders``) or no claim."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from stepcache_integrations.core.tasks.linear.word_problems import understand_word_problem

VOCABULARY = Path(__file__).resolve().parents[2] / "stepcache_integrations/core/tasks/linear/vocabulary"

EN = "A {subject} charges a $3 call-out fee plus $2 per hour. The {bill} was $19. How many hours did he work?"


def _en_table() -> dict:
    return json.loads((VOCABULARY / "en.json").read_text(encoding="utf-8"))


def test_every_bill_word_of_every_table_is_declared_whose() -> None:
    for path in VOCABULARY.glob("*.json"):
        table = json.loads(path.read_text(encoding="utf-8"))
        bills = set(table["classes"].get("WP_BILL", ()))
        assert bills == set(table.get("bill_of", {})), path.name


@pytest.mark.parametrize("subject", _en_table()["classes"]["WP_SUBJECT"])
@pytest.mark.parametrize("bill", [b for b in _en_table()["classes"]["WP_BILL"] if not b.startswith(("my ", "our "))])
def test_an_english_bill_is_read_only_as_its_own_subjects(subject: str, bill: str) -> None:
    owners = _en_table()["bill_of"][bill]
    prompt = EN.format(subject=subject, bill=bill)
    problem = understand_word_problem(prompt)
    if "*" in owners or subject in owners:
        assert problem is not None and problem.solution["x"] == 8, prompt
    else:
        assert problem is None, prompt


@pytest.mark.parametrize("prompt", [
    "A plumber charges a $4 call-out fee plus $5 per hour. The ride cost $114. How many hours did he work?",
    "A taxi charges a $5 base fare plus $3 per mile. The repair cost $35. How many miles did I ride?",
    "A gym charges a $5 joining fee plus $4 per month. The ride cost $49. How many months have I been a member?",
    "Un gimnasio cobra 2 euros de inscripción más 3 euros al mes. La carrera costó 74 euros. ¿Durante cuántos meses estuvo inscrita?",
    "Ein Handwerker berechnet 4 € Anfahrt und 2 € pro Stunde. Die Fahrt kostete 56 €. Wie viele Stunden hat er gearbeitet?",
    "Un plombier facture 4 € de déplacement plus 2 € par heure. La course a coûté 22 €. Combien d'heures a-t-il travaillé ?",
    "Un idraulico chiede 9 euro di uscita più 5 euro all'ora. La corsa è costata 84 euro. Quante ore ha lavorato?",
])
def test_the_cost_of_something_else_is_no_claim(prompt: str) -> None:
    assert understand_word_problem(prompt) is None, prompt


@pytest.mark.parametrize("prompt", [
    "A taxi charges a $3 base fare plus $2 per mile. The ride cost $19. How many miles did I ride?",
    "A plumber charges a $3 call-out fee plus $2 per hour. The bill was $19. How many hours did he work?",
    "A plumber charges a $3 call-out fee plus $2 per hour. The repair cost $19. How many hours did he work?",
])
def test_a_bill_of_its_own_subject_is_read(prompt: str) -> None:
    problem = understand_word_problem(prompt)
    assert problem is not None and problem.solution["x"] == 8, prompt


@pytest.mark.parametrize(("prompt", "value"), [
    ("Marco ha 4 volte l'età di suo figlio e ha 27 anni più di lui. Quanti anni ha il figlio?", 9),
    ("Marco ha 4 volte l'età di sua figlia e ha 27 anni più di lei. Quanti anni ha la figlia?", 9),
    ("Juan tiene 4 veces la edad de su hijo y tiene 27 años más que él. ¿Cuántos años tiene su hijo?", 9),
    ("João tem 4 vezes a idade da filha e tem 27 anos a mais que ela. Quantos anos tem a filha?", 9),
])
def test_years_more_than_the_relative_by_its_pronoun_is_read(prompt: str, value: int) -> None:
    problem = understand_word_problem(prompt)
    assert problem is not None and problem.solution["x"] == Fraction(value), prompt


@pytest.mark.parametrize("prompt", [
    "Marco ha 4 volte l'età di sua figlia e ha 15 anni più di lui. Quanti anni ha sua figlia?",
    "Marco ha 5 volte l'età di suo figlio e ha 12 anni più di lei. Quanti anni ha suo figlio?",
    "Marco ha 5 volte l'età di suo nipote e ha 12 anni più di lui. Quanti anni ha suo nipote?",
    "Juan tiene 4 veces la edad de su hija y tiene 15 años más que él. ¿Cuántos años tiene su hija?",
    "Juan tiene 4 veces la edad de su hijo y tiene 15 años más que ella. ¿Cuántos años tiene su hijo?",
    "João tem 4 vezes a idade do filho e tem 15 anos a mais que ela. Quantos anos tem o filho?",
    "João tem 4 vezes a idade da filha e tem 15 anos a mais que ele. Quantos anos tem a filha?",
])
def test_years_more_than_a_pronoun_of_another_gender_is_no_claim(prompt: str) -> None:
    assert understand_word_problem(prompt) is None, prompt
