"""A JSON answer is "checked" (or "proven") only when every key the prompt asks for was read.

Blind red team round 4, R1 and R5: one non-ASCII character anywhere in the prompt switched the key
list off ("name \"José\" ... Required keys: name and age" passed ``{"name": "José"}`` as checked),
and a list the grammar read in part ("name, age as well as city", "Required keys: name. Also
include age and city.") required only its first keys. The rule now: when the prompt holds a key
phrase the key-list grammar does not read whole, or its reading was given up, the answer is at most
"unchecked". The judges below know the requested keys by construction (they build the prompt) and
read the answer with ``json.loads``; no engine helper decides what was asked.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache

CLAIMS = ("checked", "proven")
NAMES = ("name", "age", "city", "email", "price", "title", "year", "color", "size", "owner")
NON_ASCII = ("\u00e9", "\u00f1", "\U0001f642", "\u200b", "\uff41", "\u03a9", "\u00a0", "\u2014", "\u00fc")
# The grammar's own list closers ("for", "of", "to", "as", "in", ...) and its connector ("and")
# are known words; every other word between two keys is an unknown connector.
KNOWN = frozenset(
    "and for of about describing representing that which from to in as please only nothing or".split()
)
PHRASES = ("as well as", "in addition to", "along with", "together with", "plus", "besides", "then", "&", "/", "+")


def _serve(prompt: str, answer: str) -> list[tuple[str, str]]:
    """(verification, served text) of a fresh answer and of the same prompt asked again."""
    cache = StepCache(max_repairs=0)
    first = cache.generate(prompt, lambda _p: answer)
    again = cache.generate(prompt, lambda _p: answer)
    return [(first.verification, first.text), (again.verification, again.text)]


def _judge(prompt: str, requested: list[str], answer: str) -> None:
    """Never "checked"/"proven" while a requested key is missing from the served object."""
    for level, text in _serve(prompt, answer):
        if level in CLAIMS:
            served = json.loads(text)
            missing = [k for k in requested if k not in served]
            assert missing == [], (prompt, answer, level, missing)


def _answer(keys: list[str]) -> str:
    return json.dumps({k: f"v{i}" for i, k in enumerate(keys)})


@st.composite
def keys_and_subset(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    keys = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    kept = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=len(keys), unique=True))
    return keys, kept


def _listed(keys: list[str]) -> str:
    return ", ".join(keys[:-1]) + " and " + keys[-1]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(keys_and_subset(), st.sampled_from(NON_ASCII), st.integers(0, 10_000), st.booleans())
def test_a_non_ascii_character_anywhere_never_drops_a_required_key(
    ks: tuple[list[str], list[str]], char: str, where: int, entity: bool
) -> None:
    keys, kept = ks
    head = 'Return a JSON object for a person named "Bob". ' if entity else "Return a JSON object. "
    prompt = head + f"Required keys: {_listed(keys)}."
    at = where % (len(prompt) + 1)
    _judge(prompt[:at] + char + prompt[at:], keys, _answer(kept))


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    keys_and_subset(),
    st.one_of(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8).filter(lambda w: w not in KNOWN),
        st.sampled_from(PHRASES),
    ),
    st.sampled_from(("Required keys: {}.", "Return a JSON object with keys {}.", "Return JSON with the fields {}")),
)
def test_an_unknown_connector_in_a_key_list_never_drops_a_key(
    ks: tuple[list[str], list[str]], connector: str, form: str
) -> None:
    keys, kept = ks
    listed = ", ".join(keys[:-1]) + f" {connector} " + keys[-1]
    prompt = form.format(listed)
    if "json" not in prompt.casefold():
        prompt = "Return a JSON object. " + prompt
    _judge(prompt, keys, _answer(kept))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    keys_and_subset(),
    st.sampled_from(("Also include {}.", "It must contain {}.", "The object should have {}.", "Add {} as well.",
                     "Include the key {}.", "The field {} is mandatory.", "Additionally {}.", "Besides, {}.")),
)
def test_a_key_phrase_beside_the_list_never_drops_its_keys(ks: tuple[list[str], list[str]], extra: str) -> None:
    keys, kept = ks
    prompt = f"Return a JSON object. Required keys: {keys[0]}. " + extra.format(_listed(keys[1:]) if len(keys) > 2 else keys[1])
    _judge(prompt, keys, _answer(kept))


@pytest.mark.parametrize(
    ("prompt", "answer"),
    [
        ('Return a JSON object for a person with name "Jos\u00e9", age 30. Required keys: name and age.', '{"name": "Jos\u00e9"}'),
        ("Return a JSON object describing B\u00f3b. Required keys: name and age.", '{"name": "Bob"}'),
        ("Return a JSON object describing Bob \U0001f642. Required keys: name and age.", '{"name": "Bob"}'),
        ('Return a JSON object for a person with name "Bob", age 30, city "Rome". Required keys: name, age as well as city.',
         '{"name": "Bob", "age": 30}'),
        ('Return a JSON object for a person with name "Bob", age 30, city "Rome". Required keys: name. Also include age and city.',
         '{"name": "Bob"}'),
        ("Return a JSON object. Required keys: name, age in addition to city.", '{"name": "Bob", "age": 30}'),
    ],
)
def test_the_red_team_prompts_are_unchecked(prompt: str, answer: str) -> None:
    for level, _text in _serve(prompt, answer):
        assert level == "unchecked", (prompt, level)


def test_beside_a_schema_an_unread_list_is_unchecked() -> None:
    schema = {"type": "object", "properties": {"name": {"type": "string"}}}
    result = StepCache().generate(
        "Return a JSON object for Jos\u00e9. Required keys: name and age.", lambda _p: '{"name": "Jos\u00e9"}', schema=schema
    )
    assert result.verification == "unchecked"


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
def test_control_a_plain_ascii_key_list_is_still_checked(keys: list[str]) -> None:
    """Not vacuous: an ASCII list read whole, answered with every key, is "checked"; one key short
    it fails its checks ("missing")."""
    listed = _listed(keys) if len(keys) > 1 else keys[0]
    prompt = f"Return a JSON object for a person. Required keys: {listed}."
    assert [level for level, _ in _serve(prompt, _answer(keys))] == ["checked", "checked"]
    if len(keys) > 1:
        short = StepCache(max_repairs=0).generate(prompt, lambda _p: _answer(keys[:-1]))
        assert not short.checks_passed and any("missing" in e for e in short.errors)


def test_a_prompt_not_read_whole_is_unchecked() -> None:
    """A prompt with a word outside the plain-request grammar (a name, another script) is not read
    whole: it may ask for a key or a rule nobody read, so its answer is unchecked (red team round
    5 (b)); a plain request naming no key is checked (the control)."""
    result = StepCache().generate("Return a JSON object describing Jos\u00e9.", lambda _p: '{"name": "Jos\u00e9"}')
    assert result.verification == "unchecked"
    control = StepCache().generate("Return a JSON object for a person.", lambda _p: '{"name": "Ann"}')
    assert control.verification == "checked"


@pytest.mark.parametrize(
    "prompt",
    [
        "Return a JSON object for a person with name and age.",
        "Return a JSON object for a person. Required keys: name\nage",
        "Return a JSON object for a person. Required keys: name. Don't forget age.",
        'Return a JSON object for a person with name "Ann". Required keys: name. Put age 30 in it too.',
        'Return a JSON object for a person with name "Ann". Required keys: name. Write the name in title case.',
        "Return a JSON object for a person. Required keys: name. Name the key Name instead.",
    ],
)
def test_a_key_or_rule_asked_in_unread_words_is_unchecked(prompt: str) -> None:
    """Red team round 5 (b): the answer lacks what these words ask for; nothing read them."""
    result = StepCache().generate(prompt, lambda _p: '{"name": "Ann"}')
    assert result.verification == "unchecked" and not result.verified, prompt


def test_a_declared_transform_is_enforced_on_the_model_answer() -> None:
    """"Write the name in uppercase" was an unread rule (above: still unchecked in title case); it
    is now a declared transform: the model's "Ann" is never served, the transformed "ANN" is."""
    prompt = 'Return a JSON object for a person with name "Ann". Required keys: name. Write the name in uppercase.'
    result = StepCache().generate(prompt, lambda _p: '{"name": "Ann"}')
    assert json.loads(result.text) == {"name": "ANN"} and result.verification == "proven", result.text


@pytest.mark.parametrize("tail", ["name, and.", "name and.", "name, age, and.", "and, name."])
def test_a_dangling_connector_is_no_list_read_whole(tail: str) -> None:
    """Fuzzer find (a word_replace edit): "Required keys: name, and." may name a key "and"; the list
    is not read whole, so a cached object is not proven for it."""
    prompt = f'Return a JSON object for a person with name "Alice", age 34. Required keys: {tail} Output only the JSON object.'
    cache = StepCache()
    cache.generate(prompt.replace(tail, "name, age."), lambda p: '{"name": "Alice", "age": 34}')
    result = cache.generate(prompt, lambda p: '{"name": "Alice", "age": 34, "and": 1}')
    assert result.verification != "proven" or result.model_calls == 1, (result.outcome, result.text)
