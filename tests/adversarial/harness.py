"""Adversarial pairs with an oracle model: every wrong final text is the cache's doing.

A pair is (cached prompt, its correct answer, new prompt, the new prompt's correct answer).
The oracle model answers every prompt the cache sends correctly: a full request with the
known answer, a step-continuation request ("The first N step(s) ... are already written")
with the answer's lines after the N-th, a JSON key request with the whole correct object
(the cache takes the keys it asked for). So a wrong answer marked ``verified`` can only
come from a cached step or value the cache served without evidence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from stepcache_integrations import LLMResponse, SQLiteStore, StepCache, StepCacheResult

# The judges share no code with the engine: equations are read by the fuzzer's own oracle parser
# (tests/fuzz/oracle.py), JSON by the standard library.
from ..fuzz.oracle import ParseError, evaluate, parse_equation
from .._pairs import NeverRightModel  # noqa: F401 - the never-right model of every reach test (tests/_pairs.py)

_CONTINUE = re.compile(r"The first (\d+) step\(s\) of the answer are already written and checked")


class UnknownPrompt(AssertionError):
    """The oracle was asked something that is not one of its prompts (a cache bug)."""


class OracleModel:
    """Answers every known prompt (and patch/repair requests built on it) correctly."""

    def __init__(self, answers: dict[str, str] | None = None) -> None:
        self.answers: dict[str, str] = dict(answers or {})
        self.calls: list[str] = []

    def teach(self, prompt: str, answer: str) -> None:
        """Add the correct answer of one prompt."""
        self.answers[prompt] = answer

    def answer_for(self, request: str) -> str:
        """The correct answer of the longest known prompt that ``request`` starts with."""
        best = max((p for p in self.answers if request.startswith(p)), key=len, default=None)
        if best is None:
            raise UnknownPrompt(f"oracle has no answer for {request[:120]!r}")
        return self.answers[best]

    def __call__(self, request: str) -> LLMResponse:
        self.calls.append(request)
        answer = self.answer_for(request)
        cont = _CONTINUE.search(request)
        if cont and not answer.lstrip().startswith("{"):
            lines = answer.splitlines(keepends=True)
            answer = "".join(lines[int(cont.group(1)) :]) or answer
        return LLMResponse(text=answer, prompt_tokens=len(request) // 4, completion_tokens=len(answer) // 4)


Judge = Callable[[str], bool]


def math_judge(solution: dict[str, Fraction | int | str], asked: list[str] | None = None) -> Judge:
    """Correct iff every equation stated holds for ``solution`` and the asked unknowns'
    final values are stated as ``var = value``."""
    values = {k: Fraction(str(v)) for k, v in solution.items()}
    wanted = asked if asked is not None else list(values)

    def judge(text: str) -> bool:
        # The judge's own reading of "x equals 5" / "**Answer:** 5" (not the engine's).
        text = re.sub(r"\*\*|`", "", text)
        text = re.sub(r"(?<![A-Za-z_])([A-Za-z])\s+(?:equals|is)\s+(?=-?\d)", r"\1 = ", text)
        if len(wanted) == 1:
            text = re.sub(r"(?i)\b(?:the solution is|answer:)\s*(?=-?\d)", f"{wanted[0]} = ", text)
        for run in _equation_runs(text):
            sides = run.split("=")
            for left, right in zip(sides, sides[1:]):  # "z = 4 * 5/2 = 10": each link of the chain
                try:
                    lhs, rhs = parse_equation(f"{left}={right}")
                except ParseError:
                    return False  # an equation the judge cannot read is a failure, never a skip
                if any(v not in values for v in (*lhs[0], *rhs[0])):
                    return False
                if evaluate(lhs, values) != evaluate(rhs, values):
                    return False
        last_line = [line for line in text.strip().splitlines() if line.strip()][-1]
        for var in wanted:
            pattern = rf"(?<![A-Za-z_]){re.escape(var)}\s*=\s*(-?\d+(?:\.\d+)?(?:/\d+)?)"
            found = re.findall(pattern, last_line)
            if not found or Fraction(found[-1]) != values[var]:
                return False
        return True

    return judge


def _equation_runs(text: str) -> list[str]:
    """Every run of the text with one '=' between math characters (one-letter unknowns,
    numbers, operators, brackets), a sentence's period cut off."""
    runs = []
    for m in _MATH_RUN.finditer(text):
        for piece in re.split(r"(?<=\.)(?=\s|$)", m.group()):
            run = piece.strip().rstrip(".").strip()
            if "=" in run:
                runs.append(run)
    return runs


