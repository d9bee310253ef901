"""wip/fuzzG: last session's red-team classes kept in the fuzzer. Four edit kinds (--new-kinds):

- function_word_key, determiner_key, unit_key: '<word> <number>' written after a JSON prompt's stated number, the word
  a function word ("age 30, sorry 31", "or 31", es "o 31", de "oder 31"; red team 29), a determiner before a time noun
  or a noun ("this year 31", "el año 31"; 29b) or a unit ("cm 80", "months 6"; 29c). No reader may take the word for a
  key, nor serve the first number as if nothing followed it: the served object gains no key and keeps the stated value
  (checked below on the engine); the oracle reads none of these prompts, so the nightly judge shows every one the
  cache serves without a model call.
- dash_chain: a linear equation's "-" written as an en dash or an em dash at one place or at every place, with its
  spaces as written, a space each side, none, or one after it (red team 29c). The oracle reads an en dash with one
  space each side as minus where wip/linAF's rule does (oracle._dash_is_minus), any other dash not at all."""

from __future__ import annotations

import json
import random
import re

import pytest

from stepcache_integrations import StepCache

from .corpus import plain_bases
from .edits import (DASHES, DETERMINER_PHRASES, FUNCTION_WORDS, NEW_TEXT_EDITS, UNIT_WORDS, apply_edit, edit_text,
                    text_applicable)
from .oracle import oracle_verdict, smart_answer, understand, understand_text

KEY_KINDS = {"function_word_key": FUNCTION_WORDS, "determiner_key": DETERMINER_PHRASES, "unit_key": UNIT_WORDS}
JSON_KINDS = ("json_stated", "json_en_syntax", "json_langs", "json_no_keys", "json_reach", "json_rule")
MATH_KINDS = ("math_en", "math_de", "math_pt", "math_system", "math_en_everyday")
BASES = plain_bases(reach=True)
JSON_BASES = [b.request for k in JSON_KINDS for b in BASES[k] if isinstance(b.request, str)]
MATH_BASES = [b.request for k in MATH_KINDS for b in BASES[k] if isinstance(b.request, str) and "-" in b.request]


def test_the_four_kinds_are_new_kinds() -> None:
    assert {"function_word_key", "determiner_key", "unit_key", "dash_chain"} <= set(NEW_TEXT_EDITS)


@pytest.mark.parametrize("kind", sorted(KEY_KINDS))
def test_a_key_kind_writes_its_word_and_another_number_after_a_stated_number(kind: str) -> None:
    applied = [t for t in JSON_BASES if kind in text_applicable(t)]
    assert len(applied) >= 0.8 * len(JSON_BASES)
    rng = random.Random(0)
    for text in applied:
        for _ in range(5):
            edited = edit_text(text, kind, rng)
            assert edited is not None and edited != text
            words = KEY_KINDS[kind]
            assert any(re.search(rf"(?i)(?<![\w']){re.escape(w)} [0-9]", edited) for w in words), edited
            # the phrase and nothing else: after a stated number, or as a sentence of its own at the end
            assert _base_of(edited) == text or re.fullmatch(r" .+ [0-9.]+\.", edited[len(text.rstrip()):]), edited
            # never inside a quoted value: the quoted strings are the base's
            assert re.findall(r'"[^"\n]*"', edited) == re.findall(r'"[^"\n]*"', text), edited


@pytest.mark.parametrize("text", [
    "Return a JSON object with keys capital and currency for Japan. Output only the JSON object.",  # no number
    "A taxi charges a $3 base fare plus $2 per mile. The ride cost $19.",  # no JSON
    'Convert this to JSON: sku: "AB-12"',  # a number inside quotes only
])
def test_a_key_kind_needs_a_json_prompt_with_a_number_outside_quotes(text: str) -> None:
    assert not {"function_word_key", "determiner_key", "unit_key"} & set(text_applicable(text))


