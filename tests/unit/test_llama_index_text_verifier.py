"""The text verifier on RAG-shaped prompts (the engine change made for the LlamaIndex integration)."""

from __future__ import annotations

import unicodedata

from stepcache_integrations import StepCache, TextTask

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


def test_no_variant_of_the_prompt_keeps_a_step() -> None:
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, cached, cached) == [True, True]  # the same prompt, exactly as written
    # Was [True, True] (the "safe set"): outer whitespace, line-ending style and the Unicode
    # normalization form are content (code indentation, code-point counts, CRLF questions)
    assert verdicts(ANSWER, "\n  " + cached + "\n", cached) == [False, False]
    assert verdicts(ANSWER, cached.replace("\n", "\r\n"), cached) == [False, False]
    accented = rag(ATLAS + " It ships from the Zürich café.", "How long does the Atlas X2 battery last?")
    decomposed = unicodedata.normalize("NFD", accented)
    assert decomposed != accented and verdicts(ANSWER, decomposed, accented) == [False, False]
    # Was [True, True] before issue 19: a sentence's first letter, inner whitespace and closing
    # punctuation are content in code, proper nouns and data, so this is not proven.
    new = rag(ATLAS, "how long does the  Atlas X2 battery last") + "\n"
    assert verdicts(ANSWER, new, cached) == [False, False]
    # Case inside a sentence can carry meaning ("Polish"/"polish", "US"/"us"): not proven.
    lowered = rag(ATLAS, "how long does the atlas x2 battery last")
    assert verdicts(ANSWER, lowered, cached) == [False, False]


def test_paraphrased_question_is_not_proven() -> None:
    # Was [True, True]: the content-word diff let a reworded question keep the answer, and the
    # same rule kept it for questions that only share words. A rewording is no evidence.
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, rag(ATLAS, "How many hours does the Atlas X2 battery last?"), cached) == [False, False]


def test_changed_fact_fails_every_step() -> None:
    # Was [True, False]: a step that does not quote the changed fact may still depend on it.
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    new = rag(ATLAS.replace("14 hours", "9 hours"), "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, new, cached) == [False, False]


def test_changed_fact_is_stale_even_if_the_old_value_occurs_elsewhere() -> None:
    context = ATLAS + " The Atlas X2 weighs 14 ounces."
    cached = rag(context, "How long does the Atlas X2 battery last?")
    new = rag(context.replace("lasts 14 hours", "lasts 9 hours"), "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, new, cached) == [False, False]


def test_new_question_over_the_same_document_fails_every_step() -> None:
    cached = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts(ANSWER, rag(ATLAS, "How much does the Atlas X2 cost?"), cached) == [False, False]
    assert verdicts("14 hours.", rag(ATLAS, "How long does the Atlas X2 take to charge?"), cached) == [False]


def test_different_context_fails_even_a_generic_answer() -> None:
    cached = rag(RETURNS, "What is the returns policy?")
    new = rag(ATLAS, "How long does the Atlas X2 battery last?")
    assert verdicts("I do not know.", new, cached) == [False]


def test_engine_does_not_serve_another_documents_answer() -> None:
    cache = StepCache()
    cache.store_answer(rag(RETURNS, "What is the returns policy?"), "I do not know.")
    plan = cache.lookup(rag(ATLAS, "How long does the Atlas X2 battery last?"))
    assert plan.needs_model and plan.outcome in ("miss", "skip_reuse")


def test_engine_does_not_answer_a_chat_follow_up_from_the_cache() -> None:
    cache = StepCache()
    history = "system: You answer questions about the Atlas X2.\n\nuser: How long does the battery last?"
    cache.store_answer(history, "About 14 hours of video playback.")
    follow_up = history + "\n\nassistant: About 14 hours of video playback.\n\nuser: And how heavy is it?"
    plan = cache.lookup(follow_up)
    assert plan.needs_model and plan.outcome in ("miss", "skip_reuse")
    # the same conversation exactly as written is served; with other line endings or outer
    # whitespace it is another request (was served as the "safe set")
    same = cache.lookup(history)
    assert not same.needs_model and same.outcome == "reuse"
    for variant in ("  " + history + "\n", history.replace("\n", "\r\n")):
        other = cache.lookup(variant)
        assert other.needs_model and other.outcome in ("miss", "skip_reuse")
    # a changed letter's case is content since issue 19 (it was served before): the model answers
    recased = cache.lookup(history.replace("How long", "how long"))
    assert recased.needs_model and recased.outcome in ("miss", "skip_reuse")
