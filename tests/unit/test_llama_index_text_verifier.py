"""The text verifier on RAG-shaped prompts (the engine change made for the LlamaIndex integration)."""

from __future__ import annotations

from stepcache_integrations import StepCache, TextTask
from stepcache_integrations.core.tasks.text import prompt_changes

TEMPLATE = (
    "Context information is below.\n---------------------\n{context}\n---------------------\n"
    "Given the context information and not prior knowledge, answer the query.\nQuery: {query}\nAnswer: "
)
ATLAS = "The Atlas X2 battery lasts 14 hours of video playback. It charges to 80 percent in 45 minutes."
RETURNS = "Northwind Devices accepts returns within 30 days of delivery. Refunds take 5 business days."
ANSWER = "The Atlas X2 charges to 80 percent in 45 minutes.\n\nIts battery lasts 14 hours of video playback."
text = TextTask()


def verdicts(answer: str, prompt: str, cached_prompt: str) -> list[bool]:
    c, old = text.constraints(prompt), text.constraints(cached_prompt)
    return [u.ok for u in text.verify(text.segment(answer, c), c, old).units]


def rag(context: str, query: str) -> str:
    return TEMPLATE.format(context=context, query=query)


def test_paraphrased_question_keeps_every_step() -> None:
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, rag(ATLAS, "How many hours does the Atlas X2 battery last?"), cached) == [True, True]


def test_changed_fact_fails_only_the_step_that_quotes_it() -> None:
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    new = rag(ATLAS.replace("14 hours", "9 hours"), "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, new, cached) == [True, False]


def test_changed_fact_is_stale_even_if_the_old_value_occurs_elsewhere() -> None:
    context = ATLAS + " The Atlas X2 weighs 14 ounces."
    cached = rag(context, "How long does the Atlas X2 battery last?")
    new = rag(context.replace("lasts 14 hours", "lasts 9 hours"), "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, new, cached) == [True, False]


def test_different_question_fails_steps_that_answer_the_old_one() -> None:
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, rag(ATLAS, "How much does the Atlas X2 cost?"), cached)[1] is False


def test_different_context_fails_even_a_generic_answer() -> None:
    cached = rag(RETURNS, "What is the returns policy?")
    new = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts("I do not know.", new, cached) == [False]
    words, changed, total = prompt_changes(cached, new)
    assert changed >= text.min_changed_tokens and changed >= text.max_changed_share * total
    assert "returns" in words


def test_engine_does_not_serve_another_documents_answer() -> None:
    cache = StepCache()
    cache.store_answer(rag(RETURNS, "What is the returns policy?"), "I do not know.")
    plan = cache.lookup(rag(ATLAS, "How long does the Atlas X2 battery last?"))
    assert plan.needs_model and plan.outcome in ("miss", "skip_reuse")
