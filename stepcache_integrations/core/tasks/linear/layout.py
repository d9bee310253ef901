"""The format a linear prompt asks its answer in, enforced on every answer served.

The request grammar reads format instructions into ``LinearConstraints.format`` (``reader.FORMATS``)
and the label of an answer template ("Final answer: x = <value>") into ``answer_label``; an
instruction outside the grammar is no claim (the prompt is not read). An answer served for the
prompt, whether reused, re-instantiated, patched, the model's own or the fallback, follows them:

=============  ==================================================================================
steps          a step before the answer line ("show your work", "step by step", "explain")
numbered       every line before the answer line labelled "Step 1:", "Step 2:", ... in order
lines          one step per line (a step is a line: holds whenever ``steps`` does)
answer_last    the answer line is the last line; with a label, it starts with "<label>:"
answer_value   the answer line states the bare value ("Answer: <value>", one unknown asked)
answer_named   the answer line names the unknown ("Answer: x = <value>", "Answer: x = ?")
answer_only    the answer line alone, values only ("only the final answer", "no explanation")
one_line       the answer on one line ("answer in one line")
fraction       no value on the answer line is written as a decimal ("as a fraction")
decimal        no value on the answer line is written as a fraction ("as a decimal"; a value that
               has no finite decimal is not read: the prompt is no claim)
=============  ==================================================================================
"""

from __future__ import annotations

import re

from ...types import Step

__all__ = ["format_errors"]

_STEP_LABEL = re.compile(r"\s*\**\s*step\s+(\d+)\s*\**\s*[:.)]", re.IGNORECASE)
_NAMED_VALUE = re.compile(r"\s*\**\s*[A-Za-z](?:_?[0-9]+)?\s*=")
_BARE_VALUE = re.compile(r"\s*-?\d+(?:/\d+|\.\d+)?\s*\.?\s*$")
# An answer line of values alone: an optional label, then "x = 5, y = -1/2" or a bare value.
_VALUE = r"-?\d+(?:/\d+|\.\d+)?"
_VALUES_ALONE = re.compile(
    rf"\s*\**\s*(?:[^\W\d_][\w ]*:\s*\**\s*)?(?:{_VALUE}|[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE}"
    rf"(?:\s*,\s*[A-Za-z](?:_?[0-9]+)?\s*=\s*{_VALUE})*)\s*\**\s*\.?\s*$")
_NAME = re.compile(r"([A-Za-z](?:_?[0-9]+)?)\s*=")
_TARGET_ALONE = re.compile(rf"(?:[^=,;]+=\s*)?{_VALUE}")
_DECIMAL = re.compile(r"\d\.\d")  # a decimal point between digits (the line's closing period is none)


def format_errors(
    steps: list[Step], fmt: tuple[str, ...], label: str, asked: tuple[str, ...], target: str = ""
) -> list[str]:
    """Why the answer of ``steps`` (for the ``asked`` unknowns, or the asked expression ``target``)
    does not follow the format the prompt asks for (empty: it does)."""
    if not fmt and not label:
        return []
    lines = [line for step in steps for line in step.text.splitlines() if line.strip()]
    if not lines:
        return ["the answer is empty"]
    return [why for failed, why in _checks(lines[:-1], lines[-1], fmt, label, asked, target) if failed]


def _values_alone(line: str, asked: tuple[str, ...]) -> bool:
    """The line states the asked unknowns' values and nothing else: each asked unknown once and no
    other ("x = 2.5, y = 0.5" when y alone is asked is working), or a bare value for one unknown."""
    if not _VALUES_ALONE.match(line):
        return False
    names = _NAME.findall(_after_label(line))
    return sorted(names) == sorted(asked) if names else len(asked) == 1


def _checks(
    working: list[str], last: str, fmt: tuple[str, ...], label: str, asked: tuple[str, ...], target: str
) -> tuple[tuple[bool, str], ...]:
    """Each format rule: (broken, why)."""
    shown = label or "Answer"
    return (
        ("steps" in fmt and not working, "the prompt asks for the steps; the answer states only its result"),
        ("numbered" in fmt and not _numbered(working), "the prompt asks for numbered steps ('Step 1:', 'Step 2:', ...)"),
        (bool(label) and not _labelled(last, label), f"the prompt asks for a last line '{label}: ...'"),
        ("answer_value" in fmt and not _BARE_VALUE.match(_after_label(last)),
         f"the prompt asks for '{shown}: <value>' on the last line"),
        ("answer_named" in fmt and not _NAMED_VALUE.match(_after_label(last)),
         f"the prompt asks for '{shown}: x = <value>' on the last line"),
        (bool(working) and ("answer_only" in fmt or "one_line" in fmt), "the prompt asks for the answer on one line"),
        ("answer_only" in fmt and not (_target_alone(last) if target else _values_alone(last, asked)),
         "the prompt asks for the answer alone, no working"),
        ("fraction" in fmt and _DECIMAL.search(_after_label(last)) is not None, "the prompt asks for the answer as a fraction"),
        ("decimal" in fmt and "/" in _after_label(last), "the prompt asks for the answer as a decimal"),
    )


def _target_alone(line: str) -> bool:
    """The line states one value and nothing else: "x^2 = 25" or a bare "25" after its label (that
    the left side is the asked expression and the value right is the final check's)."""
    stated = _after_label(line).strip(" *.")
    return bool(_TARGET_ALONE.fullmatch(stated))


def _numbered(working: list[str]) -> bool:
    numbers = [_STEP_LABEL.match(line) for line in working]
    return all(numbers) and [int(m.group(1)) for m in numbers if m] == list(range(1, len(working) + 1))


def _labelled(line: str, label: str) -> bool:
    """The line starts with the label exactly as the prompt wrote it (its case is content)."""
    return line.strip(" *_").startswith(label) and ":" in line


def _after_label(line: str) -> str:
    return line.split(":", 1)[1] if ":" in line else line
