"""wip/jsonD: a listed key whose value a declared relation fixes. A total key (the tables' ``relations.total``
words) beside the one unit price key (``relations.unit_price``: marked per unit) and the one quantity key
(``relations.quantity``) both stated is the quantity times the unit price, computed exactly; the pair is served
without a model call (a never-right model answered the first prompt) and exact. Traps: a fee, a second price or
count, a price not marked per unit, a key the relation does not declare ("average", "total_weight"), a quantity
that is no whole number: the total is no claim (the model answers)."""

from __future__ import annotations

from typing import Any

import pytest

from stepcache_integrations.core.tasks.json.reader import read_request
from stepcache_integrations.core.tasks.json.relations import derived_totals

from .harness import JsonReachTests, exact_json_pair

Obj = dict[str, Any]


def served(cls: str, template: str, keys: tuple[str, str, str], old: tuple[Any, Any], new: tuple[Any, Any],
           extra: Obj | None = None) -> Any:
    """A pair of ``template`` filled with (unit price, quantity) ``old`` then ``new``; the objects hold the
    ``extra`` keys first, then the price, quantity and their product under ``keys``."""
    def obj(values: tuple[Any, Any]) -> Obj:
        price, qty = values
        total = price * qty if isinstance(price, int) else float(round(price * qty, 9))
        return {**(extra or {}), keys[0]: price, keys[1]: qty, keys[2]: total}
    return exact_json_pair(cls, template.format(*old), obj(old), template.format(*new), obj(new))


