"""wip/jsonE: values listed in the keys' order, by construction: "with keys id, status and priority and values 18,
closed, low" (a lowercase word now read, as jsonZ's "Values:" list reads it), and the table's VALUES word as a sentence
after the request: "Return JSON with keys id, status. Values: 18, closed.", "Values in order: ...", 'System: ... User:
keys "name", "score"; values Lee, 78'. Served AND exact in every table with a VALUES word; traps: counts that differ, a
JSON literal, type or placeholder word, a value of two words, a question, two value lists, another label."""

from __future__ import annotations

from .harness import JsonReachTests, Pair, exact_json_pair as pair

# (keys, first values, second values): values as written, then as read
SETS = [
    (("id", "status", "priority"), ("17", "open", "high"), ("18", "closed", "low")),
    (("mode", "port", "env"), ("fast", "8080", "dev"), ("safe", "9090", "prod")),
    (("name", "score"), ("Kim", "91"), ("Lee", "78")),
    (("sku", "qty", "color"), ("AB-12", "4", "red"), ("ZX-99", "11", "blue")),
]
SHAPES = [
    "Create a JSON object with keys {kl} and values {vc}.",
    "Return JSON with keys {kc}. Values: {vc}.",
    "Return JSON with keys {kc}. Values in order: {vc}.",
    "System: You output only valid JSON.\nUser: keys {kq}; values {vc}",
    "JSON please, keys: {kc}. Values: {vc}.",
    "Output JSON only. Keys: {kc}. Values: {vc}.",
    "Give me a JSON object with the keys {kl} and the values {vc} in that order.",
    "You are an API that only returns JSON. Keys: {kc}. Values: {vc}.",
]


def _said(keys: tuple[str, ...]) -> str:
    return ", ".join(keys[:-1]) + " and " + keys[-1]


def _typed(value: str) -> object:
    return int(value) if value.isdigit() else value


def _fill(shape: str, keys: tuple[str, ...], values: tuple[str, ...]) -> str:
    return shape.format(kl=_said(keys), kc=", ".join(keys), vc=", ".join(values), kq=", ".join(f'"{k}"' for k in keys))


def _english() -> list[Pair]:
    out = []
    for i, shape in enumerate(SHAPES):
        for j, (keys, a, b) in enumerate(SETS):
            out.append(pair(f"en/values/{i}/{j}", _fill(shape, keys, a), dict(zip(keys, map(_typed, a))),
                            _fill(shape, keys, b), dict(zip(keys, map(_typed, b)))))
    return out


# (language, "and values" shape, "Values:" shape, keys, first values, second values)
OTHER = [
    ("es", "Devuelve un JSON con las claves id, estado y prioridad y los valores {v}.",
     "Devuelve un JSON con las claves id, estado, prioridad. Valores: {v}.", ("id", "estado", "prioridad"),
     ("17", "abierto", "alta"), ("18", "cerrado", "baja")),
    ("fr", "Renvoie un JSON avec les clés id, statut et priorite et les valeurs {v}.",
     "Renvoie un JSON avec les clés id, statut, priorite. Valeurs : {v}.", ("id", "statut", "priorite"),
     ("17", "ouvert", "haute"), ("18", "ferme", "basse")),
    ("de", "Gib ein JSON mit den Schlüsseln id, status und prio und den Werten {v} zurück.",
     "Gib ein JSON mit den Schlüsseln id, status, prio zurück. Werte: {v}.", ("id", "status", "prio"),
     ("17", "offen", "hoch"), ("18", "fertig", "mittel")),
    ("pt", "Retorne um JSON com as chaves id, estado e prioridade e os valores {v}.",
     "Retorne um JSON com as chaves id, estado, prioridade. Valores: {v}.", ("id", "estado", "prioridade"),
     ("17", "aberto", "alta"), ("18", "fechado", "baixa")),
    ("it", "Restituisci un JSON con le chiavi id, stato e priorita e i valori {v}.",
     "Restituisci un JSON con le chiavi id, stato, priorita. Valori: {v}.", ("id", "stato", "priorita"),
     ("17", "aperto", "alta"), ("18", "chiuso", "bassa")),
    ("ru", "Верни JSON с ключами id, status и priority и значения {v}.",
     "Верни JSON с ключами id, status, priority. Значения: {v}.", ("id", "status", "priority"),
     ("17", "open", "high"), ("18", "closed", "low")),
]


def _others() -> list[Pair]:
    out = []
    for language, listed, sentence, keys, a, b in OTHER:
        for k, shape in enumerate((listed, sentence)):
            out.append(pair(f"{language}/values/{k}", shape.format(v=", ".join(a)), dict(zip(keys, map(_typed, a))),
                            shape.format(v=", ".join(b)), dict(zip(keys, map(_typed, b)))))
    return out


class TestValueLists(JsonReachTests):
    PAIRS = _english() + _others()
    EVERY = 6
    OLD = "Return JSON with keys id, status, priority. Values: 17, open, high."
    OLD_OBJ = {"id": 17, "status": "open", "priority": "high"}
    TRAPS = [
        "Return JSON with keys id, status, priority. Values: 18, closed.",  # counts differ
        "Return JSON with keys id, status. Values: 18, closed, low.",
        "Return JSON with keys id, status, priority. Values: 18, null, low.",  # a JSON literal word
        "Return JSON with keys id, status, priority. Values: 18, string, low.",  # a type word
        "Return JSON with keys id, status, priority. Values: 18, unknown, low.",  # a placeholder
        "Return JSON with keys id, status, priority. Values: 18, pending review, low.",  # two words
        "Return JSON with keys id, status, priority. Values: 18, closed, low?",  # asked
        "Return JSON with keys id, status, priority. Values: 18, closed, low. Values: 19, open, high.",  # two lists
        "Return JSON with keys id, status, priority. Amounts: 18, closed, low.",  # another label
        "Return JSON with keys id, id, priority. Values: 18, closed, low.",  # a key twice
        "Return YAML with keys id, status, priority. Values: 18, closed, low.",
        "Return JSON with keys id, status, priority. Values: 18, closed or open, low.",
        "Create a JSON object with keys id, status and priority and values 18, none, low.",
        "Create a JSON object with keys id, status and priority and values 18, nan, low.",  # no type word: only the literal-word rule
        "Create a JSON object with keys id, status and priority and values 18, closed.",
        "Create a JSON object with keys id, status and priority and values 18, tbd, low.",
        "Create a JSON object with keys id, city and priority and values 18, nice, low.",  # a lowercase word for a name kind
        "System: You output only valid JSON.\nUser: keys \"id\", \"status\", \"priority\"; values 18, null, low",
        "System: You output only valid JSON.\nUser: keys \"id\", \"status\", \"priority\"; values nan, 18, low",
        "System: You output only valid JSON.\nUser: keys \"id\", \"status\", \"priority\"; values string, 18, low",
        "System: You output only valid JSON.\nUser: keys \"id\", \"status\", \"priority\"; values String, 18, low",  # a type word
        "Return JSON with keys id, status, priority; values Unknown, 18, low.",
    ]
