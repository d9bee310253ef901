"""Mutation-check rows for wip/adaptE: identical requests in flight at once cost one model call (``core/flights.py``,
``adapters.flow.one_flight``, the LangChain wrapper, LlamaIndex, the global cache's ``alookup``), and a system turn
then a question read as a problem is keyed as its prompt's text in LlamaIndex as in LangChain
(``adapters.turns.question_after_system``; red team 27b). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_FLOW = "stepcache_integrations/adapters/flow.py"
_TURNS = "stepcache_integrations/adapters/turns.py"
_LC = "stepcache_integrations/langchain/runnable.py"
_LC_CACHE = "stepcache_integrations/langchain/cache.py"
_LI = "stepcache_integrations/llama_index/llm.py"
_FLIGHTS = "stepcache_integrations/core/flights.py"
_FLIGHT_TESTS = ("tests/unit/test_adapter_flights_adaptE.py",)
_AGREE = ("tests/adversarial/test_adapter_agreement_adaptE.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("adaptE-flight-no-wait", "batch([s, s]) on a cold cache makes two model calls again (the second request does not wait for the first)",
     _FLOW, "    if ticket is not None and ticket.waits:\n        yield Io.of(ticket.wait, ticket.await_)\n",
     "    if False:\n        yield Io.of(ticket.wait, ticket.await_)\n", _FLIGHT_TESTS),
    ("adaptE-flight-never-released", "a finished request keeps its flight: every later identical request waits the wait limit",
     _FLOW, "        if ticket is not None:\n            ticket.release()\n", "        if ticket is None:\n            ticket.release()\n", _FLIGHT_TESTS),
    ("adaptE-flight-nested-waits", "a request waits on the flight its own thread leads (a nested call deadlocks until the wait limit)",
     _FLIGHTS, "        if flight.owner == owner:\n", "        if False:\n", _FLIGHT_TESTS),
    ("adaptE-lc-flight-key-coarse", "two LangChain wrapper requests to other models or with other sampling options wait on each other",
     _LC, "        return flight_key(\"langchain.wrapper\", self.namespace, run_.key, run_.identity, run_.decision.tier,\n                          run_.caller.sampling, run_.limit, canonical(run_.options), request.kind, request.text, whole)\n",
     "        return flight_key(\"langchain.wrapper\", self.namespace, request.kind, request.text, whole)\n", _FLIGHT_TESTS),
    ("adaptE-li-flight-key-coarse", "two LlamaIndex wrappers of other models (one cache) wait on each other",
     _LI, "begun.key, begun.decision.tier, begun.sampling, kind,", "begun.decision.tier, kind,", _FLIGHT_TESTS),
    ("adaptE-global-no-flight", "abatch([s, s]) through LangChain's global cache makes two model calls again",
     _LC_CACHE, "        if flights is None or task is None or not _chat_prompt(prompt):\n", "        if True:\n", _FLIGHT_TESTS),
    ("adaptE-global-leader-never-released", "a global-cache miss keeps its flight after its task ended (a failed model call holds every waiter)",
     _LC_CACHE, "            task.add_done_callback(lambda _task: ticket.release())\n", "            pass\n", _FLIGHT_TESTS),
    ("adaptE-global-update-never-lands", "a global-cache miss keeps its flight after its aupdate stored the answer (identical requests wait for the task to end)",
     _LC_CACHE, "                flights.land(self._flight_key(prompt, llm_string))\n", "                pass\n", _FLIGHT_TESTS),
    ("adaptE-global-llm-prompt-flies", "a completion LLM's global-cache prompt joins a flight (held by the caller's task, which may live on)",
     _LC_CACHE, "        if flights is None or task is None or not _chat_prompt(prompt):\n", "        if flights is None or task is None:\n", _FLIGHT_TESTS),
    ("adaptE-li-turns-always-keyed", "a LlamaIndex chat engine's first turn behind 'You are a helpful assistant.' costs a model call although the question is cached (red team 27b)",
     _LI, "        turns_keyed = not self._question_read(messages, prompt)\n", "        turns_keyed = True\n", _AGREE),
    ("adaptE-turns-any-system-read", "a system turn no task reads ('Always answer 42.', a story request) is keyed as its prompt text: a lone user message with the same text meets its free-text entry",
     _TURNS, "    return _read_as_problem(engine, render())\n\n\ndef _planned", "    return True\n\n\ndef _planned", _AGREE),
    ("adaptE-turns-any-order", "any turn order (two system turns, a user turn first) is read as a system turn then a question",
     _TURNS, "    if [role for role, _ in turns] != [\"system\", \"user\"]:\n", "    if False:\n", _AGREE),
    ("adaptE-li-named-task-unkeyed", "a LlamaIndex wrapper naming a task keys a system turn and a question as its text (the rule is for requests no task or schema names)",
     _LI, "        if not messages or len(messages) != 2 or self.task is not None or self.json_schema is not None:\n",
     "        if not messages or len(messages) != 2:\n", _AGREE),
]
# fmt: on
