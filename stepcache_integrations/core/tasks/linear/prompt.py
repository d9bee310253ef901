"""Which prompts the linear-equation task understands.

The task claims a prompt only when it can account for all of it: the equations (linear, a
unique solution, read by the math reader), and every other word derived by the request grammar
(``request.lark`` over one language's vocabulary table, ``reader.py``): what is asked and the
format it is asked in. A prompt with no equation written is read only as a word problem of a
declared shape, its equation derived from the facts the grammar reads (``word_problems.py``).
Anything else (a word problem of another shape or with one more condition, "what is 3y", "25% of
x", sqrt, inequalities, code, a negation) means the prompt asks something this task does not
model, so it falls to the conservative text task, and the deterministic fallback is never used for it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ..algebra import (
    MAX_EQUATIONS,
    Equation,
    LinearForm,
    NotLinear,
    find_equations,
    format_number,
    math_runs,
    outside_alphabet,
    parse_linear,
    solve_system,
)
from ..base import short_text_cache
from .answer_form import PLACEHOLDER, is_json_form
from ..request_language import fold
from .reader import LinearRequest, read_request
from .symbols import subscripted_names, symbols_plain
from .targets import target_value
from .word_problems import understand_word_problem

__all__ = ["COMMA_DECIMAL", "LinearProblem", "understand_prompt", "MAX_PROMPT_CHARS"]

MAX_PROMPT_CHARS = 20000

# "Answer: x = <value>" and "x = ?" are answer templates, not equations: blanked before the math
# reader runs, read in place by the request reader. Only a bare unknown may stand before "="
# ("-x = <value>" asks for -x) and only a placeholder that names no form ("<decimal>",
# "<fraction>", "<value in cm>" ask for one: not this task's prompt).
_PLACEHOLDER_TEXT = PLACEHOLDER  # "<value>", "<valor>", ... (answer_form.py)
_TEMPLATE_EQUATION = re.compile(
    r"(?<![A-Za-z0-9_+\-*/^.\u2212])([A-Za-z](?:_?[0-9]+)?)\s*=\s*(?:"
    + _PLACEHOLDER_TEXT
    + r"|\.\.\.|\u2026|\?)"
    # not a placeholder spelling a form: "?.??", "<value>.<value>", "?:?", "?,??", "? ?" (round 12d);
    # a condition may follow ("x = ? if 3x + 1 = 16")
    # wip/linP: or a closing quote right after it, then a mark and a space ("... a final line 'z = ...': 9 - 2z = 1")
    + r"(?:(?=\s+(?:if|when|given)\s)|(?=['\"\u2019\u201d\u00bb][.,:;]?(?:\s|$))|(?!\s*[.,:;'\u2019]*\s*[?<\w]))",
    re.IGNORECASE,
)
# A bare "..." is a placeholder only as a word of its own ("Step k: ..."), never inside an
# equation ("x\u2026/2" is not "x/2").
_PLACEHOLDER = re.compile(
    _PLACEHOLDER_TEXT + r"|(?<![\w)+\-*/=^.])(?:\.\.\.|\u2026)(?![\w(+\-*/=^])", re.IGNORECASE
)
_PLACEHOLDER_MARKS = ("<", "?", "...", "\u2026")  # one stands in every match of the two patterns above
_TEMPLATE_HINT = re.compile(r"=\s*(?:<|\.\.\.|\u2026|\?)")  # in every match of _TEMPLATE_EQUATION (wip/hitF)


def _led(pattern: re.Pattern[str], first: str) -> re.Pattern[str]:
    """``pattern`` led by a lookahead for the characters each of its matches starts with (``first``,
    a character class's inside, read under the pattern's own flags): the same matches, but the regex
    engine skips to those characters instead of trying every position (a pattern that opens with a
    lookbehind gets no such skip). wip/hitF: each use is checked against the pattern itself by
    tests/unit/test_hit_path_hitF.py."""
    return re.compile(f"(?=[{first}])(?:{pattern.pattern})", pattern.flags)


_PLACEHOLDER_LED = _led(_PLACEHOLDER, "<.\u2026")  # "<value>", "...", "\u2026"
_LEADING_ZERO = re.compile(r"(?<![\d.])0\d")
_DOUBLED_OPERATOR = re.compile(r"[+\-*/^]\s*[+\-*/^]")  # "5y ++ 3", "x - -3": not read
_UNUSUAL_SPACE = re.compile(r"[^\S \t\n\r]")
# a superscript two or three right after a letter, nothing of a name or number after it (wip/linAB:
# ``_powers_spelled``; a letter inside a word, "cm\u00b2", "xy\u00b2", gives "cm^2", "xy^2", which the request
# reader declines as it declines them typed so). wip/linAC: never after "m" or "s", the unit symbols written
# squared or cubed ("m\u00b2", "m\u00b3", "m/s\u00b2"): a square metre or an unknown's power? Not read, even where
# m is an unknown ("Halla el valor de m\u00b2 en 5m - 2 = 13", a trap of test_linear_reach_linE.py)
_POWER = re.compile("((?![ms])[A-Za-z])([\u00b2\u00b3])(?![\\w\u00b9\u2070-\u209f^])")
_POWERS = {"\u00b2": "2", "\u00b3": "3"}
# "一" and "二" are words of the Chinese and Japanese tables ("一步一步", "一行で", "二元一次方程组"): the
# request reader reads them only inside such a word, and no equation run ends or starts beside one
# ("= 1一", "= 1 一"), so they are never read as a number. "什" (a numeral only in old or formal
# writing) likewise, inside "什么" ("的解是什么").
_WORD_NUMERAL = re.compile(r"[\u4e00\u4e8c\u4ec0]")
# What may stand right before an equation and right after it: a point before a digit is a
# decimal point (".5x" is not "5x"), a letter or digit would join the run.
_RUN_BEFORE = frozenset(" \t\n(\"':\uff1a\uff08\u300c\u201c\u00ab\uff0c\u3001\uff1b\u3002?\uff1f\uff01")
_RUN_AFTER = frozenset(" \t\n)\"'.,;:?!\u3002\uff0c\u3001\uff1f\uff01\uff1b\uff1a\uff09\u300d\u201d\u00bb")
# The end of a contraction ("what's", "I'm", "l'équation") is no math: blanked for the math reader.
_CONTRACTION = re.compile(r"[^\W\d_]+['\u2019][^\W\d_]+")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")  # kana and CJK ideographs
_LONE_LETTER = re.compile(r"(?<=[\d\w)]) [A-Za-z] (?=[\d\w(+\-])")
_TRAILING_DASH = re.compile(r" --? $")  # a run's last mark, a dash alone before prose
_TRAILING_BRACKET = re.compile(r" \($")  # a run's last mark, a bracket opening prose ("= 50 (answer in ...)")
_DASH_BEFORE_WORD = re.compile(r" (--?) (?=[^\W\d_])")
_TRAILING_LETTER = re.compile(r"(?<=[\d\w)]) [A-Za-z] $")  # a run's last word, a letter alone before prose
# A letter alone right after "for" ("para", "pour", "nach") and before a term with an unknown ("solve
# for x 3x+2=17"): the unknown named, never a factor (x·3x is no linear term); before a number alone
# ("for x 3 + x = 10": x·3?) or after another word ("per y": Italian "times"?) it stays in the run,
# and the run is no claim (wip/linF).
_LEADING_LETTER = re.compile(
    r"(?:(?<=(?<![^\W\d_])for)|(?<=(?<![^\W\d_])para)|(?<=(?<![^\W\d_])pour)|(?<=(?<![^\W\d_])nach))"
    r" [A-Za-z] (?=[0-9.]*[A-Za-z])", re.IGNORECASE)
# Languages whose "1.500" is a decimal; in the others a point before three digits may group thousands.
_POINT_IS_DECIMAL = frozenset({"en", "zh", "ja"})
_DOT_THOUSANDS = re.compile(r"\d\.\d{3}(?!\d)")
_ASSIGNMENT = re.compile(r"[A-Za-z](?:_?[0-9]+)?\s*=\s*-?[0-9./ ]+|-?[0-9./ ]+=\s*[A-Za-z](?:_?[0-9]+)?")
# "6!" and "x!" are factorials, "!=" is "not equal": no equation this task models.
_FACTORIAL_OR_UNEQUAL = re.compile(r"(?:[\d)]|(?<![^\W\d_])[A-Za-z])\s*[!\uff01]|[!\uff01]\s*=")  # "3！" too (wip/linX: "lição!" ends a word)
# wip/linAH: "Solve 3x + 5 = 20 for x!": the unknown named after "for" at the prompt's very end, then only "!": an
# exclamation (the reader reads it as a sentence end only there, and the grammar reads "for x" only as the unknown
# solved for). "5!", "x! = 6", "for x! + 1", "for x!." stay factorials: no claim.
_EXCLAIMED_UNKNOWN = re.compile(r"(?<![^\W\d_])(?:for|para|pour|nach) [A-Za-z](?P<marks> ?!+\s*)\Z", re.IGNORECASE)

# Markup around the problem (issue 33, everyday shapes): inline LaTeX ("$3x + 5 = 20$", "\(...\)",
# "\[...\]", "$$...$$"), code ("`...`", "```...```") and bold ("**...**") delimit text without
# changing it: the paired delimiters are blanked (offsets kept). An unpaired one, or a LaTeX
# command inside ("\frac"), is still there and is no claim; "$5" (a price) pairs with nothing.
_MARKUP = re.compile(
    r"\\\((?P<a>[^\\\n]+?)\\\)"
    r"|\\\[(?P<b>[^\\]+?)\\\]"
    r"|\$\$(?P<c>[^$\\]+?)\$\$"
    r"|(?<![\w$\\])\$(?=\S)(?P<d>[^$\\\n]+?)(?<=\S)\$(?![\w$])"
    r"|(?<!`)(?P<tick>`{1,3})(?P<e>[^`]+?)(?P=tick)(?!`)"
    r"|(?<![\w*])\*\*(?=\S)(?P<f>[^*\n]+?)(?<=\S)\*\*(?![\w*])"
)
_MARKUP_CHARS = frozenset("$`*\\")
# A LaTeX fraction of a term over a positive integer ("\frac{x}{4}", "\dfrac{2x + 1}{3}") is that
# quotient written plainly ("x/4", "(2x + 1)/3"), in parentheses where a term joins it ("\frac{1}{2}x":
# "(1/2)x", never "1/2x"); one after a term ("3\frac{1}{2}": a mixed number?) or before a power, any
# other command, or a fraction over an unknown stays and is no claim.
_LATEX_FRACTION = re.compile(
    r"\\[dt]?frac\{\s*(?P<num>[0-9A-Za-z.]+(?:\s*[+\-]\s*[0-9A-Za-z.]+)*)\s*\}\{\s*(?P<den>[1-9][0-9]*)\s*\}")
# Only math is unwrapped: a body with a word (two letters or more) keeps its markup.
_WORD_IN_MARKUP = re.compile(r"[^\W\d_]{2,}")
# wip/linAI: bold around a label word of a table alone ("**Problem:** 11x - 9 = 90\n**Task:** find x"): read as the
# plain label ("Problem: ..."); bold around any other word ("**Answer:** x = ...") is kept, so no claim
_LABEL_WORDS = frozenset(fold(word) for path in (Path(__file__).parent / "vocabulary").glob("*.json")
                         for word in json.loads(path.read_text(encoding="utf-8"))["classes"].get("LABEL", ()))
# A straight-quoted span of math alone ('"2(3x - 1) = 22"', "'3x + 1 = 16'"): ``_quotes_blanked``.
# wip/hitF: the opening quote is matched first and the character before it looked at after it (the same
# matches as r"""(?<![\w"'])(["'])...""": the pattern then starts with its quotes, and the regex engine
# skips to them instead of trying every position; tests/unit/test_hit_path_hitF.py)
_QUOTED_EQUATION = re.compile(r"""(["'])(?<![\w"']["'])(?=[^\s"'])([0-9A-Za-z_+\-*/^()., =]+?)(?<=[^\s"'])\1(?![\w"'])""")
# A comma grouping thousands ("1,200", "4,500,000"): three digits after each comma, no letter or
# digit around and no comma or point before another digit ("1,200x", "1,2003", "1,200.5", "4,500,00").
# English tables only: in most others "1,500" is one and a half.
_COMMA_THOUSANDS = re.compile(r"(?<![\w.,])[0-9]{1,3}(?:,[0-9]{3})+(?!\w|[,.][0-9])")
_COMMA_GROUPS = frozenset({"en"})
# A decimal comma ("0,5x + 2 = 6", "2,5x = 35", "= 9,5"): one or two digits after the comma, a
# digit before it, no space, letter, digit, comma or point around the number otherwise. Read only
# in the tables whose comma is the decimal mark; "2,5" in an English prompt may list two numbers.
# Public: the answer of a prompt written so keeps its comma by the same rule (task.py).
COMMA_DECIMAL = re.compile(r"(?<![\w.,])[0-9]+,[0-9]{1,2}(?![0-9]|[,.][0-9])")
_COMMA_DECIMAL_LANGUAGES = frozenset({"fr", "de", "it", "ru", "pt", "es"})
# An equation written in words ("3 times x plus 4 equals 19", "two x plus five equals eleven"): a term
# is a number, an unknown, a coefficient times an unknown ("3 times x", "two x", "2x") or an unknown
# divided by a number; terms are only added or subtracted, so no precedence is guessed. Rewritten to
# symbols before anything is read. "is" relates only sides that hold a word of arithmetic ("x plus 3
# is 10", never "x is 3").
_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_NUMBER_WORD = (r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:" + "|".join(_UNITS[1:10]) + r"))?|"
                + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")")