_MATH_RUN = re.compile(r"(?:[0-9().+\-*/=]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[ \t])+")


def _first_object(text: str) -> dict[str, Any] | None:
    decoder = json.JSONDecoder()
    for start in (i for i, c in enumerate(text) if c == "{"):
        try:
            obj, _ = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    return None


def json_judge(expected: dict[str, Any]) -> Judge:
    """Correct iff the answer's object has exactly the expected values for the expected keys."""

    def judge(text: str) -> bool:
        obj = _first_object(text)
        if obj is None:
            return False
        return all(k in obj and obj[k] == v and type(obj[k]) is type(v) for k, v in expected.items())

    return judge


def assert_json_pair_served_exactly(label: str, first: str, second: str, expected: dict[str, Any], *,
                                    in_order: bool = False) -> None:
    """``first`` answered by a never-right model (what the cache stores is its own proven work); ``second``
    then served without a model call, proven by the JSON task, exactly ``expected`` (keys, values, JSON
    types; ``in_order``: its keys in ``expected``'s order too)."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    calls = model.calls
    result = cache.generate(second, model)
    assert model.calls == calls and result.model_calls == 0, (label, result.outcome, result.text)
    assert result.verification == "proven" and result.task == "json", (label, result.verification, result.task)
    assert exact_json_judge(expected)(result.text), (label, result.text)
    if in_order:
        assert list(json.loads(result.text)) == list(expected), (label, result.text)


def exact_json_judge(expected: dict[str, Any]) -> Judge:
    """Correct iff the whole answer is exactly ``expected`` (keys, values and JSON types), stricter
    than :func:`json_judge` (no extra key, no text around the object)."""

    def judge(text: str) -> bool:
        try:
            obj = json.loads(text)
        except ValueError:
            return False
        return isinstance(obj, dict) and obj.keys() == expected.keys() and all(
            type(obj[k]) is type(v) and obj[k] == v for k, v in expected.items()
        )

    return judge


def exact_json_pair(cls: str, old: str, old_obj: dict[str, Any], new: str, new_obj: dict[str, Any], *,
                    benign: bool = False) -> Pair:
    """A JSON pair judged by :func:`exact_json_judge` of the new object."""
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), exact_json_judge(new_obj), benign=benign)


def json_pair(cls: str, old: str, old_obj: dict[str, Any], new: str, new_obj: dict[str, Any], *,
              benign: bool = False) -> Pair:
    """A JSON pair judged by :func:`json_judge` of the new object (other key order, extra keys allowed)."""
    return Pair(cls, old, dumps(old_obj), new, dumps(new_obj), json_judge(new_obj), benign=benign)


def text_judge(expected: str) -> Judge:
    """Correct iff the answer is the expected text (whitespace folded)."""
    want = " ".join(expected.split())
    return lambda text: " ".join(text.split()) == want


def derived_judge(spellings: tuple[str, ...], value: Fraction | int, or_text: str | None = None) -> Judge:
    """Correct iff the last line states the asked expression's value: "<expr> = N" with ``<expr>``
    one of ``spellings`` (spaces, '*' and markdown dropped: "2x", "x^2", "x+1"), or "Answer: N"; N
    exact. ``or_text``: the model's own answer text, also correct as it is (:func:`text_judge`).
    The judge's own reading, not the engine's."""
    want = Fraction(value)
    forms = {spelling.replace(" ", "").replace("*", "") for spelling in spellings}
    same_text = text_judge(or_text) if or_text is not None else (lambda _text: False)

    def judge(text: str) -> bool:
        if same_text(text):
            return True
        lines = [line for line in re.sub(r"\*\*|`", "", text).splitlines() if line.strip()]
        if not lines:
            return False
        last = lines[-1].strip().rstrip(".")
        labelled = re.fullmatch(r"(?i)answer:\s*(?P<rest>.+)", last)
        rest = labelled.group("rest") if labelled else last
        stated = re.fullmatch(r"(?P<lhs>[^=]+?)\s*=\s*(?P<n>-?\d+(?:\.\d+)?(?:/\d+)?)", rest)
        if stated is not None:
            return stated.group("lhs").replace(" ", "").replace("*", "") in forms and Fraction(stated.group("n")) == want
        bare = re.fullmatch(r"-?\d+(?:\.\d+)?(?:/\d+)?", rest)
        return labelled is not None and bare is not None and Fraction(rest) == want

    return judge


@dataclass
class Pair:
    """One adversarial case: after caching ``cached_prompt``, ask ``new_prompt``."""

    cls: str  # the class of change, e.g. "math/changed-question"
    cached_prompt: str
    cached_answer: str
    new_prompt: str
    new_answer: str
    judge: Judge
    benign: bool = False  # a change the cache should still answer without a full regeneration
    schema: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Pair({self.cls}: {self.cached_prompt[:40]!r} -> {self.new_prompt[:40]!r})"


@dataclass
class Outcome:
    pair: Pair
    result: StepCacheResult
    correct: bool

    @property
    def wrong_and_verified(self) -> bool:
        """A wrong answer that passed its checks (so it is stored and served again), whatever
        its level; ``verified`` (proven) implies passing, so this covers it too."""
        return (self.result.checks_passed or self.result.verified) and not self.correct

    @property
    def without_full_regeneration(self) -> bool:
        return self.result.outcome in ("reuse", "reinstantiate", "patch")


def wrong_answers(outcomes: list[Outcome]) -> list[tuple[str, str | None, str]]:
    """The pairs whose second answer is not the one the pair expects: (class, outcome, text)."""
    return [(o.pair.cls, o.result.outcome, o.result.text) for o in outcomes if not o.correct]


def not_served_proven(served: list[Outcome]) -> list[tuple[str, str | None, int, str]]:
    """Of outcomes meant to be served, those that called the model or were not proven."""
    return [(o.pair.cls, o.result.outcome, o.result.model_calls, o.result.verification) for o in served
            if o.result.model_calls or o.result.verification != "proven"]


def claimed(outcomes: list[Outcome], pairs: list[Pair]) -> list[tuple[str, str | None]]:
    """Of ``pairs``' outcomes, those that were not "no claim" (the model asked, the answer unchecked)."""
    return [(o.pair.cls, o.result.outcome) for o in outcomes
            if o.pair in pairs and not (o.result.model_calls and o.result.verification == "unchecked")]


