"""Mutation-check rows for issue 32's tiers (exact tier, tier decision, provider profiles, length rule)
and the read of a request that lookup() hands update() (issue 34): each breaks one promise. Kept beside ``mutants.py`` (past its 450 lines), which appends them to its
table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_U = "tests/unit/"
_NO_CLAIM = _U + "test_langchain_no_claim.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("tier-reasons-ignored", "a request the step tier cannot read is claimed by it anyway",
     f"{_PKG}/adapters/flow.py", '    if found:\n        return TierDecision("exact", found, False, model_class)',
     '    if False:\n        return TierDecision("exact", found, False, model_class)', (_NO_CLAIM,)),
    ("tier-none-ignored", "the global cache caches a class whose llm_string names no model (ChatOllama)",
     f"{_PKG}/adapters/flow.py", "    if not model_named:", "    if False:",
     ("tests/providers/test_provider_table.py", "-k", "ChatOllama or names_no_model")),
    ("exact-identity-fields-dropped", "the wrapper's exact tier keys the model without its fields",
     f"{_PKG}/langchain/_requests.py", "    fields = plain_fields(model, dropped)", "    fields = {}",
     (_U + "test_exact_tier.py",)),
    ("exact-request-text-only", "the wrapper's exact tier keys a request by its text alone (parts dropped)",
     f"{_PKG}/langchain/_exact.py", "        body = [_message(m) for m in request.messages]", "        body = request.text",
     (_U + "test_exact_tier.py",)),
    ("exact-namespace-shared", "the exact tier serves one namespace's entry to another",
     f"{_PKG}/core/exact_tier.py", '    return _digest("exact", namespace, identity, request)',
     '    return _digest("exact", identity, request)', (_U + "test_exact_tier.py",)),
    ("li-inert-fields-keyed", "StepCacheLLM hashes a field declared inert into its key (every call misses)",
     f"{_PKG}/llama_index/llm.py", "default_llm_key(self._llm, kwargs or None, dropped_fields(self._llm, self.inert_model_fields))",
     "default_llm_key(self._llm, kwargs or None)", (_U + "test_exact_tier.py",)),
    ("length-limit-not-enforced", "a cached answer longer than the request's max_tokens is served",
     f"{_PKG}/core/types.py", '    if len(text.encode("utf-8", "surrogatepass")) <= limit:', "    if True:",
     (_NO_CLAIM, "-k", "length_limit or limit")),
    ("cut-off-answer-stored", "an answer the model stopped at its max_tokens (finish reason length) is stored",
     f"{_PKG}/adapters/flow.py", "    if reason is not None and reason.lower() in _AT_LIMIT:", "    if False:",
     (_NO_CLAIM, "-k", "cut_off")),
    ("profile-inert-keyed-as-unknown", "a provider profile's categories are ignored (its fields read as unknown)",
     f"{_PKG}/adapters/flow.py", "        profiled = _profiled(str(name), value, profile.category(name) if profile is not None else None)",
     "        profiled = _profiled(str(name), value, None)",
     ("tests/providers/test_provider_table.py", "-k", "ChatAnthropic or ChatGoogleGenerativeAI")),
    ("serialized-known-is-any-class", "a serialized model's field is trusted when any known class declares one so named",
     f"{_PKG}/langchain/_requests.py", "    return found if found is not None else _base_fields()",
     "    return found if found is not None else frozenset(n for f in _known_by_id().values() for n in f)",
     (_U + "test_adapter_model_fields.py", "-k", "another_known")),
    ("wrapper-key-without-model-fields", "the wrapper's step key is what llm_string shows (ChatOllama names no model there)",
     f"{_PKG}/langchain/runnable.py", '        return f"{step_key(model_kind(self.bound), view.key_string)}|model={model}"',
     "        return step_key(model_kind(self.bound), view.key_string)", (_U + "test_exact_tier.py",)),
    ("fallback-ignores-length-limit", "a fallback answer longer than the request's max_tokens replaces the model's own",
     f"{_PKG}/core/engine.py", "        if fallback is not None and fits(fallback, self.length_limit):",
     "        if fallback is not None:", (_U + "test_llama_index_no_claim.py", "-k", "written_under_a_limit")),
    ("cut-off-only-at-request-limit", "an answer a server stopped at its own limit (finish reason length, no max_tokens set) is stored",
     f"{_PKG}/adapters/flow.py", "    if reason is not None and reason.lower() in _AT_LIMIT:\n        return True",
     "    if limit is not None and reason is not None and reason.lower() in _AT_LIMIT:\n        return True",
     (_NO_CLAIM, "-k", "cut_off")),
    ("configurable-config-unkeyed", "around configurable_fields the wrapper keys the default model, not the one the config picks",
     f"{_PKG}/langchain/runnable.py", '            identity = configured_identity(identity, child.get("configurable"))',
     "            identity = configured_identity(identity, {})", (_U + "test_exact_tier.py",)),
    ("exact-tier-keeps-cut-off", "the wrapper's exact tier keeps an answer the model stopped at a length limit",
     f"{_PKG}/langchain/_runnable_exact.py", "    if not cut_off(output, run_.limit):", "    if True:",
     (_U + "test_exact_tier.py",)),
    ("li-chat-complete-shared-on-completion-model", "a completion model's chat() and complete() share entries (it sees other prompts)",
     f"{_PKG}/llama_index/llm.py", '("|chat" if messages is not None and not self.metadata.is_chat_model else "")', '""',
     (_U + "test_llama_index_llm.py", "-k", "chat_and_complete")),
    ("exact-key-holds-own-record", "the exact key holds our own record on an earlier answer (a conversation's replay misses)",
     f"{_PKG}/langchain/_exact.py", "    if isinstance(metadata, dict):  # our own record on an earlier answer: never sent either",
     "    if False:", (_U + "test_exact_tier.py", "-k", "tool_loop")),
    ("decoded-messages-share-text-key", "a completion prompt spelling a message list shares the text prompt's key",
     f"{_PKG}/langchain/_requests.py", '        base += "|decoded-messages"', '        base += ""',
     (_U + "test_langchain_cache.py", "-k", "spells")),
    # issue 34: update() takes the read lookup() kept, and only for the same model and settings
    ("read-kept-across-models", "update() takes a read lookup() made for another model's llm_string",
     f"{_PKG}/langchain/cache.py", "        key = (prompt, llm_string, self.namespace,", "        key = (prompt, self.namespace,",
     (_U + "test_langchain_one_plan.py", "-k", "another_model")),
    ("reads-kept-unbounded", "the reads lookup() keeps for updates grow without bound",
     f"{_PKG}/langchain/cache.py", "                while len(self._reads) > _PENDING_MAX:", "                while False:",
     (_U + "test_langchain_one_plan.py", "-k", "bounded")),
]
# fmt: on
