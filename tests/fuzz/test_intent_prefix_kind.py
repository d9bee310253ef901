"""The edit kind intent_prefix (the lead, 2026-12-07, after red team 30c): a math prompt led by a sentence that asks
for something else than its answer ("Quiz me: ", "Give me only a hint: ", "Check my work, I got 9: ", es/fr/de). The
oracle reads none of them, so an answer served without a model call is a violation; here every prefix is judged
on every plain math base of the corpus (English, German, Portuguese, systems, everyday English, word problems)."""

from __future__ import annotations

import random

import pytest

from stepcache_integrations import StepCache

from .corpus import plain_bases
from .edits import INTENT_PREFIXES, NEW_TEXT_EDITS, apply_edit, new_applicable
from .oracle import smart_answer, understand_text

MATH_KINDS = ("math_en", "math_de", "math_pt", "math_system", "math_en_everyday", "word_en")
BASES = plain_bases(reach=True)
MATH_BASES = [b.request for k in MATH_KINDS for b in BASES.get(k, ()) if isinstance(b.request, str)]


def test_the_kind_is_declared_and_applies_to_a_prompt_with_a_number() -> None:
    assert "intent_prefix" in NEW_TEXT_EDITS and MATH_BASES
    assert all("intent_prefix" in new_applicable(base) for base in MATH_BASES)
    assert "intent_prefix" not in new_applicable("Who wrote Hamlet?")


@pytest.mark.parametrize("seed", range(6))
def test_the_edit_leads_the_prompt_with_one_prefix(seed: int) -> None:
    base = MATH_BASES[seed % len(MATH_BASES)]
    edited = apply_edit(base, "intent_prefix", random.Random(seed))
    assert edited is not None and edited.endswith(base) and edited[: -len(base)] in INTENT_PREFIXES


# each prefix on every third base, offset by its index: every base meets four prefixes (the whole product took
# minutes of CI on two cores: the oracle's renaming search is slow on a prompt it declines, ~0.5 s)
STRIDE = 3


@pytest.mark.parametrize("index", range(len(INTENT_PREFIXES)))
def test_the_oracle_reads_no_prefixed_prompt(index: int) -> None:
    prefix = INTENT_PREFIXES[index]
    assert all(understand_text(prefix + base) is None for base in MATH_BASES[index % STRIDE :: STRIDE])


@pytest.mark.parametrize("index", range(len(INTENT_PREFIXES)))
def test_the_engine_serves_no_prefixed_prompt_from_the_cache(index: int) -> None:
    prefix = INTENT_PREFIXES[index]
    for base in MATH_BASES[index % STRIDE :: STRIDE]:
        cache = StepCache()
        cache.generate(base, lambda prompt: smart_answer(base, "d"))
        calls: list[str] = []
        result = cache.generate(prefix + base, lambda p: calls.append(p) or "MODEL")
        assert calls and result.text == "MODEL", (prefix + base, result.text)
