"""Mutation-check rows for wip/jsonU: every declared unit converts to every other of its dimension
(JSON transforms.MEASURES), and arithmetic yes/no paraphrases (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_TF = f"{_JSON}/transforms.py"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_U = "tests/adversarial/test_json_conversions_jsonU.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonU-mm-factor", "a millimetre is a centimetre", _TF,
     '    "mm": ("length", Fraction(1, 1000)),', '    "mm": ("length", Fraction(1, 100)),', (_U,)),
    ("jsonU-miles-factor", "a mile is 1609 m (not the international mile's exact 1609.344)", _TF,
     '    "miles": ("length", Fraction(1609344, 1000)),', '    "miles": ("length", Fraction(1609)),', (_U,)),
    ("jsonU-ml-factor", "a millilitre is a litre", _TF,
     '    "ml": ("volume", Fraction(1, 1000)),', '    "ml": ("volume", Fraction(1)),', (_U,)),
    ("jsonU-days-factor", "a day is 8640 seconds", _TF,
     '    "days": ("time", Fraction(86400)),', '    "days": ("time", Fraction(8640)),', (_U,)),
    ("jsonU-weeks-factor", "a week is 6 days", _TF,
     '    "weeks": ("time", Fraction(604800)),', '    "weeks": ("time", Fraction(518400)),', (_U,)),
    ("jsonU-months-in-time", "a month is a unit of time (60 seconds): '8 months to minutes' served", _TF,
     '    "months": ("calendar", Fraction(1)),', '    "months": ("time", Fraction(60)),', (_U,)),
    ("jsonU-any-dimension", "a conversion across dimensions ('3 kg to metres') is served", _TF,
     '    if source is None or source[0] != target[0]:', '    if source is None:', (_U,)),
    ("jsonU-ratio-inverted", "a conversion multiplies by the target's factor over the source's", _TF,
     '    return source[1] / target[1], Fraction(0)', '    return target[1] / source[1], Fraction(0)', (_U,)),
    ("jsonU-kilo-dimensions-swapped", "ja キロ is kilometres for a mass target", _TF,
     'KILO = {"mass": "kg", "length": "km"}', 'KILO = {"mass": "km", "length": "kg"}', (_U, "tests/adversarial/test_json_conversion_first.py")),
    ("jsonU-sum-offset-lookup", "a compound quantity's part converted with the source's factor alone (no lookup)", _TF,
     '        factor, offset = (Fraction(1), Fraction(0)) if unit == target_unit else conversion(unit, name) or (None, None)',
     '        factor, offset = (Fraction(1), Fraction(0)) if unit == target_unit else (MEASURES[unit][1], Fraction(0))',
     (_U, "tests/adversarial/test_json_transforms_jsonT.py")),
    ("jsonU-zh-unit-target-any", "zh '把3小时换算成秒' reads the unit after the verb as minutes", _READER,
     'UNIT_TARGET.get(UNITS[kind], "no target")', '"to minutes"', (_U,)),
    ("jsonU-zh-unit-target-grammar", "zh '把 2.5 公里换算成米' reads no conversion", _GRAMMAR,
     "%extend conversion: BA NUMBER _unit_word TF_VERB unit_target -> converted\n", "", (_U,)),
    ("jsonU-zh-as-deleted", "a word deleted from a table: zh '用' (用 JSON 返回) is no word", f"{_JSON}/vocabulary/zh.json",
     '  "AS": [\n   "用",', '  "AS": [\n   "用x",', (_U,)),
    ("jsonU-en-miles-deleted", "a word deleted from a table: en 'miles' is no unit", f"{_JSON}/vocabulary/en.json",
     '  "U_MILES": [\n   "miles",', '  "U_MILES": [\n   "milesx",', (_U,)),
    ("jsonU-en-litres-ml-swapped", "a word deleted from a table: en 'litres' is no unit", f"{_JSON}/vocabulary/en.json",
     '  "U_LITRES": [\n   "liters",\n   "litres",', '  "U_LITRES": [\n   "liters",\n   "litresx",', (_U,)),
    ("jsonU-ru-days-case-deleted", "a word deleted from a table: ru 'дня' (3 дня) is no unit", f"{_JSON}/vocabulary/ru.json",
     '   "дней",\n   "дня",', '   "дней",\n   "дняx",', (_U,)),
    ("jsonU-en-grammes-deleted", "a word deleted from a table: en 'grammes' is no unit key", f"{_JSON}/vocabulary/en.json",
     '  "grammes": "to g"', '  "grammesx": "to g"', (_U,)),
    ("jsonU-unitless-any-key", "a percentage as a decimal is held by the key 'percent' (45 or 0.45?)", _READER,
     '    return source is not None and _unit_key(key, language) is None and key.casefold() not in {fold(w) for w in words}',
     '    return source is not None and _unit_key(key, language) is None', (_U,)),
    ("jsonU-unitless-none", "'Express 45% as a decimal' holds no key that is no unit word", _TF,
     'UNITLESS_TARGETS = {"to decimal": "U_PERCENT"}', 'UNITLESS_TARGETS: dict[str, str] = {}', (_U,)),
    ("jsonU-conversion-sentence", "'Convert 8 hours into minutes. Return JSON {...}' (the conversion its own sentence) no longer read",
     _GRAMMAR, "%extend start: _end* conversion STOP (request | bare_request) (_end+ ROLE? _other)* _end*\n", "", (_U,)),
    ("jsonU-key-target-none", "'Convert 3 km and return {\"centimeters\": ...}' (no target said) is no longer read", _READER,
     '    return _unit_key(key, language) if target is None and verb else target\n', '    return target\n', (_U,)),
    ("jsonU-key-target-any-verb", "'Round 3 km and return {\"meters\": ...}' is read as a conversion", _READER,
     '    target = _said_or_keyed(said, transformer.converted_first, key, language)\n',
     '    target = _said_or_keyed(said, transformer.converted_first, key, language)\n    transformer.converted_first = transformer.converted_first and "convert"\n', (_U,)),
    ("jsonU-weeks-unit-key-days", "a unit key moved: en 'weeks' asks for days", f"{_JSON}/vocabulary/en.json",
     '  "weeks": "to weeks"', '  "weeks": "to days"', (_U,)),
]
# -- arithmetic yes/no paraphrases ---------------------------------------------------------------
_A = "stepcache_integrations/core/tasks/arithmetic/"
_Y = "tests/adversarial/test_arithmetic_yes_no_jsonU.py"
ROWS += [
    ("jsonU-arith-divisor-first-unswapped", "'Is 3 a factor of 30?' read as 3 divisible by 30 (the roles not reversed)",
     _A + "vocabulary/_common.json", '"FACTOR_OF": "divides", "DIVIDES": "divides"', '"FACTOR_OF": "divisible by", "DIVIDES": "divisible by"', (_Y,)),
    ("jsonU-arith-expr-predicate", "an expression is a predicate's number ('3+4は7で割り切れますか')",
     _A + "grammar.py", '    if "EXPR" in kinds and shape not in ("ask_expr", "ask_mixed", "ask_bare"):',  # wip/arithV, wip/arithW: re-anchored
     '    if "EXPR" in kinds and shape not in ("ask_expr", "ask_mixed", "ask_bare", "predicate"):', (_Y,)),
    ("jsonU-arith-yes-no-english", "a predicate asked in German is answered 'Yes.' (English)",
     _A + "task.py", "            yes, no = yes_no(new.language)\n", '            yes, no = "Yes.", "No."\n', (_Y,)),
    ("jsonU-arith-english-yes-any-language", "a one-line 'Yes.' proves the answer to a German question",
     _A + "task.py", '    if language == "en":\n        match = _YES_NO.fullmatch(line)', '    if True:\n        match = _YES_NO.fullmatch(line)', (_Y,)),
    ("jsonU-arith-factor-read-as-multiple", "a word moved: en 'a factor of' read as 'a multiple of' (roles not reversed)",
     _A + "vocabulary/en.json", '   "a multiple of"\n  ],', '   "a multiple of",\n   "a factor of"\n  ],', (_Y,)),
    ("jsonU-arith-divides-production", "'Does 3 divide 30?' no longer read",
     _A + "request.lark", "        | (YES_OR_NO _SP)? DOES _SP NUM _SP (DIVIDE | DIVIDES) _SP NUM QMARK -> predicate", "        | (YES_OR_NO _SP)? DOES _SP NUM _SP (DIVIDE | DIVIDES) _SP NUM QMARK -> ask_spoken", (_Y,)),
    # jsonU-arith-de-production retired 2026-12-06: a German negated question is no claim (W28 C: German answers
    # 'Doch.'), so the only table with BY and DIVISIBLE_END declares no NOT and the grammar's optional NOT there is gone
    ("jsonU-arith-ja-topic-deleted", "a word deleted from a table: ja 'は' is no topic marker",
     _A + "vocabulary/ja.json", '  "TOPIC": [\n   "は"\n  ],', '  "TOPIC": [\n   "はx"\n  ],', (_Y, "tests/adversarial/test_arithmetic_languages.py")),
    ("jsonU-arith-zh-divisible-deleted", "a word deleted from a table: zh '整除吗' is no word",
     _A + "vocabulary/zh.json", '   "整除吗",', '   "整除吗x",', (_Y,)),
    ("jsonU-arith-mile-factor", "an arithmetic mile is 1609 m", _A + "vocabulary/_common.json",
     '  "MILE": ["length", "1609.344"]', '  "MILE": ["length", "1609"]', (_Y,)),
    ("jsonU-arith-ru-hours-case-deleted", "a word deleted from a table: ru 'часа' (3 часа) is no unit", _A + "vocabulary/ru.json",
     '   "час",\n   "часа",', '   "час",\n   "часаx",', (_Y,)),
    ("jsonU-arith-km-symbol-deleted", "a word deleted from a table: en 'km' is no unit", _A + "vocabulary/en.json",
     '"kilometres", "km"]', '"kilometres", "kmx"]', (_Y,)),
    ("jsonU-arith-ru-no-swapped", "a table's answer words swapped: ru 'Да.' for no",
     _A + "vocabulary/ru.json", '"yes_no": ["Да.", "Нет."]', '"yes_no": ["Нет.", "Да."]', (_Y,)),
]
# fmt: on