_UNKNOWN_LETTER = "[b-hj-zB-HJ-Z]"  # not "a" or "i": words
_SPELLED_UNKNOWN = rf"(?<![\w']){_UNKNOWN_LETTER}(?![\w'])"
_SPELLED_TERM = (rf"(?:(?:[0-9]+|{_NUMBER_WORD})\s+(?:times|multiplied\s+by)\s+{_SPELLED_UNKNOWN}"
                 rf"|{_SPELLED_UNKNOWN}\s+divided\s+by\s+(?:[0-9]+|{_NUMBER_WORD})(?![\w-])"
                 rf"|{_NUMBER_WORD}\s+{_SPELLED_UNKNOWN}|[0-9]+(?:\.[0-9]+)?[a-zA-Z](?![\w'])"
                 rf"|(?:[0-9]+(?:\.[0-9]+)?|{_NUMBER_WORD})(?![\w-]|\.[0-9])|{_SPELLED_UNKNOWN})")
# A comma may stand before "plus", "minus" or "equals" ("x divided by 2, plus 3, equals 10"): a term
# holds no comma, so it pauses where the precedence already groups ("x plus 4, times 2" is no side).
_SPELLED_SIDE = rf"{_SPELLED_TERM}(?:,?\s+(?:plus|minus)\s+{_SPELLED_TERM})*"
_SPELLED_EQUATION = re.compile(
    rf"(?<![\w-])(?P<left>{_SPELLED_SIDE}),?\s+(?P<rel>equals|is\s+equal\s+to|is)\s+(?P<right>{_SPELLED_SIDE})",
    re.IGNORECASE)
