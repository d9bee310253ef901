"""One lock for every ``ast`` parse of the package.

CPython 3.11's AST construction is not safe across threads (gh-106905: "AST constructor recursion
depth mismatch" when LangChain's ``batch`` runs requests on its thread pool and two of them parse at
once); the parses are short, so they take turns.
"""

from __future__ import annotations

import threading

PARSE_LOCK = threading.Lock()

__all__ = ["PARSE_LOCK"]
