"""A plain JSON request's stated values bind by exact JSON type and value, and only a closed
vocabulary of entity words keeps a request plain (README "What `verified` means", row json).

The judge is this file's own: the served text read with ``json.loads`` hooks that keep each
number's type (``("int", n)``, ``("float", Decimal)``) and exact value; no engine code decides
what is right. Properties, over generated prompts stating an integer, a big integer (past 2**53),
a negative, a decimal, a bool or a string (case and Unicode variants), and model answers that
change the type or the value in every way (``30.0``, ``3e1``, ``"30"``, ``true`` for 1, a big
integer rounded through a float, a case change, a look-alike letter):

* nothing wrong is served as ``verified``, fresh, reused, re-instantiated, patched or repaired;
* in a plain request (its entity from the closed vocabulary), nothing wrong passes its checks
  at all, and a right answer is ``verified`` (the property is not vacuous);
* a transforming entity ("an antonym", "a plural", "a successor", ...) is never ``proven``.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.digit_groups import read_two_ways
from stepcache_integrations.core.tasks.json.evidence import Statement, statements
from stepcache_integrations.core.tasks.json.literal import binds_literal
from stepcache_integrations.core.tasks.json.task import _same_value

ALLOWED = ["person", "user", "product", "customer", "order", "book", "employee", "account", "device", "record", "entry"]
TRANSFORMING = [
    "antonym", "plural", "successor", "acronym", "translation", "reverse", "uppercase", "abbreviation",
    "synonym", "opposite", "negation", "double", "predecessor", "singular", "inverse", "negative", "half",
    "square", "nickname", "initials", "anagram", "summary", "lowercase", "personInFrench", "personinfrench",
]
SEPARATORS = [" ", ": ", " = ", " is "]
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


# -- the judge --------------------------------------------------------------------------------------
def typed(text: str) -> Any:
    """JSON with every number's type and exact value kept (bools stay bools)."""
    return json.loads(
        text,
        parse_int=lambda s: ("int", int(s)),
        parse_float=lambda s: ("float", Decimal(s)),
        parse_constant=lambda s: ("const", s),
    )


def served_value(text: str, key: str) -> Any:
    try:
        obj = typed(text[text.index("{") : text.rindex("}") + 1])
    except ValueError:
        return None
    return obj.get(key) if isinstance(obj, dict) else None


def const(answer: str) -> Any:
    return lambda _prompt: answer


def article(word: str) -> str:
    return "an" if word[0].lower() in "aeiou" else "a"


# -- stated values and the answers that change them -----------------------------------------------------
_LOOKALIKE = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "B": "\u0412", "A": "\u0391"}


def _int_case(v: int) -> tuple[str, Any, list[str], list[str]]:
    wrong = [f"{v}.0", f"{v}e0", f"{v}E+0", f'"{v}"', str(v + 1), str(v - 1), repr(float(v))]
    wrong += [str(-v)] if v else []
    wrong += ["true"] if v == 1 else ["false"] if v == 0 else []
    if v % 10 == 0 and v:
        wrong.append(f"{v // 10}e1")  # 30 as 3e1
    if int(float(v)) != v:
        wrong.append(str(int(float(v))))  # a big integer rounded through a double
    return str(v), ("int", v), wrong, [str(v)]


def _float_case(lit: str) -> tuple[str, Any, list[str], list[str]]:
    places = len(lit.split(".")[1])
    mantissa = Decimal(lit).scaleb(places)
    same = [lit, lit + "0", f"{mantissa}e-{places}", f"{mantissa}E-{places}"]
    wrong = [f'"{lit}"', str(int(Decimal(lit))), lit + "1", lit + "0000000000000000001", f"{int(Decimal(lit))}.0"]
    wrong += [lit[1:] if lit.startswith("-") else "-" + lit]
    return lit, ("float", Decimal(lit)), wrong, same


def _bool_case(b: bool) -> tuple[str, Any, list[str], list[str]]:
    lit = "true" if b else "false"
    return lit, b, ["1" if b else "0", f'"{lit}"', "false" if b else "true", "null"], [lit]


def _str_case(s: str) -> tuple[str, Any, list[str], list[str]]:
    variants = {s.upper(), s.lower(), s.swapcase(), s + " ", " " + s, s[:-1] or "x", s + s[-1]}
    variants |= {s.replace(k, v, 1) for k, v in _LOOKALIKE.items() if k in s}
    wrong = [json.dumps(w, ensure_ascii=False) for w in sorted(variants) if w != s]
    escaped = '"' + "".join(f"\\u{ord(c):04x}" if i == 0 else c for i, c in enumerate(s)) + '"'
    return f'"{s}"', s, wrong, [json.dumps(s), escaped]


