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
]
# fmt: on