_SPELLED_HINT = re.compile(r"\b(?:plus|minus|times|equals|divided|equal)\b", re.IGNORECASE)
_HAS_UNKNOWN = re.compile(rf"(?<![A-Za-z']){_UNKNOWN_LETTER}(?![\w'])")  # "x", "3x"
_ARITHMETIC_WORD = re.compile(r"\b(?:plus|minus|times|multiplied|divided)\b|[0-9][a-zA-Z]", re.IGNORECASE)
_LIST_CUT = re.compile(r"[,;\n]|\.(?:\s|$)")  # where a listed equation would start or end


# A chat rendered as text (the LangChain adapter's "User: ...\n\nAssistant: ..."): turn labels at line starts.
# a chat's turns; "Q:"/"A:", "Input:"/"Output:" are a few-shot block's ("Q: Solve x + 3 = 5.\nA: x = 2\nQ: ...\nA:")
_TURN = re.compile(r"^(system|user|human|assistant|ai|q|a|input|output)[ \t]*:", re.IGNORECASE | re.MULTILINE)
_USER_ROLES = frozenset({"user", "human", "q", "input"})
_ASSISTANT_ROLES = frozenset({"assistant", "ai", "a", "output"})
_VALUE = r"[A-Za-z](?:_?[0-9]+)? = -?[0-9]+(?:[./][0-9]+)?"
# "x = 2", "Answer: x = 2, y = 1"; the number alone ("A: 3") for a problem asking one unknown (wip/linI)
_STATED_VALUES = re.compile(rf"(?:Answer: )?(?:{_VALUE}(?:, (?:and )?{_VALUE})*|(?P<bare>-?[0-9]+(?:[./][0-9]+)?))\.?")


@dataclass(frozen=True)
class LinearProblem:
    """A prompt the task understands: its equations, unknowns, the asked ones and the solution, the
    format read, and the expression asked instead of the unknowns with its exact value (``targets``)."""

    equations: tuple[Equation, ...]
    variables: tuple[str, ...]
    asked: tuple[str, ...]
    solution: dict[str, Fraction]
    format: tuple[str, ...] = ()
    answer_label: str = ""
    target: str = ""
    target_value: Fraction | None = None
    language: str = ""  # the vocabulary table that read the request: the language the answer is written in
    answer_form: str = ""  # a quoted answer template the last line follows (answer_form.py), "" when none
    decimal_comma: bool = False  # decimals written with a comma ("1,2x"): the answer writes and is read so (task.py)


def _equation_runs(text: str) -> tuple[list[Equation], str, list[tuple[int, int]]] | None:
    """The equations of ``text``, the text with them blanked out and where each run stands; None
    if a run with '=' is not a chain of linear expressions (``x^2 = 4``, ``x = <value>`` left over...)."""
    pieces: list[str] = []
    spans: list[tuple[int, int]] = []
    last, pairs = 0, 0
    for pos, run in _runs_split_at_words(text):
        sides = _run_sides(text, pos, run)
        if sides is None:
            return None
        pairs += len(sides) - 1
        pieces.append(text[last:pos])
        pieces.append(" " * len(run))
        spans.append((pos + len(run) - len(run.lstrip()), pos + len(run.rstrip())))
        last = pos + len(run)
    pieces.append(text[last:])
    marked = _marked(text, spans)
    equations = find_equations(marked, limit=len(text) + 1)
    if len(equations) != pairs:
        return None  # an '=' the equation reader did not read ("2x = 6 'x = 4'", "0.33..."): no claim
    return equations, "".join(pieces), spans