EN = ("unit_price", "quantity", "total")
PAIRS = [
    served("en/colon-list", "Return JSON with keys unit_price, quantity and total: unit_price {}, quantity {}.", EN, (4, 3), (4, 5)),
    served("en/price-changed", "Return JSON with keys unit_price, quantity and total: unit_price {}, quantity {}.", EN, (4, 3), (7, 3)),
    served("en/decimal-price", "Return JSON with keys unit_price, quantity and total: unit_price {}, quantity {}.", EN, (2.5, 3), (0.1, 3)),
    served("en/labelled-lines", "Return JSON with keys item, unit_price, quantity and total. item: Mug, unit_price: {}, quantity: {}.",
           EN, (4, 3), (6, 2), {"item": "Mug"}),
    served("en/equals-run", "JSON with keys unit_price, qty, total. unit_price={}, qty={}", ("unit_price", "qty", "total"), (4, 3), (9, 8)),
    served("en/fields-amount", "Give me a JSON object with the fields price_each, quantity and amount: price_each {}, quantity {}.",
           ("price_each", "quantity", "amount"), (2.5, 4), (3.5, 4)),
    served("en/subtotal", 'Output JSON with keys product, unit_cost, qty and subtotal: product "pen", unit_cost {}, qty {}.',
           ("unit_cost", "qty", "subtotal"), (3, 7), (3, 11), {"product": "pen"}),
    served("en/template", 'Fill in this template and return only the JSON: {{"unit_price": <price>, "quantity": <n>, "total": <total>}}. '
           "unit_price {}, quantity {}.", EN, (4, 3), (5, 3)),
    served("en/customer", 'Return only JSON with keys customer, unit_price, quantity, total: customer "Ken", unit_price {}, quantity {}.',
           EN, (15, 2), (15, 4), {"customer": "Ken"}),
    served("en/total-price", "Return JSON with keys price_per_unit, qty and total_price: price_per_unit {}, qty {}.",
           ("price_per_unit", "qty", "total_price"), (12, 10), (12, 0)),
    served("es/claves", 'Crea un JSON con las claves producto, precio_unitario, cantidad y total: producto "taza", precio_unitario {}, cantidad {}.',
           ("precio_unitario", "cantidad", "total"), (4, 3), (4, 6), {"producto": "taza"}),
    served("es/importe", "Devuelve un objeto JSON con las claves precio_unitario, cantidad e importe: precio_unitario {}, cantidad {}.",
           ("precio_unitario", "cantidad", "importe"), (4, 3), (8, 3)),
    served("fr/montant", 'Génère un objet JSON avec les clés produit, prix_unitaire, quantité et montant : produit "tasse", '
           "prix_unitaire {}, quantité {}.", ("prix_unitaire", "quantité", "montant"), (4, 3), (4, 9), {"produit": "tasse"}),
    served("fr/total", "Renvoie un JSON avec les clés prix_unitaire, quantite et total : prix_unitaire {}, quantite {}.",
           ("prix_unitaire", "quantite", "total"), (4, 3), (11, 3)),
    served("de/gesamtpreis", 'Erstelle ein JSON-Objekt mit den Schlüsseln Artikel, Stückpreis, Anzahl und Gesamtpreis: Artikel "Tasse", '
           "Stückpreis {}, Anzahl {}.", ("Stückpreis", "Anzahl", "Gesamtpreis"), (4, 3), (4, 7), {"Artikel": "Tasse"}),
    served("de/summe", "Gib ein JSON mit den Schlüsseln Einzelpreis, Menge und Summe zurück: Einzelpreis {}, Menge {}.",
           ("Einzelpreis", "Menge", "Summe"), (4, 3), (6, 3)),
    served("pt/valor-total", 'Retorne um objeto JSON com as chaves produto, preco_unitario, quantidade e valor_total: produto "caneca", '
           "preco_unitario {}, quantidade {}.", ("preco_unitario", "quantidade", "valor_total"), (4, 3), (4, 8), {"produto": "caneca"}),
    served("pt/total", "Gere um JSON com as chaves preco_unitario, quantidade e total: preco_unitario {}, quantidade {}.",
           ("preco_unitario", "quantidade", "total"), (4, 3), (10, 3)),
    served("it/importo", 'Restituisci un oggetto JSON con le chiavi articolo, prezzo_unitario, quantita e importo: articolo "tazza", '
           "prezzo_unitario {}, quantita {}.", ("prezzo_unitario", "quantita", "importo"), (4, 3), (4, 2), {"articolo": "tazza"}),
    served("it/totale", "Restituisci un JSON con le chiavi prezzo_unitario, quantita e totale: prezzo_unitario {}, quantita {}.",
           ("prezzo_unitario", "quantita", "totale"), (4, 3), (13, 3)),
    served("ru/itogo", 'Верни объект JSON с ключами товар, цена_за_единицу, количество и итого: товар "хлеб", цена_за_единицу {}, '
           "количество {}.", ("цена_за_единицу", "количество", "итого"), (40, 3), (40, 5), {"товар": "хлеб"}),
    served("ru/summa", "Верни JSON с ключами цена_за_штуку, количество и сумма: цена_за_штуку {}, количество {}.",
           ("цена_за_штуку", "количество", "сумма"), (40, 3), (45, 3)),
    served("zh/zongjia", "请输出 JSON，键为 单价、数量 和 总价：单价 {}，数量 {}。", ("单价", "数量", "总价"), (12, 4), (12, 6)),
    served("zh/equals", "请输出 JSON，键为 单价、数量 和 总计：单价={}，数量={}。", ("单价", "数量", "总计"), (12, 4), (15, 4)),
    served("ja/goukei", '商品、単価、数量、合計のキーを持つJSONを返してください：商品 "マグ"、単価 {}、数量 {}。',
           ("単価", "数量", "合計"), (4, 3), (4, 10), {"商品": "マグ"}),
    served("ja/sougaku", "単価、数量、総額のキーを持つJSONを返してください：単価 {}、数量 {}。", ("単価", "数量", "総額"), (4, 3), (9, 3)),
]

OLD = "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3."
OLD_OBJ: Obj = {"unit_price": 4, "quantity": 3, "total": 12}

