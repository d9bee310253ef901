"""Mutation-check rows for wip/jsonT: JSON transforms said first, in every table (issue 33 items 3/4).
Appended to the table in ``mutants.py``: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_READER = f"{_JSON}/reader.py"
_GRAMMAR = f"{_JSON}/request.lark"
_TF = f"{_JSON}/transforms.py"
_T = "tests/adversarial/test_json_transforms_jsonT.py"

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonT-factor-cm-swapped", "a swapped factor: cm -> m multiplies by 100",
     _TF, '    "cm": ("length", Fraction(1, 100)),', '    "cm": ("length", Fraction(100)),', (_T,)),
    ("jsonT-factor-g-swapped", "a swapped factor: g -> kg multiplies by 1000",
     _TF, '    "g": ("mass", Fraction(1)),', '    "g": ("mass", Fraction(1000000)),', (_T,)),
    ("jsonT-unit-word-swapped", "a swapped unit word: en '°c' is Fahrenheit",
     f"{_JSON}/vocabulary/en.json", '   "(celsius)",\n   "°c",', '   "(celsius)",\n   "°f_",', (_T,)),
    ("jsonT-ru-minutes-deleted", "a word deleted from a table: ru 'минут' is no unit of minutes",
     f"{_JSON}/vocabulary/ru.json", '  "U_MINUTES": [\n   "минут",', '  "U_MINUTES": [\n   "минутx",', (_T,)),
    ("jsonT-target-cm-is-m", "a swapped target: pt 'em centímetros' converts to metres",
     f"{_JSON}/vocabulary/pt.json", '  "TO_CM": [\n   "em centímetros",', '  "TO_CM": [\n   "em centímetrosx",', (_T,)),
    ("jsonT-label-any-key", "zh '把重量 88.456 ...' is read for the key price (the label ignored)",
     _TF, '    return label is None or label.casefold() == key.casefold() or bool(same_concept(label))', '    return True', (_T,)),
    ("jsonT-half-up-everywhere", "every rounding sends a tie up ('nearest' does not say so)",
     _TF, '        return (low + 1) * step if half_up and number >= 0 else None', '        return (low + 1) * step', (_T,)),
    ("jsonT-half-up-negative", "a negative tie goes up under a half-up verb",
     _TF, '        return (low + 1) * step if half_up and number >= 0 else None', '        return (low + 1) * step if half_up else None', (_T,)),
    ("jsonT-half-up-never", "a half-up verb declines a tie as 'nearest' does",
     _READER, 'and fold(self.converted_first) in _HALF_UP_VERBS:', 'and False:', (_T,)),
    ("jsonT-half-up-float", "half-up computed on the double, not the decimal as written (2.675 -> 2.67)",
     _TF, '    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))', '    return Fraction(value)', (_T,)),
    ("jsonT-grammar-ja-te", "ja '5 km をメートルに変換して JSON {...} で返して' reads no conversion",
     _GRAMMAR, "%extend start: _end* conversion request (_end+ ROLE? _other)* _end*\n", "", (_T,)),
    ("jsonT-grammar-rounded-first", "'Round 3.14159 to two decimals and return JSON ...' reads nothing",
     _GRAMMAR, "%extend conversion: TF_VERB NUMBER target TF_END? -> rounded_first", "%extend conversion: TF_VERB NUMBER NUMBER target TF_END? -> rounded_first", (_T,)),
    ("jsonT-degree-glued", "'212°F' is no number and unit",
     _READER, '(?=[%\\u00b0\\u2103\\u2109])")', '(?=[%])")', (_T,)),
    ("jsonT-sum-units-unordered", "a compound quantity is summed with its smaller unit first ('20 minutes and 1 hour')",
     _TF, '    if factors != sorted(factors, reverse=True):\n        return None\n', '', (_T,)),
    ("jsonT-sum-same-unit", "a compound quantity of one unit twice is summed ('2 hours and 3 hours')",
     _TF, 'if target_unit is None or len({unit for _value, unit in parts}) != len(parts):', 'if target_unit is None:', (_T,)),
    ("jsonT-sum-first-part-only", "a compound quantity is read as its first part",
     _TF, '        total += number * factor\n', '        total = total or number * factor\n', (_T,)),
    ("jsonT-identity-any-unit", "a sum in another unit than the target's is served as the target's",
     _TF, '    if unit is not None and TARGET_UNIT.get(name) == unit:', '    if unit is not None:', (_T,)),
    ("jsonT-route-json-word-only", "a template after a conversion without the word 'JSON' is routed to the text task",
     "stepcache_integrations/core/tasks/json/task.py", '    detect_word = ("json", "{")\n', '    detect_word = ("json",)\n',
     (_T, "tests/unit/test_task_detect_word.py")),
    ("jsonT-route-any-prompt", "the JSON task's readers are entered for every prompt (no word, no '{')",
     "stepcache_integrations/core/tasks/json/task.py", '    detect_word = ("json", "{")\n', '    detect_word = None\n',
     ("tests/unit/test_task_detect_word.py",)),
    ("jsonT-grammar-labelled-conversion", "'Rechne die Strecke 3,5 km in Meter um' reads no conversion",
     _GRAMMAR, "%extend conversion: TF_VERB DEF? STMT _unit_word target TF_END? -> labelled_converted\n", "", (_T,)),
    ("jsonT-unicode-digits", "a decimal comma reads any Unicode digit ('3,1\\uff14159' as 3.14159)",
     _READER, '_COMMA_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]{0,14}),(?:[0-9]{1,2}|[0-9]{4,9})',
     '_COMMA_DECIMAL = re.compile(r"-?(?:0|[1-9]\\d{0,14}),(?:\\d{1,2}|\\d{4,9})', (_T,)),
    ("jsonT-fr-verb-deleted", "a word deleted from a table: fr 'convertis' is no conversion verb",
     f"{_JSON}/vocabulary/fr.json", ' "conversion_verbs": [\n  "convertis",', ' "conversion_verbs": [\n  "convertisx",', (_T,)),
]
# fmt: on
