"""What a step states that the equation reader did not read (blind red team round 9).

A re-instantiated step keeps every statement the rewriter does not see ("x = .25" stays when the
value changes): a step is proven only when each of its '=' stands in an equation the reader read.
"""

from __future__ import annotations

import re

from ..algebra import Equation

__all__ = ["unread_equals"]

_EQUALS = re.compile(r"=(?!>)")  # "=>" is an arrow between statements, not an equation


def unread_equals(body: str, equations: list[Equation]) -> str:
    """Why a step fails when one of its '=' is outside every equation read ("x = .25", "5. = x",
    "x = 5 = .6", "x = 5 %", "x = 3 * x = 15"'s unread link), or "" when each is read."""
    stated = len(_EQUALS.findall(body))
    if stated == len(equations):
        return ""
    return f"states {stated - len(equations)} equation(s) this checker cannot read (an '=' outside every equation read)"
