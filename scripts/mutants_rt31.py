"""Mutation-check rows for red team 31 (classes 1-3, the lead): a prompt asking the steps is served or stores an
answer only when its working holds a step (``chain.derivation_errors``); one step per line asked, two steps on a line
fail. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_CHAIN = "stepcache_integrations/core/tasks/linear/chain.py"
_TASK = "stepcache_integrations/core/tasks/linear/task.py"
_T = ("tests/adversarial/test_red_team_31_steps_shown.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("rt31-steps-rule-unused", "a plain 'x = 2' re-instantiated with an 'Answer:' line served where steps are asked",
     _TASK, "        errors = derivation_errors(steps, c.format, c.equation_texts)\n", "        errors = []\n", _T),
    ("rt31-values-only-a-step", "'x = 2\\nx = 2', '2 = x' count as a step (a value alone not told apart)",
     _CHAIN, "    return len(stated) > 1 or not any(\n", "    return True or not any(\n", _T),
    ("rt31-restated-a-step", "'7 = 2x + 3\\nx = 2' (the problem restated, sides swapped) counts as a step",
     _CHAIN, "    if not eq.identifiers or not eq.form.coeffs or any(_same(eq, p) for p in problem):\n",
     "    if not eq.identifiers or not eq.form.coeffs:\n", _T),
    ("rt31-tautology-a-step", "'x = x\\nx = 2' (a tautology) counts as a step",
     _CHAIN, "    if not eq.identifiers or not eq.form.coeffs or any(_same(eq, p) for p in problem):\n",
     "    if not eq.identifiers or any(_same(eq, p) for p in problem):\n", _T),
    ("rt31-zero-one-numbers", "'x + 0 = 2', '1x = 2' count as a step (0 and 1 counted as stated numbers)",
     _CHAIN, "    stated = [n for n in eq.numbers if n not in (0, 1)]", "    stated = list(eq.numbers)", _T),
    ("rt31-engine-derivation-unexempt", "the engine's own system derivation fails 'Show your steps' (the model is called instead)",
     _TASK, "    if not errors and \"steps\" in c.format and not _derivation_of(steps, c):",
     "    if not errors and \"steps\" in c.format:", _T),
    ("rt31-step-label-kept", "'1. x = 2\\n2. x = 2': the step number read as part of the line (a step)",
     _CHAIN, "    return (line[label.end():] if label else line).replace(\"*\", \"\")\n",
     "    return line.replace(\"*\", \"\")\n", _T),
    ("rt31-packed-unchecked", "'2x = 6, x = 3' on one line served where one step per line is asked",
     _CHAIN, "    if \"lines\" in fmt and any(_packed(body, restated) for body in bodies):\n",
     "    if False:\n", _T),
    ("rt31-packed-values-statement", "the engine's own 'gives x = 6, y = 3' counted as two steps (its derivation fails one step per line)",
     _CHAIN, "        _VALUES_ONLY.match(eq) for eq in equations)\n", "        False for eq in equations)\n", _T),
]
ROWS += [
    ("rt31-clause-label", "'Subtract 4 and divide by 3: x = 5' read as the answer alone (any clause before a colon a label)",
     _CHAIN, '    rf"\\s*\\**\\s*(?:{_LABEL_WORDS}\\s*:\\s*\\**\\s*)?',
     '    rf"\\s*\\**\\s*(?:[^\\W\\d_][\\w ]*:\\s*\\**\\s*)?', _T),
    ("rt31-clause-label-target", "'Subtract 4 and divide: x^2 = 25' read as the asked expression alone",
     _CHAIN, "    if colon and not _SHORT_LABEL.fullmatch(label):", "    if False:", _T),
]
ROWS += [
    ("rt31b-bare-form-fraction", "'0.25' then 'What is 1 / 3?' served '1/3' as the number alone a bare-number history asks",
     "stepcache_integrations/core/tasks/arithmetic/task.py",
     "        if not new.claimed or new.form not in (\"\", \"value\") or new.value is None or new.value.denominator != 1:\n",
     "        if not new.claimed or new.form not in (\"\", \"value\") or new.value is None:\n",
     ("tests/adversarial/test_history_answer_forms.py",)),
]
ROWS += [
    ("rt31-rearranging-verb-unread", "'Collect the x terms ...: x = 2' (the fuzz oracle's answer) refused as no step",
     _CHAIN, "    return bool(REARRANGING.search(body)) and bool(equations) and not any(", "    return False and not any(", _T),
    ("rt31-rearranging-restated", "'Simplify: 2x + 3 = 7' (a rearranging verb before the given equation) counted as a step",
     _CHAIN, "    return bool(REARRANGING.search(body)) and bool(equations) and not any(_same(eq, p) for eq in equations for p in problem)",
     "    return bool(REARRANGING.search(body)) and bool(equations)", _T),
]
