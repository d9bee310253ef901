"""What a free-text answer's "checked" level rests on: every number and equation it states is read.

The text task compares a value an answer states for an unknown of the prompt's linear equations
("x = 4") with the value those equations pin down. That comparison says nothing of any other
number or equation in the answer ("so 3x = 13", "2 * 4 + 3 = 11", "**20**"), so an answer is
"checked" only when each of its ``u = N`` statements is such a compared, right value and, once
they are taken out, nothing else of it is a claim the check could have read: no digit, no numeral
of any script, no ``=`` or other mathematical symbol, no dash outside a word ("-x = 4"), no number
word, and every word in a small closed vocabulary that states nothing ("so", "the answer is",
"we get"): any other word may deny or qualify the value ("It is not true that x = 4", "Many
students think x = 4, but they are wrong"). Anything else is "unchecked" (docs/guarantees.md: "What
`verified` means").
"""

from __future__ import annotations

import re
import unicodedata

from ..relations import unread_relation
from ..algebra import equation_claim_errors, equation_claims_checked, normalise_claims, standing_equations

__all__ = ["answers_what_was_asked", "asked_unknowns", "only_compared_claims"]

# "x = 4", "x_1 = -3/2": an unknown's value written as a number, followed by the end of a line,
# sentence punctuation or a connective; "x = 4 - y", "x = 4x", "x = 4 squared", "3x = 12" are not
# such a claim (their numbers stay in the rest, which then states something).
_CLAIM = re.compile(
    r"(?<![A-Za-z0-9_.])(?P<var>[A-Za-z](?:_?\d+)?)\s*=\s*(?P<value>-?\d+(?:\.\d+)?(?:/\d+)?)"
    r"(?=[ \t]*(?:\n|$)|\s*[,;:!?)]|\.(?!\d)|\s+(?:and|so|then|which|because|since|but|hence|thus|therefore)\b)"
)
# a dash between two letters joins words ("so-called"); anywhere else it may be a sign ("-x = 4")
_SIGN = re.compile(r"(?<![^\W\d_])[\-\u2010-\u2015]|[\-\u2010-\u2015](?![^\W\d_])")
_SYMBOLS = frozenset("=+*/^%<>|~\\$`#")
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
    " sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred"
    " thousand million billion trillion half twice thrice double triple dozen".split()
)
_MAX_CLAIMS = 32
# The words an answer may hold beside its compared statements: connectives, framing and the names
# of the operations, none of which denies, doubts or qualifies a value. A single letter is an
# unknown's name or an article.
_STATES_NOTHING = frozenset(
    "so therefore thus hence then the answer final finally solution result value values is are of"
    " we get gives obtain find and that which means this it here our for unknown equation equations"
    " solve solving subtract subtracting divide dividing add adding multiply multiplying working out"
    " step by all".split()
)


# The words a prompt read whole may hold beside its equations: asking for the unknowns' values and
# nothing else ("Solve the system ... for x and y.", "If ..., what is x?", "Find the value of x").
_ASKS_FOR_UNKNOWNS = frozenset(
    "solve find determine compute calculate what is are the value values of for and if given unknown"
    " unknowns equation equations system linear following a an".split()
)


# "what is y!", "for x'": a factorial or a prime changes what is asked
_CHANGES_A_NAME = re.compile(r"[A-Za-z0-9)]\s*!|(?<![A-Za-z])[A-Za-z]['\"]")


def _free_of_numbers(text: str) -> bool:
    """No digit or numeral, no mathematical symbol, no dash that may be a sign, no number word."""
    for char in text:
        if char.isnumeric() or char in _SYMBOLS or unicodedata.category(char) == "Sm":
            return False
    if _SIGN.search(text):
        return False
    return not any(word in _NUMBER_WORDS for word in _WORD.findall(text.casefold()))


def asked_unknowns(prompt: str) -> frozenset[str] | None:
    """The unknowns of the prompt's standing linear equations when the prompt asks for their values
    and nothing else (read whole: see the module docstring); None for any other prompt."""
    equations = standing_equations(prompt)
    if not equations or len(prompt) > 20000:
        return None
    unknowns = frozenset(v for eq in equations for v in eq.form.variables)
    rest, end = [], 0
    for eq in sorted(equations, key=lambda e: e.start):
        rest.append(prompt[end : eq.start])
        end = max(end, eq.end)
    rest.append(prompt[end:])
    words = " ".join(rest)
    if not words.isascii() or not _free_of_numbers(words) or _CHANGES_A_NAME.search(words):
        return None
    for word in _WORD.findall(words):
        if word.casefold() not in _ASKS_FOR_UNKNOWNS and word not in unknowns:
            return None
    if unread_relation(prompt, [(eq.start, eq.end) for eq in equations]) is not None:
        return None  # "what is x of y?": a quantity of the unknowns, not their values
    return unknowns


def answers_what_was_asked(prompt: str, answer: str) -> bool:
    """Whether ``answer`` is "checked" as free text: the prompt is read whole (it asks for the
    unknowns and nothing else), the answer states a compared, right value for every one of them,
    and nothing else of it is a claim (:func:`only_compared_claims`)."""
    unknowns = asked_unknowns(prompt)
    if unknowns is None or not only_compared_claims(prompt, answer):
        return False
    stated = {claim.group("var") for claim in _CLAIM.finditer(normalise_claims(answer))}
    return unknowns <= stated


def _states_nothing(text: str) -> bool:
    """No digit or numeral, no mathematical symbol, no dash that may be a sign, no number word,
    and no word outside the closed vocabulary that states nothing (a single ASCII letter aside)."""
    if not _free_of_numbers(text):
        return False
    words = _WORD.findall(text.casefold())
    return all(word in _STATES_NOTHING or (len(word) == 1 and word.isascii()) for word in words)


def only_compared_claims(prompt: str, answer: str) -> bool:
    """Whether every number and equation of ``answer`` is a ``u = N`` statement of a value the
    prompt's linear equations pin down, and that value (each one compared, each right)."""
    body = normalise_claims(answer)
    claims = list(_CLAIM.finditer(body))
    if not claims or len(claims) > _MAX_CLAIMS:
        return False
    for claim in claims:
        statement = f"{claim.group('var')} = {claim.group('value')}"
        if not equation_claims_checked(prompt, statement) or equation_claim_errors(prompt, statement):
            return False
    return _states_nothing(_CLAIM.sub(" ", body))
