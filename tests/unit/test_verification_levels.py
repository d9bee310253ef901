"""Issue 20: ``verified`` means proven, and every outcome a user reads says how far it was checked.

``verification`` is "proven" (a checker proved every part of the answer for this prompt),
"checked" (the task's checks hold, but some content is only the model's) or "unchecked"
(nothing judged it); ``verified`` is ``verification == "proven"``. ``checks_passed`` (what
decides storing and ``strict=True``) is separate: fresh free text passes and is stored, marked
unchecked, and is served again as unchecked, never as verified.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import InMemoryStore, JsonTask, StepCache, TaskRegistry, TextTask, VerificationError
from stepcache_integrations.core.types import CacheEntry, Step, StepCacheResult, weakest
from stepcache_integrations.stores import SQLiteStore
from stepcache_integrations.stores.base import entry_from_json, entry_to_json
from stepcache_integrations.stores.transfer import export_jsonl, import_jsonl

REPO = Path(__file__).resolve().parents[2]

# free text no checker reads (the other example; its "What is 12 * 12?" is the arithmetic task's now;
# wip/arithW: "Is 17 a prime number?" too, primality being read)
FREE_TEXT = "Who wrote Hamlet?"
WRONG_FREE_TEXT = "Christopher Marlowe wrote Hamlet."  # the model's own wrong text
MATH = "Solve for x step by step: 3x + 5 = 20."
MATH_ANSWER = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
STATED = 'Return a JSON object for a person with name "Alice", age 34, city "Paris". Required keys: name, age and city.'
STATED_BOB = STATED.replace('"Alice"', '"Bob"').replace("34", "30").replace('"Paris"', '"Rome"')
STATED_ANSWER = '{"name": "Alice", "age": 34, "city": "Paris"}'
UNSTATED = "Return a JSON object for a person. Required keys: name, age and city."
UNSTATED_ANSWER = '{"name": "Zed", "age": 41, "city": "Oslo"}'
WORD_PROBLEM = "Tom has x apples, and 2x + 3 = 11. How many apples does Tom have? Explain in a short story."


def model(*answers: str) -> Any:
    """A scripted model that fails the test when called more often than scripted."""
    queue = list(answers)

    def call(prompt: str) -> str:
        if not queue:
            pytest.fail(f"unexpected model call: {prompt[:80]!r}")
        return queue.pop(0)

    return call


def no_model(prompt: str) -> str:
    raise AssertionError("the model must not be called")


# -- free text: unchecked, fresh and served again -----------------------------------------------
def test_a_wrong_fresh_free_text_answer_is_unchecked_stored_and_served_again_unchecked() -> None:
    cache = StepCache()
    first = cache.generate(FREE_TEXT, model(WRONG_FREE_TEXT))
    assert first.task == "text" and first.text == WRONG_FREE_TEXT
    assert first.verification == "unchecked" and first.verified is False
    assert first.checks_passed and not first.errors and first.stored_entry_id  # stored, as before, marked
    assert cache.store.get(first.stored_entry_id).verification == "unchecked"
    assert {s.evidence for s in first.steps} == {"model output, no checker for it"}
    again = cache.generate(FREE_TEXT, no_model)
    assert again.outcome == "reuse" and again.text == WRONG_FREE_TEXT
    assert again.verification == "unchecked" and again.verified is False
    with pytest.raises(AssertionError):  # the safe set is empty: outer whitespace is content, a miss
        cache.generate("  " + FREE_TEXT + "\r\n", no_model)
    dumped = again.model_dump()
    assert dumped["verified"] is False and dumped["verification"] == "unchecked"  # serialised outputs keep both
    assert json.loads(again.model_dump_json())["verified"] is False


def test_unchecked_free_text_is_not_a_strict_error_but_a_failed_check_is() -> None:
    strict = StepCache(strict=True)
    result = strict.generate(FREE_TEXT, model(WRONG_FREE_TEXT))  # nothing failed: nothing to raise
    assert result.verification == "unchecked" and result.checks_passed
    with pytest.raises(VerificationError):
        strict.generate("Return JSON with keys a and b.", model('{"a": 1}', '{"a": 1}'))


def test_a_stated_equation_value_in_free_text_is_checked_not_proven() -> None:
    cache = StepCache()
    # red team round 5 (a): the word problem asks for a story, not x: a right x is unchecked
    right = cache.generate(WORD_PROBLEM, model("Solving the equation gives x = 4."))
    assert right.task == "text" and right.verification == "unchecked" and not right.verified
    assert cache.generate(WORD_PROBLEM, no_model).verification == "unchecked"  # served as stored
    # a prompt read whole (it asks for x and nothing else), through the text task alone
    text_only = StepCache(tasks=TaskRegistry([TextTask()]))
    asked = text_only.generate("If 2x + 3 = 11, what is x?", model("Solving the equation gives x = 4."))
    assert asked.task == "text" and asked.verification == "checked" and not asked.verified
    assert text_only.generate("If 2x + 3 = 11, what is x?", no_model).verification == "checked"  # as stored
    # red team round 4, R4: a word outside the closed vocabulary ("apples", "Tom") was not read
    prose = StepCache().generate(WORD_PROBLEM, model("Solving the equation gives x = 4, and that is how many apples Tom has."))
    assert prose.task == "text" and prose.verification == "unchecked"
    beside = StepCache().generate(WORD_PROBLEM, model("Since 2x + 3 = 11, x = 4, so Tom has 4 apples."))
    assert beside.task == "text" and beside.verification == "unchecked"  # its other numbers were not read
    story = StepCache().generate(WORD_PROBLEM, model("Tom counted his apples twice."))
    assert story.verification == "unchecked"  # states no value: nothing was compared
    wrong = StepCache(max_repairs=0).generate(WORD_PROBLEM, model("x = 5, so Tom has 5 apples."))
    assert not wrong.checks_passed and wrong.verification == "unchecked" and wrong.stored_entry_id is None


def test_a_reworded_free_text_prompt_regenerates_an_unchecked_answer() -> None:
    cache = StepCache()
    cache.generate(FREE_TEXT, model(WRONG_FREE_TEXT))
    # "What is twelve squared?" was this test's prompt; the arithmetic task reads it now (wip/overdecl: the
    # table's number words); "a dozen" is no number word of the table
    other = cache.generate("What is a dozen squared?", model("144"))
    assert other.outcome in ("miss", "skip_reuse") and other.verification == "unchecked" and not other.verified
    # "What is 12 squared?" was this test's prompt; the arithmetic task reads it now (wip/arithA: "N squared" is
    # declared): the model is still asked (the cached free text is not reused) and its answer is proven
    squared = cache.generate("What is 12 squared?", model("144"))
    assert squared.outcome in ("miss", "skip_reuse") and squared.task == "arithmetic" and squared.model_calls == 1
    assert squared.verification == "proven" and squared.verified and squared.text == "144"
    # "What is 12 times 12?" was this test's prompt; the arithmetic task reads it now (wip/tpl): it is the
    # problem "12 squared" asked (12 * 12, its value alone asked in words), served from the problem-key
    # tier without a model call since wip/arithA, proven and right
    asked = cache.generate("What is 12 times 12?", model("145"))
    assert asked.outcome == "reuse" and asked.task == "arithmetic" and asked.model_calls == 0
    assert asked.verification == "proven" and asked.verified and asked.text == "144"


# -- linear equations: proven -------------------------------------------------------------------
def test_linear_answers_are_proven_fresh_reused_reinstantiated_and_from_the_fallback() -> None:
    cache = StepCache()
    fresh = cache.generate(MATH, model(MATH_ANSWER))
    assert fresh.verification == "proven" and fresh.verified and fresh.checks_passed
    assert cache.store.get(fresh.stored_entry_id).verification == "proven"
    reused = cache.generate(MATH.replace("Solve", "Please solve"), no_model)
    assert reused.outcome == "reuse" and reused.verification == "proven"
    changed = cache.generate(MATH.replace("= 20", "= 26"), no_model)
    assert changed.outcome == "reinstantiate" and changed.verification == "proven"
    assert cache._pending.get(changed.stored_entry_id).verification == "proven"  # the derived entry, held
    assert cache.flush() == 1  # and written (core.pending)
    assert cache.store.get(changed.stored_entry_id).verification == "proven"  # the derived entry too
    fallback = StepCache().generate("Solve for x step by step: 7 - 2x = 3x + 1.", model("x = 2", "x = 2"))
    assert fallback.used_fallback and fallback.verification == "proven"


def test_a_wrong_linear_answer_is_proven_only_once_the_checker_replaced_it() -> None:
    wrong = "Step 1: Subtract 5 from both sides: 3x = 15.\nAnswer: x = 6"
    math = StepCache(max_repairs=0)
    result = math.generate(MATH, model(wrong))
    assert result.used_fallback and result.verification == "proven" and result.text.endswith("Answer: x = 5")
    assert wrong not in [e.text for e, _ in math.store.iter_items()]
    # the same wrong text where no task can check it (free text only): stored, but never verified
    text_only = StepCache(max_repairs=0, tasks=TaskRegistry([TextTask()]))
    unchecked = text_only.generate(MATH, model(wrong))
    assert unchecked.task == "text" and unchecked.text == wrong
    assert unchecked.verification == "unchecked" and not unchecked.verified


# -- JSON: proven when every value is stated, checked otherwise ------------------------------------
def test_json_with_unstated_values_is_checked_and_stays_checked_when_served() -> None:
    cache = StepCache()
    first = cache.generate(UNSTATED, model(UNSTATED_ANSWER))
    assert first.task == "json" and first.checks_passed
    assert first.verification == "checked" and not first.verified
    assert {s.evidence for s in first.steps} == {"model output checked"}
    again = cache.generate(UNSTATED, no_model)
    assert again.outcome == "reuse" and again.verification == "checked"  # never promoted by a reuse


def test_json_with_every_value_stated_is_proven_and_so_is_its_reinstantiation() -> None:
    cache = StepCache()
    first = cache.generate(STATED, model(STATED_ANSWER))
    assert first.verification == "proven" and first.verified
    bob = cache.generate(STATED_BOB, no_model)
    assert bob.outcome == "reinstantiate" and bob.verification == "proven"
    assert json.loads(bob.text) == {"name": "Bob", "age": 30, "city": "Rome"}
    fallback = StepCache().generate(STATED, model("no JSON here", "still none"))  # every value stated
    assert fallback.used_fallback and fallback.verification == "proven"


def test_a_json_patch_is_as_proven_as_its_least_proven_key() -> None:
    cache = StepCache()
    cache.generate(STATED, model(STATED_ANSWER))
    added = STATED.replace("name, age and city", "name, age, city and email")
    patched = cache.generate(added, model('{"email": "alice@example.com"}'))
    assert patched.outcome == "patch" and patched.checks_passed
    assert patched.verification == "checked"  # name, age and city are stated; email is the model's
    assert cache.store.get(patched.stored_entry_id).verification == "checked"


# -- custom tasks ---------------------------------------------------------------------------------
class QuietText(TextTask):
    """A text task with its own (trivial) verifier and no word about levels."""

    name = "quiet"

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return prompt.startswith("Quiet:")


class PlainTask(JsonTask):
    """A subclass that only renames a built-in task keeps its levels."""

    name = "plain_json"


def test_custom_tasks_never_claim_more_than_they_say() -> None:
    registry = TaskRegistry()
    registry.register(QuietText(), first=True)
    cache = StepCache(tasks=registry)
    result = cache.generate("Quiet: say something", model("something"))
    assert result.task == "quiet" and result.verification == "unchecked"  # free text's own level
    handler = JsonTask()
    constraints = handler.constraints(UNSTATED)
    steps = handler.segment(UNSTATED_ANSWER, constraints)
    base = super(JsonTask, handler).verification_level  # TaskHandler's default
    assert base(steps, constraints, None) == "checked"
    assert base(steps, constraints, constraints, "proven") == "checked"  # a cached part: no more than stored
    assert base(steps, constraints, constraints, "unchecked") == "unchecked"
    assert weakest("proven", "checked", "unchecked") == "unchecked" and weakest("proven") == "proven"
    assert PlainTask().verification_level(steps, constraints, None) == "checked"


# -- stores: the level is kept, an entry without one reads unchecked ----------------------------------
def _old_entry(prompt: str, answer: str, task_name: str, registry: TaskRegistry | None = None) -> CacheEntry:
    """An entry as a store written before levels existed holds it: no "verification" in its metadata."""
    registry = registry or TaskRegistry()
    handler = registry.get(task_name)
    constraints = handler.constraints(prompt)
    return CacheEntry(
        prompt=prompt, task=task_name, constraints=constraints, steps=handler.segment(answer, constraints),
        metadata={"outcome": "miss", "provenance": ["regenerated"]},
    )


def _seed(cache: StepCache, entry: CacheEntry) -> None:
    cache.store.add(entry, cache.embedder.embed(entry.prompt))


def test_an_old_format_entry_reads_unchecked_unless_its_task_proves_it_anew(tmp_path: Path) -> None:
    text = _old_entry(FREE_TEXT, WRONG_FREE_TEXT, "text")
    payload = json.loads(entry_to_json(text))
    payload.pop("metadata")  # the oldest form: no metadata at all
    assert entry_from_json(json.dumps(payload)).verification == "unchecked"
    tampered = text.model_copy(update={"metadata": {"verification": "certified"}})
    assert tampered.verification == "unchecked"  # an unknown level is no level
    path = tmp_path / "old.db"
    with SQLiteStore(path) as store:
        cache = StepCache(store=store)
        _seed(cache, text)
        _seed(cache, _old_entry(MATH, MATH_ANSWER, "linear_equation"))
        _seed(cache, _old_entry(STATED, STATED_ANSWER, "json"))
        _seed(cache, _old_entry(UNSTATED, UNSTATED_ANSWER, "json"))
    with SQLiteStore(path) as store:  # reopened: what the file holds
        cache = StepCache(store=store)
        assert {e.verification for e, _ in store.iter_items()} == {"unchecked"}
        served = cache.generate(FREE_TEXT, no_model)
        assert served.outcome == "reuse" and served.verification == "unchecked" and not served.verified
        # the linear task re-checks every step against the new prompt: proven even from an old entry
        assert cache.generate(MATH, no_model).verification == "proven"
        # a plain request stating every value proves every key anew; unstated values count as stored
        assert cache.generate(STATED, no_model).verification == "proven"
        unstated = cache.generate(UNSTATED, no_model)
        assert unstated.outcome == "reuse" and unstated.verification == "unchecked"


PG_DSN = os.environ.get("STEPCACHE_PG_DSN")


def _store(kind: str, tmp_path: Path) -> Any:
    if kind == "memory":
        return InMemoryStore()
    if kind == "sqlite":
        return SQLiteStore(tmp_path / "levels.db")
    if not PG_DSN:
        pytest.skip("STEPCACHE_PG_DSN not set (scripts/start_postgres.sh)")
    from stepcache_integrations.stores import PostgresStore

    return PostgresStore(PG_DSN, table=f"levels_{uuid.uuid4().hex[:10]}")


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgres"])
def test_every_store_keeps_the_level(kind: str, tmp_path: Path) -> None:
    store = _store(kind, tmp_path)
    try:
        _check_levels_kept(kind, store, tmp_path)
    finally:
        if kind == "postgres":
            store.drop()
        store.close()


def _check_levels_kept(kind: str, store: Any, tmp_path: Path) -> None:
    cache = StepCache(store=store)
    ids = {
        "unchecked": cache.generate(FREE_TEXT, model(WRONG_FREE_TEXT)).stored_entry_id,
        "checked": cache.generate(UNSTATED, model(UNSTATED_ANSWER)).stored_entry_id,
        "proven": cache.generate(MATH, model(MATH_ANSWER)).stored_entry_id,
    }
    assert {level: store.get(entry_id).verification for level, entry_id in ids.items()} == {
        level: level for level in ids
    }
    exported = tmp_path / "levels.jsonl"
    assert export_jsonl(store, exported) == 3
    copy = InMemoryStore()
    import_jsonl(copy, exported)
    assert {e.id: e.verification for e, _ in copy.iter_items()} == {v: k for k, v in ids.items()}
    # served again through this store: as stored (an old entry without a level: unchecked)
    served = StepCache(store=store).generate(FREE_TEXT, no_model)
    assert served.outcome == "reuse" and served.verification == "unchecked"
    assert StepCache(store=store).generate(UNSTATED, no_model).verification == "checked"
    old = _old_entry("Name three colours.", "Red, green and blue.", "text")
    _seed(cache, old)
    assert store.get(old.id).verification == "unchecked"
    assert StepCache(store=store).generate(old.prompt, no_model).verification == "unchecked"
    if kind == "sqlite":
        store.close()
        with SQLiteStore(tmp_path / "levels.db") as reopened:
            kept = {e.id: e.verification for e, _ in reopened.iter_items()}
            assert kept == {**{v: k for k, v in ids.items()}, old.id: "unchecked"}


def test_store_answer_marks_the_entry_with_the_engines_level() -> None:
    cache = StepCache()
    text_id = cache.store_answer(FREE_TEXT, WRONG_FREE_TEXT, metadata={"verification": "proven"})
    assert cache.store.get(text_id).verification == "unchecked"
    math_id = cache.store_answer(MATH, MATH_ANSWER)
    assert cache.store.get(math_id).verification == "proven"
    assert cache.store_answer(MATH, "Answer: x = 6") is None  # a failing answer is never stored


# -- stats and the CLI ----------------------------------------------------------------------------
def test_stats_count_answers_per_level() -> None:
    cache = StepCache(max_repairs=0)
    cache.generate(FREE_TEXT, model(WRONG_FREE_TEXT))  # unchecked
    cache.generate(FREE_TEXT, no_model)  # unchecked, served
    cache.generate(UNSTATED, model(UNSTATED_ANSWER))  # checked
    cache.generate(MATH, model(MATH_ANSWER))  # proven
    cache.generate("Return JSON with keys a and b.", model('{"a": 1}'))  # fails its checks: unchecked
    stats = cache.stats()
    assert stats["verification"] == {"proven": 1, "checked": 1, "unchecked": 3}
    assert stats["verified"] == 1 and stats["unverified"] == 4 and stats["failed_checks"] == 1
    assert stats["verified"] + stats["unverified"] == stats["requests"] == 5
    cache.reset_stats()
    assert cache.stats()["verification"] == {"proven": 0, "checked": 0, "unchecked": 0}


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    env.pop("STEPCACHE_STORE", None)
    return subprocess.run(
        [sys.executable, "-m", "stepcache_integrations.cli", *argv],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=300,
    )


def test_cli_list_and_show_print_the_level(tmp_path: Path) -> None:
    path = tmp_path / "cli.db"
    with SQLiteStore(path) as store:
        cache = StepCache(store=store)
        text_id = cache.generate(FREE_TEXT, model(WRONG_FREE_TEXT)).stored_entry_id
        math_id = cache.generate(MATH, model(MATH_ANSWER)).stored_entry_id
        old = _old_entry(UNSTATED, UNSTATED_ANSWER, "json")
        _seed(cache, old)
    listed = _cli("list", "--store", str(path), "--width", "0", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    header, *rows = listed.stdout.splitlines()
    assert "VERIFICATION" in header.split()
    level = {row.split()[0]: row.split()[4] for row in rows}  # ID NAMESPACE MODEL TASK VERIFICATION ...
    assert level == {text_id: "unchecked", math_id: "proven", old.id: "unchecked"}
    as_json = _cli("list", "--store", str(path), "--json", cwd=tmp_path)
    assert {r["id"]: r["verification"] for r in map(json.loads, as_json.stdout.splitlines())} == level
    shown = _cli("show", text_id[:12], "--store", str(path), cwd=tmp_path)
    assert shown.returncode == 0 and "verification unchecked" in shown.stdout.splitlines()
    shown = _cli("show", math_id, "--store", str(path), "--json", cwd=tmp_path)
    assert json.loads(shown.stdout)["verification"] == "proven"


# -- the adapters' records --------------------------------------------------------------------------
def test_langchain_records_carry_the_level_and_a_served_wrong_answer_stays_unchecked(caplog: Any) -> None:
    import logging

    from langchain_core.globals import set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
    from tests.unit.test_langchain_fakes import scripted

    global_cache = StepCacheLLMCache()
    set_llm_cache(global_cache)
    try:
        chat = scripted(WRONG_FREE_TEXT)
        with caplog.at_level(logging.INFO, logger="stepcache_integrations.langchain"):
            chat.invoke(FREE_TEXT)  # the model answers; the cache stores it, unchecked
            served = chat.invoke(FREE_TEXT)  # the exact repeat, from the cache
        record = served.response_metadata["stepcache"]
        assert served.content == WRONG_FREE_TEXT and record["outcome"] == "reuse"
        assert record["verification"] == "unchecked" and record["verified"] is False
        lines = [r.getMessage() for r in caplog.records if r.name == "stepcache_integrations.langchain"]
        assert any(line.startswith("stepcache: miss, stored the answer (unchecked)") for line in lines), lines
        assert any(line.startswith("stepcache: reuse (unchecked)") for line in lines), lines
        engine = global_cache.stats()["engine"]
        # both requests: the miss (the model's answer, stored unchecked) and the reuse
        assert engine["verification"]["unchecked"] == 2 and engine["verified"] == 0
    finally:
        set_llm_cache(None)
    runnable = with_step_cache(scripted(MATH_ANSWER, UNSTATED_ANSWER))
    assert runnable.invoke(MATH).response_metadata["stepcache"]["verification"] == "proven"
    json_record = runnable.invoke(UNSTATED).response_metadata["stepcache"]
    assert json_record["verification"] == "checked" and json_record["verified"] is False


def test_llama_index_response_metadata_carries_the_level() -> None:
    from stepcache_integrations.llama_index import StepCacheEmbedding, StepCacheLLM
    from tests.unit.test_llama_index_rag import QUESTION, build_index, rag_model
    from tests.unit.test_llama_index_support import ScriptedLLM

    embed = StepCacheEmbedding()
    engine = build_index(embed).as_query_engine(
        llm=StepCacheLLM(llm=ScriptedLLM(rag_model, chat_model=True), cache=StepCache(embedder=embed)),
        similarity_top_k=1,
    )
    first, again = engine.query(QUESTION), engine.query(QUESTION)
    for response, outcome in ((first, "miss"), (again, "reuse")):
        record = response.metadata["stepcache"]
        assert record["outcome"] == outcome and record["verification"] == "unchecked" and record["verified"] is False
    llm = StepCacheLLM(llm=ScriptedLLM([MATH_ANSWER]), cache=StepCache())
    assert llm.complete(MATH).additional_kwargs["stepcache"]["verification"] == "proven"


def test_result_schema_requires_a_level() -> None:
    with pytest.raises(ValueError):
        StepCacheResult(text="", outcome="miss", task="text", checks_passed=True)  # type: ignore[call-arg]
    proven = StepCacheResult(text="x = 5", outcome="miss", verification="proven", checks_passed=True, task="t")
    assert proven.verified and StepCacheResult.model_validate(proven.model_dump()).verified
    entry = CacheEntry(prompt="p", task="t", steps=[Step(text="a")], metadata={"verification": "checked"})
    assert entry.verification == "checked"
    assert CacheEntry(prompt="p", task="t", steps=[Step(text="a")]).verification == "unchecked"
