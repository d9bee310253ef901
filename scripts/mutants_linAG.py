"""Mutation-check rows for wip/linAG (2026-12-07): format tails read, keyed and enforced ("Give the answer as an
integer": served only when every value is one, no fraction or decimal point on the last line; "put the final answer
alone on the last line"), '½ x' like '½x', a system labelled "I:", "II:" one equation a line, the product of two
unknowns written "xy", "x × y", "x·y". Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_LIN = "stepcache_integrations/core/tasks/linear"
_AG = ("tests/adversarial/test_linear_formats_linAG.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("linAG-integer-any-value", "'Solve 2x = 9. Give the answer as an integer.' read (x = 9/2 served for an integer asked)",
     f"{_LIN}/prompt.py", '    return not ("integer" in fmt and any(v.denominator != 1 for v in values))', '    return True', _AG),
    ("linAG-integer-line-unchecked", "a last line 'x = 4.0' or 'x = 8/2' passes the integer asked",
     f"{_LIN}/chain.py", '        ("integer" in fmt and ("/" in value or', '        (False and ("/" in value or', _AG),
    ("linAG-integer-word-problem", "a word problem whose value is 7/2 read with 'Give the answer as an integer.'",
     f"{_LIN}/word_problems.py", '    return "integer" not in fmt or all(value.denominator == 1 for value in values)',
     "    return True", _AG),
    ("linAG-integer-word", "'as an integer' no word of the English table (the form unread)",
     f"{_LIN}/vocabulary/en.json", '"INTEGER": ["integer", "whole number"]', '"INTEGER": ["integers", "whole numbers"]', _AG),
    ("linAG-integer-unkeyed", "the integer asked read as no format (a cached answer's 'x = 4.0' served for it; the key the same)",
     f"{_LIN}/reader.py", '_adds("decimal"), _adds("integer")', '_adds("decimal"), _adds()', _AG),
    ("linAG-alone-line-unread", "'put the final answer alone on the last line' no claim again",
     f"{_LIN}/reader.py", '"alone on the last line",\n', '\n', _AG),
    ("linAG-spaced-fraction-unread", "'Solve ½ x + 5 = 20' no claim again",
     f"{_LIN}/symbols.py", r'"(?:(?=[A-Za-z](?![\\w.])|\\()| (?=[A-Za-z]', r'"(?:(?=[A-Za-z](?![\\w.])|\\()|  (?=[A-Za-z]', _AG),
    ("linAG-spaced-fraction-before-bracket", "'Solve ½ (x + 1) = 3' read (a spaced bracket)",
     f"{_LIN}/symbols.py", r'| (?=[A-Za-z](?![\\w.]) ?[-+*/=\u2212]))")', r'| (?=[A-Za-z](?![\\w.]) ?[-+*/=\u2212]|\\())")',
     ("tests/adversarial/test_linear_symbols_linAF.py",)),
    ("linAG-dash-unspaced", "'Solve 3x –5 = 20' read (an en dash with no space after it: '3–5' may be a range)",
     f"{_LIN}/symbols.py", '_DASH_NUMBER_AFTER = re.compile(r" [0-9]', '_DASH_NUMBER_AFTER = re.compile(r" ?[0-9]',
     ("tests/adversarial/test_linear_symbols_linAF.py",)),
    ("linAG-labels-any-order", "'II: ...\\nI: ...' read (the Roman labels out of order)",
     f"{_LIN}/prompt.py", '    if [m.group(1) for _, m in labelled] != list(_ROMAN_LABELS[: len(labelled)]):\n        return prompt\n', '', _AG),
    ("linAG-labels-unread", "'Löse das Gleichungssystem:\\nI: x + 2y = 17\\nII: x - y = 2' no claim again",
     f"{_LIN}/prompt.py", '    prompt = _equation_labels_blanked(prompt)  #', '    prompt = prompt  #', _AG),
    ("linAG-xy-same-letter", "'what is xx?' read as x*x",
     f"{_LIN}/reader.py", '    if pair.group(1) != pair.group(2) and {pair', '    if {pair', _AG),
    ("linAG-xy-unread", "'what is xy?' no claim again",
     f"{_LIN}/reader.py", '    product = _names_product_at(text, pos, variables) if found is None else None', '    product = None', _AG),
    ("linAG-xy-table-word", "'a + n = 10, a - n = 2. What is an?' read as a*n (a two-letter word of a table read as a product)",
     f"{_LIN}/reader.py", "            fold(pair.group()) not in _two_letter_words()):", "            True):", _AG),
    ("linAG-product-any-expression", "'What is the product x + y?' read as x + y",
     f"{_LIN}/reader.py", '        if not _PRODUCT_OF_TWO.fullmatch(text):\n            raise Declined\n', '', _AG),
    ("linAG-times-names-one-side", "'what is x ×y?' read (spaced on one side only)",
     f"{_LIN}/symbols.py", r'[\u00d7\u00b7](?P=s)(?=[A-Za-z]', r'[\u00d7\u00b7] ?(?=[A-Za-z]', _AG),
    ("linAG-times-names-unread", "'combien vaut x × y ?' no claim again",
     f"{_LIN}/symbols.py", '        prompt = _TIMES_NAMES.sub(', '        prompt = prompt or _TIMES_NAMES.sub(', _AG),
]
# fmt: on
# (no row for _LABELLED_EQUATION, the rule that a labelled line holds one equation alone: with it off, the grammar still
# reads the line's other words or declines them, so every reading it lets through is the one without labels: equivalent,
# SURVIVED in the check of 2026-12-07; kept as a bound on what is blanked)