# red teams 29, 29b and 29c's own forms, in the bases' templates
RED_TEAM_FORMS = [
    'Return a JSON object for a person with name "Alice", age 30, sorry 31. Required keys: name, age. Output only the JSON object.',
    'Return a JSON object for a person with name "Alice", age 30 or 31. Required keys: name, age. Output only the JSON object.',
    'Return a JSON object for a person with name "Alice", age 30, maybe 31. Required keys: name, age. Output only the JSON object.',
    'Return a JSON object for a person with name "Alice", age 30, this year 31. Required keys: name, age. Output only the JSON object.',
    'Give me a JSON object with "name", "city" and "age" for: name Bob, city Denver, age 42, the year 43.',
    "Return a JSON object with keys \"name\" and \"age\". Name: Priya, Age: 29, months 6",
    'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Lucia y tengo 28 o 29 años.',
    'Devuelve un JSON con las claves "nombre" y "edad": Me llamo Lucia y tengo 28 años, el año 31.',
    'Gib ein JSON mit den Schlüsseln "name" und "alter" zurück: Name Anna, Alter 30 oder 31.',
    'Dame un objeto JSON con "ciudad" y "habitantes". Ciudad: Sevilla, habitantes: 684000, cm 80',
    'Convert this to JSON: sku: "AB-12", qty: 7, sorry 8',
    'Convert this to JSON: sku: "AB-12", qty: 7 minutes 30',
]


@pytest.mark.parametrize("prompt", RED_TEAM_FORMS)
def test_the_oracle_reads_no_word_then_number_form(prompt: str) -> None:
    assert understand(prompt) is None
    assert oracle_verdict(prompt, '{"name": "Alice", "age": 30}') is not None


def _warm(base: str) -> StepCache:
    cache = StepCache()
    cache.generate(base, lambda prompt: smart_answer(base, "d"))
    return cache


def _base_of(prompt: str) -> str:
    """The red-team form with its '<word> <number>' taken out (the base a cache was warmed with)."""
    words = "|".join(re.escape(w) for w in sorted({*FUNCTION_WORDS, *DETERMINER_PHRASES, *UNIT_WORDS}, key=len, reverse=True))
    return re.sub(rf"(?:,| |;)+(?:{words}) [0-9]+(?:\.[0-9]+)?(?=[ .,;\n]|$)", "", prompt, count=1)


@pytest.mark.parametrize("prompt", RED_TEAM_FORMS)
def test_the_engine_serves_no_red_team_form_with_a_new_key_or_the_first_number(prompt: str) -> None:
    base = _base_of(prompt)
    assert base != prompt
    cache = _warm(base)
    result = cache.generate(prompt, lambda p: '{"model": "answer"}')
    assert result.model_calls == 1 or oracle_verdict(prompt, result.text) is None, (prompt, result.text)


def _stated_kept(base_obj: dict, served: object) -> bool:
    """The brief's check: the served object gains no key and keeps every value the base stated."""
    return isinstance(served, dict) and set(served) <= set(base_obj) and all(served.get(k) == v for k, v in base_obj.items())


@pytest.mark.parametrize("kind", sorted(KEY_KINDS))
def test_the_engine_never_serves_a_key_kind_edit_with_a_gained_key_or_a_changed_value(kind: str) -> None:
    rng = random.Random(7)
    for base in JSON_BASES[::3]:
        first = understand(base)
        if first is None or kind not in text_applicable(base) or not isinstance(first.obj, dict):
            continue
        for _ in range(3):
            edited = apply_edit(base, kind, rng)
            assert edited is not None
            result = _warm(base).generate(edited, lambda p: '{"model": "answer"}')
            if result.model_calls == 0:
                assert _stated_kept(first.obj, json.loads(result.text)), (edited, result.text)


# ----------------------------------------------------------------------------- dash_chain
def test_dash_chain_applies_to_equations_with_a_minus_and_nothing_else() -> None:
    assert all("dash_chain" in text_applicable(t) for t in MATH_BASES)
    for text in ("Solve 2x + 3 = 9 for x.", "Explain step-by-step how x-rays work.", "Return JSON: sku: \"AB-12\", qty: 7",
                 "Solve x-ray = 3 for x."):
        assert "dash_chain" not in text_applicable(text), text


@pytest.mark.parametrize("base", MATH_BASES)
def test_dash_chain_writes_a_dash_for_a_minus_and_changes_nothing_else(base: str) -> None:
    seen = set()
    for seed in range(24):
        edited = apply_edit(base, "dash_chain", random.Random(seed))
        assert edited is not None and any(d in edited for d in DASHES), edited
        assert re.sub(r"\s", "", edited.translate({ord(d): "-" for d in DASHES})) == re.sub(r"\s", "", base)
        seen.add(edited)
    assert len(seen) >= 3


