"""A number read two ways: the one predicate every request reader asks (wip/cleanD).

One to three digits, the first no 0, then a point or a comma and exactly three digits ("1.034",
"17.500", "250.000", "1,004", "-1.034"): a thousands group in some regions, a decimal in others,
whatever the request's table. No reader takes it for a number, in any table: the passages and the
word problems (W22, wip/fuzzC), the expressions of a template's slot (W23), and the statements of a
JSON request in prose (wip/cleanD: "age 1.034" is no claim in English too). A group followed by a
decimal ("1,034.5") is no number either: no reader reads a thousands separator.

Read one way, as before: "1.5", "1.25", "0.125" (no group starts with 0), "1.0345" (a group has
three digits), "1034", "1234.567" (a group has at most three digits before its separator).
"""

from __future__ import annotations

import re

__all__ = ["read_two_ways"]

_READ_TWO_WAYS = re.compile(r"-?[1-9][0-9]{0,2}[.,][0-9]{3}(?![0-9])")


def read_two_ways(text: str, pos: int = 0) -> bool:
    """Whether the number that starts at ``pos`` of ``text`` (a minus sign may stand first) is a
    digit group read two ways."""
    return _READ_TWO_WAYS.match(text, pos) is not None
