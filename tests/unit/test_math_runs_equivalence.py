"""The math-run reader classifies tokens by their kind; it cuts every text exactly as the
token-by-token reading it replaced (kept here as the reference), whatever the characters."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.algebra import WORD_LETTERS, _is_math_token, math_runs, outside_alphabet
from tests.unit.math_runs_reference import runs_token_by_token

# issue 33: a word with a letter of another alphabet written with spaces ("lösen", "и") is one token
# (math only when it is a known name), so its ASCII letters are no unknowns
_REFERENCE_TOKEN = re.compile(
    r"[0-9]+(?:\.[0-9]+)?"
    rf"|(?P<word>(?:[A-Za-z_][A-Za-z_0-9]*)?[{WORD_LETTERS}][A-Za-z_0-9{WORD_LETTERS}]*)"
    r"|[A-Za-z_][A-Za-z0-9_]*|[-+*/^()=\u2212]|\s+|.", re.DOTALL)
_DECLINED = frozenset("\u00b7\u00d7\u00f7")


def _reference_runs(text: str, known: frozenset[str]) -> list[tuple[int, str]]:
    def is_math(match: re.Match[str]) -> bool:
        return match.group() in known if match.lastgroup == "word" else _is_math_token(match.group(), known)

    return runs_token_by_token(text, _REFERENCE_TOKEN, is_math)


def _reference_outside(text: str) -> str | None:
    found = (ch for ch in text if not ch.isascii() and (ch.isnumeric() or ch in _DECLINED))
    return None if text.isascii() else next(found, None)


# Characters of every kind the reader tells apart: digits (ASCII and others), letters (ASCII
# and others), operators, spaces (line breaks, no-break and other Unicode spaces), marks.
_CHARS = st.sampled_from(
    list("0123456789xyzabXYZ_.,;:!?'\"()=+-*/^ \t\n\r")
    + ["\u2212", "\u00a0", "\u2003", "\u0660", "\uff11", "\u00b2", "\u00be", "\u00b7", "\u00d7", "\u00f7", "\u00e9", "\u03b1", "\x1c", "\u2028"]
)
_KNOWN = st.frozensets(st.sampled_from(["x", "y", "ab", "_x", "x_1", "\u00e9", "\u03b1", "speed"]), max_size=3)


@settings(max_examples=2000, deadline=None)
@given(st.lists(_CHARS, max_size=40).map("".join), _KNOWN)
@example("Solve 3x + 5 = 20 for x", frozenset())
@example("x\u00a0= 2\n y = \u0663", frozenset({"y"}))
@example("ab = 2 and _x = 3", frozenset({"ab", "_x"}))
def test_runs_are_cut_as_by_the_token_by_token_reading(text: str, known: frozenset[str]) -> None:
    assert math_runs(text, known) == _reference_runs(text, known)
    assert outside_alphabet(text) == _reference_outside(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30), _KNOWN)
def test_any_unicode_text_is_cut_as_by_the_reference(text: str, known: frozenset[str]) -> None:
    assert math_runs(text, known) == _reference_runs(text, known)
    assert outside_alphabet(text) == _reference_outside(text)


@settings(max_examples=200, deadline=None)
@given(st.integers(-50, 50), st.integers(1, 9), st.integers(-99, 99), st.sampled_from(["x", "y", "a_1"]))
def test_forms_and_equations_hash_as_their_dataclass_fields_and_pickle_without_the_kept_hash(
    a: int, b: int, c: int, v: str
) -> None:
    import dataclasses
    import pickle

    from stepcache_integrations.core.tasks.algebra import find_equations

    for eq in find_equations(f"{a}{v} + {b} = {c}, {b}/{max(a, 1)} = {v}"):
        fields = tuple(getattr(eq, f.name) for f in dataclasses.fields(eq))
        assert hash(eq) == hash(fields) and hash(eq) == hash(fields)  # computed, then kept
        form_fields = (eq.form.coeffs, eq.form.const)
        assert hash(eq.form) == hash(form_fields)
        back = pickle.loads(pickle.dumps(eq))
        assert back == eq and "_hash" not in back.__dict__ and hash(back) == hash(eq)
