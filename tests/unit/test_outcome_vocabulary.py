"""One vocabulary of outcomes (issue 34 item 3): each name is defined once, in ``core/outcomes.py``;
docs/outcomes.md is generated from it; and for one request per outcome through the LangChain global
cache (and the LlamaIndex adapter) ``stats()``, the response metadata, the log lines and the
OpenTelemetry spans name the same outcome."""

from __future__ import annotations

import ast
import importlib.util
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import pytest
from langchain_core.globals import set_llm_cache
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import PrivateAttr

from stepcache_integrations import StepCache
from stepcache_integrations.core import outcomes as vocabulary
from stepcache_integrations.langchain import StepCacheLLMCache
from tests.unit.test_langchain_fakes import MATH_A, MATH_Q, MATH_Q2, SYS_A, SYS_Q, SYS_Q2, SYS_SUFFIX, scripted
from tests.unit.test_telemetry import Otel, otel  # noqa: F401 - the in-memory exporters' fixture

ROOT = Path(__file__).resolve().parents[2]
NAMES = set(vocabulary.SUMMARY_OUTCOMES) | set(vocabulary.PROVENANCE) | set(vocabulary.ANSWER_SOURCES)
# "model" also names a stage of the engine's timings (beside "fallback", "verify"...): not scanned for
SCANNED = NAMES - {"model"}
LOGGER = "stepcache_integrations.langchain"


# ----------------------------------------------------------------------------- defined once
def _definitions(tree: ast.Module) -> Iterator[tuple[int, list[str]]]:
    """(line, vocabulary names) of every ``Literal[...]`` and every module- or class-level collection
    (tuple, list, set, dict keys) that spells two or more of the names: a definition of a set of them."""
    def names_in(node: ast.AST) -> list[str]:
        elts = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", [])
        return [e.value for e in elts if isinstance(e, ast.Constant) and e.value in SCANNED]

    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", getattr(node.value, "attr", "")) == "Literal":
            found = names_in(node.slice) if isinstance(node.slice, ast.Tuple) else names_in(ast.Tuple([node.slice]))
            if len(found) >= 2:
                yield node.lineno, found
    for holder in [tree, *(n for n in tree.body if isinstance(n, ast.ClassDef))]:
        for stmt in holder.body:
            value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
            for node in ast.walk(value) if value is not None else ():
                if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and len(found := names_in(node)) >= 2:
                    yield node.lineno, found


def test_each_name_is_defined_once_in_the_vocabulary_module() -> None:
    home = ROOT / "stepcache_integrations" / "core" / "outcomes.py"
    elsewhere = [
        f"{path.relative_to(ROOT)}:{line} {found}"
        for path in sorted((ROOT / "stepcache_integrations").rglob("*.py")) if path != home
        for line, found in _definitions(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert elsewhere == [], "define outcome names in core/outcomes.py and import them"
    spelled = [name for _, found in _definitions(ast.parse(home.read_text(encoding="utf-8"))) for name in found]
    literal_lines = home.read_text(encoding="utf-8").split("\n\nOUTCOMES:")[0]  # the Literal types
    for name in NAMES:
        assert literal_lines.count(f'"{name}"') == 1, name  # one Literal spells it
        assert name in spelled or name not in SCANNED


def test_the_tables_describe_every_name_and_only_those() -> None:
    assert list(vocabulary.OUTCOME_MEANINGS) == list(vocabulary.SUMMARY_OUTCOMES)
    assert list(vocabulary.PROVENANCE_MEANINGS) == list(vocabulary.PROVENANCE)
    assert list(vocabulary.SOURCE_MEANINGS) == list(vocabulary.ANSWER_SOURCES)
    assert set(vocabulary.OUTCOMES) < set(vocabulary.SUMMARY_OUTCOMES)
    assert get_args(vocabulary.Outcome) == vocabulary.OUTCOMES
    # stats() counts every engine outcome, in the vocabulary's order
    assert list(StepCache().stats()["outcomes"]) == list(vocabulary.OUTCOMES)


def test_the_docs_page_is_generated_from_the_vocabulary() -> None:
    spec = importlib.util.spec_from_file_location("outcome_docs", ROOT / "scripts" / "outcome_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = module.page()
    assert module.OUT.read_text(encoding="utf-8") == page, "run scripts/outcome_docs.py"
    for name in NAMES:
        assert f"| `{name}` |" in page, name
    copies = [path for path in (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
              if "| outcome | model calls |" in path.read_text(encoding="utf-8")]
    assert copies  # the guarantees page shows the table; every copy of it is the generated one
    for path in copies:
        assert module.outcome_table().rstrip("\n") in path.read_text(encoding="utf-8"), f"copy outcome_table() into {path.name}"


def test_answer_source_names_the_fallback_plainly() -> None:
    source = vocabulary.answer_source
    assert source("reuse", used_fallback=False) == "reuse"
    assert source("reuse", used_fallback=False, cached_fallback=True) == "fallback"  # the fallback's text, re-served
    assert source("reinstantiate", used_fallback=False, cached_fallback=True) == "fallback"
    assert source("miss", used_fallback=True) == "fallback"
    assert source("patch", used_fallback=False, cached_fallback=True) == "patch"  # the model wrote part of it
    assert [source(o, used_fallback=False) for o in ("miss", "skip_reuse", "bypass", "exact")] == [
        "model", "model", "model", "exact"]


# ----------------------------------------------------------------------------- one request per outcome
class Unnamed(BaseChatModel):
    """A chat model whose ``llm_string`` names no model: the global cache's tier ``none``."""

    _calls: list[str] = PrivateAttr(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "unnamed-chat"

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None,
                  **kwargs: Any) -> ChatResult:
        self._calls.append(str(messages[-1].content))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=MATH_A))])


