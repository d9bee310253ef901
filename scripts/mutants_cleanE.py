"""Mutation-check rows for wip/cleanE (2026-12-05): dead code and duplication in the request readers; a row for W26's
"and ended the list" on wip/jsonR6's labelled-list path, which the review asked about (live, and no row had it).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_AND = ("tests/adversarial/test_list_after_and_cleanE.py",)
_LINEAR = "stepcache_integrations/core/tasks/linear"
_SUM = ("tests/adversarial/test_asked_sum_cleanE.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("cleanE-closed-list-item", "'as a list of strings: black and white, blue' is served three tags (an item after 'and' not last)",
     f"{_JSON}/reader.py", "        if key in self.closed_lists:\n", "        if False:\n", _AND),
    ("cleanE-closed-list-mark", "'a list of these colors: red and blue, green' is served three tags ('and' closes no list)",
     f"{_JSON}/reader.py", "            self.closed_lists.add(key)\n", "            pass\n", _AND),
    # linear "the sum of x and y": live reach no test had (coverage of the corpora and the linear suites)
    ("cleanE-sum-as-difference", "'Find the sum of x and y' served x - y", f"{_LINEAR}/reader.py",
     '        return self._asked_expression(f"{first} + {second}")', '        return self._asked_expression(f"{first} - {second}")', _SUM),
    ("cleanE-sum-rule", "'Find the sum of x and y' is not derived (a model call)", f"{_LINEAR}/request.lark",
     "       | ART? SUM OF VAR AND VAR -> sum\n", "", _SUM),
]
# fmt: on
