"""wip/jsonG class B: capitalised labels with no key list are the keys as written (case kept, as lowercase labels are),
each joined to its value by ":" or "=", the statements separated by commas, semicolons, new lines, or a bar or a middle
dot between spaces ("Make this a JSON object: Name: Ana, Age: 30" is {"Name": "Ana", "Age": 30}; de "Mach daraus JSON:
Name: Jonas; Alter: 41; Stadt: Bremen"). Served AND exact in en es fr de pt it ru (zh, ja: the same labels after their
conversion phrase); traps: labels of both cases, a label before a space or "is", a slash, a joined label, a key twice, a
question, a type word, a value YAML reads otherwise ("on", "12:30"), "not 31"."""

from __future__ import annotations

from .harness import JsonReachTests, Pair, exact_json_pair as pair

SEPARATORS = [", ", "; ", " | "]

# (language, requests before the labels (each ends with its colon), labels, first values, second values)
TABLES = [
    ("en", ["Make this a JSON object:", "Convert to JSON:", "Turn this into JSON:", "Return JSON:", "Convert this to JSON:"],
     ("Name", "Age", "City"), ("Ana", "30", "Porto"), ("Ana", "31", "Porto")),
    ("es", ["Convierte a JSON:", "Convierte esto a JSON:", "Pásalo a JSON:"],
     ("Nombre", "Edad", "Ciudad"), ("Ana", "30", "Sevilla"), ("Ana", "31", "Sevilla")),
    ("fr", ["Convertis en JSON :", "Convertis ceci en JSON :", "Transforme ça en JSON :"],
     ("Nom", "Age", "Ville"), ("Dupont", "41", "Lyon"), ("Dupont", "42", "Lyon")),
    ("de", ["Mach daraus JSON:", "Wandle das in JSON um:", "Konvertiere in JSON:"],
     ("Name", "Alter", "Stadt"), ("Jonas", "41", "Bremen"), ("Jonas", "42", "Bremen")),
    ("pt", ["Converta em JSON:", "Converte para JSON:", "Transforme isso em JSON:"],
     ("Nome", "Idade", "Cidade"), ("Ana", "30", "Porto"), ("Ana", "31", "Porto")),
    ("it", ["Converti in JSON:", "Trasforma in JSON:", "Converti questo in JSON:"],
     ("Nome", "Anni", "Citta"), ("Luca", "30", "Roma"), ("Luca", "31", "Roma")),
    ("ru", ["Преобразуй в JSON:", "Переведи в JSON:", "Конвертируй в JSON:"],
     ("Имя", "Возраст", "Город"), ("Анна", "30", "Томск"), ("Анна", "31", "Томск")),
]


def _typed(value: str) -> object:
    return int(value) if value.isdigit() else value


def _pairs() -> list[Pair]:
    out = []
    for language, requests, labels, a, b in TABLES:
        sep_colon = " : " if language == "fr" else ": "
        n = 0
        for i, request in enumerate(requests):
            for j, sep in enumerate(SEPARATORS + ["\n"]):
                def fill(values: tuple[str, ...]) -> str:
                    body = sep.join(f"{label}{sep_colon}{value}" for label, value in zip(labels, values))
                    return request + ("\n" if sep == "\n" else " ") + body
                out.append(pair(f"{language}/labels/{i}/{j}", fill(a), dict(zip(labels, map(_typed, a))),
                                fill(b), dict(zip(labels, map(_typed, b)))))
                n += 1
        # the labels first, one a line, then the request
        first = "\n".join(f"{label}{sep_colon}{value}" for label, value in zip(labels, a))
        second = "\n".join(f"{label}{sep_colon}{value}" for label, value in zip(labels, b))
        out.append(pair(f"{language}/labels-first", first + "\n" + requests[1].rstrip(" :") + ".", dict(zip(labels, map(_typed, a))),
                        second + "\n" + requests[1].rstrip(" :") + ".", dict(zip(labels, map(_typed, b)))))
    # "=" and a middle dot (spaced tables other than English, which reads ASCII only)
    out.append(pair("en/labels/equals", "Convert to JSON: Name=Ana, Age=30", {"Name": "Ana", "Age": 30},
                    "Convert to JSON: Name=Ana, Age=31", {"Name": "Ana", "Age": 31}))
    out.append(pair("de/labels/dot", "Wandle das in JSON um: Name: Ana · Alter: 30", {"Name": "Ana", "Alter": 30},
                    "Wandle das in JSON um: Name: Ana · Alter: 31", {"Name": "Ana", "Alter": 31}))
    out.append(pair("en/labels/values-lowercased", "Convert this to JSON (values in lowercase):\nName: Ana\nAge: 31",
                    {"Name": "ana", "Age": 31}, "Convert this to JSON (values in lowercase):\nName: Rui\nAge: 31",
                    {"Name": "rui", "Age": 31}))
    return out


class TestCapitalisedLabels(JsonReachTests):
    PAIRS = _pairs()
    EVERY = 7
    OLD = "Convert to JSON: Name: Ana, Age: 30"
    OLD_OBJ = {"Name": "Ana", "Age": 30}
    TRAPS = [
        "Convert to JSON: Name: Ana, age: 31",  # labels of both cases
        "Convert to JSON: name: Ana, Age: 31",
        "Convert to JSON: Name Ana, Age 31",  # a label before a space
        "Ana is 31. Return JSON.",
        "Convert to JSON: Name: Ana / Age: 31",  # a slash may be "or"
        "Convert to JSON: Name: Ana, Age: 31, Name: Bo",  # a key twice
        "Convert to JSON: Name: Ana, Age: 31?",  # asked
        "Convert to JSON: Name: string, Age: 31",  # a type word
        "Convert to JSON: Name: Ana, Active: on",  # YAML reads true
        "Convert to JSON: Name: Ana, Time: 12:30",  # YAML reads 750
        "Convert to JSON: Name: Ana, Age: 30, not 31",
        "Convert to JSON: Name: Ana |Age: 31",  # a bar not between spaces
        "Convert to JSON: Name=Ana |Age=31",
        "Convert to JSON: Name=Ana / Age=31",  # a slash, outside the YAML check's reach
        "Convert to JSON: name=Ana / age=31",
        "Convert to JSON: Name: Ana | | Age: 31",
        "Return JSON with keys name | age: Ana, 31",  # a bar in a key list
        "Order number: 5512\nCustomer: Ana\nReturn JSON.",  # a joined label
        "Convert to YAML: Name: Ana, Age: 31",
        "Mach daraus JSON: Name: Jonas; alter: 42; Stadt: Bremen",
        "Convierte a JSON: Nombre: Ana, edad: 31",
        "Преобразуй в JSON: Имя: Анна / Возраст: 31",
    ]