def run_pair(pair: Pair, cache: StepCache | None = None) -> Outcome:
    """Cache the pair's first prompt with its correct answer, then answer the second."""
    cache = cache if cache is not None else StepCache()
    oracle = OracleModel({pair.cached_prompt: pair.cached_answer, pair.new_prompt: pair.new_answer})
    kw: dict[str, Any] = {"schema": pair.schema} if pair.schema is not None else {}
    cache.generate(pair.cached_prompt, oracle, **kw)
    result = cache.generate(pair.new_prompt, oracle, **kw)
    return Outcome(pair, result, pair.judge(result.text))


def dumps(obj: dict[str, Any]) -> str:
    """A JSON answer as a model would write it."""
    return json.dumps(obj, indent=2)


class FixedReplyModel:
    """A model that gives the same reply to every prompt and counts its calls."""

    def __init__(self, reply: str) -> None:
        self.reply, self.calls = reply, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.reply


def same_json(text: str, expected: str) -> bool:
    """``text`` parses as JSON to the value ``expected`` parses to."""
    try:
        return bool(json.loads(text) == json.loads(expected))
    except ValueError:
        return False


def assert_red_team_pair_never_served_wrong(first: str, second: str, expected: str | None) -> None:
    """After ``first`` was cached by a never-right model, ``second`` costs a model call or is served
    exactly the ``expected`` JSON (never when ``expected`` is None: nothing may be served; W22, W23)."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    if model.calls == before:
        assert expected is not None and same_json(result.text, expected), (second, result.text)


def assert_right_answer_kept(prompt: str, right: str) -> None:
    """On an empty cache the model's right answer to ``prompt`` is kept (the same JSON, or the same text)."""
    result = StepCache().generate(prompt, FixedReplyModel(right))
    assert result.text == right or same_json(result.text, right), (prompt, result.text)


