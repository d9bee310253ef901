"""The held-out phrasings' judge (scripts/heldout_phrasings.py): its own reading of derived
quantities ("x^2 = 25", "Answer: 25"), strict about the value (issue 33)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[3] / "scripts" / "heldout_phrasings.py"
_SPEC = importlib.util.spec_from_file_location("heldout_phrasings", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
heldout = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(heldout)


def _values(values: dict[str, str], text: str) -> bool:
    return heldout.judge({"type": "values", "values": values}, text)


@pytest.mark.parametrize(
    ("values", "text"),
    [
        ({"x^2": "25"}, "Step 1: 3x = 15\nAnswer: x^2 = 25"),
        ({"x^2": "25"}, "x² = 25"),
        ({"x^2": "25"}, "**Answer:** x**2 = 25."),
        ({"2x": "10"}, "Answer: 2*x = 10"),
        ({"2*x": "10"}, "2x = 10"),
        ({"x*y": "21"}, "Answer: x*y = 21"),
        ({"x + 2y": "13"}, "Answer: x + 2*y = 13"),
        ({"x^2": "25"}, "Answer: 25"),
        ({"x": "5"}, "Final answer: 5"),
        ({"x": "7", "y": "3"}, "Answer: x = 7, y = 3"),
        ({"x/2": "5/2"}, "Answer: x/2 = 5/2"),
    ],
)
def test_a_right_value_is_judged_right(values: dict[str, str], text: str) -> None:
    assert _values(values, text)


@pytest.mark.parametrize(
    ("values", "text"),
    [
        ({"x^2": "25"}, "Answer: x^2 = 24"),  # a wrong number
        ({"x^2": "25"}, "Answer: x = 5"),  # the unknown, not the quantity
        ({"x^2": "25"}, "Answer: 2x^2 = 25"),  # another expression containing it
        ({"2x": "10"}, "Answer: x = 10"),
        ({"2x": "10"}, "Answer: 2x = 5"),
        ({"x*y": "21"}, "Answer: x + y = 21"),
        ({"x^2": "25"}, "25"),  # a bare number without a label
        ({"x": "7", "y": "3"}, "Answer: 7"),  # a bare value answers one quantity only
        ({"x^2": "25"}, "Answer: twice x = 25"),  # words are no expression this judge reads
        ({"x^2": "25"}, "x^2 = 25\nThen x = 5."),  # the last line states no quantity asked
        ({"x": "5"}, "Answer: 2x = 5"),  # an unknown's name inside another expression
        ({"x^2": "25"}, "Answer: x^2 = 25/1 + 1"),
    ],
)
def test_a_wrong_or_unread_value_is_judged_wrong(values: dict[str, str], text: str) -> None:
    assert not _values(values, text)
