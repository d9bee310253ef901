"""Property tests of the formatting rule: the safe set is empty. Two prompts are the same request
(``fingerprint.same_prompt``, the only evidence free text has) exactly when they are identical;
every edit -- the Unicode normalization form, line endings, whitespace around the whole prompt,
a letter's case, any punctuation mark, inner whitespace, a look-alike character -- is content.

And end to end: a free-text entry is served only for its identical prompt; any edit reaches
the model.
"""

from __future__ import annotations

import unicodedata

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.fingerprint import fingerprint, same_prompt

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60)
PRINTABLE = st.characters(blacklist_categories=("Cs",))


def same(old: str, new: str) -> bool:
    return same_prompt(fingerprint(old), fingerprint(new))


@given(TEXT)
def test_an_identical_prompt_is_the_same_request(text: str) -> None:
    assert same(text, text)


@given(TEXT, st.integers(min_value=0), PRINTABLE)
def test_any_character_edit_is_content(text: str, where: int, char: str) -> None:
    position = where % len(text)
    for changed in (
        text[:position] + char + text[position:],  # insert
        text[:position] + text[position + 1 :],  # delete
        text[:position] + char + text[position + 1 :],  # replace
        text[:position] + text[position].swapcase() + text[position + 1 :],  # a letter's case
    ):
        assume(changed != text)
        assert not same(text, changed)


@given(TEXT, st.sampled_from(["", " ", "\n", "\t ", "  \r\n"]), st.sampled_from(["", " ", "\n", " \t\n"]))
def test_what_was_once_the_safe_set_is_content(text: str, before: str, after: str) -> None:
    for changed in (
        before + text + after,
        text.replace("\n", "\r\n"),
        unicodedata.normalize("NFD", text),
        unicodedata.normalize("NFC", text),
    ):
        if changed != text:
            assert not same(text, changed)


def test_named_classes_are_content() -> None:
    pairs = [
        ("Translate to French: Turkey", "Translate to French: turkey"),
        ("Sort these lines in ASCII order:\nbanana\nApple", "Sort these lines in ASCII order:\nbanana\napple"),
        ("Classify as question or statement: It is raining?", "Classify as question or statement: It is raining."),
        ("What does this print?\nfor i in range(3):\n    print(i)", "What does this print?\nfor i in range(3):\nprint(i)"),
        ("print(1)\nDoes this raise an IndentationError?", "    print(1)\nDoes this raise an IndentationError?"),
        ("How many code points are in 'caf\u00e9'?", "How many code points are in 'cafe\u0301'?"),
        ("line one\nDoes the text above use CRLF?", "line one\r\nDoes the text above use CRLF?"),
        ("Count the characters of this message.", "Count the characters of this message.   "),
        ("Is it waterproof?", "is it waterproof"),
        ("Replace a with \u0430 in 'banana'", "Replace a with a in 'banana'"),
    ]
    for old, new in pairs:
        assert not same(old, new), (old, new)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["Who wrote Hamlet?", "print(1)\nDoes this raise an IndentationError?", "Name a colour."]),
    st.sampled_from(["leading", "trailing", "crlf", "nfd", "case"]),
)
def test_an_edited_free_text_prompt_reaches_the_model(prompt: str, edit: str) -> None:
    """End to end, with a model that echoes its prompt: an edited prompt is never served the
    answer of the original (the judge is the echo, not the engine's code)."""
    edited = {
        "leading": "    " + prompt,
        "trailing": prompt + "  ",
        "crlf": prompt.replace("?", "?\r\n") if "?" in prompt else prompt + "\r\n",
        "nfd": prompt.replace("o", "o\u0301"),
        "case": prompt.swapcase(),
    }[edit]
    cache = StepCache()
    echo = lambda p: f"You asked: {p!r}"  # noqa: E731
    cache.generate(prompt, echo)
    again = cache.generate(prompt, lambda p: (_ for _ in ()).throw(AssertionError("identical prompt: no call")))
    assert again.text == echo(prompt)
    answered = cache.generate(edited, echo)
    assert answered.text == echo(edited), (prompt, edited, answered.outcome)


def test_an_identical_repeat_is_found_among_many_variants_of_one_vector() -> None:
    """Variants that differ only in what retrieval folds share one vector; more of them than
    ``top_k`` must not hide the identical prompt's entry (the repeat is served, no model call)."""
    prompt = "Name a colour."
    cache = StepCache(top_k=2)
    echo = lambda p: f"You asked: {p!r}"  # noqa: E731
    variants = [prompt, " " + prompt, prompt + " ", prompt + "\n", "\t" + prompt, "  " + prompt + "\r\n", prompt + "  "]
    for variant in variants:
        cache.generate(variant, echo)
    for variant in reversed(variants):
        again = cache.generate(variant, lambda p: (_ for _ in ()).throw(AssertionError(f"model called for {p!r}")))
        assert again.outcome == "reuse" and again.text == echo(variant)