MODEL_ANSWER = '{"answer": "the model\'s"}'


def assert_red_team_pair_not_served(first: str, second: str) -> None:
    """After ``first`` was cached by a never-right model, ``second`` costs exactly one model call (a miss
    costs what no cache costs) and nothing is served as proven."""
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    result = cache.generate(second, model)
    assert model.calls == before + 1 and result.verification != "proven", (second, result.outcome, result.text)


def assert_models_answer_kept(prompt: str) -> None:
    """On an empty cache the model's answer to ``prompt``, which no checker reads, is kept as it gave it."""
    result = StepCache().generate(prompt, FixedReplyModel(MODEL_ANSWER))
    assert result.text == MODEL_ANSWER, (prompt, result.text)


def assert_arith_pair_served(cached: str, answer: str, new: str, expected: str) -> None:
    """After ``cached`` was answered ``answer`` by the oracle, ``new`` is served proven without a model call
    (an oracle that knows no prompt) and its text is exactly ``expected``."""
    cache = StepCache()
    cache.generate(cached, OracleModel({cached: answer}))
    result = cache.generate(new, OracleModel({}))
    assert result.model_calls == 0 and result.verification == "proven", (result.outcome, result.text)
    assert result.text.strip() == expected, (result.text, expected)


def step_cache_for(kind: str, tmp_path: Path) -> StepCache:
    """A fresh StepCache: in memory, or on a SQLite file under ``tmp_path`` when ``kind`` is "sqlite"."""
    return StepCache(store=SQLiteStore(tmp_path / "pairs.db") if kind == "sqlite" else None)


# -- linear reach pairs: a never-right model, the second prompt served proven without a call ----
_POINT_VALUE = r"(-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)"
_POINT_OR_COMMA_VALUE = r"(-?[0-9]+(?:[.,][0-9]+)?(?:/[0-9]+)?)"


def stated_value(line: str, name: str, *, decimal_comma: bool = False) -> Fraction | None:
    """The value the answer line states for ``name`` ("x = 5", "Answer: x = 5, y = 3", "x + 1 = 6"),
    or the line itself when it is a number alone and ``name`` is empty. A decimal comma ("x = 2,5")
    is read only when ``decimal_comma`` (the prompt writes one)."""
    value = _POINT_OR_COMMA_VALUE if decimal_comma else _POINT_VALUE
    if not name:
        alone = re.fullmatch(value, line.strip())
        return None if alone is None else Fraction(alone.group(1).replace(",", "."))
    found = re.findall(rf"(?:^|[\s,:]){re.escape(name)}\s*=\s*{value}(?=\s*(?:,|$))", line.strip())
    return Fraction(found[-1].replace(",", ".")) if found else None


def stated_in_sentence(line: str, name: str) -> Fraction | None:
    """As :func:`stated_value` for an answer line that may end its sentence ("x = 5.") and may write
    a decimal comma ("x = 2,5"): the reach tests of prompts in every language read their last line so."""
    found = re.findall(rf"(?:^|[\s,:]){re.escape(name)}\s*=\s*{_POINT_OR_COMMA_VALUE}(?=\s*(?:[,.]|$))", line.strip())
    return Fraction(found[-1].replace(",", ".")) if found else None


