"""Mutation-check rows for wip/fuzzP (2026-12-06): a statement after a "for" word that is a hedge of the table
("about age 31", de "über", es/pt "sobre") is no claim (json/reader.py _hedged; prompt-edit fuzzer, seed 21).
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_TESTS = ("tests/adversarial/test_fuzzP_findings.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("fuzzP-hedge-read-exact", "'with name \"Ana\", about age 31.' is served age 31 (a hedge read as the value)",
     _READER, "    return any(word in hedges for word in transformer.for_words)\n", "    return False\n", _TESTS),
    ("fuzzP-hedge-every-for-word", "every statement after a \"for\" word is no claim ('with name \"Ana\", for age 31.' declined)",
     _READER, "    return any(word in hedges for word in transformer.for_words)\n", "    return bool(transformer.for_words)\n", _TESTS),
    ("fuzzP-hedge-word-unnoted", "the word before a statement said after \"for\" is not noted (every hedge read exact)",
     _READER, "        self.for_words += [fold(str(c)) for c in children[:1] if isinstance(c, Token)]\n", "", _TESTS),
]
# fmt: on
