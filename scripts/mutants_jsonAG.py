"""Mutation-check rows for branch wip/jsonAG: the tables' key nouns broadened with generic attribute nouns (a key so
written needs a table's word: red team 29's class FW), and json/reader.py's key-evidence fields declared as one list.
Appended by ``mutants.py`` to its table: (id, behaviour, file, old, new, tests)."""

from __future__ import annotations

_VOC = "stepcache_integrations/core/tasks/json/vocabulary/"
_T = ("tests/adversarial/test_key_nouns_jsonAG.py",)

# fmt: off
ROWS: list[tuple[str, str, str, str, str, tuple[str, ...]]] = [
    ("jsonAG-en-ports-lost", "'model \"X200\", ..., ports 3, wireless true' no claim again (set 27: 'ports' no table's key noun)",
     _VOC + "en.json", '"ports", "slots", "dimensions"', '"slots", "dimensions"', _T),
    ("jsonAG-en-wireless-lost", "'ports 5, wireless false' no claim ('wireless' no truth-value key)",
     _VOC + "en.json", '"instock", "wireless"', '"instock"', _T),
    ("jsonAG-it-cilindrata-lost", "it 'cilindrata 125' no claim again (set 27)",
     _VOC + "it.json", '"porte", "cilindrata", ', '"porte", ', _T),
    ("jsonAG-ja-product-name-lost", "ja '商品名「ノート」' no claim again (set 27)",
     _VOC + "ja.json", '"商品名", "製品名"', '"製品名"', _T),
    ("jsonAG-zh-product-name-lost", "zh '商品名 \"苹果\"' no claim",
     _VOC + "zh.json", '"商品名", "商品名称"', '"商品名称"', _T),
    ("jsonAG-es-displacement-lost", "es 'cilindrada 1400' no claim",
     _VOC + "es.json", '"puertos", "cilindrada", ', '"puertos", ', _T),
    ("jsonAG-de-displacement-lost", "de 'hubraum 1400' no claim",
     _VOC + "de.json", '"anschluesse", "hubraum", ', '"anschluesse", ', _T),
    ("jsonAG-ru-power-lost", "ru 'мощность 106' no claim",
     _VOC + "ru.json", '"объем", "мощность", ', '"объем", ', _T),
    ("jsonAG-fr-displacement-lost", "fr 'cylindrée 125' no claim",
     _VOC + "fr.json", '"ports", "cylindrée", ', '"ports", ', _T),
    ("jsonAG-pt-displacement-lost", "pt 'cilindrada 125' no claim",
     _VOC + "pt.json", '"portas", "cilindrada", ', '"portas", ', _T),
    ("jsonAG-hedge-as-key-noun", "'about' a key noun ('age 30, about 31' read {\"about\": 31})",
     _VOC + "en.json", '"ports", "slots", "dimensions"', '"ports", "about", "slots", "dimensions"', _T),
    ("jsonAG-es-hedge-as-key-noun", "es 'unos' a key noun (its 'about': 'edad 30, unos 31')",
     _VOC + "es.json", '"puertos", "cilindrada", ', '"puertos", "unos", "cilindrada", ', _T),
    ("jsonAG-time-noun-as-key-noun", "a time noun no key noun held ('quarter') made one ('the quarter 3' is then one rule away)",
     _VOC + "en.json", '"ports", "slots", "dimensions"', '"ports", "quarter", "slots", "dimensions"', _T),
    ("jsonAG-zh-unit-key-noun", "zh '小时' (a unit: hours) a key noun again",
     _VOC + "zh.json", '"星期", "作者"', '"星期", "小时", "作者"', _T),
]

_READER = "stepcache_integrations/core/tasks/json/reader.py"
ROWS += [
    ("jsonAG-mapped-words-lost", "the words of the tables' 'kinds' and 'concepts' are no evidence of a key ('hotel \"Ritz\"' no claim)",
     _READER, "for word in (value if isinstance(value, list) else [key])]", "for word in [key]]", _T),
]
