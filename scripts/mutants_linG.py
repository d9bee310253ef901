"""Mutation-check rows for the linear reach of branch wip/linG (issue 33 items 2/3/4, round 3): the
engine's derivation with no decimal the equations do not write (a changed divisor re-instantiated),
being stuck said after the request, the answer alone after the request, the unknown named before a
final verb, "答えだけ書いて". Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linG.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linG-exact-working-decimal", "the derivation of 'x/4 + 2 = 5' writes '(0.25)x' (its re-instantiation no longer served)",
     _LINEAR + "task.py", '        number = _fraction_written if exact or not any("." in text for text in c.equation_texts) else format_number\n',
     "        number = _fraction_written if exact else format_number\n", _TESTS + ("tests/adversarial/test_linear_reach_linK.py",)),
    ("linG-exact-divided-by-fraction", "the derivation divides by a coefficient written '1/4' ('Divide both sides by 1/4': unproven)",
     _LINEAR + "task.py", '    if "/" not in written(coeff):\n', '    if "/" not in format_number(coeff):\n', _TESTS),
    ("linG-stuck-after-dropped", "'pls help solve 3x+7=22 i dont get it' no longer read",
     _LINEAR + "request.lark", "%extend request: courtesy? acts STUCK\n", "%extend request: courtesy? acts STUCK STUCK\n", _TESTS),
    ("linG-stuck-any-context", "any context phrase after the request read ('... solve yo')",
     _LINEAR + "request.lark", "%extend request: courtesy? acts STUCK\n", "%extend request: courtesy? acts (STUCK | CONTEXT)\n", _TESTS),
    ("linG-alone-after-steps", "'(nur das Ergebnis)' after the request read as asking the working",
     _LINEAR + "request.lark", "alone_after: ONLY ART? ANSWER -> answer_only", "alone_after: ONLY ART? ANSWER -> steps", _TESTS),
    ("linG-for-vars-before-verb-dropped", "'die Gleichung 9b + 2 = 47 nach b auflösen' no longer read",
     _LINEAR + "request.lark", "%extend solve: object? eqs for_vars SOLVE\n", "%extend solve: object? eqs for_vars SOLVE SOLVE\n", _TESTS),
    ("linG-answer-only-write-steps", "'答えだけ書いて' read as asking the working",
     _LINEAR + "request.lark", "%extend format: ART? ANSWER ONLY SHOW -> answer_only\n", "%extend format: ART? ANSWER ONLY SHOW -> steps\n", _TESTS),
    ("linG-comma-written-as-point", "the engine's answer to '1,2x + 0,6 = 3,6' writes 'x = 2.5' (the prompt's decimal comma not kept)",
     _LINEAR + "task.py", '    lines = _fallback_lines_pointed(c, values, exact and _exact_notation(c))\n    if "decimal_comma" not in c.format:\n',
     '    lines = _fallback_lines_pointed(c, values, exact and _exact_notation(c))\n    if True:\n', _TESTS),
    ("linG-point-accepted", "a model's 'x = 2.5' for a prompt writing '3,6' verified (the notation not enforced)",
     _LINEAR + "task.py", '    if "decimal_comma" in c.format and any(_DECIMAL_WRITTEN.search(step.text) for step in steps):',
     '    if False and any(_DECIMAL_WRITTEN.search(step.text) for step in steps):', _TESTS),
    ("linG-comma-not-read", "'x = 2,5' read as 'x = 2' for a prompt writing its decimals with a comma",
     _LINEAR + "task.py", '    if "decimal_comma" not in c.format:\n        return steps\n', "    if True:\n        return steps\n", _TESTS),
    ("linG-comma-flag-dropped", "the decimal comma not kept in the constraints (keys and checks no longer know it)",
     _LINEAR + "chain.py", '        if problem.decimal_comma:  # the prompt', "        if False:  # the prompt", _TESTS),
    ("linG-box-not-read", "the boxed line read as written by the value checks ('\\boxed{9}' unread: not served)",
     _LINEAR + "task.py", "    if c.answer_form != BOXED:\n        return steps\n", "    if True:\n        return steps\n", _TESTS),
    ("linG-box-any-line", "the value checks read a boxed line as the answer for any asked name (x's value for '2x')",
     _LINEAR + "task.py", "    name = written_target(c.target) if c.target else c.asked_or_all[0]\n", "    name = c.asked_or_all[0]\n", _TESTS),
    ("linG-box-template-dropped", "'put the final answer in \\boxed{}' read with no template (the box not enforced)",
     _LINEAR + "reader.py", "        self.answer_forms.append(AnswerForm(BOXED, \"\"))\n", "        pass\n", _TESTS),
    ("linG-comma-derivation-not-own", "the engine's comma-written derivation compared after its commas are read ('(0,25)y = 5' an old constant)",
     _LINEAR + "task.py", "    fresh = cached is not None and _derivation_of(written, new)\n",
     "    fresh = cached is not None and _derivation_of(steps, new)\n", _TESTS),
]
# fmt: on
