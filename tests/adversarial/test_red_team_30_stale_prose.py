"""Red team 30 (README-only, black box on 423940a1), class A: a stale number word in a reused step's prose.

A cached derivation whose step prose is outside the closed step vocabulary is stored ``checked``. For a new prompt of
the same equation form ("Solve 2x + 7 = 17 for x." after "Solve 2x + 4 = 14 for x.": both 2x - 10 = 0) the steps'
equations still hold, and the prose written for the old constants was served with them, 0 model calls:
"Step 1: Take away four from both sides: 2x = 10" (English, French and German number words, Roman numerals; every
entry point). The rule that fails unread prose written for another problem (linear/task._fail_unread_prose) asked
only whether the equations' forms changed; now a prompt writing other constants is another problem too
(``_problem_changed``: the constants as written, as a multiset), so such a step fails and the chain is written anew.
The same prompt in another spacing or case still reuses the prose (the constants are the same).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from stepcache_integrations import StepCache
from stepcache_integrations.langchain import with_step_cache
from tests.unit.test_langchain_fakes import scripted

ROWS = json.loads((Path(__file__).parents[1] / "fixtures" / "red_team_30_stale_prose_rows.json").read_text("utf-8"))
ENGINE = [row for row in ROWS if row["entry_point"] == "StepCache.generate"]
FIRST, SECOND = "Solve 2x + 4 = 14 for x.", "Solve 2x + 7 = 17 for x."
PROSE = "Step 1: Take away four from both sides: 2x = 10\nStep 2: Halve both sides: x = 5\nAnswer: x = 5"


def _stale_line(row: dict[str, str]) -> str:
    """The first served line that the red team found stale (its prose names an old constant)."""
    return next(line for line in row["served"].splitlines() if line in row["first_answer"].splitlines()
                and not line.startswith("Answer"))


def test_the_saved_rows_are_the_report_s() -> None:
    assert len(ROWS) == 270 and len(ENGINE) == 265


@pytest.mark.parametrize("row", ENGINE, ids=lambda r: (r["first_answer"].splitlines()[0] + " | " + r["second"])[:90])
def test_a_step_naming_an_old_constant_in_words_is_not_served(row: dict[str, str]) -> None:
    cache = StepCache()
    cache.generate(row["first"], lambda prompt: row["first_answer"])
    result = cache.generate(row["second"], lambda prompt: "Step 1: unused")
    assert result.text != row["served"], (row["second"], result.text)
    assert _stale_line(row) not in result.text.splitlines(), (row["second"], result.text)


@pytest.mark.parametrize("call", ["invoke", "stream"])
def test_the_langchain_wrapper_does_not_serve_the_stale_step(call: str) -> None:
    cache = StepCache()
    with_step_cache(scripted(PROSE), cache).invoke([HumanMessage(FIRST)])
    wrapped = with_step_cache(scripted("x = 5"), cache)
    if call == "invoke":
        text = str(wrapped.invoke([HumanMessage(SECOND)]).content)
    else:
        text = "".join(str(chunk.content) for chunk in wrapped.stream([HumanMessage(SECOND)]))
    assert "four" not in text and text.strip().splitlines()[-1].endswith("x = 5"), text


@pytest.mark.parametrize("second", ["Solve 2x+4=14 for x.", "solve 2x + 4 = 14 for x", "Solve 2x + 4 = 14 for x"])
def test_the_same_constants_in_another_spacing_still_reuse_the_prose(second: str) -> None:
    cache = StepCache()
    cache.generate(FIRST, lambda prompt: PROSE)
    calls: list[str] = []
    result = cache.generate(second, lambda prompt: calls.append(prompt) or "unused")
    assert not calls and result.text == PROSE and result.verification == "checked"


@pytest.mark.parametrize("second", ["Solve 2x - 4 = 6 for x.", "Solve 2x + 10 = 20 for x.", "Solve 2x + 0.5 = 10.5 for x."])
def test_prose_after_other_constants_of_the_same_form_is_not_served(second: str) -> None:
    cache = StepCache()
    cache.generate(FIRST, lambda prompt: PROSE)  # 2x + 4 = 14; each second prompt is 2x - 10 = 0 too
    result = cache.generate(second, lambda prompt: "x = 5")
    assert "four" not in result.text and "Halve" not in result.text, result.text
