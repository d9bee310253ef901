"""Mutation-check rows for the linear reach of branch wip/linR (issue 33 items 2/3/4): the
fallback for a coefficient written as a fraction, stale constants read without their signs, the
decimal comma, the answer's form before the equations, an expression asked before a topic mark.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linR.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linR-fraction-divided", "the fallback divides by a coefficient written as a fraction ('Divide both sides by 1/3': unproven)",
     _LINEAR + "task.py", '    if "/" not in written(coeff):\n', "    if True:\n", _TESTS),
    ("linR-fraction-scaled-wrong", "the fallback multiplies the constant by the numerator, not the denominator",
     _LINEAR + "task.py", "    scaled = rhs * coeff.denominator", "    scaled = rhs * coeff.numerator", _TESTS),
    ("linR-stale-signed", "a constant written without its sign ('12 - 3x' writes 3 for -3) read as a stale constant",
     _LINEAR + "task.py", "    return {p for p in cached.params if p not in legit and -p not in legit}",
     "    return {p for p in cached.params if p not in legit}", _TESTS),
    ("linR-decimal-comma-english", "a comma between digits read as a decimal comma in English ('Solve 2,5x = 10')",
     _LINEAR + "prompt.py", "    if decimals and request.language not in _COMMA_DECIMAL_LANGUAGES:", "    if False:", _TESTS),
    ("linR-decimal-comma-list", "a decimal comma read where it may list two equations ('x + y = 9,5x - y = 3')",
     _LINEAR + "prompt.py", '    if any(_may_list(prompt, match.start() + match.group().index(",")) for match in found):',
     "    if False:", _TESTS),
    ("linR-answer-in-number-labelled", "'Responda só com o número: ...' read as the answer alone (a labelled 'x = 24' served)",
     _LINEAR + "request.lark", "%extend bare: ANSWER_VERB ONLY? ART? BARE_NUMBER ONLY?  -> bare_number",
     "%extend bare: ANSWER_VERB ONLY? ART? BARE_NUMBER ONLY?  -> answer_only", _TESTS),
    ("linR-topic-expression-stated", "an expression before a topic mark read as asked without '?' ('x + 1 の値は')",
     _LINEAR + "request.lark", "                | asked_expression TOPIC -> bare_question", "                | asked_expression TOPIC -> question", _TESTS),
    ("linR-reply-turn-with-words", "words after the assistant's empty turn read ('Assistant: answer in French:')",
     _LINEAR + "request.lark", "reply_turn: ROLE_NOUN COLON\n", "reply_turn: ROLE_NOUN COLON | ROLE_NOUN COLON sentence COLON?\n", _TESTS),
]
# fmt: on
ROWS += [
    ("linR-fresh-any-steps", "cached steps verified without the cached problem's stale constants whatever they are",
     _LINEAR + "task.py", "    fresh = cached is not None and _derivation_of(written, new)\n",
     "    fresh = cached is not None\n", _TESTS + ("tests/unit/test_linear_speed_equivalence.py", "tests/adversarial/test_math_pairs.py")),
    ("linR-derivation-any-steps", "any cached answer replaced by the engine's derivation (the test of its words dropped)",
     _LINEAR + "task.py", '    return text == "\\n".join(_fallback_lines(new, new.solution)) or (\n',
     "    return True or (\n", _TESTS + ("tests/adversarial/test_math_pairs.py",)),
    # linR-fresh-dropped retired 2026-12-05 (equivalent at the engine for every pair of the tests): a refused rewrite of an
    # entry the fallback wrote is answered by core.planner._rewrite_by_fallback with the same derivation; a model-written
    # entry whose rewrite the checks refuse (where task.reinstantiate's written-anew path still decides) is not constructed
]
ROWS += [
    ("linR-anew-decimal", "the engine's derivation written anew with a decimal the equations do not write ('x = -0.5' for -1/2)",
     _LINEAR + "task.py", "    written: Callable[[Fraction], str] = _fraction_written if exact else format_number\n",
     "    written: Callable[[Fraction], str] = format_number\n", _TESTS + ("tests/adversarial/test_math_pairs.py", "tests/adversarial/test_linear_reach_linK.py",
                                                                "tests/adversarial/test_linear_reach_linG.py")),
]
ROWS += [
    ("linR-no-clause-unlinked", "', no explanation' after a request no longer linked (the answer alone not read)",
     _LINEAR + "reader.py", '                   "NO": frozenset({"EXPLANATION", "STEPNOUN", "POSS"}),',
     '                   "NO": frozenset(),', _TESTS),  # re-anchored after wip/linT's entries
    ("linR-wenn-ist-any-word", "'wenn ... ist' no longer read (the verb after the condition)",
     _LINEAR + "request.lark", "%extend where: IF eqs EQUALS\n", "%extend where: IF eqs EQUALS EQUALS\n", _TESTS),
    ("linR-answer-in-lead-dropped", "'Answer in one line: ...' no longer read as a format lead",
     _LINEAR + "request.lark", "%extend lead: answer_in\n", "%extend lead: ONE_LINE ONE_LINE answer_in\n", _TESTS),
]
ROWS += [
    ("linR-no-clause-before-colon", "', sin explicación' linked before a colon (the answer-alone list before the equations no longer read)",
     _LINEAR + "reader.py", '        after == "NO" and _colon_follows(words, j))', '        after == "NO" and False)', _TESTS),
]
