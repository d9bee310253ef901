"""wip/jsonG class A: values by position, the order said, by construction in every spaced table: a key list, then the
table's VALUES word with its IN_ORDER phrase ("Values in the same order:", "Values, in that order:", "Values (in the
same order):"; pt "Valores na mesma ordem:", es "Valores (en el mismo orden):", fr "Valeurs dans le même ordre :", de
"Werte in derselben Reihenfolge:", it "Valori nello stesso ordine:", ru "Значения в том же порядке:"), before or after
the request. Served AND exact; traps: counts that differ, another order ("in reverse order"), a literal, type or
placeholder word, a referring word, an abbreviation with its period, two lists, a question, a key twice."""

from __future__ import annotations

from .harness import JsonReachTests, Pair, exact_json_pair as pair

# (keys, first values, second values), values as written
SETS = [
    (("id", "color", "size"), ("17", "red", "Medium"), ("17", "green", "Medium")),
    (("id", "status", "retries"), ("17", "open", "2"), ("18", "closed", "5")),
    (("name", "score"), ("Kim", "91"), ("Lee", "78")),
]
ORDERS = ["in the same order", ", in that order,", " (in the same order)", "in order", "in the same order as the keys",
          "in the order of the keys", "in key order", "respectively", "in the order given", "in that order"]
FRAMES = [
    "Keys: {kc}. Values{o}: {vc}. Output the JSON object.",
    "Return JSON with keys {kc}. Values{o}: {vc}.",
    "Keys: {kc}. Values{o}: {vc}. Return JSON only.",
]


def _typed(value: str) -> object:
    return int(value) if value.isdigit() else value


def _order(o: str) -> str:
    return o if o[:1] in ",( " else " " + o


def _english() -> list[Pair]:
    out = []
    for i, o in enumerate(ORDERS):
        for j, frame in enumerate(FRAMES):
            keys, a, b = SETS[(i + j) % len(SETS)]
            fill = lambda vs: frame.format(kc=", ".join(keys), o=_order(o).rstrip(","), vc=", ".join(vs))  # noqa: E731
            out.append(pair(f"en/position/{i}/{j}", fill(a), dict(zip(keys, map(_typed, a))), fill(b), dict(zip(keys, map(_typed, b)))))
    return out


# (language, shapes with {v}, keys, first values, second values)
OTHER = [
    ("pt", ["Chaves: codigo, cor, tamanho. Valores na mesma ordem: {v}. Monte o JSON.",
            "Chaves: codigo, cor, tamanho. Valores, nessa ordem: {v}. Retorne o JSON.",
            "Retorne um JSON com as chaves codigo, cor, tamanho. Valores na mesma ordem: {v}.",
            "Chaves: codigo, cor, tamanho. Valores (na mesma ordem): {v}. Retorne o JSON."],
     ("codigo", "cor", "tamanho"), ("301", "azul", "42"), ("301", "verde", "42")),
    ("es", ["Claves: id, color, talla. Valores (en el mismo orden): {v}. Devuelve el JSON.",
            "Claves: id, color, talla. Valores en ese orden: {v}. Devuelve el JSON.",
            "Devuelve un JSON con las claves id, color, talla. Valores en el mismo orden: {v}.",
            "Claves: id, color, talla. Valores, respectivamente: {v}. Devuelve el JSON."],
     ("id", "color", "talla"), ("17", "rojo", "40"), ("18", "azul", "38")),
    ("fr", ["Clés : id, couleur, taille. Valeurs dans le même ordre : {v}. Renvoie le JSON.",
            "Clés : id, couleur, taille. Valeurs (dans cet ordre) : {v}. Renvoie le JSON.",
            "Renvoie un JSON avec les clés id, couleur, taille. Valeurs dans le même ordre : {v}.",
            "Clés : id, couleur, taille. Valeurs, respectivement : {v}. Renvoie le JSON."],
     ("id", "couleur", "taille"), ("17", "rouge", "40"), ("18", "bleu", "38")),
    ("de", ["Schlüssel: id, farbe, größe. Werte in derselben Reihenfolge: {v}. Gib das JSON zurück.",
            "Schlüssel: id, farbe, größe. Werte in der gleichen Reihenfolge: {v}. Gib das JSON zurück.",
            "Gib ein JSON mit den Schlüsseln id, farbe, größe zurück. Werte in dieser Reihenfolge: {v}.",
            "Schlüssel: id, farbe, größe. Werte (der Reihe nach): {v}. Gib das JSON zurück."],
     ("id", "farbe", "größe"), ("17", "rot", "40"), ("18", "blau", "38")),
    ("it", ["Chiavi: id, colore, taglia. Valori nello stesso ordine: {v}. Restituisci il JSON.",
            "Chiavi: id, colore, taglia. Valori in questo ordine: {v}. Restituisci il JSON.",
            "Restituisci un JSON con le chiavi id, colore, taglia. Valori nello stesso ordine: {v}.",
            "Chiavi: id, colore, taglia. Valori, rispettivamente: {v}. Restituisci il JSON."],
     ("id", "colore", "taglia"), ("17", "rosso", "40"), ("18", "blu", "38")),
    ("ru", ["Ключи: id, цвет, размер. Значения в том же порядке: {v}. Верни JSON.",
            "Ключи: id, цвет, размер. Значения по порядку: {v}. Верни JSON.",
            "Верни JSON с ключами id, цвет, размер. Значения в том же порядке: {v}.",
            "Ключи: id, цвет, размер. Значения, соответственно: {v}. Верни JSON."],
     ("id", "цвет", "размер"), ("17", "красный", "40"), ("18", "синий", "38")),
]


