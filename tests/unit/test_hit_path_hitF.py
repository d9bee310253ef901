"""Issue 33, hit path (wip/hitF): shortcuts on the problem-key and re-instantiation paths, each checked
against the computation it replaces (never timed).

* ``algebra._math_runs``: an ASCII text with no known names is cut into math runs by one pattern
  (``_ASCII_RUN``) instead of token by token; the token-by-token reading is the reference.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks import algebra

ROOT = Path(__file__).resolve().parents[2]


def _token_by_token(text: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """``_math_runs`` as it read every text before wip/hitF (each ``_RUN_TOKEN`` classified)."""
    runs: list[tuple[int, str]] = []
    start = -1
    for match in algebra._RUN_TOKEN.finditer(text):
        if algebra._run_token_is_math(match, known):
            if start < 0:
                start = match.start()
        elif start >= 0:
            runs.append((start, text[start : match.start()]))
            start = -1
    if start >= 0:
        runs.append((start, text[start:]))
    return tuple((pos, run) for pos, run in runs if "=" in run)


# every kind of ASCII character the two readings tell apart: digits, letters, "_", operators, the
# decimal point, blanks with and without a line break (and the ASCII separators \x1c-\x1f, spaces to
# str.isspace), marks, quotes
_ASCII = st.sampled_from(list("0123456789xyzabXYZk_.,;:!?'\"()=+-*/^<>[]{}|&%$#@~` \t\n\r\x0b\x0c\x1c\x1f"))


@settings(max_examples=4000, deadline=None)
@given(st.lists(_ASCII, max_size=60).map("".join))
@example("Please solve for x step by step: 3x + 12 = 47. Write one step per line as \"Step k: ...\".")
@example("x1 = 2 ab1 = 3 _x = 4 x_1=5 x_ = 6 x__1 = 7 2.5x = 1. 3.x = 2")
@example("x = 2 \n y = 3\t\r\nz=4 \x1c= 1")
def test_ascii_runs_are_cut_as_token_by_token(text: str) -> None:
    assert algebra._math_runs.__wrapped__(text, frozenset()) == _token_by_token(text, frozenset())
    assert algebra.math_runs(text) == list(_token_by_token(text, frozenset()))


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40), st.frozensets(st.sampled_from(["x", "ab", "_x", "\u00e9"]), max_size=2))
def test_other_texts_and_known_names_take_the_token_by_token_reading(text: str, known: frozenset[str]) -> None:
    assert algebra._math_runs.__wrapped__(text, known) == _token_by_token(text, known)


def _corpus_prompts() -> list[str]:
    """Every prompt of the dev sets (each language, both tasks) and the linear reader corpus."""
    prompts: list[str] = []
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        if "heldout" in path.name and "_22" in path.name:
            continue  # the blind set is never read
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str) and "=" in item and len(item) < 4000:
                prompts.append(item)
    return prompts


def test_corpus_texts_are_cut_as_token_by_token() -> None:
    prompts = _corpus_prompts()
    assert len(prompts) > 500
    for text in prompts:
        assert algebra._math_runs.__wrapped__(text, frozenset()) == _token_by_token(text, frozenset()), text
