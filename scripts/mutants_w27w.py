"""Mutation-check rows for W27 (red team 21), wip/w27w: referring words, open lists, abbreviations before a period,
statements in two styles. Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_JSON = "stepcache_integrations/core/tasks/json"
_W27W = ("tests/adversarial/test_red_team_21_w27_w27w.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("w27w-referring-off", "'Values: 20, ditto' is served {\"height\": \"ditto\"} (a back-reference read as the word)",
     f"{_JSON}/reader.py", "        and not _refers_or_relates(stated) and not _unlisted_beside_another_style(transformer, found)\n",
     "        and not _unlisted_beside_another_style(transformer, found)\n", _W27W),
    ("w27w-en-twice", "'Values: 20, twice' is served {\"height\": \"twice\"} (en referring_words lost 'twice')",
     f"{_JSON}/vocabulary/en.json", '"both", "twice", "thrice"', '"both", "thrice"', _W27W),
    ("w27w-ru-also", "ru 'Значения: 20, тоже' is served the word (ru referring_words lost 'тоже')",
     f"{_JSON}/vocabulary/ru.json", '"referring_words": ["тоже", ', '"referring_words": [', _W27W),
    ("w27w-de-dito", "de 'Werte: 20, dito' is served the word (de referring_words lost 'dito')",
     f"{_JSON}/vocabulary/de.json", '"referring_words": ["dito", ', '"referring_words": [', _W27W),
    ("w27w-two-styles-off", "'name: Ana, age: 30, not 31' is served a key 'not'",
     f"{_JSON}/reader.py", "        and not _refers_or_relates(stated) and not _unlisted_beside_another_style(transformer, found)\n",
     "        and not _refers_or_relates(stated)\n", _W27W),
    ("w27w-style-unrecorded", "'name: Ana, age: 30, not 31' is served a key 'not' (no statement's style is recorded)",
     f"{_JSON}/reader.py", '    style = "=" if equals else "-" if dashed else sep\n', "    style = None\n", _W27W),
    ("w27w-ellipsis-read", "'tags listing red, green, blue...' is served a closed list",
     f"{_JSON}/reader.py", '    if char in ".\\u3002" and text[pos + 1 : pos + 2] in (".", "\\u3002"):\n', "    if False:\n", _W27W),
    ("w27w-period-dropped-off", "'Values: Ana, Dr.' is served \"Dr\" (an abbreviation's period dropped)",
     f"{_JSON}/reader.py", "    if not _typed_as_noted(transformer, found, stated) or _period_dropped(stated, prompt) or _value_read_two_ways(transformer, stated, where):\n",
     "    if not _typed_as_noted(transformer, found, stated) or _value_read_two_ways(transformer, stated, where):\n", _W27W),
    ("w27w-en-inc", "'title: Acme Inc.' is served \"Acme Inc\" (en abbreviations lost 'inc')",
     f"{_JSON}/vocabulary/en.json", '"st", "inc", "ltd"', '"st", "ltd"', _W27W),
    ("w27w-vowelless-off", "'title: Main Bldg.' is served \"Main Bldg\" (a word with no vowel not abbreviation-shaped)",
     f"{_JSON}/reader.py", "    return not (len(word) > 1 and word.isupper()) and bare.isalpha()",
     "    return False and bare.isalpha()", _W27W),
    ("w27w-inner-period-off", "'title: r.s.v.p.' is served \"r.s.v.p\" (a period inside a word not abbreviation-shaped)",
     f"{_JSON}/reader.py", "    if folded in _ABBREVIATIONS or _DOTTED.fullmatch(folded):\n", "    if folded in _ABBREVIATIONS:\n", _W27W),
    ("w27w-capitals-code", "pt 'os valores Santos, SP.' is declined (a code in capitals read as an abbreviation)",
     f"{_JSON}/reader.py", "    return not (len(word) > 1 and word.isupper()) and bare.isalpha()",
     "    return bare.isalpha()", _W27W),
]
# fmt: on
