"""Issue 33, hit path (wip/hitG): the linear request reading kept per prompt template, checked against
the reading it replaces (never timed).

``linear.reader.read_request`` keeps a reading by the prompt's template (``_template_key``: the prompt
with the numbers standing in its equations masked, nothing else changed, with the equations' bounds
and the unknowns) and hands it to the next prompt of that template. The reference is
``_read_request``, the reading itself. Readers that may read an equation's numbers are kept out (the
module's comment lists them); each has a test here that fails without its guard.
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from stepcache_integrations import StepCache

from stepcache_integrations.core.tasks.linear import prompt as linear_prompt
from stepcache_integrations.core.tasks.linear import reader
from stepcache_integrations.core.tasks.linear.reader import LinearRequest, Word
from tests.unit.test_hit_path_hitB import _Model, _working

ROOT = Path(__file__).resolve().parents[2]
CORPUS = [json.loads(line)["prompt"] for line in (ROOT / "tests/fixtures/linear_reader_corpus.jsonl").read_text(
    encoding="utf-8").splitlines() if line.strip()]
_NUMBER = re.compile(r"(?<![A-Za-z_])[0-9]+")
# numbers a template's instances hold: zero, one, many digits, a leading zero, a year
_NUMBERS = ["0", "1", "2", "3", "7", "9", "10", "12", "99", "100", "305", "1000", "1234", "2024", "05"]


def _fresh(text: str, runs: list[tuple[int, int]], variables: frozenset[str]) -> LinearRequest | None:
    """The reading before wip/hitG: read afresh, nothing kept."""
    return reader._read_request(unicodedata.normalize("NFC", text), runs, variables)[0]


class _Checking:
    """``read_request`` as the linear prompt reader calls it, each reading compared with the fresh one."""

    def __init__(self) -> None:
        self.reads = 0
        self.kept = 0
        self.differ: list[tuple[str, LinearRequest | None, LinearRequest | None]] = []

    def __call__(self, text: str, runs: list[tuple[int, int]], variables: frozenset[str]) -> LinearRequest | None:
        self.reads += 1
        hits = reader._TEMPLATE_READS.hits
        got = reader.read_request(text, runs, variables)
        self.kept += reader._TEMPLATE_READS.hits > hits
        fresh = _fresh(text, runs, variables)
        if got != fresh:
            self.differ.append((text, got, fresh))
        return got


def _variant(prompt: str, rng: random.Random, share: float) -> str:
    return _NUMBER.sub(lambda m: rng.choice(_NUMBERS) if rng.random() < share else m.group(), prompt)


def _read_in_turn(prompts: list[str], monkeypatch: pytest.MonkeyPatch) -> _Checking:
    checking = _Checking()
    monkeypatch.setattr(linear_prompt, "read_request", checking)
    reader._TEMPLATE_READS.clear()
    for prompt in prompts:
        linear_prompt.understand_prompt.__wrapped__(prompt)
    reader._TEMPLATE_READS.clear()
    return checking


def test_kept_reading_is_the_fresh_reading_on_the_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every corpus prompt and a variant with its numbers substituted, read one after the other in
    both orders (each seeds the memo for the other): every reading is the fresh one."""
    rng = random.Random(33)
    checking = _Checking()
    monkeypatch.setattr(linear_prompt, "read_request", checking)
    for prompt in CORPUS:
        pair = [prompt, _variant(prompt, rng, 1.0 if rng.random() < 0.5 else 0.5)]
        for order in (pair, pair[::-1]):
            reader._TEMPLATE_READS.clear()
            for text in order:
                linear_prompt.understand_prompt.__wrapped__(text)
    reader._TEMPLATE_READS.clear()
    assert not checking.differ, checking.differ[:5]
    assert checking.kept > 1000, (checking.reads, checking.kept)  # the memo was met, not bypassed