@pytest.mark.parametrize(("prompt", "read"), [
    ("Solve the system: x – 3y = 1, 2x + y = 9. Find x and y.", True),  # wip/linAF: one space each side
    ("What is the value of x in the equation 2x – 7 = 9?", True),
    ("Solve the system: x — 3y = 1, 2x + y = 9. Find x and y.", False),  # an em dash: never read
    ("Solve the system: x–3y = 1, 2x + y = 9. Find x and y.", False),  # no space: unread
    ("Solve the system: x– 3y = 1, 2x + y = 9. Find x and y.", False),
    ("What is the value of x in the equation 2x—7 = 9?", False),
    ("Solve 2y + 3 = y + 10 – y.", False),  # after "=" before a term: a pause or a minus (red team 29c)
])
def test_the_oracle_reads_only_the_spaced_en_dash_between_terms(prompt: str, read: bool) -> None:
    assert (understand_text(prompt) is not None) is read


@pytest.mark.parametrize("base", MATH_BASES[::2])
def test_the_engine_serves_no_dash_chain_edit_the_oracle_rejects(base: str) -> None:
    for seed in range(8):  # a fresh cache each time: a model's answer to one edit is no base of another's
        edited = apply_edit(base, "dash_chain", random.Random(seed))
        result = _warm(base).generate(edited, lambda p: "MODEL")
        if result.model_calls == 0:
            assert oracle_verdict(edited, result.text) is None, (edited, result.text)


# ----------------------------------------------------------------------------- the oracle's wider readings (triage)
WORD_TAXI = ("A cab charges a $4 base fare plus $3 per mile. The fare cost $31. Let n be the number of miles. "
             "Set up an equation and solve for n.")


def test_an_and_written_twice_before_solve_is_read() -> None:  # seed 1 --new-kinds word_insert
    problem = understand_text(WORD_TAXI.replace("and solve", "and and solve"))
    assert problem is not None and problem.solution == understand_text(WORD_TAXI).solution


@pytest.mark.parametrize("text", [
    WORD_TAXI.replace("and solve", "and not solve"),
    WORD_TAXI.replace("and solve", "and or solve"),
    WORD_TAXI.replace("and solve", "and and and solve"),
    WORD_TAXI.replace("and solve", "and, and solve"),
    WORD_TAXI.replace("equation and solve", "equation and and"),
])
def test_near_forms_of_and_and_stay_unread(text: str) -> None:
    assert understand_text(text) is None


# the adapters' options campaign (seed 1): a proven arithmetic answer at max_tokens 400 is right ("12 * 13 = 156.")
@pytest.mark.parametrize(("option", "served", "right"), [
    ("max_tokens_big", "12 * 13 = 156.", True),
    ("max_tokens_big", "12 * 13 = 156", True),
    ("none", "12 * 13 = 156.", True),
    ("max_tokens_small", "12 * 13 = 156.", False),  # 3 tokens: the model's answer is cut
    ("max_tokens_big", "12 * 13 = 157.", False),
    ("max_tokens_big", "12 * 13 = 156." + " x" * 200, False),  # longer than the limit may hold
    ("max_tokens_big", "12 × 13 = 156.", False),  # not ASCII: a character may take more than one token
    ("stop", "12 * 13 = 156.", False),
    ("logit_bias", "12 * 13 = 156.", False),
    ("json_mode", "12 * 13 = 156.", False),
])
def test_a_length_limit_the_proven_answer_fits_in_accepts_it(option: str, served: str, right: bool) -> None:
    from .options import _proven_right

    assert _proven_right(option, "What is 12 * 13?", (served, [])) is right
    assert not _proven_right(option, "Name three primary colours, one per line.", (served, []))
    assert not _proven_right(option, "What is 12 * 13?", (served, [("save_person", {"full_name": "x", "years": 1})]))


# ----------------------------------------------------------------------------- the open class-1 finding (reported)
HOLDING = 'Return JSON with a key "server" holding host "api" and port 443.'


# fuzzG's class-1 finding, closed by the lead (json/reader._checked_request: the leaves after 'holding' need key evidence)
@pytest.mark.parametrize("tail", ["maybe 31", "cm 80", "this year 445", "oder 31"])
def test_the_holding_form_gains_no_key_from_a_word_after_its_last_value(tail: str) -> None:
    from .targets import EngineTarget

    with EngineTarget().session() as s:
        for prompt in (HOLDING, HOLDING[:-1] + ", ou 453.", HOLDING[:-1] + f", {tail}."):
            s.model.current = prompt
            before = len(s.model.calls)
            served = s.ask(prompt)
        word = tail.split()[-2]
        assert len(s.model.calls) > before or word not in json.loads(served.text)["server"], served.text
