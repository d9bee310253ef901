"""Scripted stand-ins for the model (no server).

* :class:`FakeModel` - solves the paper workload correctly (bench unit tests, dry runs).
* :class:`WrongModel` - the control row's "garbage" model: every answer is wrong (well-formed
  but wrong math and JSON values for the paper workload, "I do not know." otherwise), so a
  system's correctness under it is what it gets right *without* the model.
* :class:`ReferenceModel` - answers each hard-workload prompt with its reference answer
  (an oracle), and paper prompts like :class:`FakeModel`.

All report usage (word counts) so they pass :class:`~.accounting.CountingLLM`'s check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from stepcache_integrations import LLMResponse

__all__ = ["FakeModel", "ReferenceModel", "WrongModel"]

_EQ = re.compile(r"(\d+)\s*\*?\s*([a-z])\s*([+-])\s*(\d+)\s*=\s*(\d+)")
_VALUE = re.compile(r'(\w+) ("[^"]*"|\d+)')
_PAPER_MATH = re.compile(r'"Answer: [a-z] = <value>"')


def _response(prompt: str, text: str) -> LLMResponse:
    return LLMResponse(
        text=text,
        prompt_tokens=max(1, len(prompt.split())),
        completion_tokens=len(text.split()),
    )


def _requested_keys(prompt: str) -> list[str]:
    keys_match = re.search(r"(?:Required keys|Use keys|keys):?\s*([\w, ]+?)(?:\.|$| for)", prompt)
    if keys_match is None:
        keys_match = re.search(r"with keys ([\w, ]+?)(?: for| \(|\.|$)", prompt)
    if not keys_match:
        return []
    return [k.strip() for k in re.split(r",| and ", keys_match.group(1)) if k.strip()]


class FakeModel:
    """Solves math correctly unless ``wrong_math``; writes JSON dropping the last key if ``drop_key``."""

    def __init__(self, *, wrong_math: bool = False, drop_key: bool = False) -> None:
        self.wrong_math = wrong_math
        self.drop_key = drop_key
        self.calls = 0

    def __call__(self, prompt: str) -> LLMResponse:
        self.calls += 1
        return _response(prompt, self.answer(prompt))

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
        keys = _requested_keys(prompt)
        values = {}
        for key, raw in _VALUE.findall(prompt):
            values[key] = json.loads(raw)
        obj = {key: values.get(key, "unknown") for key in keys}
        if self.drop_key and obj:
            obj.pop(list(obj)[-1])
        return json.dumps(obj)


class WrongModel:
    """Always wrong: the control row's stand-in for a model that answers garbage.

    Paper-workload math gets well-formed steps with a wrong value (the hardest kind of
    wrong answer for a verifier), JSON gets every requested key with the value
    ``"garbage"``, anything else ``"I do not know."``.
    """

    def __init__(self) -> None:
        self.calls = 0
        self._math = FakeModel(wrong_math=True)

    def __call__(self, prompt: str) -> LLMResponse:
        self.calls += 1
        return _response(prompt, self.answer(prompt))

    def answer(self, prompt: str) -> str:
        if _PAPER_MATH.search(prompt) and _EQ.search(prompt) and "JSON" not in prompt:
            return self._math.answer(prompt)
        if "JSON" in prompt:
            return json.dumps({key: "garbage" for key in _requested_keys(prompt)})
        return "I do not know."


class ReferenceModel:
    """Answers every hard-workload prompt with its reference answer; paper prompts like FakeModel."""

    def __init__(self, requests: Iterable[Any] = ()) -> None:
        self.calls = 0
        self.answers: dict[str, str] = {}
        for request in requests:
            reference = request.spec.get("reference")
            if reference is not None:
                self.answers[request.prompt] = reference
        self._fake = FakeModel()

    def __call__(self, prompt: str) -> LLMResponse:
        self.calls += 1
        text = self.answers.get(prompt)
        if text is None:  # a patch or repair request starts with the prompt it is about
            known = max((p for p in self.answers if prompt.startswith(p)), key=len, default=None)
            text = self.answers[known] if known is not None else self._fake.answer(prompt)
        return _response(prompt, text)
