"""The prompt-edit fuzzer: the project's primary soundness judge of the formatting rule.

A fresh cache is warmed with a base prompt P (the echo model answers), then asked edited
prompts P'. Two prompts are interchangeable for a cached answer only when they are identical
(the safe set is empty: NFC/NFD, line endings and outer whitespace are edits like any other);
a changed prompt answered without a model call is a violation unless the judge's own oracle
understands P' and the answer is right for it (linear equations, arithmetic, JSON stating
every value). See ``tests/fuzz/judge.py`` for the rule and ``tests/fuzz/oracle.py`` for
what the oracle understands.

CI runs >= 5,000 seeded edits (hypothesis, derandomized) across every prompt kind, the
engine and both adapters. ``STEPCACHE_FUZZ_EXAMPLES=N`` raises the number of edits (never
below the CI default). ``scripts/fuzz_prompts.py`` is the same judge for nightly runs.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
import unicodedata
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from tests.fuzz.edits import (
    CHAT_EDITS, FORMAT_SENTENCES, NUMBER_ONLY_SENTENCES, SAFE_EDITS, TEXT_EDITS, applicable, edit_text, miscased_units,
)
from tests.fuzz.judge import (
    MIN_TOTAL_EDITS,
    Campaign,
    Report,
    campaigns,
    no_network,
    run_hypothesis,
    scale_from_env,
)
from tests.fuzz.oracle import (
    ArithProblem,
    JsonProblem,
    MathProblem,
    check_arith_answer,
    check_json_answer,
    check_math_answer,
    json_answer,
    math_solution,
    oracle_verdict,
    understand,
    understand_text,
)
from tests.fuzz.prompts import Msg, canon_text
from tests.fuzz.targets import EngineTarget

CAMPAIGNS = campaigns()


@pytest.fixture(scope="module")
def report() -> Iterator[Report]:
    """One run of the whole judge, shared by the assertions below (about 30 s)."""
    from tests.fuzz.judge import run_all

    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("STEPCACHE_STORE", raising=False)  # in-memory caches only
        yield run_all(driver="hypothesis", scale=scale_from_env())


# ----------------------------------------------------------------------------- the verdicts
@pytest.mark.parametrize("campaign", [c.name for c in CAMPAIGNS])
def test_no_edit_outside_the_safe_set_is_answered_from_the_cache(report: Report, campaign: str) -> None:
    """Every violation of the campaign, grouped by prompt kind and edit kind, with P, P', the served
    text and the outcome."""
    bad = report.violations_for(campaign=campaign)
    assert not bad, report.summary(max_examples=4, only=lambda v: v.campaign == campaign)


# ----------------------------------------------------------------------------- the judge cannot shrink
def test_at_least_5000_edits_are_judged(report: Report) -> None:
    assert report.judged >= MIN_TOTAL_EDITS, report.table()
    scale = scale_from_env()
    per_campaign = report.counts("campaign")
    for c in CAMPAIGNS:
        # an edit is skipped only when it cannot apply to its base (none do today)
        assert per_campaign[(c.name,)] >= 0.95 * c.edits * scale, (c.name, per_campaign[(c.name,)], report.table())


def test_every_prompt_kind_base_and_edit_kind_is_exercised(report: Report) -> None:
    judged = report.counts("campaign", "edit_kind")
    for c in CAMPAIGNS:
        possible = {k for b in c.bases for k in applicable(b.request)}
        missing = sorted(k for k in possible if judged[(c.name, k)] == 0)
        assert not missing, f"{c.name}: edit kinds never judged: {missing}"
        used = report.bases_used[c.name]
        assert len(used) >= 0.65 * len(c.bases), f"{c.name}: only {len(used)} of {len(c.bases)} base prompts warmed"
    every = {k for (_, k) in judged}
    assert set(TEXT_EDITS) | set(SAFE_EDITS) | set(CHAT_EDITS) <= every
    relations = report.counts("relation")
    # the safe set is empty: every edit is a change, judged by the oracle or a model call
    assert relations[("changed",)] >= 4000 and set(relations) == {("changed",)}, relations
    kinds = {k for (k,) in report.counts("prompt_kind")}
    assert {"prose", "code", "data", "proper_noun", "json_stated", "json_unstated", "json_rule", "math_en",
            "math_fr", "math_ru", "math_zh", "math_es", "math_de", "math_pt", "math_it", "math_ja", "math_system",
            "math_en_everyday", "word_en", "word_langs", "chat", "multimodal", "tools"} <= kinds
    # the role swap reached the word problems of every language, at one mention and at every mention
    swapped = [r for r in report.records if r.edit_kind == "role_swap" and r.prompt_kind in ("word_en", "word_langs")]
    assert len({r.prompt_kind for r in swapped}) == 2 and len(swapped) >= 40, report.table()
    assert any(understand(r.edited) is None for r in swapped) and any(understand(r.edited) for r in swapped)
    targets = {t for (t,) in report.counts("target")}
    assert targets == {"engine", "lc_cache", "lc_runnable", "llama_index"}


def _langchain_makes_no_claim(request: Any) -> bool:
    """A transcript the LangChain adapters do not read whole (README "Every part of the request is
    in the key"): a message name, tool calls or results, or a part other than one text part."""
    if isinstance(request, str):
        return False
    return any(
        m.name is not None or m.tool_calls or m.tool_call_id is not None or m.role == "tool"
        or (not isinstance(m.content, str) and (len(m.content) != 1 or m.content[0].kind != "text"))
        for m in request
    )


def test_every_base_prompt_is_cached_at_warm_up(report: Report) -> None:
    """Without a cached base answer the edits would test nothing. Only image and tool-call
    transcripts may bypass the cache (the LlamaIndex adapter sends them to the model), and on the
    LangChain targets what those adapters make no claim on: each time to the model, nothing stored."""
    no_record = {"bypass", "model (no stepcache record)"}
    allowed = [
        w for w in report.warmup_failures
        if (w.campaign.endswith(("/multimodal", "/tools")) and set(w.outcomes) == {"bypass"})
        or (w.campaign.startswith(("lc_cache/", "lc_runnable/")) and _langchain_makes_no_claim(w.base)
            and set(w.outcomes) <= no_record and w.calls == (1, 1) and not w.verified)
    ]
    unexpected = [w for w in report.warmup_failures if w not in allowed]
    assert not unexpected, "\n".join(w.describe() for w in unexpected[:20])


def test_nothing_reaches_the_network(report: Report) -> None:
    assert report.network_attempts == []


# ----------------------------------------------------------------------------- the judge itself
def _result(text: str, calls: int, outcome: str) -> Any:
    return SimpleNamespace(text=text, model_calls=calls, outcome=outcome, verified=True)


class AlwaysServeCache:
    """The worst cache: once it has an answer, it serves it for every prompt."""

    def __init__(self) -> None:
        self.text: str | None = None

    def generate(self, prompt: str, llm: Any, **kwargs: Any) -> Any:
        if self.text is None:
            self.text = llm(prompt)
            return _result(self.text, 1, "miss")
        return _result(self.text, 0, "reuse")


class ExactMatchCache:
    """Sound: only the identical string is a hit (the safe set is empty)."""

    def __init__(self) -> None:
        self.answers: dict[str, str] = {}

    def key(self, prompt: str) -> str:
        return prompt

    def generate(self, prompt: str, llm: Any, **kwargs: Any) -> Any:
        k = self.key(prompt)
        if k in self.answers:
            return _result(self.answers[k], 0, "reuse")
        self.answers[k] = llm(prompt)
        return _result(self.answers[k], 1, "miss")


class ReferenceCache(ExactMatchCache):
    """The documented rule, implemented independently of the engine: keyed by the prompt as given."""

    def key(self, prompt: str) -> str:
        return canon_text(prompt)


class FoldingCache(ExactMatchCache):
    """The old "safe set" (NFC, line endings, outer whitespace folded): unsound, a model can be
    asked about exactly those characters."""

    def key(self, prompt: str) -> str:
        return unicodedata.normalize("NFC", prompt.replace("\r\n", "\n").replace("\r", "\n")).strip()


class ProvingCache(ReferenceCache):
    """Also answers, without a model call, every changed prompt the oracle proves (math, stated JSON)."""

    def __init__(self, wrong: bool = False) -> None:
        super().__init__()
        self.wrong = wrong
        self.derived = 0

    def generate(self, prompt: str, llm: Any, **kwargs: Any) -> Any:
        if not self.answers or self.key(prompt) in self.answers or miscased_units(prompt):
            return super().generate(prompt, llm)  # a unit symbol in a case no reader reads: the model's (unit_case)
        problem = understand_text(prompt)
        if isinstance(problem, MathProblem):
            text = math_solution(problem)
            if self.wrong:  # a stale value on the answer line
                text = text.rsplit("\n", 1)[0] + "\n" + next(iter(self.answers.values())).rsplit("\n", 1)[-1]
            self.derived += 1
            return _result(text, 0, "reinstantiate")
        if isinstance(problem, JsonProblem) and problem.stated:
            obj = dict(problem.obj)
            if self.wrong:
                obj = json.loads(next(iter(self.answers.values())))
            self.derived += 1
            return _result(json.dumps(obj), 0, "reinstantiate")
        return super().generate(prompt, llm)


class StalePatchCache(ReferenceCache):
    """Calls the model for a changed prompt but keeps the first line of the cached answer."""

    def generate(self, prompt: str, llm: Any, **kwargs: Any) -> Any:
        if not self.answers or self.key(prompt) in self.answers:
            return super().generate(prompt, llm)
        fresh = llm(prompt)
        old = next(iter(self.answers.values()))
        return _result(old.split("\n")[0] + "\n" + "\n".join(fresh.split("\n")[1:]), 1, "patch")


SELF_TEST_KINDS = ("prose", "code", "json_stated", "json_unstated", "math_en", "math_zh", "math_system")


def _judge_fake(make_cache: Any, kinds: tuple[str, ...] = SELF_TEST_KINDS, edits: int = 120) -> Report:
    report = Report()
    with no_network(report):
        for c in CAMPAIGNS:
            if c.target == "engine" and c.name.split("/")[1] in kinds:
                small = Campaign(c.name, c.target, c.bases, edits)
                run_hypothesis(small, report, target=EngineTarget(make_cache, name=f"fake:{make_cache.__name__}"))
    return report


def test_the_judge_fails_a_cache_that_always_serves_its_cached_answer() -> None:
    report = _judge_fake(AlwaysServeCache)
    changed = [r for r in report.records if r.relation == "changed"]
    flagged = [r for r in changed if r.violation == "unsafe_reuse"]
    assert len(changed) >= 500
    # Where the oracle reads no question (prose, code, unstated JSON), every changed prompt served
    # the cached answer is flagged; in math and stated JSON, an edit the oracle reads as the same
    # question (a deleted "the", spacing inside an equation) is served right.
    ungrammatical = [r for r in changed if r.prompt_kind in ("prose", "code", "json_unstated")]
    # (an edit asked twice in a session is an identical repeat: then the stale echo line is flagged)
    assert ungrammatical and all(r.violation in ("unsafe_reuse", "stale_content") for r in ungrammatical), report.table()
    # (an edit of the old safe set leaves a math question the same question: the old answer is right)
    content = [r for r in changed if r.edit_kind not in SAFE_EDITS]
    assert len([r for r in flagged if r.edit_kind not in SAFE_EDITS]) >= 0.8 * len(content), report.table()
    for kind in SELF_TEST_KINDS:
        assert report.violations_for(prompt_kind=kind), kind
    # the message names P, P', the served text and the outcome
    text = flagged[0].describe()
    assert "P  = " in text and "P' = " in text and "served = " in text and "outcome=reuse" in text


def test_the_judge_passes_an_independent_implementation_of_the_rule() -> None:
    report = _judge_fake(ReferenceCache)
    assert report.judged >= 800 and not report.violations, report.summary()
    assert not report.warmup_failures


def test_the_judge_fails_a_cache_that_folds_the_old_safe_set() -> None:
    """Serving the cached answer for an NFD, CRLF or outer-whitespace edit is a violation (the
    echo line names the other prompt): the judge does not take the old safe set for granted."""
    report = _judge_fake(FoldingCache)
    folded = [r for r in report.records if r.edit_kind in ("safe_nfd", "safe_crlf", "safe_edge_ws", "safe_combo")]
    # where the oracle reads no question (prose, code, unstated JSON) nothing proves the old answer
    unread = [r for r in folded if r.own_calls == 0 and r.prompt_kind in ("prose", "code", "json_unstated")]
    assert len(unread) >= 30, report.table()
    assert all(r.violation for r in unread), report.table()


def test_the_judge_accepts_proven_answers_and_rejects_stale_values() -> None:
    right = _judge_fake(lambda: ProvingCache(), kinds=("json_stated", "math_en", "math_zh", "math_system"))
    assert not right.violations, right.summary()
    derived = [r for r in right.records if r.relation == "changed" and r.own_calls == 0]
    assert len(derived) >= 100  # the exceptions of the rule were exercised, not vacuous
    wrong = _judge_fake(lambda: ProvingCache(wrong=True), kinds=("json_stated", "math_en", "math_system"))
    stale = [r for r in wrong.records if r.relation == "changed" and r.own_calls == 0]
    flagged = [r for r in stale if r.violation == "unsafe_reuse"]
    # a changed number or value makes the stale answer line wrong (a case change of a template
    # word does not: then the old answer is still right, and accepted)
    assert len(flagged) >= 0.3 * len(stale) and len(flagged) >= 30, wrong.table()


def test_the_judge_reports_stale_patched_steps() -> None:
    exact = _judge_fake(ExactMatchCache, kinds=("prose", "math_fr"), edits=120)
    assert exact.records and not [r for r in exact.records if r.violation]
    stale = _judge_fake(StalePatchCache, kinds=("prose", "code"), edits=120)
    changed = [r for r in stale.records if r.relation == "changed"]
    flagged = [r for r in changed if r.violation == "stale_content"]
    assert len(flagged) >= 0.9 * len(changed) >= 100, stale.table()


# ----------------------------------------------------------------------------- the oracle
@pytest.mark.parametrize(
    ("prompt", "solution"),
    [
        ("Solve for x step by step: 3x + 5 = 20.", {"x": 5}),
        ("solve FOR x step by step:  3x+5=20.", {"x": 5}),  # letter case of template words, spacing
        ("Solve for x step by step: 3x + 5 = 26.", {"x": 7}),
        ("Résous l'équation 4(X - 2) = 12.", {"X": 5}),  # the unknown is X here
        ("Solve the system: x + y = 10, x - y = 2. Find x and y.", {"x": 6, "y": 4}),
        ("解方程 3x + 5 = 20，求 x。", {"x": 5}),
        ("Solve for x step by step: 3x² + 5 = 20.", None),  # a superscript
        # wip/linAF: an en dash between two terms is the oracle's minus (its own rule, oracle._typed_symbols);
        # one before a term the equation's end follows may be a pause ("... = 20 – x.": then "x" is asked?)
        ("Solve for x step by step: 3x – 5 = 20.", {"x": Fraction(25, 3)}),
        ("Solve for x step by step: 3x + 5 = 20 – x.", None),  # an en dash that may pause
        ("Solve for x step by step: 3х + 5 = 20.", None),  # a Cyrillic х
        ("Solve for x step by step: 3x + 5 = 2 0.", None),  # a split number
        ("Solve for x step by step: 3x + 5 = 020.", None),  # a leading zero
        ("Solve for x by step: 3x + 5 = 20.", {"x": 5}),  # a template word deleted: the grammar reads it
        ("Solve for x by step: 3x + 5 = 20 in words.", None),  # a word outside the grammar
        ("Solve for x step by step: 3x + 5 = 20!", None),  # punctuation (a factorial?)
        ("Solve for X step by step: 3x + 5 = 20.", None),  # asks for an unknown the equation lacks
        ("Solve for x step by step: 3x + 5 = 3x + 7.", None),  # no solution
        ("Solve for x step by step: x*x = 4.", None),  # not linear
    ],
)
def test_the_oracle_understands_only_its_templates(prompt: str, solution: dict[str, int] | None) -> None:
    problem = understand_text(prompt)
    if solution is None:
        assert problem is None
        assert oracle_verdict(prompt, "Answer: x = 5") is not None
        return
    assert isinstance(problem, MathProblem) and problem.solution == solution
    assert check_math_answer(problem, math_solution(problem)) is None


def test_the_oracle_checks_answer_lines_and_steps() -> None:
    problem = understand_text("Solve for x step by step: 3x + 5 = 26.")
    assert isinstance(problem, MathProblem)
    assert check_math_answer(problem, "Step 1: 3x = 21.\nAnswer: x = 7") is None
    assert check_math_answer(problem, "Answer: 7") is None
    assert check_math_answer(problem, "Step 1: 3x = 15.\nAnswer: x = 7") is not None  # a stale step
    assert check_math_answer(problem, "Answer: x = 5") is not None
    assert check_math_answer(problem, "x = 7\nThat is all.") is not None  # the final line states nothing


def test_the_oracle_reads_arithmetic_questions_and_checks_their_answers() -> None:
    problem = understand_text("What is (3 + 4) * 2?")
    assert isinstance(problem, ArithProblem) and problem.value == 14
    assert check_arith_answer(problem, "3 + 4 = 7\n7 * 2 = 14.") is None
    assert check_arith_answer(problem, "The answer is 14.") is None
    assert check_arith_answer(problem, "3 + 4 = 8\n8 * 2 = 14") is not None  # a false step
    assert check_arith_answer(problem, "(3 + 4) * 2 = 16.") is not None
    assert check_arith_answer(problem, "(3 + 4) * 2 = 14.\nHope this helps!") is not None
    assert understand_text("What is x + 1?") is None
    assert understand_text("What is 2 - - 3?") is None
    problem = understand_text("What is 2 - -3?")  # wip/arithU: a sign on a number after an operator (its own reading)
    assert isinstance(problem, ArithProblem) and problem.value == 5


@pytest.mark.parametrize("sentence", ["Just the number.", "Solo il numero.", "Nur die Zahl.", "只要数字。"])
def test_the_oracle_asks_an_arithmetic_question_s_number_alone(sentence: str) -> None:
    problem = understand_text(f"17 + 25 = ? {sentence}")
    assert isinstance(problem, ArithProblem) and problem.bare and problem.value == 42
    assert check_arith_answer(problem, "42") is None and check_arith_answer(problem, "42.") is None
    assert check_arith_answer(problem, "17 + 25 = 42.") is not None  # working where the number alone is asked
    assert check_arith_answer(problem, "The answer is 42.") is not None
    assert check_arith_answer(problem, "43") is not None


def test_the_oracle_reads_json_values_exactly() -> None:
    prompt = 'Return a JSON object for a person with name "Alice", age 34. Required keys: name, age. Output only the JSON object.'
    problem = understand_text(prompt)
    assert isinstance(problem, JsonProblem) and problem.obj == {"name": "Alice", "age": 34}
    assert check_json_answer(problem, json_answer(problem)) is None
    assert check_json_answer(problem, '{"name": "Alice", "age": 34.0}') is not None
    assert check_json_answer(problem, '{"name": "alice", "age": 34}') is not None
    assert understand_text(prompt.replace("Alice", "Ali ce")).obj["name"] == "Ali ce"  # type: ignore[union-attr]
    assert understand_text(prompt.replace("keys: name", "keys: Name")) is None  # a key name is exact
    assert understand_text(prompt.replace("age 34", "age 3 4")) is None
    rule = understand_text(
        "Return a JSON object with keys item and price for a lamp, price 104. Round the price to the nearest ten. "
        "Output only the JSON object."
    )
    assert isinstance(rule, JsonProblem) and not rule.stated and rule.obj == {"item": "lamp", "price": 100}
    assert oracle_verdict("Return a JSON object with keys item and price for a lamp, price 104. Round the price to the "
                          "nearest ten. Output only the JSON object.", '{"item": "lamp", "price": 100}') is not None


def test_chat_requests_the_oracle_reads() -> None:
    from tests.fuzz.prompts import Msg

    user = Msg("user", "Find y if 2y - 7 = 9.")
    assert isinstance(understand((Msg("system", "Show every step."), user)), MathProblem)
    assert isinstance(understand((Msg("system", "Show every step!"), user)), MathProblem)  # '!' ends it too
    assert isinstance(understand((Msg("system", "You are a careful math tutor!"), user)), MathProblem)
    assert understand((Msg("system", "Show every step!!"), user)) is None
    assert understand((Msg("system", "Reply in French."), user)) is None
    assert understand((user.with_(name="sam"),)) is None


def test_the_oracle_reads_a_format_sentence_and_holds_the_answer_to_it() -> None:
    only = understand("Solve 3x + 5 = 20 for x. Give only the final answer.")
    assert isinstance(only, MathProblem) and only.answer_format == "answer_only"
    assert check_math_answer(only, "Answer: x = 5") is None and check_math_answer(only, "x = 5") is None
    assert check_math_answer(only, "Step 1: 3x = 15.\nAnswer: x = 5") is not None  # working beside it
    assert check_math_answer(only, "Answer: x = 5, so 3x = 15") is not None
    fraction = understand("Solve 2x = 5. Give the answer as a fraction.")
    assert isinstance(fraction, MathProblem) and check_math_answer(fraction, "Answer: x = 5/2") is None
    assert check_math_answer(fraction, "Answer: x = 2.5") is not None
    decimal = understand("Solve 2x = 5.\nGive the answer as a decimal.")
    assert isinstance(decimal, MathProblem) and check_math_answer(decimal, "Answer: x = 5/2") is not None
    one_line = understand("Solve 2x = 5. ANSWER IN ONE LINE.")
    assert isinstance(one_line, MathProblem) and check_math_answer(one_line, "x = 2.5") is None
    assert check_math_answer(one_line, "2x = 5\nx = 2.5") is not None
    # a negated, contradicting or unknown format, or a second one, is not understood: never served
    for sentence in ("Do not give only the final answer.", "Give the answer as a fraction and as a decimal.",
                     "Give the answer as a percentage.", "Just the answer. Just the answer."):
        assert understand(f"Solve 2x = 5. {sentence}") is None, sentence
    # in a system message too, and never two formats (one in each message)
    user = Msg("user", "Solve 2x = 5.")
    chat = understand((Msg("system", "You are a careful math tutor. Give the answer as a fraction."), user))
    assert isinstance(chat, MathProblem) and chat.answer_format == "fraction"
    assert understand((Msg("system", "Give the answer as a decimal."), Msg("user", "Solve 2x = 5. Just the answer."))) is None
    assert understand((Msg("system", "You are a careful math tutor. Not just the answer."), user)) is None


def test_the_format_toggle_edit_adds_a_sentence_or_removes_the_one_that_ends_the_prompt() -> None:
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        edited = edit_text("Solve 2x = 5.", "format_toggle", rng)
        assert edited is not None and edited.startswith("Solve 2x = 5.") and edited != "Solve 2x = 5."
        seen.add(edited[len("Solve 2x = 5.") + 1 :])
        assert edit_text(edited, "format_toggle", rng) == "Solve 2x = 5."  # toggled back
    assert seen == set(FORMAT_SENTENCES)


def test_the_number_only_toggle_adds_a_sentence_in_one_of_nine_languages_or_removes_it() -> None:
    rng = random.Random(5)
    seen = set()
    for _ in range(80):
        edited = edit_text("Solve 2x = 5.", "number_only_toggle", rng)
        assert edited is not None and edited.startswith("Solve 2x = 5.") and edited != "Solve 2x = 5."
        seen.add(edited[len("Solve 2x = 5.") + 1 :])
        assert edit_text(edited, "number_only_toggle", rng) == "Solve 2x = 5."  # toggled back
    assert seen == set(NUMBER_ONLY_SENTENCES)


@pytest.mark.parametrize("sentence", NUMBER_ONLY_SENTENCES)
def test_the_oracle_asks_the_number_alone_for_each_number_only_sentence(sentence: str) -> None:
    """W5 (red team round 6): "x = 2.5" for "Nur die Zahl." is a violation; "2.5" is the answer."""
    problem = understand_text(f"Solve 2x = 5. {sentence}")
    assert isinstance(problem, MathProblem) and problem.answer_format == "bare_number"
    assert check_math_answer(problem, "2.5") is None
    assert check_math_answer(problem, "x = 2.5") is not None
    assert check_math_answer(problem, "Answer: x = 2.5") is not None
    assert check_math_answer(problem, "3") is not None


def test_the_oracle_reads_a_multiple_of_the_unknown_in_the_asked_slot() -> None:
    """A word swap writes "Halla 2x si 10 = x + 4.": the oracle asks 2x (its own value, 12) and
    judges a served answer by it; x's value, or a wrong 2x, is refused."""
    from .oracle import oracle_verdict

    assert oracle_verdict("Halla 2x si 10 = x + 4.", "x = 6\nAnswer: 2*x = 12") is None
    assert oracle_verdict("Halla 2x si 10 = x + 4.", "x = 6\nAnswer: x = 6") is not None
    assert oracle_verdict("Halla 2x si 10 = x + 4.", "x = 6\nAnswer: 2*x = 10") is not None
    assert oracle_verdict("Halla 2y si 10 = x + 4.", "Answer: 2*y = 12") is not None  # y is no unknown


# ----------------------------------------------------------------------------- word problems and role swaps
WORD_KINDS = ("word_en", "word_langs")


def test_the_judge_fails_a_cache_that_always_serves_on_word_problems() -> None:
    """A changed number, a swapped role at one mention, a word the story does not have: the cached
    answer (its label, its value) is flagged; the story the oracle reads the same is not."""
    report = _judge_fake(AlwaysServeCache, kinds=WORD_KINDS)
    changed = [r for r in report.records if r.relation == "changed"]
    assert len(changed) >= 200, report.table()
    for kind in WORD_KINDS:
        assert report.violations_for(prompt_kind=kind, edit_kind="role_swap"), (kind, report.table())
        assert report.violations_for(prompt_kind=kind, edit_kind="digit_change"), (kind, report.table())
    # (an edit of the old safe set, NFD or outer whitespace, leaves the story the same: the old answer is right)
    content = [r for r in changed if r.edit_kind not in SAFE_EDITS]
    flagged = [r for r in content if r.violation in ("unsafe_reuse", "stale_content")]
    assert len(flagged) >= 0.8 * len(content), report.table()


def test_the_judge_passes_an_exact_match_cache_on_word_problems() -> None:
    report = _judge_fake(ExactMatchCache, kinds=WORD_KINDS)
    assert report.judged >= 200 and not report.violations, report.summary()
    assert not report.warmup_failures


def test_the_judge_accepts_proven_word_answers_and_rejects_stale_ones() -> None:
    right = _judge_fake(lambda: ProvingCache(), kinds=WORD_KINDS)
    assert not right.violations, right.summary()
    derived = [r for r in right.records if r.relation == "changed" and r.own_calls == 0]
    assert len(derived) >= 60 and any(r.edit_kind == "role_swap" for r in derived), right.table()
    wrong = _judge_fake(lambda: ProvingCache(wrong=True), kinds=WORD_KINDS)
    stale = [r for r in wrong.records if r.relation == "changed" and r.own_calls == 0]
    flagged = [r for r in stale if r.violation == "unsafe_reuse"]
    assert len(flagged) >= 0.25 * len(stale) and len(flagged) >= 20, wrong.table()


@pytest.mark.parametrize(
    ("prompt", "value", "label"),
    [
        ("A cab charges a $3 flat fee plus $2 per mile. My trip cost $19. How many miles did I travel?", 8, "Miles"),
        ("A taxi charges a $4 flat fee plus $2.50 per mile. My ride cost $24. How many miles did I travel?", 8, "Miles"),
        ("A taxi charges a $3 base fare plus $2 per mile. The ride cost $19. Let m be the number of miles. "
         "Set up an equation and solve for m.", 8, ""),
        ("A plumber charges a $3 call-out fee plus $2 per hour. The repair was $19. How many hours did she work?", 8, "Hours"),
        ("A gym charges a $3 call-out fee plus $2 per hour. The bill was $19. How many hours did he work?", 8, "Hours"),
        ("Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?", 12, "The daughter"),
        # a consistent role swap: another relative asked, another label
        ("Ravi is 3 times as old as his son. Together their ages add up to 50. How old is the son?", Fraction(25, 2), "The son"),
        ("Lena is 4 times as old as her nephew. Lena is 30 years older than her nephew. How old is the nephew?", 10, "The nephew"),
        ("Lena is 4 times as old as her nephew. Lena is 30 years older than nephew. How old is the nephew", 10, "The nephew"),
        ("A rectangle has a perimeter of 50 cm and a length of 15 cm. What is its width?", 10, "Width"),
        ("If 5 less than 3 times a number is 16, what is the number?", 7, "The number"),
        ("If 3 more than twice a number is 17, what is the number?", 7, "The number"),
        ("Un gimnasio cobra 30 € de inscripción y 20 € al mes. Si en total he pagado 110 €, ¿cuántos meses llevo inscrita?", 4, "Meses"),
        ("Juan tiene 4 veces la edad de su hija y tiene 27 años más que ella. ¿Cuántos años tiene su hija?", 9, "Su hija"),
        ("Luc a 3 fois l'âge de sa fille. À eux deux, ils ont 48 ans. Quel âge a sa fille ?", 12, "Sa fille"),
        # the years word left out of the sum, as the reader's grammar declares it optional (a word_delete the fuzzer drew)
        ("Luc a 3 fois l'âge de sa fille. À eux deux, ils ont 48. Quel âge a sa fille ?", 12, "Sa fille"),
        ("Un forfait téléphonique coûte 12 € par mois plus 0,50 € par minute. La facture du mois est de 27 €. "
         "Combien de minutes n ont été utilisées ?", 30, ""),
        ("Ein Klempner berechnet 30 € Anfahrt und 45 € pro Stunde. Die Rechnung beträgt 120 €. Wie viele Stunden hat sie gearbeitet?", 2, "Stunden"),
        ("Ein Rechteck hat einen Umfang von 30 cm und ist 9 cm lang. Wie breit ist es?", 6, "Breit"),
        ("Marco ha 4 volte l'età di suo figlio e ha 27 anni più di lui. Quanti anni ha il figlio?", 9, "Il figlio"),
        ("João tem 4 vezes a idade da filha e tem 27 anos a mais que ela. Quantos anos tem a filha?", 9, "A filha"),
        ("Периметр прямоугольника 30 см, ширина 5 см. Найдите длину.", 10, "Длину"),
        ("Мать в 3 раза старше дочери. Вместе им 48 лет. Сколько лет дочери?", 12, "Дочери"),
        ("出租车起步价 8 元，之后每公里 3 元，我一共付了 20 元，走了多少公里？", 4, "公里"),
        ("父の年齢は息子の年齢の4倍で、二人の年齢の合計は50歳です。息子は何歳ですか？", 10, "息子"),
    ],
)
def test_the_oracle_reads_word_problems_and_computes_their_answers(prompt: str, value: Fraction, label: str) -> None:
    problem = understand_text(prompt)
    assert isinstance(problem, MathProblem) and problem.label == label, prompt
    (u,) = problem.asked
    assert problem.solution[u] == value
    assert check_math_answer(problem, math_solution(problem)) is None
    named = f"{label}: x = {value}" if label else f"Answer: {u} = {value}"
    assert check_math_answer(problem, named) is None
    assert check_math_answer(problem, f"{label}: x = {value + 1}" if label else f"Answer: {u} = {value + 1}") is not None
    if label:  # the label is part of the answer: a value without it, or another's label, is not the answer
        assert check_math_answer(problem, f"Answer: x = {value}") is not None
        assert check_math_answer(problem, f"Miles and more: x = {value}") is not None


@pytest.mark.parametrize(
    "prompt",
    [
        # a role swapped at one mention: the story names two people, or the bill is another's (W15, W16)
        "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the son?",
        "Lena is 4 times as old as her nephew. Lena is 30 years older than her niece. How old is the nephew?",
        "Lena is 4 times as old as her nephew. Lena is 30 years older than his nephew. How old is the nephew?",
        "A plumber charges a $3 call-out fee plus $2 per hour. The ride was $19. How many hours did he work?",
        "A taxi charges a $3 base fare plus $2 per mile. The repair cost $19. Let m be the number of miles. "
        "Set up an equation and solve for m.",
        "Marco ha 4 volte l'età di sua figlia e ha 15 anni più di lui. Quanti anni ha la figlia?",
        "Juan tiene 4 veces la edad de su hijo y tiene 15 años más que ella. ¿Cuántos años tiene su hijo?",
        "João tem 4 vezes a idade da filha e tem 15 anos a mais que ele. Quantos anos tem a filha?",
        "Мать в 3 раза старше дочери. Вместе им 48 лет. Сколько лет сыну?",
        "父の年齢は息子の年齢の4倍で、二人の年齢の合計は50歳です。娘は何歳ですか？",
        # the given side asked, a letter changed at one mention, a mark or a leading zero at a number
        "A rectangle has a perimeter of 40 cm and a width of 7 cm. What is its width?",
        "A taxi charges a $3 base fare plus $2 per mile. The ride cost $19. Let m be the number of miles. "
        "Set up an equation and solve for M.",
        "A plumber charges a $3 call-out fee plus $2 \" per hour. The bill was $19. How many hours did he work?",
        "Lena is 4 times as old as her nephew. Lena is 30 ' years older than her nephew. How old is the nephew?",
        "João tem 4 vezes a idade da filha e tem 07 anos a mais que ela. Quantos anos tem a filha?",
        # no positive answer; a word the story does not have
        "A cab charges a $19 flat fee plus $2 per mile. My trip cost $3. How many miles did I travel?",
        "A cab charges a $3 flat fee plus $2 per mile. My trip cost $19 with tip. How many miles did I travel?",
    ],
)
def test_the_oracle_does_not_read_a_story_of_two_roles_or_another_condition(prompt: str) -> None:
    assert understand_text(prompt) is None, prompt
    assert oracle_verdict(prompt, "Answer: x = 8") is not None


def test_the_role_swap_edit_changes_one_mention_or_every_mention() -> None:
    base = "Ravi is 3 times as old as his daughter. Together their ages add up to 48. How old is the daughter?"
    rng = random.Random(11)
    one = every = 0
    for _ in range(200):
        edited = edit_text(base, "role_swap", rng)
        assert edited is not None and edited != base
        problem = understand_text(edited)
        changed = sum(a != b for a, b in zip(base.split(), edited.split()))
        assert changed >= 1 and len(edited.split()) == len(base.split())
        if "daughter" in edited and edited.count("daughter") == 1:
            one += 1
            assert problem is None, edited  # two relatives: the oracle reads no story
        elif "daughter" not in edited:
            every += 1
            assert isinstance(problem, MathProblem) and problem.label.startswith("The "), edited
            assert problem.solution["x"] == 12  # another relative asked: the same equation, its own label
    assert one >= 20 and every >= 20
    assert "role_swap" in applicable(base) and "role_swap" not in applicable("What is 12 * 12?")
    json_request = 'Return JSON with keys id, customer and total: id 1001, customer "ACME Corp", total 250.'
    assert "role_swap" not in applicable(json_request) and "owner_swap" not in applicable("What is 12 * 12?")


def test_the_json_oracle_reads_any_request_verb_of_the_template_language() -> None:
    base = 'Produce a JSON object with keys city and country: city "Paris", country "France". Output only the JSON object.'
    for verb in ("print", "Return", "send"):
        problem = understand_text(base.replace("Produce", verb))
        assert isinstance(problem, JsonProblem) and problem.obj == {"city": "Paris", "country": "France"}, verb
    assert understand_text(base.replace("Produce", "Translate")) is None


def test_the_oracle_reads_a_negated_unknown_asked_and_checks_its_value() -> None:
    problem = understand_text("Trouve -x tel que 3x + 5 = 20.")
    assert isinstance(problem, MathProblem) and problem.target == ("-x",) and problem.target_value == -5
    assert check_math_answer(problem, "3x = 15\nx = 5\n-x = -5") is None
    assert check_math_answer(problem, "3x = 15\nx = 5") is not None
    assert check_math_answer(problem, "3x = 15\nx = 5\n-x = 5") is not None


def test_the_proper_noun_edit_swaps_a_name_for_another_kind_or_two_names() -> None:
    """wip/fuzzC (W22): "Ana lives in Porto." -> another kind ("France", "Neither") or the two exchanged."""
    import random

    prompt = 'Extract JSON with keys "name" and "city" from: "Ana lives in Porto."'
    edited = {edit_text(prompt, "proper_noun", random.Random(i)) for i in range(60)}
    assert 'Extract JSON with keys "name" and "city" from: "Porto lives in Ana."' in edited
    assert any(e is not None and ("France" in e or "Neither" in e or "Monday" in e or "She" in e) for e in edited), edited


def test_the_number_format_edit_writes_digit_groups_zeros_and_commas() -> None:
    import random

    edited = {edit_text("Solve 0.5x + 1500 = 4.", "number_format", random.Random(i)) for i in range(80)}
    for expected in ("1,500", "1.500", "1 500", "01500", "1500.0", "0,5x", "0.50x"):
        assert any(e is not None and expected in e for e in edited), (expected, edited)


def test_the_oracle_reads_a_bare_name_only_of_its_own_kind() -> None:
    """A name bound by its place alone is read only from the oracle's own lists (W22): a pronoun, a
    month or a city in a person's place is a prompt the oracle cannot tell."""
    assert understand_text('Return JSON with keys "name" and "age": Alma is 30 years old.').obj == {"name": "Alma", "age": 30}
    for word in ("Who", "May", "Lisbon", "Nobody"):
        assert understand_text(f'Return JSON with keys "name" and "age": {word} is 30 years old.') is None, word
    assert understand_text('Return a JSON object with keys "name" and "city" for: Omar, Luca.') is None
    passage = 'Extract JSON with keys "name" and "city" from: "{}."'
    assert understand_text(passage.format("Ana lives in Porto")).obj == {"name": "Ana", "city": "Porto"}
    assert understand_text(passage.format("Ana lives in France")) is None
    assert understand_text(passage.format("Porto lives in Ana")) is None


def test_the_oracle_reads_english_thousands_and_a_number_as_json_writes_it() -> None:
    assert understand_text("Solve 2x - 1,007 = 9 for x. Show your steps.").solution == {"x": 508}
    assert understand_text("Résous l'équation 1,004x = 2.") is None
    served = 'Extract JSON with keys "product" and "price" from: "The chair costs {} dollars."'
    assert understand_text(served.format("12.0")).obj == {"product": "chair", "price": 12.0}
    assert understand_text(served.format("12.50")).obj == {"product": "chair", "price": "12.50"}  # 12.5 served is wrong