def _marked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` as the equation reader reads it whole (what stands right after a run changes it:
    "3x = 20 '"), each word splitting two runs, or cut off a run's end or start, a ";"."""
    marked = list(text)
    for (_, end), (start, _) in zip(spans, spans[1:]):
        marked[end:start] = [";" if c.isalpha() else c for c in marked[end:start]]
    for start, _ in spans:  # nor a letter alone cut off its start ("for x 3x+2=17")
        if _LEADING_LETTER.match(text, max(start - 3, 0)) is not None and start >= 2:
            marked[start - 2] = ";"
    for _, end in spans:  # a letter alone cut off a run's end ("= 20 y explica") is no factor of it
        if _TRAILING_LETTER.search(text, end - 1, end + 3) and end + 3 <= len(text):
            marked[end + 1] = ";"
        if text[end : end + 2] == " (" and text[end + 2 : end + 3].isalpha():
            marked[end + 1] = ";"  # nor a bracket opening prose ("= 50 (answer in English please)")
        dash = _DASH_BEFORE_WORD.match(text, end)  # nor a dash before a word ("= 21 - just the answer")
        if dash is not None:
            marked[dash.start(1) : dash.end(1)] = ";" * len(dash.group(1))
    return "".join(marked)


def _runs_split_at_words(text: str) -> list[tuple[int, str]]:
    """The math runs of ``text``; a run that is no equation chain but two, split at a one-letter word
    standing alone between them ("x + y = 13 e 2x - y = 11": Portuguese "and"), is two runs, and a
    letter alone ending a run before a word ("= 20 y explica") is no part of it (the word is read by
    the request grammar, as a conjunction or not at all; an unknown of the problem there is no claim)."""
    runs: list[tuple[int, str]] = []
    for pos, run in math_runs(text):
        runs.extend(_split_at_word(text, pos, run) if _run_sides(text, pos, run) is None else [(pos, run)])
    return runs


def _split_at_word(text: str, pos: int, run: str) -> list[tuple[int, str]]:
    cut = _prose_cut(text, pos, run)
    if cut is not None:
        return cut
    trailing = _TRAILING_LETTER.search(run)  # "3x + 5 = 20 y explica los pasos": Spanish "and" before a word
    if trailing is not None and _run_sides(text, pos, run[: trailing.start() + 1]) is not None:
        return [(pos, run[: trailing.start() + 1])]
    for match in _LONE_LETTER.finditer(run):
        left, right = run[: match.start() + 1], run[match.end() - 1 :]
        if "=" in left and "=" in right and _run_sides(text, pos, left) is not None:
            rest = _split_at_word(text, pos + match.end() - 1, right)
            if all(_run_sides(text, at, piece) is not None for at, piece in rest):
                return [(pos, left), *rest]
    return [(pos, run)]


def _prose_cut(text: str, pos: int, run: str) -> list[tuple[int, str]] | None:
    """The run cut where prose meets it: a dash or a bracket before a word ("= 21 - just the answer",
    "= 50 (answer in English please)"), the unknown named right before it ("solve for x 3x+2=17")."""
    before_word = text[pos + len(run) : pos + len(run) + 1].isalpha()
    for mark in (_TRAILING_DASH.search(run), _TRAILING_BRACKET.search(run)):
        if mark is not None and before_word and _run_sides(text, pos, run[: mark.start()]) is not None:
            return [(pos, run[: mark.start()])]
    leading = _LEADING_LETTER.match(text, pos)
    if leading is not None and _run_sides(text, leading.end(), run[leading.end() - pos :]) is not None:
        return [(leading.end(), run[leading.end() - pos :])]
    return None


# wip/hitF: a pure function of its arguments, asked twice of every run a prompt keeps (when its runs
# are cut, then when they are read): the second time answered by the memo (a prompt longer than
# ``SHORT_TEXT`` is read as before, not memoised)
@short_text_cache(2048)
def _run_sides(text: str, pos: int, run: str) -> tuple[str, ...] | None:
    """The sides of one run with '=', or None when the run is not read whole: it must stand apart
    from the words around it and every side must be a linear expression written plainly."""
    start, end = pos + len(run) - len(run.lstrip()), pos + len(run.rstrip())
    if not _run_stands_apart(text, start, end):
        return None
    if _LEADING_ZERO.search(run) or _DOUBLED_OPERATOR.search(run):
        return None  # "05x", "y + 00": not how a number is written, so not read as one
    sides = [side.strip() for side in run.split("=")]
    if any(not side for side in sides):
        return None
    try:
        for side in sides:
            parse_linear(side)
    except (NotLinear, ZeroDivisionError, OverflowError):
        return None
    return tuple(sides)


def _run_stands_apart(text: str, start: int, end: int) -> bool:
    """Only a space, bracket, quote or colon before a run and a space, bracket, quote or sentence
    mark after it (or a Chinese or Japanese character: those scripts write no spaces); a point
    before a digit is a decimal point (".5x" is not "5x")."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    # a comma between a number and a letter lists ("x + y = 9,x - y = 3"): no decimal comma ends in a letter
    listed = before == "," and start >= 2 and text[start - 2].isdigit() and text[start].isalpha()
    if not (before in _RUN_BEFORE or _UNSPACED.match(before) or listed) or not (
        after in _RUN_AFTER or _UNSPACED.match(after)
    ):
        return False
    return not (end + 1 < len(text) and text[end] == "." and text[end + 1].isdigit())


@lru_cache(maxsize=1024)
def understand_prompt(prompt: str) -> LinearProblem | None:
    """Parse a prompt into equations, unknowns and its request; None if any part is unknown.

    The equations are read by the math reader, every other word by the request grammar
    (``request.lark`` over one language's table, ``reader.py``). Cached (task detection and
    constraints both ask); the result is shared, so read it only."""
    subscripted = subscripted_names(prompt)
    prompt = symbols_plain(prompt)  # "3 \u00d7 y", "\u00bdx", "x\u2081", "3x \u2013 5", full-width digits (symbols.py)
    prompt = _equation_labels_blanked(prompt)  # "I: x + 2y = 17\nII: x - y = 2"
    prompt = _spelled_as_symbols(_spaced_coefficients_joined(_few_shot_blanked(_history_blanked(_turn_tags_as_labels(prompt)))))
    powered, raised = _powers_spelled(prompt)
    if not _rule_plain_notation(powered):
        return _word_problem(prompt)
    spelled, prompt = prompt, powered
    prompt = _quotes_blanked(_markup_blanked(_latex_fractions(unicodedata.normalize("NFC", prompt))))
    joined = _thousands_joined(prompt)
    if joined is None:
        return None
    prompt, grouped = joined
    pointed = _decimal_commas_pointed(prompt)
    if pointed is None:
        return None
    prompt, decimals = pointed
    equations, spans = _read_equations(prompt)
    if not equations:  # an '=' only in a quoted answer template: a word problem's (word_problems.py reads no other '=')
        return _template_word_problem(spelled, raised)
    variables = _unknowns(equations)
    request = read_request(prompt, spans, frozenset(variables))
    if not _rule_request_read(request, variables, equations, grouped > 0, subscripted):
        return None
    assert request is not None  # read above
    if decimals and request.language not in _COMMA_DECIMAL_LANGUAGES:
        return None  # "2,5x = 35" in English: two numbers listed? (beside "1,500": no table reads both)
    solved = _solved(request, equations, spans, variables)
    if solved is None:
        return None
    equations, variables, solution = solved
    readable, value = _answer_readable(request, solution)
    if not readable:
        return None
    # Naming an unknown ("for y") asks for it; a request to solve without one, or no request, asks for all.
    named = set(variables) if request.asks_all or not request.named else request.named
    asked = tuple(v for v in variables if v in named)
    return LinearProblem(tuple(equations), tuple(variables), asked, solution, request.format, request.answer_label,
                         request.target, answer_form=request.answer_form, target_value=value,
                         decimal_comma=decimals > 0, language=request.written_in)


def _template_word_problem(prompt: str, raised: frozenset[str]) -> LinearProblem | None:
    """A prompt whose '=' stands only in a quoted answer template: a word problem's, read as written; one with a
    superscript power read (``_powers_spelled``) is no claim, as it was before powers were read (wip/linAB)."""
    return None if raised else understand_word_problem(prompt)


def _word_problem(prompt: str) -> LinearProblem | None:
    """No equation written: a word problem of a declared shape (``word_problems.py``), or no claim."""
    return None if "=" in prompt else understand_word_problem(prompt)


def _solved(
    request: LinearRequest, equations: list[Equation], spans: list[tuple[int, int]], variables: list[str]
) -> tuple[list[Equation], list[str], dict[str, Fraction]] | None:
    """The problem's equations (a yes/no check's candidate is none of them), its unknowns and its
    unique solution; None when it has none."""
    checked = _without_candidate(request.candidate, equations, spans, variables)
    if checked is None:
        return None
    equations, variables = checked
    if len(_restated_once(equations)) != len(variables):
        # more equations than unknowns ("Given 4x + 18 = 38, solve 7x + 23 = 58"): which one the
        # working must derive is not read, and a chain for one checks true against the other (W14)
        return None
    solution = solve_system(tuple(eq.form for eq in equations))
    if solution is None or set(solution) != set(variables):
        return None
    return equations, variables, solution


def _restated_once(equations: list[Equation]) -> set[tuple[LinearForm, LinearForm]]:
    """The equations as written, one per equation restated with the same sides or with its sides
    swapped ("x + y = 5", "y + x = 5" and "5 = x + y" are one; "5x + 1 = 31" and "5x + 17 = 47" are
    two, though both are 5x - 30 = 0: a working for one is not a working for the other)."""
    sides: set[tuple[LinearForm, LinearForm]] = set()
    for eq in equations:
        if (eq.right, eq.left) not in sides:
            sides.add((eq.left, eq.right))
    return sides


def _without_candidate(
    candidate: tuple[str, str, int] | None, equations: list[Equation], spans: list[tuple[int, int]],
    variables: list[str],
) -> tuple[list[Equation], list[str]] | None:
    """The equations without a yes/no check's candidate ("x = 5" in "Does x = 5 solve 3x + 5 = 21?")
    and their unknowns: one unknown, the candidate's; None when that is not so (all of them, and
    ``variables``, when no check is asked)."""
    if candidate is None:
        return equations, variables
    name, _value, start = candidate
    kept = [eq for eq, (begin, _end) in zip(equations, spans) if begin != start]
    if len(kept) != len(equations) - 1 or not kept:
        return None
    variables = _unknowns(kept)
    return (kept, variables) if variables == [name] else None


# wip/linX: a chat transcript written inline with tags instead of labels ("[system] Answer tersely.\n[user]
# solve: ...", "<|user|>\nSolve ...\n<|assistant|>", "<|im_start|>user ...<|im_end|>", "### Instruction: ...\n
# ### Input: ...\n### Response:"): each tag is the turn label the message-list form is read with ("User:",
# ``_TURN``), so the same rules read it (a persona or format-only system turn, the history, the reply turn);
# only these role names, tags of no other shape and a text with no other tag are rewritten.
_TURN_TAG = re.compile(
    r"^[ \t]*\[(?P<b>system|user|human|assistant)\][ \t]*:?[ \t]*"
    r"|<\|(?P<p>system|user|assistant)\|>[ \t]*\n?[ \t]*"
    r"|<\|im_start\|>(?P<c>system|user|assistant)[ \t]*\n?[ \t]*"
    r"|^[ \t]*###[ \t]*(?P<h>system|user|assistant|instruction|input|response)[ \t]*:?[ \t]*\n?[ \t]*"
    r"|^[ \t]*(?P<l>system|user|human|assistant)[ \t]*:[ \t]*\n[ \t]*(?=\S)"  # "User:\n8x - 6 = ...": the label on its own line
    r"|(?P<end><\|(?:im_end|end)\|>)",
    re.IGNORECASE | re.MULTILINE)
_TAG_ROLE = {"instruction": "User", "response": "Assistant", "input": "Input"}


# wip/linAG: a system's equations labelled with Roman numerals, one a line ("I: x + 2y = 17\nII: x - y = 2", the
# German textbook layout): the labels I, II, III, IV in order from I on consecutive lines, each line's rest one
# equation (math alone: no two letters side by side, one "="), two lines or more. Anything else is kept (no claim).
_ROMAN_LABELS = ("I", "II", "III", "IV")
_ROMAN_LABELLED = re.compile(r"[ \t]*(I{1,3}|IV):[ \t]+(?=\S)")
_LABELLED_EQUATION = re.compile(r"(?!.*[A-Za-z]{2})[0-9A-Za-z_ .+\-*/^()\u2212]+=[0-9A-Za-z_ .+\-*/^()\u2212]+[.,;]?[ \t]*")


def _equation_labels_blanked(prompt: str) -> str:
    """``prompt`` with a labelled system's Roman-numeral labels blanked (offsets kept), or as written."""
    if "I:" not in prompt:
        return prompt
    lines = prompt.split("\n")
    labelled = [(i, m) for i, line in enumerate(lines) if (m := _ROMAN_LABELLED.match(line))]
    if len(labelled) < 2 or [i for i, _ in labelled] != list(range(labelled[0][0], labelled[0][0] + len(labelled))):
        return prompt
    if [m.group(1) for _, m in labelled] != list(_ROMAN_LABELS[: len(labelled)]):
        return prompt
    if not all(_LABELLED_EQUATION.fullmatch(lines[i], m.end()) for i, m in labelled):
        return prompt
    for i, m in labelled:
        lines[i] = " " * m.end() + lines[i][m.end() :]
    return "\n".join(lines)


def _turn_tags_as_labels(prompt: str) -> str:
    """``prompt`` with its chat tags written as turn labels at line starts (``_TURN_TAG``)."""
    if ("[" not in prompt and "<|" not in prompt and "###" not in prompt and ":\n" not in prompt.replace(" ", "")
            or not _TURN_TAG.search(prompt)):
        return prompt

    def label(match: re.Match[str]) -> str:
        if match.group("end") is not None:
            return "\n"
        role = next(match.group(k) for k in "bpchl" if match.group(k) is not None).lower()
        start = "" if match.start() == 0 or match.string[match.start() - 1] == "\n" else "\n"
        return f"{start}{_TAG_ROLE.get(role, role.capitalize())}: "

    rewritten = _TURN_TAG.sub(label, prompt)
    return "\n".join(line.rstrip() for line in rewritten.strip().split("\n"))


def _history_blanked(prompt: str) -> str:
    """A chat's earlier exchanges blanked (offsets kept; line breaks stay): "User: <problem>\nAssistant:
    x = 2\nUser: <problem>" is asked the last problem. Only when every earlier user turn is a problem
    read whole with no format asked and every assistant turn states its solution alone ("x = 2"): then no
    earlier turn carries an instruction or an equation into the last one. Anything else is kept, and
    its turn labels are no claim. An assistant's empty last turn ("...\nA:") is the reply to be
    written: blanked with the exchanges."""
    turns = list(_TURN.finditer(prompt))
    reply = turns.pop() if len(turns) > 1 and turns[-1].group(1).lower() in _ASSISTANT_ROLES and not (
        prompt[turns[-1].end() :].strip()) else None
    first = _exchanges_start(prompt, turns)
    if first is None:
        return prompt
    blanked = list(prompt)
    if reply is not None:
        blanked[reply.start() : reply.end()] = " " * (reply.end() - reply.start())
    for i in range(first, len(turns) - 1, 2):
        asked = prompt[turns[i].end() : turns[i + 1].start()]
        answered = prompt[turns[i + 1].end() : turns[i + 2].start()]
        problem = understand_prompt(asked.strip())
        if problem is None or problem.format or not stated_alone_as_served(problem.solution, problem.asked, answered):
            return prompt
        for j in range(turns[i].start(), turns[i + 2].start()):
            blanked[j] = "\n" if prompt[j] == "\n" else " "
    return "".join(blanked)


def stated_alone_as_served(solution: dict[str, Fraction], asked: tuple[str, ...], text: str) -> bool:
    """Whether an assistant turn ``text`` is the asked values alone ("x = 3", "Answer: x = 3, y = 2", an optional full
    stop), exactly its problem's solution and written as the cache writes them. A wrong earlier answer ("x = 6" for
    3x + 5 = 20) may be what the newest turn is about (red team 29, D3); any other layout ("**x = 3**", "$x = 3$",
    "Final answer: x = 3", "2x = 6\nx = 3", "3" alone) shows a form the reply should follow (red teams 30 and 30b, B).
    The one rule of a transcript written into one prompt (``_history_blanked``) and of the adapters' message lists."""
    stated = _STATED_VALUES.fullmatch(text.strip())
    if stated is None or stated.group("bare"):
        return False  # the number alone is a form of its own ("A: 3"): the cache would answer "x = 7" (red team 30, B)
    return written_as_served(solution, asked, stated.group())


def written_as_served(solution: dict[str, Fraction], asked: tuple[str, ...], line: str) -> bool:
    """Whether ``line`` states every asked unknown's value ("x = 3", "x = 2.5", "x = 20/3") exactly as the
    cache writes a plain problem's answer (``format_number``). An earlier answer read away as history
    shows the reply's number form: "x = 3.0", "x = 6/2" or "x = 03" asks for a form the cache does not write,
    so such a history is kept and no claim is made (red team 30, B: the form was dropped, verified)."""
    values = dict(pair.split(" = ") for pair in re.findall(_VALUE, line))
    return bool(values) and set(asked) <= set(values) and all(
        k in solution and v == format_number(solution[k]) for k, v in values.items())


# A few-shot block of arrows (wip/linL): "Example: 2x = 8 -> x = 4\nNow: 3x - 2 = 13 ->". Each earlier
# line is one table's example label (its "few_shot_example" words), a problem read whole with no format
# asked, an arrow and exactly that problem's values ("x = 4"); the last line is the same table's next
# label ("few_shot_next"), a problem and the arrow alone: the reply to be written. Labels, examples and
# the last arrow are blanked (offsets kept), so the last problem is asked alone. A wrong example, a
# format, a bare number, labels of two tables or any other layout: kept, no claim.
_ARROW_LINE = re.compile(r"[ \t]*(?P<label>[^:\n]{1,40}?)[ \t]*:[ \t]*(?P<problem>[^\n]*?)[ \t]*(?P<arrow>->|\u2192)"
                         r"[ \t]*(?P<answer>[^\n]*?)[ \t]*$")
_FEW_SHOT_TABLES = [json.loads(path.read_text(encoding="utf-8"))
                    for path in sorted((Path(__file__).parent / "vocabulary").glob("[!_]*.json"))]
_FEW_SHOT_LABELS = [(frozenset(fold(w) for w in t.get("few_shot_example", ())),
                     frozenset(fold(w) for w in t.get("few_shot_next", ()))) for t in _FEW_SHOT_TABLES]
_EXAMPLE_VALUES = re.compile(rf"{_VALUE}(?:, (?:and )?{_VALUE})*")


def _few_shot_blanked(prompt: str) -> str:
    """``prompt`` with a few-shot block of arrows blanked down to its last problem (above), or as it is."""
    if "->" not in prompt and "\u2192" not in prompt:
        return prompt  # wip/hitF: every line of a block holds an arrow (_ARROW_LINE): without one, no line reads
    lines = [_ARROW_LINE.fullmatch(line) for line in prompt.strip("\n").split("\n")]
    if len(lines) < 2 or any(m is None for m in lines):
        return prompt
    block: list[re.Match[str]] = [m for m in lines if m is not None]
    *examples, last = block
    if last.group("answer") or not _labels_of_one_table(examples, last):
        return prompt
    if not all(_example_holds(m) for m in examples):
        return prompt
    return _blanked_to_last(prompt, examples, last)


def _blanked_to_last(prompt: str, examples: list[re.Match[str]], last: re.Match[str]) -> str:
    """The example lines blanked (line breaks kept), and the last line's label and arrow."""
    lead = len(prompt) - len(prompt.lstrip("\n"))
    start = lead + sum(len(m.string) + 1 for m in examples)
    blanked = [("\n" if c == "\n" else " ") if lead <= i < start else c for i, c in enumerate(prompt)]
    for a, b in ((0, last.start("problem")), (last.start("arrow"), len(last.string))):
        blanked[start + a : start + b] = " " * (b - a)
    return "".join(blanked)


def _labels_of_one_table(examples: list[re.Match[str]], last: re.Match[str]) -> bool:
    """Whether every example label and the next label are one table's few-shot words."""
    return any(
            all(fold(m.group("label")) in example for m in examples) and fold(last.group("label")) in nxt
            for example, nxt in _FEW_SHOT_LABELS)


def _example_holds(m: re.Match[str]) -> bool:
    """Whether an example line is a problem read whole with no format, answered by exactly its own values."""
    problem = understand_prompt(m.group("problem"))
    if problem is None or problem.format or _EXAMPLE_VALUES.fullmatch(m.group("answer")) is None:
        return False
    stated = dict(pair.split(" = ") for pair in re.findall(_VALUE, m.group("answer")))
    if set(stated) != set(problem.asked):
        return False
    # an example whose values are not its problem's own, or written in a form of its own ("x = 4.0": red team 30, B)
    return written_as_served(problem.solution, problem.asked, m.group("answer"))


def _exchanges_start(prompt: str, turns: list[re.Match[str]]) -> int | None:
    """The index of the first earlier exchange's user turn when the turns are an optional system turn,
    user/assistant pairs and a last user turn (nothing before the first); None otherwise."""
    roles = [t.group(1).lower() for t in turns]
    if not _ASSISTANT_ROLES & set(roles) or prompt[: turns[0].start()].strip():
        return None
    first = 1 if roles[0] == "system" else 0
    pairs = roles[first:-1]
    if roles[-1] not in _USER_ROLES or len(pairs) % 2 or not all(
            role in (_USER_ROLES if i % 2 == 0 else _ASSISTANT_ROLES) for i, role in enumerate(pairs)):
        return None
    return first


def _answer_readable(request: LinearRequest, solution: dict[str, Fraction]) -> tuple[bool, Fraction | None]:
    """Whether an answer can state what is asked in the form asked, and the asked expression's
    value (None: no expression asked). Not when the expression has no value ("1/x" at x = 0),
    "as a decimal" cannot be followed (x = 1/3) or "as an integer" (x = 9/2)."""
    value = target_value(request.target, solution) if request.target else None
    if request.target and value is None:
        return False, None
    json_asked = bool(request.answer_form) and is_json_form(request.answer_form)
    if json_asked and "fraction" in request.format:
        return False, None  # a JSON number is no fraction
    values = [*solution.values(), *([value] if value is not None else [])]
    if not _number_forms_followed(request.format, json_asked, values):
        return False, None
    return True, value


def _number_forms_followed(fmt: tuple[str, ...], json_asked: bool, values: list[Fraction]) -> bool:
    """Whether every value can be written in the number form asked (:func:`_answer_readable`)."""
    if ("decimal" in fmt or json_asked) and any(not _terminates(v) for v in values):
        return False  # a JSON number: x = 1/3 cannot be one
    return not ("integer" in fmt and any(v.denominator != 1 for v in values))  # wip/linAG: 9/2 "as an integer": rounding?


def _read_equations(prompt: str) -> tuple[list[Equation], list[tuple[int, int]]]:
    """The prompt's equations and where they stand, or nothing when a run is not read whole (a run
    holding a blanked placeholder, "7 ... - z = 2", is not one equation)."""
    text = _templates_blanked(prompt)
    parsed = _equation_runs(text)
    if parsed is None:
        return [], []
    equations, _rest, spans = parsed
    if not _rule_equations_usable(equations) or any(text[a:b] != prompt[a:b] for a, b in spans):
        return [], []
    return equations, spans


def _rule_request_read(
    request: LinearRequest | None, variables: list[str], equations: list[Equation], grouped: bool = False,
    subscripted: frozenset[str] = frozenset(),
) -> bool:
    """The request grammar derived the prompt, asking only for the equations' unknowns, in a
    language whose comma groups thousands when one did (``grouped``); a prompt of values alone
    ("x = 5, y = 2") asks nothing. A name written with subscript digits (``subscripted``) needs the
    evidence "x2" needs (wip/linAF)."""
    if request is None or not request.named <= set(variables):
        return False
    if not _rule_indexed_names_evident(variables, request.named, subscripted):
        return False
    if grouped and request.language not in _COMMA_GROUPS:
        return False  # "2x = 1,500" in German is one and a half
    if request.language not in _POINT_IS_DECIMAL and any(_DOT_THOUSANDS.search(eq.text) for eq in equations):
        return False  # "2x = 10.000" in German is ten thousand: a number read two ways
    return request.asks or not all(_ASSIGNMENT.fullmatch(eq.text.strip()) for eq in equations)


_INDEXED_NAME = re.compile(r"([^\W\d_]+)[0-9]+")  # letters then digits, no underscore: "x2", "ab12"


def _rule_indexed_names_evident(variables: list[str], named: frozenset[str], subscripted: frozenset[str] = frozenset()) -> bool:
    """An unknown written as letters then digits ("x2") is a name only with evidence: another unknown
    of the same letters ("x1 + x2 = 10") or the request naming it ("for x2"). Alone it may be a power
    typed flat (x2 for x\u00b2), so "x2 = 5" need not answer the question: no claim (fuzz, math seed 5).
    A name written with subscript digits ("x\u2081", read as "x_1": ``subscripted``) likewise (wip/linAF)."""
    stems = [m.group(1) if (m := _INDEXED_NAME.fullmatch(name.replace("_", "") if name in subscripted else name))
             else None for name in variables]
    for name, stem in zip(variables, stems):
        if stem is not None and name not in named and stems.count(stem) < 2:
            return False
    return True


def _rule_plain_notation(prompt: str) -> bool:
    """Bounded, with an '=', no factorial or "!=", ASCII spacing only (a no-break or other
    Unicode space is not read by this grammar) and no digit of another script, '\u00b7', '\u00d7' or '\u00f7'
    anywhere ("2x = 1\u0660" is not "2x = 10", "1\u00b75" may be 1.5)."""
    exclaimed = _EXCLAIMED_UNKNOWN.search(prompt)
    marked = prompt[: exclaimed.start("marks")] if exclaimed else prompt
    if len(prompt) > MAX_PROMPT_CHARS or "=" not in prompt or (
        ("!" in marked or "\uff01" in marked) and _FACTORIAL_OR_UNEQUAL.search(marked)
    ):
        return False
    return not _UNUSUAL_SPACE.search(prompt) and outside_alphabet(_WORD_NUMERAL.sub("", prompt)) is None


def _powers_spelled(prompt: str) -> tuple[str, frozenset[str]]:
    """The prompt with a superscript two or three right after a letter written as a power
    ("x\u00b2" -> "x^2", "2y\u00b3" -> "2y^3"), and the letters so raised (wip/linAB: "quanto vale x\u00b2?",
    "求 x\u00b2 的值"). Any other superscript ("x\u00b9", "x\u00b2\u00b3", "ab\u00b2", "x\u00b2y") stays, and
    :func:`_rule_plain_notation` declines it. A power of a letter no equation holds ("y\u00b2", "20 m\u00b2") is
    declined as "y^2" is (:func:`_rule_request_read`: what is asked names only the equations' unknowns)."""
    if "\u00b2" not in prompt and "\u00b3" not in prompt:
        return prompt, frozenset()
    raised = {m.group(1) for m in _POWER.finditer(prompt)}
    return _POWER.sub(lambda m: f"{m.group(1)}^{_POWERS[m.group(2)]}", prompt), frozenset(raised)


def _markup_blanked(prompt: str) -> str:
    """The prompt with the delimiters of its paired markup blanked to spaces (``_MARKUP``)."""
    if _MARKUP_CHARS.isdisjoint(prompt):
        return prompt

    def blank(match: re.Match[str]) -> str:
        body = next(name for name in "abcdef" if match.group(name) is not None)
        if _WORD_IN_MARKUP.search(match.group(body)) and not (body == "f" and _bold_label(match.group(body))):
            return match.group()  # markup around words may be an asked form ("**Answer:** x = ..."): kept, so no claim
        start, end = match.span(body)
        if match.group("tick") == "```":  # a fenced block's own line breaks are the fence's
            start += match.group(body).startswith("\n")
            end -= match.group(body).endswith("\n") and end > start
        return " " * (start - match.start()) + match.string[start:end] + " " * (match.end() - end)

    return _MARKUP.sub(blank, prompt)


