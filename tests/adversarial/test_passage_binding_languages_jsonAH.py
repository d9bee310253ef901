"""A quoted passage's one date or e-mail address outside English (wip/jsonAH). Before, only English
passages were bound (json/reader.py ``_extracted_statements``: ``if language != "en": return None``);
now each passage table (json/passage/vocabulary) holds the words of the same clauses as the English
one (red team 14: W19): a dated clause ("La reunión es el 2025-11-20.": the verb and its article one
phrase, VERB_ON) and a mailed clause ("Gina ist erreichbar unter gina@uni.de.", "Пишите на
olga@mail.ru."). The request declares the date format ("(YYYY-MM-DD)", DATE_ISO, and the key is
the table's word for a date, "fecha"). The same traps as in English: an offset, a negation, a hedge,
two candidates, a second clause, the address of another person, a pronoun or nobody as the person, a
day no calendar holds, a passage of another table: no claim (the model writes the key). No CALENDAR class
was added to these tables: it would also make a month a never-name in every request ("Julio", "Abril":
reader._never_names_any), and the mailed clause serves the address, never the name."""

from __future__ import annotations

import json
import re

import pytest

from stepcache_integrations import StepCache
from stepcache_integrations.core.tasks.json.passage import bound_values
from stepcache_integrations.core.tasks.json.reader import read_request

from .harness import NeverRightModel

# (language, passage, what it binds): each clause in each table that holds it
BOUND = [
    ("es", "La reunión es el 2025-11-20.", {"date": "2025-11-20"}),
    ("es", "El pago vence el 2024-03-15 en Madrid.", {"date": "2024-03-15"}),
    ("es", "Gina puede ser contactada en gina@uni.es.", {"email": "gina@uni.es"}),
    ("es", "Escribe a ana@example.com.", {"email": "ana@example.com"}),
    ("es", "Ana (ana@example.com) empieza el 2024-03-04.", {"date": "2024-03-04", "email": "ana@example.com"}),
    ("fr", "La réunion a lieu le 2025-11-20.", {"date": "2025-11-20"}),
    ("fr", "Gina est joignable à gina@uni.fr.", {"email": "gina@uni.fr"}),
    ("de", "Die Messe beginnt am 2027-03-03.", {"date": "2027-03-03"}),
    ("de", "Gina ist erreichbar unter gina@uni.de.", {"email": "gina@uni.de"}),
    ("pt", "A reunião é no dia 2025-12-01.", {"date": "2025-12-01"}),
    ("pt", "Escreva para rui@uni.pt.", {"email": "rui@uni.pt"}),
    ("it", "La riunione è il 2025-12-01.", {"date": "2025-12-01"}),
    ("it", "Gina è raggiungibile a gina@uni.it.", {"email": "gina@uni.it"}),
    ("ru", "Пишите на olga@mail.ru.", {"email": "olga@mail.ru"}),
]

UNBOUND = [
    # an offset of the date written, an interval, a hedge, a negation, two candidates
    ("es", "La reunión es dos días después del 2024-03-04."),
    ("es", "La reunión es el 2024-03-04 o el 2024-03-05."),
    ("es", "La reunión no es el 2024-03-04."),
    ("es", "La reunión es antes del 2024-03-04."),
    ("fr", "La réunion a lieu deux jours après le 2024-03-04."),
    ("fr", "La réunion n'a pas lieu le 2024-03-04."),
    ("de", "Die Messe beginnt zwei Tage nach dem 2024-03-04."),
    ("de", "Die Messe beginnt nicht am 2024-03-04."),
    ("pt", "A reunião é dois dias depois de 2024-03-04."),
    ("it", "La riunione è il giorno dopo il 2024-03-04."),
    ("it", "La riunione non è il 2024-03-04."),
    # another tense than the table's ("was"), a day no calendar holds
    ("es", "La reunión fue el 2024-03-04."),
    ("es", "La reunión es el 2027-02-30."),
    # the date or the address belongs to something else; a second clause
    ("es", "La fecha es desconocida; 2024-03-04 es el día de prensa."),
    ("es", "Ana empieza el 2024-03-04; su jefe es bob@example.com."),
    ("fr", "Les e-mails à ann@example.com reviennent; Ann est partie."),
    ("de", "Gleich wie bob@uni.de, aber mit .org."),
    # two addresses, a pronoun or nobody as the person
    ("es", "Ana (ana@example.com) puede ser contactada en bob@example.com."),
    ("es", "Escribe a ana@example.com y bo@example.com."),
    ("es", "Nadie puede ser contactado en ana@example.com."),
    ("es", "Ella puede ser contactada en ana@example.com."),
    ("de", "Niemand ist erreichbar unter ana@example.de."),
    ("it", "Nessuno è raggiungibile a ana@example.it."),
    ("ru", "Не пишите на olga@mail.ru."),
    ("ru", "Пишите на olga@mail.ru или на ivan@mail.ru."),
    # a clause of another table, or of English, is no clause of this one
    ("es", "The fair opens on 2024-03-04."),
    ("fr", "La reunión es el 2025-11-20."),
    ("de", "La riunione è il 2025-12-01."),
    ("en", "La reunión es el 2025-11-20."),
    ("en", "Die Messe beginnt am 2027-03-03."),
    # a language whose table holds no clause
    ("zh", "会议在 2025-11-20。"),
]


