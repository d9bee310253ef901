"""wip/jsonE: a labelled block whose labels the request says to write in lowercase: "Make a JSON object with these
fields (keys in lowercase):\\nTitle: Dune\\nAuthor: Frank Herbert\\nYear: 1965" states {"title": "Dune", ...}, in every
table with a word for "keys" and for "in lowercase" (es "(claves en minúsculas)", fr, de, pt, it, ru). Served AND
exact; traps: two labels that lowercase alike, no capitalised label, beside a key list, another case, the note twice,
a label that is no identifier. A label of two words is joined as main joins "full name: Ana" (full_name)."""

from __future__ import annotations

from typing import Any

from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import JsonReachTests, Pair, exact_json_pair as pair

HEADS = [
    "Make a JSON object with these fields (keys in lowercase):", "Convert this to JSON (keys in lowercase):",
    "Turn this into JSON (keys in lowercase):", "Give me JSON (keys in lower case):",
    "Return a JSON object (keys in lowercase):", "Create a JSON object (keys in lowercase):",
]
# (labels, first values, second values); values as written, then as read
BLOCKS = [
    (("Title", "Author", "Year"), ("Dune", "Frank Herbert", "1965"), ("Emma", "Jane Austen", "1815")),
    (("Store", "Items"), ("Corner Deli", "3"), ("Main Market", "4")),
    (("Name", "City", "Age"), ("Ana", "Lyon", "31"), ("Rui", "Porto", "44")),
    (("Sku", "Qty", "Color"), ("A-100", "2", "Red"), ("B-220", "6", "Blue")),
]


def _typed(value: str) -> object:
    return int(value) if value.isdigit() else value


def _block(head: str, labels: tuple[str, ...], values: tuple[str, ...]) -> str:
    return head + "".join(f"\n{label}: {value}" for label, value in zip(labels, values))


def _english() -> list[Pair]:
    out = []
    for i, head in enumerate(HEADS):
        for j, (labels, a, b) in enumerate(BLOCKS):
            keys = [label.lower() for label in labels]
            out.append(pair(f"en/lowercased/{i}/{j}", _block(head, labels, a), dict(zip(keys, map(_typed, a))),
                            _block(head, labels, b), dict(zip(keys, map(_typed, b)))))
    return out


OTHER = [
    ("es", "Convierte esto a JSON (claves en minúsculas):", ("Nombre", "Edad")),
    ("fr", "Transforme ceci en JSON (clés en minuscules) :", ("Nom", "Age")),
    ("de", "Gib mir JSON (Schlüssel in Kleinbuchstaben):", ("Name", "Alter")),
    ("pt", "Converta isto para JSON (chaves em minúsculas):", ("Nome", "Idade")),
    ("it", "Converti in JSON (chiavi in minuscolo):", ("Nome", "Eta")),
    ("ru", "Преобразуй в JSON (ключи строчными буквами):", ("Name", "Age")),
]


def _others() -> list[Pair]:
    out = []
    for language, head, labels in OTHER:
        sep = " : " if language == "fr" else ": "
        first = head + "".join(f"\n{label}{sep}{value}" for label, value in zip(labels, ("Ana", "31")))
        second = head + "".join(f"\n{label}{sep}{value}" for label, value in zip(labels, ("Rui", "44")))
        keys = [label.lower() for label in labels]
        out.append(pair(f"{language}/lowercased", first, dict(zip(keys, ("Ana", 31))), second, dict(zip(keys, ("Rui", 44)))))
    return out


class TestLowercasedLabels(JsonReachTests):
    PAIRS = _english() + _others()
    OLD = "Convert this to JSON (keys in lowercase):\nName: Ana\nAge: 31"
    OLD_OBJ = {"name": "Ana", "age": 31}
    TRAPS = [
        "Convert this to JSON (keys in lowercase):\nName: Ana\nNAME: Rui",  # two labels lowercase alike
        "Convert this to JSON (keys in lowercase):\nName: Ana\nname: Rui",
        "Convert this to JSON (keys in uppercase):\nName: Ana\nAge: 31",  # another case
        "Convert this to JSON (values in lowercase):\nName: Ana\nage: 31",  # wip/jsonG: labels of both cases (capitalised ones alone are now keys as written)
        "Convert this to JSON (keys in lowercase) (keys in lowercase):\nName: Ana\nAge: 31",  # the note twice
        "Return JSON with keys title and year (keys in lowercase):\nTitle: Dune\nYear: 1965",  # beside a key list
        "Convert this to JSON (keys in lowercase):\nName: Ana\nAge: 31?",  # asked
        "Convert this to YAML (keys in lowercase):\nName: Ana\nAge: 31",
        "Convert this to JSON (keys in lowercase):\nName-X: Ana\nAge: 31",  # no plain identifier
    ]

    @staticmethod
    def declined(read: Any) -> bool:
        return read is None


def test_lowercase_labels_with_the_note_read_as_written() -> None:
    # no capitalised label: the note says nothing; read as main reads the block without it
    read = read_request("Make a JSON object with these fields:\ntitle: Dune\nyear: 1965")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"title": "Dune", "year": 1965}


def test_a_label_of_two_words_is_joined_as_in_lowercase() -> None:
    # "full name: Ana" is read "full_name" (wip/jsonS); "Full Name: Ana" under the note is the same key
    read = read_request("Convert this to JSON (keys in lowercase):\nFull Name: Ana\nAge: 31")
    assert read is not None and {k: s.value for k, s in read.statements.items()} == {"full_name": "Ana", "age": 31}
