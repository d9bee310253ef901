"""A yes/no question followed by its format ("Is 14 even? Answer yes or no.", es "Responde sí o no.",
zh "请回答是或否。"): red team 21 found it declined (12/12) while the question alone was served. Each
table's YES_NO_END words (core/tasks/arithmetic/vocabulary/*.json) after a divisibility, parity or
comparison question are read; after any other question (a number asked) the same words are no claim."""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.arithmetic.grammar import read_question

from .harness import FixedReplyModel

PAIRS = [
    ("Is 14 even? Answer yes or no.", "Is 15 even? Answer yes or no.", "No."),
    ("Is 15 even? Yes or no?", "Is 16 even? Yes or no?", "Yes."),
    ("Is 43 divisible by 3? Reply with yes or no.", "Is 42 divisible by 3? Reply with yes or no.", "Yes."),
    ("Is 57 greater than 23? Just yes or no.", "Is 17 greater than 23? Just yes or no.", "No."),
    ("Is 57 odd? Answer with yes or no!", "Is 58 odd? Answer with yes or no!", "No."),
    ("¿Es 14 par? Responde sí o no.", "¿Es 15 par? Responde sí o no.", "No."),
    ("57 est-il pair ? Réponds par oui ou non.", "58 est-il pair ? Réponds par oui ou non.", "Oui."),
    ("Ist 30 durch 3 teilbar? Antworte mit Ja oder Nein.", "Ist 31 durch 3 teilbar? Antworte mit Ja oder Nein.", "Nein."),
    ("30 è divisibile per 3? Rispondi sì o no.", "31 è divisibile per 3? Rispondi sì o no.", "No."),
    ("É 14 par? Responda sim ou não.", "É 15 par? Responda sim ou não.", "Não."),
    ("57 чётное? Ответь да или нет.", "58 чётное? Ответь да или нет.", "Да."),
    ("57是偶数吗？请回答是或否。", "58是偶数吗？请回答是或否。", "是。"),
    ("57は偶数ですか？はいかいいえで答えてください。", "58は偶数ですか？はいかいいえで答えてください。", "はい。"),
]


@pytest.mark.parametrize(("first", "second", "expected"), PAIRS, ids=[f"pair-{i}" for i in range(len(PAIRS))])
def test_a_yes_no_question_with_its_format_is_computed_without_a_model_call(first: str, second: str, expected: str) -> None:
    cache, model = StepCache(), FixedReplyModel("I do not know.")  # never right: what is served is computed
    written = cache.generate(first, model)
    assert model.calls == 1 and written.used_fallback and written.verification == "proven"
    result = cache.generate(second, model)
    assert model.calls == 1 and result.outcome in ("reuse", "reinstantiate"), result.outcome
    assert result.text == expected and result.verification == "proven" and result.verified


@pytest.mark.parametrize("prompt", [
    "What is 12 * 12? Answer yes or no.",  # no yes/no question asked: the format names no answer
    "What is 14 times 11? Yes or no?",
    "Compute 14 * 11. Reply with yes or no.",
    "¿Cuánto es 12 por 11? Responde sí o no.",
    "14 * 11 等于多少？请回答是或否。",
    "Is 14 even? Answer no.",  # not a yes/no format
    "Is 14 even? Answer yes or no, and explain.",  # words after the format
    "Is 14 even? Answer yes or no. Then say why.",
    "Is 14 even? Answer yes or no. Only the number.",
    "Is 14 even? Yes or no or maybe?",
    "Is 14 even? Answer yes or no in French.",
])
def test_a_yes_no_format_after_anything_else_is_no_claim(prompt: str) -> None:
    assert read_question(prompt) is None
    model = FixedReplyModel("the model's answer")
    assert StepCache().generate(prompt, model).text == "the model's answer" and model.calls == 1
