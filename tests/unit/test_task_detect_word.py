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


# wip/jsonT: a template after a conversion asks for JSON without the word; the JSON task declares
# two detect words since ("json" or a template's "{"), and the registry enters none of its readers
# for a prompt with neither (was: JsonTask.detect_word == "json"; the declines above are still
# asserted, and the prompts below are served AND exactly right in
# tests/adversarial/test_json_transforms_jsonT.py)
TEMPLATE_AFTER_A_CONVERSION = [
    'Convertis 3 heures en minutes et renvoie {"minutes": ...}.',
    'Runde 3,14159 auf zwei Nachkommastellen und gib {"wert": ...} zurück.',
    '5 km をメートルに変換して {"meters": ...} で返して。',
]


@pytest.mark.parametrize("prompt", WITHOUT_THE_WORD + WITH_THE_WORD + TEMPLATE_AFTER_A_CONVERSION)
def test_the_json_task_accepts_no_prompt_without_its_word(prompt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert JsonTask.detect_word == ("json", "{")
    if prompt in WITHOUT_THE_WORD:
        assert JsonTask().detect(prompt) is False
    if prompt in TEMPLATE_AFTER_A_CONVERSION:
        assert JsonTask().detect(prompt) is True
    # the registry's choice is the one asking every detector gives
    registry = TaskRegistry()
    asked = next(h for h in registry.handlers if h.detect(prompt, None))
    assert registry.detect(prompt).name == asked.name
    if "json" not in prompt.casefold() and "{" not in prompt:
        import stepcache_integrations.core.tasks.json.task as task_module

        def entered(_prompt: str) -> bool:
            raise AssertionError("a reader entered for a prompt with neither 'json' nor '{'")

        monkeypatch.setattr(task_module, "asks_for_one_object", entered)
        assert TaskRegistry().detect(prompt).name != "json"


def test_a_template_without_the_word_is_json_only_after_a_conversion() -> None:
    registry = TaskRegistry()
    assert registry.detect('Convert 3 hours to minutes and return {"minutes": ...}.').name == "json"
    assert registry.detect('Solve 6x + 1 = 25 and reply with {"x": <value>}.').name != "json"
    assert registry.detect('Give me {"name": ..., "age": ...} filled in for Ada, 36.').name != "json"


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
