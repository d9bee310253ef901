"""Segmentation: split an answer into ordered steps, losslessly.

Free text splits on blank-line paragraphs, numbered lines (``1.``, ``1)``, ``Step 1:``) and
bullets; a fenced code block stays whole. Every step is a raw slice of the answer, so
``"".join(step.text for step in steps) == answer`` exactly.

JSON answers are one step: the single object extracted from the answer (even when it
is wrapped in a fence or prose). Its top-level keys act as sub-steps during
verification and patching (see ``tasks.json``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from .types import Step

__all__ = ["segment_text", "extract_json_object", "join_steps", "MAX_JSON_CANDIDATES"]

_STEP_START = re.compile(
    r"""^[ \t]*(?:
        (?:step|Step|STEP)[ \t]*\d+[ \t]*[:.)\-]     # Step 1:
      | \d{1,3}[.)](?:[ \t]|$)                       # 1.  1)
      | [-*+\u2022][ \t]+                            # bullets
      | (?:final[ \t]+)?answer[ \t]*:                # Answer:
      | (?:Final[ \t]+)?Answer[ \t]*:
    )""",
    re.VERBOSE,
)
_FENCE = re.compile(r"^[ \t]*(```|~~~)")

# Scanning for a JSON object tries a decode at each "{": cap it so hostile text stays linear-ish.
MAX_JSON_CANDIDATES = 64


def segment_text(answer: str) -> list[Step]:
    """Split free text into ordered steps; joining the steps returns ``answer`` exactly."""
    if not answer:
        return []
    splitter = _Splitter()
    for line in answer.splitlines(keepends=True):
        splitter.feed(line)
    return [Step(text="".join(block)) for block in splitter.blocks()]


class _Splitter:
    """Lines into blocks: a new step starts at a non-blank line after a blank one, at a step
    label or bullet, and at a fence; a fenced block stays whole."""

    def __init__(self) -> None:
        self._blocks: list[list[str]] = []
        self._current: list[str] = []
        self._fence = ""  # the open fence's marker; "" outside a fence
        self._after_blank = False

    def _has_content(self) -> bool:
        return any(line.strip() for line in self._current)

    def feed(self, line: str) -> None:
        fence = _FENCE.match(line)
        if self._fence:
            self._current.append(line)
            if fence and fence.group(1) == self._fence:
                self._fence = ""
                self._after_blank = True  # text after a closed fence is a new step
            return
        stripped = line.strip()
        starts_step = bool(stripped) and (self._after_blank or _STEP_START.match(line) is not None or fence is not None)
        if starts_step and self._has_content():
            self._blocks.append(self._current)
            self._current = []
        self._current.append(line)
        if fence:
            self._fence = fence.group(1)
        self._after_blank = not stripped and self._has_content()

    def blocks(self) -> list[list[str]]:
        """The blocks; trailing whitespace belongs to the last step."""
        blocks = list(self._blocks)
        if self._current:
            if blocks and not self._has_content():
                blocks[-1] = blocks[-1] + self._current
            else:
                blocks.append(self._current)
        return blocks


def join_steps(steps: list[Step]) -> str:
    """Inverse of segmentation."""
    return "".join(step.text for step in steps)


def _decode_object(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


_FENCED_JSON = re.compile(r"```(?:json|JSON)?[ \t]*\n(.*?)```", re.DOTALL)


def extract_json_object(answer: str) -> tuple[dict[str, Any], int, int] | None:
    """Find the one JSON object in ``answer``; return it with its character span.

    Tries, in order: the whole text, fenced blocks, then a bounded scan of ``{``
    positions. Returns None when no object decodes. Never raises on hostile input
    (deep nesting, truncated text).
    """
    stripped = answer.strip()
    if stripped.startswith("{"):
        obj = _decode_object(stripped)
        if obj is not None:
            start = answer.index("{")
            return obj, start, start + len(stripped)
    for match in _FENCED_JSON.finditer(answer):
        obj = _decode_object(match.group(1))
        if obj is not None:
            return obj, match.start(1), match.end(1)
    decoder = json.JSONDecoder()
    pos = answer.find("{")
    tries = 0
    while pos != -1 and tries < MAX_JSON_CANDIDATES:
        tries += 1
        try:
            value, end = decoder.raw_decode(answer, pos)
        except (ValueError, RecursionError):
            value, end = None, -1
        if isinstance(value, dict):
            return value, pos, end
        pos = answer.find("{", pos + 1)
    return None
