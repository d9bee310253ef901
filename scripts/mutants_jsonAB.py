"""Mutation-check rows for wip/jsonAB (issue 33 items 3/4): the request frame and the value tokens (sentence-final
"please", de "Mach daraus bitte JSON", "As JSON please:", ISO dates and IPv4 addresses as strings, YAML's date as that
string, "for this log entry" / "for my config"). Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_READER = "stepcache_integrations/core/tasks/json/reader.py"
_YAML = "stepcache_integrations/core/tasks/json/yaml_block.py"
_GRAMMAR = "stepcache_integrations/core/tasks/json/request.lark"
_DE = "stepcache_integrations/core/tasks/json/vocabulary/de.json"
_EN = "stepcache_integrations/core/tasks/json/vocabulary/en.json"
_ES = "stepcache_integrations/core/tasks/json/vocabulary/es.json"
_JA = "stepcache_integrations/core/tasks/json/vocabulary/ja.json"
_IT = "stepcache_integrations/core/tasks/json/vocabulary/it.json"
_TESTS = ("tests/adversarial/test_json_frame_values_jsonAB.py",)

# The characters that may not touch a date or an address (_AFTER_SHAPED) and the YAML date's isoformat check are
# defence in depth: a mutant that drops either survives, since the cutter reads no leftover character ("/05", "T10:00",
# ":8080") and YAML reads the same text the reader does; neither has a row here.
# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonAB-date-not-a-date", "'date: 2027-02-30' (no calendar date) is read as the string '2027-02-30'",
     _READER, '            return None  # "2027-02-30": no date\n', "            pass\n", _TESTS),
    ("jsonAB-ipv4-octet-unbounded", "'host=10.0.0.256' (no address) is read as a string address",
     _READER, '_OCTET = r"(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)"', '_OCTET = r"\\d{1,3}"', _TESTS),
    ("jsonAB-shaped-values-lost", "ISO dates and IPv4 addresses as values are no claim again (reach lost)",
     _READER, "    shaped = _shaped_string_at(text, pos)\n", "    shaped = None\n", _TESTS),
    # jsonAB-yaml-date-string-lost retired (main, 2026-12-06): the YAML-date reading was withdrawn (W27 pins it no claim)
    ("jsonAB-polite-stmts-lost", "'..., please.' after the statements is no claim again (reach lost)",
     _GRAMMAR, "%extend stmts: stmts COMMA PLEASE -> polite_stmts\n", "", _TESTS),
    ("jsonAB-for-def-object-lost", "'for this log entry:', 'for my config:' are no claim again (reach lost)",
     _GRAMMAR, "%extend entity: FOR DEF OBJECT -> no_entity\n", "", _TESTS),
    ("jsonAB-de-db-konfiguration-lost", "de 'JSON für die DB-Konfiguration: ...' is no claim again (the table word deleted)",
     _DE, ',\n   "db-konfiguration"', "", _TESTS),
    ("jsonAB-en-log-entry-lost", "'for this log entry' is no claim again (the table word deleted)",
     _EN, ',\n   "log entry"', "", _TESTS),
    ("jsonAB-fields-heading-lost", "'Output only JSON, no explanation. Fields: title = ..., year = ...' is no claim again (reach lost)",
     _GRAMMAR, "%extend stmt_sentence: KEYWORD COLON stmts\n                     |", "%extend stmt_sentence:", _TESTS),
    ("jsonAB-fields-heading-lines-lost", "'Fields:' on its own line before the statement lines is no claim again (reach lost)",
     _GRAMMAR, "                     | KEYWORD COLON STOP+ stmts\n", "", _TESTS),
    ("jsonAB-es-same-keys-lost", "es 'Pásame esto a JSON con las mismas claves:' is no claim again (the table phrase deleted)",
     _ES, '"con las mismas claves", ', "", _TESTS),
    ("jsonAB-ja-next-values-lost", "ja '次の値でJSONを作って：...' is no claim again (the table phrase deleted)",
     _JA, ',\n   "次の値で"', "", _TESTS),
    ("jsonAB-ja-answer-verb-lost", "ja 'JSON だけで答えて：...' is no claim again (the table phrase deleted)",
     _JA, ', "で答えて"', "", _TESTS),
    ("jsonAB-two-nothing-lost", "'Return only valid JSON, no markdown fences, no explanation. Fields: ...' is no claim again (reach lost)",
     _GRAMMAR, "%extend request: lead noun COMMA NOTHING COMMA NOTHING tail? politely?\n", "", _TESTS),
    ("jsonAB-it-niente-testo-lost", "it 'Voglio solo il JSON, niente testo: ...' is no claim again (the table phrase deleted)",
     _IT, ',\n   "niente testo"', "", _TESTS),
]
# fmt: on
