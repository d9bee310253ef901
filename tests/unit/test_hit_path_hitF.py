"""Issue 33, hit path (wip/hitF): shortcuts on the problem-key and re-instantiation paths, each checked
against the computation it replaces (never timed).

* ``algebra._math_runs``: an ASCII text with no known names is cut into math runs by one pattern
  (``_ASCII_RUN``) instead of token by token; the token-by-token reading is the reference.
* ``types.freeze``: a string inside a dict, list or tuple is frozen in place, not by a call.
* ``linear.prompt._run_sides``: memoised (each kept run was read twice).
* ``linear.reader._label_number_or_dash`` returns None at once where no bullet, label number,
  exercise number or dash can stand; ``_special_at`` tries only the patterns an ASCII character can start.
* ``prompt_diff.extract_slots``: without "@" in the text, its pattern without the email alternative.
* ``linear.prompt``: the template pattern runs only where "=" and a placeholder mark follow one another,
  the few-shot reading only where an arrow stands, the spelled-equation search only where one of its
  words stands; the quoted-equation pattern matches its quote first; the placeholder pattern is led
  by a lookahead for its first characters.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from stepcache_integrations.core.tasks import algebra
from tests.unit.math_runs_reference import runs_token_by_token

ROOT = Path(__file__).resolve().parents[2]


def _token_by_token(text: str, known: frozenset[str]) -> tuple[tuple[int, str], ...]:
    """``_math_runs`` as it read every text before wip/hitF (each ``_RUN_TOKEN`` classified)."""
    return tuple(runs_token_by_token(text, algebra._RUN_TOKEN, lambda m: algebra._run_token_is_math(m, known)))


# every kind of ASCII character the two readings tell apart: digits, letters, "_", operators, the
# decimal point, blanks with and without a line break (and the ASCII separators \x1c-\x1f, spaces to
# str.isspace), marks, quotes
_ASCII = st.sampled_from(list("0123456789xyzabXYZk_.,;:!?'\"()=+-*/^<>[]{}|&%$#@~` \t\n\r\x0b\x0c\x1c\x1f"))


@settings(max_examples=4000, deadline=None)
@given(st.lists(_ASCII, max_size=60).map("".join))
@example("Please solve for x step by step: 3x + 12 = 47. Write one step per line as \"Step k: ...\".")
@example("x1 = 2 ab1 = 3 _x = 4 x_1=5 x_ = 6 x__1 = 7 2.5x = 1. 3.x = 2")
@example("x = 2 \n y = 3\t\r\nz=4 \x1c= 1")
def test_ascii_runs_are_cut_as_token_by_token(text: str) -> None:
    assert algebra._math_runs.__wrapped__(text, frozenset()) == _token_by_token(text, frozenset())
    assert algebra.math_runs(text) == list(_token_by_token(text, frozenset()))


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=40), st.frozensets(st.sampled_from(["x", "ab", "_x", "\u00e9"]), max_size=2))
def test_other_texts_and_known_names_take_the_token_by_token_reading(text: str, known: frozenset[str]) -> None:
    assert algebra._math_runs.__wrapped__(text, known) == _token_by_token(text, known)


def _corpus_prompts() -> list[str]:
    """Every prompt of the dev sets (each language, both tasks) and the linear reader corpus."""
    prompts: list[str] = []
    for path in sorted((ROOT / "bench_data").glob("*.json")):
        if "heldout" in path.name and "_22" in path.name:
            continue  # the blind set is never read
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, str) and "=" in item and len(item) < 4000:
                prompts.append(item)
    return prompts


def test_corpus_texts_are_cut_as_token_by_token() -> None:
    prompts = _corpus_prompts()
    assert len(prompts) > 500
    for text in prompts:
        assert algebra._math_runs.__wrapped__(text, frozenset()) == _token_by_token(text, frozenset()), text


# ---- core.types.freeze: strings inside a dict, list or tuple frozen in place


def _freeze_reference(value):  # type: ignore[no-untyped-def]
    """``freeze`` as it was before wip/hitF (a call per string inside a container)."""
    from fractions import Fraction
    from collections.abc import Mapping

    from stepcache_integrations.core.types import Unfreezable

    kind = type(value)
    if kind is str:
        return ("str", value)
    if kind is dict:
        return ("map", tuple([(("str", k) if type(k) is str else _freeze_reference(k), _freeze_reference(v))
                              for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([_freeze_reference(item) for item in value]))
    if kind in (str, int, float, bool, type(None), Fraction):
        if kind is float:
            if value != value:
                raise Unfreezable("NaN")
            return ("float", repr(value))
        return (kind.__name__, value)
    own = getattr(value, "frozen_key", None)
    if own is not None:
        return own
    if isinstance(value, Mapping):
        return ("map", tuple((_freeze_reference(k), _freeze_reference(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_freeze_reference(item) for item in value))
    raise Unfreezable(type(value).__name__)


class _Str(str):
    pass


class _List(list):  # type: ignore[type-arg]
    pass


_LEAVES = st.one_of(
    st.text(max_size=4), st.builds(_Str, st.text(max_size=3)), st.integers(), st.booleans(), st.none(),
    st.floats(allow_nan=True), st.fractions(max_denominator=7),
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.lists(inner, max_size=3).map(tuple), st.lists(inner, max_size=3).map(_List),
        st.dictionaries(st.one_of(st.text(max_size=3), st.builds(_Str, st.text(max_size=2)), st.integers()), inner,
                        max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=1500, deadline=None)
@given(_VALUES)
@example({"a": "b", "c": ["d", _Str("e"), 1, True, 1.0], "f": {"g": ("h", None)}})
def test_freeze_is_the_reference_freeze(value: object) -> None:
    from stepcache_integrations.core.types import Unfreezable, freeze

    try:
        expected = _freeze_reference(value)
    except Unfreezable:
        try:
            freeze(value)
        except Unfreezable:
            return
        raise AssertionError(f"froze {value!r}, the reference does not") from None
    assert freeze(value) == expected
    assert [type(part) for part in _flat(freeze(value))] == [type(part) for part in _flat(expected)]


def _flat(frozen: object) -> list[object]:
    out: list[object] = []
    stack = [frozen]
    while stack:
        item = stack.pop()
        if type(item) is tuple:
            stack.extend(item)
        else:
            out.append(item)
    return out


# ---- linear reader: _label_number_or_dash returns at once where nothing of it can stand; _special_at
# tries only the patterns that can start with an ASCII character


def _label_number_or_dash_reference(text: str, pos: int, previous: str, in_run: bool):  # type: ignore[no-untyped-def]
    """``reader._label_number_or_dash`` before wip/hitF."""
    from stepcache_integrations.core.tasks.linear import reader

    bullet = reader._BULLET.match(text, pos) if not in_run and reader._listed_line(text, pos) else None
    if bullet is not None:
        return [], bullet.end()
    return reader._label_or_dash(text, pos, previous, in_run)


def _special_at_reference(text: str, pos: int):  # type: ignore[no-untyped-def]
    """``reader._special_at`` before wip/hitF (every pattern tried at each character it starts with)."""
    from stepcache_integrations.core.tasks.linear import reader

    char = text[pos]
    if char.isascii() and char not in reader._SPECIAL_FIRST:
        return None
    for kind, pattern in (("TEMPLATE", reader._TEMPLATE), ("STEP_LABEL", reader._STEP_LABEL),
                          ("VALUE_SLOT", reader._SLOT), ("ELLIPSIS", reader._ELLIPSIS)):
        match = pattern.match(text, pos)
        if match is not None and (kind == "ELLIPSIS" or pos == 0 or not text[pos - 1].isalnum()):
            value = match.group("var") if kind == "TEMPLATE" else match.group()
            return reader.Word(kind, value, pos), match.end()
    return None


_PREVIOUS = ["", "ORDINAL", "INTRO", "LABEL", "LABEL_NUMBER", "EQ", "VERB", "COMMA", "STOP", "COLON"]


def _check_positions(text: str) -> None:
    from stepcache_integrations.core.tasks.linear import reader

    for pos in range(len(text)):
        assert reader._special_at(text, pos) == _special_at_reference(text, pos), (text, pos)
        for previous in _PREVIOUS:
            for in_run in (False, True):
                got = reader._label_number_or_dash(text, pos, previous, in_run)
                assert got == _label_number_or_dash_reference(text, pos, previous, in_run), (text, pos, previous, in_run)


_READER_CHARS = st.sampled_from(
    list("sSteptxXyk3 1 0 .:-/*\n<>?=,()'\"#") + ["Step", "step ", "STEP k:", "<value>", "< the value >", "x = ?", "...",
                                                  "\u2026", "\u2013", "\u2014", "\u2022", "\u017f", "\u212a", "\u0130",
                                                  "Exercise", "- ", "* ", "\u7b2c", "Q4", "3b)", "\uff1a"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(_READER_CHARS, max_size=25).map("".join))
@example("Solve:\n- x + 1 = 2\n* show your work. Step k: ... x = <value> s = ... Exercise 3 - solve")
@example("\u017f = ? \u212a = <value> \u2026 Step 1: step 2: STEP k:")
def test_reader_shortcuts_are_the_reference_at_every_position(text: str) -> None:
    _check_positions(text)


def test_reader_shortcuts_are_the_reference_on_the_corpus() -> None:
    prompts = sorted(_corpus_prompts())[::3]
    for text in prompts:
        _check_positions(text[:400])


# ---- prompt_diff.extract_slots: the pattern without its email alternative where no "@" stands


def _extract_slots_reference(text: str) -> list[str]:
    from stepcache_integrations.core.tasks import prompt_diff

    text = text[: prompt_diff.PROMPT_LIMIT]
    slots: list[str] = []
    for match in prompt_diff._SLOT.finditer(text):
        kind = match.lastgroup
        value = match.group(kind) if kind else match.group(0)
        if kind == "ident" and not prompt_diff._is_slot_word(value, text[max(0, match.start() - 3) : match.start()]):
            continue
        slots.append(value)
    return slots


_SLOT_CHARS = st.sampled_from(list("aZx_1 0.,-+'\"\n@") + ["bob", "Step", "1,500", "é", "\uff20", "x.y", "a@b.co"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(_SLOT_CHARS, max_size=30).map("".join))
@example("write to bob@example.com: 'x' \"y\" 3.5 -2 MyVar")
def test_extract_slots_is_the_reference(text: str) -> None:
    from stepcache_integrations.core.tasks.prompt_diff import extract_slots

    assert extract_slots(text) == _extract_slots_reference(text)


def test_extract_slots_is_the_reference_on_the_corpus() -> None:
    from stepcache_integrations.core.tasks.prompt_diff import extract_slots

    for text in _corpus_prompts():
        assert extract_slots(text) == _extract_slots_reference(text), text


# ---- linear prompt: the whole-prompt rewrites run only where a match can stand; the quoted-equation
# pattern matches its quote first; the placeholder pattern is led by a lookahead for its first characters

_QUOTED_EQUATION_BEFORE = r"""(?<![\w"'])(["'])(?=[^\s"'])([0-9A-Za-z_+\-*/^()., =]+?)(?<=[^\s"'])\1(?![\w"'])"""


def _templates_blanked_reference(prompt: str) -> str:
    import re

    from stepcache_integrations.core.tasks.linear import prompt as p

    blank = lambda m: ("\u00a7" if m.re is p._CONTRACTION else " ") + " " * (len(m.group()) - 1)  # noqa: E731
    text = prompt
    if any(mark in text for mark in p._PLACEHOLDER_MARKS):
        text = p._PLACEHOLDER.sub(blank, p._TEMPLATE_EQUATION.sub(blank, text))
    if "'" in text or "\u2019" in text:
        text = p._CONTRACTION.sub(blank, text)
    assert re  # the patterns above are the module's own, unled
    return text


def _few_shot_blanked_reference(prompt: str) -> str:
    from stepcache_integrations.core.tasks.linear import prompt as p

    lines = [p._ARROW_LINE.fullmatch(line) for line in prompt.strip("\n").split("\n")]
    if len(lines) < 2 or any(m is None for m in lines):
        return prompt
    block = [m for m in lines if m is not None]
    *examples, last = block
    if last.group("answer") or not p._labels_of_one_table(examples, last):
        return prompt
    if not all(p._example_holds(m) for m in examples):
        return prompt
    return p._blanked_to_last(prompt, examples, last)


def _spelled_as_symbols_reference(prompt: str) -> str:
    from stepcache_integrations.core.tasks.linear import prompt as p

    if not prompt.isascii() or p._SPELLED_HINT.search(prompt) is None:
        return prompt
    return p._spelled_as_symbols(prompt)  # the hint found: the function runs the same substitution


def _quotes_blanked_reference(prompt: str) -> str:
    import re

    from stepcache_integrations.core.tasks.linear import prompt as p

    if '"' not in prompt and "'" not in prompt:
        return prompt

    def blank(match: re.Match[str]) -> str:
        inside = match.group(2)
        if "=" not in inside or ".." in inside or p._WORD_IN_MARKUP.search(inside):
            return match.group()
        return " " + inside + " "

    return re.sub(_QUOTED_EQUATION_BEFORE, blank, prompt)


def _check_rewrites(text: str) -> None:
    import re

    from stepcache_integrations.core.tasks.linear import prompt as p

    assert p._templates_blanked(text) == _templates_blanked_reference(text), text
    assert p._few_shot_blanked(text) == _few_shot_blanked_reference(text), text
    assert p._spelled_as_symbols(text) == _spelled_as_symbols_reference(text), text
    if text.isascii() and p._SPELLED_HINT.search(text) is not None:  # the shortcut never skips a text the hint reads
        assert p._spelling_words_in(text), text
    assert p._quotes_blanked(text) == _quotes_blanked_reference(text), text
    spans = lambda pattern: [(m.span(), m.groups()) for m in pattern.finditer(text)]  # noqa: E731
    assert spans(p._QUOTED_EQUATION) == spans(re.compile(_QUOTED_EQUATION_BEFORE)), text
    assert spans(p._PLACEHOLDER_LED) == spans(p._PLACEHOLDER), text


_PROMPT_PIECES = st.sampled_from(
    list("xy3 0=.:?<>'\"\n-") + ["->", "\u2192", "...", "\u2026", "<value>", "< the value >", "x = ?", "y=<valor>",
                                 "Example: 2x = 8 -> x = 4\n", "Now: 3x - 2 = 13 ->", "Your turn: ", "two x plus five",
                                 " equals ", " is ", "PLUS", "Minus", "times", "divided by", "\u017f", "\u212a",
                                 "'2x = 4'", '"3x - 1 = 5"', "don't", "l\u2019\u00e9quation", "ab'", "'x'", "= ?",
                                 "Step k: ...", "x\u2026/2", "(...)", "k..."])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_PROMPT_PIECES, max_size=20).map("".join))
@example("Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->")
@example('My textbook says "2(3x - 1) = 22". Solve: two x plus five equals 11. Answer: x = <value> ... \u2026')
@example("x = ? and 'y = 2' and \"a\"'b = 1' and ''x = 1''")
@example("Example: 2x = 8 \u2192 x = 4\nNow: 3x - 2 = 13 \u2192")
@example("Solve: three times x is twelve")
def test_prompt_rewrites_are_the_reference(text: str) -> None:
    _check_rewrites(text)


def test_prompt_rewrites_are_the_reference_on_the_corpus() -> None:
    for text in _corpus_prompts():
        _check_rewrites(text)