# Each states the price and the quantity, never the total: the total is no claim, the model answers it.
TRAPS = [
    "Return JSON with keys unit_price, quantity, fee and total: unit_price 4, quantity 3, fee 2.",  # a fee may enter the total
    "Return JSON with keys unit_price, quantity, shipping and total: unit_price 4, quantity 3, shipping 5.",
    "Return JSON with keys unit_price, quantity, tax and total: unit_price 4, quantity 3.",  # an unstated key may enter it
    "Return JSON with keys price, quantity and total: price 4, quantity 3.",  # a price not marked per unit may be the total
    "Return JSON with keys unit_price, list_price, quantity and total: unit_price 4, list_price 5, quantity 3.",  # two prices
    "Return JSON with keys unit_price, price_each, quantity and total: unit_price 4, price_each 5, quantity 3.",  # two unit prices
    "Return JSON with keys unit_price, quantity, qty and total: unit_price 4, quantity 3, qty 2.",  # two counts
    "Return JSON with keys unit_price, quantity, total and amount: unit_price 4, quantity 3.",  # two totals
    "Return JSON with keys unit_price, quantity and average: unit_price 4, quantity 3.",  # a key no relation declares
    "Return JSON with keys unit_price, quantity and total_weight: unit_price 4, quantity 3.",  # a total of another quantity
    "Return JSON with keys unit_price, quantity and difference: unit_price 4, quantity 3.",  # another relation word
    "Return JSON with keys unit_weight, quantity and total: unit_weight 4, quantity 3.",  # a weight, not a price
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 2.5.",  # no whole quantity
    'Return JSON with keys unit_price, quantity and total: unit_price "4", quantity 3.',  # a string price
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity true.",
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3. Round the total to the nearest ten.",
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3, discount 1.",
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3, total including tax.",
    "Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3 plus a fee of 2.",
    "Return JSON with keys unit_price and total: unit_price 4.",  # no quantity
    "Return JSON with keys quantity and total: quantity 3.",  # no price
    "Верни JSON с ключами цена, количество и сумма: цена 40, количество 3.",  # ru price not marked per unit
    "请输出 JSON，键为 价格、数量 和 总价：价格 12，数量 4。",  # zh price not marked per unit
    "Gib ein JSON mit den Schlüsseln Preis, Menge und Summe zurück: Preis 4, Menge 3.",  # de price not marked per unit
]


class TestTotals(JsonReachTests):
    PAIRS = PAIRS
    OLD = OLD
    OLD_OBJ = OLD_OBJ
    TRAPS = TRAPS

    @staticmethod
    def declined(read: Any) -> bool:
        """A trap states no total (the key a relation would fix): nothing read, or no statement of it."""
        return read is None or not ({"total", "amount", "average", "total_weight", "difference", "сумма", "总价", "Summe"}
                                    & set(read.statements))


@pytest.mark.parametrize(("keys", "values", "expected"), [
    (["unit_price", "quantity", "total"], {"unit_price": 4, "quantity": 3}, {"total": 12}),
    (["unit_price", "quantity", "total"], {"unit_price": 1.1, "quantity": 3}, {"total": 3.3}),
    (["unit_price", "quantity", "total"], {"unit_price": 4, "quantity": 3, "total": 99}, {}),  # stated: its own value
    (["unit_price", "quantity", "total"], {"unit_price": 4, "quantity": -3}, {}),
    (["unit_price", "quantity", "total"], {"unit_price": True, "quantity": 3}, {}),
    (["UNIT-PRICE", "Qty", "Total"], {"UNIT-PRICE": 4, "Qty": 3}, {"Total": 12}),
    (["unit_price", "quantity", "total"], {"unit_price": 123456789.123, "quantity": 999999}, {}),  # no double is the product
])
def test_relation_computed_exactly(keys: list[str], values: Obj, expected: Obj) -> None:
    result = derived_totals(keys, values, {})
    assert result == expected and all(type(result[k]) is type(v) for k, v in expected.items())


def test_relation_declined_with_a_transform() -> None:
    assert derived_totals(["unit_price", "quantity", "total"], {"unit_price": 4, "quantity": 3}, {"total": "round to 10"}) == {}


def test_total_stated_is_never_recomputed() -> None:
    read = read_request("Return JSON with keys unit_price, quantity and total: unit_price 4, quantity 3, total 20.")
    assert read is None or read.statements["total"].value == 20


# -- a count priced per unit said in prose: "3 mugs at 4 dollars each" (en at/each/apiece/per unit, fr à/chacune,
# de à/pro Stück, à je, pt por/cada, ru по/за штуку) -----------------------------------------------------------------
def prose(cls: str, template: str, keys: tuple[str, ...], old: tuple[Any, Any], new: tuple[Any, Any], extra: Obj | None = None) -> Any:
    """``template`` filled with (count, unit price); ``keys`` the quantity, total and, when three, the unit price keys
    in the object's order as listed: (quantity, unit price, total) or (quantity, total)."""
    def obj(values: tuple[Any, Any]) -> Obj:
        count, price = values
        total = count * price if isinstance(price, int) else float(round(count * price, 9))
        out: Obj = dict(extra or {})
        if len(keys) == 3:
            out.update({keys[0]: count, keys[1]: price, keys[2]: total})
        else:
            out.update({keys[0]: count, keys[1]: total})
        return out
    return exact_json_pair(cls, template.format(*old), obj(old), template.format(*new), obj(new))


