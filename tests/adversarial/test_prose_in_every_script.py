"""Prose in any script is read, or it is prose no checker read (blind set 21, i1377's class).

The linear checker read prose words as runs of ASCII letters, so a word in Chinese, Japanese or
Cyrillic was invisible: re-instantiating '小红比小刚大 3 岁，两人年龄和是 27 岁。小红几岁？' for
'...小刚几岁？' kept the cached label line with the new value, '小红: x = 12' (小红 is 15), beside
the new '小刚: x = 12', and served the answer proven with no model call. Now a word of any script's
letters is a prose word: the new prompt's own label is read (full-width colon too, '答え：'), any other
is unread prose, and a stale line fails, so the engine writes the new problem's answer itself.
"""

from __future__ import annotations

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.linear.chain import unread_prose

from .harness import NeverRightModel, served_linear


@pytest.mark.parametrize("text, word", [
    ("小红: x = 12", "小红"),
    ("Маша: x = 12", "Маша"),
    ("x = 12 (小红)", "小红"),
    ("所以 x = 12", "所以"),
    ("Réponse : x = 12", "Réponse"),
    ("Tom: x = 12", "Tom"),
    ("Step 2: Divide both sides by 2: x = 13.", None),
    ("x_1 = 3", None),
])
def test_a_word_of_any_script_is_a_prose_word(text: str, word: str | None) -> None:
    assert unread_prose(text, frozenset({"x", "x_1"})) == word


# (first, second, the second's asked label, its value, the first's label, which must not be written)
OTHER_PERSON = [
    ("小红比小刚大 3 岁，两人年龄和是 27 岁。小红几岁？", "小红比小刚大 3 岁，两人年龄和是 27 岁。小刚几岁？", "小刚", 12, "小红"),
    ("小明比小华大 5 岁，两人年龄和是 31 岁。小明几岁？", "小明比小华大 5 岁，两人年龄和是 31 岁。小华几岁？", "小华", 13, "小明"),
    ("小明比小华大 5 岁，两人年龄和是 31 岁。小华几岁？", "小明比小华大 5 岁，两人年龄和是 31 岁。小明几岁？", "小明", 18, "小华"),
]


@pytest.mark.parametrize("first, second, label, value, stale", OTHER_PERSON)
def test_the_other_person_asked_gets_no_stale_label(first: str, second: str, label: str, value: int, stale: str) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    result = cache.generate(second, model)
    lines = result.text.strip().splitlines()
    assert lines[-1] == f"{label}: x = {value}", result.text
    assert stale not in result.text, result.text  # the cached label line is gone, whatever its value


def test_a_cached_prose_line_in_another_script_is_not_served_for_another_problem() -> None:
    """A model's Chinese sentence about the old problem ('所以小红的年龄是…') is unread prose: it fails
    when the problem changed, and is never served as proven for the new one."""
    from .harness import FixedReplyModel

    cache = StepCache()
    first = "小红比小刚大 3 岁，两人年龄和是 27 岁。小红几岁？"
    cache.generate(first, FixedReplyModel("x + (x - 3) = 27\n2x = 30\nx = 15\n所以小红是 x = 15"))
    result = cache.generate("小红比小刚大 3 岁，两人年龄和是 27 岁。小刚几岁？", NeverRightModel())
    assert "所以小红" not in result.text or result.verification != "proven", result.text


def test_a_full_width_colon_template_label_is_the_prompt_s_own() -> None:
    text = served_linear("3x + 2 = 17 を解いて、「答え：x = …」の形で答えてください。",
                         "3x + 2 = 23 を解いて、「答え：x = …」の形で答えてください。")
    assert text.strip().splitlines()[-1] == "答え：x = 7", text