_ASCII_WORD = st.text(st.sampled_from("abcdeoABCDEOxyzXYZ019 "), min_size=1, max_size=10).map(str.strip).filter(bool)
_UNICODE_WORD = st.text(st.sampled_from("aeoZ\u00eb\u00e9\u00f1\u4e2d\u0430\uff21"), min_size=1, max_size=6)


@st.composite
def _float_literal(draw: Any) -> str:
    whole = draw(st.integers(-(10**9), 10**9))
    frac = draw(st.text(st.sampled_from("0123456789"), min_size=0, max_size=6)) + draw(st.sampled_from("123456789"))
    lit = f"{whole}.{frac}"
    lit = lit if repr(float(lit)) == lit else f"{whole}.5"
    return f"{whole}.5" if read_two_ways(lit) else lit  # "1.001" is read two ways: no claim (wip/cleanD)


CASES = st.one_of(
    st.integers(-(10**6), 10**6).map(_int_case),
    st.integers(2**53 + 1, 10**30).map(_int_case),
    st.integers(-(10**30), -(2**53) - 1).map(_int_case),
    st.sampled_from([0, 1, 30, 100]).map(_int_case),
    _float_literal().map(_float_case),
    st.booleans().map(_bool_case),
    _ASCII_WORD.map(_str_case),
    _UNICODE_WORD.map(_str_case),
)
KEYS = st.sampled_from(["value", "age", "id", "flag", "price", "code"])


def bool_for_a_number_key(key: str, expected: Any) -> bool:
    """wip/fuzzO: a bare true/false for a key the tables say holds a number ("age", "price") is no claim (the boolean,
    or a word?): no plain request, so these properties of plain requests leave that pair out."""
    return isinstance(expected, bool) and key in ("age", "price")


def prompt_of(entity: str, key: str, literal: str, sep: str, extra: str = "") -> str:
    keys = f"{key}, note{', ' + extra if extra else ''}"
    return f'Return a JSON object for {article(entity)} {entity} with {key}{sep}{literal}, note "n1". Required keys: {keys}.'


def answer_of(key: str, value_text: str, extra: str = "") -> str:
    tail = f', "{extra}": "x"' if extra else ""
    return f'{{"{key}": {value_text}, "note": "n1"{tail}}}'


def judge(r: Any, key: str, expected: Any, plain: bool) -> None:
    """Nothing wrong is verified; in a plain request nothing wrong passes at all."""
    value = served_value(r.text, key)
    if r.verified:
        assert value == expected, (r.text, expected)
    if plain and r.checks_passed:
        assert value == expected, (r.text, expected, r.verification)


# -- the properties -------------------------------------------------------------------------------------
@SETTINGS
@given(CASES, KEYS, st.sampled_from(SEPARATORS), st.sampled_from(ALLOWED), st.data())
def test_property_a_fresh_answer_is_served_verified_only_with_the_stated_value(
    case: Any, key: str, sep: str, entity: str, data: Any
) -> None:
    literal, expected, wrong, same = case
    assume(not bool_for_a_number_key(key, expected))
    prompt = prompt_of(entity, key, literal, sep)
    plain = prompt.isascii()
    for text in [data.draw(st.sampled_from(wrong)), *same]:
        r = StepCache().generate(prompt, const(answer_of(key, text)))
        judge(r, key, expected, plain)
        if plain and text in same:
            assert r.verified and text in r.text, (prompt, text, r.text)  # kept exactly as written


@SETTINGS
@given(CASES, CASES, KEYS, st.sampled_from(ALLOWED), st.data())
def test_property_reuse_and_reinstantiation_serve_only_the_stated_value(
    first: Any, second: Any, key: str, entity: str, data: Any
) -> None:
    cache = StepCache()
    cache.generate(prompt_of(entity, key, first[0], " "), const(answer_of(key, first[3][0])))
    literal, expected, wrong, _same = second
    assume(not bool_for_a_number_key(key, expected))
    prompt = prompt_of(entity, key, literal, " ")
    for model in (const(answer_of(key, data.draw(st.sampled_from(wrong)))), const("no JSON here")):
        judge(cache.generate(prompt, model), key, expected, prompt.isascii())


@SETTINGS
@given(CASES, KEYS, st.sampled_from(ALLOWED), st.data())
def test_property_a_patch_or_repair_reply_never_rewrites_a_stated_value(
    case: Any, key: str, entity: str, data: Any
) -> None:
    literal, expected, wrong, same = case
    bad = data.draw(st.sampled_from(wrong))
    prompt = prompt_of(entity, key, literal, " ", extra="extra")
    plain = prompt.isascii()
    # patch: a cached object for another value, its unstated key regenerated with a wrong stated key beside it
    cache = StepCache()
    cache.generate(prompt.replace(literal, "77", 1), const(answer_of(key, "77", "extra")))
    judge(cache.generate(prompt, const(f'{{"extra": "y", "{key}": {bad}}}')), key, expected, plain)
    # repair: a first answer missing a key, the repair rewriting the stated one
    replies = iter([answer_of(key, same[0]), f'{{"extra": "y", "{key}": {bad}}}'] * 3)
    judge(StepCache().generate(prompt, lambda _p: next(replies)), key, expected, plain)


