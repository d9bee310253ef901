"""Hit-path shortcuts of issue 33 item 5, round 5: each skips only work whose result is already
known, so the shortcut cannot serve what the full check refuses.

* ``prompt._templates_blanked`` runs each blanking pattern only where a character every match of
  it holds stands in the prompt: its result is the unconditional blanking's, always (the reader
  corpus and drawn prompts holding each mark).
* ``task._final_errors`` keeps a pair's final check in the plain context of the same new problem:
  a re-instantiation's own final check and the planner's final check of the rewrite compute
  ``final_value_errors`` once; the errors are the fresh computation's under either context, and a
  wrong answer line is refused whichever context asked first.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.problem_key_tier import TIER
from stepcache_integrations.core.tasks import LinearEquationTask
from stepcache_integrations.core.tasks.linear import prompt as linear_prompt
from stepcache_integrations.core.tasks.linear import task as linear_task
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints, final_value_errors
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt
from stepcache_integrations.core.types import Step

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "linear_reader_corpus.jsonl"
MATH = 'Solve for x step by step: {eq}. Write one step per line as "Step k: ...".'
LINEAR = LinearEquationTask()


def answer(a: int, b: int, c: int) -> str:
    x = (c - b) // a
    return (
        f"Step 1: Start with {a}x + {b} = {c}.\nStep 2: Subtract {b} from both sides: {a}x = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: x = {x}.\nAnswer: x = {x}"
    )


def no_model(prompt: str) -> str:
    raise AssertionError(f"the model must not be called: {prompt!r}")


class Model:
    def __init__(self, reply: str) -> None:
        self.reply, self.calls = reply, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.reply


# -- _templates_blanked: each pattern run only where it can match -----------------------------------
def unconditional(prompt: str) -> str:
    """The blanking before the shortcut: every pattern run over every prompt."""
    p = linear_prompt

    def blank(m: object) -> str:
        return ("\u00a7" if m.re is p._CONTRACTION else " ") + " " * (len(m.group()) - 1)  # type: ignore[attr-defined]

    return p._CONTRACTION.sub(blank, p._PLACEHOLDER.sub(blank, p._TEMPLATE_EQUATION.sub(blank, prompt)))


def corpus_prompts() -> list[str]:
    return [json.loads(line)["prompt"] for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_blanking_is_the_unconditional_blanking_over_the_corpus() -> None:
    prompts = corpus_prompts()
    assert len(prompts) > 1000
    marked = 0
    for prompt in prompts:
        assert linear_prompt._templates_blanked(prompt) == unconditional(prompt), prompt
        marked += unconditional(prompt) != prompt
    assert marked > 50  # the corpus holds templates, placeholders and contractions: compared, not skipped


MARKS = ["x = ?", "x=?", "y = <value>", "<answer>", "x = ...", "Step k: ...", "x = \u2026", "\u2026", "what's",
         "what\u2019s", "l'\u00e9quation", "nell'equazione", "'x'", "?", "<", "...", "\u2019", "'"]


def test_the_blanking_is_the_unconditional_blanking_over_drawn_prompts() -> None:
    """Prompts drawn from pieces holding each mark alone and together (a placeholder, a template, a
    contraction, a bare mark), in any order and spacing."""
    rng = random.Random(5)
    pieces = ["Solve", "for x", "3x + 5 = 20", "2x - y = 1", ".", ",", ":", " ", "\n", "Answer:", "find", "x", *MARKS]
    for _ in range(5000):
        prompt = rng.choice(["", " "]).join(rng.choice(pieces) for _ in range(rng.randint(1, 9)))
        assert linear_prompt._templates_blanked(prompt) == unconditional(prompt), prompt


@pytest.mark.parametrize(
    "prompt, blanked",
    [
        ("Solve 2x + 1 = 5. x = ?", "Solve 2x + 1 = 5.      "),
        ("Solve 2x + 1 = 5 \u2014 what\u2019s x", "Solve 2x + 1 = 5 \u2014 \u00a7      x"),
        ("Solve 2x + 1 = 5, what's x", "Solve 2x + 1 = 5, \u00a7      x"),
        ("Solve 2x + 1 = 5. x = \u2026", "Solve 2x + 1 = 5.      "),
        ("Solve 2x + 1 = 5. Answer: x = <value>", "Solve 2x + 1 = 5. Answer:            "),
    ],
)
def test_each_mark_alone_still_blanks(prompt: str, blanked: str) -> None:
    """A prompt holding one mark only ("?", a curly apostrophe, "\u2026", "<") is blanked as before."""
    assert linear_prompt._templates_blanked(prompt) == blanked == unconditional(prompt)


def test_prompts_with_one_mark_alone_read_as_before() -> None:
    """Read whole, each asks x of 2x + 1 = 5 (the template and the contraction are read in place)."""
    for prompt in ("Solve 2x + 1 = 5. x = ?", "What\u2019s x if 2x + 1 = 5?", "Solve 2x + 1 = 5. Answer: x = <value>"):
        understand_prompt.cache_clear()
        problem = understand_prompt(prompt)
        assert problem is not None, prompt
        assert [eq.text for eq in problem.equations] == ["2x + 1 = 5"] and problem.asked == ("x",)
        assert problem.solution == {"x": 2}


# -- _final_errors: a pair's final check kept in the plain context --------------------------------
def constraints(eq: str) -> LinearConstraints:
    return LINEAR.constraints(MATH.format(eq=eq))


def drawn_answers(rng: random.Random) -> list[tuple[list[Step], bool]]:
    """Answers of 7x + 11 = 81 (x = 10), each with whether its answer line is wrong: right, a wrong
    value, a missing line, a fraction not reduced, prose after it, another unknown's line."""
    right = answer(7, 11, 81).split("\n")
    out = []
    for _ in range(40):
        lines = list(right)
        kind = rng.randrange(6)
        if kind == 1:
            lines[-1] = f"Answer: x = {rng.choice([9, 11, -10, 0])}"
        elif kind == 2:
            lines = lines[:-1]
        elif kind == 3:
            lines[-1] = "Answer: x = 20/2"
        elif kind == 4:
            lines.append("So x is about 10.")
        elif kind == 5:
            lines[-1] = "Answer: y = 10"
        steps = [Step(text=line + ("\n" if i < len(lines) - 1 else "")) for i, line in enumerate(lines)]
        out.append((steps, kind == 3 or (kind == 1 and not lines[-1].endswith("= 10"))))
    return out