@pytest.mark.parametrize(("language", "passage", "expected"), BOUND)
def test_each_clause_binds_exactly_its_value(language: str, passage: str, expected: dict[str, str]) -> None:
    read = bound_values(passage, language)
    assert {kind: value for kind, (value, _start, _end) in read.items()} == expected
    for _kind, (value, start, end) in read.items():
        assert passage[start:end] == value


@pytest.mark.parametrize(("language", "passage"), UNBOUND)
def test_an_unbound_passage_binds_nothing(language: str, passage: str) -> None:
    assert bound_values(passage, language) == {}


# Any word outside the table, anywhere in a bound passage, is no claim (the closed vocabulary, not a hedge list)
_OUTSIDE = {"es": ("no", "unos", "o", "después", "antes", "quizá", "x", "también", "dos", "días"),
            "fr": ("ne", "pas", "environ", "ou", "après", "avant", "peut-être", "x", "deux", "jours"),
            "de": ("nicht", "etwa", "oder", "nach", "vor", "vielleicht", "x", "zwei", "tage"),
            "pt": ("não", "cerca", "ou", "depois", "antes", "talvez", "x", "dois", "dias"),
            "it": ("non", "circa", "o", "dopo", "prima", "forse", "x", "due", "giorni"),
            "ru": ("не", "около", "или", "после", "до", "может", "x", "два", "дня")}


@pytest.mark.parametrize(("language", "passage", "_expected"), BOUND)
def test_a_word_outside_the_table_anywhere_is_no_claim(language: str, passage: str, _expected: dict[str, str]) -> None:
    gaps = [m.start() for m in re.finditer(r" ", passage)] + [0]
    for gap in gaps:
        for word in _OUTSIDE[language]:
            edited = f"{word} {passage}" if gap == 0 else f"{passage[:gap]} {word}{passage[gap:]}"
            assert bound_values(edited, language) == {}, edited


@pytest.mark.parametrize(("language", "passage", "_expected"), BOUND)
def test_no_other_table_binds_the_passage(language: str, passage: str, _expected: dict[str, str]) -> None:
    for other in ("en", "es", "fr", "de", "pt", "it", "ru", "zh", "ja"):
        if other != language:
            assert bound_values(passage, other) == {}, other


def _served_after_never_right(first: str, second: str, expected: dict[str, object]) -> None:
    cache, model = StepCache(), NeverRightModel()
    cache.generate(first, model)
    before = model.calls
    again = cache.generate(second, model)
    assert model.calls == before and again.model_calls == 0, (second, again.outcome, again.text)
    assert again.verification == "proven", (second, again.verification, again.text)
    assert json.loads(again.text) == expected, again.text


SERVED = [
    ('Extrae "fecha" en JSON (YYYY-MM-DD) de: "La feria es el 2026-03-04."',
     'Extrae "fecha" en JSON (YYYY-MM-DD) de: "La reunión es el 2026-05-06."', {"fecha": "2026-05-06"}),
    ('Extrae un JSON con la clave "email" de: "Gina puede ser contactada en gina@uni.es."',
     'Extrae un JSON con la clave "email" de: "Tom puede ser contactado en tom.reed@uni.es."', {"email": "tom.reed@uni.es"}),
    ('Extrais "date" en JSON (YYYY-MM-DD) : « La réunion a lieu le 2025-11-20. »',
     'Extrais "date" en JSON (YYYY-MM-DD) : « La conférence a lieu le 2025-11-21. »', {"date": "2025-11-21"}),
    ('Extrais "email" en JSON de : « Gina est joignable à gina@uni.fr. »',
     'Extrais "email" en JSON de : « Tom est joignable à tom@uni.fr. »', {"email": "tom@uni.fr"}),
    ("Extrahiere als JSON (Schlüssel: email): „Gina ist erreichbar unter gina@uni.de.“",
     "Extrahiere als JSON (Schlüssel: email): „Tom ist erreichbar unter tom@uni.de.“", {"email": "tom@uni.de"}),
    ('Extraia "data" em JSON (YYYY-MM-DD): "A reunião é no dia 2025-12-01."',
     'Extraia "data" em JSON (YYYY-MM-DD): "A entrega é no dia 2025-12-09."', {"data": "2025-12-09"}),
    ('Extraia "email" em JSON: "Escreva para rui@uni.pt."', 'Extraia "email" em JSON: "Escreva para ana@uni.pt."',
     {"email": "ana@uni.pt"}),
    ('Extraia "email" em JSON: "Rui pode ser contatado em rui@uni.pt."',
     'Extraia "email" em JSON: "Ana pode ser contatada em ana@uni.pt."', {"email": "ana@uni.pt"}),
    ('Extrae "fecha" en JSON (YYYY-MM-DD) de: "El pago vence el 2024-03-15."',
     'Extrae "fecha" en JSON (YYYY-MM-DD) de: "El pedido llega el 2024-04-02."', {"fecha": "2024-04-02"}),
    ("Extrais \"date\" en JSON (YYYY-MM-DD) : « L'événement a lieu le 2025-11-20. »",
     "Extrais \"date\" en JSON (YYYY-MM-DD) : « L'atelier a lieu le 2025-11-22. »", {"date": "2025-11-22"}),
    ('Estrai "data" in JSON (YYYY-MM-DD): "La riunione è il 2025-12-01."',
     'Estrai "data" in JSON (YYYY-MM-DD): "La riunione è il 2025-12-09."', {"data": "2025-12-09"}),
    ('Estrai "email" in JSON: "Scrivi a rui@uni.it."', 'Estrai "email" in JSON: "Scrivi a ana@uni.it."', {"email": "ana@uni.it"}),
    ('Извлеки "email" в JSON: «Пишите на olga@mail.ru.»', 'Извлеки "email" в JSON: «Пишите на ivan@mail.ru.»',
     {"email": "ivan@mail.ru"}),
]