def _bold_label(text: str) -> bool:
    """Whether a bold span holds one label word of a table alone, its colon inside or not ("Problem:", "Task")."""
    word = text[:-1] if text.endswith(":") else text
    return fold(word.strip()) in _LABEL_WORDS


def _quotes_blanked(prompt: str) -> str:
    """The prompt with straight quotes blanked where a pair holds an equation and nothing else
    ('My textbook says "2(3x - 1) = 22".', wip/linN): read as unquoted. A quote after a number is
    otherwise an inch or foot mark, so a pair holding a word or a placeholder ('"x = ?"', '"x =
    <value>"': an answer template) or anything but math is kept, and no claim or read as before."""
    if '"' not in prompt and "'" not in prompt:
        return prompt

    def blank(match: re.Match[str]) -> str:
        inside = match.group(2)
        if "=" not in inside or ".." in inside or _WORD_IN_MARKUP.search(inside):
            return match.group()
        return " " + inside + " "

    return _QUOTED_EQUATION.sub(blank, prompt)


def _latex_fractions(prompt: str) -> str:
    """The prompt with its LaTeX fractions of a term over a number written plainly (``_LATEX_FRACTION``)."""
    if "frac" not in prompt:
        return prompt

    def plain(match: re.Match[str]) -> str:
        num, den = match.group("num"), match.group("den")
        quotient = f"({num})/{den}" if re.search(r"[+\-]", num) else f"{num}/{den}"
        before = match.string[match.start() - 1 : match.start()]
        after = match.string[match.end() : match.end() + 1]
        if re.fullmatch(r"[\w).^\\]", before) or after in ("^", "\\", "_", "!", "."):
            return match.group()  # "3\frac{1}{2}" (a mixed number?), "\frac{x}{4}^2": kept, so no claim
        return f"({quotient})" if re.fullmatch(r"[\w(]", after) else quotient

    return _LATEX_FRACTION.sub(plain, prompt)


