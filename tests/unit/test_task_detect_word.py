"""A task's declared detect word (``TaskHandler.detect_word``): the registry skips ``detect`` for a
prompt without it, so the JSON task's readers are not entered for a linear prompt. The shortcut is
sound only where ``detect`` could not accept such a prompt, and only from the class that defines
``detect``: a subclass that detects otherwise is asked as before."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks import JsonTask, TaskRegistry

WITHOUT_THE_WORD = [
    "Solve 3x + 5 = 20 for x. Show your steps.",
    "Return an object with keys name and age for Ada, 36.",
    "Give me {\"name\": ..., \"age\": ...} filled in for Ada, 36.",
    "Output JSOM with keys a and b.",
]
WITH_THE_WORD = [
    "Return a JSON object with keys name and age for Ada, 36.",
    "Respond with JSON only: name and age of Ada, who is 36.",
    "Réponds en jſon avec les clés nom et âge.",  # the long s folds to s: the word is there
]


@pytest.mark.parametrize("prompt", WITHOUT_THE_WORD + WITH_THE_WORD)
def test_the_json_task_accepts_no_prompt_without_its_word(prompt: str) -> None:
    word = JsonTask.detect_word
    assert word == "json"
    if word not in prompt.casefold():
        assert JsonTask().detect(prompt) is False
    # the registry's choice is the one asking every detector gives
    registry = TaskRegistry()
    asked = next(h for h in registry.handlers if h.detect(prompt, None))
    assert registry.detect(prompt).name == asked.name


def test_the_registry_skips_detect_only_without_the_word() -> None:
    calls: list[str] = []

    class CountingJson(JsonTask):
        detect_word = "json"  # declared where detect is defined: the shortcut holds

        def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
            calls.append(prompt)
            return super().detect(prompt, schema)

    registry = TaskRegistry()
    registry.register(CountingJson(), first=True)
    assert registry.detect(WITHOUT_THE_WORD[0]).name == "linear_equation"
    assert calls == []
    assert registry.detect(WITH_THE_WORD[0]).name == "json"
    assert calls == [WITH_THE_WORD[0]]


def test_a_subclass_that_detects_otherwise_is_asked_every_time() -> None:
    class Anything(JsonTask):
        name = "anything"

        def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
            return "widget" in prompt  # no "json" needed: the inherited word must not apply

    registry = TaskRegistry()
    registry.register(Anything(), first=True)
    assert registry.detect("Describe a widget in two lines.").name == "anything"


def test_a_schema_request_is_asked_whatever_the_words() -> None:
    class Schemas(JsonTask):
        name = "schemas"
        detect_word = "json"  # declared beside detect: a schema request is asked all the same

        def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
            return schema is not None

    registry = TaskRegistry()
    registry.register(Schemas(), first=True)
    assert registry.detect("Name a colour.", {"type": "object"}).name == "schemas"
    assert registry.detect("Name a colour.").name != "schemas"
