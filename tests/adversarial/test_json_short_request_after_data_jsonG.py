"""wip/jsonG class E: a short request after the data, by construction in every spaced table: statement lines (flat or a
YAML-like nested block), then "as JSON" (the table's AS and JSON words, "please" and a comma optional) or "JSON please":
'server:\n  host: example.org\n  port: 8080\n\nas JSON please', es "como JSON, por favor", de "als JSON bitte", fr "en JSON
s'il te plaît", pt "em JSON, por favor", it "in JSON per favore", ru "в JSON, пожалуйста". "as JSON" asks for the data's
conversion (a lowercase value is read, as after "Convert this to JSON"). Served AND exact; traps: another format, a
statement asked about, the request alone, a word outside the tables."""

from __future__ import annotations

from .harness import JsonReachTests, Pair, exact_json_pair as pair

# (language, short requests, (outer key, first key, second key), first values, second values)
TABLES = [
    ("en", ["as JSON please", "As JSON.", "JSON please", "JSON, please.", "as JSON, please", "As JSON please?"],
     ("server", "host", "port"), ("Alpha", "8080"), ("Alpha", "9090")),
    ("es", ["como JSON, por favor", "Como JSON.", "JSON, por favor."], ("servidor", "host", "puerto"), ("Alfa", "8080"), ("Alfa", "9090")),
    ("fr", ["en JSON s'il te plaît", "En JSON.", "JSON, s'il te plaît."], ("serveur", "hote", "port"), ("Alpha", "8080"), ("Alpha", "9090")),
    ("de", ["als JSON bitte", "Als JSON.", "JSON bitte."], ("server", "host", "port"), ("Alpha", "8080"), ("Alpha", "9090")),
    ("pt", ["em JSON, por favor", "Em JSON.", "JSON, por favor."], ("servidor", "host", "porta"), ("Alfa", "8080"), ("Alfa", "9090")),
    ("it", ["in JSON per favore", "In JSON.", "JSON, per favore."], ("server", "host", "porta"), ("Alfa", "8080"), ("Alfa", "9090")),
    ("ru", ["в JSON, пожалуйста", "В JSON.", "JSON, пожалуйста."], ("сервер", "host", "port"), ("Альфа", "8080"), ("Альфа", "9090")),
]


def _typed(value: str) -> object:
    return int(value) if value.isdigit() else value


def _pairs() -> list[Pair]:
    out = []
    for language, requests, (outer, k1, k2), a, b in TABLES:
        sep = " : " if language == "fr" else ": "
        for i, request in enumerate(requests):
            nested = lambda v: f"{outer}:\n  {k1}{sep}{v[0]}\n  {k2}{sep}{v[1]}\n\n{request}"  # noqa: E731
            flat = lambda v: f"{k1}{sep}{v[0]}\n{k2}{sep}{v[1]}\n{request}"  # noqa: E731
            if language != "fr":  # YAML reads "hote : Alpha" under a label line too, but fr's spaced colon is kept flat here
                out.append(pair(f"{language}/short/nested/{i}", nested(a), {outer: {k1: _typed(a[0]), k2: _typed(a[1])}},
                                nested(b), {outer: {k1: _typed(b[0]), k2: _typed(b[1])}}))
            out.append(pair(f"{language}/short/flat/{i}", flat(a), {k1: _typed(a[0]), k2: _typed(a[1])},
                            flat(b), {k1: _typed(b[0]), k2: _typed(b[1])}))
    out.append(pair("en/short/lowercase", "server:\n  host: example.org\n  port: 8080\n\nas JSON please",
                    {"server": {"host": "example.org", "port": 8080}},
                    "server:\n  host: example.org\n  port: 9090\n\nas JSON please", {"server": {"host": "example.org", "port": 9090}}))
    return out


class TestShortRequestAfterData(JsonReachTests):
    PAIRS = _pairs()
    EVERY = 6
    OLD = "host: Alpha\nport: 8080\nas JSON please"
    OLD_OBJ = {"host": "Alpha", "port": 8080}
    TRAPS = [
        "host: Alpha\nport: 9090\nas YAML please",  # another format
        "host: Alpha\nport: 9090?\nas JSON please",  # asked
        "as JSON please",  # the request alone
        "JSON please.",
        "host: Alpha\nport: 9090\nas JSON later please",  # a word outside the tables
        "host: Alpha\nport: 9090\nnot as JSON please",
        "host: Alpha\nport: 9090\nas JSON or YAML please",
        "host: Alpha\nport: 9090, not 9091\nas JSON please",
        "host: Alpha\nport: ditto\nas JSON please",
        "host: Alpha\nport: 9090\nals YAML bitte",
    ]