def _spelled_as_symbols(prompt: str) -> str:
    """The prompt with its equations written in words rewritten to symbols (``_SPELLED_EQUATION``)."""
    if not prompt.isascii() or not _spelling_words_in(prompt) or _SPELLED_HINT.search(prompt) is None:
        return prompt

    def symbols(match: re.Match[str]) -> str:
        left, right = match.group("left"), match.group("right")
        if match.group("rel").lower() == "is" and not _ARITHMETIC_WORD.search(left):
            return match.group()  # "x is 3": a statement of a value, or the start of a question
        if not _HAS_UNKNOWN.search(left + " " + right):
            return match.group()  # no unknown: not this task's equation
        return f"{_side_symbols(left)} = {_side_symbols(right)}"

    return _SPELLED_EQUATION.sub(symbols, prompt)


def _spelling_words_in(prompt: str) -> bool:
    """Whether one of _SPELLED_HINT's words stands in an ASCII ``prompt``, as a part of a word or
    not (wip/hitF: the pattern's search, case-insensitive at every position, runs only then; an
    ASCII text holds no character IGNORECASE folds to an ASCII letter but the letters themselves)."""
    low = prompt.lower()
    return any(word in low for word in ("plus", "minus", "times", "equal", "divided"))


def _side_symbols(side: str) -> str:
    """One side of a spelled equation in symbols ("two x plus five" -> "2x + 5")."""
    out = []
    for token in re.split(r",?\s+(plus|minus)\s+", side.lower()):
        if token in ("plus", "minus"):
            out.append("+" if token == "plus" else "-")
            continue
        product = re.fullmatch(rf"(?P<n>[0-9]+|{_NUMBER_WORD})\s+(?:(?:times|multiplied\s+by)\s+)?(?P<v>[a-z])", token)
        quotient = re.fullmatch(rf"(?P<v>[a-z])\s+divided\s+by\s+(?P<n>[0-9]+|{_NUMBER_WORD})", token)
        if product is not None:
            out.append(_number_of(product.group("n")) + product.group("v"))
        elif quotient is not None:
            out.append(quotient.group("v") + "/" + _number_of(quotient.group("n")))
        else:
            out.append(_number_of(token))
    return " ".join(out)


