"""wip/jsonE: a statement's value that is spelled like a word of the table. A capitalised entity noun or unit
symbol written alone right after ":", "=" or the table's one-word "is" and ending its statement ("size: L",
"product=Laptop, qty=3", "item is Chair.") is the thing's name as written; a hyphenated value after "is" is no
"is a" ("sku is A-100"). Served AND exact in every table with such words; traps: the word before another word,
in lowercase, after a number (a unit), or with no separator."""

from __future__ import annotations

from typing import Any

from .harness import JsonReachTests, Pair, exact_json_pair as pair

# (key, first value, second value): entity nouns, unit symbols, hyphenated codes that start with an article
VALUES = [
    ("size", "M", "L"), ("size", "L", "XL"), ("product", "Laptop", "Tablet"), ("item", "Lamp", "Chair"),
    ("device", "Phone", "Laptop"), ("gift", "Book", "Lamp"), ("sku", "A-100", "B-205"), ("code", "A-7", "An-9"),
    ("model", "A-12", "C-3"),
]
# shapes of one statement of the value and one of a number
SHAPES = [
    "Turn this into JSON:\n{k}: {v}\nqty: {n}",
    "Convert to JSON: {k}={v}, qty={n}",
    "Output JSON only. Keys: {k}, qty. {k}={v}, qty={n}",
    "Give me a JSON object with keys {k} and qty: {k}: {v}, qty: {n}",
    "Create a JSON object with keys {k} and qty. {k} is {v}, qty is {n}.",
    "JSON please: {k}: {v}; qty: {n}",
    "System: You only answer in JSON.\nUser: Create an object with keys {k} and qty. {k} is {v}, qty is {n}.",
]


def _english() -> list[Pair]:
    out = []
    for i, (key, a, b) in enumerate(VALUES):
        for j, shape in enumerate(SHAPES):
            out.append(pair(f"en/table-word/{i}/{j}", shape.format(k=key, v=a, n=3), {key: a, "qty": 3},
                            shape.format(k=key, v=b, n=12), {key: b, "qty": 12}))
    return out


# every table with a unit symbol "L" or an entity noun: (first, second, key of the value, key of the number)
OTHER = [
    ("es", "Convierte esto a JSON:\ntalla: {v}\ncantidad: {n}", "talla", "cantidad"),
    ("fr", "Transforme ceci en JSON :\ntaille : {v}\nquantite : {n}", "taille", "quantite"),
    ("de", "Wandle das in JSON um:\ngroesse: {v}\nmenge: {n}", "groesse", "menge"),
    ("pt", "Converta isto para JSON:\ntamanho: {v}\nquantidade: {n}", "tamanho", "quantidade"),
    ("it", "Converti in JSON:\ntaglia: {v}\nquantita: {n}", "taglia", "quantita"),
    ("ru", "Преобразуй в JSON:\nразмер: {v}\nколичество: {n}", "размер", "количество"),
    ("es", "Genera un JSON con producto={v} y precio={n}", "producto", "precio"),
    ("de", "Gib mir JSON: artikel={v}, preis={n}", "artikel", "preis"),
    ("fr", "Donne-moi un JSON : produit={v}, prix={n}", "produit", "prix"),
]
OTHER_VALUES = {"talla": ("M", "L"), "taille": ("M", "L"), "groesse": ("M", "L"), "tamanho": ("M", "L"), "taglia": ("M", "L"),
                "размер": ("M", "L"), "producto": ("Tableta", "Lampara"), "artikel": ("Tisch", "Lampe"), "produit": ("Table", "Lampe")}


def _others() -> list[Pair]:
    out = []
    for i, (language, shape, key, num) in enumerate(OTHER):
        a, b = OTHER_VALUES[key]
        out.append(pair(f"{language}/table-word/{i}", shape.format(v=a, n=3), {key: a, num: 3},
                        shape.format(v=b, n=5), {key: b, num: 5}))
    return out


class TestTableWordValues(JsonReachTests):
    PAIRS = _english() + _others()
    OLD = "Turn this into JSON:\nsize: M\nqty: 3"
    OLD_OBJ = {"size": "M", "qty": 3}
    TRAPS = [
        "Turn this into JSON:\nsize: L bottle\nqty: 3",  # the word before another word
        "Turn this into JSON:\nsize: l\nqty: 3",  # a lowercase unit
        "Turn this into JSON:\nsize: 5 L\nqty: 3",  # a unit after a number: no conversion asked
        "Turn this into JSON:\nsize L\nqty: 3",  # no separator
        "Turn this into JSON:\nsize: L?\nqty: 3",  # asked about
        "Turn this into JSON:\nsize: L or XL\nqty: 3",
        "Turn this into JSON:\nsize: Laptop bag\nqty: 3",
        "Convert to JSON: size=L of water, qty=3",
        "Convert 5 L to ml and return JSON with keys size and qty: size: M, qty: 3",
        "Create a JSON object with keys sku and qty. sku is a A-100, qty is 3.",
        "Create a JSON object with keys sku and qty. sku is not A-100, qty is 3.",
        "Turn this into YAML:\nsize: L\nqty: 3",
        "Turn this into JSON:\nsize: Return\nqty: 3",  # a table word of another class
        "Turn this into JSON:\nsize: Only\nqty: 3",
        "Give me a JSON object with keys size and qty: size L, qty 3",  # a space alone before the table word
        "Give me a JSON object with keys product and qty: product Laptop, qty 3",
    ]

    @staticmethod
    def declined(read: Any) -> bool:
        return read is None or not {"size", "sku", "product"} & set(read.statements)
