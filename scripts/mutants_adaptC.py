"""Mutation-check rows of wip/adaptC: LlamaIndex's ``StepCacheLLM`` shares answers proven for the new prompt across
sampling options (the LangChain rule, one helper each in ``adapters.flow``; ``StepCache.serves_proven``), and the
wrapper reads ``llm_string`` once per request (``CallRead``). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_TIERS = f"{_PKG}/llama_index/_tiers.py"
_LLM = f"{_PKG}/llama_index/llm.py"
_KEY = f"{_PKG}/llama_index/_llm_key.py"
_REQ = f"{_PKG}/llama_index/_requests.py"
_LI_SAMPLING = ("tests/unit/test_llama_index_sampling_options.py",)
_KNOWN = ("tests/unit/test_langchain_known_structured_class.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("adaptC-serves-proven-any-level", "an answer the cache serves alone counts as proven whatever its level: another sampling's unproven answer is served",
     f"{_PKG}/core/engine.py", 'return not plan.needs_model and _served_level(plan) == "proven"', "return not plan.needs_model", _LI_SAMPLING),
    ("adaptC-llama-fitted-ignores-sampling", "StepCacheLLM serves an unproven entry recorded with other sampling options (its own partition)",
     _TIERS, "if fit and sampling_reason(plan, sampling, cache.serves_proven(plan)) is None:", "if fit:", _LI_SAMPLING),
    ("adaptC-llama-sampling-fields-keyed", "the inner model's sampling fields stay in the shared partition's key: a proven answer misses for another temperature",
     _TIERS, "if sampling_option(profile, name, value, call=False)}", "if False}", _LI_SAMPLING),
    ("adaptC-llama-call-transport-keyed", "call kwargs read as model fields: n = 1 and timeouts stay in the shared key (a proven answer misses)",
     _TIERS, "if not sampling_option(profile, name, value, call=True)}", "if not sampling_option(profile, name, value, call=False)}", _LI_SAMPLING),
    ("adaptC-llama-readable-sampling-kept", "the shared key still shows the temperature readably: each temperature its own shared partition",
     _KEY, "readable = _readable(llm, metadata, sampling)", "readable = _readable(llm, metadata)", _LI_SAMPLING),
    ("adaptC-llama-stream-not-shared", "a proven answer streamed from the model is not stored in the shared partition",
     _LLM, "        yield from self._shared(plan.prompt, begun, plan, caller, result, raw)\n", "", _LI_SAMPLING),
    ("adaptC-llama-override-shared", "an explicit llm_key still shares a partition keyed from the model (the caller's key ignored)",
     _LLM, "if self.llm_key_override is not None or not sampling.digest:", "if not sampling.digest:", _LI_SAMPLING),
    ("adaptC-llama-sampling-unrecorded", "StepCacheLLM's entries do not record the sampling options they were generated with",
     _REQ, "        if self.sampling:\n            meta[SAMPLING] = self.sampling\n", "", _LI_SAMPLING),
    ("adaptC-wrapper-known-bound-unread", "the wrapper's one read keys the known class as read only (llm_string as bound never read): two classes of one name share an exact key",
     f"{_PKG}/langchain/runnable.py", "bound = view if known is None else self._bound_view(call_kwargs)", "bound = view", _KNOWN),
]
# fmt: on