def _number_of(word: str) -> str:
    """A spelled number's digits ("twenty-five", "twenty five" -> "25"); digits, "2x" or an unknown as written."""
    parts = re.split(r"[- ]", word)
    if parts[0] in _TENS:
        return str(20 + 10 * _TENS.index(parts[0]) + (_UNITS.index(parts[1]) if len(parts) > 1 else 0))
    return str(_UNITS.index(word)) if word in _UNITS else word


def _thousands_joined(prompt: str) -> tuple[str, int] | None:
    """The prompt with the commas grouping thousands dropped and how many numbers had them; None
    when such a comma may as well list two equations ("x + y = 7,100 - y = 3")."""
    if "," not in prompt:
        return prompt, 0
    found = list(_COMMA_THOUSANDS.finditer(prompt))
    if any(_may_list(prompt, i) for match in found for i in range(*match.span()) if prompt[i] == ","):
        return None
    return _COMMA_THOUSANDS.sub(lambda m: m.group().replace(",", ""), prompt), len(found)


def _may_list(prompt: str, comma: int) -> bool:
    """Whether the comma at ``comma`` may as well list two equations (an '=' on each side of it)."""
    return "=" in _LIST_CUT.split(prompt[:comma])[-1] and "=" in _LIST_CUT.split(prompt[comma + 1 :])[0]