@pytest.mark.parametrize("template", [
    'Please solve for x step by step: {a}x + {b} = {c}. Write one step per line as "Step k: ...".',
    "Solve {a}x - {b} = {c} for x. Answer in one line.",
    "Find x and y: x + {a}y = {b}, {c}x - y = {a}. Show your work.",
    "Résous {a}x + {b} = {c}, s'il te plaît.",
    "Löse {a}x + {b} = {c} Schritt für Schritt.",
    "解方程 {a}x + {b} = {c}",
    "Does x = {a} solve {b}x + {c} = {a}? Answer yes or no.",
    "Problem {a}: {b}x + {c} = {a}. Solve for x.",
    "Exercise {a} - {b}x = {c}: solve for x.",
    "Give x squared: {a}x + {b} = {c}.",
    "Solve {a}x + {b} = {c} and give twice x.",
])
def test_kept_reading_over_many_instances(template: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many instances of one template, its numbers drawn anew each time (0 and leading zeros too)."""
    rng = random.Random(template)
    prompts = [template.format(a=rng.choice(_NUMBERS), b=rng.choice(_NUMBERS), c=rng.choice(_NUMBERS))
               for _ in range(120)]
    checking = _read_in_turn(prompts, monkeypatch)
    assert not checking.differ, checking.differ[:5]


def _key(prompt: str) -> tuple[object, ...] | None:
    """The template key ``read_request`` computes for ``prompt`` as the linear reader reads it."""
    keys: list[tuple[object, ...] | None] = []

    def spy(text: str, runs: list[tuple[int, int]], variables: frozenset[str]) -> LinearRequest | None:
        keys.append(reader._template_key(unicodedata.normalize("NFC", text), runs, variables))
        return _fresh(text, runs, variables)

    original = linear_prompt.read_request
    linear_prompt.read_request = spy
    try:
        linear_prompt.understand_prompt.__wrapped__(prompt)
    finally:
        linear_prompt.read_request = original
    assert len(keys) == 1, (prompt, keys)
    return keys[0]


def test_template_key_masks_only_the_equations_numbers() -> None:
    base = "Solve 3x + 5 = 20 for x. Write 1 step per line."
    assert _key(base) is not None
    assert _key(base) == _key("Solve 70x + 0 = 1234 for x. Write 1 step per line.")
    assert _key(base) != _key("Solve 3x + 5 = 20 for x. Write 2 step per line.")  # a number in the prose is the template's
    assert _key(base) != _key("Solve 3y + 5 = 20 for y. Write 1 step per line.")  # the unknowns are
    assert _key(base) != _key("Solve 3x - 5 = 20 for x. Write 1 step per line.")  # the operators are
    # a name's digits are the name's: never masked
    assert _key("Solve x1 + x2 = 5, x1 - x2 = 1.") is not None
    assert _key("Solve x1 + x2 = 5, x1 - x2 = 1.") != _key("Solve x2 + x1 = 5, x2 - x1 = 1.")
    assert _key("Solve x_1 + x_2 = 5, x_1 - x_2 = 1.") != _key("Solve x_2 + x_1 = 5, x_2 - x_1 = 1.")


def test_a_candidate_keeps_its_numbers_in_the_key() -> None:
    """Guard: an equation that could be a yes/no check's candidate ("x = 5") is kept as written."""
    assert _key("Does x = 5 solve 3x + 5 = 20?") is not None
    assert _key("Does x = 5 solve 3x + 5 = 20?") != _key("Does x = 7 solve 3x + 5 = 20?")
    assert _key("Does x = 5 solve 3x + 5 = 20?") == _key("Does x = 5 solve 4x + 1 = 21?")


def test_a_label_number_where_an_equation_starts_gives_no_key() -> None:
    """Guard: a label's or an exercise's number may be read where an equation starts (up to three
    digits, never 0): "Problem 12 - x = 5" and "Problem 1234 - x = 5" may read apart."""
    text = "Problem 12 - x = 5. Solve for x."
    assert reader._template_key(text, [(8, 18)], frozenset("x")) is None
    assert reader._template_key("Exercise 12, x = 5", [(9, 18)], frozenset("x")) is None
    assert reader._template_key("Problem: 12 + x = 5", [(9, 19)], frozenset("x")) is not None


def test_a_quoted_span_over_an_equation_gives_no_key() -> None:
    """Guard: a quoted template holding an equation is read verbatim, numbers and all."""
    text = 'Solve 3x + 5 = 20. End with "So 3x + 5 = 20 gives x = <value>."'
    runs = [(6, 17), (32, 43)]
    assert text[6:17] == "3x + 5 = 20" and text[32:43] == "3x + 5 = 20"
    assert reader._template_key(text, runs, frozenset("x")) is None
    assert reader._template_key(text[:18], runs[:1], frozenset("x")) is not None
    assert reader._span_over_run('{"x": <value>} 2x = 4', [(15, 21)]) is False
    assert reader._span_over_run('Say \u201c2x = 4\u201d please', [(5, 11)]) is True
    assert reader._span_over_run('"2x = 4" please', [(1, 7)]) is True


def test_a_reading_that_carries_a_number_is_not_kept() -> None:
    """Guard: a reading holding a candidate, or a digit in its target, template, label or format."""
    plain = LinearRequest(frozenset("x"), False, True, ("steps",), "", "en")
    assert reader._number_free(plain)
    assert not reader._number_free(LinearRequest(frozenset(), True, True, ("yes_no",), "", "en", candidate=("x", "5", 5)))
    assert not reader._number_free(LinearRequest(frozenset(), True, True, (), "", "en", target="2*x"))
    assert not reader._number_free(LinearRequest(frozenset("x"), False, True, (), "", "en", answer_form="x = <value> (1)"))
    assert not reader._number_free(LinearRequest(frozenset("x"), False, True, (), "Answer 1", "en"))
    assert not reader._number_free(LinearRequest(frozenset("x"), False, True, ("check x = 5",), "", "en"))


@pytest.mark.parametrize("prompt", ["Does x = 5 solve 3x + 5 = 20?", "Solve 3x + 5 = 20 and give twice x."])
def test_readings_with_a_number_are_not_kept(prompt: str) -> None:
    """A yes/no check's reading (its candidate, where it stands) and one asking 2*x are read afresh each time."""
    reader._TEMPLATE_READS.clear()
    problem = linear_prompt.understand_prompt.__wrapped__(prompt)
    assert problem is not None and _key(prompt) is not None
    assert len(reader._TEMPLATE_READS) == 0
    plain = "Solve 3x + 5 = 20 and give x."
    assert linear_prompt.understand_prompt.__wrapped__(plain) is not None and len(reader._TEMPLATE_READS) == 1
    reader._TEMPLATE_READS.clear()


def test_a_reading_whose_equations_were_not_read_whole_is_not_kept() -> None:
    """Guard: each equation must be one EQ word of the reading, and no other EQ word stand."""
    runs = [(6, 17)]
    assert reader._runs_read_whole([Word("SOLVE", "Solve", 0), Word("EQ", "3x + 5 = 20", 6)], runs)
    assert not reader._runs_read_whole([Word("SOLVE", "Solve", 0), Word("EQ", "3x + 5", 6)], runs)
    assert not reader._runs_read_whole([Word("SOLVE", "Solve", 0)], runs)
    assert not reader._runs_read_whole([Word("EQ", "3x + 5 = 20", 6), Word("EQ", "x = 1", 20)], runs)


def test_readings_kept_are_the_fresh_ones_for_a_check_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    """A yes/no check read after another of the same words: its own candidate."""
    checking = _read_in_turn(["Does x = 7 solve 3x + 5 = 20?", "Does x = 5 solve 3x + 5 = 20?"], monkeypatch)
    assert not checking.differ, checking.differ
    problem = linear_prompt.understand_prompt.__wrapped__("Does x = 5 solve 3x + 5 = 20?")
    assert problem is not None and "check x = 5" in problem.format


# -- whole requests in lockstep -----------------------------------------------------------------------

PHRASINGS = [
    'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    'Please solve for x step by step: {eq}. Write one step per line as "Step k: ...".',
    "Solve {eq}.", "Solve {eq} - show your steps.", "Exercise 4: solve {eq}.", "Quick question: what is x if {eq}?",
    "Solve {eq}. Answer: x = ?", 'Solve {eq}. End with "So x equals <value>."', "Solve  {eq} ,  please",
    "Problem 12: {eq}. Find x.", "Solve {eq} for x. Answer in one line.", "{eq}", "Solve {eq} and give x squared.",
    "Does x = {x} solve {eq}? Answer yes or no.", "Does x = {y} solve {eq}? Answer yes or no.",
    "R\u00e9sous {eq} \u00e9tape par \u00e9tape.", "Resuelve {eq} paso a paso.", "L\u00f6se {eq} Schritt f\u00fcr Schritt.",
    "\u0420\u0435\u0448\u0438 {eq}.", "\u89e3\u65b9\u7a0b {eq}\u3002", "{eq} \u3092\u89e3\u3044\u3066\u304f\u3060\u3055\u3044\u3002",
]


def _result(result: Any) -> tuple[Any, ...]:
    """Everything a request's result says but its entries' ids, similarity scores' float noise aside, and times."""
    steps = tuple(tuple(sorted(step.model_dump().items())) for step in result.steps)
    return (result.outcome, result.text, result.tier, result.verified, result.verification, result.model_calls,
            result.checks_passed, result.task, tuple(result.errors), result.used_fallback, steps,
            result.tokens_saved)


def lockstep(seed: int, requests: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Two caches, one reading with the template memo and one reading afresh (before wip/hitG); the
    same requests (stored, rephrased, re-instantiated, checked, in other languages): the same results.
    Returns (requests, served without a model call)."""
    rng = random.Random(seed)
    new_cache, old_cache = StepCache(), StepCache()
    served = 0
    for _ in range(requests):
        a, x, b = rng.randint(2, 9), rng.randint(-12, 12), rng.randint(0, 40)
        c = a * x + b
        if rng.random() < 0.3:
            c += a * rng.randint(20, 30)  # a new constant: re-instantiated
        prompt = rng.choice(PHRASINGS).format(eq=f"{a}x + {b} = {c}", x=(c - b) // a, y=rng.randint(-3, 30))
        model = _Model({prompt: _working(a, b, c)} if rng.random() < 0.4 else {})
        got = _result(new_cache.generate(prompt, model, namespace="l"))
        with monkeypatch.context() as patch:
            patch.setattr(linear_prompt, "read_request", _fresh)
            want = _result(old_cache.generate(prompt, model, namespace="l"))
        assert got == want, prompt
        served += got[5] == 0
    return requests, served


@pytest.mark.parametrize("seed", range(2))
def test_requests_in_lockstep_with_the_fresh_reading(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    _, served = lockstep(seed, 200, monkeypatch)
    assert served > 40
