"""Property tests of the safe set (``prompt_diff.canonical_digest``): the only prompt differences
under which a cached free-text answer is served.

Proven harmless in every context: the Unicode normalization form, the line-ending style and
whitespace around the whole prompt. Any other edit -- a letter's case anywhere, any punctuation
mark, whitespace inside the prompt (code indentation, quoted data), a look-alike character --
must change the digest.
"""

from __future__ import annotations

import unicodedata

from hypothesis import assume, given
from hypothesis import strategies as st

from stepcache_integrations.core.tasks.prompt_diff import canonical_digest

TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), min_size=1, max_size=60
).filter(lambda t: t.strip() == t and t)
PRINTABLE = st.characters(blacklist_categories=("Cs",))


def _canon(text: str) -> str:  # the test's own statement of the safe set
    return unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n")).strip()


@given(TEXT, st.integers(min_value=0), PRINTABLE)
def test_any_inner_character_edit_is_content(text: str, where: int, char: str) -> None:
    position = where % len(text)
    for changed in (
        text[:position] + char + text[position:],  # insert
        text[:position] + text[position + 1 :],  # delete
        text[:position] + char + text[position + 1 :],  # replace
        text[:position] + text[position].swapcase() + text[position + 1 :],  # a letter's case
    ):
        assume(_canon(changed) != _canon(text))
        assert canonical_digest(changed) != canonical_digest(text)


@given(TEXT, st.integers(min_value=0), st.sampled_from([" ", "  ", "\t", "\n", "    ", ",", ".", "?", "!", "'"]))
def test_whitespace_and_punctuation_inside_are_content(text: str, where: int, mark: str) -> None:
    position = 1 + where % len(text) if len(text) > 1 else 1
    assume(position < len(text))
    changed = text[:position] + mark + text[position:]
    assert canonical_digest(changed) != canonical_digest(text)


@given(TEXT, st.sampled_from(["", " ", "\n", "\t ", "  \r\n"]), st.sampled_from(["", " ", "\n", " \t\n"]))
def test_the_safe_set_keeps_the_digest(text: str, before: str, after: str) -> None:
    assume(_canon(text) == text)
    crlf = text.replace("\n", "\r\n")
    nfd = unicodedata.normalize("NFD", text)
    for same in (before + text + after, crlf, before + nfd + after):
        assert canonical_digest(same) == canonical_digest(text)


def test_named_classes_are_content() -> None:
    pairs = [
        ("Translate to French: Turkey", "Translate to French: turkey"),
        ("Sort these lines in ASCII order:\nbanana\nApple", "Sort these lines in ASCII order:\nbanana\napple"),
        ("Classify as question or statement: It is raining?", "Classify as question or statement: It is raining."),
        ("What does this print?\nfor i in range(3):\n    print(i)", "What does this print?\nfor i in range(3):\nprint(i)"),
        ("What does this print?\n# print(1)\nprint(2)", "What does this print?\nprint(1)\nprint(2)"),
        ("Is it waterproof?", "is it waterproof"),
        ("Replace a with \u0430 in 'banana'", "Replace a with a in 'banana'"),
    ]
    for old, new in pairs:
        assert canonical_digest(old) != canonical_digest(new), (old, new)