def assert_linear_pair_served(first: str, second: str, expected: dict[str, Fraction | int], fmt: str,
                              serve: Callable[[str, str], str] | None = None) -> tuple[str, Any]:
    """``second`` is served proven after ``first`` (``serve``, default :func:`served_linear`), read as
    asking exactly ``expected``'s unknowns, each stated on the last line, and ``fmt`` ("one_line",
    "answer_only", "steps", "numbered", or "" for none of the answer-shaping formats) read and followed.
    Returns the served text and the reading of ``second``."""
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    text = (serve or served_linear)(first, second)
    lines = text.strip().splitlines()
    problem = understand_prompt(second)
    assert problem is not None
    assert set(problem.asked) == set(expected), (second, problem.asked)
    for name, value in expected.items():
        assert stated_in_sentence(lines[-1], name) == Fraction(value), (second, text)
    if fmt in ("one_line", "answer_only"):
        assert len(lines) == 1 and fmt in problem.format, text
    if fmt in ("steps", "numbered"):
        assert fmt in problem.format and len(lines) > 1, text
    if not fmt:
        assert not {"answer_only", "one_line", "numbered"} & set(problem.format), (second, problem.format)
    return text, problem


def assert_story_served(language: str, first: str, second: str, letter: str, value: Fraction) -> None:
    """``second`` (a word problem) is read in ``language``'s table as ``letter`` = ``value`` and served with
    exactly that value after ``first``."""
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    problem = understand_prompt(second)
    assert problem is not None and problem.solution == {letter: value}, (second, problem)
    assert problem.language == language, (second, problem.language)
    served_linear(first, second, {letter: value})


def served_linear(
    first: str,
    second: str,
    expected: dict[str, Fraction | int] | None = None,
    fmt: str = "",
    *,
    step_labels: bool = False,
) -> str:
    """The text ``second`` is served after ``first`` was cached by a never-right model: the first
    must be proven by the cache's own checks, the second served proven, as a linear equation, with
    no model call; each ``expected`` value stated on its last line; ``fmt`` ("one_line",
    "answer_only", "bare": one line; "numbered": "1. " lines, or "Step 1:" lines when
    ``step_labels``) followed."""
    cache, model = StepCache(), NeverRightModel()
    one = cache.generate(first, model)
    assert one.verified and one.task == "linear_equation", (first, one.text)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.verified and again.verification == "proven", (second, again.text)
    assert again.task == "linear_equation", (second, again.task)
    lines = again.text.strip().splitlines()
    for name, value in (expected or {}).items():
        assert stated_value(lines[-1], name) == Fraction(value), (second, again.text)
    if fmt in ("one_line", "answer_only", "bare"):
        assert len(lines) == 1, again.text
    if fmt == "numbered":
        numbered = lines[0].startswith("1. ") and lines[1].startswith("2. ")
        labelled = step_labels and lines[0].startswith("Step 1:") and lines[1].startswith("Step 2:")
        assert numbered or labelled, again.text
    return again.text


# -- JSON / conversion reach pairs: served proven and exact; a trap never served wrong ----------
def assert_served_proven(case: Pair) -> None:
    """``case``'s new prompt is served without a model call, proven, and exactly right."""
    outcome = run_pair(case)
    r = outcome.result
    assert r.model_calls == 0 and r.verification == "proven", (r.outcome, r.model_calls, r.verification, r.text)
    assert outcome.correct, r.text


def assert_trap_never_wrong(case: Pair, model: bool) -> None:
    """``case``'s new prompt is never served wrong without a model call; when ``model``, the
    model is asked (the trap is no claim)."""
    outcome = run_pair(case)
    r = outcome.result
    if r.model_calls == 0:
        assert outcome.correct, (r.outcome, r.text)
    if model:
        assert r.model_calls >= 1, (r.outcome, r.text)


