"""A JSON request's framing words ask for one object; read as a bag, they can ask for more (blind
red team, round 12).

"Describe this JSON object.", "Describe the JSON object for a person ...", "a JSON object with a
JSON object for a person", "a JSON object and a JSON object" are made only of framing words, in
another order or twice. They ask for prose, a nested object or two objects, and were served the
bare object ``proven`` (re-instantiated from the cache, or the fallback replacing the model's right
description). Now, by construction:

* "describe" and "represent" are no framing words (the participles "describing a person",
  "representing a ship" still introduce the entity);
* a request names the object it asks for once; every further mention is content, unless it stands
  in a closing sentence of closing words only ("Output only the JSON object.", "Reply with JSON only.").
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.evidence import plain_entity

FIRST = 'Return a JSON object for a person with name "Alice", age 34, city "Paris". Required keys: name, age and city.'
FIRST_ANSWER = '{"name": "Alice", "age": 34, "city": "Paris"}'
STATED = 'a person with name "Bob", age 30, city "Rome"'
KEYS = ("name", "age", "city")
PROSE = "This object describes Bob, a 30-year-old person who lives in Rome."

NOT_ONE_OBJECT = [
    f"Return a JSON object for {STATED}. Required keys: name, age and city.\nDescribe this JSON object.",
    f"Describe the JSON object for {STATED}. Required keys: name, age and city.",
    f"Return a JSON object for {STATED}. Required keys: name, age and city. Only describe the JSON object.",
    f"Return a JSON object for {STATED}. Required keys: name, age and city. Just describe this.",
    f"Return a JSON object with a JSON object for {STATED}. Required keys: name, age and city.",
    f"Return a JSON object and a JSON object for {STATED}. Required keys: name, age and city.",
    f"Return a JSON object, a JSON object for {STATED}. Required keys: name, age and city.",
    f"Return a JSON object and a JSON object and a JSON object for {STATED}. Required keys: name, age and city.",
    f"Return a JSON object for {STATED}. Required keys: name, age and city. Return a JSON object.",
    f"Represent the JSON object for {STATED}. Required keys: name, age and city.",
]


class Model:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.calls.append(prompt)
        return FIRST_ANSWER if prompt == FIRST else PROSE


def test_no_object_is_proven_for_a_request_of_prose_or_of_more_objects() -> None:
    for prompt in NOT_ONE_OBJECT:
        cache, model = StepCache(), Model()
        cache.generate(FIRST, model)
        before = len(model.calls)
        served = cache.generate(prompt, model)
        assert len(model.calls) > before, prompt  # the model answers
        assert not served.verified and served.verification != "proven", (prompt, served.text)
        fresh = StepCache().generate(prompt, Model())
        # the model's description is kept (failing JSON's checks), never replaced by the fallback
        assert fresh.text == PROSE and not fresh.verified, (prompt, fresh.text)
        assert all(step.provenance != "fallback" for step in fresh.steps), prompt


def test_closing_sentences_keep_a_request_plain() -> None:
    base = f"Return a JSON object for {STATED}. Required keys: name, age and city."
    for closing in ("Output only the JSON object.", "Only output JSON.", "Reply with JSON only.",
                    "Return only the JSON object.", "Just the JSON object.", "Output the JSON object only."):
        prompt = f"{base} {closing}"
        assert plain_entity(prompt, KEYS) == "person", prompt
        served = StepCache().generate(prompt, lambda _p: '{"name": "Bob", "age": 30, "city": "Rome"}')
        assert served.verified, prompt
    # the participle introduces the entity; the object is still named once
    assert plain_entity(f"Return a JSON object describing {STATED}. Required keys: name, age and city.", KEYS) == "person"


# -- generic: any extra mention of an object, anywhere, in any framing words ----------------------
# ("for" is left out: "for a record" names what the object describes, the entity slot, not a second object)
FRAMING = ["return", "give", "me", "please", "the", "this", "a", "and", "with", "just", "only", "output", "also"]
MENTIONS = ["a JSON object", "an object", "JSON", "a JSON record", "another JSON object", "the JSON object for a dog",
            "a JSON document", "a dict", "one more JSON object"]
BASES = [
    f"Return a JSON object for {STATED}. Required keys: name, age and city.",
    f"Give me a JSON object with keys name, age and city for this person: {STATED[9:]}. Only output JSON.",
]


@settings(max_examples=300, deadline=None)
@given(
    base=st.sampled_from(BASES),
    words=st.lists(st.sampled_from(FRAMING), max_size=4),
    mention=st.sampled_from(MENTIONS),
    where=st.sampled_from(["sentence", "inline"]),
)
def test_a_second_object_named_in_framing_words_is_no_plain_request(base: str, words: list[str], mention: str, where: str) -> None:
    phrase = " ".join([*words, mention])
    if where == "sentence":
        prompt = f"{base} {phrase[0].upper()}{phrase[1:]} too."
    else:
        # beside the object's own name (after a key list, "and JSON" would be one more key)
        prompt = base.replace("a JSON object ", f"a JSON object and {phrase} ", 1)
    assert plain_entity(prompt, KEYS) is None, prompt


@settings(max_examples=100, deadline=None)
@given(base=st.sampled_from(BASES), verb=st.sampled_from(["Describe", "describe", "DESCRIBE", "Represent"]),
       rest=st.sampled_from(["this JSON object.", "the object.", "it.", "the person.", "this."]))
def test_describe_is_an_instruction(base: str, verb: str, rest: str) -> None:
    prompt: Any = f"{base} {verb} {rest}"
    assert plain_entity(prompt, KEYS) is None, prompt
