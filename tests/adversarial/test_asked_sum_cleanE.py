"""wip/cleanE: the linear request "the sum of x and y" (linear/request.lark ``ART? SUM OF VAR AND VAR -> sum``,
reader.py ``_Read.sum``) was reached by no test and no corpus prompt (coverage of the reader corpora and the linear
suites). It is live reach, so it is tested here rather than deleted: after a never-right model, the second prompt of
each pair is served proven with the sum's exact value (en, de, fr; es "la suma de x e y" stays no claim: its "e" is
no AND word); an expression asked otherwise (the product, another unknown, a letter that is no unknown) is never
served the sum."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache

from .harness import NeverRightModel, served_linear

# (first, second, the sum of the second's unknowns)
PAIRS = [
    ("Solve x + y = 10, x - y = 4. Find the sum of x and y.", "Solve x + y = 12, x - y = 4. Find the sum of x and y.", 12),
    ("Given x + y = 10 and x - y = 4, find the sum of x and y.", "Given 2x + y = 10 and x - y = 2, find the sum of x and y.", 6),
    ("Solve 2a + b = 7, a - b = 2. Give the sum of a and b.", "Solve 2a + b = 9, a - b = 3. Give the sum of a and b.", 5),
    ("m + 2n = 8, m - n = 2. What is the sum of m and n?", "m + 2n = 11, m - n = 2. What is the sum of m and n?", 8),
    ("Solve x + y = 10, x - y = 4. Find the sum of x and y.", "Solve 3x + y = 14, x - y = 2. Find the sum of x and y.", 6),
    ("Löse x + y = 10, x - y = 4. Bestimme die Summe von x und y.", "Löse x + y = 14, x - y = 4. Bestimme die Summe von x und y.", 14),
    ("Berechne die Summe von x und y, wenn x + y = 10 und x - y = 4.", "Berechne die Summe von x und y, wenn 2x + y = 10 und x - y = 2.", 6),
    ("Résous x + y = 10, x - y = 4. Trouve la somme de x et y.", "Résous x + y = 16, x - y = 4. Trouve la somme de x et y.", 16),
]


@pytest.mark.parametrize(("first", "second", "total"), PAIRS)
def test_the_sum_is_served_exactly(first: str, second: str, total: int) -> None:
    text = served_linear(first, second)
    last = text.strip().splitlines()[-1]
    assert last.endswith(f" = {total}") and " + " in last, text  # "Answer: x + y = 12", de "x + y = 6"


TRAPS = [
    ("Solve x + y = 10, x - y = 4. Find the sum of x and y.", "Solve x + y = 10, x - y = 4. Find the product of x and y.", "x*y = 21"),
    ("Solve x + y = 10, x - y = 4. Find the sum of x and y.", "Solve x + y = 10, x - y = 4. Find y.", "y = 3"),
    ("Solve x + y = 10, x - y = 4. Find the product of x and y.", "Solve x + y = 10, x - y = 4. Find the sum of x and y.", "x + y = 10"),
]


@pytest.mark.parametrize(("first", "second", "right"), TRAPS)
def test_another_expression_is_never_served_the_sum(first: str, second: str, right: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    again = cache.generate(second, model)
    if again.verified:
        assert again.text.strip().splitlines()[-1].endswith(right), (second, again.text)


def test_a_letter_that_is_no_unknown_is_no_sum() -> None:
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    assert understand_prompt("Solve x + y = 10, x - y = 4. Find the sum of x and z.") is None