@dataclass
class Scenario:
    """Warm-up requests (not checked), then the one request whose outcome every view must name."""

    warm: Callable[[], Any]
    request: Callable[[], AIMessage]
    engine: dict[str, Any] = field(default_factory=dict)
    patch_answer: str | None = None


def _scenario(outcome: str, model: Any) -> Scenario:
    text_q = "Write one sentence about the history of the lighthouse at Alexandria."
    return {
        "miss": Scenario(lambda: None, lambda: model.invoke(MATH_Q)),
        "reuse": Scenario(lambda: model.invoke(MATH_Q), lambda: model.invoke(MATH_Q)),
        "reinstantiate": Scenario(lambda: model.invoke(MATH_Q), lambda: model.invoke(MATH_Q2)),
        "patch": Scenario(lambda: model.invoke(SYS_Q), lambda: model.invoke(SYS_Q2),
                          {"reinstantiate": False, "max_regen_share": 0.8}, SYS_SUFFIX),
        "skip_reuse": Scenario(lambda: model.invoke(text_q), lambda: model.invoke(text_q.replace("one", "a"))),
        "exact": Scenario(lambda: model.invoke("What is 15 * 15?", stop=["="]),
                          lambda: model.invoke("What is 15 * 15?", stop=["="])),
        "bypass": Scenario(lambda: None, lambda: Unnamed().invoke(MATH_Q)),
    }[outcome]


def _answers(outcome: str) -> list[str]:
    return {"patch": [SYS_A, SYS_SUFFIX], "skip_reuse": ["It guided ships for centuries.", "It stood on Pharos."],
            "exact": ["15 * 15 ", "15 * 15 "]}.get(outcome, [MATH_A, MATH_A])


def _logged_outcome(message: str) -> str:
    """The outcome a log line names: its first word after ``stepcache: ``."""
    event = message.removeprefix("stepcache: ")
    return event.split(" (")[0].split(",")[0]


@pytest.mark.parametrize("outcome", vocabulary.SUMMARY_OUTCOMES)
def test_stats_metadata_logs_and_spans_name_the_same_outcome(
    outcome: str, otel: Otel, caplog: pytest.LogCaptureFixture  # noqa: F811 - the fixture
) -> None:
    model = scripted(*_answers(outcome))
    probe = _scenario(outcome, model)
    patch_model = scripted(SYS_SUFFIX) if probe.patch_answer else None
    cache = StepCacheLLMCache(StepCache(telemetry=otel.telemetry, **probe.engine), patch_model=patch_model)
    scenario = _scenario(outcome, model)
    set_llm_cache(cache)
    try:
        scenario.warm()
        cache.reset_stats()
        otel.spans_out.clear()
        caplog.clear()
        counted_before = otel.total("stepcache.requests"), otel.total("stepcache.requests", **{"stepcache.outcome": outcome})
        with caplog.at_level(logging.INFO, logger=LOGGER):
            answer = scenario.request()
    finally:
        set_llm_cache(None)
    stats = cache.stats()
    records = [r for r in caplog.records if r.name == LOGGER and r.getMessage().startswith("stepcache: ")]

    # logs: every line of the request names the outcome first; the records they carry agree
    assert records and {_logged_outcome(r.getMessage()) for r in records} == {outcome}, [r.getMessage() for r in records]
    carried = [r.stepcache for r in records if getattr(r, "stepcache", None)]  # type: ignore[attr-defined]
    assert carried and {c["outcome"] for c in carried} == {outcome}

    # metadata: the served answer's record, or (LangChain called the model) the latest miss's record
    record = answer.response_metadata.get("stepcache") or stats["last_miss"]
    assert record is not None and record["outcome"] == outcome

    # stats: the engine's outcomes count the request; the adapter-only outcomes are counted as tiers
    engine_counted = {k: v for k, v in stats["outcomes"].items() if v}
    if outcome in vocabulary.OUTCOMES:
        assert engine_counted == {outcome: 1} and stats["requests"] == 1
    else:
        assert engine_counted == {} and stats["requests"] == 0
        assert stats["exact_hits" if outcome == "exact" else "tiers"] == (1 if outcome == "exact" else
                                                                          {"step": 0, "exact": 0, "none": 1})

    # spans and metrics: the operation that answered the request names the same outcome
    answering = ("serve", "complete", "store", "exact_lookup")  # the exact tier answers at its lookup
    answered = [dict(s.attributes or {}) for s in otel.spans()
                if (s.attributes or {}).get("stepcache.operation") in answering]
    if outcome == "bypass":  # sent straight to the model: the engine never saw it
        assert otel.spans() == [] and otel.total("stepcache.requests") == counted_before[0]
    else:
        assert answered and {a.get("stepcache.outcome") for a in answered} == {outcome}, answered
    if outcome in vocabulary.OUTCOMES:
        counted = otel.total("stepcache.requests"), otel.total("stepcache.requests", **{"stepcache.outcome": outcome})
        assert counted == (counted_before[0] + 1, counted_before[1] + 1)  # one request, counted with this outcome


