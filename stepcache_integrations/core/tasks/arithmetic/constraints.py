"""The arithmetic task's typed constraints: the expression, its exact value, the prompt's fingerprint."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..base import TaskConstraints
from ..fingerprint import PromptFingerprint, fingerprint
from .grammar import FORMS, read_question

__all__ = ["ArithmeticConstraints"]


@dataclass(frozen=True)
class ArithmeticConstraints(TaskConstraints):
    """What an answer must state (``value`` of ``expression``; both None for a prompt the task
    does not claim), and the prompt's fingerprint: prose of a cached answer is served only for
    the same prompt (identical)."""

    expression: str | None
    value: Fraction | None
    prompt: PromptFingerprint
    #: The answer form asked (``grammar.FORMS``): "" symbolic, "value" asked in words, "number"
    #: the value alone, "yesno" a predicate's "Yes." or "No." alone.
    form: str = ""
    #: The table that read the question ("en", "de", ...): a cached answer's words serve only its language.
    language: str = "en"

    @staticmethod
    def of_prompt(prompt: str) -> ArithmeticConstraints:
        question = read_question(prompt)
        if question is None:
            return ArithmeticConstraints(None, None, fingerprint(prompt))
        return ArithmeticConstraints(question.expression, question.value, fingerprint(prompt), question.form, question.language)

    @property
    def claimed(self) -> bool:
        """The prompt is an arithmetic question of the grammar."""
        return self.expression is not None and self.value is not None

    def to_dict(self) -> dict[str, Any]:
        value = None if self.value is None else str(self.value)
        form = {"form": self.form} if self.form else {}  # absent for a symbolic question: older entries read the same
        language = {"language": self.language} if self.language != "en" else {}  # absent in English, as before
        return {"expression": self.expression, "value": value, **form, **language, **self.prompt.fields()}

    @staticmethod
    def read(data: Any) -> ArithmeticConstraints:
        """The constraints a stored entry holds (anything unreadable: an unclaimed prompt)."""
        if isinstance(data, ArithmeticConstraints):
            return data
        get = data.get if hasattr(data, "get") else (lambda _key: None)
        expression, raw = get("expression"), get("value")
        try:
            value = Fraction(raw) if isinstance(raw, str) and isinstance(expression, str) else None
        except (ValueError, ZeroDivisionError):
            value = None
        form = get("form")
        if form is not None and form not in FORMS:
            value = None  # a form this reader does not know: the entry answers no question
        language = get("language") or "en"
        if not isinstance(language, str):
            value = None  # a language this reader cannot name: the entry answers no question
        return ArithmeticConstraints(
            expression if value is not None else None, value, PromptFingerprint.read(data), form if value is not None and form else "",
            language if value is not None else "en",
        )