def _others() -> list[Pair]:
    out = []
    for language, shapes, keys, a, b in OTHER:
        for k, shape in enumerate(shapes):
            out.append(pair(f"{language}/position/{k}", shape.format(v=", ".join(a)), dict(zip(keys, map(_typed, a))),
                            shape.format(v=", ".join(b)), dict(zip(keys, map(_typed, b)))))
    return out


class TestValuesByPosition(JsonReachTests):
    PAIRS = _english() + _others()
    EVERY = 5
    OLD = "Keys: id, status, retries. Values in the same order: 17, open, 2. Output the JSON object."
    OLD_OBJ = {"id": 17, "status": "open", "retries": 2}
    TRAPS = [
        "Keys: id, status, retries. Values in the same order: 18, closed. Output the JSON object.",  # counts differ
        "Keys: id, status. Values in the same order: 18, closed, 5. Output the JSON object.",
        "Keys: id, status, retries. Values in reverse order: 5, closed, 18. Output the JSON object.",  # another order
        "Keys: id, status, retries. Values in alphabetical order: 18, closed, 5. Output the JSON object.",
        "Keys: id, status, retries. Values in any order: 18, closed, 5. Output the JSON object.",
        "Keys: id, status, retries. Values in the same order: 18, null, 5. Output the JSON object.",  # a literal
        "Keys: id, status, retries. Values in the same order: 18, string, 5. Output the JSON object.",  # a type word
        "Keys: id, status, retries. Values in the same order: 18, unknown, 5. Output the JSON object.",  # a placeholder
        "Keys: id, status, retries. Values in the same order: 18, ditto, 5. Output the JSON object.",  # a referring word
        "Keys: id, status, retries. Values in the same order: 18, 5, Dr. Output the JSON object.",  # an abbreviation
        "Keys: id, status, retries. Values in the same order: 18, closed, 5? Output the JSON object.",  # asked
        "Keys: id, status, retries. Values in the same order: 18, closed, 5. Values: 19, open, 6. Output the JSON object.",
        "Keys: id, id, retries. Values in the same order: 18, closed, 5. Output the JSON object.",  # a key twice
        "Keys: id, status, retries. Values in the same order: 18, pending review, 5. Output the JSON object.",
        "Keys: id, status, retries. Values in the same order: 18, closed, 5. Output the YAML object.",
        "Keys: id, status, retries. Amounts in the same order: 18, closed, 5. Output the JSON object.",  # another label
        "Chaves: codigo, cor, tamanho. Valores na ordem inversa: 301, verde, 42. Monte o JSON.",
        "Claves: id, color, talla. Valores (en orden inverso): 18, azul, 38. Devuelve el JSON.",
        "Schlüssel: id, farbe, größe. Werte in umgekehrter Reihenfolge: 18, blau, 38. Gib das JSON zurück.",
        "Ключи: id, цвет, размер. Значения в обратном порядке: 18, синий, 38. Верни JSON.",
        "Clés : id, couleur, taille. Valeurs dans le même ordre : 18, bleu. Renvoie le JSON.",
    ]