QUP = ("quantity", "unit_price", "total")
PROSE = [
    prose("en/for-count-at-each", "Create JSON with keys quantity, unit_price and total for {} mugs at {} dollars each.", QUP, (3, 4), (5, 4)),
    prose("en/colon-at-each", "Return JSON with keys quantity, unit_price and total: {} shirts at {} each.", QUP, (3, 15), (4, 15)),
    prose("en/price-changed", "Return JSON with keys quantity, unit_price and total: {} shirts at {} each.", QUP, (3, 15), (3, 20)),
    prose("en/apiece-dollar", "Return JSON with keys quantity, unit_price and total: {} tickets at ${} apiece.", QUP, (2, 15), (6, 15)),
    prose("en/noun-key", "Return JSON with keys tickets and total: {} tickets at {} each.", ("tickets", "total"), (2, 15), (4, 15)),
    prose("en/order-record", "Write a JSON record for this order: customer Ken, {} tickets at {} each. Keys: customer, tickets, total.",
          ("tickets", "total"), (2, 15), (4, 15), {"customer": "Ken"}),
    prose("en/per-unit-decimal", "Return JSON with keys quantity and total: {} mugs at {} dollars per unit.", ("quantity", "total"), (4, 2.5), (3, 2.5)),
    prose("en/subtotal-decimal", "Give me a JSON object with keys quantity, unit_price and subtotal: {} pens at {} each.",
          ("quantity", "unit_price", "subtotal"), (6, 1.25), (8, 1.25)),
    prose("en/amount-euros", "Output JSON with keys qty, price_each and amount: {} chairs at {} euros a piece.",
          ("qty", "price_each", "amount"), (4, 30), (4, 35)),
    prose("en/per-item", "JSON with keys quantity, unit_cost and total_cost: {} books at {} per item.",
          ("quantity", "unit_cost", "total_cost"), (3, 12), (7, 12)),
    prose("fr/chacune", "Renvoie un JSON avec les clés quantite, prix_unitaire et total : {} tasses à {} euros chacune.",
          ("quantite", "prix_unitaire", "total"), (3, 4), (6, 4)),
    prose("fr/montant-unite", "Renvoie un JSON avec les clés quantite et montant : {} stylos à {} euros l'unité.",
          ("quantite", "montant"), (3, 2), (3, 5)),
    prose("fr/piece", "Donne un objet JSON avec les clés quantité, prix_unitaire et total : {} livres à {} euros pièce.",
          ("quantité", "prix_unitaire", "total"), (2, 9), (5, 9)),
    prose("de/pro-stueck", "Gib ein JSON mit den Schlüsseln Menge, Einzelpreis und Summe zurück: {} Tassen à {} Euro pro Stück.",
          ("Menge", "Einzelpreis", "Summe"), (3, 4), (7, 4)),
    prose("de/gesamtpreis", "Gib ein JSON mit den Schlüsseln Anzahl und Gesamtpreis zurück: {} Tassen à {} Euro pro Stück.",
          ("Anzahl", "Gesamtpreis"), (3, 4), (3, 6)),
    prose("de/a-je", "Gib ein JSON mit den Schlüsseln Anzahl, Stückpreis und Gesamtbetrag zurück: {} Stifte à je {} Euro.",
          ("Anzahl", "Stückpreis", "Gesamtbetrag"), (5, 2), (9, 2)),
    prose("pt/cada", "Retorne um objeto JSON com as chaves quantidade, preco_unitario e total: {} canecas por {} reais cada.",
          ("quantidade", "preco_unitario", "total"), (3, 4), (8, 4)),
    prose("pt/cada-uma", "Retorne um JSON com as chaves quantidade e total: {} canecas por {} reais cada uma.",
          ("quantidade", "total"), (3, 4), (3, 7)),
    prose("ru/po", "Верни JSON с ключами количество, цена_за_штуку и сумма: {} кружки по {} рублей.",
          ("количество", "цена_за_штуку", "сумма"), (3, 40), (4, 40)),
    prose("ru/za-shtuku", "Верни JSON с ключами количество и итого: {} кружки по {} рублей за штуку.", ("количество", "итого"), (3, 40), (3, 55)),
    prose("ru/summa", "Верни JSON с ключами количество и сумма: {} кружек по {} рублей.", ("количество", "сумма"), (5, 40), (6, 40)),
]

