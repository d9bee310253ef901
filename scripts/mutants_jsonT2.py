"""Mutation-check rows for wip/jsonT round 2 (session 14): a rounding said first then its result "as
JSON", a euro sign kept after a number, system prompts with "only" before the verb, a type note after a
stated value, few-shot JSON examples. Appended by ``mutants.py`` to its table: (id, behaviour, file, old,
new, tests). (``mutants_jsonT.py`` holds the first jsonT round's rows.)"""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_V = f"{_JSON}/vocabulary"
_T = ("tests/adversarial/test_json_rounding_templates_jsonT2.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonT2-result-rule-deleted", "'Redondea 2,71828 a dos decimales y devuélvelo como JSON {\"valor\": ...}' reads nothing",
     _GRAMMAR, "%extend bare_request: courtesy? ONLY? VERB ME? ONLY? RESULT? AS noun TEMPLATE VERB_END? politely? -> request\n", "", _T),
    ("jsonT2-result-any-word", "any word is the result said first: 'gib das Gewicht als JSON {...}' read as the rounding's result",
     _GRAMMAR, "ONLY? RESULT? AS noun TEMPLATE VERB_END? politely? -> request\n", "ONLY? (RESULT | DEF NAME)? AS noun TEMPLATE VERB_END? politely? -> request\n", _T),
    ("jsonT2-es-como-deleted", "a word deleted from a table: es 'como' is no 'as'",
     f"{_V}/es.json", '"AS": ["como", "en"],', '"AS": ["en"],', _T),
    ("jsonT2-de-ergebnis-deleted", "a word deleted from a table: de 'das Ergebnis' is no word for the result",
     f"{_V}/de.json", '"RESULT": ["das ergebnis"],', '"RESULT": ["das ergebnisx"],', _T),
    ("jsonT2-ja-form-deleted", "a word deleted from a table: ja 'の形で返して' closes no request",
     f"{_V}/ja.json", '"VERB_END": ["の形で返して", ', '"VERB_END": [', _T),
    ("jsonT2-ja-tenth-ni-deleted", "a word deleted from a table: ja '小数第1位までに' is no rounding to tenths",
     f"{_V}/ja.json", '"TO_TENTH": ["小数第1位までに", ', '"TO_TENTH": [', _T),
    ("jsonT2-dollar-kept", "a dollar sign kept after a price a rounding to the euro names (fr)",
     f"{_V}/fr.json", ' "kept_units": ["€"],', ' "kept_units": ["€", "$"],', _T),
    ("jsonT2-euro-number-unkept", "'... arrondi à l'euro près : 27,62 €' (a value in order) reads nothing",
     _READER, "        end = _kept_unit_end(text, decimal.end(), table)  #", "        end = decimal.end()  #", _T),
    ("jsonT2-you-only-deleted", "'System: You only reply with valid JSON.' reads nothing",
     _GRAMMAR, "%extend request: YOU ONLY VERB noun\n", "", _T),
    ("jsonT2-fr-tu-deleted", "a word deleted from a table: fr 'tu' is no 'you'",
     f"{_V}/fr.json", '"YOU": ["tu", "vous"]', '"YOU": ["vous"]', _T),
    ("jsonT2-typed-stmt-unchecked", "zh 'order_id = 8812.5（整数）' served 8812.5: the note after a value not checked",
     _READER, "        self.typed.append((token.value[0], _TYPE_NOTES[note.children[0].type]))\n        self.noted_after.add",
     "        self.noted_after.add", _T),  # wip/jsonAF: re-anchored
    ("jsonT2-shot-no-copy", "'Input: red, 3 -> {\"color\": \"RED\", ...}': an example that is no copy of its values read as one",
     _READER, '            raise Declined  # "Input: red, 3 -> {"color": "RED", ...}"', '            pass  # "Input: red, 3 -> {"color": "RED", ...}"', _T),
    ("jsonT2-shot-type-unchecked", "'Input: blue, 5.5 ->' after '3' read: the problem's type not checked",
     _READER, " or any(type(v.value) is not t for v, t in zip(values, self.shot_types))", "", _T),
    ("jsonT2-shot-keys-unchecked", "two examples with other keys read: the last one's keys asked",
     _READER, "        if self.shot_keys and keys != self.shot_keys:\n            raise Declined\n", "", _T),
    ("jsonT2-shot-label-anywhere", "'input' is a label anywhere: 'keys input and output: input 3' reads nothing",
     _READER, 'return text[:pos].rstrip(" \\t")[-1:] in ("", "\\n") and text[end:].lstrip(" \\t")[:1] == ":"', "return True", _T),
    ("jsonT2-shot-grammar-deleted", "'Input: red, 3 -> {...}\\nInput: blue, 5 ->' reads nothing",
     _GRAMMAR, "%extend start: _end* shot+ shot_problem _end*\n", "", _T),
    ("jsonT2-only-noun-deleted", "'Solo JSON, por favor. producto=Café, precio=3.5' reads nothing",
     _GRAMMAR, "%extend request: ONLY noun (COMMA? politely)? tail\n               | ONLY noun COMMA politely\n", "", _T),
    ("jsonT2-fr-maintenant-deleted", "a word deleted from a table: fr 'maintenant' labels no problem",
     f"{_V}/fr.json", '"SHOT_NOW": ["maintenant"],', '"SHOT_NOW": ["maintenantx"],', _T),
]
# fmt: on
