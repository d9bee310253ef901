"""Which prompts the linear-equation task understands.

The task claims a prompt only when it can account for all of it: the equations (linear, a
unique solution), the unknowns asked for, and instruction words from a closed vocabulary
("solve", "step by step", "show each step"...). Anything else (a word problem's prices,
"what is 3y", "25% of x", sqrt, inequalities, code, a negation) means the prompt asks
something this task does not model, so it falls to the conservative text task, and the
deterministic fallback is never used for it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..relations import unread_relation
from .request import unread_request
from ..algebra import (
    MAX_EQUATIONS,
    Equation,
    NotLinear,
    find_equations,
    math_runs,
    outside_alphabet,
    parse_linear,
)
from ..solve import solve_system

__all__ = ["LinearProblem", "understand_prompt", "MAX_PROMPT_CHARS"]

MAX_PROMPT_CHARS = 20000

# Instruction words that do not change which value is asked for, plus chat role labels and a
# tutor persona. Deliberately closed: words that change the question (twice, square, percent,
# round, decimal, not, ...) are absent.
_INSTRUCTION_WORDS = frozenset(
    """
    a an the this these that following below above given here
    solve solving find finding work out determine compute calculate get obtain
    what which is are value values unknown unknowns variable variables
    equation equations linear system simultaneous problem
    for of in on with and by to as from then so where when if
    step steps one per line lines each every own separate new its it
    show showing write writing put give state explain explaining reasoning working
    your you me please can could would will how do i we
    end ending finish finishing conclude concluding final finally result answer answers
    format form line clearly briefly short using use algebra exactly exact
    system user human math maths mathematics tutor teacher assistant helpful careful precise
    expert patient friendly student
    """.split()
)
# Whole phrases of everyday requests, read as a unit (their words alone are not in the
# vocabulary: "help", "stuck", "homework", the contraction "what's"), and the French requests to
# solve an equation. Each is added with adversarial tests; a phrase is removed only whole.
_PHRASES = re.compile(
    r"(?<![\w'])(?:"
    r"number (?:every|each) step|help me|i'?m stuck on (?:my|this) homework|i am stuck on (?:my|this) homework"
    r"|what'?s"
    r"|r\u00e9sous l'\u00e9quation|r\u00e9solvez l'\u00e9quation|r\u00e9soudre l'\u00e9quation"
    r"|(?:\u00e9tape par \u00e9tape)"
    r")(?![\w'])",
    re.IGNORECASE,
)
# "Answer: x = <value>" and "Step k: ..." are answer templates, not equations. Only a bare
# unknown may stand before "=" ("-x = <value>" asks for -x) and only a placeholder that names
# no form ("<decimal>", "<fraction>", "<value in cm>" ask for one: not this task's prompt).
_PLACEHOLDER_TEXT = r"<\s*(?:(?:the|your|final)\s+)*(?:value|answer|number|solution|result)\s*>"
_TEMPLATE_EQUATION = re.compile(
    r"(?<![A-Za-z0-9_+\-*/^.\u2212])([A-Za-z](?:_?[0-9]+)?)\s*=\s*(?:"
    + _PLACEHOLDER_TEXT
    + r"|\.\.\.|\u2026|\?)"
    # not a placeholder spelling a form: "?.??", "<value>.<value>", "?:?", "?,??", "? ?" (round 12d)
    + r"(?!\s*[.,:;'\u2019]*\s*[?<\w])",
    re.IGNORECASE,
)
# A bare "..." is a placeholder only as a word of its own ("Step k: ..."), never inside an
# equation ("x\u2026/2" is not "x/2").
_PLACEHOLDER = re.compile(
    _PLACEHOLDER_TEXT + r"|(?<![\w)+\-*/=^.])(?:\.\.\.|\u2026)(?![\w(+\-*/=^])", re.IGNORECASE
)
_OTHER_PLACEHOLDER = re.compile(r"<[^<>\n]{1,40}>")
# "then find y = x + 3": an equation right after an asking verb defines an unknown it asks for.
# ... and a question: "What is y = 2x?", "what's y = x + 3", "Which y = 2x?" (red team round 12b)
_ASKING_VERB = re.compile(
    r"(?i)\b(?:find|compute|calculate|determine|obtain|get|give"
    r"|(?:what|which)(?:\s+(?:is|are))?(?:\s+the\s+values?\s+of)?)\b"
)
_SOLVING_VERB = re.compile(r"(?i)\b(?:solve|solving|find|finding|compute|calculate|determine|obtain|get|give|work out)\b")
_BARE_UNKNOWN = re.compile(r"[A-Za-z](?:_?[0-9]+)?")
_STEP_K = re.compile(r"\b([Ss]tep|STEP)\s+[kKnN]\b")
# Digits, operators and symbols left outside the equations mean content we do not model.
_UNMODELLED = re.compile(r"[\d=<>^*/%|{}\[\];#$&@~`\\+\u2212\u00d7\u00f7\u00b7\u221a\u2264\u2265\u2260]")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# The closed alphabet of the words around the equations: ASCII letters, spaces and sentence
# punctuation, a hyphen only inside a word ("step-by-step"). Anything else -- another script
# ("\u043d\u0430\u0439\u0434\u0438\u0442\u0435 x \u0432 \u043a\u0432\u0430\u0434\u0440\u0430\u0442\u0435"), "x\u00b2", "\u00be", an en dash, "-x" -- is something this task does not read.
_CLOSED_REST = re.compile(r"(?:[A-Za-z_ \t\n.,:;?'\"()]|(?<=[A-Za-z])-(?=[A-Za-z]))*")
# "what is y'?", "for x''": a primed name is another unknown (a derivative, x prime), not y or x
_PRIMED_NAME = re.compile(r"(?<![A-Za-z])[A-Za-z]['\"]")
_LEADING_ZERO = re.compile(r"(?<![\d.])0\d")
_DOUBLED_OPERATOR = re.compile(r"[+\-*/^]\s*[+\-*/^]")  # "5y ++ 3", "x - -3": not read
_UNUSUAL_SPACE = re.compile(r"[^\S \t\n\r]")
# What may stand right before an equation and right after it: a point before a digit is a
# decimal point (".5x" is not "5x"), a letter or digit would join the run.
_RUN_BEFORE = frozenset(" \t\n(\"':")
_RUN_AFTER = frozenset(" \t\n)\"'.,;:?")
# "6!" and "x!" are factorials, "!=" is "not equal": no equation this task models.
_FACTORIAL_OR_UNEQUAL = re.compile(r"(?:[\d)]|(?<![A-Za-z])[A-Za-z])\s*!|!\s*=")


@dataclass(frozen=True)
class LinearProblem:
    """A prompt the task understands: its equations, unknowns, the asked ones and the solution."""

    equations: tuple[Equation, ...]
    variables: tuple[str, ...]
    asked: tuple[str, ...]
    solution: dict[str, Fraction]


def _equation_runs(text: str) -> tuple[list[Equation], str, set[str], list[tuple[int, int]]] | None:
    """The equations of ``text``, the text with them blanked out, the unknowns an asking verb
    puts on the left of one ("then find y = x + 3") and where each run stands; None if a run with
    '=' is not a chain of linear expressions (``x^2 = 4``, ``x = <value>`` left over...)."""
    pieces: list[str] = []
    spans: list[tuple[int, int]] = []
    defined: set[str] = set()
    last, pairs = 0, 0
    for pos, run in math_runs(text):
        sides = _run_sides(text, pos, run)
        if sides is None:
            return None
        pairs += len(sides) - 1
        if _BARE_UNKNOWN.fullmatch(sides[0]) and _after_asking_verb(text, pos, spans):
            defined.add(sides[0])
        pieces.append(text[last:pos])
        pieces.append(" " * len(run))
        spans.append((pos, pos + len(run)))
        last = pos + len(run)
    pieces.append(text[last:])
    blanked = "".join(pieces)
    equations = find_equations(text, limit=len(text) + 1)
    if len(equations) != pairs:
        return None  # an '=' the equation reader did not read ("2x = 6 'x = 4'", "0.33..."): no claim
    return equations, blanked, defined, spans


def _after_asking_verb(text: str, pos: int, runs: list[tuple[int, int]]) -> bool:
    """Whether the run at ``pos`` stands in the list right after an asking verb: only unknowns,
    commas, "and" and equations between them ("find y = x + 3", and red team round 11b: "find x,
    y = 2x and z = x + 1" asks for y and z too, not x alone)."""
    head = text[:pos]
    for start, end in reversed(runs):  # the equations before it, each one token
        head = head[:start] + " \x00 " + head[end:]
    verb = None
    for verb in _ASKING_VERB.finditer(head):
        pass
    if verb is None:
        return False
    listed = [token for token in re.split(r"[\s,]+", head[verb.end() :].lstrip(" \t:")) if token]
    return all(token in ("and", "\x00") or _BARE_UNKNOWN.fullmatch(token) for token in listed)


def _run_sides(text: str, pos: int, run: str) -> list[str] | None:
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
    return sides


def _run_stands_apart(text: str, start: int, end: int) -> bool:
    """Only a space, bracket, quote or colon before a run and a space, bracket, quote or sentence
    mark after it; a point before a digit is a decimal point (".5x" is not "5x")."""
    if (start > 0 and text[start - 1] not in _RUN_BEFORE) or (end < len(text) and text[end] not in _RUN_AFTER):
        return False
    return not (end + 1 < len(text) and text[end] == "." and text[end + 1].isdigit())


@lru_cache(maxsize=1024)
def understand_prompt(prompt: str) -> LinearProblem | None:
    """Parse a prompt into equations, unknowns and instruction words; None if any part is unknown.

    Each rule below is one reason to decline. Cached (task detection and constraints both ask);
    the result is shared, so read it only."""
    if not _rule_plain_notation(prompt):
        return None
    templated, text = _without_templates(prompt)
    if text is None:
        return None
    parsed = _equation_runs(text)
    if parsed is None:
        return None
    equations, rest, defined, spans = parsed
    if not _rule_equations_usable(equations) or not _rule_rest_closed(rest):
        return None
    variables = _unknowns(equations)
    mentioned = _mentioned_unknowns(rest, variables, set(templated) | defined)
    if mentioned is None or not _rule_request_read(rest, spans, variables, bool(templated)):
        return None  # a word outside the vocabulary, "12 per y", "x to y", "Write the equation"...
    solution = solve_system(tuple(eq.form for eq in equations))
    if solution is None or set(solution) != set(variables):
        return None
    # Naming an unknown ("for y") asks for it; naming none asks for all. An article "a" that is
    # also an unknown counts as named: asking for more only makes the final check stricter.
    asked = tuple(v for v in variables if v in mentioned) or tuple(variables)
    if not _rule_asked_read(asked, variables, rest):
        return None
    return LinearProblem(tuple(equations), tuple(variables), asked, solution)


def _rule_plain_notation(prompt: str) -> bool:
    """Bounded, with an '=', no factorial or "!=", ASCII spacing only (a no-break or other
    Unicode space is not read by this grammar) and no digit of another script, '\u00b7', '\u00d7' or '\u00f7'
    anywhere ("2x = 1\u0660" is not "2x = 10", "1\u00b75" may be 1.5)."""
    if len(prompt) > MAX_PROMPT_CHARS or "=" not in prompt or ("!" in prompt and _FACTORIAL_OR_UNEQUAL.search(prompt)):
        return False
    return not _UNUSUAL_SPACE.search(prompt) and outside_alphabet(prompt) is None


def _without_templates(prompt: str) -> tuple[list[str], str | None]:
    """The unknowns named by answer templates ("Answer: x = <value>"), and the prompt with its
    templates, placeholders and whole phrases blanked; None for the text when a placeholder that
    names a form ("<decimal>") is left."""
    templated = [m.group(1) for m in _TEMPLATE_EQUATION.finditer(prompt)]
    text = _TEMPLATE_EQUATION.sub(lambda m: f" {m.group(1)} ", prompt)
    text = _STEP_K.sub(lambda m: m.group(1), _PLACEHOLDER.sub(lambda m: _blank_placeholder(text, m), text))
    # "what's" stays "what": what it asks for is read (relations: an unknown or an equation)
    text = _PHRASES.sub(_phrase_word, unicodedata.normalize("NFC", text))
    return templated, None if _OTHER_PLACEHOLDER.search(text) else text


def _phrase_word(match: re.Match[str]) -> str:
    """A phrase blanked, or the word its request is read by: "what's" is "what" (relations: it must
    ask for an unknown), the French "Résous l'équation" is "solve" (request: a request to solve)."""
    word = match.group().lower()
    return " what " if word.startswith("what") else " solve " if word.startswith("r\u00e9so") else " "


def _blank_placeholder(text: str, match: re.Match[str]) -> str:
    """A placeholder blanked, unless it is an ellipsis beside a number or bracket, spaces aside
    ("x + y = 10 ...": a repeating decimal or a trailing thought; "step:\u2026 8x - 6 = 5": a number
    continued; left as an ellipsis character, which no rule reads: the prompt is not claimed)."""
    before, after = text[: match.start()].rstrip()[-1:], text[match.end() :].lstrip()[:1]
    beside_number = before.isdigit() or before == ")" or after.isdigit() or after == "("
    return "\u2026" if match.group()[:1] in ".\u2026" and beside_number else " "  # outside the closed alphabet


def _rule_equations_usable(equations: list[Equation]) -> bool:
    """At least one equation, at most ``MAX_EQUATIONS``, each with an unknown, and no name that
    cancels out ("x - x + y = 3" leaves x free: red team round 12d)."""
    return (
        bool(equations)
        and len(equations) <= MAX_EQUATIONS
        and all(eq.form.coeffs and set(eq.identifiers) <= set(eq.form.variables) for eq in equations)
    )


def _rule_rest_closed(rest: str) -> bool:
    """Outside the equations: no digit, operator or symbol, only the closed alphabet, balanced
    brackets."""
    return not (
        _UNMODELLED.search(rest)
        or not _CLOSED_REST.fullmatch(rest)
        or rest.count("(") != rest.count(")")
        or _PRIMED_NAME.search(rest)
    )


def _unknowns(equations: list[Equation]) -> list[str]:
    """The equations' unknowns in order of appearance."""
    variables: list[str] = []
    for eq in equations:
        for ident in eq.identifiers:
            if ident in eq.form.variables and ident not in variables:
                variables.append(ident)
    return variables


def _mentioned_unknowns(rest: str, variables: list[str], named: set[str]) -> set[str] | None:
    """The unknowns the words around the equations name ("for y"), with ``named`` (templates,
    asking verbs); None when a word is neither an unknown nor an instruction word, or an unknown
    named is not one of the equations'."""
    mentioned = set(named)
    for word in _WORD.findall(rest):
        if word in variables:
            mentioned.add(word)
        elif word.lower() not in _INSTRUCTION_WORDS:
            return None
    if not mentioned <= set(variables):
        return None  # asks for an unknown the equations do not have
    return mentioned


def _rule_request_read(rest: str, spans: list[tuple[int, int]], variables: list[str], templated: bool) -> bool:
    """Every relating word in its phrases ("12 per y", "x to y" are not), and the words a request
    to solve ("Write the equation", "Is ... linear?", "each equation", "x y" are not)."""
    return unread_relation(rest, spans) is None and unread_request(rest, spans, set(variables), templated) is None


def _rule_asked_read(asked: tuple[str, ...], variables: list[str], rest: str) -> bool:
    """"solve 3x + 5 = 20 for x, and then solve 2y = x": with fewer unknowns asked than the
    equations have, a second solving verb leaves which unknowns are asked unread."""
    return not (len(asked) < len(variables) and len(_SOLVING_VERB.findall(rest)) > 1)
