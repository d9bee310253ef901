"""The hard workload's oracle checks: what a correct answer to each request must contain.

Independent of the engine (no import from ``core``): each request's ``spec["oracle"]``
states the right answer, and the checks read the answer text the way a user would.

* ``number``: the final number equals the value (exactly, as a fraction). With a
  ``format`` (a regex with ``{num}``) the answer must use the format the prompt asked for.
* ``inequality``: ``<var> <op> <value>`` appears (``x > 5``).
* ``json``: the text holds a JSON object whose required keys hold an accepted value
  (strings case-insensitively, numbers exactly), of the required type if one is given.
* ``yesno``: the first yes/no word of the answer is the expected one.
* ``contains``: one of the accepted words or phrases appears as a whole word.
* ``lines``: exactly ``count`` non-empty lines.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

__all__ = ["check_oracle"]

_NUM = r"-?\d[\d,]*(?:\.\d+)?(?:\s*/\s*\d+)?"


def parse_number(text: str) -> Fraction | None:
    """``"7"``, ``"-3.5"``, ``"7/2"`` -> exact Fraction; None if not a number."""
    text = text.strip().replace(" ", "").rstrip(".")
    try:
        if "/" in text:
            num, den = text.split("/", 1)
            return Fraction(Fraction(num), Fraction(den))
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def _parse(text: str) -> Fraction | None:
    return parse_number(text.replace(",", ""))  # "48,000" as people write it


def _final_number(text: str) -> Fraction | None:
    answer = re.findall(rf"answer\W*(?:[a-z]\s*=\s*)?\**\s*({_NUM})", text, re.IGNORECASE)
    if answer:
        return _parse(answer[-1])
    numbers = re.findall(rf"(?<![\w.]){_NUM}", text)
    return _parse(numbers[-1]) if numbers else None


def _check_number(text: str, oracle: dict[str, Any]) -> list[str]:
    want = Fraction(oracle["value"])
    fmt = oracle.get("format")
    if fmt:
        found = re.findall(fmt.replace("{num}", f"({_NUM})"), text, re.IGNORECASE)
        if not found:
            return [f"the answer is not in the requested form {fmt!r}"]
        got = _parse(found[-1] if isinstance(found[-1], str) else found[-1][0])
    else:
        got = _final_number(text)
    if got is None:
        return ["no final number"]
    return [] if got == want else [f"final answer {got} != {want}"]


def _check_inequality(text: str, oracle: dict[str, Any]) -> list[str]:
    var, op, want = oracle["var"], oracle["op"], Fraction(oracle["value"])
    flipped = {">": "<", "<": ">", ">=": "<=", "<=": ">="}[op]
    direct = re.findall(rf"(?<![A-Za-z]){var}\s*{re.escape(op)}\s*({_NUM})", text)
    reverse = re.findall(rf"({_NUM})\s*{re.escape(flipped)}\s*{var}(?![A-Za-z])", text)
    values = [_parse(v) for v in direct + reverse]
    return [] if want in values else [f"no '{var} {op} {oracle['value']}' in the answer"]


def _extract_json(text: str) -> Any:
    import json

    stripped = text.strip()
    fence = re.search(r"```(?:json)?\s*(.*?)```", stripped, re.DOTALL | re.IGNORECASE)
    if fence:
        stripped = fence.group(1).strip()
    start, end = stripped.find("{"), stripped.rfind("}")
    if start == -1 or end <= start:
        raise ValueError("no JSON object in the answer")
    try:
        return json.loads(stripped[start : end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"JSON does not parse: {exc}") from exc


_TYPES = {"int": (int,), "str": (str,), "bool": (bool,), "float": (int, float)}


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, bool) or isinstance(got, bool):
        return got is want
    if isinstance(want, (int, float)):
        if isinstance(got, str):
            got = _parse(got) if re.fullmatch(r"\s*-?[\d.,/]+\s*", got) else None
        try:
            return got is not None and Fraction(str(got)) == Fraction(str(want))
        except (ValueError, TypeError):
            return False
    if isinstance(got, (int, float)):
        got = str(got)
    return isinstance(got, str) and " ".join(got.lower().split()) == " ".join(str(want).lower().split())


def _check_json(text: str, oracle: dict[str, Any]) -> list[str]:
    try:
        obj = _extract_json(text)
    except ValueError as exc:
        return [str(exc)]
    if not isinstance(obj, dict):
        return ["the JSON is not an object"]
    problems = []
    for key, accepted in oracle["expect"].items():
        if key not in obj:
            problems.append(f"missing key {key!r}")
            continue
        if not any(_same(obj[key], want) for want in accepted):
            problems.append(f"{key} is {obj[key]!r}, expected one of {accepted!r}")
        wanted_type = oracle.get("types", {}).get(key)
        if wanted_type:
            value = obj[key]
            ok = isinstance(value, _TYPES[wanted_type]) and not (wanted_type in ("int", "float") and isinstance(value, bool))
            if not ok:
                problems.append(f"{key} is a {type(value).__name__}, the prompt asks for {wanted_type}")
    return problems


def _check_yesno(text: str, oracle: dict[str, Any]) -> list[str]:
    first = re.search(r"\b(yes|no)\b", text, re.IGNORECASE)
    if first is None:
        return ["no yes/no answer"]
    return [] if first.group(1).lower() == oracle["value"] else [f"answered {first.group(1)!r}, expected {oracle['value']!r}"]


def _check_contains(text: str, oracle: dict[str, Any]) -> list[str]:
    for option in oracle["any_of"]:
        if re.search(rf"(?<![\w]){re.escape(option)}(?![\w])", text, re.IGNORECASE):
            return []
    return [f"none of {oracle['any_of']!r} in the answer"]


def _check_lines(text: str, oracle: dict[str, Any]) -> list[str]:
    lines = [line for line in text.splitlines() if line.strip()]
    return [] if len(lines) == oracle["count"] else [f"{len(lines)} lines, expected {oracle['count']}"]


_CHECKS = {
    "number": _check_number,
    "inequality": _check_inequality,
    "json": _check_json,
    "yesno": _check_yesno,
    "contains": _check_contains,
    "lines": _check_lines,
}


def check_oracle(text: str, oracle: dict[str, Any]) -> list[str]:
    """Problems of ``text`` against ``oracle`` (empty: correct)."""
    return _CHECKS[oracle["type"]](text, oracle)
