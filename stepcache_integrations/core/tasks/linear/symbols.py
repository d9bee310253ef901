"""Everyday math symbols a fresh writer types, written in the ASCII the math reader reads (wip/linAF,
README-only red teams 27/27b over-declines). Each rewrite is bounded to one declared shape; every
other use of these characters stays as written, and the math reader still declines it:

- the full-width operators + - * / = ("3x＋5＝20") and, in a prompt holding no ASCII digit, the
  full-width digits (an IME's "３x＋５＝２０"): their NFKC form, those characters only (no full-width
  letter, bracket or mark of a CJK sentence is touched). A full-width digit beside ASCII digits
  ("2x = 1０", "Solve for x: 3x + 5 = ５") is a mixed-script number: kept, so no claim
  (tests/unit/test_linear_alphabet.py: a digit of another script is never fused into a number);
- a multiplication sign or dot with a space on each side between a number and one letter or a
  bracket ("3 × y", "3 · y", "2 × (x + 1)"): "*", same length. Between two numbers ("3 × 4", "1·5":
  a British decimal point?), after a letter ("x × 3"), before a word or written without its spaces
  ("3·x", "3×x": tests/unit/test_linear_alphabet.py holds them unclaimed) it stays, so no claim;
  between two lone letters, spaced on both sides or on neither ("x × y", "x·y", wip/linAG), it is "*";
- a vulgar fraction right before one letter or a bracket ("½x", "⅓(x + 3)"), or one space before
  one letter an operator or "=" follows ("½ x + 5 = 20", wip/linAG): that coefficient, exact, in
  brackets ("(1/2)x"). After a digit ("1½x": a mixed number?) or a point, before a digit or a word,
  before a spaced bracket or a spaced letter no operator follows ("½ a cup") it stays;
- subscript digits right after one letter ("x₁", "a₂"): the indexed name "x_1" (prompt.py asks the
  same evidence as for "x1": a sibling of the same letter, or the request naming it);
- an en dash between two terms, a space on each side ("3x – 5 = 20", "x – y = 2"; unspaced, "3–5" may be a
  range: kept, wip/linAG): the minus sign U+2212. Before a number
  alone anywhere in a run; before a term with a letter only when an "=" follows it in the same
  run, through math alone ("= 20 – x?" may be a pause, then "x?" asks x: kept, so no claim). Never
  before or after a word ("= 20 – y dame x": Spanish "and" before a word).
"""

from __future__ import annotations

import re

__all__ = ["symbols_plain", "subscripted_names"]

_FULL_WIDTH_OPERATORS = str.maketrans({"\uff0b": "+", "\uff0d": "-", "\uff0a": "*", "\uff0f": "/", "\uff1d": "="})
_FULL_WIDTH_DIGITS = str.maketrans({chr(0xFF10 + d): str(d) for d in range(10)})
_FULL_WIDTH_CHARS = frozenset("\uff0b\uff0d\uff0a\uff0f\uff1d" + "".join(chr(0xFF10 + d) for d in range(10)))
_ASCII_DIGIT = re.compile("[0-9]")
# a number (no digit, point or letter before it), a sign, one letter (nothing of a name after it) or a bracket
_TIMES = re.compile(r"(?<![\w.])(?P<n>[0-9]+(?:\.[0-9]+)?) [\u00d7\u00b7] (?=[A-Za-z](?![\w.])|\()")
# wip/linAG: between two lone letters, spaced on both sides or on neither ("x × y", "x·y": no decimal point stands
# between letters): "*"
_TIMES_NAMES = re.compile(r"(?<![^\W\d_])(?P<a>[A-Za-z])(?P<s> ?)[\u00d7\u00b7](?P=s)(?=[A-Za-z](?![\w.]))")
_VULGAR = {"\u00bd": "1/2", "\u2153": "1/3", "\u2154": "2/3", "\u00bc": "1/4", "\u00be": "3/4", "\u2155": "1/5",
           "\u2159": "1/6", "\u215b": "1/8"}
# spaced ("½ x"), only before one letter an operator or "=" follows: "½ a cup" stays as written
_FRACTION = re.compile("(?<![\\w.])([" + "".join(_VULGAR) + "])"
                       "(?:(?=[A-Za-z](?![\\w.])|\\()| (?=[A-Za-z](?![\\w.]) ?[-+*/=\u2212]))")
