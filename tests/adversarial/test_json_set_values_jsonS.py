"""wip/jsonS: values said with the table's verb for setting one (en SET_V "set"): "Create a JSON config: set timeout
to 30 and retries to 5.", "set dark_mode to true and font_size to 16, output JSON only", "Set name to "Ana" and age to
31, as JSON.", or a sentence after the request. Each value a number, a quoted string, true/false or one capitalised
word, as written; served AND exact. Traps: a unit or a percent after the number, a lowercase word, two values for one
key, a key set changed, a negation."""

from __future__ import annotations

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import Pair, assert_served_proven, assert_trap_never_wrong, exact_json_pair as pair

# (template with {pairs}, how the pairs are joined)
SHAPES = [
    "Create a JSON config: {pairs}.", "Create JSON: {pairs}.", "Return a JSON object: {pairs}.", "Give me JSON: {pairs}.",
    "{pairs}, output JSON only", "{pairs}, return JSON", "{pairs}, give me a JSON object", "{pairs}, as JSON.",
    "{pairs} as JSON", "{pairs}, as a JSON object.", "Return JSON with keys {keys}. {pairs}.", "Output JSON with keys {keys}.\n{pairs}.",
]
JOINS = [" and ", ", "]
# (key, value as written, value read) x2 per pair, two variants a and b
VALUES = [
    (("timeout", "30", 30, "45", 45), ("retries", "5", 5, "3", 3)),
    (("dark_mode", "true", True, "false", False), ("font_size", "16", 16, "14", 14)),
    (("name", '"Ana"', "Ana", '"Rui"', "Rui"), ("age", "31", 31, "44", 44)),
    (("city", "Paris", "Paris", "Lyon", "Lyon"), ("ratio", "0.25", 0.25, "0.5", 0.5)),
]


def _pairs() -> list[Pair]:
    out = []
    for i, shape in enumerate(SHAPES):
        for j, join in enumerate(JOINS):
            (k1, w1a, r1a, w1b, r1b), (k2, w2a, r2a, w2b, r2b) = VALUES[(i + j) % len(VALUES)]
            article = "the " if (i + j) % 3 == 0 else ""
            verb = "set" if shape.startswith("{pairs}") and i % 2 else "Set" if shape.startswith("{pairs}") else "set"
            if shape.startswith("Return JSON with keys") or shape.startswith("Output JSON with keys"):
                verb = "Set"

            def said(a: str, b: str) -> str:
                return f"{verb} {article}{k1} to {a}{join}{article}{k2} to {b}"

            p1 = shape.format(pairs=said(w1a, w2a), keys=f"{k1} and {k2}")
            p2 = shape.format(pairs=said(w1b, w2b), keys=f"{k1} and {k2}")
            out.append(pair(f"en/set/{i}/{j}", p1, {k1: r1a, k2: r2a}, p2, {k1: r1b, k2: r2b}))
    return out


SET_PAIRS = _pairs()


def test_twenty_phrasings() -> None:
    assert len(SET_PAIRS) >= 20


@pytest.mark.parametrize("case", SET_PAIRS, ids=lambda c: c.cls)
def test_set_values_served_exactly(case: Pair) -> None:
    assert_served_proven(case)


OLD = "Create a JSON config: set timeout to 30 and retries to 5."
OLD_OBJ = {"timeout": 30, "retries": 5}
TRAPS = [
    "Create a JSON config: set timeout to 30 seconds and retries to 5.",  # a unit after the number
    "Create a JSON config: set timeout to 30% and retries to 5.",
    "Create a JSON config: set timeout to 30s and retries to 5.",
    "Create a JSON config: set plan to team and retries to 5.",  # a lowercase word may describe
    "set plan to pro and retries to 5, output JSON only",
    "Set plan to basic, as JSON.",
    "Create a JSON config: set timeout to 30 and timeout to 5.",  # two values for one key
    "Create a JSON config: don't set timeout to 30 and retries to 5.",
    "Create a JSON config: set timeout to 30 and retries to 5 except retries.",
    "Create a JSON config: set timeout to about 30 and retries to 5.",
    "Create a JSON config: set timeout to 30 or 40 and retries to 5.",
    "Create a JSON config: set timeout from 30 to 40 and retries to 5.",
    "Create a YAML config: set timeout to 30 and retries to 5.",
    "Return JSON with keys timeout and delay. Set timeout to 30 and retries to 5.",  # a key set changed
    "Create a JSON config: set timeout to 30 and add retries to 5.",
    "Create a JSON config: set timeout to 3,000 and retries to 5.",  # a digit group read two ways
]


@pytest.mark.parametrize("prompt", TRAPS)
def test_set_traps_never_wrong(prompt: str) -> None:
    assert_trap_never_wrong(pair("trap", OLD, OLD_OBJ, prompt, {"never": prompt}), model=True)


@pytest.mark.parametrize("prompt", [t for t in TRAPS if "keys timeout and delay" not in t])
def test_set_traps_read_nothing(prompt: str) -> None:
    assert read_request(prompt) is None
