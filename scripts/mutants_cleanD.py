"""Mutation-check rows for wip/cleanD (2026-12-05): the shared atomic write of saved tables and digests,
and the one predicate "a number read two ways" every reader declines.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_TASKS = "stepcache_integrations/core/tasks"
_TABLES = ("tests/unit/test_parser_tables.py", "-k", "write_atomically")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("cleanD-atomic-unsynced", "a saved table or digest file is renamed into place before its bytes are synced",
     f"{_TASKS}/parser_tables.py", "            os.fsync(out.fileno())\n", "", _TABLES),
    ("cleanD-atomic-partial-kept", "a failed write leaves its temporary '.partial' file in the cache folder",
     f"{_TASKS}/parser_tables.py", "            os.unlink(temporary)\n", "            pass\n", _TABLES),
]
# fmt: on
