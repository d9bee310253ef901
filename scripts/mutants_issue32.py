"""Mutation-check rows for issue 32 item 7 (five wrong answers red teams found): each breaks one fix.
Kept beside ``mutants.py`` (past its 450 lines), which appends them to its table: (id, behaviour,
file, old, new, tests)."""

from __future__ import annotations

_PKG = "stepcache_integrations"
_U = "tests/unit/"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # 7.1: what the model reads of a tool or response format (names, descriptions) is in the request
    ("call-text-dropped", "a forced tool's or json_schema format's name and description are not in the schema the engine reads",
     f"{_PKG}/langchain/_requests.py", "        return {**(base or {}), CALL_TEXT: text}", "        return base",
     (_U + "test_call_text_key.py",)),
    # 7.2: a LlamaIndex chat request is keyed by its roles and turn ends, not its rendered text alone
    ("li-turns-unkeyed", "a LlamaIndex user message 'system: Be brief.' shares the key of a real system message",
     f"{_PKG}/llama_index/_requests.py",
     '    return [*([role_name(m), len(m.content or "")] for m in earlier), [role_name(last)]]', "    return None",
     (_U + "test_llama_index_turn_keys.py",)),
    # 7.3: a stream's deltas join to its final answer (a JSON patch is buffered, a revised stream ends as sent)
    ("li-json-patch-streamed-live", "StepCacheLLM streams a JSON patch's keys live (the joined stream is half an object)",
     f"{_PKG}/llama_index/_responses.py", '    return plan.outcome != "patch" or bool(plan.prefix_text)', "    return True",
     (_U + "test_stream_joins_to_answer.py",)),
    ("li-revised-stream-ends-checked", "a revised LlamaIndex stream's last chunk holds text its deltas never sent",
     f"{_PKG}/llama_index/_responses.py", "        text = self.emitted if closed.revised else result.text",
     "        text = result.text", (_U + "test_stream_joins_to_answer.py",)),
    ("lc-llm-stream-revision-unrecorded", "a completion LLM's revised stream is recorded as checked (its event)",
     f"{_PKG}/langchain/runnable.py", "        yield from self._recorded(run_, plan, result, stream_revised(final, session, live=streams_live(plan)))",
     "        yield from self._recorded(run_, plan, result)", (_U + "test_stream_joins_to_answer.py",)),
    # 7.5: a patch or repair keeps and asks for the request's keys only, never a stale cached key
    ("json-stale-key-kept", "a JSON patch keeps (and asks for) a cached key the new request no longer asks for",
     f"{_PKG}/core/tasks/json/merge.py", "    return key in c.required or (isinstance(properties, dict) and key in properties)",
     "    return True", (_U + "test_json_patch_keys.py",)),
]
# fmt: on
