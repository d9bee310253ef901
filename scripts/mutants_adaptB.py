"""Mutation-check rows of wip/adaptB: the wrapper reads unforced tools from its call options, keeps the step tier
for the pydantic class its own with_structured_output read (its full schema), and a proven answer serves other
sampling options (a shared partition, proven only). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_REQUESTS = "stepcache_integrations/langchain/_requests.py"
_RUNNABLE = "stepcache_integrations/langchain/runnable.py"
_CACHE = "stepcache_integrations/langchain/cache.py"
_FLOW = "stepcache_integrations/adapters/flow.py"  # wip/adaptC: the sampling rule and the shared partition, one helper each
_TOOLS = ("tests/unit/test_red_team_24_unforced_tools.py",)
_KNOWN = ("tests/unit/test_langchain_known_structured_class.py",)
_SAMPLING = ("tests/unit/test_langchain_sampling_options.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("adaptB-wrapper-tools-from-options", "unforced tools bound to a model whose llm_string shows no option are claimed by the step tier (the json-only branch that read them is gone)",
     _REQUESTS, "reasons.append(TOOLS_BOUND if _tools_unforced(call_options) else None)", "reasons.append(None)", _TOOLS),
    ("adaptB-known-class-any-format", "a response format bound over the class the wrapper read (another class) is read as the known one: its schema never read",
     _RUNNABLE, 'if cls is None or call_options(self.bound, call_kwargs).get("response_format") is not cls:',
     'if cls is None or call_options(self.bound, call_kwargs).get("response_format") is None:', _KNOWN),
    ("adaptB-known-class-converted-schema", "the engine verifies under the converted json_schema, which drops a field's custom title the model reads ('Age In Months')",
     _RUNNABLE, "own = spec.response_schema if known else self.json_schema", "own = self.json_schema", _KNOWN),
    ("adaptB-known-class-exact-key", "the exact tier keys the class as read only: two classes of one name and schema share a key",
     _RUNNABLE, "if read.known:  # the exact tier keys on the options as bound (the class) and as read", "if False:", _KNOWN),
    ("adaptB-sampling-category", "a profile's sampling fields are keyed in the shared partition: a proven answer misses for another temperature",
     _FLOW, 'if profile.category(name) == "sampling":\n        return True', 'if profile.category(name) == "sampling":\n        return False', _SAMPLING),
    ("adaptB-sampling-reason", "an entry of other sampling options serves an unproven answer",
     _FLOW, "if not other_sampling(plan, sampling) or (not plan.needs_model and proven):", "if True:", _SAMPLING),
    ("adaptB-sampling-unrecorded", "an entry that records no sampling options is read as another sampling's: seeded and older entries serve proven answers only",
     _FLOW, "return recorded is not None and recorded != sampling", "return recorded != sampling", _SAMPLING),
    ("adaptB-global-share-unproven", "the global cache stores an unproven answer (free text) in the partition every sampling shares",
     _FLOW, 'if shared is None or entry_id is None or result.verification != "proven":',
     "if shared is None or entry_id is None:", _SAMPLING),
    ("adaptB-wrapper-share-unproven", "the adapters store an unchecked answer (free text) in the partition every sampling shares (one helper since wip/adaptC)",
     _FLOW, 'if shared is None or entry_id is None or result.verification != "proven":',
     'if shared is None or entry_id is None or result.verification == "checked":', _SAMPLING),
    ("adaptB-wrapper-shared-plan-any", "the wrapper takes the shared partition's plan even when it needs the model: the model's unproven answer is stored there",
     _FLOW, "return (found, shared) if engine.serves_proven(found) else (plan, options)", "return found, shared", _SAMPLING),
    ("adaptB-global-sampling-check", "the global cache serves a planted unproven entry of other sampling options",
     _CACHE, "sampled = sampling_reason(plan, view.sampling, self.cache.serves_proven(plan))", "sampled = None", _SAMPLING),
    ("adaptB-wrapper-sampling-check", "the wrapper serves a planted unproven entry of other sampling options",
     _RUNNABLE, "if sampling_reason(plan, run_.caller.sampling, self.cache.serves_proven(plan)) is not None:", "if False:", _SAMPLING),
]
# fmt: on
