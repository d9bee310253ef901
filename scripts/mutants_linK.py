"""Mutation-check rows for branch wip/linK (issue 33 item 2): where the rewrite of a cached working
cannot carry it to the new prompt, the engine writes the derivation from the new prompt's proven
solution (exact values where neither the equations nor the format write a decimal). Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_TESTS = ("tests/adversarial/test_linear_reach_linK.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linK-same-kind-off", "a cached model working the rewrite cannot carry is no longer replaced by the engine's derivation (2x2 systems with other coefficients go to the model)",
     _LINEAR + "task.py", "    return bool(new.solution) and len(cached.variables) == len(new.variables) and not _chained(new)\n", "    return False\n", _TESTS),
    ("linK-same-kind-any-count", "a cached system stands for a one-unknown problem (the count of unknowns not compared)",
     _LINEAR + "task.py", "    return bool(new.solution) and len(cached.variables) == len(new.variables) and not _chained(new)\n", "    return bool(new.solution) and not _chained(new)\n", _TESTS),
    ("linK-failed-rewrite-returned", "a rewrite the checks refuse returned as the re-instantiation (the engine's derivation not written: 9x = 126)",
     _LINEAR + "task.py", "                result is None or not self.verify(result, new, cached).passed or _format_errors(result, new)):\n",
     "                result is None):\n", _TESTS),
    ("linK-written-inexact", "the derivation written anew states decimals the equations do not write ('x = 0.6' for 3/5: refused, not served)",
     _LINEAR + "task.py", "    lines = _fallback_lines(new, new.solution or {}, exact=exact)\n", "    lines = _fallback_lines(new, new.solution or {})\n", _TESTS),
    ("linK-final-always-fraction", "the answer line written as a fraction whatever the format asks ('Give the answer as a decimal': 7/2)",
     _LINEAR + "task.py", "    final: Callable[[Fraction], str] = _fraction_written if exact else partial(_in_form, c)\n",
     "    final: Callable[[Fraction], str] = _fraction_written\n", _TESTS),
    ("linK-exact-despite-decimal", "the derivation written anew with fractions where the format asks a decimal",
     _LINEAR + "task.py", '    return not ({"decimal", "decimal_comma"} & set(c.format)) and not any("." in text for text in c.equation_texts)\n',
     '    return not any("." in text for text in c.equation_texts)\n', _TESTS),
]
ROWS += [
    ("linK-chain-written", "a chain 'a = b = c' (a list mistyped: '16+ x + y = 6') answered by the engine's derivation with no model call",
     _LINEAR + "task.py", "    return bool(new.solution) and len(cached.variables) == len(new.variables) and not _chained(new)\n",
     "    return bool(new.solution) and len(cached.variables) == len(new.variables)\n", _TESTS),
]
ROWS += [
    ("linK-wp-each-any-poss", "a price closed by any possessive read as a price each ('for 9 dollars its')",
     _LINEAR + "word_problems.py", '        if closing.type == "POSS" and fold(closing.value) not in _EACH:\n', "        if False:\n", _TESTS),
    ("linK-wp-payer-unchecked", "a total paid by another person than the buyer read as the buyer's ('Maria buys x pens ...; Tom pays 57 dollars')",
     _LINEAR + "word_problems.py", '        if name is not None and self.__dict__.setdefault("payer", name) != name:\n', "        if False:\n", _TESTS),
    ("linK-wp-goods-any", "the goods counted not compared with the goods priced ('pens for 9 dollars each ... buys x pencils')",
     _LINEAR + "word_problems.py", '        unit = _Unit("WP_GOODS " + _ITEM_FORMS.get(word, word))\n', '        unit = _Unit("WP_GOODS")\n', _TESTS),
    ("linK-wp-template-unread", "a word problem ending with a quoted answer template is no claim again (the hard workload's word problem goes to the model)",
     _LINEAR + "word_problems.py", '        if word is not None and word.kind in ("EQ", "EXPR", "JSON_FORM"):\n',
     '        if word is not None and word.kind in ("EQ", "EXPR", "JSON_FORM", "ANSWER_FORM"):\n', _TESTS),
    ("linK-wp-template-implicit", "a template read beside the user's words for the quantity ('How many miles did I ride? End with \"Answer: x = <value>\"')",
     _LINEAR + "word_problems.py", "        if form is None or (form and implicit):\n", "        if form is None:\n", _TESTS),
]
# fmt: on
