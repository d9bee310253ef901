"""wip/fuzzC (the fuzzer's number_format edit, W22's digit-group rule): in a word problem a number
with one to three digits, one point or comma and exactly three digits ("1,004", "1.048") is a digit
group read two ways (1004 in en-US, 1.004 with a decimal comma) and no number in any table: the
request is no claim. Found by ``scripts/fuzz_prompts.py --edit number_format`` (seeds 1 and 2):
"Luc a 1,003 fois l'âge de sa fille. À eux deux, ils ont 48 ans." was served x = 48000/2003,
"Juan tiene 4 veces la edad de su hijo y tiene 1,027 años más que él." x = 1027/3000, "... add up to
1.048" x = 0.262. An English amount with its sign ("$1,019") is still an amount (1019), and a number
with two or four digits after its mark ("2,50", "0.125") is still the table's number."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache

from .harness import NeverRightModel

# (language, base prompt the cache learns, the same prompt with a digit group in place of a number)
_GROUPS = [
    ("fr", "Luc a 3 fois l'âge de sa fille. À eux deux, ils ont 48 ans. Quel âge a sa fille ?", "3", "1,003"),
    ("fr", "Luc a 4 fois l'âge de son fils. À eux deux, ils ont 50 ans. Quel âge a son fils ?", "50", "1,050"),
    ("es", "Juan tiene 4 veces la edad de su hijo y tiene 27 años más que él. ¿Cuántos años tiene su hijo?", "27", "1,027"),
    ("es", "Juan tiene 4 veces la edad de su hijo y tiene 27 años más que él. ¿Cuántos años tiene su hijo?", "4", "1.004"),
    ("it", "Marco ha 4 volte l'età di suo figlio e ha 27 anni più di lui. Quanti anni ha il figlio?", "4", "1,004"),
    ("it", "Anna ha 3 volte l'età di sua figlia e ha 20 anni più di lei. Quanti anni ha la figlia?", "20", "1,020"),
    ("pt", "João tem 4 vezes a idade da filha e tem 27 anos a mais que ela. Quantos anos tem a filha?", "27", "1,027"),
    ("de", "Ein Rechteck hat einen Umfang von 30 cm und ist 9 cm lang. Wie breit ist es?", "9", "1,009"),
    ("de", "Ein Rechteck hat einen Umfang von 30 cm und ist 9 cm lang. Wie breit ist es?", "30", "1.030"),
    ("en", "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?", "48", "1.048"),
    ("en", "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?", "3", "1.003"),
    ("en", "Lena is 4 times as old as her nephew. Lena is 30 years older than her nephew. How old is the nephew?", "30", "1.030"),
    ("en", "Lena is 4 times as old as her nephew. Lena is 30 years older than her nephew. How old is the nephew?", "30", "1,030"),
    ("en", "A rectangle has a perimeter of 40 cm and a width of 7 cm. What is its length?", "7", "1.007"),
]


def _asked(first: str, second: str) -> tuple[int, str]:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    return model.calls - before, result.text


def _swapped(prompt: str, old: str, new: str) -> str:
    import re

    found = list(re.finditer(rf"(?<![0-9.,]){re.escape(old)}(?![0-9])", prompt))
    assert found, (prompt, old)
    m = found[0]
    return prompt[: m.start()] + new + prompt[m.end() :]


@pytest.mark.parametrize(("language", "base", "old", "grouped"), _GROUPS)
def test_a_digit_group_in_a_word_problem_is_no_claim(language: str, base: str, old: str, grouped: str) -> None:
    calls, text = _asked(base, _swapped(base, old, grouped))
    assert calls >= 1, (language, grouped, text)


@pytest.mark.parametrize(("language", "base", "old", "grouped"), _GROUPS)
def test_the_same_problem_with_a_plain_number_is_still_served(language: str, base: str, old: str, grouped: str) -> None:
    """The base's shape is served with another plain number (the trap above changes the number's
    writing only)."""
    plain = str(int(old) + (2 if old not in ("3", "4") else 1))
    calls, text = _asked(base, _swapped(base, old, plain))
    assert calls == 0, (language, plain, text)


@pytest.mark.parametrize(("first", "second", "value"), [
    ("A taxi charges a $3 base fare plus $2 per mile. The ride cost $19. Let m be the number of miles. Set up an equation and solve for m.",
     "A taxi charges a $3 base fare plus $2 per mile. The ride cost $1,019. Let m be the number of miles. Set up an equation and solve for m.",
     "m = 508"),
    ("A taxi charges a $4 flat fee plus $2.50 per mile. My ride cost $24. How many miles did I travel?",
     "A taxi charges a $4 flat fee plus $2.50 per mile. My ride cost $1,024. How many miles did I travel?", "x = 408"),
])
def test_an_english_amount_with_its_sign_keeps_its_thousands(first: str, second: str, value: str) -> None:
    calls, text = _asked(first, second)
    assert calls == 0 and text.rstrip().endswith(value), text
