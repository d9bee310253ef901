from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import extract_json_object, segment_text


def texts(answer: str) -> list[str]:
    return [s.text.strip() for s in segment_text(answer)]


def test_numbered_and_step_lines_are_steps() -> None:
    answer = "Step 1: 3x + 5 = 20\nStep 2: 3x = 15\nStep 3: x = 5\nAnswer: x = 5"
    assert texts(answer) == ["Step 1: 3x + 5 = 20", "Step 2: 3x = 15", "Step 3: x = 5", "Answer: x = 5"]


def test_numbered_bullets_and_paragraphs() -> None:
    answer = "Intro line\ncontinues here.\n\n1. first\n2) second\n- bullet\n* star\n\nClosing paragraph."
    assert texts(answer) == [
        "Intro line\ncontinues here.",
        "1. first",
        "2) second",
        "- bullet",
        "* star",
        "Closing paragraph.",
    ]


def test_fenced_code_block_stays_whole() -> None:
    answer = "Use this:\n\n```python\n1. not a step\n\n- nor this\n```\nDone."
    steps = texts(answer)
    assert "```python\n1. not a step\n\n- nor this\n```" in steps[1]
    assert len(steps) == 3


def test_segmentation_is_exactly_lossless_on_examples() -> None:
    for answer in ["", "\n\n", "one", "a\n\n\nb\n", "  1. x\n  2. y  \n\n"]:
        assert "".join(s.text for s in segment_text(answer)) == answer


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1.)-*` \n\t:Step")), max_size=200))
def test_segmentation_lossless_property(answer: str) -> None:
    assert "".join(s.text for s in segment_text(answer)) == answer


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_segmentation_lossless_on_any_unicode(answer: str) -> None:
    assert "".join(s.text for s in segment_text(answer)) == answer


def test_extract_json_from_fence_and_prose() -> None:
    obj = {"name": "Ann", "age": 3}
    for wrapped in [
        json.dumps(obj),
        f"Sure!\n```json\n{json.dumps(obj)}\n```\nAnything else?",
        f"Here it is: {json.dumps(obj)} -- done",
    ]:
        found = extract_json_object(wrapped)
        assert found is not None and found[0] == obj


def test_extract_json_rejects_invalid_and_deep_nesting() -> None:
    assert extract_json_object('{"a": 1,}') is None  # trailing comma is not JSON
    assert extract_json_object("no json here") is None
    deep = "[" * 10000 + "]" * 10000
    extract_json_object("{" + "\"a\": " + deep + "}")  # must return, not raise RecursionError
    assert extract_json_object("{" * 100000) is None
