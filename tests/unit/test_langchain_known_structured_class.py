"""The wrapper's own ``with_structured_output(Model, method="json_schema")`` keeps the step tier.

ChatOpenAI's ``json_schema`` method binds the pydantic class itself as the response format; ``llm_string``
holds only its repr, so neither path could read the schema from the call options and red team 24b's fix made
the request the exact tier's. The wrapper's own ``with_structured_output`` read the class: when the response
format bound is that very class, the wrapper reads it as the ``json_schema`` format of the class's full schema
(``model_json_schema``: every title, description, default and enum), and the engine's checks decline what they
do not read (a description, a custom title, an enum, a default: statements prove nothing under prose). Any
other class stays the exact tier's; the global cache (``llm_string`` only) stays the exact tier's.

Traps: red team 24b's classes (age in MONTHS, UPPER CASE, a docstring rule, a custom field title, an enum of
decades, an optional flag, "100 minus the age") on the wrapper: the model's answer for the changed prompt is
returned, never a re-instantiated object.
"""

from __future__ import annotations

import json
from typing import Any, Literal, Optional

import httpx
import pytest
from pydantic import BaseModel, Field, create_model

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import StepCacheLLMCache, with_step_cache
from tests.unit.test_langchain_fakes import global_cache  # noqa: F401 - fixture

pytest.importorskip("langchain_openai")
from langchain_openai import ChatOpenAI  # noqa: E402

P = 'Return a JSON object with keys "name" and "age" for {}, {}.'


