"""Mutation-check rows for wip/jsonF: a listed key's JSON type said in words beside its key list
("(keys host and port, port as a number)", "with keys name and age, age as an integer: ...", es "como
booleano", fr "en booléen", de "als Zeichenkette", zh "为数字", ja "は数値"). Appended by ``mutants.py``
to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_F = ("tests/adversarial/test_json_said_types_jsonF.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonF-said-all-number", "'age as an integer' or 'active as a boolean' types the key a number ('active yes' then no boolean)",
     f"{_JSON}/reader.py", "        self.typed.append((str(children[0].value), _SAID_NOTES[children[1].type]))",
     '        self.typed.append((str(children[0].value), "number"))', _F),
    ("jsonF-said-integer-as-number", "'age as an integer: age 30.5' is served 30.5 (the note read as any number)",
     f"{_JSON}/reader.py", '"T_INTEGER_SAID": "integer"', '"T_INTEGER_SAID": "number"', _F),
    ("jsonF-said-string-as-number", "'zip as a string: zip 2134' is served the number 2134",
     f"{_JSON}/reader.py", '"T_STRING_SAID": "string"', '"T_STRING_SAID": "number"', _F),
    ("jsonF-rule-bracket", "'(keys name and age, age as an integer): ...' is no claim again (the bracketed note's rule deleted)",
     f"{_JSON}/request.lark", "%extend mod: LPAR key_intro keys COMMA _said_notes RPAR -> with_keys\n           | WITH",
     "%extend mod: WITH", _F),
    ("jsonF-rule-comma", "'with keys host and port, port as a number: ...' is no claim again (the rule after a comma deleted)",
     f"{_JSON}/request.lark", "           | WITH key_intro keys COMMA _said_notes -> with_keys\n", "", _F),
    ("jsonF-rule-zh-comma-keys", "zh '键为 product 和 price（price 为数字）' is no claim again (comma_keys' bracketed note deleted)",
     f"{_JSON}/request.lark", "%extend comma_keys: COMMA DEF? REQUIRED? KEYWORD REQUIRED? (COLON | IS COLON?)? keys LPAR _said_notes RPAR",
     "", _F),
    ("jsonF-rule-two-notes", "'width as a number and height as an integer' is no claim again",
     f"{_JSON}/request.lark", "_said_notes: said_typed | said_typed AND said_typed", "_said_notes: said_typed", _F),
    ("jsonF-boolean-word-lowercase", "fr 'actif en booléen : actif: oui' is no claim again (the table's 'oui' read as a lowercase description)",
     f"{_JSON}/reader.py", "    return not (fold(key) in booleans and isinstance(st.value, str) and fold(st.value) in _BOOLEAN_WORDS",
     "    return not (False and fold(key) in booleans and isinstance(st.value, str) and fold(st.value) in _BOOLEAN_WORDS", _F),
    ("jsonF-en-as-an-integer", "'age as an integer' is no claim again (en T_INTEGER_SAID lost the phrase)",
     f"{_JSON}/vocabulary/en.json", '"as an integer", ', "", _F),
    ("jsonF-en-as-a-boolean", "'active as a boolean' is no claim again (en T_BOOL_SAID lost the phrase)",
     f"{_JSON}/vocabulary/en.json", '["as a boolean", ', "[", _F),
    ("jsonF-es-como-booleano", "es 'activo como booleano' is no claim again",
     f"{_JSON}/vocabulary/es.json", '["como booleano", ', "[", _F),
    ("jsonF-fr-en-booleen", "fr 'actif en booléen' is no claim again",
     f"{_JSON}/vocabulary/fr.json", '["en booléen", ', "[", _F),
    ("jsonF-de-als-zeichenkette", "de 'plz als Zeichenkette' is no claim again",
     f"{_JSON}/vocabulary/de.json", '["als Zeichenkette", ', "[", _F),
    ("jsonF-pt-como-inteiro", "pt 'idade como inteiro' is no claim again",
     f"{_JSON}/vocabulary/pt.json", '["como inteiro", ', "[", _F),
    ("jsonF-it-come-numero", "it 'porta come numero' is no claim again",
     f"{_JSON}/vocabulary/it.json", '["come numero", ', "[", _F),
    ("jsonF-ru-celym-chislom", "ru 'age целым числом' is no claim again",
     f"{_JSON}/vocabulary/ru.json", '["целым числом"]', '["целым  числом"]', _F),
    ("jsonF-zh-wei-shuzi", "zh 'price 为数字' is no claim again",
     f"{_JSON}/vocabulary/zh.json", '["为数字", ', "[", _F),
    ("jsonF-ja-ha-suuchi", "ja 'count は数値' is no claim again",
     f"{_JSON}/vocabulary/ja.json", '"T_NUMBER_SAID": ["は数値"]', '"T_NUMBER_SAID": ["は数値だ"]', _F),
]
# fmt: on

_Y = ("tests/adversarial/test_json_yaml_blocks_jsonF.py",)
# fmt: off
ROWS += [
    # jsonF-w27-check-off retired 2026-12-06 (redundant): W29 declines the truth words 'on'/'off' unquoted for any key (json tables'
    # truth_words, rows w29-truth-word and w29-check-wired), so the YAML 1.1 check's on/off case no longer decides a reading
    # jsonF-w27-fence-frame retired 2026-12-06 (redundant): W29 declines the truth words 'on'/'off' unquoted for any key (json tables'
    # truth_words, rows w29-truth-word and w29-check-wired), so the YAML 1.1 check's on/off case no longer decides a reading
    # jsonF-w27-said-frame retired 2026-12-06 (redundant): W29 declines the truth words 'on'/'off' unquoted for any key (json tables'
    # truth_words, rows w29-truth-word and w29-check-wired), so the YAML 1.1 check's on/off case no longer decides a reading
    # jsonF-w27-on-word retired 2026-12-06 (redundant): W29 declines the truth words 'on'/'off' unquoted for any key (json tables'
    # truth_words, rows w29-truth-word and w29-check-wired), so the YAML 1.1 check's on/off case no longer decides a reading
    ("jsonF-yaml-fence-tag", "a '```yaml' block is no claim again (the fence's tag unread)",
     f"{_JSON}/reader.py", '_FENCE = re.compile(r"```(?:(?i:yaml|yml))?(?=\\n|$)")', '_FENCE = re.compile(r"```(?=\\n|$)")', _Y),
]
# fmt: on

# fmt: off
ROWS += [
    ("jsonF-en-bracket-as-an-integer", "'age (as an integer)' is no claim again (en T_INTEGER lost the bracketed phrase)",
     f"{_JSON}/vocabulary/en.json", '   "(int)",\n   "(as an integer)"\n', '   "(int)"\n', _F),
    ("jsonF-fr-bracket-en-booleen", "fr 'actif (en booléen)' is no claim again",
     f"{_JSON}/vocabulary/fr.json", '   "(en booléen)",\n', "", _F),
    ("jsonF-de-bracket-als-zeichenkette", "de 'plz (als Zeichenkette)' is no claim again",
     f"{_JSON}/vocabulary/de.json", '   "(als zeichenkette)",\n', "", _F),
    ("jsonF-pt-bracket-como-inteiro", "pt 'idade (como inteiro)' is no claim again",
     f"{_JSON}/vocabulary/pt.json", '   "(inteiro)",\n   "(como inteiro)"\n', '   "(inteiro)"\n', _F),
]
# fmt: on
