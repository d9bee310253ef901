"""Words that may relate what stands beside them, read only in whole phrases (blind red team, round 11).

The words around a prompt's equations are read in closed vocabularies, but a few of them relate
the quantities on their sides: "12 per y" is 12/y, "one per x" is 1/x, "x to y" a ratio, "x of y",
"x by y", "x from y". Read as free instruction words, in any order, they let "2x = 12 per y" be
read as 2x = 12 and "What is one per x?" as asking for x. So, by construction, each such word is
read only inside the phrases below, and a prompt holding one anywhere else is not read:

=======  ==========================================================================================
per      "step(s) per line", "line(s) per step", "one per line"
one      "one step per line", "one line per step", "steps, one per line" (a number anywhere else)
by       "step by step"
of       "value(s) of", "system(s) of"
in       "in <equation>", "in the/this/these equation(s)/system/following"
on       "on its own line", "on a separate/new line", "on separate lines", "on each line"
as       "as Step ..." (the answer template "as "Step k: ..."")
with     "end/finish/conclude with" the answer ("the final answer", "a line 'Answer: x = ...'")
to       "to" before an asking or writing verb ("to solve", "to find", "to show")
from     nowhere
what     asking for an unknown or an equation ("What is x?", "What's the value of x in 2x = 6?")
which    the same ("Which value of x ...")
=======  ==========================================================================================

A question or an ending made of vocabulary words may still ask for something else ("What's the
system of equations?", "End with the system of equations.": blind red team, round 12), so "what",
"which" and "end with" are read only when what they ask for is an unknown or the answer.

Words are compared in lower case; clause punctuation (. , ; : ? ! and line breaks) is a token of
its own, so it ends a phrase; quotes, brackets and hyphens are transparent.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["CLAUSE_MARKS", "EQUATION_TOKEN", "RELATING_WORDS", "prose_tokens", "unread_relation"]

_EQ = "\x00"  # an equation's token (no word or mark is this)
#: The token an equation stands as in :func:`prose_tokens`.
EQUATION_TOKEN = _EQ
#: The tokens that end a clause (the start of the text counts as one too).
CLAUSE_MARKS = frozenset(".,;:?!\n")
_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|[.,;:?!\n]")
_LINES = {"line", "lines"}
_VERBS_AFTER_TO = {
    "solve", "find", "determine", "compute", "calculate", "get", "obtain", "show", "write", "give", "explain",
    "work", "answer", "state", "put", "use", "finish", "end", "conclude",
}
# "step(s) per line", "line(s) per step", "(steps,) one per line"
_PER = {("step", "line"), ("steps", "line"), ("line", "step"), ("lines", "step"), ("one", "line")}
_Rule = Callable[[str, list[str]], bool]  # (the word before, the words after) -> read
_ENDING = {"end", "ends", "ending", "finish", "finishes", "finishing", "conclude", "concludes", "concluding"}
_ANSWER_WORDS = {"answer", "answers", "result", "solution", "value", "values"}
_BEFORE_ANSWER = {"the", "a", "an", "your", "final", "single", "separate", "line", "clear", "short"}
_BEFORE_UNKNOWN = {"is", "are", "s", "the", "value", "values", "of"}  # "what's" is "what", "s"


def _first_beyond(words: list[str], skipped: set[str]) -> str:
    return next((word for word in words if word not in skipped), "")


def _asks_unknown(after: list[str]) -> bool:
    """The first word after the skipped ones is an equation or a one-letter name (an unknown)."""
    first = _first_beyond(after, _BEFORE_UNKNOWN)
    return first == _EQ or (len(first) == 1 and first.isalpha())

_PHRASES: dict[str, _Rule] = {
    "per": lambda before, after: (before, after[0]) in _PER,
    "one": lambda before, after: (after[0], after[1], after[2]) in {("step", "per", "line"), ("line", "per", "step")}
    or (before in {",", "steps"} and (after[0], after[1]) == ("per", "line")),
    "by": lambda before, after: before == "step" and after[0] == "step",
    "of": lambda before, after: before in {"value", "values", "system", "systems"},
    "in": lambda before, after: after[0] == _EQ
    or (after[0] in {"the", "this", "these"} and after[1] in {"equation", "equations", "system", "following"}),
    "on": lambda before, after: after[0] in {"its", "a", "separate", "each"} and bool(_LINES & set(after[:4])),
    "as": lambda before, after: after[0] == "step",
    "with": lambda before, after: before in _ENDING and _first_beyond(after, _BEFORE_ANSWER) in _ANSWER_WORDS,
    "to": lambda before, after: after[0] in _VERBS_AFTER_TO,
    "from": lambda before, after: False,
}
#: The words read only in the phrases above.
RELATING_WORDS = frozenset(_PHRASES)
# Question words: read only where they ask for an unknown (not relating words, but the same check).
_QUESTIONS: dict[str, _Rule] = {"what": lambda before, after: _asks_unknown(after), "which": lambda before, after: _asks_unknown(after)}
_RULES = {**_PHRASES, **_QUESTIONS}


def unread_relation(text: str, runs: list[tuple[int, int]]) -> str | None:
    """Why a relating word of ``text`` stands outside its phrases ("12 per y", "x to y"), or None.

    ``text`` holds the words (the equations may be blanked out), ``runs`` the (start, end) of each
    equation in it."""
    tokens = prose_tokens(text, runs)
    for i, token in enumerate(tokens):
        rule = _RULES.get(token)
        if rule is None:
            continue
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1 : i + 9] + [""] * 8
        if not rule(before, after):
            return f"'{token}' outside the phrases it is read in ({' '.join(tokens[max(0, i - 1) : i + 3])!r})"
    return None


def prose_tokens(text: str, runs: list[tuple[int, int]]) -> list[str]:
    """Words (lower case), clause marks and equations in reading order (a run's words are its own)."""
    found = [(start, _EQ) for start, _ in runs]
    for match in _TOKEN.finditer(text):
        if not any(start <= match.start() < end for start, end in runs):
            found.append((match.start(), match.group().lower()))
    return [token for _, token in sorted(found, key=lambda item: item[0])]
