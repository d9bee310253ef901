"""Mutation-check rows for wip/jsonX: a quoted passage states the listed keys only by its labels or
a declared relation frame. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_T = ("tests/adversarial/test_passage_frames_jsonX.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonx-costs-rule-deleted", "the COSTS frame deleted from the passage grammar: 'La chaqueta cuesta 39,5 euros.' no longer served",
     f"{_JSON}/passage/request.lark", "      | item COSTS price                                 -> priced",
     "      | NOT_VALUE COSTS NOT_VALUE                        -> priced", _T),
    # jsonx-lives-rule-deleted retired by W22 (red team 17): the LIVES_IN frame is deleted (its roles, a person and a place, were bare names no passage shows the kind of)
    ("jsonx-labelled-rule-deleted", "labelled passages deleted from the grammar: 'Producto: silla Oslo. Precio: 120 euros.' no longer served",
     f"{_JSON}/passage/request.lark", "     | labelled\n", "     | COSTS labelled\n", _T),
    ("jsonx-determiner-kept", "the subject's determiner kept: 'The Nimbus 7' served where the oracles write 'Nimbus 7' "
     "(re-anchored by W23: the lowercase item rule is gone)",
     f"{_JSON}/passage.py", 'item = [t for t in children if t.type not in ("DET", "ITEM_NOUN")]',
     'item = [t for t in children if t.type not in ("ITEM_NOUN",)]', _T),
    # jsonx-roles-swapped retired by W22 (red team 17): the LIVES_IN frame is deleted
    ("jsonx-partial-frame", "a frame states the keys it names and leaves the rest: 'product, price, color' served in part",
     f"{_JSON}/passage.py", "    if sorted(by_key) != sorted(keys) or not all(", "    if not all(", _T),
    # jsonx-label-any-role retired by W22 (red team 17): a label fills only the key it spells now (w22-label-any-key)
    ("jsonx-decimal-point-everywhere", "the Spanish number read in the English format: '39,5 euros' no number, '1.500 euros' 1.5",
     f"{_JSON}/passage.py", "    number = _NUMBER[vocabulary.language in _DECIMAL_COMMA].match(passage, pos)",
     "    number = _NUMBER[False].match(passage, pos)", _T),
    ("jsonx-es-no-not-value", "'no' dropped from the Spanish NOT_VALUE words: 'Precio: no disponible.' read as a value",
     f"{_JSON}/passage/vocabulary/es.json", '"NOT_VALUE": ["no", ', '"NOT_VALUE": [', _T),
    ("jsonx-en-past-cost", "the past 'cost' added to the English COSTS words: 'The chair cost 120 euros.' read as its price now",
     f"{_JSON}/passage/vocabulary/en.json", '"COSTS": ["costs"],', '"COSTS": ["costs", "cost"],', _T),
    ("jsonx-es-cuesta-dropped", "'cuesta' dropped from the Spanish COSTS words",
     f"{_JSON}/passage/vocabulary/es.json", '"COSTS": ["cuesta", "vale"],', '"COSTS": ["vale"],', _T),
    ("jsonx-es-modelo-noun-dropped", "'modelo' dropped from the Spanish ITEM_NOUN words: 'El modelo Sol 2' no subject",
     f"{_JSON}/passage/vocabulary/es.json", '"ITEM_NOUN": ["modelo", ', '"ITEM_NOUN": [', _T),
    ("jsonx-dollar-sign-dropped", "'$' dropped from the English currency signs: 'costs $349' no price",
     f"{_JSON}/passage/vocabulary/en.json", '"CURRENCY_SIGN": ["$", ', '"CURRENCY_SIGN": [', _T),
    ("jsonx-es-extrae-dropped", "'extrae' dropped from the Spanish request table: no Spanish extraction read",
     f"{_JSON}/vocabulary/es.json", '"EXTRACT": ["extrae", "saca"],', '"EXTRACT": ["saca"],', _T),
    ("jsonx-guillemets-unread", "a passage in guillemets or single quotes no longer read as a passage",
     f"{_JSON}/reader.py", "_PASSAGE_QUOTES = \"\\\"'\\u00ab\\u201e\"", "_PASSAGE_QUOTES = \"\\\"\"", _T),
    ("jsonx-said-type-string", "'(el precio como número)' read as a string note: the number not served",
     f"{_JSON}/reader.py", '_SAID_NOTES = {"T_NUMBER_SAID": "number"',
     '_SAID_NOTES = {"T_NUMBER_SAID": "string"', _T),  # re-anchored by wip/jsonF (the said notes' table)
    ("jsonx-temperature-rule-deleted", "the temperature frame deleted: 'Em Curitiba faz 14 graus hoje.' no longer served",
     f"{_JSON}/passage/request.lark", "      | WHEN? IN NAME TEMP_IT NUMBER DEGREES WHEN?        -> temperature",
     "      | WHEN? IN NAME TEMP_IT NUMBER NUMBER WHEN?        -> temperature", _T),
    ("jsonx-paid-roles-swapped", "PAID's roles swapped: the payer served as the amount",
     f"{_JSON}/passage.py", "self.roles.update(payer=item, paid=", "self.roles.update(paid=item, payer=", _T),
    ("jsonx-scored-any-number", "SCORED reads its goals from the subject: 'Il Bologna ha segnato 2 gol.' wrong",
     f"{_JSON}/passage.py", "        self.roles.update(team=item, goals=[t for t in children if isinstance(t, Token) and t.type == \"NUMBER\"])",
     "        self.roles.update(team=item, goals=item)", _T),
    ("jsonx-pt-fez-as-faz", "the past 'fez' added to the Portuguese TEMP_IT words: 'Em Curitiba fez 14 graus ontem.' read",
     f"{_JSON}/passage/vocabulary/pt.json", '"TEMP_IT": ["faz", "fazem"],', '"TEMP_IT": ["faz", "fazem", "fez"],', _T),
    ("jsonx-de-years-old-split", "'Jahre alt' cut to 'Jahre' in the German table: 'Lena ist 35 Jahre alt.' no longer read",
     f"{_JSON}/passage/vocabulary/de.json", '"YEARS_OLD": ["jahre alt"],', '"YEARS_OLD": ["jahre"],', _T),
    ("jsonx-ru-stoit-dropped", "'стоит' dropped from the Russian COSTS words",
     f"{_JSON}/passage/vocabulary/ru.json", '"COSTS": ["стоит"],', '"COSTS": ["стоят"],', _T),
    # jsonx-fr-habite-dropped retired by W22 (red team 17): the LIVES_IN frame is deleted
    ("jsonx-code-any-case", "a word with a capital inside read as a name: 'GmbH' no longer a code, 'Die Müller GmbH' no subject",
     f"{_JSON}/passage.py", "or any(ch.isupper() for ch in text[1:]):", "or text.isupper():", _T),
    ("jsonx-pt-extraia-dropped", "'extraia' dropped from the Portuguese request table",
     f"{_JSON}/vocabulary/pt.json", '"EXTRACT": ["extraia", "extrai"],', '"EXTRACT": ["extrai"],', _T),
    ("jsonx-from-first-deleted", "pt 'Extraia deste texto um JSON com ...: \"...\"' deleted from the request grammar",
     f"{_JSON}/request.lark", "               | EXTRACT FROM noun mods COLON PASSAGE -> from_first",
     "               | EXTRACT FROM noun mods COLON COLON PASSAGE -> from_first", _T),
    ("jsonx-paren-keys-deleted", "the Spanish '(claves: ...)' key list in brackets deleted from the request grammar",
     f"{_JSON}/request.lark", "paren_keys: LPAR key_intro keys RPAR -> with_keys\n", "paren_keys: LPAR key_intro keys RPAR RPAR -> with_keys\n", _T),
]
# fmt: on
