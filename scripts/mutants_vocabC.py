"""Mutation-check rows for wip/vocabC (issue 33: every vocabulary entry under test): the judge
``scripts/vocabulary_check.py`` (a mutant it makes is the one applied and the one the readers read)
and table entries first witnessed by ``tests/fixtures/vocabulary_witnesses.jsonl``. Appended by
``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_CHECK = "scripts/vocabulary_check.py"
_CONTRACT = ("tests/unit/test_vocabulary_check.py",)
_WITNESSES = ("tests/unit/test_vocabulary_witnesses.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("vocabC-check-deletion-not-applied", "the vocabulary check's deleted word stays in the table (every deletion judged uncovered or caught by nothing)",
     _CHECK, "        del _at(data, mutant.where)[mutant.item]\n", "        pass\n", _CONTRACT),
    ("vocabC-check-value-unchanged", "the vocabulary check's changed value is left as it was ('dreimal so alt wie': 3 stays 3)",
     _CHECK, "                container[mutant.item] = _other_value(container[mutant.item], list(container.values()))",
     "                pass", _CONTRACT),
    ("vocabC-check-mutant-not-read", "the readers read the table file, not the mutated text the check loads (every mutant uncovered)",
     _CHECK, "            return text if text is not None else original(path, *args, **kwargs)",
     "            return original(path, *args, **kwargs)", _CONTRACT),
    ("vocabC-it-divided-by-deleted", "'diviso per' deleted from the Italian arithmetic table ('Quanto fa 14 diviso per 4?' no longer read)",
     "stepcache_integrations/core/tasks/arithmetic/vocabulary/it.json", '   "diviso",\n   "diviso per"\n', '   "diviso"\n', _WITNESSES),
    ("vocabC-pt-twice-swapped", "'o dobro de' filed as triple in the Portuguese arithmetic table ('Quanto é o dobro de 8?' read as 3 * 8)",
     "stepcache_integrations/core/tasks/arithmetic/vocabulary/pt.json", '  "TWICE": ["o dobro de"],\n  "TRIPLE": ["o triplo de"],',
     '  "TWICE": [],\n  "TRIPLE": ["o triplo de", "o dobro de"],', _WITNESSES),
    ("vocabC-es-pastes-verb-deleted", "'convierte' deleted from the Spanish pastes table (a CSV line to convert no longer read)",
     "stepcache_integrations/core/tasks/json/pastes/vocabulary/es.json", '   "convierte",\n', "", _WITNESSES),
    ("vocabC-zh-pastes-verb-deleted", "'转成' deleted from the Chinese pastes table ('把这一行转成JSON对象' no longer read)",
     "stepcache_integrations/core/tasks/json/pastes/vocabulary/zh.json", '   "转成",\n', "", _WITNESSES),
    ("vocabC-it-passage-no-name-deleted", "'nessuno' deleted from the Italian passage's words that name no one ('con nome Nessuno' read as a name)",
     "stepcache_integrations/core/tasks/json/passage/vocabulary/it.json", '"NOT_NAME": ["nessuno", ', '"NOT_NAME": [', _WITNESSES),
]
# fmt: on
