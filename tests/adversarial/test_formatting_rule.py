"""Property tests of the text task's formatting-only rule (``prompt_diff.formatting_digest``).

A cached free-text answer is reused only across a formatting-only prompt change, so the rule
must never call a meaning-carrying change "formatting": the case of a letter inside a
sentence or inside quotes, whitespace inside quotes, punctuation inside a line.
"""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.prompt_diff import formatting_digest

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)
WORDS = st.lists(WORD, min_size=2, max_size=8)
QUOTED = st.text(alphabet="abcXYZ 019", min_size=1, max_size=10).filter(lambda t: t.strip() == t and t)


def sentence(words: list[str], quoted: str | None = None) -> str:
    inner = " ".join(words[1:])
    body = f"{words[0].capitalize()} {inner}"
    return f"{body} '{quoted}' today?" if quoted is not None else f"{body}?"


@given(WORDS, st.integers(min_value=1), st.data())
def test_a_case_change_inside_a_sentence_is_never_formatting(words: list[str], which: int, data: st.DataObject) -> None:
    index = 1 + which % (len(words) - 1)  # not the sentence's first word
    word = words[index]
    position = data.draw(st.integers(min_value=0, max_value=len(word) - 1))
    flipped = word[:position] + word[position].swapcase() + word[position + 1 :]
    changed = words[:index] + [flipped] + words[index + 1 :]
    assert formatting_digest(sentence(words)) != formatting_digest(sentence(changed))


@given(WORDS, QUOTED, st.integers(min_value=0))
def test_any_change_inside_quotes_is_never_formatting(words: list[str], quoted: str, where: int) -> None:
    position = where % len(quoted)
    char = quoted[position]
    for replacement in (char.swapcase(), char + " ", ""):
        changed = quoted[:position] + replacement + quoted[position + 1 :]
        assume(changed != quoted and changed.strip() == changed and changed)
        assert formatting_digest(sentence(words, quoted)) != formatting_digest(sentence(words, changed))


@given(WORDS, st.sampled_from([",", ";", ":", "-", "(", "!"]), st.integers(min_value=0))
def test_punctuation_added_inside_a_line_is_never_formatting(words: list[str], mark: str, where: int) -> None:
    index = where % (len(words) - 1)  # a word followed by another: the mark is inside the line
    changed = words[:index] + [words[index] + mark] + words[index + 1 :]
    assert formatting_digest(sentence(words)) != formatting_digest(sentence(changed))


@given(WORDS, QUOTED, st.lists(st.sampled_from([" ", "  ", "\t", " \n"]), min_size=1, max_size=8), st.booleans())
def test_whitespace_outside_quotes_and_closing_punctuation_are_formatting(
    words: list[str], quoted: str, gaps: list[str], lower_first: bool
) -> None:
    original = sentence(words, quoted)
    spaced = words[0].capitalize()
    for i, word in enumerate(words[1:]):
        spaced += gaps[i % len(gaps)].replace("\n", "") + word
    reformatted = f"  **{spaced}**  \"{quoted}\" today  "
    if lower_first:
        reformatted = reformatted.replace(words[0].capitalize(), words[0].capitalize()[0].lower() + words[0].capitalize()[1:], 1)
    assert formatting_digest(original) == formatting_digest(reformatted)
