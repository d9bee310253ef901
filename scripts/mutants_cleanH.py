"""Mutation-check rows for wip/cleanH (2026-12-06): request-reading code folded with no reading changed (issue 33's
shrink). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_PRICES = ("tests/adversarial/test_linear_priced_parts_linU.py", "tests/adversarial/test_linear_shop_fee_linY.py",
           "tests/adversarial/test_linear_zh_each_linY.py", "tests/adversarial/test_linear_fee_clause_linZ.py")

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    # the one check of an item's price each, folded from three transformer callbacks (seller, unit price, priced part)
    ("cleanH-unit-price-second-kept", "a second price each of one item kept (the last one wins)",
     _LINEAR + "word_problems.py", "        if item.word in prices:\n            raise Declined  # two prices of one item\n",
     "        if False:\n            raise Declined  # two prices of one item\n", _PRICES),
]
# fmt: on
