"""Mutation-check rows for the JSON task's request language (issue 33): its grammar
(``request.lark``), its vocabulary tables (``vocabulary/<language>.json``) and its reader. Kept
beside ``mutants.py`` (past its 450 lines), which appends them to its table: (id, behaviour, file,
old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_EN = f"{_JSON}/vocabulary/en.json"
_U = "tests/unit/"
_LANGUAGE_TESTS = _U + "test_json_request_language.py"
_ENTITIES = "tests/adversarial/test_json_entities_and_types.py"
_TRANSFORMS = "tests/adversarial/test_json_transforms.py"
_TRANSFORMS_PY = f"{_JSON}/transforms.py"
_NO_KEYS = "tests/adversarial/test_json_stated_without_keys.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("json-vocab-entity-deleted", "a word deleted from a vocabulary table: 'student' is no entity (a plain request for a "
     "student is not read, its stated values are not served)",
     _EN, '   "student",\n', "", (_LANGUAGE_TESTS, _ENTITIES, "-k", "student or entity_word")),
    ("json-vocab-article-swapped", "a word moved to another class: the indefinite 'a' read as 'the' ('Return a JSON object.' "
     "after a request is a closing sentence: a second object is proven as one)",
     _EN, '"ART": [\n   "a",\n   "an",\n   "one"\n  ],\n  "DEF": [\n   "the",',
     '"ART": [\n   "an",\n   "one"\n  ],\n  "DEF": [\n   "a",\n   "the",',
     (_U + "test_json_typed_rules.py", _LANGUAGE_TESTS)),
    ("json-bare-value-any-word", "a bare value need not be a name: 'age = thirty' states the string \"thirty\"",
     f"{_JSON}/reader.py", "bare is not None and bare.group()[0].isupper() and", "bare is not None and",
     (_LANGUAGE_TESTS,)),
    # -- declared transforms of stated values (transforms.py) --------------------------------------------
    ("json-transform-not-enforced", "a declared transform is read but not applied: the value as written ('alice', "
     "104) is bound, served and written by the fallback for 'Write the name in uppercase' / 'Round ... ten'",
     f"{_JSON}/reader.py",
     "        stated[key] = Statement(value, isinstance(value, str) and stated[key].quoted, stated[key].span)\n",
     "", (_LANGUAGE_TESTS, _TRANSFORMS)),
    ("json-transform-not-keyed", "the transform is no part of the problem and shape keys: 'price 104, round to ten' "
     "and 'price 100' share a problem key",
     f"{_JSON}/task.py", 'return ("transforms " + repr(sorted(c.transforms.items())),) if c.transforms else ()',
     "return ()", (_U + "test_tasks.py",)),
    ("json-transform-factor-changed", "a conversion factor changed: Celsius to Fahrenheit adds 31, not 32",
     _TRANSFORMS_PY, '("celsius", "to fahrenheit"): (Fraction(9, 5), Fraction(32)),',
     '("celsius", "to fahrenheit"): (Fraction(9, 5), Fraction(31)),', (_LANGUAGE_TESTS, _TRANSFORMS)),
    ("json-transform-km-factor-changed", "a conversion factor changed: a kilometre is 100 metres",
     _TRANSFORMS_PY, '"km": ("length", Fraction(1000)),', '"km": ("length", Fraction(100)),',
     (_LANGUAGE_TESTS, _TRANSFORMS)),
    ("json-transform-tie-rounded", "a rounding tie is not declined: 105 to the nearest ten is read as 100 (half "
     "down), though 'nearest' does not say which way a tie goes",
     _TRANSFORMS_PY, "        return (low + 1) * step if half_up and number >= 0 else None\n", "        return low * step\n",
     (_LANGUAGE_TESTS, _TRANSFORMS)),
    ("json-transform-target-swapped", "a target read as another: 'in lowercase' applies uppercase",
     _TRANSFORMS_PY, '"TO_LOWER": "lowercase",', '"TO_LOWER": "uppercase",', (_TRANSFORMS,)),
    ("json-vocab-ten-read-as-hundred", "a vocabulary word moved: 'to the nearest ten' rounds to the nearest hundred",
     _EN, '"TO_TEN": [\n   "to the nearest ten",\n   "to the nearest 10"\n  ],\n  "TO_HUNDRED": [\n',
     '"TO_TEN": [\n   "to the nearest 10"\n  ],\n  "TO_HUNDRED": [\n   "to the nearest ten",\n',
     (_LANGUAGE_TESTS, _TRANSFORMS)),
    ("json-unit-without-conversion", "a unit stated with no conversion is dropped: 'temp 21 (Celsius)' states 21",
     f"{_JSON}/reader.py", "    return not any(unit is not None and key not in transforms for key, unit in units.items())\n",
     "    return True\n", (_LANGUAGE_TESTS,)),
    # -- values stated without a key list (issue 33 item 4) ------------------------------------------------
    ("json-no-keys-stated-keys-not-asked", "without a key list no key is asked: 'Convert this to JSON: sku: ..., "
     "qty: 3' requires nothing, so no statement binds and nothing is proven",
     f"{_JSON}/reader.py", "    keys = transformer.asked or list(transformer.template) or list(found)\n",
     "    keys = transformer.asked or list(transformer.template)\n", (_NO_KEYS,)),
    ("json-no-keys-capitalised-key-read", "an unquoted capitalised key is read without a key list: 'Alice is 30. "
     "Return JSON.' asks for the key \"Alice\", and the fallback serves {\"Alice\": 30} as proven",
     f"{_JSON}/reader.py", "    return all(_plain_case(key) or prompt[st.span[0]] in _KEY_QUOTES for key, st in found.items())",
     "    return True", (_NO_KEYS,)),
    ("json-no-keys-stated-twice-read", "a key stated twice is read without a key list: 'price: 24.99, price: 25' asks "
     "for a price it does not state",
     f"{_JSON}/reader.py", "    if ambiguous:\n        return False  # \"price: 24.99, price: 25\"",
     "    if False:\n        return False  # \"price: 24.99, price: 25\"", (_NO_KEYS,)),
    ("json-vocab-convert-deleted", "a word deleted from a vocabulary table: 'turn this into' is no conversion request",
     _EN, '   "turn",\n', "", (_NO_KEYS, "-k", "served_without")),
    ("json-vocab-ja-convert-swapped", "a word moved to another class: ja 'に変換してください' read as a source ('以下を')",
     f"{_JSON}/vocabulary/ja.json", '   "に変換してください",\n   "に変換",\n   "形式に変換してください",\n   "形式に変換して",\n'
     '   "にしてください",\n   "に直してください"\n  ],\n  "SOURCE": [\n',
     '   "に変換",\n   "形式に変換してください",\n   "形式に変換して",\n'
     '   "にしてください",\n   "に直してください"\n  ],\n  "SOURCE": [\n   "に変換してください",\n', (_NO_KEYS, "-k", "served_without")),
    ("json-grammar-lines-after-colon-deleted", "a grammar rule deleted: 'Return JSON:' then one value a line is no request",
     f"{_JSON}/request.lark", "%extend tail: COLON STOP+ stmts\n", "", (_NO_KEYS, "-k", "served_without")),
    ("json-no-keys-lowercase-anywhere", "a lowercase word is a value outside a conversion request: 'Return JSON: "
     "color: teal' (which may describe, not state) is proven",
     f"{_JSON}/reader.py", "    lowercase = [st for key, st, _unit in transformer.stated if _lowercase_value(transformer, key, st, language)]\n",
     "    lowercase = []\n", (_NO_KEYS, "-k", "no_claim")),  # re-anchored (wip/jsonF)
    ("json-no-keys-type-word-read", "a type word is read as a value: 'Convert to JSON: name: string' states \"string\"",
     f"{_JSON}/reader.py", '"string str text int', '"str text int', (_NO_KEYS, "-k", "no_claim")),
    ("json-no-keys-question-read", "a statement asked about is read: 'price: 24.99?' states 24.99",
     f"{_JSON}/reader.py", 'lstrip(" \\t")[:1] in ("?", "\\uff1f")', 'lstrip(" \\t")[:1] in ()', (_NO_KEYS, "-k", "no_claim")),
    ("json-csv-short-row-read", "a pasted row shorter or longer than its header is read (cells paired with keys by position)",
     f"{_JSON}/pastes.py", "if len(header) < 2 or any(len(row) != len(header) for row in rows) or not rows:",
     "if len(header) < 2 or not rows:", (_NO_KEYS,)),
    ("json-template-type-unchecked", "a template's blank does not type its value: {\"year\": 0} filled with year "
     "\"1965\" states the string",
     f"{_JSON}/reader.py", 'if template[key] == "string" and not isinstance(st.value, str) or template[key] == "number" and not number:',
     "if False:", (_NO_KEYS,)),
    ("json-vocab-fill-deleted", "a word deleted from a vocabulary table: 'fill' asks for no template to be filled",
     _EN, '"FILL": [\n   "fill",\n', '"FILL": [\n', (_NO_KEYS, "-k", "served_without")),
]