# -- shared loops of the reach tests (wip/fuzzC: the linW/jsonZ twins) ---------------------------
def assert_json_trap_declined(prompt: str, base: str, base_obj: dict[str, Any], wrong: dict[str, Any]) -> None:
    """``prompt`` states no value (the JSON reader reads nothing, or no statement), and after
    ``base`` (whose object is ``base_obj``) was cached it is never served wrong and reaches the model."""
    from stepcache_integrations.core.tasks.json.reader import read_request

    read = read_request(prompt)
    assert read is None or not read.statements, (prompt, read)
    assert_trap_never_wrong(exact_json_pair("trap", base, base_obj, prompt, wrong), model=True)


def served_story(template: str, first: int, second: int, name: str, value: Fraction, bare: bool) -> str:
    """A story template's ``{t}`` filled twice: the second served exact after the first
    (:func:`served_linear`); ``bare``: the answer is the number alone."""
    text = served_linear(template.format(t=first), template.format(t=second), {name: value}, "bare" if bare else "")
    if bare:
        assert text.strip() == (str(value) if value.denominator == 1 else str(float(value))), text
    return text


def assert_linear_trap_declined(trap: str, base: str) -> None:
    """``trap`` is no linear claim, and after ``base`` was cached it costs a model call or is served
    unverified."""
    from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

    assert understand_prompt(trap) is None, trap
    cache, model = StepCache(), NeverRightModel()
    cache.generate(base, model)
    before = model.calls
    again = cache.generate(trap, model)
    assert model.calls > before or not again.verified, (trap, again.text)


def assert_served_exact_object(case: Pair) -> None:
    """``case``'s new prompt is served after its cached prompt (tests/_pairs.py ``served_after``) with
    exactly the object of its answer (``exact_object``: types too)."""
    from .._pairs import exact_object, served_after

    served, obj = served_after(case.cached_prompt, case.new_prompt)
    assert served, case.new_prompt
    assert exact_object(obj, json.loads(case.new_answer)), obj


class JsonReachTests:
    """The tests of a JSON reach class, written once (wip/cleanE: wip/jsonE's three test files each had them): a
    test module subclasses this as ``Test...`` with its PAIRS (twenty or more, each served proven and exact; every
    EVERY-th also served after a never-right model), its TRAPS (each never served wrong after OLD, whose object is
    OLD_OBJ, the model asked; and each read to no statement, :meth:`declined`)."""

    PAIRS: list[Pair] = []
    EVERY = 5
    OLD = ""
    OLD_OBJ: dict[str, Any] = {}
    TRAPS: list[str] = []

    @staticmethod
    def pytest_generate_tests(metafunc: Any) -> None:
        cls = metafunc.cls
        if "case" in metafunc.fixturenames:
            every = 1 if metafunc.function.__name__ == "test_served_exactly" else cls.EVERY
            metafunc.parametrize("case", cls.PAIRS[::every], ids=lambda c: c.cls)
        if "prompt" in metafunc.fixturenames:
            metafunc.parametrize("prompt", cls.TRAPS)

    @staticmethod
    def declined(read: Any) -> bool:
        """What a trap's reading must be: nothing read, or no statement."""
        return read is None or not read.statements

    def test_twenty_phrasings(self) -> None:
        assert len(self.PAIRS) >= 20

    def test_served_exactly(self, case: Pair) -> None:
        assert_served_proven(case)

    def test_served_after_a_never_right_model(self, case: Pair) -> None:
        from .._pairs import served_after

        served, obj = served_after(case.cached_prompt, case.new_prompt)
        assert served and obj == json.loads(case.new_answer)

    def test_traps_never_wrong(self, prompt: str) -> None:
        assert_trap_never_wrong(exact_json_pair("trap", self.OLD, self.OLD_OBJ, prompt, {"never": prompt}), model=True)

    def test_traps_state_nothing(self, prompt: str) -> None:
        from stepcache_integrations.core.tasks.json.reader import read_request

        read = read_request(prompt)
        assert self.declined(read), (prompt, read)
