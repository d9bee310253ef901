"""Mutation-check rows for wip/cleanI (issue 33: the mutation check covers the grammar files): the judge
``scripts/grammar_check.py`` (the mutants it makes are the ones described) and grammar alternatives first witnessed
by ``tests/fixtures/vocabulary_witnesses.jsonl`` for its CI sample. Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_CHECK = "scripts/grammar_check.py"
_MADE = ("tests/unit/test_grammar_check.py::test_each_alternative_is_deleted_each_terminal_swapped_each_optional_flipped",)
_WITNESSES = ("tests/unit/test_vocabulary_witnesses.py",)
_TASKS = "stepcache_integrations/core/tasks/"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("cleanI-check-first-alternative-kept", "the grammar check's deletion of a rule's first alternative deletes nothing",
     _CHECK, "            start, end = (alt.start, alts[1].start) if i == 0 else (alts[i - 1].end, alt.end)",
     "            start, end = (alt.start, alt.start) if i == 0 else (alts[i - 1].end, alt.end)", _MADE),
    ("cleanI-check-terminal-swapped-for-itself", "the grammar check swaps a terminal for itself (no swap mutant made)",
     _CHECK, "    sibling = {name: declared[(i + 1) % len(declared)] for i, name in enumerate(declared)}",
     "    sibling = {name: declared[i] for i, name in enumerate(declared)}", _MADE),
    ("cleanI-zh-system-turn-stop-required", "a zh system turn without its full stop ('系统：只要数字\\n用户：14乘以11等于多少？') no longer read",
     _TASKS + "arithmetic/request.lark", "     | SYSTEM only_number STOP? TURN USER glued (only_number STOP?)?",
     "     | SYSTEM only_number STOP TURN USER glued (only_number STOP?)?", _WITNESSES),
    ("cleanI-json-greeting-alone-dropped", "a greeting alone before a JSON request ('Hello! Return JSON with keys name and age.') no longer read whole",
     _TASKS + "json/request.lark", "%extend courtesy: GREETING | GREETING COURTESY PLEASE? | GREETING PLEASE",
     "%extend courtesy: GREETING COURTESY PLEASE? | GREETING PLEASE", _WITNESSES),
    ("cleanI-linear-gauge-reads-dropped", "'A thermometer reads 4 degrees and climbs 2 degrees every hour. ...' no longer read (WP_READS dropped)",
     _TASKS + "linear/request.lark", "WP_GAUGE (WP_READS | EQUALS) wp_level AND WP_RISES",
     "WP_GAUGE (EQUALS) wp_level AND WP_RISES", _WITNESSES),
]
# fmt: on
