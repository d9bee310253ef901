"""Mutation-check rows for branch wip/tpl (issue 33): the fallback's language-neutral working for
a linear request in another language than English (W4), list numbers read as numbered steps, and
the held-out templates' classes read (below). Appended by ``mutants.py`` to its table:
(id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LINEAR = "stepcache_integrations/core/tasks/linear/"
_W4 = ("tests/adversarial/test_fallback_language.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("tpl-w4-english-for-every-language", "the fallback writes its English steps for a request in any language (W4 reopened)",
     _LINEAR + "task.py", "    if c.language != ENGLISH:  # W4", "    if False:  # W4", _W4),
    ("tpl-w4-label-dropped", "the request's own answer label dropped from the neutral answer line ('Réponse finale:' not written)",
     _LINEAR + "task.py", "    if labelled:\n        final_line = labelled\n", "    if False:\n        final_line = labelled\n", _W4),
    ("tpl-w4-unnumbered", "numbered steps asked in another language written unnumbered",
     _LINEAR + "task.py", '    if "numbered" in c.format:\n        working = [f"{i}. {line}"',
     '    if False:\n        working = [f"{i}. {line}"', _W4),
    ("tpl-numbered-decimal-label", "a decimal read as a list number ('1.5x + 5 = 20' counted as step 1)",
     _LINEAR + "chain.py", '|(\\d{1,3})[.)](?=\\s))", re.IGNORECASE)', '|(\\d{1,3})[.)])", re.IGNORECASE)', _W4),
    ("tpl-numbered-any-order", "list numbers in any order count as numbered steps",
     _LINEAR + "chain.py", "    return all(numbers) and [int(m.group(1) or m.group(2)) for m in numbers if m] == list(range(1, len(working) + 1))",
     "    return all(numbers)", _W4),
]
# fmt: on
