"""Mutation-check rows for wip/jsonR3: JSON reach round 3 (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_R3 = "tests/adversarial/test_json_reach_jsonr3.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonR3-email-any-key", "an e-mail address in order is served for any key ('keys name and city: Ana, a@b.com')",
     _READER, 'span), None) if _is_concept(key, "email", language) else None', "span), None) if True else None",
     (_R3, "-k", "no_claim")),
    ("jsonR3-email-kind-is-name", "an e-mail address in order is of the name kind (two 'names': no claim)",
     _READER, '        return tokens[0].type.lower()\n', '        return "name"\n', (_R3, "-k", "exactly_right")),
    ("jsonR3-grammar-nothing-ends-request", "'Output only JSON, no prose.' ends no request sentence",
     _GRAMMAR, "               | lead noun COMMA NOTHING politely?\n", "", (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-ru-city-deleted", "a word deleted from a table: ru 'город' is no label for the key city",
     f"{_JSON}/vocabulary/ru.json", '  "city": [\n   "город"\n  ]', '  "city": [\n   "городx"\n  ]',
     (_R3, "-k", "exactly_right")),
    # a deleted pt 'email' is read from the other tables since wip/jsonR4 (same meaning): swapped instead
    ("jsonR3-vocab-pt-email-deleted", "a word swapped in a table: pt 'email' and 'e-mail' read as words for an age",
     f"{_JSON}/vocabulary/pt.json", '  "email": [\n   "email",', '  "age": [\n   "email",',
     (_R3, "-k", "exactly_right")),
    ("jsonR3-one-key-said-untransformed", "'with key ratio as a decimal fraction' declares no transform (45% read as is)",
     _READER, "        self.one_keys.append(key)\n        self.rewrite([_Keys(key.value), next(c for c in children if isinstance(c, _Target))])",
     "        self.one_keys.append(key)", (_R3, "-k", "exactly_right or no_claim")),
    ("jsonR3-unit-for-any-key", "a measure in order is read for a key with no declared conversion and no unit word",
     _READER, "    return (key, st, unit) if converted or _unit_key(key, language) is not None else None",
     "    return (key, st, unit) if _unit_key(key, language) is not None else None", (_R3, "-k", "exactly_right")),
    ("jsonR3-rounded-number-any-key", "a number in order for a rounded key of no number kind is no claim",
     _READER, "if years else converted or _is_kind(key, \"number\", language)):",
     "if years else _is_kind(key, \"number\", language)):", (_R3, "-k", "exactly_right")),
    ("jsonR3-grammar-ja-rewrite-te", "ja 'score を整数に四捨五入して JSON で返して' reads no rounding",
     _GRAMMAR, "first_rewrite_te: tf_keys (WO | IS) target TF_VERB -> first_rewrite",
     "first_rewrite_te: tf_keys (WO | IS) target TF_VERB TF_VERB -> first_rewrite", (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-pt-em-decimal-deleted", "a word deleted from a table: pt 'em decimal' reads no conversion",
     f"{_JSON}/vocabulary/pt.json", '   "em decimal"\n', '   "em decimalx"\n', (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-fr-percent-deleted", "a word deleted from a table: fr '%' is no percent",
     f"{_JSON}/vocabulary/fr.json", '  "U_PERCENT": [\n   "%"\n  ]', '  "U_PERCENT": [\n   "%x"\n  ]', (_R3, "-k", "exactly_right")),
    ("jsonR3-boolean-word-any-key", "a table's word for true/false is read as a boolean for a key noted as no boolean",
     _READER, '        if kind == "boolean" and st is not None and isinstance(st.value, str) and not st.quoted',
     '        if st is not None and isinstance(st.value, str) and not st.quoted', (_R3, "-k", "boolean")),
    ("jsonR3-boolean-word-quoted", "a quoted 'sim' is read as a boolean for a boolean key",
     _READER, "isinstance(st.value, str) and not st.quoted and fold(st.value) in words:",
     "isinstance(st.value, str) and fold(st.value) in words:", (_R3, "-k", "no_claim or never_served_wrong")),
    ("jsonR3-boolean-false-is-true", "every boolean word of a table is read as true",
     _READER, 'fold(word): value == "true" for value, words', 'fold(word): True for value, words', (_R3, "-k", "exactly_right")),
    ("jsonR3-equals-lowercase-needs-table", "a lowercase value after '=' is read only in a table that declares lowercase values",
     _READER, "    if all(st.equals for st in lowercase) and not ambiguous and (",
     "    if False and (", (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-pt-sim-deleted", "a word deleted from a table: pt 'sim' is no word for true",
     f"{_JSON}/vocabulary/pt.json", '  "true": [\n   "sim"\n  ]', '  "true": [\n   "simx"\n  ]', (_R3, "-k", "exactly_right")),
    ("jsonR3-grammar-formato-please", "es 'Formato JSON, por favor: ...' reads no request",
     _GRAMMAR, "%extend request: noun COMMA politely tail\n", "", (_R3, "-k", "exactly_right")),
    ("jsonR3-quoted-any-key", "a quoted string in order is read for a key of no name kind",
     _READER, "span[1])), None) if _is_kind(key, \"name\", language) else None", "span[1])), None)", (_R3, "-k", "no_claim")),
    ("jsonR3-quoted-kind-own", "a quoted string in order is a kind of its own (a quoted and a bare string told apart by kind)",
     _READER, '        return "name"  # a quoted string', '        return "quoted"  # a quoted string', (_R3, "-k", "no_claim")),
    ("jsonR3-quoted-declined", "a quoted first value in order is declined ('clés titre et annee : « Germinal », 1885')",
     _READER, "        if st.quoted and isinstance(st.value, str) and not children[1:]:", "        if False:", (_R3, "-k", "exactly_right")),
    ("jsonR3-shape-label-case", "a capitalised label names no key of a shape ('Item \"notebook\"')",
     _READER, "    asked = transformer.asked or list(transformer.template)\n", "    asked = transformer.asked\n", (_R3, "-k", "exactly_right")),
    ("jsonR3-placeholder-capitalised", "de '<Zahl>' is no placeholder",
     _READER, 'r"|<(?:Zahl|', 'r"|<(?:Zahlx|', (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-ru-minutes-key-deleted", "a word deleted from a table: ru's English unit key 'minutes'",
     f"{_JSON}/vocabulary/ru.json", '  "minutes": "to minutes",', '  "minutesx": "to minutes",', (_R3, "-k", "exactly_right")),
    ("jsonR3-vocab-de-rechne-deleted", "a word deleted from a table: de 'rechne' is no conversion verb",
     f"{_JSON}/vocabulary/de.json", ' "conversion_verbs": [\n  "rechne",\n', ' "conversion_verbs": [\n  "rechnex",\n',
     (_R3, "-k", "exactly_right")),
    ("jsonR3-equals-lowercase-any-chars", "after '=' any lowercase run is a value in every table ('temperatura=³1' a string)",
     _READER, 'or all(_written_as_data(st) for st in lowercase)',  # re-anchored by wip/jsonQ (the check now a helper)
     "or True", (_R3, "-k", "no_claim")),
    ("jsonR3-one-value-after-for", "one value after 'for' is read as the one key's ('with key capital for France' -> France)",
     _GRAMMAR, "%extend ptail: COLON pos_value -> one_value\n", "%extend ptail: FOR? COLON pos_value -> one_value\n             | FOR pos_value -> one_value\n",
     (_R3, "-k", "no_claim")),
]
# fmt: on
