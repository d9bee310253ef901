"""Mutation-check rows for a re-instantiation proven once (wip/hit8, issue 33): the whole chain
checked once per exact texts and problem context, the task's verification once per exact texts and
pair of problems, a passing chain met by the final check's context, the entry's constraints read
once. Each row breaks one promise: a proof met for other texts or constraints, or not made at all.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_CORE = "stepcache_integrations/core/"
_ROUND8 = "tests/unit/test_hit_path_round8.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("proof-memo-cached-problem-ignored", "the task's verification is met for the same steps checked against no cached problem (stale constants pass)",
     _LINEAR + "task.py", "        memo = problem_context(new, cached).proof_memo\n", "        memo = problem_context(new, None).proof_memo\n",
     (_ROUND8,)),
    ("proof-memo-steps-ignored", "the task's verification is met for other steps as many as these",
     _LINEAR + "task.py", "        key = tuple(step.text for step in steps)\n        found = memo.get(key)\n",
     "        key = len(steps)\n        found = memo.get(key)\n", (_ROUND8,)),
    ("chain-memo-unchecked", "a whole chain is kept as passing without being checked (the one remaining proof skipped)",
     _LINEAR + "chain.py", "        found = tuple(verdict.copy() for verdict in _check_steps(steps, ctx, False))\n",
     "        found = tuple(StepVerdict() for _ in steps)\n", (_ROUND8,)),
    ("chain-memo-provisional", "the verifier meets a provisional check's verdicts (an operation with no resulting equation passes)",
     _LINEAR + "chain.py", "    if provisional_tail:\n        return _check_steps(steps, ctx, True)\n    key = tuple(step.text for step in steps)\n",
     "    key = tuple(step.text for step in steps)\n", (_ROUND8,)),
    ("chain-memo-provisional-kept", "a whole chain is checked with a provisional tail (an operation with no resulting equation passes)",
     _LINEAR + "chain.py", "        found = tuple(verdict.copy() for verdict in _check_steps(steps, ctx, False))\n",
     "        found = tuple(verdict.copy() for verdict in _check_steps(steps, ctx, True))\n", (_ROUND8,)),
    ("chain-shared-failing", "a chain with a failing step is kept for the final check's context too (a right answer declined)",
     _LINEAR + "chain.py", "and not ctx.stale_vars and all(v.ok for v in found) and len(", "and not ctx.stale_vars and len(",
     (_ROUND8,)),
    ("planner-rewrite-unproven", "the planner serves a rewrite without its own check against the pair of problems (the final check alone)",
     _CORE + "planner.py",
     "    check = PROOFS.verify(handler, checked, constraints, cached, kept=False)  # see _try_reinstantiate\n    if not proves(check) or PROOFS.answer_errors(",
     "    check = PROOFS.verify(handler, checked, constraints, None, kept=False)  # see _try_reinstantiate\n    if not proves(check) or PROOFS.answer_errors(",
     (_ROUND8,)),
    ("planner-rewrite-check-ignored", "the planner serves a rewrite whatever its own check against the pair of problems found",
     _CORE + "planner.py", "    if not proves(check) or PROOFS.answer_errors(handler, checked, constraints):\n        return None, time.perf_counter() - r0\n",
     "    if PROOFS.answer_errors(handler, checked, constraints):\n        return None, time.perf_counter() - r0\n", (_ROUND8,)),
    ("keyed-loaded-key-of-reading", "an entry's constraints read once are keyed by their reading's stored form (older forms meet no seeded proof)",
     _CORE + "planner.py", "    return Keyed(loaded, found.key, value)\n", "    return Keyed(loaded, keyed(loaded).key, value)\n", (_ROUND8,)),
    ("keyed-loaded-any-reading", "a task's reading of an entry's constraints is passed to its checks though it reads it again otherwise",
     _CORE + "planner.py",
     "        if not isinstance(loaded, TaskConstraints) or handler.load_constraints(loaded) is not loaded:\n            return found\n",
     "", (_ROUND8,)),
]
# fmt: on
