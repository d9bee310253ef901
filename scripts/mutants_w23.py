"""Mutation-check rows for W23 (red team 18): a number read two ways in a template's expression, a
passage item nothing shows to be one, modal copulas in English word problems.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_LINEAR = "stepcache_integrations/core/tasks/linear"
_W23 = ("tests/adversarial/test_red_team_18_w23.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w23-expression-group-read", "de 'Gib {\"summe\": <Wert>} zurück für 17.500 + 38' is served 55.5 (17538 meant)",
     f"{_JSON}/reader.py", "if run is None or any(read_two_ways(number) for number in run.group().split()[::2]):",  # re-anchored by wip/cleanD
     "if run is None:", _W23),
    ("w23-sentence-capital-evidence", "'Every Nimbus 7 costs $349.' is served product 'Every Nimbus 7'",
     f"{_JSON}/passage.py", ' and (children[0].type == "DET" or item[0].type != "NAME"):', ":", _W23),
    ("w23-en-every-a-name", "'The Every Nimbus 7 costs $349.' is served product 'Every Nimbus 7'",
     f"{_JSON}/passage/vocabulary/en.json", '"you", "every", "neither"', '"you", "neither"', _W23),
    ("w23-pt-nenhum-a-name", "pt 'O cliente Nenhum pagou 87,5 reais.' is served cliente 'Nenhum'",
     f"{_JSON}/passage/vocabulary/pt.json", '"nenhum", "nenhuma", ', '"nenhuma", ', _W23),
    ("w23-will-be-is", "'Tom will be 50' is read as Tom's present age in an English word problem",
     f"{_LINEAR}/vocabulary/en.json", '   "comes out to"\n  ],', '   "comes out to",\n   "will be"\n  ],', _W23),
]
# fmt: on
