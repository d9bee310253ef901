"""Red team round 6, W5: "just the number" in German, Italian, Russian, Chinese and Japanese was read as
"the answer only" (their words for "the number" were in the ANSWER class) and served "x = 5",
verified, for a request that asks for the number alone. Those words are now the BARE_NUMBER class
of their tables: a request is served the number alone, proven, or goes to the model; never a
labelled line or an equation.
"""

from __future__ import annotations

import re

import pytest

from stepcache_integrations import StepCache

from .harness import FixedReplyModel

# (cached request, its right derivation, the changed request asking for the number alone, the number)
PAIRS = [
    ("Löse die Gleichung 8x + 23 = 55.", "8x + 23 = 55\n8x = 32\nx = 4", "Löse 8x + 23 = 63. Nur die Zahl.", "5"),
    ("Löse die Gleichung 8x + 23 = 55.", "8x + 23 = 55\n8x = 32\nx = 4", "Löse 8x + 23 = 63. Nur die Zahl, bitte.", "5"),
    ("Risolvi 3x + 2 = 11.", "3x + 2 = 11\n3x = 9\nx = 3", "Risolvi 3x + 2 = 14. Solo il numero.", "4"),
    ("Risolvi 3x + 2 = 11.", "3x + 2 = 11\n3x = 9\nx = 3", "Risolvi 3x + 2 = 14. Dammi solo il numero.", "4"),
    ("Реши 2x + 1 = 7.", "2x + 1 = 7\n2x = 6\nx = 3", "Реши 2x + 1 = 9. Только число.", "4"),
    ("Реши 2x + 1 = 7.", "2x + 1 = 7\n2x = 6\nx = 3", "Реши 2x + 1 = 9. Дай только число.", "4"),
    ("解方程 4x + 30 = 46", "4x + 30 = 46\n4x = 16\nx = 4", "解方程 4x + 30 = 48，只要数字。", "4.5"),
    ("解方程 4x + 30 = 46", "4x + 30 = 46\n4x = 16\nx = 4", "解方程 4x + 30 = 48，只写数字。", "4.5"),
    ("5x - 2 = 18 を解いて", "5x - 2 = 18\n5x = 20\nx = 4", "5x - 2 = 23 を解いて。数字だけ答えてください", "5"),
    ("5x - 2 = 18 を解いて", "5x - 2 = 18\n5x = 20\nx = 4", "5x - 2 = 23 を解いて。数字だけ。", "5"),
]


@pytest.mark.parametrize(("first", "derivation", "second", "number"), PAIRS)
def test_the_number_alone_is_served_or_the_model_asked(first: str, derivation: str, second: str, number: str) -> None:
    cache = StepCache()
    cache.generate(first, FixedReplyModel(derivation))
    model = FixedReplyModel("?")
    result = cache.generate(second, model)
    if model.calls == 0 or result.verified:
        assert result.text.strip() == number, (second, result.text)
    assert not re.search(r"[a-z]\s*=", result.text), (second, result.text)  # never "x = 5" for the number alone


def test_the_german_italian_and_russian_number_alone_is_served() -> None:
    """The reach kept: where the table's rules derive the request, the number is served without a model call."""
    served = 0
    for first, derivation, second, number in PAIRS[:6]:
        cache = StepCache()
        cache.generate(first, FixedReplyModel(derivation))
        model = FixedReplyModel("?")
        result = cache.generate(second, model)
        served += model.calls == 0 and result.verified and result.text.strip() == number
    assert served == 6
