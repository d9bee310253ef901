"""Mutation-check rows for JSON reach by class (issue 33 items 4/5, wip/jsonR). Appended to the
table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TASK = f"{_JSON}/task.py"
_READER = f"{_JSON}/reader.py"
_REACH = "tests/adversarial/test_json_reach_jsonr.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR-rewrite-beside-model-keys", "a cached answer with a key no request asked for is rewritten from the "
     "statements: the model's extra key is dropped",
     _TASK, " and set(obj) == set(cached.required):", ":", (_REACH, "-k", "never_served_wrong")),
    ("jsonR-rewrite-without-source", "an object written from the statements is judged against itself, not the "
     "cached answer: how the cached answer wrote a lowercase word cannot be told",
     _TASK, '                    "source": context.old_object, "source_digest": cached.prompt.digest}',
     "}", (_REACH, "-k", "exactly_right")),
    ("jsonR-rewrite-deleted", "a key dropped, added or renamed: the cached object is patched, never rewritten",
     _TASK, "        if written is not None and set(written) != set(obj)", "        if False",
     (_REACH, "-k", "exactly_right")),
]
# fmt: on
