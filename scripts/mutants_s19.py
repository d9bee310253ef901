"""Mutation-check rows for the session of 2026-12-05 22:06 (main): a grammar that does not build fails
at once on every later prompt; a yes/no question's trailing format ('Answer yes or no.') is read in every table. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_ARITH = "stepcache_integrations/core/tasks/arithmetic"
_YES_NO = ("tests/adversarial/test_yes_no_asked_after.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("s19-grammar-build-error-forgotten", "a grammar that does not build is built again on every prompt (a broken grammar stalls a run)",
     "stepcache_integrations/core/tasks/request_language.py", "            self._build_error = exc\n", "            pass\n",
     ("tests/unit/test_request_shapes.py",)),
    ("s19-yes-no-after-any-question", "'What is 12 * 12? Answer yes or no.' is served 144 (a yes/no format after a number question)",
     f"{_ARITH}/grammar.py", "        if read.yes_no_asked and question.form != \"yesno\":\n", "        if False:\n", _YES_NO),
    ("s19-yes-no-end-rule", "'Is 14 even? Answer yes or no.' is declined (the grammar lost the trailing yes/no format)",
     f"{_ARITH}/request.lark", "       | question _SP YES_NO_END ((STOP | BANG | QMARK) _thanks?)?", "       | question _SP YES_NO_END _SP YES_NO_END", _YES_NO),  # re-anchored by wip/arithX
    ("s19-es-responde-si-o-no", "es '¿Es 15 par? Responde sí o no.' is declined (the table lost 'responde sí o no')",
     f"{_ARITH}/vocabulary/es.json", '   "responde sí o no",\n', "", _YES_NO),
    ("s19-es-mi-numero", "es 'Pienso en un número ... ¿Cuál es mi número?' is declined (the table lost 'mi número')",
     "stepcache_integrations/core/tasks/linear/vocabulary/es.json", ',\n   "mi número"', "", ("tests/adversarial/test_linear_number_phrases_linU.py",)),
    ("s19-de-meine-zahl", "de 'Ich denke mir eine Zahl ... Wie heißt meine Zahl?' is declined (the table lost 'meine zahl')",
     "stepcache_integrations/core/tasks/linear/vocabulary/de.json", ',\n   "meine zahl"', "", ("tests/adversarial/test_linear_number_phrases_linU.py",)),
]
# fmt: on