def _decimal_commas_pointed(prompt: str) -> tuple[str, int] | None:
    """The prompt with each decimal comma written as a point (offsets kept) and how many there
    were; None when such a comma may as well list two equations ("x + y = 9,5 - y = 3")."""
    if "," not in prompt:
        return prompt, 0
    found = list(COMMA_DECIMAL.finditer(prompt))
    if any(_may_list(prompt, match.start() + match.group().index(",")) for match in found):
        return None
    return COMMA_DECIMAL.sub(lambda m: m.group().replace(",", "."), prompt), len(found)


# wip/linAE: a coefficient written apart from its unknown ("Solve 3 x + 5 = 20", a README-only red team's
# over-decline). Inside an equation run only: a number no letter, digit, point, comma, ")", "/", "*" or "^"
# stands right before, one space, then one letter (never a vowel or "y": one-letter words of the tables,
# "20 y x - y = 6" is Spanish "and") right before "=", "+" or "-" (" - 4", "-4", never " -4": "3 x -4" may
# be a product sign and a negative number): that letter times the number. A letter before a digit or a
# bracket ("3 x 4 = 12": a multiplication sign), at a run's end ("= 20 x") or before a power stays apart; so
# does a number after "/" ("x/2 x"); what stands apart is declined by the math reader (a product across a
# space: "2 3x", "Exercise 3x" is a label and an equation to the request grammar, no sentence of it).
_SPACED_COEFFICIENT = re.compile(
    r"(?<![\w.,)/*^])(?P<n>[0-9]+(?:\.[0-9]+)?) (?P<v>[b-df-hj-np-tv-xz])(?=\s?=|\s[-+]\s|[-+=])")


def _spaced_coefficients_joined(prompt: str) -> str:
    """``prompt`` with each coefficient written apart from its unknown inside an equation run joined to it
    (``_SPACED_COEFFICIENT``: "3 x + 5 = 20" -> "3x + 5 = 20"). Run before spelled equations are written in
    symbols: "Solve 3 x plus 4 equals 19" holds no run here, and stays no claim (3x, or a number beside a word?)."""
    if not _SPACED_COEFFICIENT.search(prompt):
        return prompt
    out, last = [], 0
    for pos, run in math_runs(prompt):
        for match in _SPACED_COEFFICIENT.finditer(run):
            if run[match.end() :].lstrip().startswith("=") and run[: match.start()].rstrip().endswith("="):
                continue  # "y = 16 x = 3", "3x+1=16 x=?": a chain through 16x, or two statements with no mark between?
            at = pos + match.start("v") - 1
            out.append(prompt[last:at])
            last = at + 1
    out.append(prompt[last:])
    return "".join(out)


def _templates_blanked(prompt: str) -> str:
    """The prompt with its answer templates ("x = ?", "Answer: x = <value>") and placeholders
    blanked to spaces of the same length, so the math reader finds no equation in them (the
    request reader reads them in place)."""
    # a contraction still parts what stands around it ("x nell'equazione 7x = 2" is no run "x 7x = 2")
    blank = lambda m: ("\u00a7" if m.re is _CONTRACTION else " ") + " " * (len(m.group()) - 1)  # noqa: E731
    # A pattern runs only where a character each of its matches holds stands (a mark above; an
    # apostrophe): blanking writes only spaces and "\u00a7", so what the prompt lacks stays lacking.
    text = prompt
    if any(mark in text for mark in _PLACEHOLDER_MARKS):
        # wip/hitF: each template holds "=" and then, after blanks, "<", "...", "\u2026" or "?"
        # (_TEMPLATE_HINT); each placeholder "<", "..." or "\u2026": a pattern none of whose matches
        # can stand is not run (its substitution would leave the text as it is)
        if _TEMPLATE_HINT.search(text) is not None:
            text = _TEMPLATE_EQUATION.sub(blank, text)
        if "<" in text or "..." in text or "\u2026" in text:
            text = _PLACEHOLDER_LED.sub(blank, text)
    if "'" in text or "\u2019" in text:
        text = _CONTRACTION.sub(blank, text)
    return text


def _rule_equations_usable(equations: list[Equation]) -> bool:
    """At least one equation, at most ``MAX_EQUATIONS``, each with an unknown, and no name that
    cancels out ("x - x + y = 3" leaves x free: red team round 12d)."""
    return (
        bool(equations)
        and len(equations) <= MAX_EQUATIONS
        and all(eq.form.coeffs and set(eq.identifiers) <= set(eq.form.variables) for eq in equations)
    )


def _unknowns(equations: list[Equation]) -> list[str]:
    """The equations' unknowns in order of appearance."""
    variables: list[str] = []
    for eq in equations:
        for ident in eq.identifiers:
            if ident in eq.form.variables and ident not in variables:
                variables.append(ident)
    return variables


def _terminates(value: Fraction) -> bool:
    """Whether ``value`` is written as a finite decimal (the fallback's own rendering of it)."""
    return "/" not in format_number(value, prefer_decimal=True)