@pytest.mark.parametrize(("first", "second", "expected"), SERVED)
def test_a_bound_passage_is_served_proven_and_exact(first: str, second: str, expected: dict[str, object]) -> None:
    _served_after_never_right(first, second, expected)


class Scripted:
    """Answers every prompt with one fixed text; counts its calls."""

    def __init__(self, text: str) -> None:
        self.text, self.calls = text, 0

    def __call__(self, prompt: str) -> str:
        self.calls += 1
        return self.text


@pytest.mark.parametrize(("first", "second", "right"), [
    ('Extrae "fecha" en JSON (YYYY-MM-DD) de: "La feria es el 2026-03-04."',
     'Extrae "fecha" en JSON (YYYY-MM-DD) de: "La reunión es dos días después del 2026-03-04."', {"fecha": "2026-03-06"}),
    ('Extrae "fecha" en JSON (YYYY-MM-DD) de: "La feria es el 2026-03-04."',
     'Extrae "fecha" en JSON (YYYY-MM-DD) de: "La reunión no es el 2026-03-04."', {"fecha": None}),
    ('Extrais "date" en JSON (YYYY-MM-DD) : « La réunion a lieu le 2025-11-20. »',
     'Extrais "date" en JSON (YYYY-MM-DD) : « La réunion a lieu le 2025-11-20 ou le 2025-11-21. »', {"date": None}),
    ('Extrais "email" en JSON de : « Gina est joignable à gina@uni.fr. »',
     'Extrais "email" en JSON de : « Ajoute 2 au nom de tom@uni.fr pour Tom. »', {"email": "tom2@uni.fr"}),
    ("Extrahiere als JSON (Schlüssel: email): „Gina ist erreichbar unter gina@uni.de.“",
     "Extrahiere als JSON (Schlüssel: email): „Niemand ist erreichbar unter tom@uni.de.“", {"email": None}),
    ('Извлеки "email" в JSON: «Пишите на olga@mail.ru.»', 'Извлеки "email" в JSON: «Не пишите на ivan@mail.ru.»',
     {"email": None}),
    # the date asked without the format declared: the model writes it (the passage's words are not the format)
    ('Extrae "fecha" en JSON (YYYY-MM-DD) de: "La feria es el 2026-03-04."',
     'Extrae "fecha" en JSON de: "La reunión es el 2026-05-06."', {"fecha": "6 de mayo de 2026"}),
])
def test_after_a_bound_passage_an_unbound_one_goes_to_the_model(first: str, second: str, right: dict[str, object]) -> None:
    cache = StepCache()
    cache.generate(first, Scripted("ECHO"))
    model = Scripted(json.dumps(right))
    result = cache.generate(second, model)
    assert model.calls >= 1, (second, result.outcome, result.text)
    assert json.loads(result.text) == right, result.text


@pytest.mark.parametrize("prompt", [
    'Extrae un JSON con las claves "nombre" y "ciudad" de: "Ana vive en Bilbao."',
    'Extrais en JSON (clés prenom et ville) : « Hugo habite à Grenoble. »',
    'Extraia em JSON (chaves cidade e estado) da frase: "Moro em Niterói, Rio de Janeiro."',
    'Extrae "email" en JSON de: "Nadie puede ser contactado en tom@uni.es."',
])
def test_outside_english_a_passage_that_binds_nothing_is_no_claim(prompt: str) -> None:
    """As before wip/jsonAH: no frame, no label and no bound clause: the request is not read (no claim), never read
    as keys with no statements."""
    assert read_request(prompt) is None
