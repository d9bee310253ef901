"""Mutation-check rows for red team 32 (the lead): what a request's key holds only by a name or a ``repr``: classes
by their schema, closures and objects by their values or identity (``adapters/identity.py``), a class in
``llm_string`` (no tier), endpoints ``llm_string`` cannot show (proven answers only), a client's own host.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ID = "stepcache_integrations/adapters/identity.py"
_REQ = "stepcache_integrations/langchain/_requests.py"
_FLOW = "stepcache_integrations/adapters/flow.py"
_RUN = "stepcache_integrations/langchain/runnable.py"
_LCID = "stepcache_integrations/langchain/_identity.py"
_T = ("tests/adversarial/test_red_team_32_identity.py",)
_PROFILES = "stepcache_integrations/adapters/provider_profiles.json"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("rt32-class-by-name", "two response-format classes of one name key alike (the class's repr, not its schema)",
     _ID, "    if isinstance(value, type):\n        return _class(value)\n",
     "    if isinstance(value, type):\n        return f\"class:{_name(value)}\"\n", _T),
    ("rt32-closure-unread", "closures of one factory key alike (code only, not the closure's values)",
     _ID, '        "closure": cells,\n', '        "closure": [],\n', _T),
    ("rt32-globals-unread", "a function keyed without the module values it reads",
     _ID, '        "globals": {n: _global(module[n]) for n in sorted(_names_read(fn.__code__)) if n in module},\n',
     '        "globals": {},\n', _T),
    ("rt32-partial-args-unread", "partials of one function with other arguments key alike",
     _ID, '"args": plain(value.args, depth + 1),', '"args": None,', _T),
    ("rt32-method-self-unread", "bound methods of two objects key alike",
     _ID, '"self": plain(value.__self__, depth + 1)}', '"self": None}', _T),
    ("rt32-object-by-repr", "an object that hides its state keyed by its repr (custom __repr__ or none)",
     _ID, "    if callable(value):\n        return _callable(value, depth)\n    return _opaque(value)\n",
     "    if callable(value):\n        return _callable(value, depth)\n    return repr(value)\n", _T),
    ("rt32-dataclass-by-repr", "a dataclass keyed by its repr (a field with repr=False hidden)",
     _ID, "    if dataclasses.is_dataclass(value):\n", "    if False:\n", _T),
    ("rt32-unweakrefable-unheld", "an object that cannot be weakly referenced gets a new token each time (never equal)",
     _ID, "            _held[key] = value\n", "            _opaque_tokens.pop(key, None)\n", _T),
    ("rt32-held-options-unused", "the wrapper keys a response-format class by llm_string's repr only",
     _RUN, "    suffix = held_options(options)\n", "    suffix = \"\"\n", _T),
    ("rt32-class-repr-keyed", "the global cache serves a request whose llm_string names a class by its repr",
     _REQ, "    found = _CLASS_REPR.search(_CLASS_BESIDE.sub(\"\", llm_string))\n", "    found = None\n", _T),
    ("rt32-class-beside-unread", "a tracing-only structured-output record's class makes a request unkeyed (no tier)",
     _REQ, "    found = _CLASS_REPR.search(_CLASS_BESIDE.sub(\"\", llm_string))\n",
     "    found = _CLASS_REPR.search(llm_string)\n", ("tests/unit/test_langchain_tool_schemas.py",)),
    ("rt32-class-beside-too-wide", "a class repr anywhere in an option read as beside what is sent (never unkeyed)",
     _REQ, "    found = _CLASS_REPR.search(_CLASS_BESIDE.sub(\"\", llm_string))\n",
     "    found = _CLASS_REPR.search(_CLASS_REPR.sub(\"\", llm_string))\n", _T),
    ("rt32-unkeyed-ignored", "the global cache's tier ignores an unkeyed llm_string",
     _FLOW, "    if unkeyed is not None:\n        return TierDecision(", "    if False:\n        return TierDecision(", _T),
    ("rt32-endpoint-exact-tier", "the global cache serves an unproven answer across endpoints it cannot tell apart",
     _FLOW, "    if found and endpoint_unseen is not None:\n", "    if False:\n", _T),
    ("rt32-endpoint-sampling-shared", "the global cache's step tier serves any answer across endpoints it cannot tell apart",
     _REQ, 'sampling_digest(sampled) if unseen is None else f"endpoint-unseen:{uuid.uuid4().hex}"',
     'sampling_digest(sampled)', _T),
    ("rt32-completion-types", "langchain_openai's completion LLM read as if llm_string held its endpoint",
     _REQ, '_ENDPOINT_UNSEEN_TYPES = frozenset({"openai", "azure"})', '_ENDPOINT_UNSEEN_TYPES = frozenset()', _T),
    ("rt32-profile-flag-unread", "a profile's llm_string_names_endpoint: false not loaded",
     _FLOW, '            llm_string_names_endpoint=bool(spec.get("llm_string_names_endpoint", True)),\n', "", _T),
    ("rt32-inner-client-host", "ChatOllama's host (read by its client from OLLAMA_HOST) not keyed",
     _LCID, "    holders = [model, *clients, *inner]\n", "    holders = [model, *clients]\n", _T),
    ("rt32-generic-fake-script-keyed", "GenericFakeChatModel's script (an iterator) keyed by the object: two fakes share nothing",
     _PROFILES, '   "inert": [\n    "messages"\n   ]', '   "inert": [\n    "messagez"\n   ]',
     ("tests/adversarial/test_red_team_30b_history_layouts_and_brevity.py",)),
]
# fmt: on