@pytest.mark.parametrize(("outcome", "answers", "prompts", "engine"), [
    ("miss", [MATH_A], [MATH_Q], {}),
    ("reuse", [MATH_A], [MATH_Q, MATH_Q], {}),
    ("reinstantiate", [MATH_A], [MATH_Q, MATH_Q2], {}),
    ("patch", [SYS_A, SYS_SUFFIX], [SYS_Q, SYS_Q2], {"reinstantiate": False, "max_regen_share": 0.8}),
    ("skip_reuse", ["It guided ships.", "It stood on Pharos."],
     ["Write one sentence about the lighthouse at Alexandria.", "Write a sentence about the lighthouse at Alexandria."],
     {}),
])
def test_the_llama_index_adapter_names_the_same_outcome(
    outcome: str, answers: list[str], prompts: list[str], engine: dict[str, Any], otel: Otel,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    from stepcache_integrations.core.types import StepCacheResult
    from stepcache_integrations.llama_index import StepCacheLLM
    from tests.unit.test_llama_index_support import ScriptedLLM

    cache = StepCache(telemetry=otel.telemetry, **engine)
    llm = StepCacheLLM(llm=ScriptedLLM(answers), cache=cache)
    for prompt in prompts[:-1]:
        llm.complete(prompt)
    cache.reset_stats()
    otel.spans_out.clear()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="stepcache_integrations.llama_index"):
        response = llm.complete(prompts[-1])
    assert response.additional_kwargs["stepcache"]["outcome"] == outcome  # metadata
    assert {k for k, v in cache.stats()["outcomes"].items() if v} == {outcome}  # stats
    lines = [r for r in caplog.records if r.getMessage().startswith("stepcache: ")]
    assert len(lines) == 1 and _logged_outcome(lines[0].getMessage()) == outcome  # logs
    assert lines[0].stepcache["outcome"] == outcome  # type: ignore[attr-defined]
    answered = [dict(s.attributes or {}) for s in otel.spans()
                if (s.attributes or {}).get("stepcache.operation") in ("serve", "complete")]
    assert answered and {a["stepcache.outcome"] for a in answered} == {outcome}  # spans
    assert StepCacheResult.model_fields["outcome"].annotation == vocabulary.Outcome


def test_the_cli_prints_the_vocabulary(capsys: pytest.CaptureFixture[str]) -> None:
    from stepcache_integrations import cli

    assert cli.main(["outcomes"]) == 0
    printed = capsys.readouterr().out
    for table in (vocabulary.OUTCOME_MEANINGS, vocabulary.PROVENANCE_MEANINGS, vocabulary.SOURCE_MEANINGS):
        for name, meaning in table.items():
            text = meaning.what_happened if isinstance(meaning, vocabulary.Meaning) else meaning
            assert any(line.split()[:1] == [name] and line.endswith(text) for line in printed.splitlines()), name


def test_exact_tier_lines_name_the_outcome_and_whether_the_answer_was_kept() -> None:
    from stepcache_integrations.adapters.flow import exact_event

    assert exact_event({"outcome": "exact", "verification": "unchecked"}) == "exact (unchecked)"
    assert exact_event({"outcome": "miss", "stored_entry_id": "e1"}) == "miss (exact tier), stored the answer"
    assert exact_event({"outcome": "miss", "stored_entry_id": None}) == "miss (exact tier), not stored"