@SETTINGS
@given(st.sampled_from(TRANSFORMING), CASES, KEYS, st.sampled_from(SEPARATORS))
def test_property_a_transforming_entity_is_never_proven(word: str, case: Any, key: str, sep: str) -> None:
    literal, _expected, wrong, same = case
    prompt = prompt_of(word, key, literal, sep)
    for text in (same[0], wrong[0]):
        assert not StepCache().generate(prompt, const(answer_of(key, text))).verified
    cache = StepCache()
    cache.generate(prompt, const(answer_of(key, wrong[0])))
    calls: list[str] = []

    def model(p: str) -> str:
        calls.append(p)
        return answer_of(key, same[0])

    other = prompt_of(word, key, '"zz"' if literal.startswith('"') else "77", sep)
    r = cache.generate(other, model)
    assert not r.verified and calls, (other, r.text, r.outcome)


@SETTINGS
@given(st.sampled_from(ALLOWED), CASES, KEYS)
def test_property_an_allowed_entity_keeps_the_request_plain(entity: str, case: Any, key: str) -> None:
    literal, expected, wrong, _same = case
    assume(not bool_for_a_number_key(key, expected))
    prompt = prompt_of(entity, key, literal, " ")
    r = StepCache().generate(prompt, const(answer_of(key, wrong[0])))
    if prompt.isascii():
        assert r.verified and served_value(r.text, key) == expected  # the wrong answer fails; the fallback is right


# -- the rules, each on its own -------------------------------------------------------------------------
def test_same_value_rule_is_typed() -> None:
    assert _same_value(30, 30) and _same_value(True, True) and _same_value(2.5, 2.5) and _same_value("Bob", "Bob")
    for actual, stated in [(30.0, 30), (True, 1), (1, True), ("30", 30), (0, False), (2, 2.0), ("bob", "Bob")]:
        assert not _same_value(actual, stated), (actual, stated)
    assert _same_value(9007199254740993, 9007199254740993) and not _same_value(9007199254740992, 9007199254740993)


def test_binds_literal_rule_reads_the_text() -> None:
    for text, stated in [("30", 30), ("true", True), ("2.50", 2.5), ("25e-1", 2.5), ('"B\\u006fb"', "Bob"),
                         ("9007199254740993", 9007199254740993), ("-7", -7)]:
        assert binds_literal(text, stated), (text, stated)
    for text, stated in [("30.0", 30), ("3e1", 30), ('"30"', 30), ("1", True), ("true", 1), ("2", 2.5),
                         ("9007199254740992", 9007199254740993), ("9.007199254740993e15", 9007199254740993),
                         ('"bob"', "Bob"), ("false", True), ("0", False), ("-0", 0)]:
        assert not binds_literal(text, stated), (text, stated)


def test_statements_are_typed() -> None:
    found = statements('flag true, count 3, id 9007199254740993, price 2.5, name "Bob".', ("flag", "count", "id", "price", "name"))
    assert {k: (type(s.value), s.value) for k, s in found.items()} == {
        "flag": (bool, True), "count": (int, 3), "id": (int, 9007199254740993), "price": (float, 2.5), "name": (str, "Bob"),
    }
    assert isinstance(found["flag"], Statement) and not found["flag"].quoted
    # a key stated twice with two typed values ("true" and "1") is stated by neither
    assert "flag" not in statements("flag true and flag 1.", ("flag",))
    assert "flag" not in statements("flag True.", ("flag",))  # not the JSON literal


def test_expected_stated_binds_the_new_statement_typed() -> None:
    """A cached entry that wrote its statement retyped (30 as 30.0 or "30", from before the typed
    rule) shows no rule a plain request states: the new statement's value cannot be told."""
    from stepcache_integrations.core.tasks.json.evidence import MISSING, expected_stated, pair_context

    old, new = 'Return a JSON object for a person with age 30. Required keys: age.', 'Return a JSON object for a person with age 31. Required keys: age.'
    for cached_value, expected in [(30, 31), (30.0, MISSING), ("30", MISSING)]:
        ctx = pair_context(old, ("age",), new, ("age",), {"age": cached_value}, False)
        assert expected_stated("age", ctx) is expected or expected_stated("age", ctx) == expected
        found = expected_stated("age", ctx)
        assert found is MISSING or (type(found) is int and found == 31), (cached_value, found)