_SUBSCRIPT_DIGITS = str.maketrans({chr(0x2080 + d): str(d) for d in range(10)})
_SUBSCRIPTED = re.compile("(?<![^\\W\\d_])([A-Za-z])([\u2080-\u2089]+)(?![\\w\u2080-\u208f])")
# an en dash between two terms, one space each side: a digit, a lone letter or ")" before it; a number alone, or a term
# (a coefficient, a consonant letter alone or a bracket) and then an "=" of the same run after it
_DASH_OPERAND_BEFORE = re.compile(r"(?:[0-9]|(?<![^\W\d_])[A-Za-z]|\)) $")
_DASH_MATH = r"(?:[0-9_+\-*/^(). \u2212\u2013]|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))*"  # math alone: one-letter names, no word
_DASH_EQUALS_BEFORE = re.compile(rf"={_DASH_MATH}\Z")
_DASH_EQUALS_AFTER = re.compile(rf"{_DASH_MATH}=")
# a term with a letter after the dash, then punctuation or the end ("x?"); before a word it is the pause it was ("\u2013 y
# dame x": Spanish "and")
_DASH_LETTER_AFTER = re.compile(r" (?:[0-9]+(?:\.[0-9]+)?)?[A-Za-z](?![A-Za-z])(?=[ \t]*(?:$|[^\w\s]))")
_DASH_NUMBER_AFTER = re.compile(r" [0-9]+(?:\.[0-9]+)?(?![\w(*/^\u00b7\u00d7]|\.[0-9])")
_DASH_TERM_AFTER = re.compile(
    r" (?:[0-9]+(?:\.[0-9]+)?)?(?:[A-Za-z](?![A-Za-z.])|\()(?:[0-9.]+|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[_+\-*/^() \u2212])*=")


def symbols_plain(prompt: str) -> str:
    """``prompt`` with the symbols above written as the math reader reads them (the prompt itself when it holds none)."""
    if prompt.isascii():
        return prompt
    if not _FULL_WIDTH_CHARS.isdisjoint(prompt):
        prompt = prompt.translate(_FULL_WIDTH_OPERATORS)
        if not _ASCII_DIGIT.search(prompt):
            prompt = prompt.translate(_FULL_WIDTH_DIGITS)
    if "\u00d7" in prompt or "\u00b7" in prompt:
        prompt = _TIMES.sub(lambda m: m.group("n") + " * ", prompt)
        prompt = _TIMES_NAMES.sub(lambda m: m.group("a") + m.group("s") + "*" + m.group("s"), prompt)
    prompt = _FRACTION.sub(lambda m: f"({_VULGAR[m.group(1)]})", prompt)
    prompt = _SUBSCRIPTED.sub(lambda m: f"{m.group(1)}_{m.group(2).translate(_SUBSCRIPT_DIGITS)}", prompt)
    if "\u2013" in prompt or "\u2014" in prompt:
        prompt = _dashes_as_minus(prompt)
    return prompt


def subscripted_names(prompt: str) -> frozenset[str]:
    """The names ``symbols_plain`` writes for subscripted letters ("x\u2081" -> "x_1")."""
    if prompt.isascii():
        return frozenset()
    return frozenset(f"{m.group(1)}_{m.group(2).translate(_SUBSCRIPT_DIGITS)}" for m in _SUBSCRIPTED.finditer(prompt))


def _dashes_as_minus(prompt: str) -> str:
    """``prompt`` with each en dash between two terms (the module's rule) written as U+2212; a dash with an "=" on
    each side through math alone ("x + y = 10 \u2013 x \u2013 y = 4", "x = 2 \u2013 y = 3") is a minus in one chain
    or a pause between two equations (red team 29b: read as both, a system was proven that the chain does not
    state), and an en or em dash after "=" before a term with a letter ("3x + 5 = 20 \u2013 x?": a pause, then "x?"
    asks x, or 20 - x; red team 29c served x = 5): written as U+FFFD, a character no rule reads, so no claim."""
    out = list(prompt)
    for i, char in enumerate(prompt):
        if char not in "\u2013\u2014" or not _DASH_OPERAND_BEFORE.search(prompt, max(0, i - 2), i):
            continue
        equals_before = _DASH_EQUALS_BEFORE.search(prompt, 0, i) is not None
        if equals_before and (_DASH_EQUALS_AFTER.match(prompt, i + 1) or _DASH_LETTER_AFTER.match(prompt, i + 1)):
            out[i] = "\ufffd"  # "= 10 \u2013 x \u2013 y = 4", "= 20 \u2013 x?" (a pause, then "x?" asks x; or 20 - x): two readings
        elif char == "\u2013" and (_DASH_NUMBER_AFTER.match(prompt, i + 1) or _DASH_TERM_AFTER.match(prompt, i + 1)):
            out[i] = "\u2212"
    return "".join(out)