def fresh_contexts(new: LinearConstraints, cached: LinearConstraints) -> tuple[object, object]:
    """A pair's context and its plain one, built anew (empty memos)."""
    linear_task._CONTEXTS.clear()
    pair = linear_task.problem_context(new, cached)
    plain = linear_task.problem_context(new, None)
    assert pair.plain is plain and not pair.stale_vars and pair.stale_numbers  # type: ignore[attr-defined]
    return pair, plain


def test_the_shared_final_check_is_the_fresh_one_under_either_context() -> None:
    """Whichever context asks first, the errors are ``final_value_errors`` computed fresh under the
    asking context; a wrong answer line is refused under both."""
    rng = random.Random(11)
    new, cached = constraints("7x + 11 = 81"), constraints("7x + 11 = 60")
    refused = 0
    for steps, wrong in drawn_answers(rng):
        for first in (0, 1):
            contexts = fresh_contexts(new, cached)
            order = contexts if first == 0 else contexts[::-1]
            for ctx in order:
                assert linear_task._final_errors(steps, ctx) == final_value_errors(steps, ctx)  # type: ignore[arg-type]
            assert final_value_errors(steps, contexts[0]) == final_value_errors(steps, contexts[1])  # type: ignore[arg-type]
        refused += bool(final_value_errors(steps, contexts[1]))  # type: ignore[arg-type]
        if wrong:
            assert linear_task._final_errors(steps, contexts[0])  # type: ignore[arg-type]
            assert LINEAR.check_answer(steps, new)
    assert refused > 10


