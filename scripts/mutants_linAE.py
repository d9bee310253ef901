"""Mutation-check rows for wip/linAE (2026-12-06): a coefficient written apart from its unknown inside an equation
run ("Solve 3 x + 5 = 20"), a clause right after the equations with no mark ("x=2y and x+y=36 find x and y",
"pls solve 5y+2=3y+20 show steps"), a question after a colon that follows the equations ("a + b = 31, a - b = 9:
quanto valgono a e b?")and German conditions with the verb at the end. Appended by ``mutants.py`` to its table: (id, behaviour, file, old,
new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_AE = ("tests/adversarial/test_linear_everyday_linAE.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAE-spaced-join-gone", "'Solve 3 x + 5 = 20 for x.' no claim again (the spaced coefficient not joined)",
     f"{_LIN}/prompt.py", "_spelled_as_symbols(_spaced_coefficients_joined(_few_shot_blanked(", "_spelled_as_symbols((_few_shot_blanked(", _AE),
    ("linAE-spaced-after-spelled", "'Solve 3 x plus 4 equals 20' read as 3x + 4 = 20 (the join run after spelled equations are written in symbols)",
     f"{_LIN}/prompt.py", "_spelled_as_symbols(_spaced_coefficients_joined(_few_shot_blanked(", "_spaced_coefficients_joined(_spelled_as_symbols(_few_shot_blanked(", _AE),
    ("linAE-spaced-chain-joined", "'Solve 2y = 16 x = 3' read as a chain through 16x, '3x+1=16 x=?' no claim (two statements with no mark between?)",
     f"{_LIN}/prompt.py", '.rstrip().endswith("="):\n', '.rstrip().endswith("=") and False:\n', _AE),
    ("linAE-spaced-any-letter", "'Solve 3 y + 5 = 20' (y: Spanish 'and') and 'Solve 3 a + 5 = 20' read as products",
     f"{_LIN}/prompt.py", r"(?P<v>[b-df-hj-np-tv-xz])", r"(?P<v>[a-z])", _AE),
    ("linAE-spaced-sign-glued", "'Solve 3 x -4 = 20' read as 3x - 4 (a product sign and a negative number?)",
     f"{_LIN}/prompt.py", r"(?=\s?=|\s[-+]\s|[-+=])", r"(?=\s?[-+=])", _AE),
    ("linAE-spaced-any-follower", "'Solve 3x + 5 = 20 x' read as 20x (a letter at a run's end joined)",
     f"{_LIN}/prompt.py", r"(?=\s?=|\s[-+]\s|[-+=])", r"(?=\s?=|\s[-+]\s|[-+=]|$)", _AE),
    ("linAE-unmarked-act-gone", "'x=2y and x+y=36 find x and y' no claim again", f"{_LIN}/request.lark",
     "%extend request: eqs unmarked_act politely?\n", "\n", _AE),
    ("linAE-colon-question-gone", "'a + b = 31, a - b = 9: quanto valgono a e b?' no claim again", f"{_LIN}/request.lark",
     "%extend request: eqs COLON question\n", "\n", _AE),
    ("linAE-unmarked-steps-unread", "'pls solve 5y+2=3y+20 show steps' served without the steps format",
     f"{_LIN}/request.lark", "unmarked_steps: SHOW ART? POSS? STEPNOUN -> steps", "unmarked_steps: SHOW ART? POSS? STEPNOUN", _AE),
]
# fmt: on
ROWS += [
    ("linAE-de-verb-final-gone", "'Wenn 6x + 6 = 42 ist, wie groß ist dann 3x?' no claim again (the condition's verb at its end)",
     f"{_LIN}/request.lark", "%extend request: IF eqs EQUALS LINK acts politely?\n", "\n", _AE),
    ("linAE-de-dann-gone", "'Wenn 6x + 6 = 42, wie groß ist dann 3x?' no claim again ('dann' after the question's verb)",
     f"{_LIN}/request.lark", "%extend question: WHAT_IS LINK targets\n", "\n", _AE),
]
