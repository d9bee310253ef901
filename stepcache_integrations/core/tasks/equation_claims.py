"""What a text states for the unknowns of linear equations, shared by the tasks that check it.

* :func:`normalise_claims` and :func:`stated_values`: the last ``var = ...`` a text states for
  each unknown (markdown stripped, "x equals 6" read as "x = 6"); the linear task reads a
  step-by-step answer's final values with them;
* :func:`equation_claim_errors`: for answers outside the linear task (a prompt it does not fully
  understand), a value the answer states for an unknown of the prompt's linear equations must
  be the one those equations pin down (the text task's check).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .algebra import Equation, determined_values, find_equations, format_number, outside_alphabet

__all__ = [
    "equation_claim_errors",
    "equation_claims_checked",
    "normalise_claims",
    "standing_equations",
    "stated_values",
    "verbal_equalities",
]

_MARKUP = re.compile(r"\*\*|__|`|\$|\\\(|\\\)|\\\[|\\\]")
# "x equals 6", "x is 6" -> "x = 6"; only directly before a number.
_VERBAL_EQUALS = re.compile(r"(?<![A-Za-z_])([A-Za-z](?:_?\d+)?)\s+(?:equals|is equal to|is)\s+(?=-?\d)")


def normalise_claims(text: str) -> str:
    """Markdown stripped and verbal equalities written as equations."""
    return verbal_equalities(_MARKUP.sub("", text))


def verbal_equalities(text: str) -> str:
    """Verbal equalities written as equations ("x equals 6", "x is 6" -> "x = 6"), markup kept."""
    return _VERBAL_EQUALS.sub(r"\1 = ", text)


def stated_values(text: str, variables: tuple[str, ...]) -> dict[str, str]:
    """What the last ``var = ...`` statement of each unknown says, as written (the final value)."""
    body = normalise_claims(text)
    found: dict[str, str] = {}
    for var in variables:
        pattern = rf"(?<![A-Za-z0-9_.]){re.escape(var)}\s*=\s*([^\n,;=]*)"
        matches = [m.group(1) for m in re.finditer(pattern, body)]
        if matches:
            value = re.split(r"\s+(?:and|so|then|which)\b|\.(?:\s|$)", matches[-1], maxsplit=1)[0]
            found[var] = value.strip().rstrip(".").replace(" ", "")
    return found


_OPERAND_WORDS = frozenset("of sqrt root log ln exp sin cos tan abs percent times".split())


def _stands_alone(text: str, eq: Equation) -> bool:
    """Whether an equation is a whole statement, not the tail of an expression the parser could
    not read ("25% of x = 10", "sqrt(x) + 3 = 7", "2^x = 8"): only those pin values down."""
    before = text[: eq.start].rstrip(" \t")
    after = text[eq.end :].lstrip(" \t")
    if before and before[-1] not in ":,;.!?\n(" and not before[-1].isalpha():
        return False
    words = re.findall(r"[A-Za-z]+", before[-12:])
    if words and words[-1].lower() in _OPERAND_WORDS and before[-1].isalpha():
        return False
    return not after or after[0] in ".,;:!?)\n" or after[0].isalpha()


_CHECKABLE_LITERAL = re.compile(r"-?[0-9]{1,40}(?:\.[0-9]{1,40})?(?:/[0-9]{1,40})?")  # ASCII digits only


def standing_equations(prompt: str, limit: int = 20000) -> list[Equation]:
    """The prompt's linear equations that are whole statements (only those pin values down)."""
    return [eq for eq in find_equations(prompt, limit=limit) if eq.form.coeffs and _stands_alone(prompt, eq)]


def _equation_claims(
    prompt: str, answer: str, limit: int
) -> tuple[dict[str, Fraction], dict[str, Fraction] | None] | None:
    """The values ``answer`` states for unknowns of the prompt's linear equations, and the values
    those equations pin down (None: they contradict each other); None when there is no claim."""
    equations = standing_equations(prompt, limit)
    if not equations:
        return None
    variables = tuple(sorted({v for eq in equations for v in eq.form.variables}))
    claims: dict[str, Fraction] = {}
    for var, literal in stated_values(answer[:limit], variables).items():
        if _CHECKABLE_LITERAL.fullmatch(literal) and not literal.endswith("/0"):
            claims[var] = Fraction(literal)
    if not claims:
        return None
    return claims, determined_values(tuple(eq.form for eq in equations))


def _unreadable_claims(prompt: str, answer: str, limit: int) -> list[str]:
    """Values stated for unknowns of the prompt's equations with a digit of another script or
    '\u00b7', '\u00d7', '\u00f7' ("x = 1\u0660"): never read as a number, so they fail."""
    if outside_alphabet(answer[:limit]) is None:
        return []
    equations = standing_equations(prompt, limit)
    variables = tuple(sorted({v for eq in equations for v in eq.form.variables}))
    return [
        f"states {var} = {literal}, outside the closed ASCII alphabet of numbers (not read)"
        for var, literal in stated_values(answer[:limit], variables).items()
        if outside_alphabet(literal) is not None
    ]


def equation_claims_checked(prompt: str, answer: str, limit: int = 20000) -> bool:
    """Whether :func:`equation_claim_errors` compared at least one value the answer states with
    the value the prompt's equations pin down (what it checked, not whether it held)."""
    found = _equation_claims(prompt, answer, limit)
    if found is None or found[1] is None:
        return False
    claims, known = found
    return any(var in known for var in claims)


def equation_claim_errors(prompt: str, answer: str, limit: int = 20000) -> list[str]:
    """For answers outside the linear task (a prompt it does not fully understand): a value the
    answer states for an unknown of the prompt's linear equations must be the one they pin down;
    when the equations contradict each other, no stated value can be checked, so none passes."""
    unread = _unreadable_claims(prompt, answer, limit)
    found = _equation_claims(prompt, answer, limit)
    if found is None:
        return unread
    claims, known = found
    if known is None:
        return [f"states {', '.join(claims)}, but the prompt's equations contradict each other"]
    return unread + [
        f"states {var} = {format_number(value)}; the prompt's equations give {format_number(known[var])}"
        for var, value in claims.items()
        if var in known and known[var] != value
    ]
