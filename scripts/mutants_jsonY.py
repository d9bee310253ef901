"""Mutation-check rows for wip/jsonY: JSON requests users write that were declined (one type note for every
listed key, a persona line then "Input: k=v", values in the keys' order when the prompt says so). Appended to
the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_Y = "tests/adversarial/test_json_reach_jsonY.py"
_PASTES = f"{_JSON}/pastes"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonY-all-note-rule", "'keys active and admin as booleans' is not derived", _GRAMMAR,
     "%extend mod: WITH key_intro keys_noted -> with_keys\n", "", (_Y,)),
    ("jsonY-all-note-comma-rule", "'JSON please, keys active and admin as booleans: ...' is not derived", _GRAMMAR,
     "%extend comma_keys: COMMA DEF? REQUIRED? KEYWORD REQUIRED? (COLON | IS COLON?)? keys_noted\n", "", (_Y,)),
    ("jsonY-all-note-untyped", "a note for every key types none ('active maybe' read as a string)", _READER,
     "            self.typed.append((str(token.value), kind))\n", "            pass\n", (_Y,)),
    ("jsonY-all-note-last-key-only", "the note types only the last key", _READER,
     "        for token in keys.scan_values(lambda v: isinstance(v, Token) and v.type not in (\"COMMA\", \"AND\")):\n",
     "        for token in list(keys.scan_values(lambda v: isinstance(v, Token) and v.type not in (\"COMMA\", \"AND\")))[-1:]:\n", (_Y,)),
    ("jsonY-all-note-swapped", "'as booleans' types the keys as numbers", _READER,
     '"T_ALL_STRING": "string", "T_ALL_BOOL": "boolean"}', '"T_ALL_STRING": "string", "T_ALL_BOOL": "number"}', (_Y,)),
    ("jsonY-en-as-booleans-word", "en 'as booleans' is no table word", f"{_JSON}/vocabulary/en.json",
     '   "as booleans",\n', "", (_Y,)),
    ("jsonY-de-wahrheitswerte-word", "de 'als Wahrheitswerte' is no table word", f"{_JSON}/vocabulary/de.json",
     '   "als Wahrheitswerte",\n', "", (_Y,)),
    ("jsonY-persona-rule", "'You are an API that only outputs JSON.' is not derived", _GRAMMAR,
     "%extend request: YOU PERSONA ONLY? VERB_3 ONLY? noun comma_keys?   // \"..., keys temperature and unit.\"\n", "", (_Y,)),
    ("jsonY-input-line-rule", "'Input: color=red, ...' states nothing", _GRAMMAR,
     "%extend stmt_sentence: SHOT COLON stmts\n", "", (_Y,)),
    ("jsonY-persona-word", "en 'are an api that' is no table phrase", f"{_JSON}/vocabulary/en.json",
     '   "are an api that",\n', "", (_Y,)),
    # jsonY-cased-symbol-value retired 2026-12-05 (equivalent): wip/jsonE reads a unit symbol alone as a value
    # ('size: L', 'size=M') whatever its case rule
    ("jsonY-ordered-rule", "'keys ... and values 20, 35, 10 in that order' is not derived", _GRAMMAR,
     "%extend mod: WITH key_intro keys ordered -> with_keys\n", "", (_Y,)),
    ("jsonY-zh-ordered-rule", "zh '键为 width 和 height，值依次为 15 和 25' is not derived", _GRAMMAR,
     "%extend request: lead? noun politely? comma_keys ordered", "%extend request: lead? noun politely? comma_keys ordered TF_END", (_Y,)),
    # jsonY-order-unsaid retired: its behaviour is served by design since wip/jsonS ('keys ... and values ...' pairs the two lists by position without 'in that order': another rule reads it; clean-clone mutation check of 8808a5a)
    ("jsonY-in-that-order-word", "en 'in that order' is no table phrase", f"{_JSON}/vocabulary/en.json",
     '   "in that order",\n', "", (_Y,)),
    ("jsonY-zh-yici-word", "zh '，值依次为' is no table phrase", f"{_JSON}/vocabulary/zh.json",
     '   "，值依次为",\n', "", (_Y,)),
    ("jsonY-order-count-unchecked", "a value count other than the key count is read", _READER,
     "if len(values) != len(keys) or any(_never_a_name(tokens, language) for tokens in values):",
     "if (len(values) != len(keys) and not transformer.declared_order) or any(_never_a_name(tokens, language) for tokens in values):", (_Y,)),
    ("jsonY-order-unit-kept", "a number with a unit, or the first word of a two-word name, read in declared order", _READER,
     "    if len(tokens) != 1:\n        return None\n    token = tokens[0]",  # wip/jsonS: re-anchored in _declared_value
     "    token = tokens[0]", (_Y,)),
    ("jsonY-fill-no-noun-rule", "'Fill in this template: {...} with ...' is not derived", _GRAMMAR,
     "%extend request: courtesy? FILL (DEF? TEMPLATE_NOUN)? COLON TEMPLATE mods? tail? politely?\n", "", (_Y,)),
    ("jsonY-slot-placeholder", "'<name>' is no placeholder", _READER,
     '_SLOT_PLACEHOLDER = r"<[^\\W\\d_][\\w-]{0,40}>"', '_SLOT_PLACEHOLDER = r"<[^\\W\\d_][\\w-]{0,40}>{9}"', (_Y,)),
    ("jsonY-slot-unbound", "a slot word names no slot ('with name Priya' fills no key)", _READER,
     "        bound.append((slots.get(word, key), st, unit))", "        bound.append((key, st, unit))", (_Y,)),  # re-anchored by wip/jsonQ
    ("jsonY-slot-key-clash", "a word that is one slot's key and another's word is read", _READER,
     "        if word in slots and (key in template or word in template) and slots[word] != word:\n            return None\n", "", (_Y,)),  # re-anchored by wip/jsonQ
    ("jsonY-slot-word-twice", "'<name>' for two slots fills the last", _READER,
     "        if slot in kinds.slots:\n            return None", "        if False:\n            return None", (_Y,)),
    ("jsonY-counted-rule", "pt 'e 3 pedidos' is not derived", _GRAMMAR,
     "%extend stmt: NUMBER NAME -> counted_stmt\n", "", (_Y,)),
    ("jsonY-counted-any-word", "'3 maçãs' read for a key 'maçãs' no list holds", _READER,
     "    return any(key not in asked and key not in slot_words and _label_folded(key, rules) not in slot_words for key in transformer.counted)",
     "    return False", (_Y,)),  # re-anchored by wip/jsonQ (the check now _counted_unlisted)
    ("jsonY-place-rule", "fr '{...} pour Lyon, 520000 habitants' is not derived", _GRAMMAR,
     "%extend request: courtesy? FILL (DEF? TEMPLATE_NOUN)? COLON TEMPLATE for_place politely?\n", "", (_Y,)),
    ("jsonY-place-two-left", "'pour Lyon' read with two keys left (the first of a place kind)", _READER,
     "    if len(keys) != 1 or _string_kind(keys[0], language) not in _PLACE_CONCEPTS:",
     "    keys = [k for k in keys if _string_kind(k, language) in _PLACE_CONCEPTS]\n    if not keys:", (_Y,)),
    ("jsonY-place-any-kind", "'pour Lyon' fills a key of no place kind ('nom')", _READER,
     "    if len(keys) != 1 or _string_kind(keys[0], language) not in _PLACE_CONCEPTS:",
     "    if len(keys) != 1:", (_Y,)),
    ("jsonY-place-unchecked", "'pour France' fills a city key (the gazetteer not asked)", _READER,
     "    one = _in_order_typed(keys[0], transformer.places[0], language, prompt)\n    return None if one is None else [one]",
     "    one = _place_name(keys[0], transformer.places[0], language, prompt)\n    return None if one is None else [one]", (_Y,)),
    ("jsonY-row-then-sheet-rule", "fr 'cette ligne CSV' (the sheet after the row's noun) is not derived", f"{_PASTES}/request.lark",
     "%extend ref: DET? ROW_NOUN SHEET BELOW?\n", "", (_Y,)),
    ("jsonY-de-csv-zeile-word", "de 'CSV-Zeile' is no table word", f"{_PASTES}/vocabulary/de.json",
     '   ".env",\n   "csv-zeile"\n', '   ".env"\n', (_Y,)),
    ("jsonY-numbers-as-integers-any", "'(numbers as integers)' reads a decimal cell", f"{_JSON}/pastes.py",
     "    if read.integers and any(isinstance(st.value, float) for st in statements.values()):\n        return None",
     "    if False:\n        return None", (_Y,)),
    ("jsonY-numbers-as-integers-declined", "'(numbers as integers)' declined as 'numbers as strings' is", f"{_JSON}/pastes.py",
     "            self.integers = True", "            raise Declined", (_Y,)),
    ("jsonY-en-integers-word", "en pastes 'integers' is no table word", f"{_PASTES}/vocabulary/en.json",
     '   "integers",\n', "", (_Y,)),
    ("jsonY-conversion-any-target", "'Convert 2 hours to seconds and return {\"hours\", \"minutes\"}' read", _READER,
     " and said in {_unit_key(key, language) for key in listed}", "", (_Y,)),
    ("jsonY-conversion-any-verb", "'Round 2 hours to minutes and return {...}' read as a conversion", _READER,
     "    return said is not None and fold(verb) in _CONVERSION_VERBS.get(language, ()) and said",
     "    return said is not None and said", (_Y,)),
    ("jsonY-conversion-declined", "a conversion said first, then unit keys, declined as before", _READER,
     "    if (said is not None or transformer.converted_first) and not _conversion_to_a_key(said, transformer.converted_first, listed, language):",
     "    if said is not None or transformer.converted_first:", (_Y,)),
    ("jsonY-slot-type-word", "'<text>' read as a slot ('{\"meters\": <text>}' served a number)", _READER,
     "    if slot is not None and slot.casefold() in _TYPE_WORDS:", "    if slot is not None and slot.casefold() in ():", (_Y,)),
    # jsonY-listed-key-rule and jsonY-listing-word retired 2026-12-05 (equivalent): wip/jsonL's list phrases derive
    # 'a key "tags" listing: red, green' too. jsonY-listed-key-any-label retired with the rule (wip/cleanE deleted the
    # rule, reader.with_listed_key and the "listing_labels" table key; no code is left to mutate): 'a key "tags" color:
    # red, green' has no rule that reads a list now, and test_json_reach_jsonY.py's trap still asserts it is declined
    ("jsonY-formula-tail-rule", "'..., where total = price * qty' is not derived", _GRAMMAR,
     "%extend tail: WHERE FORMULA -> formula\n", "", (_Y,)),
    ("jsonY-formula-sentence-rule", "'Total = price * qty.' as a sentence is not derived", _GRAMMAR,
     "formula_sentence: FORMULA -> formula\n", "formula_sentence: FORMULA STOP FORMULA -> formula\n", (_Y,)),
    ("jsonY-key-formula-rule", "fr 'total (= prix_unitaire × quantite)' is not derived", _GRAMMAR,
     "%extend key: NAME KEY_FORMULA -> formula_key\n", "", (_Y,)),
    ("jsonY-for-stmts-formula-ignored", "'for price 4 and qty 5, where total = ...' reads the formula as nothing", _GRAMMAR,
     "for_formula: COMMA? WHERE FORMULA -> formula\n", "for_formula: COMMA? WHERE FORMULA\n", (_Y,)),
    ("jsonY-formula-op-swapped", "'*' computes a sum", _READER,
     "    exact = _EXACT.multiply(x, y) if op == \"*\" else _EXACT.add(x, y) if op == \"+\" else _EXACT.subtract(x, y)",
     "    exact = _EXACT.add(x, y) if op == \"*\" else _EXACT.add(x, y) if op == \"+\" else _EXACT.subtract(x, y)", (_Y,)),
    ("jsonY-formula-target-stated", "a computed key stated too keeps its stated value", _READER,
     "    return target not in keys or target in found or target in stated or a not in keys",
     "    return target not in keys or a not in keys", (_Y,)),
    ("jsonY-formula-unstated-operand", "a formula naming an unstated key is read (its value left to the model)", _READER,
     "        if any(st is None or isinstance(st.value, bool) or not isinstance(st.value, (int, float)) for st in operands):\n            return False",
     "        if any(st is None or isinstance(st.value, bool) or not isinstance(st.value, (int, float)) for st in operands):\n            continue", (_Y,)),
    ("jsonY-formula-float-inexact", "a decimal product computed in doubles (1.1 * 3 = 3.3000000000000003)", _READER,
     "    x, y = (Decimal(render(st.value) or \"x\") for st in operands)  # type: ignore[union-attr]",
     "    x, y = (Decimal(st.value) for st in operands)  # type: ignore[union-attr]", (_Y,)),
    ("jsonY-formula-case-any", "'Total = ...' names no listed key", _READER,
     "    return same[0] if len(same) == 1 else name", "    return name", (_Y,)),
    ("jsonY-for-stmts-without-formula", "'for item \"lamp\", price 97' read as two statements without a formula", _GRAMMAR,
     "%extend tail: FOR stmt (COMMA | AND | COMMA AND) stmts for_formula\n", "%extend tail: FOR stmt (COMMA | AND | COMMA AND) stmts for_formula?\n",
     ("tests/adversarial/test_unnamed_classes.py", _Y)),
    ("jsonY-persona-keys", "'You are an API ... JSON, keys temperature and city.' is not derived", _GRAMMAR,
     "%extend request: YOU PERSONA ONLY? VERB_3 ONLY? noun comma_keys?", "%extend request: YOU PERSONA ONLY? VERB_3 ONLY? noun", (_Y,)),
]
# fmt: on
