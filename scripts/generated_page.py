"""Write a generated docs page, or with ``--check`` say whether the committed copy is current.

Shared by the scripts that generate pages (``outcome_docs.py``, ``request_language_docs.py``); the
tests compare the committed page with the script's ``page()`` directly.
"""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(out: Path, text: str, argv: list[str] | None = None) -> int:
    """Exit status: with ``--check``, 0 when ``out`` holds ``text`` exactly, else 1 (nothing
    written); without it, ``out`` is rewritten and 0 returned."""
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        current = out.read_text(encoding="utf-8") if out.exists() else None
        if current != text:
            print(f"{out.name} is stale: run {Path(sys.argv[0]).name} without --check")
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0
