"""Mutation-check rows for wip/linAH (2026-12-07): 'Solve ... for x!' (an exclamation after the unknown solved for,
at the prompt's end), a persona's audience by grade ('for 8th graders'), the answer on the (very) last line, the
answer in lowest terms (the fraction form, read, keyed and enforced). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_AH = ("tests/adversarial/test_linear_reach_linAH.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAH-exclaimed-prompt-unread", "'Solve 3x + 5 = 20 for x!' no claim again (the '!' a factorial)",
     f"{_LIN}/prompt.py", '    marked = prompt[: exclaimed.start("marks")] if exclaimed else prompt', "    marked = prompt", _AH),
    ("linAH-exclaimed-reader-unread", "'Solve 3x + 5 = 20 for x!' no claim again (the reader reads no '!' after one letter)",
     f"{_LIN}/reader.py", "    return _EMPHASIS.search(text, 0, pos) is not None or _exclaimed_unknown(text, pos)",
     "    return _EMPHASIS.search(text, 0, pos) is not None", _AH),
    # linAH-exclaimed-any-word (the prompt's '(?:for|para|pour|nach)' widened to any word) retired as equivalent: the
    # reader's _EXCLAIMED_UNKNOWN reads the '!' only after the same words, so either guard alone declines '... before x!'
    ("linAH-audience-unread", "'You are a patient algebra tutor for 8th graders.' no claim again",
     f"{_LIN}/vocabulary/en.json", '   "8th graders",\n', "", _AH),
    ("linAH-last-line-unread", "'Write the answer on the last line.' no claim again",
     f"{_LIN}/request.lark", "%extend format: (WRITE | GIVE ME?) ART? ANSWER LAST_LINE -> answer_last\n              | ",
     "%extend format: ", _AH),
    ("linAH-very-last-unread", "'on the very last line' no claim again",
     f"{_LIN}/vocabulary/en.json", '   "on the very last line",\n', "", _AH),
    ("linAH-lowest-terms-unenforced", "'Give the answer in lowest terms' read as no format (a cached 'x = 2.5' served; the key the same)",
     f"{_LIN}/request.lark", "              | (GIVE ME? | WRITE)? ART? ANSWER LOWEST_TERMS -> as_fraction",
     "              | (GIVE ME? | WRITE)? ART? ANSWER LOWEST_TERMS -> answer_last", _AH),
    ("linAH-lowest-terms-any-target", "'Give 2x in lowest terms' read (an expression asked in lowest terms)",
     f"{_LIN}/request.lark", "              | (GIVE ME? | WRITE) vars LOWEST_TERMS -> as_fraction",
     "              | (GIVE ME? | WRITE) targets LOWEST_TERMS -> as_fraction", _AH),
]
# fmt: on
ROWS += [
    ("linAH-persona-shapes-unread", "'You are a patient, encouraging math tutor.' no claim again",
     f"{_LIN}/request.lark", "%extend persona: YOU_ARE ART? ROLE_ADJ (COMMA | AND) ROLE_ADJ+ ROLE_NOUN (FOR ART? (AUDIENCE | ROLE))?\n               | ",
     "%extend persona: ", _AH),
]
ROWS += [
    ("linAH-need-to-unread", "'2(x + 4) = 30 , need to find x pls' no claim again",
     f"{_LIN}/vocabulary/en.json", '   "i need to",\n   "need to",\n', '   "i need to",\n', _AH),
]
