"""Mutation-check rows for W25 (red team 19): template values that name no one, pronouns' numbers,
quoted CSV cells, formulas asked about.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_LINEAR = "stepcache_integrations/core/tasks/linear"
_W25 = ("tests/adversarial/test_red_team_19_w25.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w25-template-never-names-off", "'The name is Nobody and he has 92 points' fills <name> with 'Nobody'",
     f"{_JSON}/reader.py", "    if template and any(isinstance(st.value, str)", "    if False and any(isinstance(st.value, str)", _W25),
    ("w25-table-never-names-off", "de 'mit Name Montag' fills <name> with a calendar word (the JSON tables' own never_names unread)",
     f"{_JSON}/reader.py", 'never_names(language) | frozenset(fold(word) for word in _TABLES.get(language, {}).get("never_names", ()))',
     "never_names(language)", _W25),
    ("w25-en-nowhere-a-name", "'with city Nowhere and temp 21' fills <city> with 'Nowhere'",
     f"{_JSON}/vocabulary/en.json", '"never_names": ["nowhere", ', '"never_names": [', _W25),
    ("w25-de-montag-a-name", "de 'mit Name Montag und Punkte 92' fills <name> with 'Montag'",
     f"{_JSON}/vocabulary/de.json", '"never_names": ["montag", ', '"never_names": [', _W25),
    ("w25-csv-quotes-dropped", "'A1,\"true\",7' is served active true (the quotes dropped, as csv reads them)",
     f"{_JSON}/pastes.py", "        keys = frozenset(key for key, flag in zip(header, quoted[0]) if flag)\n",
     "        keys = frozenset()\n", _W25),
    ("w25-buyer-unchecked", "'I bought ... How many notebooks did she buy?' is served my count as hers",
     f"{_LINEAR}/word_problems.py", "            if person is not None and self.__dict__.setdefault(\"buyer\", person) != person:\n                raise Declined\n",
     "            pass\n", _W25),
    ("w25-en-she-buys-unknown", "'I bought ... How many notebooks did she buy?' is read (the en table's 'did she buy' no person)",
     f"{_LINEAR}/vocabulary/en.json", '"did she buy": "3", ', "", _W25),
    ("w25-formula-asked", "'Total = price + qty?' is served total 7 as a declared formula",
     f"{_JSON}/reader.py", " or _sentence_asks(prompt, start):\n", ":\n", _W25),
]
# fmt: on
