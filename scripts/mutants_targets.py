"""Mutation-check rows for asked expressions (issue 33: "x squared", "2x", the other unknown of a
system served from the verified chain): each breaks one promise. Appended by ``mutants.py`` to its
table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_PAIRS = "tests/adversarial/test_asked_expressions.py"
_JUDGE = "tests/tooling/unit/test_heldout_judge.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("target-squared-read-as-cubed", "'x squared' is read as x^3 (the answer served states 125 for 25)",
     _LINEAR + "reader.py", '        return self._asked_expression(f"{_names(children)[0]}^2")',
     '        return self._asked_expression(f"{_names(children)[0]}^3")', (_PAIRS, "-k", "served_right")),
    ("target-twice-read-as-half", "'twice x' is read as x/2",
     _LINEAR + "reader.py", '        return self._asked_expression(f"2*{_names(children)[0]}")',
     '        return self._asked_expression(f"{_names(children)[0]}/2")', (_PAIRS, "-k", "served_right")),
    ("target-beside-unknown-read", "'find x and x squared' (an unknown and an expression) is claimed",
     _LINEAR + "reader.py", "    if len(transformer.derived) != 1 or names or transformer.template_names:",
     "    if len(transformer.derived) != 1:", (_PAIRS, "-k", "not_modelled")),
    ("target-word-deleted", "'squared' deleted from the English table: 'Give x squared' no longer read",
     _LINEAR + "vocabulary/en.json", '  "SQUARED": [\n   "squared"\n  ]', '  "SQUARED": [\n  ]',
     (_PAIRS, "-k", "no_model_call")),
    ("target-not-in-constraints-key", "the constraints' key leaves out the asked expression (x and x^2 one problem)",
     _LINEAR + "chain.py", "                self.params, self.slots, self.format, self.answer_label, self.language, self.target)",
     "                self.params, self.slots, self.format, self.answer_label, self.language)", (_PAIRS, "-k", "every_key")),
    ("target-not-in-problem-key", "the problem and shape keys leave out the asked expression",
     _LINEAR + "task.py", '        return _canonical_text(\n            ("target", c.target),\n            ("forms", *forms),',
     '        return _canonical_text(\n            ("forms", *forms),', (_PAIRS, "-k", "every_key")),
    ("target-answer-side-unread", "an answer line's left side is not compared with the asked expression ('x = 25' answers x^2)",
     _LINEAR + "chain.py", '    if stated is None or not same_target(stated.group("lhs"), target, variables):',
     "    if stated is None:", (_PAIRS, "-k", "never_verified")),
    ("target-value-unchecked-in-steps", "a step's answer line for the asked expression is not compared with its value",
     _LINEAR + "chain.py", "        if right is None or Fraction(literal) != right:", "        if right is None:",
     (_PAIRS, "-k", "never_verified")),
    ("target-value-unchecked-finally", "the final check does not compare the asked expression's value",
     _LINEAR + "chain.py", "        elif Fraction(literal) != _expected(var, ctx):", "        elif False:",
     (_PAIRS, "-k", "never_verified")),
    ("target-written-line-named-reused", "the answer line the engine wrote is named 'reused' (text nobody cached)",
     "stepcache_integrations/core/planner.py", '        "fallback" if new.meta.get("written_by") == "fallback"',
     '        "reused" if new.meta.get("written_by") == "fallback"', (_PAIRS, "-k", "no_model_call")),
    ("heldout-judge-any-expression", "the held-out judge takes any left side for the derived quantity asked",
     "scripts/heldout_phrasings.py", "        return sympy.simplify(read(written) - read(name)) == 0",
     "        return True", (_JUDGE,)),
    ("target-division-then-product-read", "'x/2x' is read as (x/2)*x and served proven (red team W1)",
     _LINEAR + "targets.py", "            if divided and ((kind, text) in", "            if False and ((kind, text) in",
     (_PAIRS, "-k", "not_modelled")),
    ("target-power-then-division-read", "'x^1/2' is read as x/2 and served proven (red team W1)",
     _LINEAR + "targets.py", '            if self.peek() == ("op", "/") or (self.peek()[0] == "name"',
     '            if False or (self.peek()[0] == "name"', (_PAIRS, "-k", "not_modelled")),
    ("only-named-ignored-after-solve", "'Solve <system>. Give me only x.' answers every unknown (red team W2)",
     _LINEAR + "reader.py", "    asks_all = transformer.asks_all and not (transformer.only_named and transformer.asked_names)",
     "    asks_all = transformer.asks_all", (_PAIRS, "-k", "only_the_unknown")),
]
# fmt: on
