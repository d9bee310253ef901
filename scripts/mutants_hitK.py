"""Mutation-check rows for branch wip/hitK (issue 33, item 5): the writing transport of a problem-key hit
(docs/shape-proofs.md, "Sides swapped"; ``LinearEquationTask.written_otherwise`` and ``carried``,
``planner._entry_checks``): each condition dropped must be caught. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear/"
_T = "tests/unit/test_writing_transport_hitK.py"


def _t(*names: str) -> tuple[str, ...]:
    return tuple(f"{_T}::{name}" for name in names)


# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("hitK-asks-not-compared", "'20 = 5 + 3y' or another format carried from '3x + 5 = 20' (what is asked not compared)",
     _LIN + "task.py", "or new.target or _asks(new) != _asks(cached):", "or new.target:",
     _t("test_trap_renamed_unknowns", "test_trap_another_format")),
    ("hitK-target-carried", "an asked expression's problem carried (its lines are blanked before the equations are read)",
     _LIN + "task.py", "or not new.solution or new.target or", "or not new.solution or",
     _t("test_trap_an_asked_expression")),
    ("hitK-stale-constants", "a constant of the cached problem the new one lacks carried (no stale-constant check)",
     _LIN + "task.py", "    if _stale_numbers(cached, new):\n        return False", "    if False:\n        return False",
     _t("test_trap_a_stale_constant")),
    ("hitK-same-writing", "an equal writing asked to transport (its proofs are met as they are)",
     _LIN + "task.py", "if new.equation_texts == cached.equation_texts or not new.solution", "if not new.solution",
     _t("test_trap_the_same_writing_is_no_transport")),
    ("hitK-same-writing-early", "an equal writing's stored form read to transport (its proofs are met as they are)",
     _LIN + "task.py", "        if _written_texts(cached_constraints) == new.equation_texts:\n            return None\n", "",
     _t("test_trap_the_same_writing_is_no_transport")),
    ("hitK-sides-not-paired", "another equation of the same numbers carried (the problems' sides not compared)",
     _LIN + "chain.py", "len(a) == len(b) and all(_same(p, q) for p, q in zip(a, b)) and (", "len(a) == len(b) and (",
     _t("test_trap_another_equation_with_the_same_numbers")),
    ("hitK-numbers-not-compared", "'20 = 5 + 3x + 0' carried (the numbers the arithmetic rule reads not compared)",
     _LIN + "chain.py", "{abs(n) for eq in a for n in eq.numbers} == {abs(n) for eq in b for n in eq.numbers})", "True)",
     _t("test_trap_another_equation_with_the_same_numbers")),
    ("hitK-restated-under-new", "wip/hitE's '3x + 2 = 17' carried to '3x + 5 = 20' (restatement under the new writing)",
     _LIN + "chain.py", "if restates_another(eq, a) or restates_another(eq, b):", "if restates_another(eq, b):",
     _t("test_trap_a_chain_restating_another_problem_in_the_old_writing")),
    ("hitK-restated-under-stored", "wip/hitE's '3x + 2 = 17' carried from '3x + 5 = 20' (restatement under the stored one)",
     _LIN + "chain.py", "if restates_another(eq, a) or restates_another(eq, b):", "if restates_another(eq, a):",
     _t("test_trap_a_chain_restating_another_problem_in_the_old_writing")),
    ("hitK-packed-under-new", "a system restated on one line in the old writing carried (two steps on a line here)",
     _LIN + "chain.py", "(_any_packed(bodies, given_a) or _any_packed(bodies, given_b))", "_any_packed(bodies, given_b)",
     _t("test_trap_a_system_restated_on_one_line_in_the_old_writing")),
    ("hitK-packed-under-stored", "a system restated on one line in the new writing carried (packed under the stored one)",
     _LIN + "chain.py", "(_any_packed(bodies, given_a) or _any_packed(bodies, given_b))", "_any_packed(bodies, given_a)",
     _t("test_trap_a_system_packed_under_the_stored_writing_only")),
    ("hitK-no-step-required", "the engine's system derivation carried where steps are asked (skipped only as its own)",
     _LIN + "chain.py", "    return any(_states_a_step(body, problem_a) for body in bodies)\n", "    return True\n",
     _t("test_trap_the_engines_system_derivation_where_steps_are_asked")),
    ("hitK-prose-not-failed", "unread prose passed for a changed problem (the carried verdicts skip _fail_unread_prose)",
     _LIN + "task.py",
     "        _fail_unread_prose(read, verdicts, frozenset(new.variables), new.answer_form, new.answer_label)\n", "",
     _t("test_unread_prose_is_computed_for_the_new_writing", "test_the_transport_is_the_full_check_on_drawn_shapes")),
    ("hitK-prose-always", "unread prose failed for a writing that changes nothing the rule compares ('3x+5=20')",
     _LIN + "task.py", "if _point_written(steps, new) or not _problem_changed(cached, new):", "if _point_written(steps, new):",
     _t("test_unread_prose_is_computed_for_the_new_writing")),
    ("hitK-evidence-kept-on-fail", "a unit the carried prose rule fails keeps its evidence (the full check drops it)",
     _LIN + "task.py", "UnitCheck(u.name, v.ok, v.reason, u.evidence if v.ok else \"\")",
     "UnitCheck(u.name, v.ok, v.reason, u.evidence)", _t("test_unread_prose_is_computed_for_the_new_writing")),
    ("hitK-not-built-in", "a user's task (its own verify) carried (the transport is the built-in checks' claim)",
     "stepcache_integrations/core/planner.py", "if WRITING_TRANSPORT and otherwise is not None and _builtin(handler):",
     "if WRITING_TRANSPORT and otherwise is not None:", _t("test_a_task_not_built_in_is_checked_in_full")),
    ("hitK-final-check-cached", "every candidate's final check asked under the cached constraints (the new format unread)",
     "stepcache_integrations/core/planner.py", "PROOFS.answer_errors(handler, checked, constraints if carried is None else cached)",
     "PROOFS.answer_errors(handler, checked, cached)", _t("test_trap_another_format")),
]
# fmt: on
