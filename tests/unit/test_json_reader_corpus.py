"""The JSON request reader side by side with the one it replaced (issue 33).

``tests/fixtures/json_reader_corpus.jsonl`` records, before the change, how the phrase-matching
reader read every string constant of the tests, the tooling and ``bench_data/*.json`` (8,449;
``scripts/reader_corpus.py``): whether the task claims it, its required keys, its stated values
and whether it was read whole. The grammar reader (``request.lark`` over ``vocabulary/``) must
read each the same way, or the prompt is listed in ``tests/fixtures/json_reader_differences.json``
with a one-line reason (a gain in reach, or a prompt now declined) and its new reading exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "json_reader_corpus.jsonl"
DIFFERENCES = ROOT / "tests" / "fixtures" / "json_reader_differences.json"


def _reading(prompt: str) -> dict:
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from reader_corpus import reading
    finally:
        sys.path.pop(0)
    return reading(prompt)


def _rows() -> list[dict]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]


def _differences() -> dict[str, dict]:
    return {row["prompt"]: row for row in json.loads(DIFFERENCES.read_text(encoding="utf-8"))}


def test_every_recorded_prompt_is_read_the_same_or_its_difference_is_listed() -> None:
    differences = _differences()
    unlisted, wrong = [], []
    for row in _rows():
        now = _reading(row["prompt"])
        listed = differences.get(row["prompt"])
        if listed is None:
            if now != row["reading"]:
                unlisted.append((row["prompt"], row["reading"], now))
        elif now != listed["now"]:
            wrong.append((row["prompt"], listed["now"], now))
    assert unlisted == [], unlisted[:5]
    assert wrong == [], wrong[:5]


def test_every_listed_difference_is_a_difference_with_a_reason() -> None:
    rows = {row["prompt"]: row["reading"] for row in _rows()}
    for prompt, listed in _differences().items():
        assert prompt in rows, prompt  # no stale entry
        assert listed["now"] != rows[prompt], prompt
        assert listed["kind"] in ("gained", "declined") and listed["reason"].strip(), prompt


@pytest.mark.parametrize("field", ["stated"])
def test_no_listed_difference_states_a_value_the_prompt_does_not_write(field: str) -> None:
    """A gain states only values written in the prompt itself (as a literal or a bare name), or a
    declared transform of one (``transforms.py``): then the value as written is in the prompt and
    the stated value is exactly the transform of it."""
    from stepcache_integrations.core.tasks.json.reader import read_request
    from stepcache_integrations.core.tasks.json.transforms import apply_transform

    for prompt, listed in _differences().items():
        for key, value in listed["now"][field].items():
            plain = read_request(prompt)
            if plain is not None and key in plain.transforms:
                as_written, unit = plain.written[key]
                expected = apply_transform(plain.transforms[key], as_written, unit)
                assert type(value) is type(expected) and value == expected, prompt
                value = as_written
            assert key in prompt and str(value if not isinstance(value, bool) else str(value).lower()) in prompt, prompt
