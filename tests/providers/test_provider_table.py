"""The provider table as a test: the real provider classes installed (``[providers]`` extra), each
instantiated with fake credentials and answered by a fake transport on its class, no network.

Issue 32's floor: an exact repeat is served by ``with_step_cache`` for every LangChain class, by
``StepCacheLLM`` for every LlamaIndex class, and by the global cache for every class whose
``llm_string`` names a model (the others get no tier and one WARNING naming the class); a changed
constant in a linear equation is re-instantiated on the same paths wherever the step tier holds and
the answer fits the request's length limit. Every profile in ``provider_profiles.json`` names fields
its installed class has.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

import pytest

from stepcache_bench.providers import CHANGED, Case, cases, probe, solve_answer
from stepcache_integrations.adapters.flow import all_profiles, squash

# the configurations whose step tier cannot serve a changed constant, and why
NO_STEP = {
    ("custom BaseChatModel (not serializable)", "set_llm_cache"): "llm_string holds none of its fields",
}
NO_TIER = {("ChatHuggingFace", "set_llm_cache"), ("ChatOllama", "set_llm_cache"),
           ("custom BaseChatModel (no identifying params)", "set_llm_cache")}
LIMITS = {"ChatOpenAI(max_tokens=64)": 64}


def _ids(case: Case) -> str:
    return case.label


@pytest.fixture(scope="module")
def rows() -> dict[tuple[str, str], Any]:
    return {(row.label, row.entry_point): row for case in cases() for row in probe(case)}


@pytest.mark.parametrize("case", cases(), ids=_ids)
def test_every_class_gets_exact_repeats_and_step_reuse(case: Case, rows: dict[tuple[str, str], Any]) -> None:
    for (label, entry_point), row in rows.items():
        if label != case.label:
            continue
        assert row.error is None, row.error
        if (label, entry_point) in NO_TIER:
            assert row.tier == "none" and not row.exact_repeat_served
            assert any("names no model" in reason for reason in row.reasons)
            continue
        assert row.exact_repeat_served, (label, entry_point, row.tier, row.reasons)
        limit = LIMITS.get(label)
        fits = limit is None or len(solve_answer(CHANGED).encode()) <= limit
        if (label, entry_point) in NO_STEP or not fits:
            assert not row.changed_constant_reinstantiated
            assert row.tier == ("step" if not fits else "exact"), row.reasons
        else:
            assert row.tier == "step", (label, entry_point, row.reasons)
            assert row.changed_constant_reinstantiated, (label, entry_point)


def test_a_class_whose_llm_string_names_no_model_warns_once_and_names_it(caplog: pytest.LogCaptureFixture) -> None:
    case = next(c for c in cases() if c.label == "ChatOllama")
    with caplog.at_level(logging.WARNING, logger="stepcache_integrations"):
        probe(case)
        probe(case)
    warned = [r.getMessage() for r in caplog.records if "StepCacheLLMCache" in r.getMessage()]
    assert len(warned) <= 1 and all("ChatOllama" in m and "with_step_cache" in m for m in warned)


def test_every_profile_names_fields_its_installed_class_has() -> None:
    for path, profile in all_profiles().items():
        module, _, name = path.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        declared = {squash(n) for f, info in cls.model_fields.items() for n in (f, info.alias) if n}
        unknown = sorted(set(profile.fields) - declared - _framework_fields(profile.framework))
        assert not unknown, f"{path}: the profile names fields the class does not have: {unknown}"


def _framework_fields(framework: str) -> set[str]:
    if framework == "langchain":
        from langchain_core.language_models.chat_models import BaseChatModel

        return {squash(f) for f in BaseChatModel.model_fields} | {"callbackmanager", "stream"}
    from llama_index.core.llms.function_calling import FunctionCallingLLM

    return {squash(f) for f in FunctionCallingLLM.model_fields}
