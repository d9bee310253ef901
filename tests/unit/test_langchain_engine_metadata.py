"""The engine change the LangChain adapters rely on: ``metadata=`` on complete/finalize (and async twins)."""

from __future__ import annotations

from stepcache_integrations import StepCache

Q = "Solve 3x + 5 = 20 for x. Show your steps."
A = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"


def _entry(cache: StepCache, entry_id: str | None):
    assert entry_id is not None
    entry = cache.store.get(entry_id)
    assert entry is not None
    return entry


def test_finalize_and_complete_keep_caller_metadata() -> None:
    cache = StepCache()
    result = cache.finalize(cache.lookup(Q), A, metadata={"langchain": {"kind": "chat"}, "outcome": "spoofed"})
    entry = _entry(cache, result.stored_entry_id)
    assert entry.metadata["langchain"] == {"kind": "chat"}
    assert entry.metadata["outcome"] == "miss"  # engine keys win over the caller's
    other = StepCache()
    result = other.complete(other.lookup(Q), lambda _p: A, metadata={"k": 1})
    assert _entry(other, result.stored_entry_id).metadata["k"] == 1


def test_metadata_defaults_unchanged() -> None:
    cache = StepCache()
    result = cache.finalize(cache.lookup(Q), A)
    entry = _entry(cache, result.stored_entry_id)
    # lookup_keys: the problem-key tier's keys of the prompt (a linear problem: its problem, shape, family)
    assert set(entry.metadata) == {"outcome", "provenance", "verification", "lookup_keys"}
    assert [key[:2] for key in entry.metadata["lookup_keys"]] == ["p:", "s:", "f:"]
    assert entry.metadata["verification"] == entry.verification == result.verification == "proven"


def test_the_stored_level_is_the_engines_not_the_callers() -> None:
    cache = StepCache()
    text = "Say hello to the team."
    result = cache.finalize(cache.lookup(text), "Hello, team!", metadata={"verification": "proven"})
    entry = _entry(cache, result.stored_entry_id)
    assert result.verification == entry.verification == entry.metadata["verification"] == "unchecked"
    stored = cache.store_answer(text + " Twice.", "Hello!", metadata={"verification": "proven"})
    assert _entry(cache, stored).verification == "unchecked"


async def test_async_twins_keep_caller_metadata() -> None:
    cache = StepCache()
    result = await cache.afinalize(await cache.alookup(Q), A, metadata={"k": "a"})
    assert _entry(cache, result.stored_entry_id).metadata["k"] == "a"

    async def llm(_p: str) -> str:
        return A

    other = StepCache()
    result = await other.acomplete(await other.alookup(Q), llm, metadata={"k": "b"})
    assert _entry(other, result.stored_entry_id).metadata["k"] == "b"
