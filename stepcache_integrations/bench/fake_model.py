"""A scripted stand-in for the model (no server): bench unit tests and dry runs of the report."""

from __future__ import annotations

import json
import re
from fractions import Fraction

from ..core.types import LLMResponse

_EQ = re.compile(r"(\d+)\s*\*?\s*([a-z])\s*([+-])\s*(\d+)\s*=\s*(\d+)")
_VALUE = re.compile(r'(\w+) ("[^"]*"|\d+)')


class FakeModel:
    """Solves math correctly unless ``wrong_math``; writes JSON dropping the last key if ``drop_key``."""

    def __init__(self, *, wrong_math: bool = False, drop_key: bool = False) -> None:
        self.wrong_math = wrong_math
        self.drop_key = drop_key
        self.calls = 0

    def __call__(self, prompt: str) -> LLMResponse:
        self.calls += 1
        text = self.answer(prompt)
        return LLMResponse(
            text=text,
            prompt_tokens=len(prompt.split()),
            completion_tokens=len(text.split()),
        )

    def answer(self, prompt: str) -> str:
        eq = _EQ.search(prompt)
        if eq and "JSON" not in prompt:
            a, var, op, b, c = (
                int(eq.group(1)),
                eq.group(2),
                eq.group(3),
                int(eq.group(4)),
                int(eq.group(5)),
            )
            ax = c - b if op == "+" else c + b
            value = Fraction(ax, a) + (1 if self.wrong_math else 0)
            return (
                f"Step 1: {a}{var} {op} {b} = {c}\n"
                f"Step 2: {a}{var} = {ax}\n"
                f"Step 3: {var} = {value}\n"
                f"Answer: {var} = {value}"
            )
        keys_match = re.search(
            r"(?:Required keys|Use keys|keys):?\s*([\w, ]+?)(?:\.|$| for)", prompt
        )
        if keys_match is None:
            keys_match = re.search(r"with keys ([\w, ]+?)(?: for| \(|\.|$)", prompt)
        keys = (
            [k.strip() for k in re.split(r",| and ", keys_match.group(1)) if k.strip()]
            if keys_match
            else []
        )
        values = {}
        for key, raw in _VALUE.findall(prompt):
            values[key] = json.loads(raw)
        obj = {key: values.get(key, "unknown") for key in keys}
        if self.drop_key and obj:
            obj.pop(list(obj)[-1])
        return json.dumps(obj)