PROSE_OLD = "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each."
PROSE_OLD_OBJ: Obj = {"quantity": 3, "unit_price": 15, "total": 45}
PROSE_TRAPS = [
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each and 2 hats at 10 each.",  # two counts priced
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each plus tax.",
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each, fee 2.",
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each, minus 10%.",
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each. Round the total to the nearest ten.",
    "Return JSON with keys quantity, unit_price, discount and total: 3 shirts at 15 each.",  # an unstated key may enter it
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 dollars.",  # not marked per unit: 15 may be the total
    "Return JSON with keys quantity and total: 4 mugs for 12 dollars.",  # 12 is the total
    "Create JSON with keys quantity, unit_price and total for 3 mugs at 4 dollars.",  # not marked per unit
    "Return JSON with keys quantity, unit_price and total: 3 shirts at 15 each, quantity 4.",  # the count stated twice
    "Return JSON with keys quantity, unit_price and total: 3.5 shirts at 15 each.",  # no whole count
    "Return JSON with keys quantity, unit_price and total_weight: 3 boxes at 4 kg each.",  # a total of another quantity
    "Return JSON with keys quantity, unit_price and average: 3 shirts at 15 each.",  # a key no relation declares
    "Return JSON with keys quantity, unit_price and difference: 3 shirts at 15 each.",
    "Return JSON with keys unit_price and total: 3 shirts at 15 each.",  # no key for the count
    "Return JSON with keys quantity and total: 3 mugs at 4 each, 2 at 5 each.",
    "Return JSON with keys quantity, total and amount: 3 mugs at 4 each.",  # two totals
    "Return JSON with keys hats and total: 3 shirts at 15 each.",  # the noun is no key
    "Верни JSON с ключами количество и итого: 3 кружки за 40 рублей.",  # ru "за 40": the price of all three
    "Renvoie un JSON avec les clés quantite et montant : 3 tasses à 4 euros.",  # fr not marked per unit
    "Gib ein JSON mit den Schlüsseln Anzahl und Gesamtpreis zurück: 3 Tassen à 4 Euro.",
]


class TestPricedCounts(JsonReachTests):
    PAIRS = PROSE
    OLD = PROSE_OLD
    OLD_OBJ = PROSE_OLD_OBJ
    TRAPS = PROSE_TRAPS

    @staticmethod
    def declined(read: Any) -> bool:
        """A trap states no total: nothing read, or no statement of a total key."""
        return read is None or not ({"total", "amount", "average", "total_weight", "difference", "итого", "montant", "Gesamtpreis"}
                                    & set(read.statements))


# -- relation 3: a count key is the number of items of the one list it counts ("count" beside one stated list and
# strings only; "num_tags", "tags_count", "number_of_tags", es "numero_de_etiquetas", zh "标签数量": the list named) ---
def counted(cls: str, template: str, keys: tuple[str, str], old: list[Any], new: list[Any], extra: Obj | None = None) -> Any:
    """``template`` filled with a JSON array literal of ``old`` then ``new``; the object's list then its count."""
    import json as _json

    def obj(items: list[Any]) -> Obj:
        return {**(extra or {}), keys[0]: items, keys[1]: len(items)}
    return exact_json_pair(cls, template.format(_json.dumps(old, ensure_ascii=False)), obj(old),
                           template.format(_json.dumps(new, ensure_ascii=False)), obj(new))


