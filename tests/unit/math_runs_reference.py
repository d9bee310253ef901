"""The token-by-token math-run cutting that ``algebra._math_runs`` replaced: the reference of the
differential tests (tests/unit/test_math_runs_equivalence.py, test_hit_path_hitF.py)."""

from __future__ import annotations

import re
from collections.abc import Callable


def runs_token_by_token(text: str, token: re.Pattern[str], is_math: Callable[[re.Match[str]], bool]) -> list[tuple[int, str]]:
    """The runs of consecutive math tokens of ``text`` (``token`` cuts it, ``is_math`` classifies), with their
    start, kept only where a run holds "="."""
    runs: list[tuple[int, str]] = []
    start = -1
    for match in token.finditer(text):
        if is_math(match):
            if start < 0:
                start = match.start()
        elif start >= 0:
            runs.append((start, text[start : match.start()]))
            start = -1
    if start >= 0:
        runs.append((start, text[start:]))
    return [(pos, run) for pos, run in runs if "=" in run]