class Server:
    """A fake OpenAI endpoint: each prompt's answer by its last user text; every request counted."""

    def __init__(self) -> None:
        self.answers: dict[str, Any] = {}
        self.bodies: list[dict[str, Any]] = []

    def handler(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        text = body["messages"][-1]["content"]
        answer = self.answers.get(text, {"name": "WRONG", "age": 999})
        message = {"role": "assistant", "content": json.dumps(answer)}
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                                         "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})

    def chat(self) -> ChatOpenAI:
        return ChatOpenAI(model="m", api_key="k", base_url="http://fake/v1", temperature=0, max_retries=0,
                          http_client=httpx.Client(transport=httpx.MockTransport(self.handler)))


def _model(class_name: str, doc: str | None = None, /, **fields: Any) -> type[BaseModel]:
    model = create_model(class_name, **fields)
    model.__doc__ = doc
    return model


PERSON = _model("Person", name=(str, ...), age=(int, ...))
# red team 24b's classes: (model, first person, the model's right answer for a person)
TRAPS: dict[str, tuple[type[BaseModel], tuple[str, int], Any]] = {
    "months": (_model("register", "Register a person.", name=(str, ...),
                      age=(int, Field(description="age in MONTHS (years * 12)"))), ("Alice", 0),
               lambda n, v: {"name": n, "age": v * 12}),
    "upper": (_model("register", "Register a person.", name=(str, Field(description="the name in UPPER CASE")),
                     age=(int, ...)), ("ALICE", 30), lambda n, v: {"name": n.upper(), "age": v}),
    "docstring": (_model("register", "Register a person. The age field is in MONTHS (years * 12).", name=(str, ...),
                         age=(int, ...)), ("Alice", 0), lambda n, v: {"name": n, "age": v * 12}),
    "title": (_model("register", "Register a person.", name=(str, ...), age=(int, Field(title="Age In Months"))),
              ("Alice", 0), lambda n, v: {"name": n, "age": v * 12}),
    "decades": (_model("register", "Register a person.", name=(str, ...),
                       age=(Literal[20, 30, 40, 50, 60, 70], Field(description="age rounded to the nearest ten"))),
                ("Alice", 30), lambda n, v: {"name": n, "age": round(v / 10) * 10}),
    "senior": (_model("register", "Register a person.", name=(str, ...), age=(int, ...),
                      senior=(Optional[bool], Field(None, description="true only if age is over 40, else omit"))),
               ("Alice", 30), lambda n, v: {"name": n, "age": v, **({"senior": True} if v > 40 else {})}),
    "meaning": (_model("register", "Register a person.", name=(str, ...),
                       age=(int, Field(description="remaining years to 100 (100 minus the stated age)"))),
                ("Alice", 50), lambda n, v: {"name": n, "age": 100 - v}),
}


def test_the_plain_class_is_re_instantiated_for_a_changed_person() -> None:
    """pydantic's default titles ("Person", "Name", "Age") state nothing (red team 26's over-decline; it was
    a trap row here, "plain-person", answered by the model): the stated values are re-instantiated, proven."""
    server = Server()
    first, second = P.format("Alice", 30), P.format("Bob", 41)
    server.answers[first] = {"name": "Alice", "age": 30}
    people = with_step_cache(server.chat(), StepCache()).with_structured_output(PERSON, method="json_schema",
                                                                                 include_raw=True)
    cold = people.invoke(first)
    assert _record(cold)["verification"] == "proven" and len(server.bodies) == 1
    changed = people.invoke(second)
    assert len(server.bodies) == 1 and changed["parsed"] == PERSON(name="Bob", age=41), _record(changed)
    assert _record(changed)["outcome"] == "reinstantiate" and _record(changed)["verification"] == "proven"


def _record(out: dict[str, Any]) -> dict[str, Any]:
    return out["raw"].response_metadata["stepcache"]


def test_the_class_its_own_with_structured_output_read_keeps_the_step_tier() -> None:
    server = Server()
    alice = P.format("Alice", 30)
    server.answers[alice] = {"name": "Alice", "age": 30}
    people = with_step_cache(server.chat(), StepCache()).with_structured_output(PERSON, method="json_schema",
                                                                                 include_raw=True)
    first = people.invoke(alice)
    assert first["parsed"] == PERSON(name="Alice", age=30) and _record(first)["tier"] == "step"
    again = people.invoke(alice)  # the same request: the step tier reuses it, no model call
    assert len(server.bodies) == 1 and again["parsed"] == first["parsed"]
    assert _record(again)["tier"] == "step" and _record(again)["outcome"] == "reuse"
    # what the model was sent is unchanged: the class as ChatOpenAI renders it (openai's strict schema)
    assert server.bodies[0]["response_format"]["type"] == "json_schema"
    assert server.bodies[0]["response_format"]["json_schema"]["name"] == "Person"


@pytest.mark.parametrize("trap", sorted(TRAPS))
def test_red_team_24b_classes_on_the_wrapper_are_never_served_from_a_stated_value(trap: str) -> None:
    model, (name, value), right = TRAPS[trap]
    server = Server()
    first, second = P.format(name, value), P.format("Bob", 41)
    server.answers[first] = right(name, value)
    server.answers[second] = right("Bob", 41)
    people = with_step_cache(server.chat(), StepCache()).with_structured_output(model, method="json_schema",
                                                                                 include_raw=True)
    cold = people.invoke(first)
    assert _record(cold)["tier"] == "step" and len(server.bodies) == 1
    changed = people.invoke(second)
    assert len(server.bodies) == 2, _record(changed)  # the model answers the changed prompt
    assert json.loads(changed["raw"].content) == right("Bob", 41)
    assert _record(changed)["outcome"] != "reinstantiate" and _record(changed)["model_calls"] >= 1


def test_another_class_bound_over_the_known_one_stays_the_exact_tiers() -> None:
    from langchain_core.runnables import RunnableSequence

    from stepcache_integrations.langchain.runnable import StepCacheRunnable

    server = Server()
    months, _, _ = TRAPS["months"]
    alice = P.format("Alice", 30)
    server.answers[alice] = {"name": "Alice", "age": 30}
    people = with_step_cache(server.chat(), StepCache()).with_structured_output(PERSON, method="json_schema")
    assert isinstance(people, RunnableSequence) and isinstance(people.first, StepCacheRunnable)
    wrapper = people.first
    assert wrapper.known_format({}) is not None
    rebound = wrapper.bind(response_format=months)  # another class: its schema was never read
    assert rebound.structured_class is PERSON and rebound.known_format({}) is None
    out = rebound.invoke(alice)
    record = out.response_metadata["stepcache"]
    assert record["tier"] == "exact" and "response_format is set (not modelled)" in record["tier_reasons"]
    # the same class object bound as a call option is the known one; another one per call is not
    assert wrapper.known_format({"response_format": months}) is None


def test_a_class_bound_without_the_wrappers_with_structured_output_stays_the_exact_tiers() -> None:
    server = Server()
    alice = P.format("Alice", 30)
    server.answers[alice] = {"name": "Alice", "age": 30}
    bound = with_step_cache(server.chat(), StepCache()).bind(response_format=PERSON)
    assert bound.known_format({}) is None
    assert bound.invoke(alice).response_metadata["stepcache"]["tier"] == "exact"


def test_the_exact_tier_keys_on_the_class_and_its_read_schema() -> None:
    # two classes of one name and two schemas: never one key (the exact tier keys the bound repr and the schema)
    server = Server()
    a = _model("register", "Register a person.", name=(str, ...), age=(int, ...))
    b = _model("register", "Register a person.", name=(str, ...), age=(int, Field(description="age in MONTHS")))
    wrappers = [with_step_cache(server.chat(), StepCache()).with_structured_output(m, method="json_schema").first
                for m in (a, b)]
    from stepcache_integrations.langchain._requests import Request

    request = Request("chat", "x")
    identities = [w.tier(request, {}, w.call_spec({}))[1] for w in wrappers]
    assert identities[0] != identities[1]
    assert [w.tier(request, {}, w.call_spec({}))[0].tier for w in wrappers] == ["step", "step"]


def test_the_global_cache_gives_the_class_no_tier(global_cache: StepCacheLLMCache) -> None:
    # red team 32: llm_string names the class by its repr only, which another class of that name shares, so
    # not even the same request replays there (it did, as the exact tier's, until then)
    server = Server()
    model, (name, value), right = TRAPS["months"]
    first, second = P.format(name, value), P.format("Bob", 41)
    server.answers[first], server.answers[second] = right(name, value), right("Bob", 41)
    structured = server.chat().with_structured_output(model, method="json_schema", include_raw=True)
    structured.invoke(first)
    assert json.loads(structured.invoke(second)["raw"].content) == right("Bob", 41) and len(server.bodies) == 2
    structured.invoke(second)
    stats = global_cache.stats()
    assert len(server.bodies) == 3 and stats["exact_hits"] == 0 and stats["tiers"]["none"] == 3


def _words(value: Any) -> set[str]:
    """Every key and string of a JSON value (what a model can read of a schema)."""
    if isinstance(value, dict):
        return {str(k) for k in value} | {w for v in value.values() for w in _words(v)}
    if isinstance(value, list):
        return {w for v in value for w in _words(v)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("trap", sorted(TRAPS))
def test_the_engine_reads_every_word_the_model_is_sent_of_the_class(trap: str) -> None:
    # the converted json_schema drops a field's custom title ("Age In Months"); the schema the engine
    # verifies under is the class's full one, so every word the model reads of the format is in it
    model, (name, value), right = TRAPS[trap]
    server = Server()
    server.answers[P.format(name, value)] = right(name, value)
    engine = StepCache()
    seen: list[dict[str, Any]] = []
    lookup = engine.lookup

    def spy(prompt: str, **options: Any) -> Any:
        seen.append(options)
        return lookup(prompt, **options)

    engine.lookup = spy  # type: ignore[method-assign]
    with_step_cache(server.chat(), engine).with_structured_output(model, method="json_schema").invoke(P.format(name, value))
    sent = server.bodies[0]["response_format"]["json_schema"]
    read = _words(seen[0]["schema"])
    assert _words(sent["schema"]) - {"additionalProperties"} <= read and sent["name"] in read


def test_the_exact_tier_keys_on_the_class_as_bound() -> None:
    # one name, one schema, two classes (modules): the exact tier keys the bound class too
    server = Server()
    a, b = (create_model("register", __module__=module, name=(str, ...), age=(int, ...)) for module in ("m.a", "m.b"))
    from stepcache_integrations.langchain._requests import Request

    request = Request("chat", "x")
    wrappers = [with_step_cache(server.chat(), StepCache()).with_structured_output(m, method="json_schema").first
                for m in (a, b)]
    assert wrappers[0].call_spec({}).response_schema == wrappers[1].call_spec({}).response_schema
    identities = [w.tier(request, {}, w.call_spec({}))[1] for w in wrappers]
    assert identities[0] != identities[1]