COUNTS = [
    counted("en/count", "Return JSON with keys tags and count: tags {}.", ("tags", "count"), ["python", "sql"], ["python", "sql", "go"]),
    counted("en/count-equals", "JSON with keys tags and count: tags = {}", ("tags", "count"), ["python", "sql"], ["rust"]),
    counted("en/count-is", "Return JSON with keys tags and count: tags is {}.", ("tags", "count"), ["a", "b"], ["a", "b", "c", "d"]),
    counted("en/item-count", "Return JSON with keys items and item_count: items {}.", ("items", "item_count"), ["pen"], ["pen", "ink"]),
    counted("en/skills-count", 'Return a JSON object with keys name, skills and skills_count: name "Ana", skills {}.',
            ("skills", "skills_count"), ["go", "sql"], ["go"], {"name": "Ana"}),
    counted("en/number-of", "Give me JSON with keys items and number_of_items: items is {}.", ("items", "number_of_items"),
            ["pen", "cup", "ink"], ["pen", "cup"]),
    counted("en/num-numbers", "Return JSON with keys langs and num_langs: langs {}.", ("langs", "num_langs"), [1, 2, 3], [1, 2, 3, 4, 5]),
    counted("en/n-prefix", "Return JSON with keys ids and n_ids: ids {}.", ("ids", "n_ids"), [90, 85], [90, 85, 70]),
    counted("en/count-strings-beside", 'Return JSON with keys owner, tags and count: owner "Li", tags {}.', ("tags", "count"),
            ["x", "y"], ["x", "y", "z"], {"owner": "Li"}),
    counted("en/duplicates-counted", "Return JSON with keys tags and count: tags {}.", ("tags", "count"), ["a", "b"], ["a", "a", "b"]),
    counted("es/conteo", "Devuelve un objeto JSON con las claves etiquetas y conteo: etiquetas {}.", ("etiquetas", "conteo"),
            ["a", "b"], ["a", "b", "c"]),
    counted("es/numero-de", "Devuelve un objeto JSON con las claves etiquetas y numero_de_etiquetas: etiquetas {}.",
            ("etiquetas", "numero_de_etiquetas"), ["a", "b"], ["a"]),
    counted("fr/nombre-de", "Renvoie un JSON avec les clés tags et nombre_de_tags : tags {}.", ("tags", "nombre_de_tags"), ["a", "b"], ["a", "b", "c"]),
    counted("de/anzahl", "Gib ein JSON mit den Schlüsseln tags und anzahl_tags zurück: tags {}.", ("tags", "anzahl_tags"), ["a", "b"], ["a", "b", "c"]),
    counted("pt/numero-de", "Retorne um objeto JSON com as chaves tags e numero_de_tags: tags {}.", ("tags", "numero_de_tags"),
            ["a", "b"], ["a", "b", "c"]),
    counted("pt/contagem", "Retorne um objeto JSON com as chaves tags e contagem: tags {}.", ("tags", "contagem"), ["a", "b"], ["a"]),
    counted("it/numero-di", "Restituisci un JSON con le chiavi tags e numero_di_tags: tags {}.", ("tags", "numero_di_tags"), ["a", "b"], ["a", "b", "c"]),
    counted("it/conteggio", "Restituisci un JSON con le chiavi tags e conteggio: tags {}.", ("tags", "conteggio"), ["a", "b"], ["c"]),
    counted("ru/chislo", "Верни JSON с ключами теги и число_теги: теги {}.", ("теги", "число_теги"), ["a", "b"], ["a", "b", "c"]),
    counted("zh/shuliang", "请输出 JSON，键为 标签 和 标签数量：标签={}。", ("标签", "标签数量"), ["a", "b"], ["a", "b", "c"]),
    counted("zh/shu", "请输出 JSON，键为 标签 和 标签数：标签={}。", ("标签", "标签数"), ["a", "b"], ["a"]),
]

COUNT_OLD = "Return JSON with keys tags and count: tags [\"python\", \"sql\"]."
COUNT_OLD_OBJ: Obj = {"tags": ["python", "sql"], "count": 2}
COUNT_TRAPS = [
    'Return JSON with keys visits, tags and count: visits 4, tags ["a", "b"].',  # another number: what "count" counts
    'Return JSON with keys tags, colors and count: tags ["a", "b"], colors ["red"].',  # two lists
    'Return JSON with keys tags, owner and count: tags ["a", "b"].',  # an unstated key beside "count"
    'Return JSON with keys tags and average: tags ["a", "b"].',  # a key no relation declares
    'Return JSON with keys tags and total_length: tags ["a", "b"].',
    'Return JSON with keys tags and unique_count: tags ["a", "a"].',
    'Return JSON with keys tags and tag_count: tags ["a", "b"].',  # the pattern names "tag", not the key "tags"
    'Return JSON with keys tags, count and num_tags: tags ["a", "b"].',  # two count keys
    'Return JSON with keys tags, num_tags and count: tags ["a", "b"].',
    'Return JSON with keys tags and num_colors: tags ["a", "b"].',  # the count of a list not stated
    'Return JSON with keys tags and count: tags ["a", "b"]. Round the count to the nearest ten.',
    'Return JSON with keys tags and count: tags ["a", "b"], plus one.',
    'Return JSON with keys tags and count: tags "a, b".',  # one string, no list
]


