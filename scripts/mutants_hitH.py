"""Mutation-check rows for wip/hitH (issue 33, hit path): exact cuts, no new rule. Each row makes a cut
drift from the computation it replaced (the stored form's frozen key written from the fields, the
slot pattern that skips lowercase words, the linear keys' text, the plan memo's override test);
tests/unit/test_hit_path_hitH.py must catch each. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_CHAIN = "stepcache_integrations/core/tasks/linear/chain.py"
_DIFF = "stepcache_integrations/core/tasks/prompt_diff.py"
_TASK = "stepcache_integrations/core/tasks/linear/task.py"
_PLANNER = "stepcache_integrations/core/planner.py"
_ALGEBRA = "stepcache_integrations/core/tasks/algebra.py"
_T = "tests/unit/test_hit_path_hitH.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("hitH-frozen-key-drops-answer-form", "the constraints' frozen key (proof memo keys) without the answer template",
     _CHAIN, "        if self.answer_form:\n            items.append((_ANSWER_FORM, _frozen_item(self.answer_form)))\n", "",
     (_T, "-k", "frozen_key")),
    ("hitH-frozen-key-number-typed", "a solution value frozen as the Fraction instead of its stored text",
     _CHAIN, '(_frozen_item(v), ("str", str(value)))', '(_frozen_item(v), freeze(value))', (_T, "-k", "frozen_key")),
    ("hitH-frozen-key-subclass-ignored", "a subclass writing another stored form keyed by the linear form's fields",
     _CHAIN, "if type(self).to_dict is not LinearConstraints.to_dict or self.solution is None:",
     "if self.solution is None:", (_T, "-k", "frozen_key or subclass")),
    ("hitH-slot-words-skip-underscore", "a lowercase word with an underscore ('snake_case') no longer a slot",
     _DIFF, 'r"(?P<ident>\\b(?=[a-z]*[A-Z0-9_])', 'r"(?P<ident>\\b(?=[a-z]*[A-Z0-9])', (_T, "-k", "extract_slots")),
    ("hitH-canonical-text-unquoted", "the linear keys' parts joined unquoted ('a b' and 'a', 'b' one key)",
     _TASK, '" ".join(map(repr, field))', '" ".join(map(str, field))', (_T, "-k", "canonical or keys")),
    ("hitH-plan-key-registry-unchecked", "a registry with a patched select memoised",
     _PLANNER, "if not _OVERRIDES[TaskRegistry].isdisjoint(vars(tasks)) or not all(map(_builtin, tasks.handlers)):",
     "if not all(map(_builtin, tasks.handlers)):", (_T, "-k", "plan_key")),
    ("hitH-runs-any-known-name", "an ASCII text read by the one pattern whatever names are known ('ab' no longer math)",
     _ALGEBRA, "if text.isascii() and (not known or all(_VAR_LIKE.match(name) for name in known)):",
     "if text.isascii():", (_T, "-k", "known")),
]
# fmt: on