def test_a_wrong_answer_line_after_a_right_one_is_refused() -> None:
    """Under the same contexts (memos filled by a right answer), an answer differing only in its
    answer line is checked on its own: refused under the pair's context, the plain one and by the
    final check."""
    new, cached = constraints("7x + 11 = 81"), constraints("7x + 11 = 60")
    pair, plain = fresh_contexts(new, cached)
    lines = answer(7, 11, 81).split("\n")
    right = [Step(text=line + "\n") for line in lines[:-1]] + [Step(text=lines[-1])]
    assert not linear_task._final_errors(right, pair) and not linear_task._final_errors(right, plain)  # type: ignore[arg-type]
    assert not LINEAR.check_answer(right, new)
    for last in ("Answer: x = 11", "Answer: x = 20/2", "Answer: x = -10"):
        wrong = [*right[:-1], Step(text=last)]
        assert linear_task._final_errors(wrong, pair) and linear_task._final_errors(wrong, plain)  # type: ignore[arg-type]
        assert LINEAR.check_answer(wrong, new)


def test_a_rewrites_final_check_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A re-instantiation served by the tier: the rewrite's final check (in ``_rewritten``) and the
    planner's final check of it (``check_answer``) compute ``final_value_errors`` once for its texts."""
    cache = StepCache()
    assert cache.store_answer(MATH.format(eq="7x + 11 = 60"), answer(7, 11, 60))
    calls: list[tuple[str, ...]] = []
    real = linear_task.final_value_errors

    def counted(steps: list[Step], ctx: object) -> list[str]:
        calls.append(tuple(step.text for step in steps))
        return real(steps, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(linear_task, "final_value_errors", counted)
    result = cache.generate(MATH.format(eq="7x + 11 = 95"), no_model)
    assert result.outcome == "reinstantiate" and result.tier == TIER and result.verification == "proven"
    assert result.text.endswith("Answer: x = 12") and "Subtract 11 from both sides: 7x = 84" in result.text
    assert cache.flush() == 1  # the derived entry, held for the tier (core.pending), written now
    served = tuple(step.text for step in cache.store.get(result.stored_entry_id).steps)  # type: ignore[union-attr]
    assert "".join(served) == result.text
    rewritten = [texts for texts in calls if "".join(texts) == result.text]
    assert len(rewritten) == 1, calls


def test_a_tampered_entry_is_not_served_by_the_tier(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stored entry's last line tampered (a wrong value): the rephrased problem is not served from
    it, and a new constant's rewrite of it is not served either; the model answers, rightly."""
    # the rewrite itself (the engine's own derivation, written when a rewrite fails since wip/linK, off)
    monkeypatch.setattr("stepcache_integrations.core.tasks.linear.task._same_kind", lambda *a: False)
    cache = StepCache()
    entry_id = cache.store_answer(MATH.format(eq="6x + 13 = 55"), answer(6, 13, 55))
    assert entry_id is not None
    entry = cache.store.get(entry_id)
    assert entry is not None
    entry.steps = [*entry.steps[:-1], Step(text="Answer: x = 8")]
    model = Model(answer(6, 13, 55))
    result = cache.generate(MATH.format(eq="6x + 13 = 55").replace("Solve", "Please solve"), model)
    assert model.calls == 1 and "x = 8" not in result.text and result.text.endswith("Answer: x = 7")
    model = Model(answer(6, 13, 67))
    result = cache.generate(MATH.format(eq="6x + 13 = 67"), model)
    assert result.text.endswith("Answer: x = 9") and "x = 8" not in result.text
    assert model.calls == 1 or result.matched_entry_id != entry_id
