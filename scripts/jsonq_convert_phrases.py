"""wip/jsonQ: the JSON tables' CONVERT phrases ("convert this to", "wandle in", "trasforma questi dati in")
built by construction: each language's conversion verbs x what is converted x the preposition the verb
takes. Run it to add the missing combinations to vocabulary/<language>.json (a phrase already in another
word class of the table is left out); the tables stay the declared lists the reader uses.

    python scripts/jsonq_convert_phrases.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "stepcache_integrations/core/tasks/json/vocabulary"

# language -> [(verbs, objects, prepositions)]; "" as an object: the verb alone before its preposition
_EN_OBJ = ["this", "it", "that", "these", "the following", "this data", "the following data", "these values",
           "this info", "this information", "this text", "this list", "these fields", "these details",
           "the data below", "the values below", "this yaml", "the following yaml", "this toml", "this ini"]
_DE_OBJ = ["", "das", "dies", "es", "folgendes", "diese daten", "die folgenden daten", "diese werte", "diese angaben",
           "den folgenden text", "dieses yaml", "die daten unten"]
_FR_OBJ = ["", "ça", "ceci", "cela", "ce qui suit", "ces données", "les données suivantes", "ces valeurs",
           "ces informations", "le texte suivant", "les données ci-dessous", "ce yaml"]
_ES_OBJ = ["", "esto", "eso", "lo siguiente", "estos datos", "los siguientes datos", "estos valores",
           "esta información", "el siguiente texto", "los datos de abajo", "este yaml"]
_PT_OBJ = ["", "isso", "isto", "o seguinte", "estes dados", "esses dados", "os dados abaixo", "estes valores",
           "estas informações", "o texto abaixo", "este yaml"]
_IT_OBJ = ["", "questo", "ciò", "quanto segue", "questi dati", "i seguenti dati", "i dati seguenti", "questi valori",
           "queste informazioni", "il testo seguente", "i dati qui sotto", "questo yaml"]
_RU_OBJ = ["", "это", "эти данные", "следующее", "следующие данные", "эти значения", "эту информацию", "текст ниже",
           "данные ниже", "этот yaml"]

CONSTRUCTION: dict[str, list[tuple[list[str], list[str], list[str]]]] = {
    "en": [
        (["convert", "transform", "change", "switch", "translate", "serialize", "serialise"], ["", *_EN_OBJ], ["to", "into"]),
        (["turn", "make"], _EN_OBJ, ["into"]),
        (["put"], _EN_OBJ, ["in", "into"]),
        (["format", "reformat", "write", "rewrite", "render", "encode", "represent", "serialize", "serialise"], _EN_OBJ, ["as", "in"]),
    ],
    "de": [
        (["wandle", "wandel", "wandeln sie", "verwandle", "verwandeln sie", "konvertiere", "konvertier",
          "konvertieren sie", "überführe", "überführen sie", "bringe", "bring", "bringen sie", "übertrage",
          "übertragen sie", "transformiere", "transformieren sie", "setze", "setz", "packe", "pack"], _DE_OBJ, ["in"]),
        (["mach", "mache", "machen sie"], [o for o in _DE_OBJ if o], ["zu"]),
        (["gib", "gebe", "geben sie", "formatiere", "formatieren sie", "schreib", "schreibe", "schreiben sie",
          "stelle", "stell", "stellen sie"], [o for o in _DE_OBJ if o], ["als"]),
    ],
    "fr": [
        (["convertis", "convertissez", "convertir", "transforme", "transformez", "transformer", "mets", "mettez",
          "mettre", "passe", "passez", "traduis", "traduisez", "formate", "formatez", "écris", "écrivez",
          "présente", "présentez", "réécris", "réécrivez"], _FR_OBJ, ["en", "au format"]),
        (["convertis-le", "transforme-le", "mets-le", "passe-le", "convertis-les", "transforme-les", "mets-les",
          "convertissez-le", "transformez-le", "mettez-le", "écris-le", "formate-le"], [""], ["en", "au format"]),
    ],
    "es": [
        (["convierte", "convierta", "convertir", "transforma", "transforme", "transformar", "pasa", "pase", "pasar",
          "pon", "ponga", "poner", "traduce", "traduzca"], _ES_OBJ, ["a", "en"]),
        (["conviértelo", "conviértelos", "transfórmalo", "transfórmalos", "pásalo", "pásalos", "ponlo", "ponlos",
          "tradúcelo", "conviértemelo", "pásamelo", "pónmelo"], [""], ["a", "en"]),
        (["formatea", "formatee", "escribe", "escriba", "presenta", "presente"],
         [o for o in _ES_OBJ if o], ["como", "en"]),
        (["formatéalo", "escríbelo", "preséntalo"], [""], ["como", "en"]),
    ],
    "pt": [
        (["converta", "converte", "converter", "transforme", "transforma", "transformar", "passe", "passa", "passar",
          "coloque", "coloca", "colocar", "ponha", "põe", "traduza", "traduz"], _PT_OBJ, ["em", "para"]),
        (["formate", "formata", "escreva", "escreve", "apresente"],
         [o for o in _PT_OBJ if o], ["como", "em"]),
    ],
    "it": [
        (["trasforma", "trasformi", "trasformate", "trasformare", "converti", "converta", "convertite", "convertire",
          "metti", "metta", "mettete", "mettere", "passa", "passate", "traduci", "traducete"], _IT_OBJ, ["in"]),
        (["trasformalo", "trasformali", "convertilo", "convertili", "mettilo", "mettili", "passalo", "traducilo",
          "trasformamelo", "convertimelo", "mettimelo"], [""], ["in"]),
        (["formatta", "formatti", "scrivi", "scriva", "presenta"],
         [o for o in _IT_OBJ if o], ["come", "in"]),
        (["formattalo", "scrivilo"], [""], ["come", "in"]),
    ],
    "ru": [
        (["преобразуй", "преобразуйте", "конвертируй", "конвертируйте", "переведи", "переведите", "преврати",
          "превратите", "перепиши", "перепишите", "перегони", "переделай"], _RU_OBJ, ["в"]),
        (["оформи", "оформите", "представь", "представьте", "запиши", "запишите"],
         _RU_OBJ, ["в виде", "как"]),
    ],
}


def phrases(language: str) -> list[str]:
    """Every phrase the construction gives in ``language``, in order, each once."""
    out: list[str] = []
    for verbs, objects, preps in CONSTRUCTION[language]:
        for verb in verbs:
            for obj in objects:
                for prep in preps:
                    phrase = " ".join(w for w in (verb, obj, prep) if w)
                    if phrase not in out:
                        out.append(phrase)
    return out


def main(check: bool) -> int:
    missing = 0
    for language in CONSTRUCTION:
        path = TABLES / f"{language}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        classes = data["classes"]
        taken = {p for kind, words in classes.items() if kind != "CONVERT" for p in words}
        convert = classes.setdefault("CONVERT", [])
        new = [p for p in phrases(language) if p not in convert and p not in taken]
        missing += len(new)
        if not check and new:
            text = path.read_text(encoding="utf-8")
            start = text.index('"CONVERT": [')
            close = text.index("\n  ]", start)  # the list's last entry ends the line before its "]"
            added = "".join(",\n   " + json.dumps(p, ensure_ascii=False) for p in new)
            path.write_text(text[:close] + added + text[close:], encoding="utf-8")
            assert json.loads(path.read_text(encoding="utf-8"))["classes"]["CONVERT"] == convert + new
        print(f"{language}: {len(new)} phrase(s) {'missing' if check else 'added'}")
    return 1 if check and missing else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv))