class TestCounts(JsonReachTests):
    PAIRS = COUNTS
    OLD = COUNT_OLD
    OLD_OBJ = COUNT_OLD_OBJ
    TRAPS = COUNT_TRAPS

    @staticmethod
    def declined(read: Any) -> bool:
        """A trap states no count: nothing read, or no statement of a count key."""
        counts = {"count", "average", "total_length", "unique_count", "tag_count", "num_tags", "num_colors"}
        return read is None or not (counts & set(read.statements))


def test_count_stated_is_never_recomputed() -> None:
    read = read_request('Return JSON with keys tags and count: tags ["python", "sql"], count 5.')
    assert read is None or read.statements["count"].value == 5


# -- the multiplication declared in words or brackets: "(total = quantity times unit_price)" after the key list,
# "totale (prezzo × quantità)" after the key, es "por", fr "fois", de "mal", pt "vezes", it "per", ru "умножить на" ---
def formula(cls: str, template: str, keys: tuple[str, str, str], old: tuple[int, int], new: tuple[int, int], extra: Obj | None = None) -> Any:
    """``template`` filled with the two operands (in ``keys[0]``, ``keys[1]`` order); ``keys[2]`` their product."""
    def obj(values: tuple[int, int]) -> Obj:
        return {**(extra or {}), keys[0]: values[0], keys[1]: values[1], keys[2]: values[0] * values[1]}
    return exact_json_pair(cls, template.format(*old), obj(old), template.format(*new), obj(new))


