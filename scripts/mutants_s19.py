"""Mutation-check rows for the session of 2026-12-05 22:06 (main): a grammar that does not build fails
at once on every later prompt. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s19-grammar-build-error-forgotten", "a grammar that does not build is built again on every prompt (a broken grammar stalls a run)",
     "stepcache_integrations/core/tasks/request_language.py", "            self._build_error = exc\n", "            pass\n",
     ("tests/unit/test_request_shapes.py",)),
]
# fmt: on
