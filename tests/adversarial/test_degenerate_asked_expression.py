"""W18 (red team round 13): an asked expression that is a constant or one bare unknown.

"If 7x + 1 = 57, what is x - x?" was read as asking x (the expression is 0 for every x, so the
target parser named no expression, and the reader then read "x", a dash as a pause, and "x"): the
cache served "x = 8" verified, with or without a cached entry (on an empty cache the model's right
"0" was replaced). A dash between two terms ("x \u2013 y", "x -- x") was read the same way. Now a
dash between a term and an unknown's name is a minus, never a pause: the target parser reads the whole
expression or nothing (a constant or one bare unknown names no expression), so the prompt is no claim.
"""

from __future__ import annotations

import itertools

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.prompt import understand_prompt

# one frame per language that reads an asked expression (the control below proves each reads "2x")
FRAMES = {
    "en": "If {eq}, what is {e}?",
    "en-solve": "Solve {eq} for {e}.",
    "en-only": "Solve {eq}. Only report {e}.",
    "es": "Si {eq}, \u00bfcu\u00e1nto vale {e}?",
    "fr": "Si {eq}, que vaut {e} ?",
    "de": "Wenn {eq}, was ist {e}?",
    "it": "Se {eq}, quanto vale {e}?",
    "ru": "\u0415\u0441\u043b\u0438 {eq}, \u0447\u0435\u043c\u0443 \u0440\u0430\u0432\u043d\u043e {e}?",
    "zh": "{eq}\uff0c{e} \u662f\u591a\u5c11\uff1f",
    "ja": "{eq} \u306e\u3068\u304d\u3001{e} \u306e\u5024\u3092\u6c42\u3081\u3066",
}
EQUATIONS = {"x": "7x + 1 = 57", "n": "7n + 1 = 57", "k": "3k - 4 = 11"}
DASHES = (" - ", " -- ", " \u2013 ", " \u2014 ")
# expressions that are a constant or one bare unknown, for an unknown v
DEGENERATE = ("{v}{d}{v}", "({v}{d}{v})", "2{v} - {v}", "{v} + 0", "{v} - {v} + 1 - 1", "3{v} - 3{v}")
FORMATS = ("", " Just the number.", " Put the final answer in \\boxed{{}}.", " Answer in one line.")


def _degenerate_prompts() -> list[str]:
    out = []
    for (lang, frame), (v, eq), form, dash in itertools.product(FRAMES.items(), EQUATIONS.items(), DEGENERATE, DASHES):
        if "{d}" not in form and dash != " - ":
            continue
        out.append(frame.format(eq=eq, e=form.format(v=v, d=dash)))
    return out


@pytest.mark.parametrize("lang", sorted(FRAMES))
def test_each_frame_reads_its_unknown_and_a_real_asked_expression(lang: str) -> None:
    """The control: each frame is read (so a decline below is the expression's, not the frame's)."""
    for v, eq in EQUATIONS.items():
        plain = understand_prompt(FRAMES[lang].format(eq=eq, e=v))
        assert plain is not None and plain.asked == (v,) and not plain.target, (lang, v)
    if lang != "en-solve":  # "Solve ... for 2x." is not read; "for x - x" was (as "for x, x")
        problem = understand_prompt(FRAMES[lang].format(eq="7x + 1 = 57", e="2x"))
        assert problem is not None and problem.target == "2*x" and problem.solution == {"x": 8}, lang


def test_no_degenerate_expression_is_read_in_any_frame_or_format() -> None:
    prompts = _degenerate_prompts()
    assert len(prompts) >= 200
    read = []
    for prompt, form in itertools.product(prompts, FORMATS):
        problem = understand_prompt(prompt + form.format())
        if problem is not None:
            read.append((prompt + form.format(), problem.asked, problem.target))
    assert not read, read[:5]


def test_a_dash_between_two_unknowns_is_a_minus_never_a_pause() -> None:
    system = "x + y = 5 and x - y = 3"
    for dash in DASHES[1:]:
        for asked in (f"x{dash}y", f"y{dash}x", f"y{dash}y"):
            assert understand_prompt(f"If {system}, what is {asked}?") is None, (dash, asked)
    # the ASCII minus between two unknowns is an expression, read as one
    problem = understand_prompt(f"If {system}, what is x - y?")
    assert problem is not None and problem.target == "x - y"


def test_real_expressions_and_dashes_as_pauses_are_still_read() -> None:
    minus_x = understand_prompt("If 7x + 1 = 57, what is x - x - x?")
    assert minus_x is not None and minus_x.target == "-x"
    for prompt in ("Solve 2x + 5 = 11 - show steps", "Exercise 3 - solve 2x + 5 = 11",
                   "Solve 2x + 5 = 11 for x -- quickly please"):
        problem = understand_prompt(prompt)
        assert problem is not None and problem.asked == ("x",) and not problem.target, prompt


class _Model:
    """Answers every prompt "0" (right for x - x) and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return "0"


@pytest.mark.parametrize("second", [
    "If 7x + 1 = 57, what is x - x? Just the number.",
    "If 7x + 1 = 57, what is x \u2013 x?",
    "Si 7x + 1 = 57, \u00bfcu\u00e1nto vale x - x?",
    "7x + 1 = 57\uff0cx - x \u662f\u591a\u5c11\uff1f",
])
def test_the_cache_neither_serves_nor_rewrites_a_degenerate_question(second: str) -> None:
    cache = StepCache()
    cached = cache.generate("If 7x + 1 = 57, what is 2x? Just the number.", lambda p: "16")
    assert cached.text == "16"
    model = _Model()
    result = cache.generate(second, model)
    assert model.calls == 1 and result.text == "0" and not result.verified
    # on an empty cache too: the model's answer is never replaced by a fallback's value of x
    empty = StepCache()
    model = _Model()
    first = empty.generate(second, model)
    assert model.calls == 1 and first.text == "0" and not first.verified