FORMULAS = [
    formula("en/bracket-times", "Return JSON with keys item, quantity, unit_price, total (total = quantity times unit_price). "
            "item: Pens, quantity: {}, unit_price: {}", ("quantity", "unit_price", "total"), (4, 3), (6, 3), {"item": "Pens"}),
    formula("en/bracket-star", "Return JSON with keys price, qty and total (total = price * qty): price {}, qty {}.",
            ("price", "qty", "total"), (4, 5), (4, 9)),
    formula("en/bracket-multiplied", "Return JSON with keys price, qty and total (total = price multiplied by qty): price {}, qty {}.",
            ("price", "qty", "total"), (4, 5), (7, 5)),
    formula("en/key-bracket-no-eq", "Return JSON with keys price, qty and total (price times qty): price {}, qty {}.",
            ("price", "qty", "total"), (4, 5), (4, 6)),
    formula("en/sentence-times", "JSON with keys price, qty and total: price {}, qty {}. Total = price times qty.",
            ("price", "qty", "total"), (4, 5), (8, 5)),
    formula("es/por", "Devuelve un JSON con las claves cantidad, precio y total (total = cantidad por precio): cantidad {}, precio {}.",
            ("cantidad", "precio", "total"), (3, 2), (5, 2)),
    formula("es/producto", 'Genera un JSON con las claves producto, cantidad, precio_unitario y total (total = cantidad por precio_unitario): '
            'producto "lápices", cantidad {}, precio_unitario {}.', ("cantidad", "precio_unitario", "total"), (3, 2), (3, 4), {"producto": "lápices"}),
    formula("es/multiplicado", "Devuelve un JSON con las claves cantidad, precio y total (total = cantidad multiplicado por precio): "
            "cantidad {}, precio {}.", ("cantidad", "precio", "total"), (3, 2), (9, 2)),
    formula("fr/fois", "Renvoie un JSON avec les clés quantite, prix et total (total = quantite fois prix) : quantite {}, prix {}.",
            ("quantite", "prix", "total"), (3, 4), (6, 4)),
    formula("fr/key-no-eq", "Donne un objet JSON avec les clés prix_unitaire, quantite et total (prix_unitaire × quantite) : "
            "prix_unitaire {}, quantite {}.", ("prix_unitaire", "quantite", "total"), (3, 8), (3, 9)),
    formula("de/mal", "Gib ein JSON mit den Schlüsseln Menge, Preis und Summe (Summe = Menge mal Preis) zurück: Menge {}, Preis {}.",
            ("Menge", "Preis", "Summe"), (3, 4), (3, 5)),
    formula("de/star", "Gib ein JSON mit den Schlüsseln Menge, Preis und Summe (Summe = Menge * Preis) zurück: Menge {}, Preis {}.",
            ("Menge", "Preis", "Summe"), (3, 4), (8, 4)),
    formula("pt/vezes", "Gere um JSON com as chaves quantidade, preco e total (total = quantidade vezes preco): quantidade {}, preco {}.",
            ("quantidade", "preco", "total"), (3, 4), (7, 4)),
    formula("pt/x", "Gere um JSON com as chaves quantidade, preco e total (total = quantidade × preco): quantidade {}, preco {}.",
            ("quantidade", "preco", "total"), (3, 4), (3, 11)),
    formula("it/key-cross", "Restituisci un JSON con le chiavi prezzo, quantità e totale (prezzo × quantità): prezzo {}, quantità {}.",
            ("prezzo", "quantità", "totale"), (3, 7), (3, 8)),
    formula("it/per", "Restituisci un JSON con le chiavi prezzo, quantità e totale (totale = prezzo per quantità): prezzo {}, quantità {}.",
            ("prezzo", "quantità", "totale"), (3, 7), (5, 7)),
    formula("ru/cross", "Верни JSON с ключами количество, цена и сумма (сумма = количество × цена): количество {}, цена {}.",
            ("количество", "цена", "сумма"), (3, 40), (5, 40)),
    formula("ru/umnozhit", "Верни JSON с ключами количество, цена и сумма (сумма = количество умножить на цена): количество {}, цена {}.",
            ("количество", "цена", "сумма"), (3, 40), (3, 45)),
    formula("ru/key-no-eq", "Верни JSON с ключами количество, цена и сумма (количество × цена): количество {}, цена {}.",
            ("количество", "цена", "сумма"), (3, 40), (4, 40)),
    formula("en/area", "Return JSON with keys width, height and area (area = width times height): width {}, height {}.",
            ("width", "height", "area"), (3, 4), (3, 5)),
]

FORMULA_OLD = "Return JSON with keys price, qty and total (total = price * qty): price 4, qty 5."
FORMULA_OLD_OBJ: Obj = {"price": 4, "qty": 5, "total": 20}
FORMULA_WORD_TRAPS = [
    "Return JSON with keys price, qty and total (total = price times qty times 2): price 4, qty 5.",  # three operands
    "Return JSON with keys price, qty and total (total = price plus qty): price 4, qty 5.",  # no declared word
    "Return JSON with keys price, qty and total (total = price times tax): price 4, qty 5.",  # an operand unlisted
    "Return JSON with keys price, qty and total (total = price divided by qty): price 4, qty 5.",
    "Return JSON with keys price, qty and total (total = price per qty): price 4, qty 5.",  # en "per" is no "times"
    "Return JSON with keys price, qty and total (total = price fois qty): price 4, qty 5.",  # another table's word
    "Return JSON with keys price, qty and total (total = price times qty): price 4, qty 5, total 30.",  # the target stated
    "Return JSON with keys price, qty and total (total ≈ price times qty): price 4, qty 5.",
    "Return JSON with keys price, qty and total (total = price times qty?): price 4, qty 5.",
    "Restituisci un JSON con le chiavi prezzo, quantità e totale (prezzo ÷ quantità): prezzo 3, quantità 7.",
]


class TestFormulaWords(JsonReachTests):
    PAIRS = FORMULAS
    OLD = FORMULA_OLD
    OLD_OBJ = FORMULA_OLD_OBJ
    TRAPS = FORMULA_WORD_TRAPS

    @staticmethod
    def declined(read: Any) -> bool:
        """A trap computes no total: nothing read, or the total not computed (a statement of 30 is the prompt's own)."""
        return read is None or "total" not in read.statements or read.statements["total"].value == 30
