"""The judge's own oracle: what a prompt asks, read from closed templates, and exact answers.

Independent of the engine on purpose (no import from ``stepcache_integrations``). The
oracle *fully understands* a prompt only when it is one of the corpus templates below with

* every template word unchanged except the letter case of its letters (whitespace runs may
  change length, never appear or vanish; punctuation is exact),
* JSON key names exactly as written (case included),
* equations in a strict ASCII grammar (integers without leading zeros, decimals ``2.5``,
  one-letter ASCII unknowns (case-sensitive: ``X`` is not ``x``), ``+ - * / ( ) =``, implicit ``3x`` / ``2(x + 1)``), parsed
  here and solved with exact rationals; the system must have a unique solution and the
  asked unknowns must be among its unknowns,
* quoted JSON values without quotes, backslashes or control characters, integers in ASCII,
  bare names in ASCII letters.

Word problems (:data:`WORD_TEMPLATES`: a fee plus a rate times a count, ages, a rectangle's
perimeter, a number sentence, in nine languages) are read with their roles (tests/fuzz/roles.py:
whose bill, which relative, which pronoun) agreeing at every mention; the oracle derives and solves
the equation itself, and an answer to a quantity asked in words must carry its label ("Miles: x = 8").

Besides the templates, the oracle reads its own small closed grammars (``_grammar_math``,
``_grammar_json``): an English math prompt whose every word outside the equations is one of the
words of its own English math templates and system messages (or "please"), with sentence
punctuation only; a JSON prompt whose template statements are all present and whose other words
are the template's own words. Such an edit (a deleted, repeated or swapped instruction word, a
moved period) keeps the question, and the oracle computes its answer.

A math prompt (or its system message) may end with one format sentence of
:data:`FORMAT_SENTENCES` ("Give only the final answer.", "Answer in one line.", "Give the answer
as a fraction." ...); the answer must then follow it. A negated, doubled or unknown one is not
understood.

Anything else (a ``²``, an en dash, a Cyrillic letter in a template word or equation, a
word outside those grammars) is not understood, and then no answer served without a model call
is acceptable.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterator

from .prompts import Request, canon_text, single_text
from .roles import (
    BILL_OF, GENDER, PARENTS_JA, RELATIVES_EN, RELATIVES_ES, RELATIVES_FR, RELATIVES_IT, RELATIVES_JA,
    RELATIVES_PT, RELATIVES_RU_GEN, RU_DATIVE, SIDES_EN, SUBJECTS_DE, SUBJECTS_EN,
)

# --------------------------------------------------------------------------- templates
_SLOT = re.compile(r"\{(\w+)(?::(\w))?\}|\[(\w+)\]")


def _lit(text: str) -> str:
    """A template literal: letters match either case, whitespace runs match any run."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            while i < len(text) and text[i].isspace():
                i += 1
            out.append(r"\s+")
            continue
        lo, up = c.lower(), c.upper()
        if lo != up and len(lo) == 1 and len(up) == 1:
            out.append("[" + re.escape(lo) + re.escape(up) + "]")
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


# The everyday English templates (issue 33, item 4) are read loosely: their sentence marks, quotes
# and spacing, and these courtesy and filler words, may be there or not anywhere outside the slots
# (none of them changes what is asked or its value); every other word must stand in order.
_FILLERS = ("hi", "please", "so", "much", "me", "ok", "quick", "with", "a", "the", "your", "my", "solve", "and",
            "equation", "user", "system", "thanks", "quickly")  # wip/fuzzQ: "quickly Solve 12 = 4z, thanks!" (nightly seed 4)
_GAP = r"(?:[\s.,!?:;'\"]|\b(?i:" + "|".join(_FILLERS) + r")\b)*"


def _lit_loose(text: str) -> str:
    """A loose template literal (:data:`_GAP` around every word that is not a filler)."""
    out = [_GAP]
    for token in re.findall(r"[A-Za-z']+|[^\sA-Za-z']", text):
        if token.lower() in _FILLERS or token in ".,!?:;":
            continue
        # "What’s": a typographic apostrophe; "Whats": a contraction written without it is the same word
        out.append(_lit(token).replace("'", "['\u2019]?") + _GAP)
    return "".join(out)


# wip/fuzzC (W22): the oracle's own closed lists of first names, cities and football clubs. A value
# a sentence binds by its place alone, with no label or noun that says what it is ("{name} is 30
# years old", "for: {name}, {city}", "{prenom} a 34 ans", "in {city}"), is read only when it is one
# of these: any other word (a country, a month, "Neither", a pronoun) the oracle cannot tell the kind
# of, so a pair served with one is a finding to check by hand. A labelled value ("name: X", "named X",
# "Me llamo X") is what the label says, whatever the word.
ORACLE_PEOPLE = ("Ana", "Bob", "Ines", "Omar", "Lena", "Hugo", "Mia", "Leo", "Tiago", "Claire", "Giulia", "Luca",
                 "Priya", "Laura", "Jonas", "Kenji", "Maria", "Lucia", "Tomas", "Bruno", "Rita", "Alma", "Grete",
                 "Eve", "Raj", "Tom", "Paul", "Sara", "Marco", "Anna")
ORACLE_CITIES = ("Porto", "Lisbon", "Denver", "Bilbao", "Oslo", "Cairo", "Lima", "Quito", "Sevilla", "Bremen", "Kiel",
                 "Rennes", "Lyon", "Osaka", "Madrid", "Paris", "Berlin", "Rome", "Curitiba", "Recife")
ORACLE_CLUBS = ("Bologna", "Torino", "Napoli", "Genoa")


def _one_of(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(map(re.escape, words)) + r")(?![\w'\u2019-])"


_SLOT_RE = {
    "eq": r"(?P<{name}>.+?)",
    "u": r"(?P<{name}>[A-Za-z])",
    "s": r'(?P<{name}>[^"\\\x00-\x1f\x7f]*)',
    "n": r"(?P<{name}>-?(?:0|[1-9][0-9]*))",
    "w": r"(?P<{name}>[A-Za-z]+)",
    # wip/fuzzQ: a labelled name in letters of any script ("Me llamo \u03a3\u03bf\u03c6\u03af\u03b1": the label says what it is)
    "W": r"(?P<{name}>[^\W\d_]+)",
    "a": r"(?P<{name}>[0-9+\-*/(). ^\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+?)",  # wip/arithT: "3^2", "3²"
    "c": r"(?P<{name}>[\u4e00-\u9fff]+)",  # a name in ideographs
    "y": r"(?P<{name}>[\u0410-\u044f\u0401\u0451]+)",  # a name in Cyrillic
    # wip/fuzzC: a value bound by its place alone (ORACLE_PEOPLE, ORACLE_CITIES, ORACLE_CLUBS), a
    # lowercase common noun, a model name with its number ("Nimbus 7"), a labelled text value, a firm
    "N": "(?P<{name}>" + _one_of(ORACLE_PEOPLE) + ")",
    "C": "(?P<{name}>" + _one_of(ORACLE_CITIES) + ")",
    "T": "(?P<{name}>" + _one_of(ORACLE_CLUBS) + ")",
    "l": r"(?P<{name}>[a-z]+)",
    # wip/fuzz0: a lowercase noun with a letter's case changed after its first ("chAir", "chaiR"): a value as written
    "L": r"(?P<{name}>[a-z]+[A-Z][A-Za-z]*)",
    "m": r"(?P<{name}>[A-Z][a-z]+ [0-9][0-9A-Za-z]*(?:[., \u00a0][0-9]+)*)",  # "Nimbus 7e0" too: a name's code  # a model's number is text as written ("Atlas 2.0")
    "t": r"(?P<{name}>[A-Za-z][A-Za-z0-9]*(?:(?: |[.,](?=[0-9]))[A-Za-z0-9]+)*)",
    # a number as JSON writes it back ("12", "12.0", "12.5"; never "12.50", "012": W22)
    "f": r"(?P<{name}>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?)",
    "g": r"(?P<{name}>[A-Z][a-z\u00e4\u00f6\u00fc]+ (?:AG|GmbH))",
    # wip/fuzzK: a key as the template quotes it (any text between its quotes), a bare scalar of a block or a
    # list (a word is a string as written, unless a literal word: _LITERAL_WORDS; digits a number)
    "k": r'(?P<{name}>[^"\\\x00-\x1f\x7f]+)',
    "v": r"(?P<{name}>[A-Za-z][A-Za-z0-9.-]*|-?(?:0|[1-9][0-9]*)|\"[^\"\n]*\"|'[^'\n]*')",  # quoted: a string (YAML)
}


@dataclass(frozen=True)
class Template:
    pattern: str  # e.g. "Solve for {u} step by step: {eq}."
    task: str  # "math" | "json" | "json_rule"
    lang: str = "en"
    compute: Callable[[dict[str, Any]], dict[str, Any]] | None = None  # json_rule: fields -> object
    loose: bool = False  # read with :func:`_lit_loose` (the everyday English templates)

    @property
    def regex(self) -> re.Pattern[str]:
        cached = _COMPILED.get(self.pattern)
        if cached is None:
            parts, pos = [], 0
            lit = _lit_loose if self.loose else _lit
            for m in _SLOT.finditer(self.pattern):
                parts.append(lit(self.pattern[pos : m.start()]))
                if m.group(3):  # [key]: exact, case-sensitive
                    parts.append(re.escape(m.group(3)))
                else:
                    name, typ = m.group(1), m.group(2)
                    kind = typ or ("eq" if name.startswith("eq") else "u")
                    parts.append(_SLOT_RE[kind].format(name=name))
                pos = m.end()
            parts.append(lit(self.pattern[pos:]))
            cached = re.compile("".join(parts), re.DOTALL)
            _COMPILED[self.pattern] = cached
        return cached

    def fill(self, **values: Any) -> str:
        def sub(m: re.Match[str]) -> str:
            if m.group(3):
                return m.group(3)
            return str(values[m.group(1)])

        return _SLOT.sub(sub, self.pattern)

    def keys(self) -> list[str]:
        return [m.group(3) for m in _SLOT.finditer(self.pattern) if m.group(3)]

    def fields(self) -> list[tuple[str, str]]:
        return [(m.group(1), m.group(2)) for m in _SLOT.finditer(self.pattern) if m.group(1) and m.group(2)]


_COMPILED: dict[str, re.Pattern[str]] = {}

MATH_TEMPLATES = [
    Template("Solve for {u} step by step: {eq}.", "math", "en"),
    Template("Solve {eq} for {u}. Show your steps.", "math", "en"),
    Template("Find {u} if {eq}.", "math", "en"),
    Template("What is the value of {u} in the equation {eq}?", "math", "en"),
    Template("Résous l'équation {eq}.", "math", "fr"),
    Template("Résous l'équation {eq} et trouve {u}.", "math", "fr"),
    Template("Trouve {u} tel que {eq}.", "math", "fr"),
    Template("Решите уравнение {eq} и найдите {u}.", "math", "ru"),
    Template("Найдите {u}, если {eq}.", "math", "ru"),
    Template("解方程 {eq}，求 {u}。", "math", "zh"),
    Template("求解方程 {eq} 中的 {u}。", "math", "zh"),
    Template("Solve the system of equations {eq1} and {eq2} for {u} and {v}.", "math", "system"),
    Template("Solve the system: {eq1}, {eq2}. Find {u} and {v}.", "math", "system"),
    Template("Résous le système {eq1} et {eq2}.", "math", "system"),
    # issue 33's languages (appended: the corpus names templates by index)
    Template("Resuelve la ecuación {eq}.", "math", "es"),
    Template("Halla {u} si {eq}.", "math", "es"),
    Template("Löse die Gleichung {eq}.", "math", "de"),
    Template("Bestimme {u}, wenn {eq}.", "math", "de"),
    Template("Resolva a equação {eq}.", "math", "pt"),
    Template("Risolvi l'equazione {eq}.", "math", "it"),
    Template("方程式 {eq} を解いてください。", "math", "ja"),
    Template("{eq} のとき、{u} の値を求めよ。", "math", "ja"),
    # a context sentence before the problem, the question after it (issue 33, languages)
    Template("I'm stuck on this one: {eq}. How much is {u}?", "math", "en"),
    Template("Me atasqué con este ejercicio: {eq}. ¿Cuánto vale {u}?", "math", "es"),
    Template("Je bloque sur cet exercice : {eq}. Combien vaut {u} ?", "math", "fr"),
    Template("Ich komme bei dieser Aufgabe nicht weiter: {eq}. Was ist {u}?", "math", "de"),
    Template("Estou com dúvida nesta questão: {eq}. Qual é o valor de {u}?", "math", "pt"),
    Template("Sto facendo i compiti e sono bloccato su questo: {eq}. Quanto vale {u}?", "math", "it"),
    Template("Застрял на этом примере: {eq}. Чему равен {u}?", "math", "ru"),
    Template("我在做数学作业，这道题卡住了：{eq}，{u} 等于多少？", "math", "zh"),
    Template("この問題が解けません：{eq}。{u} はいくつですか？", "math", "ja"),
    # everyday English around the problem (issue 33, item 4): read by the oracle only as written
    # here (their words are not added to its English grammar)
    Template("Hi! Could you please solve {eq} for me? Thanks so much!", "math", "en_everyday", loose=True),
    Template("My teacher gave us {eq}. What's {u}?", "math", "en_everyday", loose=True),
    Template("System: Answer with only the number.\nUser: {eq}", "math", "en_everyday", loose=True),
    Template("Solve ${eq}$ with numbered steps.", "math", "en_everyday", loose=True),
    Template("Can you tell me what {u} equals when {eq}?", "math", "en_everyday", loose=True),
    Template("Solve {eq}, give {u} as a fraction.", "math", "en_everyday", loose=True),
    Template("Solve {eq}, thanks!", "math", "en_everyday", loose=True),
    Template("ok quick one: {eq}", "math", "en_everyday", loose=True),
]

# Templates the oracle reads but the corpus never fills (the corpus names MATH_TEMPLATES by index): a
# base's edit that lands on another way of saying the same problem. Italian "per y" after an
# equation is "for y" (fuzz seed 33, relation_word: "Risolvi l'equazione 5y + 3 = 28 per y.").
MATH_READ_TEMPLATES = [
    Template("Risolvi l'equazione {eq} per {u}.", "math", "it"),
    Template("Risolvi per {u} l'equazione {eq}.", "math", "it"),
    # wip/fuzzQ (nightly seed 4): the contraction without its apostrophe, German "dieser" without its noun ("this one")
    Template("Im stuck on this one: {eq}. How much is {u}?", "math", "en"),
    Template("Ich komme bei dieser nicht weiter: {eq}. Was ist {u}?", "math", "de"),
]

_OPERATOR_SIGNS = str.maketrans({"\u00d7": "*", "\u2217": "*", "\u2212": "-", "\u00f7": "/"})

ARITH_TEMPLATES = [
    Template(pattern, "arith")
    for pattern in (
        "What is {e:a}?", "What's {e:a}?", "Whats {e:a}?", "{e:a} = ?", "{e:a} =?",  # "Whats": wip/arithT
        "Compute {e:a}.", "Compute {e:a}", "Calculate {e:a}.", "Calculate {e:a}", "Evaluate {e:a}.", "Evaluate {e:a}",
    )
]

JSON_TEMPLATES = [
    Template(
        'Return a JSON object for a person with name "{name:s}", age {age:n}. Required keys: [name], [age]. '
        "Output only the JSON object.",
        "json",
    ),
    Template(
        'Return a JSON object for a book with title "{title:s}" and year {year:n}. Required keys: [title], [year]. '
        "Output only the JSON object.",
        "json",
    ),
    Template(
        'Return a JSON object for a product with sku "{sku:s}", price {price:n} and stock {stock:n}. '
        "Required keys: [sku], [price], [stock]. Output only the JSON object.",
        "json",
    ),
    Template(
        'Return JSON with keys [name], [age] and [city] for a person named {name:w}, age {age:n}, city "{city:s}". '
        "Output only the JSON object.",
        "json",
    ),
    Template(
        'Produce a JSON object with keys [city] and [country]: city "{city:s}", country "{country:s}". '
        "Output only the JSON object.",
        "json",
    ),
    Template(
        'Return a JSON object for an order with id {id:n}, customer "{customer:s}" and total {total:n}. '
        "Required keys: [id], [customer], [total]. Output only the JSON object.",
        "json",
    ),
]


# Values stated without a key list (issue 33 item 4): the object is exactly the stated keys' values.
# Kept apart from JSON_TEMPLATES: their words widen no other reading of the oracle's (_JSON_WORDS).
JSON_NO_KEY_TEMPLATES = [
    Template('Convert this to JSON: [sku]: "{sku:s}", [qty]: {qty:n}', "json"),
    Template('Turn this into JSON:\n[name]: "{name:s}"\n[age]: {age:n}', "json"),
    Template('The [city] is "{city:s}" and the [population] is {population:n}. Return JSON.', "json"),
]


# Key lists then values in issue 33's other languages (labels folded to keys, a person's name and age
# said in a sentence, a bare name after a key): the object is the listed keys' stated values.
JSON_LANG_TEMPLATES = [
    Template('Devuelve un JSON con las claves "[nombre]" y "[edad]": Me llamo {nombre:W} y tengo {edad:n} años.', "json", "es"),
    Template('Dame un objeto JSON con "[ciudad]" y "[habitantes]". Ciudad: {ciudad:w}, habitantes: {habitantes:n}', "json", "es"),
    Template("Donne-moi un JSON avec \"[prenom]\" et \"[age]\" : {prenom:N} a {age:n} ans.", "json", "fr"),
    Template('Gib mir ein JSON mit den Schlüsseln "[stadt]" und "[einwohner]": Stadt {stadt:w}, Einwohner {einwohner:n}',
             "json", "de"),
    Template('Retorne um JSON com "[nome]" e "[idade]": Eu me chamo {nome:W} e tenho {idade:n} anos.', "json", "pt"),
    Template('Restituisci un JSON con "[nome]" e "[eta]": {nome:N} ha {eta:n} anni.', "json", "it"),
    Template('Верни JSON с ключами "[имя]" и "[возраст]": Меня зовут {имя:y}, мне {возраст:n} лет.', "json", "ru"),
    Template('返回一个 JSON，包含 "[姓名]" 和 "[年龄]"：我叫{姓名:c}，今年 {年龄:n} 岁。', "json", "zh"),
    # possessives that name one owner (the owner_swap edit names a second: red team round 7, W7)
    Template('Return a JSON object with "[name]" and "[age]": My name is {name:w} and my age is {age:n}.', "json", "en"),
]


# English statement syntaxes (issue 33 items 1, 4; wip/jsonA): capitalised labels, a bare name after a
# listed key and a space, "key=value" runs, "where k is v", a system line, greetings, a placeholder shape.
JSON_EN_SYNTAX_TEMPLATES = [
    Template('Return a JSON object with keys "[name]" and "[age]". Name: {name:w}, Age: {age:n}', "json"),
    Template('Give me a JSON object with "[name]", "[city]" and "[age]" for: name {name:w}, city {city:w}, age {age:n}.',
             "json"),
    Template("Make a JSON object from: [sku]={sku:w}, [qty]={qty:n}", "json"),
    Template("json: [temp]={temp:n} [unit]={unit:w}", "json"),
    Template('Produce a JSON object with keys "[host]" and "[port]" where host is {host:w} and port is {port:n}.', "json"),
    Template('System: Reply with JSON only, keys "[name]" and "[age]".\nUser: name={name:w}, age={age:n}', "json"),
    Template('Hey, could you put this in JSON for me? "[username]" is {username:w} and "[followers]" is {followers:n}. '
             "Thanks!", "json"),
    Template('Return JSON shaped {"[title]": ..., "[year]": ...}: title {title:w}, year {year:n}', "json"),
]

# wip/jsonV (issue 33 items 2-4): labelled lines after "make this a JSON object" / "from this:", a bare key
# list read when its values follow, one lowercase word in the listed keys' order for a common-noun key.
JSON_V_TEMPLATES = [
    Template("Make this a JSON object:\n[title]: {title:w}\n[year]: {year:n}", "json"),
    Template("Make a JSON object from this:\n[name]: {name:w}\n[age]: {age:n}", "json"),
    Template("System: Reply with JSON only, keys [user] and [role].\nUser: user {user:w}, role {role:w}", "json"),
    Template('Return JSON with keys "[product]" and "[quantity]": {product:l}, {quantity:n}', "json"),
    Template('Retorne um JSON com as chaves "[produto]" e "[quantidade]": {produto:l}, {quantidade:n}', "json", "pt"),
    Template("Bitte als JSON ausgeben:\n[name]: {name:w}\n[alter]: {alter:n}", "json", "de"),
]


# wip/fuzzC (W22): a quoted passage whose frame binds the listed keys ("The chair costs 12 dollars.",
# "O cliente Tiago pagou 87 reais.", a labelled "Product: ... Price: ..."), read by the oracle's own
# templates: a value bound by its place alone is one of the oracle's people, cities or clubs; a product
# a lowercase noun or a model name with its number; a customer any word after the noun "cliente".
JSON_PASSAGE_TEMPLATES = [
    Template('Extract JSON with keys "[product]" and "[price]" from: "The {product:l} costs {price:f} dollars."', "json"),
    Template('Extract JSON with keys "[model]" and "[price]" from: "The {model:m} costs ${price:f}."', "json"),
    Template('Extract JSON with keys "[product]" and "[price]" from: "Product: {product:t}. Price: {price:f} dollars."', "json"),
    Template('Extract JSON with keys "[name]" and "[city]" from: "{name:N} lives in {city:C}."', "json"),
    Template('Extrae un JSON con las claves "[producto]" y "[precio]" de: "La {producto:l} cuesta {precio:f} euros."', "json", "es"),
    Template('Extrae un JSON con las claves "[ciudad]" y "[temperatura]" de: "Hoy en {ciudad:C} hace {temperatura:f} grados."',
             "json", "es"),
    Template('Extrae un JSON con las claves "[temperatura]" de: "Hoy en {ciudad:w} hace {temperatura:f} grados."', "json", "es"),
    Template('Estrai un JSON con le chiavi "[squadra]" e "[gol]" da: "Il {squadra:T} ha segnato {gol:f} gol."', "json", "it"),
    Template('Extraia um JSON com as chaves "[cliente]" e "[valor]" de: "O cliente {cliente:w} pagou {valor:f} reais."', "json", "pt"),
    Template('Extrais un JSON avec les clés "[temperature]" de : "Il fait {temperature:f} degrés à {ville:W}."', "json", "fr"),
    Template('Extrahiere ein JSON mit den Schlüsseln "[name]" und "[alter]" aus: "{name:N} ist {alter:f} Jahre alt."', "json", "de"),
    Template('Extrahiere ein JSON mit den Schlüsseln "[firma]" und "[mitarbeiter]" aus: "Die {firma:g} beschäftigt {mitarbeiter:f} Leute."',
             "json", "de"),
]


# wip/fuzzK: the newest JSON reach (wip/jsonN nested objects, wip/jsonL lists): every leaf stated, the
# object the stated leaves in the tree the template writes (``compute`` builds it; each value stated)
JSON_REACH_TEMPLATES = [
    Template('Return {"{outer:k}": {"[name]": ..., "[age]": ...}} for name {name:w}, age {age:n}', "json",
             compute=lambda f: {f["outer"]: {"name": f["name"], "age": f["age"]}}),
    Template('Return JSON with a key "{outer:k}" holding host "{host:s}" and port {port:n}.', "json",
             compute=lambda f: {f["outer"]: {"host": f["host"], "port": f["port"]}}),
    Template("[server]:\n  [host]: {host:v}\n  [port]: {port:v}\n\nRewrite this as JSON.", "json",
             compute=lambda f: {"server": {"host": f["host"], "port": f["port"]}}),
    Template('Return JSON with a key "{outer:k}" listing: {a:w}, {b:w}, {c:w}', "json",
             compute=lambda f: {f["outer"]: [f["a"], f["b"], f["c"]]}),
    Template("JSON please: a key [tags] listing {a:w}, {b:w} and {c:w}", "json",
             compute=lambda f: {"tags": [f["a"], f["b"], f["c"]]}),
]


# wip/fuzzF (red team 27): a temperature converted between Celsius and Fahrenheit in JSON, in the red team's request
# forms (read by :func:`_temperature_json`): a reading key ("temperature", "temp"; the target's own unit word in the
# "Convert" form) converts with the scale's offset (F = C * 9/5 + 32); a key of the oracle's own interval words (the
# fuzzer's difference_key renames the reading key to one) names a difference, converted without it (a 2 °C warming is
# 3.6 °F); any other key, or a key renamed at some mentions only, the oracle does not read.
JSON_TEMPERATURE_TEMPLATES = [
    Template("Return a JSON object where name is {name:w} and [temperature] is {t:n} °C. Give the [temperature] in Fahrenheit.",
             "json"),
    Template('Return a JSON object with keys "[name]" and "[temperature]" (in Fahrenheit) for {name:N}, {t:n} °C.', "json"),
    Template('Return JSON with keys "[city]" and "[temp]": city "{city:s}", [temp] {t:n} (Celsius). Convert [temp] to Fahrenheit.',
             "json"),
    Template('Convert {t:n} °C to Fahrenheit and answer as JSON with key "[fahrenheit]".', "json"),
    Template("Return a JSON object where name is {name:w} and [temp] is {t:n} °F. Give the [temp] in Celsius.", "json"),
]
_T_SLOTS = {
    "t": r"(?P<t>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?)", "key": r"(?P<key>[a-z_]+)", "K": r"(?i:(?P=key))",
    "target": r"(?P<target>(?i:fahrenheit|celsius))", "u": r"(?P<u>[CF])", "uw": r"(?P<uw>(?i:celsius|fahrenheit))",
    "name": r"(?P<name>[A-Za-z]+)", "person": "(?P<name>(?i:" + _one_of(ORACLE_PEOPLE) + "))",
    "ck": r"(?P<ck>[a-z_]+)", "CK": r"(?P=ck)", "city": r'(?P<city>[^"\\\x00-\x1f]+)',
}


def _temperature_form(pattern: str) -> re.Pattern[str]:
    """A form's regex: its words in any case, any run of whitespace between them, none needed beside a quote, a
    comma or before "°" or a period, a final period or not (none of these changes a key or a value); slots as :data:`_T_SLOTS`
    (a key's later mentions in any case: "Give the Temp in Celsius" names the key "temp")."""
    def lit(text: str) -> str:  # "~word ": a request word that may be left out ("Return", "a", "object", "the", "keys")
        pieces = re.split(r"~(\w+) ", text)
        return "".join(_lit(piece) if i % 2 == 0 else r"(?:" + _lit(piece) + r"\s+)?" for i, piece in enumerate(pieces))

    parts, pos = [], 0
    for m in re.finditer(r"\{(\w+)\}", pattern):
        parts.append(lit(pattern[pos : m.start()]))
        parts.append(_T_SLOTS[m.group(1)])
        pos = m.end()
    parts.append(lit(pattern[pos:].removesuffix(".")) + r"\.?")
    regex = "".join(parts).replace(r'\s+"', r'\s*"').replace(r'"\s+', r'"\s*').replace(r",\s+", r",\s*")
    return re.compile(regex.replace(r"\s+°", r"\s*°").replace(r"\.", r"\s*\."))


_TEMPERATURE_FORMS = (  # (template index, regex over the stripped prompt)
    (0, _temperature_form("~Return ~a JSON ~object where name is {name} and {key} is {t} °{u}. Give ~the {K} in {target}.")),
    (1, _temperature_form('~Return ~a JSON ~object with ~keys "name" and "{key}" (in {target}) for {person}, {t} °{u}.')),
    (2, _temperature_form('~Return JSON with ~keys "{ck}" and "{key}": {CK} "{city}", {K} {t} ({uw}). Convert {K} to {target}.')),
    (3, _temperature_form('Convert {t} °{u} to {target} and answer as JSON with ~the key "{key}".')),
)
_READING_KEYS = frozenset({"temperature", "temp"})
_INTERVAL_KEYS = frozenset({"delta", "difference", "rise", "drop", "warming", "change", "increase"})


def _temperature_json(exact: str) -> JsonProblem | None:
    """A :data:`JSON_TEMPERATURE_TEMPLATES` request: the object with the value converted as its key says (a reading
    with the offset, an interval word without it); None for another key, a unit converted to itself, or an interval
    word in the "Convert" form (its sentence converts a reading; its key says a difference: which one is asked?)."""
    for index, form in _TEMPERATURE_FORMS:
        m = form.fullmatch(exact.strip())
        if m is None:
            continue
        unit = (m.groupdict().get("u") or m.group("uw")).upper()[0]
        target, key = m.group("target").lower(), m.group("key")
        if unit == target[0].upper():
            return None
        reading = key in _READING_KEYS or (index == 3 and key == target)
        if not reading and (index == 3 or key not in _INTERVAL_KEYS):
            return None
        t = Fraction(m.group("t"))
        value = t * 9 / 5 if unit == "C" else t * 5 / 9
        if reading:
            value = t * 9 / 5 + 32 if unit == "C" else (t - 32) * 5 / 9
        number: Any = int(value) if value.denominator == 1 else float(value)
        obj: dict[str, Any] = {key: number}
        if "name" in m.groupdict():
            obj = {"name": m.group("name"), key: number}
        if "city" in m.groupdict():  # the city's key as the prompt names it at both mentions ("town": synonym_swap)
            if m.group("ck") in (key, *_LITERAL_WORDS, *_OPERATOR_WORDS, *_READING_KEYS, *_INTERVAL_KEYS):
                return None
            obj = {m.group("ck"): m.group("city"), key: number}
        return JsonProblem(JSON_TEMPERATURE_TEMPLATES[4 if index == 0 and unit == "F" else index], obj, stated=True)
    return None


# The same passage requests as the oracle also reads them (never filled by the corpus): a model
# named without its determiner.
JSON_PASSAGE_READ_TEMPLATES = [
    # wip/fuzz0 (case_change, seeds 0 and 1): the product noun with a letter's case changed inside it is the product
    # as the passage writes it ("The chAir costs 12 dollars." -> "chAir")
    Template('Extract JSON with keys "[product]" and "[price]" from: "The {product:L} costs {price:f} dollars."', "json"),
    Template('Extract JSON with keys "[model]" and "[price]" from: "{model:m} costs ${price:f}."', "json"),
    # the French request without its article (seed 77's word_delete: the engine's reading, right, was counted)
    Template('Extrais JSON avec les clés "[temperature]" de : "Il fait {temperature:f} degrés à {ville:w}."', "json", "fr"),
    # wip/fuzzQ (nightly seed 4's word_delete): the Spanish passage without "Hoy" ("en Bilbao hace 18 grados."): the
    # temperature asked is stated the same
    Template('Extrae un JSON con las claves "[temperatura]" de: "En {ciudad:w} hace {temperatura:f} grados."', "json", "es"),
]
# "Extract JSON with "a" and "b" from: ..." asks the same keys as "with keys" (the word left out)
_PASSAGE_KEYS = re.compile(r'^(Extract JSON with) (?=")')


def _passage_request(text: str) -> str:
    """A passage request as the oracle's passage templates write it: edges stripped, "keys" and es "un"
    said, one space between the colon and the quote, the passage's last sentence ended by a period
    (none of these changes a key or a value)."""
    text = _PASSAGE_KEYS.sub(r"\1 keys ", text.strip())
    text = re.sub(r"^Extrae JSON ", "Extrae un JSON ", text)
    text = re.sub(r"^Extraia JSON ", "Extraia um JSON ", text)  # wip/fuzzQ (nightly seed 4): pt "um", "as" said
    text = re.sub(r"^(Extraia um JSON com) chaves ", r"\1 as chaves ", text)
    text = re.sub(r'(de|from|da|aus):\s*"', r'\1: "', text)
    text = re.sub(r'(?<=\.)\s+"$', '"', text)  # wip/fuzz0: spaces after the passage's last period, inside its quotes
    return re.sub(r'(?<=[^.\s])"$', '."', text)


def _round_ten(n: int) -> int:
    return (n + 5) // 10 * 10  # half up, like a person rounds


JSON_RULE_TEMPLATES = [
    Template(
        "Return a JSON object with keys [item] and [price] for a {item:l}, price {price:n}. "
        "Round the price to the nearest ten. Output only the JSON object.",
        "json_rule",
        compute=lambda f: {"item": f["item"], "price": _round_ten(f["price"])},
    ),
    Template(
        "Return a JSON object with keys [name] and [months] for a child named {name:w} who is {years:n} years old. "
        "Give the age in months. Output only the JSON object.",
        "json_rule",
        compute=lambda f: {"name": f["name"], "months": f["years"] * 12},
    ),
    Template(
        "Return a JSON object with keys [city] and [fahrenheit] for {city:C}, where it is {celsius:n} degrees Celsius. "
        "Convert the temperature to Fahrenheit. Output only the JSON object.",
        "json_rule",
        compute=lambda f: {
            "city": f["city"],
            "fahrenheit": (lambda v: int(v) if v.denominator == 1 else float(v))(Fraction(f["celsius"]) * 9 / 5 + 32),
        },
    ),
]

# system messages the oracle reads past for a math question (they do not change its solution)
MATH_SYSTEMS = ("You are a careful math tutor.", "Show every step.")

# --------------------------------------------------------------------------- equations
Lin = tuple[dict[str, Fraction], Fraction]


class ParseError(ValueError):
    pass


_TOK = re.compile(r"[ \t\n]*(?:(?P<num>[0-9]+(?:\.[0-9]+)?)|(?P<var>[A-Za-z])|(?P<op>[-+*/=()^]))")
# wip/arithT: the oracle's own reading of a power in an arithmetic expression ("3^2", "3²": superscript
# digits right after a digit or ")" are "^" and those digits); only where parse_expr is asked for powers
_SUPERSCRIPT_RUN = re.compile("(?<=[0-9)])[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+")
_SUPERSCRIPT_AS_DIGIT = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079", "0123456789")


def with_carets(text: str) -> str:
    """Superscript digits after a digit or ")" written as "^" and the digits ("3² + 4": "3^2 + 4")."""
    return _SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group().translate(_SUPERSCRIPT_AS_DIGIT), text)


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.rstrip(" \t\n")
    while pos < len(text):
        m = _TOK.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError(f"unexpected {text[pos:pos + 5]!r}")
        if m.group("num"):
            num = m.group("num")
            whole = num.split(".")[0]
            if len(whole) > 1 and whole[0] == "0":
                raise ParseError("leading zero")
            if len(num) > 12:
                raise ParseError("number too long")
            out.append(("num", num))
        elif m.group("var"):
            out.append(("var", m.group("var")))
        else:
            out.append(("op", m.group("op")))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], powers: bool = False) -> None:
        self.t = tokens
        self.i = 0
        self.powers = powers  # wip/arithT: "^" read after a constant (arithmetic only)

    def peek(self) -> tuple[str, str] | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self) -> tuple[str, str]:
        tok = self.peek()
        if tok is None:
            raise ParseError("unexpected end")
        self.i += 1
        return tok

    def is_op(self, *ops: str) -> bool:
        tok = self.peek()
        return tok is not None and tok[0] == "op" and tok[1] in ops

    def expr(self) -> Lin:
        if self.powers and self.is_op("-") and self.t[self.i + 1 : self.i + 3][1:] == [("op", "^")]:
            raise ParseError("a sign before a power: -9 or 9")
        if self.is_op("-"):
            self.take()
            value = _neg(self.term())
        elif self.is_op("+"):  # "= +1": a unary plus changes nothing
            self.take()
            value = self.term()
        else:
            value = self.term()
        while self.is_op("+", "-"):
            op = self.take()[1]
            rhs = self.term()
            value = _add(value, rhs if op == "+" else _neg(rhs))
        return value

    def term(self) -> Lin:
        value, last_was_number = self.factor()
        while True:
            if self.is_op("*", "/"):
                op = self.take()[1]
                rhs, last_was_number = self.factor()
                value = _mul(value, rhs) if op == "*" else _div(value, rhs)
            elif last_was_number and self.peek() is not None and (self.peek()[0] == "var" or self.is_op("(")):
                rhs, last_was_number = self.factor()
                value = _mul(value, rhs)
            else:
                return value

    def factor(self) -> tuple[Lin, bool]:
        base, number = self._primary()
        if not (self.powers and self.is_op("^")):
            return base, number
        self.take()
        kind, text = self.take()
        if base[0] or kind != "num" or not text.isdigit() or not 2 <= int(text) <= 16:
            raise ParseError("a power: a constant to an integer exponent 2-16 only")
        if self.is_op("^", "*", "/"):
            raise ParseError("read two ways: 2^3^2, 8^2/3")
        return ({}, base[1] ** int(text)), True

    def _primary(self) -> tuple[Lin, bool]:
        kind, text = self.take()
        if kind == "num":
            return ({}, Fraction(text)), True
        if kind == "var":
            return ({text: Fraction(1)}, Fraction(0)), False
        if text == "(":
            inner = self.expr()
            if not self.is_op(")"):
                raise ParseError("unbalanced parenthesis")
            self.take()
            return inner, not inner[0]  # "(3/4)x": a bracketed number multiplies what follows
        raise ParseError(f"unexpected {text!r}")


def _add(a: Lin, b: Lin) -> Lin:
    coefs = dict(a[0])
    for v, c in b[0].items():
        coefs[v] = coefs.get(v, Fraction(0)) + c
    return {v: c for v, c in coefs.items() if c != 0}, a[1] + b[1]


def _neg(a: Lin) -> Lin:
    return {v: -c for v, c in a[0].items()}, -a[1]


def _mul(a: Lin, b: Lin) -> Lin:
    if a[0] and b[0]:
        raise ParseError("not linear")
    if a[0]:
        a, b = b, a
    k = a[1]
    return {v: c * k for v, c in b[0].items() if c * k != 0}, b[1] * k


def _div(a: Lin, b: Lin) -> Lin:
    if b[0] or b[1] == 0:
        raise ParseError("division by an unknown or by zero")
    return {v: c / b[1] for v, c in a[0].items()}, a[1] / b[1]


def parse_expr(text: str, powers: bool = False) -> Lin:
    p = _Parser(_tokens(text), powers)
    value = p.expr()
    if p.peek() is not None:
        raise ParseError("trailing tokens")
    return value


def parse_equation(text: str) -> tuple[Lin, Lin]:
    toks = _tokens(text)
    if sum(1 for t in toks if t == ("op", "=")) != 1:
        raise ParseError("exactly one '=' expected")
    p = _Parser(toks)
    lhs = p.expr()
    if not p.is_op("="):
        raise ParseError("'=' expected")
    p.take()
    rhs = p.expr()
    if p.peek() is not None:
        raise ParseError("trailing tokens")
    return lhs, rhs


def solve(equations: list[tuple[Lin, Lin]]) -> dict[str, Fraction] | None:
    """The unique solution of a square linear system, or None."""
    rows = []
    names = sorted({v for lhs, rhs in equations for v in (*lhs[0], *rhs[0])})
    if not names or len(names) != len(equations):
        return None
    for lhs, rhs in equations:
        diff = _add(lhs, _neg(rhs))  # sum c_v v + k = 0
        rows.append([diff[0].get(v, Fraction(0)) for v in names] + [-diff[1]])
    n = len(names)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                f = rows[r][col] / rows[col][col]
                rows[r] = [a - f * b for a, b in zip(rows[r], rows[col])]
    return {v: rows[i][n] / rows[i][i] for i, v in enumerate(names)}


def evaluate(lin: Lin, values: dict[str, Fraction]) -> Fraction | None:
    total = lin[1]
    for v, c in lin[0].items():
        if v not in values:
            return None
        total += c * values[v]
    return total


def fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --------------------------------------------------------------------------- problems
@dataclass(frozen=True)
class MathProblem:
    template: Template
    equations: tuple[tuple[Lin, Lin], ...]
    equation_texts: tuple[str, ...]
    asked: tuple[str, ...]
    solution: dict[str, Fraction]
    answer_format: str = ""  # one of FORMAT_SENTENCES' values, read from the prompt's last sentence
    # an expression asked instead of the unknowns: its spellings (no spaces, no "*") and its value
    target: tuple[str, ...] = ()
    target_value: Fraction | None = None
    # a word problem's quantity asked in words ("How many miles did I ride?"): the answer line is
    # labelled with the user's own words for it ("Miles: x = 8"; docs/guarantees.md, wip/linW2)
    label: str = ""


@dataclass(frozen=True)
class JsonProblem:
    template: Template
    obj: dict[str, Any]
    stated: bool  # every value is stated in the prompt (exception (b) of the rule)


@dataclass(frozen=True)
class ArithProblem:
    template: Template
    expression: str
    value: Fraction
    bare: bool = False  # the number alone asked (a "bare_number" format sentence): the answer is that number


Problem = MathProblem | JsonProblem | ArithProblem


# wip/arithU: the oracle's own reading of the everyday symbolic forms the lead decided to serve (its own tables and
# regexes, not the engine's): full-width digits and operators as ASCII, an en dash between two operands with one space
# each side as minus ("10 – 3"; an em dash is not), "What is E" without its question mark when E ends the prompt,
# "**" between two operands as "^" (the parser's power rules then decline "-3 ** 2", "2 ** 3 ** 2"), and a "-" on a
# number one space after an operator as that number's sign ("2 - -3" is 2 - (-3); not before a power: "2 * -3 ** 2").
# The letter case of a template's lead was already free (_lit reads letters in either case).
_WIDE_AS_ASCII = str.maketrans("０１２３４５６７８９＋－＊／（）",
                               "0123456789+-*/()")
_SPACED_EN_DASH = re.compile("(?<=[0-9)]) – (?=[0-9(])")
_ASKED_WITHOUT_MARK = re.compile(r"(?:what is|what's|whats) [^?]*[0-9)]", re.IGNORECASE)
_STARS_AS_CARET = re.compile(r"(?<=[0-9)])( ?)\*\*(?=\1[0-9(])")
_SIGN_ON_NUMBER = re.compile(r"(?<=[0-9)] [-+*/] )-([0-9]+(?:\.[0-9]+)?)(?![0-9.]|\s*(?:\^|\*\*))")


def everyday_symbols(text: str) -> str:
    """wip/arithU: the prompt's full-width digits and operators, spaced en dash and missing question mark, as above."""
    text = _SPACED_EN_DASH.sub(" - ", text.strip().translate(_WIDE_AS_ASCII))
    return text + "?" if _ASKED_WITHOUT_MARK.fullmatch(text) else text


# wip/arithV: a point opening a number where an operand begins (the start, a space, "(" or an operator before it) is
# "0." (".5 + .25" is 0.5 + 0.25); after a letter, a digit, a point or ")" it is left as written (the parser declines)
_LEADING_POINT = re.compile(r"(?<![0-9A-Za-z.)])\.(?=[0-9])")


def everyday_expression(text: str) -> str:
    """wip/arithU: "**" as "^" and a sign on a number after an operator in parentheses ("2 - -3": "2 - (-3)");
    wip/arithV: a leading point as "0." (above)."""
    text = _LEADING_POINT.sub("0.", text)
    return _SIGN_ON_NUMBER.sub(r"(-\1)", _STARS_AS_CARET.sub(lambda m: m.group(1) + "^", text))


def _arith_from_match(t: Template, m: re.Match[str]) -> ArithProblem | None:
    try:
        coefs, value = parse_expr(everyday_expression(with_carets(m.group("e"))), powers=True)
    except ParseError:
        return None
    return None if coefs else ArithProblem(t, m.group("e"), value)


# wip/arithS: the oracle's own reading of one operation said in everyday English words (its own
# regexes and number words, not the engine's tables): a command naming its operation ("Subtract 8 from
# 12." is 12 - 8, "Divide 8 by 12." 8 / 12), or a question or command around "8 subtracted from 12",
# "2 to the power of 10" (an integer exponent 2-16), "the square root of 144" (an exact root), "the
# average of 3, 5 and 10", "the difference between 12 and 8" (not when negative), "the quotient of 8
# and 12", "twice 8", "half of 12" (and "the square of 11", "11 cubed": read since wip/arithA). Any case,
# single spaces (one before the question mark, as the engine reads English).
_W_WORDS = dict(zip("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
                    "sixteen seventeen eighteen nineteen twenty".split(), range(21)))
_W_WORDS.update(thirty=30, forty=40, fifty=50, sixty=60, seventy=70, eighty=80, ninety=90)
_W_N = r"((?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?|" + "|".join(_W_WORDS) + ")"
_W_TEMPLATE = Template("{e:a}", "arith")
_W_ASKED = re.compile(r"(?:what is|what's|whats|how much is) (?P<q>.+?) ?\?|(?:compute|calculate|evaluate|find|work out) (?P<c>.+?)\.?",
                      re.IGNORECASE)


def _w_value(word: str) -> Fraction:
    return Fraction(_W_WORDS[word.lower()]) if word.lower() in _W_WORDS else Fraction(word)


def _w_root(a: Fraction) -> Fraction | None:
    top, bottom = math.isqrt(a.numerator), math.isqrt(a.denominator)
    return Fraction(top, bottom) if top * top == a.numerator and bottom * bottom == a.denominator else None


_W_PHRASES: list[tuple[str, Callable[..., Fraction | None]]] = [
    (rf"{_W_N} (?:subtracted|taken away) from {_W_N}", lambda a, b: b - a),
    (rf"{_W_N} (?:raised )?to the power of {_W_N}", lambda a, n: a ** int(n) if n.denominator == 1 and 2 <= n <= 16 else None),
    (rf"(?:the )?square root of {_W_N}", _w_root),
    (rf"(?:the )?difference between {_W_N} and {_W_N}", lambda a, b: a - b if a >= b else None),
    (rf"(?:the )?quotient of {_W_N} and {_W_N}", lambda a, b: a / b if b else None),
    (rf"twice {_W_N}", lambda a: 2 * a),
    (rf"{_W_N} less than {_W_N}", lambda a, b: b - a),  # read since wip/overdecl
    (rf"{_W_N} (?:more than|added to) {_W_N}", lambda a, b: b + a),  # read since main, 2026-12-06 15:21
    (rf"(?:the )?sum of {_W_N} and {_W_N}", lambda a, b: a + b),  # read since wip/arithA
    (rf"(?:the )?product of {_W_N} and {_W_N}", lambda a, b: a * b),
    (rf"(?:the )?square of {_W_N}|{_W_N} squared", lambda a, b: (a if b is None else b) ** 2),  # read since wip/arithA
    (rf"(?:the )?cube of {_W_N}|{_W_N} cubed", lambda a, b: (a if b is None else b) ** 3),
    (rf"(?:one )?half of {_W_N}", lambda a: a / 2),
    # wip/arithT: double, triple, halve
    (rf"double {_W_N}|{_W_N} doubled", lambda a, b: 2 * (a if b is None else b)),
    (rf"(?:triple|thrice) {_W_N}|{_W_N} tripled", lambda a, b: 3 * (a if b is None else b)),
    (rf"{_W_N} halved", lambda a: a / 2),
]
# wip/arithU: the root sign before a plain number (or one in parentheses), the cube root of an integer (an exact
# integer root only), "17 mod 6" (integers, a positive divisor), the product of a list (_w_product)
_W_PLAIN = r"((?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?)"


def _w_cube_root(a: Fraction) -> Fraction | None:
    if a.denominator != 1:
        return None
    root = 0
    while (root + 1) ** 3 <= a:
        root = root + 1 if root < 64 else root * 2 if (root * 2) ** 3 <= a else root + 1
    return Fraction(root) if root**3 == a else None


_W_PHRASES += [
    (rf"\u221a{_W_PLAIN}|\u221a\({_W_PLAIN}\)", lambda a, b: _w_root(a if b is None else b)),
    (rf"(?:the )?cube root of {_W_PLAIN}", _w_cube_root),
    (rf"{_W_PLAIN} mod(?:ulo)? {_W_PLAIN}", lambda a, b: Fraction(int(a) % int(b)) if a.denominator == b.denominator == 1 and b else None),
]
_W_SPANISH = [(rf"\u00bf?(?:Cu\u00e1nto|Cu\u00e1l) es el triple de {_W_PLAIN}\?", lambda a: 3 * a)]  # wip/arithU: es "el triple de 7"
_W_COMMANDS: list[tuple[str, Callable[..., Fraction | None]]] = [
    (rf"subtract {_W_N} from {_W_N}\.?", lambda a, b: b - a),
    (rf"divide {_W_N} by {_W_N}\.?", lambda a, b: a / b if b else None),
    (rf"multiply {_W_N} by {_W_N}\.?", lambda a, b: a * b),
    (rf"add {_W_N} (?:to|into) {_W_N}\.?", lambda a, b: b + a),
]
_W_MEAN = re.compile(r"(?:the )?(?:arithmetic mean|average|mean) of (.+)", re.IGNORECASE)


def _w_mean(text: str) -> Fraction | None:
    m = _W_MEAN.fullmatch(text)
    parts = re.fullmatch(r"(.+?),? and (\S+)", m.group(1), re.IGNORECASE) if m else None
    if parts is None:
        return None
    items = [*parts.group(1).split(", "), parts.group(2)]
    if not all(re.fullmatch(r"(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?", item) for item in items):
        return None
    return sum((Fraction(item) for item in items), Fraction(0)) / len(items)


_W_SUM = re.compile(r"(?:the )?sum of (.+)", re.IGNORECASE)
_W_LINK = re.compile(rf" (plus|minus) {_W_N}", re.IGNORECASE)


def _w_sum_or_chain(text: str) -> Fraction | None:
    """wip/arithT: the sum of a list of three or more plain numbers ("the sum of 2, 4 and 6"), or a chain
    of two or more "plus"/"minus" links computed left to right ("10 minus 4 minus 2" is 4); else None."""
    m = _W_SUM.fullmatch(text)
    parts = re.fullmatch(r"(.+?),? and (\S+)", m.group(1), re.IGNORECASE) if m else None
    if parts is not None:
        items = [*parts.group(1).split(", "), parts.group(2)]
        plain = all(re.fullmatch(r"(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,12})?", item) for item in items)
        return sum((Fraction(item) for item in items), Fraction(0)) if plain and len(items) >= 3 else None
    first = re.match(_W_N, text, re.IGNORECASE)
    links = list(_W_LINK.finditer(text, first.end())) if first else []
    if first is None or len(links) < 2 or "".join(m.group() for m in links) != text[first.end():]:
        return None
    total = _w_value(first.group())
    for link in links:
        total += _w_value(link.group(2)) * (1 if link.group(1).lower() == "plus" else -1)
    return total


_W_PRODUCT = re.compile(r"(?:the )?product of (.+)", re.IGNORECASE)


def _w_product(text: str) -> Fraction | None:
    """wip/arithU: the product of a list of three or more plain numbers ("the product of 2, 3 and 4"), else None."""
    m = _W_PRODUCT.fullmatch(text)
    parts = re.fullmatch(r"(.+?),? and (\S+)", m.group(1), re.IGNORECASE) if m else None
    items = [*parts.group(1).split(", "), parts.group(2)] if parts else []
    if len(items) < 3 or not all(re.fullmatch(_W_PLAIN, item) for item in items):
        return None
    product = Fraction(1)
    for item in items:
        product *= Fraction(item)
    return product


# wip/arithV: an expression and a number (or a number word, or another expression) joined by "times" or "x", the word
# read as "*" where it stands (the lead's decision: "3 + 4 times ten" is 3 + 4 * 10 = 43); one side at least an
# expression with an operator between two operands (else one operation said in words, above)
_W_MIXED = re.compile(r"(?P<l>.+?) (?:times|x) (?P<r>.+)", re.IGNORECASE)
_W_OPERATION = re.compile(r"[0-9)] ?[-+*/^]")


def _w_mixed(text: str) -> Fraction | None:
    m = _W_MIXED.fullmatch(text)
    if m is None or not (_W_OPERATION.search(m.group("l")) or _W_OPERATION.search(m.group("r"))):
        return None
    sides = [str(_W_WORDS[side.lower()]) if side.lower() in _W_WORDS else side for side in (m.group("l"), m.group("r"))]
    try:
        coefs, value = parse_expr(everyday_expression(with_carets(f"{sides[0]} * {sides[1]}")), powers=True)
    except ParseError:
        return None
    return None if coefs else value


def _arith_words(text: str) -> ArithProblem | None:
    """One operation said in everyday English words (above), its exact value; else None."""
    text = text.strip().translate(_WIDE_AS_ASCII)  # wip/arithU: full-width digits as ASCII ("twice ８": 16)
    for pattern, value in [*_W_COMMANDS, *_W_SPANISH]:
        m = re.fullmatch(pattern, text, re.IGNORECASE)
        if m:
            result = value(*(_w_value(g) for g in m.groups()))
            return None if result is None else ArithProblem(_W_TEMPLATE, fmt(result), result)
    asked = _W_ASKED.fullmatch(text)
    phrase = (asked.group("q") or asked.group("c")) if asked else None
    if phrase is None:
        return None
    mean = _w_mean(phrase)
    if mean is None:
        mean = _w_sum_or_chain(phrase)  # wip/arithT
    if mean is None:
        mean = _w_product(phrase)  # wip/arithU
    if mean is None:
        mean = _w_mixed(phrase)  # wip/arithV
    if mean is not None:
        return ArithProblem(_W_TEMPLATE, fmt(mean), mean)
    for pattern, value in _W_PHRASES:
        m = re.fullmatch(pattern, phrase, re.IGNORECASE)
        if m:
            result = value(*(None if g is None else _w_value(g) for g in m.groups()))
            return None if result is None else ArithProblem(_W_TEMPLATE, fmt(result), result)
    return None


# A thousands separator in an English template's equation ("2x - 1,007 = 9" is 1007; wip/fuzzC's
# number_format edit): a comma after one to three digits and before groups of exactly three. In the
# other languages a comma is a decimal comma or a list mark: not read.
_EN_THOUSANDS = re.compile(r"(?<![0-9.,])[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9]|[.,][0-9])")


# wip/arithX: the same groups in an English arithmetic question (its templates and word forms are all English), with
# a decimal part after them ("1,450.5")
_EN_ARITH_THOUSANDS = re.compile(r"(?<![0-9.,])[1-9][0-9]{0,2}(?:,[0-9]{3})+(?![0-9]|,[0-9])")


def _english(t: Template) -> bool:
    return t.lang in ("en", "en_everyday") or t.lang == "system" and t.pattern.startswith("Solve")


def _math_from_match(t: Template, m: re.Match[str]) -> MathProblem | None:
    groups = m.groupdict()
    eq_texts = [groups[k] for k in ("eq", "eq1", "eq2") if groups.get(k) is not None]
    if _english(t):
        eq_texts = [_EN_THOUSANDS.sub(lambda g: g.group().replace(",", ""), e) for e in eq_texts]
    try:
        equations = tuple(parse_equation(e) for e in eq_texts)
    except ParseError:
        return None
    solution = solve(list(equations))
    if solution is None:
        return None
    asked = tuple(groups[k] for k in ("u", "v") if groups.get(k) is not None)
    if not asked:
        asked = tuple(sorted(solution))
    if len(set(asked)) != len(asked) or not set(asked) <= set(solution):
        return None
    return MathProblem(t, equations, tuple(e.strip() for e in eq_texts), asked, solution)


_ASKED_SLOT = "(?P<u>[A-Za-z])"
_MULTIPLE_SLOT = "(?P<k>-|[1-9][0-9]?)(?P<u>[A-Za-z])"  # "2x", "-x" in the asked slot: a multiple of the unknown


def _asked_multiple(t: Template, text: str) -> MathProblem | None:
    """A one-unknown template whose asked slot holds a multiple of its unknown ("Halla 2x si 10 =
    x + 4.", as the fuzzer's word swap writes it): that multiple asked, its value computed here."""
    pattern = t.regex.pattern
    if t.task != "math" or pattern.count(_ASKED_SLOT) != 1 or "(?P<v>" in pattern:
        return None
    m = re.fullmatch(pattern.replace(_ASKED_SLOT, _MULTIPLE_SLOT), text, re.DOTALL)
    problem = None if m is None else _math_from_match(t, m)
    if m is None or problem is None:
        return None
    k, u = Fraction(-1 if m.group("k") == "-" else m.group("k")), m.group("u")
    return dataclasses.replace(problem, target=(f"{m.group('k')}{u}",), target_value=k * problem.solution[u])


def _as_written(raw: str) -> int | float | str:
    """A number JSON writes back exactly as stated ("12.0" -> 12.0), else the text (no number: a
    served number then differs from it)."""
    value: int | float = float(raw) if "." in raw else int(raw)
    return value if json.dumps(value) == raw else raw


def _json_from_match(t: Template, m: re.Match[str]) -> JsonProblem:
    fields: dict[str, Any] = {}
    for name, typ in t.fields():
        raw = m.group(name)
        fields[name] = int(raw) if typ == "n" else _as_written(raw) if typ == "f" else raw
    if t.compute is not None:
        return JsonProblem(t, t.compute(fields), stated=False)
    return JsonProblem(t, {k: fields[k] for k in t.keys()}, stated=True)


# One declared transform sentence inside a JSON template's prompt (the fuzzer's transform_toggle):
# the oracle's own arithmetic, half away from zero for a tie (the engine declines ties).
TRANSFORM_SENTENCE = re.compile(
    r" (?:Write the (?P<case_key>[a-z]+) in (?P<case>upper|lower)case"
    r"|Round the (?P<round_key>[a-z]+) to the nearest (?P<step>ten|hundred))\."
)


def _json_transformed(exact: str) -> JsonProblem | None:
    """A stated-values template with one transform sentence added: the stated object transformed."""
    found = list(TRANSFORM_SENTENCE.finditer(exact))
    if len(found) != 1:
        return None
    m = found[0]
    rest = exact[: m.start()] + exact[m.end() :]
    for t in (*JSON_TEMPLATES, *JSON_EN_SYNTAX_TEMPLATES):
        base = t.regex.fullmatch(rest)
        if base is None:
            continue
        problem = _json_from_match(t, base)
        obj = dict(problem.obj)
        key = m.group("case_key") or m.group("round_key")
        value = obj.get(key)
        if m.group("case") and isinstance(value, str):
            changed = value.upper() if m.group("case") == "upper" else value.lower()
            if len(changed) != len(value):
                return None
            obj[key] = changed
        elif m.group("step") and isinstance(value, int) and not isinstance(value, bool):
            step = 10 if m.group("step") == "ten" else 100
            obj[key] = (abs(value) * 2 + step) // (2 * step) * step * (1 if value >= 0 else -1)
        else:
            return None
        return JsonProblem(t, obj, stated=True)
    # wip/fuzzF: a temperature request's stated string in another case (a number's rounding: before or after the
    # conversion? unread)
    temperature = _temperature_json(rest) if m.group("case") else None
    value = temperature.obj.get(m.group("case_key")) if temperature else None
    if temperature is None or not isinstance(value, str) or m.group("case_key") not in ("name", "city"):
        return None
    changed = value.upper() if m.group("case") == "upper" else value.lower()
    if len(changed) != len(value):
        return None
    return JsonProblem(temperature.template, {**temperature.obj, m.group("case_key"): changed}, stated=True)


def math_form(text: str) -> str:
    """The oracle's own reading of a math or arithmetic question: its normalization form, line
    endings and outer whitespace do not change the equation it poses (JSON values are read as
    given: there they are content)."""
    # wip/fuzzQ: U+2212 MINUS SIGN is the minus of an equation ("8x \u2212 6 = 5x + 9")
    plain = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n")).strip().replace("\u2212", "-")
    return plain if plain.isascii() else _typed_symbols(plain)


# wip/linAF: the oracle's own reading of symbols fresh writers type (its own table and rules, not the engine's):
# full-width + - * / = are those operators; full-width digits are digits when no ASCII digit stands in the text
# (beside one they make a mixed-script number: unread); " × " or " · " with its spaces between a number and one
# letter or "(" is "*"; a vulgar fraction right before one letter or "(" (no digit, letter or point before it), or
# one space before one letter an operator or "=" follows ("½ x = 3"), is that bracketed quotient; an en dash after a digit, ")" or a lone letter is a minus before a number alone, or
# before a term when an "=" follows it through math alone ("= 20 – x." may be a pause before "x": unread)
_TYPED_OPERATORS = {"\uff0b": "+", "\uff0d": "-", "\uff0a": "*", "\uff0f": "/", "\uff1d": "="}
_TYPED_DIGITS = {chr(0xFF10 + d): str(d) for d in range(10)}
_TYPED_FRACTIONS = {"\u00bd": "(1/2)", "\u2153": "(1/3)", "\u2154": "(2/3)", "\u00bc": "(1/4)", "\u00be": "(3/4)",
                    "\u2155": "(1/5)", "\u2159": "(1/6)", "\u215b": "(1/8)"}
_TYPED_TIMES = re.compile(r"(?<![A-Za-z0-9_.])([0-9]+(?:\.[0-9]+)?) [\u00d7\u00b7] (?=(?:[A-Za-z](?![A-Za-z0-9_.])|\())")
# between two lone letters, spaced on both sides or on neither ("x × y", "x·y"): "*"
_TYPED_TIMES_NAMES = re.compile(r"(?<![A-Za-z_])([A-Za-z])( ?)[\u00d7\u00b7]\2(?=[A-Za-z](?![A-Za-z0-9_.]))")
_TYPED_FRACTION = re.compile("(?<![A-Za-z0-9_.])([\u00bd\u2153\u2154\u00bc\u00be\u2155\u2159\u215b])"
                             "(?:(?=(?:[A-Za-z](?![A-Za-z0-9_.])|\())| (?=[A-Za-z](?![A-Za-z0-9_.]) ?[-+*/=\u2212]))")


def _typed_symbols(text: str) -> str:
    for wide, ascii_op in _TYPED_OPERATORS.items():
        text = text.replace(wide, ascii_op)
    if not any("0" <= c <= "9" for c in text):
        text = "".join(_TYPED_DIGITS.get(c, c) for c in text)
    text = _TYPED_TIMES.sub(lambda m: m.group(1) + " * ", text)
    text = _TYPED_TIMES_NAMES.sub(lambda m: m.group(1) + m.group(2) + "*" + m.group(2), text)
    text = _TYPED_FRACTION.sub(lambda m: _TYPED_FRACTIONS[m.group(1)], text)
    return "".join("-" if c == "\u2013" and _dash_is_minus(text, i) else c for i, c in enumerate(text))


def _dash_is_minus(text: str, i: int) -> bool:
    before, after = text[:i].rstrip(" "), text[i + 1 :].lstrip(" ")
    if len(text[:i]) - len(before) != 1 or len(text[i + 1 :]) - len(after) != 1 or not before or not after:
        return False
    lone_letter = before[-1].isascii() and before[-1].isalpha() and not (len(before) > 1 and before[-2].isalpha())
    if not (before[-1].isdigit() or before[-1] == ")" or lone_letter):
        return False
    if re.match(r"[0-9]+(?:\.[0-9]+)?(?![A-Za-z0-9_(*/^]|\.[0-9])", after):
        return True
    term = re.match(r"[0-9.]*(?:[A-Za-z](?![A-Za-z.])|\()", after)
    if term is None:
        return False
    rest = after[term.end():]
    upto = rest.split("=", 1)
    return len(upto) == 2 and re.fullmatch(r"(?:[0-9.+\-*/^() _]|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))*", upto[0]) is not None


#: the format instructions the oracle reads, only as a math prompt's last sentence (any case)
FORMAT_SENTENCES = {
    "give only the final answer.": "answer_only", "just the answer.": "answer_only",
    "no explanation.": "answer_only", "answer in one line.": "one_line",
    "give the answer as a fraction.": "fraction", "give the answer as a decimal.": "decimal",
    # the number alone, in nine languages (the fuzzer's number_only_toggle)
    "just the number.": "bare_number", "solo el número.": "bare_number", "juste le nombre.": "bare_number",
    "nur die zahl.": "bare_number", "só o número.": "bare_number", "solo il numero.": "bare_number",
    "только число.": "bare_number", "只要数字。": "bare_number", "数字だけ。": "bare_number",
}


# The oracle's own reading of an asked expression ending a math prompt (the fuzzer's
# "asked_expression" edit): (sentence, spellings of the expression, its value at the unknown).
_ASKED = (
    (r"Give (?P<v>[a-z]) squared\.", ("{v}^2", "{v}²"), lambda v: v * v),
    (r"Give 2(?P<v>[a-z])\.", ("2{v}",), lambda v: 2 * v),
    (r"Find (?P<v>[a-z]) \+ 1\.", ("{v}+1",), lambda v: v + 1),
    (r"What is (?P<v>[a-z])/2\?", ("{v}/2",), lambda v: v / 2),
    (r"Give twice (?P<v>[a-z])\.", ("2{v}",), lambda v: 2 * v),
    (r"Then give (?P<v>[a-z])\*(?P=v)\.", ("{v}{v}", "{v}^2"), lambda v: v * v),
    (r"Give 20 - (?P<v>[a-z])\.", ("20-{v}",), lambda v: 20 - v),
    (r"Donne (?P<v>[a-z]) au carré\.", ("{v}^2", "{v}²"), lambda v: v * v),
)


_CJK_TEXT = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


# wip/sysP: the oracle's own neutral personas, before a prompt in a system turn ("System: ...\n\nUser: ...") or leading
# it: they ask nothing, so the problem is the rest's (read case-insensitively, any whitespace between the turns)
# wip/sysQ: and its own in es fr de pt it ru zh ja (patterns of its own, not the readers' tables); the full stop, an
# exclamation mark or none before the turn's end; a Chinese or Japanese one may run into the prompt after its stop
_PERSONAS_XX = (
    r"(?:eres|usted\s+es)\s+(?:un|una)\s+(?:asistente|tutora?|profesora?)(?:\s+de\s+(?:matemáticas|entrada\s+de\s+datos|ia))?(?:\s+(?:útil|servicial))?",
    r"(?:tu\s+es|vous\s+êtes)\s+(?:un|une)\s+(?:assistante?|tuteur|tutrice|professeure?)(?:\s+de\s+(?:mathématiques|maths|saisie\s+de\s+données))?"
    r"(?:\s+(?:serviable|utile|ia))?",
    r"(?:du\s+bist|sie\s+sind)\s+(?:ein|eine)\s+(?:hilfreiche[r]?\s+)?(?:assistent(?:in)?|mathe-tutor|mathematik-tutor|mathelehrer(?:in)?|ki-assistent)",
    r"(?:você\s+é|tu\s+és)\s+(?:um|uma)\s+(?:assistente|tutora?|professora?)(?:\s+de\s+(?:matemática|entrada\s+de\s+dados|ia))?(?:\s+(?:prestativ[oa]|útil))?",
    r"(?:sei|lei\s+è)\s+(?:un\s+|una\s+|un')(?:assistente|tutor|insegnante|professore|professoressa)(?:\s+di\s+matematica)?(?:\s+(?:utile|disponibile|ia))?",
    r"(?:ты|вы)\s+(?:—\s+)?(?:полезн(?:ый|ая)\s+)?(?:помощник|помощница|ассистент|репетитор\s+по\s+математике)",
    r"(?:你|您)是(?:一个|一名|一位)?(?:乐于助人的|有用的)?(?:助手|数学老师|数据录入助手)",
    r"あなたは(?:親切な)?(?:アシスタント|数学の家庭教師|データ入力アシスタント)です",
)
_STOP_MARK = r"[.!\u3002\uff01]"
_PERSONA = (r"(?:you\s+are\s+an?\s+(?:(?:helpful|math|data\s+entry|ai|expert)\s+)*(?:assistant|tutor|teacher)|"
            + "|".join(_PERSONAS_XX) + r")(?:\s*" + _STOP_MARK + ")?")
_PERSONA_LEAD = re.compile(r"\s*(?:system:[ \t]*)?" + _PERSONA + r"(?:\s*user:[ \t]*|\s+|(?<=" + _STOP_MARK + "))", re.IGNORECASE)
_PERSONA_SYSTEM = re.compile(r"\s*" + _PERSONA + r"\s*", re.IGNORECASE)  # a system message that is a persona alone


def understand_text(text: str) -> Problem | None:
    """:func:`_understand_text_formatted`; in a prompt without ideographs, kana or hangul (wip/fuzzQ's script_mix),
    a full-width colon is the colon it prints ("Ciudad\uff1a Sevilla", "Bitte als JSON ausgeben\uff1a")."""
    persona = _PERSONA_LEAD.match(text)
    if persona is not None and ("system:" in persona.group().lower()) == ("user:" in persona.group().lower()):
        text = text[persona.end():]  # wip/sysP: a neutral persona asks nothing
    problem = _understand_text_formatted(text)
    if problem is None and "\uff1a" in text and not _CJK_TEXT.search(text):
        problem = _understand_text_formatted(text.replace("\uff1a", ":"))
    return problem


def _understand_text_formatted(text: str) -> Problem | None:
    """What a whole prompt asks, if it is one of the templates, or in the oracle's own closed
    grammars, possibly followed by one asked expression (:data:`_ASKED`) and then one format sentence
    (:data:`FORMAT_SENTENCES`), read apart from a math problem (not both: the oracle does not say
    how an expression is written alone). Math is read in :func:`math_form`; JSON exactly as given."""
    rest, answer_format = _format_apart(text)
    if answer_format:
        problem = _understand_asked(rest)
        if isinstance(problem, MathProblem) and not problem.answer_format and not problem.target:
            return dataclasses.replace(problem, answer_format=answer_format)
        if isinstance(problem, ArithProblem) and answer_format in ("bare_number", "answer_only") and not problem.bare:
            # "17 + 25 = ? Solo il numero.", "17 + 25 = ? No explanation." (wip/arithA: the answer alone): 42 alone
            return dataclasses.replace(problem, bare=True)
        # wip/fuzzF: a nested or list request and a temperature request too, the sentence apart from the request (after
        # its period or on a line of its own: "..., blue No explanation." may end a list item)
        apart = re.search(r"[.\n]\s*no explanation\.$", math_form(text).lower()) is not None
        if (math_form(text).lower().endswith("no explanation.") and isinstance(problem, JsonProblem)
                and (problem.template in (*JSON_TEMPLATES, *JSON_NO_KEY_TEMPLATES, *JSON_EN_SYNTAX_TEMPLATES, *JSON_PROSE_TEMPLATES,
                                          *JSON_V_TEMPLATES, JSON_REACH_TEMPLATES[2])  # wip/fuzzQ: a block too
                     or apart and problem.template in (*JSON_REACH_TEMPLATES, *JSON_TEMPERATURE_TEMPLATES))):
            return problem  # the answer is the object alone: no explanation asks nothing more of it
        return None
    return _understand_asked(text)


# wip/linAC: a superscript two or three right after the one unknown a math prompt asks, outside its
# equations ("Qual é o valor de x\u00b3?"), asks that power of it (the engine reads it so since wip/linAB-powers;
# the served value is then checked as any asked expression's, not refused unread)
_ASKED_POWER = re.compile(r"(?<![^\W\d_])([a-z])([\u00b2\u00b3])(?!\w)")
_POWER_SPELLINGS = {"\u00b2": ("{v}^2", "{v}\u00b2"), "\u00b3": ("{v}^3", "{v}\u00b3")}


def _understand_asked_power(text: str) -> MathProblem | None:
    """The problem of ``text`` without its one superscript, asking that power of its one asked unknown."""
    found = list(_ASKED_POWER.finditer(text))
    if len(found) != 1 or text.count("\u00b2") + text.count("\u00b3") != 1:
        return None
    power = found[0]
    bare = text[: power.end(1)] + text[power.end() :]
    problem = _understand_text(bare)
    name = power.group(1)
    if not isinstance(problem, MathProblem) or problem.asked != (name,) or problem.target or problem.label:
        return None
    if any(bare.find(eq) <= power.end(1) <= bare.find(eq) + len(eq) for eq in problem.equation_texts if eq in bare):
        return None  # inside an equation: no linear problem
    exponent = 2 if power.group(2) == "\u00b2" else 3
    return dataclasses.replace(problem, target=tuple(s.format(v=name) for s in _POWER_SPELLINGS[power.group(2)]),
                               target_value=problem.solution[name] ** exponent)


def _understand_asked(text: str) -> Problem | None:
    """A problem followed by one asked expression (:data:`_ASKED`), a problem asking a power of its
    unknown (``_understand_asked_power``), or a problem alone."""
    if "\u00b2" in text or "\u00b3" in text:
        power = _understand_asked_power(text)
        if power is not None or with_carets(text) == text:
            return power
        return _understand_text(text)  # wip/arithT: "3² + 4", a power of a number in an arithmetic expression
    for sentence, spellings, value in _ASKED:
        found = re.search(r"\s+" + sentence + r"\s*$", text)
        if found is None:
            continue
        problem = _understand_text(text[: found.start()])
        name = found.group("v")
        if not isinstance(problem, MathProblem) or name not in problem.solution or problem.target or problem.label:
            return None
        return dataclasses.replace(problem, target=tuple(s.format(v=name) for s in spellings),
                                   target_value=Fraction(value(problem.solution[name])))
    return _understand_text(text)


def _loose_repeated(text: str) -> MathProblem | None:
    """A loose template with one phrase of up to eight words written twice ("and and", "Solve ...
    and Solve ..."): the phrase once states the same. An equation written again either contradicts
    the problem or holds at its unique solution, so the values asked do not change."""
    words = list(re.finditer(r"\S+", text))
    for i in range(len(words)):
        for k in range(1, 9):
            if i + k > len(words):
                break
            start = words[i].start()
            phrase = text[start : words[i + k - 1].end()]
            if text.find(phrase) == start and text.find(phrase, start + 1) < 0:
                continue  # written once
            rest = text[:start] + text[start + len(phrase) :]
            for t in (t for t in MATH_TEMPLATES if t.loose):
                m = t.regex.fullmatch(rest)
                problem = _math_from_match(t, m) if m else None
                if problem is not None:
                    return problem
    return None


# wip/fuzzK: words a program reads as a literal (JSON, Python, YAML): written bare as a JSON value, the
# oracle cannot tell the string from the literal (W26, jsonR4: a boolean only for a key noted boolean)
_LITERAL_WORDS = frozenset("true false null none nil undefined nan yes no".split())
# words that name no one, in any language the oracle knows (its own list, apart from the engine's tables): a
# bare value holding one is no value the oracle knows (W23-W25; a word of another language's table too)
_NEVER_VALUES = frozenset("""he she it they we i you who what nobody someone somebody everyone everybody anyone anybody
none nothing neither nor every all each other él ella ellos nadie alguien todos todo ninguno quién il elle ils personne
tous rien aucun qui er sie es niemand jemand alle keiner wer lui lei nessuno qualcuno tutti chi ele ela ninguém alguém
nenhum quem он она никто кто все""".split())
# calendar words: no name of a person (a name key's bare value)
_CALENDAR = frozenset("""monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday tonight noon
christmas easter midnight january february march september october november december lunes martes
mayo enero montag sonntag lundi mars""".split())
# keys whose bare value names someone or something (a person, a place, a product): there a word that names no
# one or a calendar word is no value the oracle knows; elsewhere (a host, a port, a tag) a bare word is itself
_NAME_KEYS = frozenset("""name user customer player nombre nome имя prenom vorname cliente username city ciudad ville stadt
cidade città город country product produto producto prodotto model squadra""".split())
# words that say how to list, not what ("red, green, reversed"): an item the oracle does not read (W26)
_LIST_RISK = re.compile(r"(?i)[a-z]{3,}(?:ed|ly)|etc\.?|x[0-9]+|[0-9]+x|twice|thrice|each|only|all|every|both|too|also|again|"
                        r"not|no|none|more|less|times|per|double|half|first|last|instead|except|plus|minus")


# wip/fuzzQ: the month names of the two languages whose templates label a city with its key's own word ("Stadt X");
# a month of the OTHER language labelled so is a place's name as written (de "Stadt March": March, Baden; never
# "Stadt März", a German month, nor a weekday)
_MONTHS = {"en": frozenset("january february march april may june july august september october november december".split()),
           "de": frozenset("januar februar märz april mai juni juli august september oktober november dezember".split())}


def _labelled_foreign_month(problem: Any, exact: str) -> frozenset[str]:
    """The values of ``problem`` that are a month of another language than its template's, written right after
    their key's own word ("Stadt March")."""
    lang = problem.template.lang
    if lang not in _MONTHS or not isinstance(problem.obj, dict):
        return frozenset()
    other = frozenset().union(*(m for k, m in _MONTHS.items() if k != lang)) - _MONTHS[lang]
    return frozenset(v for k, v in problem.obj.items() if isinstance(v, str) and v.lower() in other
                     and re.search(rf"(?<![\w-]){re.escape(k)} {re.escape(v)}(?![\w-])", exact, re.IGNORECASE))


def _bare_leaf_unknown(obj: Any, exact: str, key: str = "", as_written: frozenset[str] = frozenset()) -> bool:
    """Whether a string leaf of ``obj`` is written bare in ``exact`` and is a word the oracle cannot
    take as written: a literal word, a word that names no one, a calendar word for a name key, a list
    item that says how to list."""
    if isinstance(obj, dict):
        return any(_bare_leaf_unknown(v, exact, k, as_written) for k, v in obj.items())
    if isinstance(obj, list):
        return any(isinstance(v, str) and f'"{v}"' not in exact and (v.lower() in _LITERAL_WORDS or _LIST_RISK.fullmatch(v))
                   for v in obj)
    if not isinstance(obj, str) or f'"{obj}"' in exact or obj in as_written:
        return False
    word = obj.lower()
    if key.lower() in _NAME_KEYS and " " in word and word.replace(" ", "").isalpha() and any(
            _bare_leaf_unknown(w, exact, key) for w in obj.split(" ")):  # a model's code ("Ella 7") is no person's name
        return True  # wip/fuzz0: a name of several words, one of which names no one ("Carl Monday")
    calendar = word in _CALENDAR or any(word in months for months in _MONTHS.values())  # wip/fuzzQ: every month ("Stadt Mai")
    return word in _LITERAL_WORDS or key.lower() in _NAME_KEYS and (word in _NEVER_VALUES or calendar)


_KEY_WORD = re.compile(r"(?<![\w-])[A-Za-z_][A-Za-z0-9_]*(?![\w-])")


def _norm_key(key: str) -> str:
    return key.lower().replace("_", "")


def _leaves(obj: Any) -> Iterator[Any]:
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _leaves(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _leaves(v)
    else:
        yield obj


def _renamed(obj: Any, old: str, new: str) -> Any:
    if isinstance(obj, dict):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_renamed(v, old, new) for v in obj]
    return obj


def _template_keys() -> frozenset[str]:
    keys = {k for ts in (JSON_TEMPLATES, JSON_NO_KEY_TEMPLATES, JSON_LANG_TEMPLATES, JSON_EN_SYNTAX_TEMPLATES, JSON_V_TEMPLATES,
                         JSON_PASSAGE_TEMPLATES) for t in ts for k in t.keys()}
    return frozenset(keys | {"user", "name", "age", "server", "host", "port", "tags"})


# The echo model's own reading (smart_answer, asked at every model call) skips the edits undone above: they
# cost a template match per sentence order or key spelling, and only the verdict on a served answer needs them
# (an echo answer for a prompt read only so is an echo text, which the stale-content check reads as well).
_SHALLOW = [False]


def _understand_text(text: str) -> Problem | None:
    """:func:`_understand_text_plain`, with two readings of wip/fuzzK's: a JSON value the prompt writes
    bare as a literal word is no value the oracle knows (no problem); a key of the oracle's templates
    written in another case or with an underscore added ("Age", "_name", "port_") is that key, named as
    the prompt names it: in its quotes, else (no quotes: labelled lines, a block) as every mention writes
    it; renamed at some mentions only and not in case alone ("age_" beside "age"), it is no key known."""
    problem = _understand_text_plain(text)
    exact = canon_text(text)
    if problem is None and not _SHALLOW[0]:
        problem = _understand_moved(text, exact) or _understand_renamed(text, exact) or _understand_as_written(exact)
    if problem is None and not _SHALLOW[0]:
        problem = _understand_reach_request(exact)
    if isinstance(problem, JsonProblem) and _bare_leaf_unknown(problem.obj, exact, as_written=_labelled_foreign_month(problem, exact)):
        return None
    return problem


# wip/fuzz0 (describing_value): a DATA form's value is read as written: one value of a data-form template (labelled
# lines, key=value, a labelled run after a colon, a list after "listing", a YAML block, values by position, a nested
# shape, a labelled self-introduction) written as a word or two ("age: EOD", "qty=ISO3", "listing: red, alpha-2, blue",
# "host: Official Name") is that text as a string. Never a value bound by its place alone in a sentence ("ISO3 a 22
# ans", "Title Case scored 72": the oracle cannot tell its kind, W22), never a literal, operator or negation word, and
# never where the prompt types a value (a number's placeholder, "as a number", "(a number)", "integer").
_VALUE_WORD = r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*"
_VALUE_RUN = re.compile(r"(?<![\w\"'-])(?=(" + _VALUE_WORD + r"(?: [A-Z][a-z]+)?)(?![\w'\"-]))")  # at every word: overlapping runs
_TYPED_NOTE = re.compile(r"(?i)<number>|<n>|\bas an? (?:number|integer)\b|\(an? (?:number|integer)\)|\binteger\b|\bnumeric\b")
_SENTINELS = (918273, "zqxv")


def _data_form_fields() -> dict[int, frozenset[str] | None]:
    """Per data-form template (by identity): the fields a value may be written in as a word (None: every field)."""
    es_person, es_city, _fr, de, pt, _it, ru, _zh, en_owner = JSON_LANG_TEMPLATES
    out: dict[int, frozenset[str] | None] = {id(t): None for t in (*JSON_TEMPLATES, *JSON_NO_KEY_TEMPLATES, *JSON_EN_SYNTAX_TEMPLATES,
                                                                   *JSON_V_TEMPLATES, *JSON_REACH_TEMPLATES, es_city, de)}
    out.update({id(es_person): frozenset({"nombre"}), id(pt): frozenset({"nome"}), id(ru): frozenset({"имя"}),
                id(en_owner): None})
    return out


def _sentinel_leaf(obj: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Where a sentinel of :data:`_SENTINELS` stands among ``obj``'s leaves (key path, or an index in a list)."""
    if isinstance(obj, dict):
        return [hit for k, v in obj.items() for hit in _sentinel_leaf(v, (*path, k))]
    if isinstance(obj, list):
        return [hit for i, v in enumerate(obj) for hit in _sentinel_leaf(v, (*path, str(i)))]
    return [(path, obj)] if obj in _SENTINELS and not isinstance(obj, bool) else []


def _put_leaf(obj: Any, path: tuple[str, ...], value: Any) -> Any:
    if not path:
        return value
    if isinstance(obj, list):
        return [_put_leaf(v, path[1:], value) if str(i) == path[0] else v for i, v in enumerate(obj)]
    return {k: _put_leaf(v, path[1:], value) if k == path[0] else v for k, v in obj.items()}


def _understand_as_written(exact: str) -> JsonProblem | None:
    """The data-form reading above: the one run whose place a sentinel value fills in a data-form template's reading."""
    if _TYPED_NOTE.search(exact):
        return None
    fields = _data_form_fields()
    for m in _VALUE_RUN.finditer(exact):
        for run in dict.fromkeys((m.group(1), m.group(1).split(" ")[0])):
            if {w.lower() for w in run.split(" ")} & (_LITERAL_WORDS | _OPERATOR_WORDS | _NEGATIONS_XX | {"json"}):
                continue
            if exact[: m.start()].count('"') % 2:
                continue  # inside quotes: a string already
            for sentinel in _SENTINELS:
                text = exact[: m.start()] + str(sentinel) + exact[m.start() + len(run):]
                problem = _understand_text_plain(text) or _understand_moved(text, text)
                if not isinstance(problem, JsonProblem) or id(problem.template) not in fields:
                    continue
                hits = _sentinel_leaf(problem.obj)
                allowed = fields[id(problem.template)]
                if len(hits) == 1 and str(sentinel) not in json.dumps(list(_keys_of(problem.obj))) and (
                        allowed is None or hits[0][0][-1] in allowed):
                    return JsonProblem(problem.template, _put_leaf(problem.obj, hits[0][0], run), stated=True)
    return None


# wip/fuzzF: the request words of a nested or list request (JSON_REACH_TEMPLATES) said another way that asks the same
# object: "Return" or "a" left out ("JSON with key "db" holding ..."), a leading "please" or "quickly", a closing "No
# explanation." (the object alone is asked anyway), the tags request's "please" left out ("JSON: a key tags listing"),
# the colon after "listing" left out, a comma before "listing", and spacing: runs of spaces or tabs, none or several
# beside a quote or before a comma or colon (outside quotes; never inside a block of lines, whose indentation is its
# structure). The words are the oracle's own; each value still stands where its template states it.
_REACH_LEAD = re.compile(r"^(?:please|quickly)\s+(?=Return\b)", re.IGNORECASE)
_REACH_TAIL = re.compile(r"\s*\n?\s*No explanation\.$")


def _reach_spacing(text: str) -> str:
    """Spaces and tabs outside quotes as the templates write them: one between words, one between a word and a quote,
    none before a comma or a colon."""
    parts = re.split(r'("[^"\n]*")', text)
    for i in range(0, len(parts), 2):
        out = re.sub(r"[ \t]+", " ", parts[i])
        out = re.sub(r" (?=[,:])", "", out)
        if i > 0 and out[:1].isalpha():
            out = " " + out  # "topics"listing -> "topics" listing
        if i < len(parts) - 1 and out[-1:].isalpha():
            out += " "  # key"topics" -> key "topics"
        parts[i] = out
    return "".join(parts)


def _understand_reach_request(exact: str) -> JsonProblem | None:
    if "\n  " in exact:
        return None  # a block: its lines are its structure (the block reader's own rules, _BLOCK)
    text = _REACH_TAIL.sub("", _REACH_LEAD.sub("", exact.strip()))
    text = _reach_spacing(text).strip()
    text = re.sub(r"^JSON with (?:a )?key ", "Return JSON with a key ", text)
    text = re.sub(r"^Return JSON with key ", "Return JSON with a key ", text)
    text = re.sub(r'^(Return JSON with a key "[^"\n]*"),? listing:? ', r"\1 listing: ", text)
    text = re.sub(r"^JSON(?: please)?: a key tags listing ", "JSON please: a key tags listing ", text)
    if text == exact:
        return None
    _SHALLOW[0] = True
    try:
        problem = _understand_text_plain(text) or _understand_moved(text, text)
    finally:
        _SHALLOW[0] = False
    if isinstance(problem, JsonProblem) and problem.template in JSON_REACH_TEMPLATES and problem.stated:
        return problem
    return None


def _keys_of(obj: Any) -> Iterator[str]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _keys_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _keys_of(v)


# a markdown bold or code span around a run of an equation, at word edges ("= **9**", "+ `3`"; never "2**8**")
_MATH_MARKUP = re.compile(r"(?<![\w*`])(\*\*|`)(?=\S)([^*`\n]+?)(?<=\S)\1(?![\w*`])")
# one statement written twice alike, side by side ('name "Alice", with name "Alice"'; "age 30; age 30")
_STATED_TWICE = re.compile(r'(?P<a>(?:[^\s,;.:"]+ ){0,2}(?:"[^"\n]*"|[^\s,;.:"]+))(?P<j>, |; | and | or |\. Actually )(?P=a)(?![\w"])')
# wip/fuzzQ: "Return" and "a" may be left out, "please" stand before or after "JSON", the colon's space left out
_LIST_REQUESTS = (re.compile(r'(?:Return )?JSON with (?:a )?key "(?P<k>[^"\\\x00-\x1f]+)" listing:\s*(?P<items>.+)'),
                  re.compile(r"(?:JSON please|please JSON):\s*(?:a )?key (?P<k>tags) listing (?P<items>.+)"))


def _list_items(text: str) -> list[str] | None:
    """Items joined by ", " with one " and " before the last at most, each a bare word (a string, unless a
    literal word) or a quoted string: the oracle's own list reading (W26: no item after an item joined by "and")."""
    parts = text.split(", ")
    if any(" and " in p for p in parts[:-1]):
        return None
    parts = parts[:-1] + parts[-1].split(" and ", 1)
    if len(parts) >= 2 and parts[-1].startswith("and "):  # "red, green, and blue": a comma before the last "and"
        parts[-1] = parts[-1][4:]
    out = []
    for p in parts:
        m = re.fullmatch(r'"([^"\\\x00-\x1f]+)"|\'([^\'\\\x00-\x1f]+)\'|([A-Za-z]+)', p)  # quoted: a string
        if m is None or m.group(3) and m.group(3).lower() in _LITERAL_WORDS | {"and", "or"}:  # "red, and, blue" (wip/fuzzQ)
            return None
        out.append(m.group(1) or m.group(2) or m.group(3))
    return out


# wip/fuzzQ: an indented block of two scalars under one key, any keys (a bare word a string, digits a number,
# quoted a string: YAML), then the oracle's own closing sentence ("Rewrite (this) as JSON.", "JSON" said again,
# "No explanation."): the block as an object
_BLOCK_VALUE = r"""(?:[A-Za-z][A-Za-z0-9.-]*|-?(?:0|[1-9][0-9]*)|"[^"\n]*"|'[^'\n]*')"""  # the "v" slot's values
_BLOCK = re.compile(r"(?P<outer>[a-z]+):\n  (?P<k1>[a-z]+): (?P<v1>" + _BLOCK_VALUE + r")\n  (?P<k2>[a-z]+): "
                    r"(?P<v2>" + _BLOCK_VALUE + r")\n\n"
                    r"Rewrite (?:this )?as JSON\.?(?: JSON\.?)?(?:\s+No explanation\.)?")
# wip/fuzzQ: the nested shape template with its JSON punctuation spaced another way, a closing "please", a value
# quoted (double quotes: a string, as JSON writes it; single quotes around a name: the name)
_NESTED = re.compile(r'Return\s*\{\s*"(?P<outer>[^"\\\x00-\x1f]+)"\s*:\s*\{\s*"name"\s*:\s*\.\.\.\s*,\s*"age"\s*:\s*\.\.\.\s*\}\s*\}'
                     r'\s*for name (?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)*|\'[A-Z][a-z]+\'|"[A-Z][a-z]+"),(?: and)? age (?P<age>[1-9][0-9]*|"[1-9][0-9]*")(?: please)?')
# wip/fuzz0 (--new-kinds): ", and age 41" states the same age; a name of capitalised words is the name as written ("Carl Carl")


def _scalar(raw: str) -> Any:
    return raw[1:-1] if raw[:1] in "\"'" else int(raw) if re.fullmatch(r"-?[0-9]+", raw) else raw


def _understand_shaped(exact: str) -> JsonProblem | None:
    """wip/fuzzQ: a block (:data:`_BLOCK`) or a nested shape (:data:`_NESTED`) read by the oracle's own regex."""
    m = _BLOCK.fullmatch(exact.strip())
    if m and m.group("k1") != m.group("k2") and not {m.group("k1"), m.group("k2")} & _LITERAL_WORDS:
        inner = {m.group("k1"): _scalar(m.group("v1")), m.group("k2"): _scalar(m.group("v2"))}
        return JsonProblem(JSON_REACH_TEMPLATES[2], {m.group("outer"): inner}, stated=True)
    m = _NESTED.fullmatch(exact.strip())
    if m and not {w.lower() for w in m.group("name").split()} & (_OPERATOR_WORDS | _NEGATIONS_XX):  # "Omar Not": a negation?
        obj = {m.group("outer"): {"name": _scalar(m.group("name")), "age": _scalar(m.group("age"))}}
        return JsonProblem(JSON_REACH_TEMPLATES[0], obj, stated=True)
    return None


def _understand_moved(text: str, exact: str) -> Problem | None:
    """wip/fuzzK: what a prompt asks whose problem a template states once the edit is undone in the
    oracle's own reading: a list of any length; a markdown bold or code span in an equation (the same
    equation); a statement written twice alike (stated once); a math prompt's sentences in another order."""
    for request in _LIST_REQUESTS:
        m = request.fullmatch(exact)
        items = _list_items(m.group("items")) if m else None
        if items:
            return JsonProblem(JSON_REACH_TEMPLATES[3], {m.group("k"): items}, stated=True)
    shaped = _understand_shaped(exact)
    if shaped is not None:
        return shaped
    plain = _MATH_MARKUP.sub(r"\2", text)
    if plain != text:
        problem = _understand_text_plain(plain)
        if isinstance(problem, (MathProblem, ArithProblem)):
            return problem
    once = _STATED_TWICE.sub(r"\g<a>", exact)
    if once != exact:
        problem = _understand_text_plain(once)
        if isinstance(problem, JsonProblem) and problem.stated:
            return problem
    sentences = [x.strip() for x in re.split(r"(?<=[?!。？！])|(?<=\.)(?=\s|$|[^\W\d_])", math_form(text)) if x.strip()]
    if 2 <= len(sentences) <= 4:
        for order in itertools.permutations(sentences):
            if list(order) != sentences:
                problem = _understand_text_plain(" ".join(order))
                if isinstance(problem, MathProblem):
                    return problem
    return None


def _understand_renamed(text: str, exact: str) -> Problem | None:
    return _renamed_in_case(text, exact) or _renamed_everywhere(text, exact) or _renamed_leaf(exact)


def _literal_keys(t: Template) -> list[str]:
    """The keys a template's object holds (its bracketed keys, and the literal keys of its computed tree)."""
    keys = list(t.keys())
    if t.compute is not None:
        tree = t.compute({name: f"\x00{name}" for name, _ in t.fields()})
        stack = [tree]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                keys += [k for k in node if not k.startswith("\x00")]
                stack += list(node.values())
    return list(dict.fromkeys(keys))


def _renamed_leaf(exact: str) -> JsonProblem | None:
    """wip/fuzzR (synonym_swap): as :func:`_renamed_everywhere`, for the English-syntax and reach templates (the
    keys of a nested tree too): one key of the template written as another word at EVERY mention ("with keys "host"
    and "port_number" where host is ... and port_number is 8080"; 'holding address "10.0.0.5" and port 9090';
    'Return {"user": {"title": ..., "age": ...}} for title Omar, age 41'): the template's object under the key as the
    prompt names it. The key itself is nowhere in the prompt; the new word is no word of the template's, no key of it,
    no literal or operator word; read back with the key, the prompt is that very template's, values stated."""
    for t in (*JSON_EN_SYNTAX_TEMPLATES, *JSON_REACH_TEMPLATES):
        keys = _literal_keys(t)
        own = {w.lower() for w in _WORD.findall(_SLOT.sub(" ", t.pattern))} | {k.lower() for k in keys}
        for key in keys:
            if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", exact):
                continue
            for written in dict.fromkeys(m.group() for m in _NEW_KEY.finditer(exact)):
                if written in own or written in _LITERAL_WORDS | _OPERATOR_WORDS:
                    continue
                back = _understand_text_plain(re.sub(rf"(?<![\w-]){re.escape(written)}(?![\w-])", key, exact))
                if isinstance(back, JsonProblem) and back.template is t and back.stated:
                    return JsonProblem(t, _renamed(back.obj, key, written), stated=True)
    return None


_OPERATOR_WORDS = frozenset("not no never without except only and or but nor none all each every".split())
# wip/fuzz0: the oracle's own negations of other languages (a name holding one is not read: "Tiago Nicht")
_NEGATIONS_XX = frozenset("nicht kein keine nie niemals nunca jamás jamais non pas ne não mai".split())
_NEW_KEY = re.compile(r"(?<![\w\"'-])[a-z][a-z_]*[a-z](?![\w\"'-])")


def _renamed_everywhere(text: str, exact: str) -> JsonProblem | None:
    """wip/fuzzQ (synonym_swap): a stated-values template (:data:`JSON_TEMPLATES`) whose one key is written as another
    word at EVERY mention ("with first_name "Alice", age 34. Required keys: first_name, age."): the object under the
    key as the prompt names it (the key itself nowhere in the prompt; the new word no key and no word of the template's)."""
    for t in JSON_TEMPLATES:
        own = {w.lower() for w in _WORD.findall(_SLOT.sub(" ", t.pattern))}
        for key in t.keys():
            if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", exact):
                continue
            for written in dict.fromkeys(m.group() for m in _NEW_KEY.finditer(exact)):
                if written in own or written in t.keys() or written in _LITERAL_WORDS | _OPERATOR_WORDS:
                    continue
                m = t.regex.fullmatch(re.sub(rf"(?<![\w-]){re.escape(written)}(?![\w-])", key, exact))
                if m is not None:
                    base = _json_from_match(t, m)
                    return JsonProblem(t, _renamed(base.obj, key, written), stated=True)
    return None


def _renamed_in_case(text: str, exact: str) -> Problem | None:
    keys = _template_keys()
    for written in dict.fromkeys(m.group() for m in _KEY_WORD.finditer(exact)):
        if written in keys:
            continue
        for key in (k for k in keys if _norm_key(k) == _norm_key(written)):
            same_case = written.lower() == key.lower()
            mentions = re.compile(rf"(?<![\w-]){re.escape(key)}(?![\w-])")
            if not same_case and mentions.search(exact):
                continue  # "age_" at one mention, "age" at another: two keys or one?
            base = _understand_text_plain(re.sub(rf"(?<![\w-]){re.escape(written)}(?![\w-])", key, text))
            if not isinstance(base, JsonProblem) or not base.stated:
                continue
            if f'"{written}"' in exact:
                name = written
            elif f'"{key}"' in exact:
                name = key
            elif not mentions.search(exact):
                name = written
            else:
                continue  # "Age" and "age", no quotes: which one names it?
            return JsonProblem(base.template, _renamed(base.obj, key, name), stated=True)
    return None


def _understand_text_plain(text: str) -> Problem | None:
    exact, text = canon_text(text), math_form(text)
    for t in (*MATH_TEMPLATES, *MATH_READ_TEMPLATES):
        m = t.regex.fullmatch(text)
        if m:
            problem = _math_from_match(t, m)
            if problem is not None:
                return problem
    word = _word_problem(text)
    if word is not None:
        return word
    repeated = _loose_repeated(text)
    if repeated is not None:
        return repeated
    for t in MATH_TEMPLATES:
        problem = _asked_multiple(t, text)
        if problem is not None:
            return problem
    passage_request = _passage_request(exact)
    for t in (*JSON_TEMPLATES, *JSON_RULE_TEMPLATES, *JSON_NO_KEY_TEMPLATES, *JSON_LANG_TEMPLATES, *JSON_EN_SYNTAX_TEMPLATES,
              *JSON_PASSAGE_TEMPLATES, *JSON_PASSAGE_READ_TEMPLATES):
        # a passage request's edge whitespace is no part of its passage (the values stand inside quotes)
        passage = t in JSON_PASSAGE_TEMPLATES or t in JSON_PASSAGE_READ_TEMPLATES
        m = t.regex.fullmatch(passage_request if passage else exact)
        if m:
            return _json_from_match(t, m)
    for t in JSON_REACH_TEMPLATES:  # stated leaves in a tree (wip/fuzzK): the template's tree of them; its edges and
        # a final point say nothing (the values stand inside)
        m = t.regex.fullmatch(exact.strip()) or t.regex.fullmatch(exact.strip().removesuffix(".")) \
            or t.regex.fullmatch(exact.strip() + ".")
        if m and t.compute is not None:
            fields = {name: int(m.group(name)) if typ == "n" or typ == "v" and re.fullmatch(r"-?[0-9]+", m.group(name))
                      else m.group(name)[1:-1] if typ == "v" and m.group(name)[:1] in "\"'"
                      else m.group(name) for name, typ in t.fields()}
            return JsonProblem(t, t.compute(fields), stated=True)
    transformed = _json_transformed(exact)
    if transformed is not None:
        return transformed
    temperature = _temperature_json(exact)  # wip/fuzzF
    if temperature is not None:
        return temperature
    # the typographic signs of the four operations are the operators they print (wip/overdecl):
    # "What is 23 × 19?" asks 23 * 19 (the oracle's own table of them, not the engine's)
    # wip/arithU: full-width, en dash, no question mark; its superscripts as carets first ("10³ – 3": fuzz seed 0)
    # wip/arithX: an English arithmetic question's thousands groups ("What is 1,003 + 4?" is 1003 + 4; the fuzzer's
    # number_format edit), a decimal part after them too ("1,450.5"); any other comma in a number is not read
    ungrouped = _EN_ARITH_THOUSANDS.sub(lambda g: g.group().replace(",", ""), text)
    signed = everyday_symbols(with_carets(ungrouped.translate(_OPERATOR_SIGNS)))
    for t in ARITH_TEMPLATES:
        m = t.regex.fullmatch(signed)
        if m:
            return _arith_from_match(t, m)
    worded = _arith_words(ungrouped)
    if worded is not None:
        return worded
    return (_grammar_math(text) or _grammar_json(exact) or _grammar_json_no_keys(exact) or _grammar_json_langs(exact)
            or _grammar_json_en_syntax(exact) or _grammar_json_prose(exact) or _grammar_json_v(exact))


# --------------------------------------------------------------------------- word problems
# The declared shapes of the engine's word problems (docs/request-language.md, "WORD PROBLEMS";
# docs/guarantees.md, W11/W15/W16), written here as the oracle's own templates: a fee plus a rate
# times a count and the total, ages "k times as old" with a sum or a difference, a rectangle's
# perimeter, a number sentence. Slots: ``{a:n}`` an integer, ``{a:d}`` a number with a decimal point,
# ``{a:e}`` one with a decimal comma, ``{u}`` the one-letter unknown (every mention the same letter),
# ``{S}`` a role word of the template's ``roles`` (every mention the same word; ``check`` says which
# roles agree: whose bill, which gender); ``<<...>>`` the quantity asked in words, whose words label the
# answer line ("How old is <<the son>>?": "The son: x = 12"). The equation is the oracle's own, in
# ``X`` (the letter named, else ``x``), solved here with exact rationals; a count, an age or a side is
# positive.
_WORD_SLOT = re.compile(r"\{(\w+)(?::(\w))?\}|<<|>>|\[\[|\]\]")
# how a story is read around its words: a sentence mark may stand with or without spaces around it, the
# last one and a Spanish opening mark may be missing, spaces between ideographs or kana say nothing, and
# an article ("a", "the") may be left out; every other word stands as written (any letter case)
# a determiner each language's story may leave out (the engine reads "trip cost $19" as "My trip cost $19";
# es "¿Cuántos años tiene hermana?" as "... su hermana": "su" is the owner's whoever it is, so no edit of it
# changes whose sister is asked)
_WORD_ARTICLES = {
    "en": {"a", "an", "the", "my", "its"}, "es": {"un", "una", "el", "la", "su"}, "pt": {"um", "uma", "a", "o"},
    "de": {"ein", "eine", "einen", "die", "der", "das"}, "fr": {"un", "une", "la", "le"}, "it": {"un", "una", "il", "la"},
}
_WORD_MARKS = frozenset(".,;:?!。，、？！：")
_WORD_MARK_RUN = r"(?:\s*[.,;:?!。，、？！：])*\s*"  # a sentence mark written as another one, doubled or left out
_WORD_TOKEN = re.compile(r"\s+|[^\W\d_]+|.", re.DOTALL)


def _cjk(tok: str) -> bool:
    return bool(tok) and "\u3040" <= tok[0] <= "\u9fff"


def _lit_word(text: str, last: bool, lang: str) -> str:
    """A literal of a word template: its sentence marks read as any run of sentence marks (or none),
    spaces next to a mark, a currency sign or an ideograph optional, a determiner of
    :data:`_WORD_ARTICLES` optional, apostrophes of either kind; ``last``: it ends the prompt."""
    tokens = _WORD_TOKEN.findall(text)
    articles = _WORD_ARTICLES.get(lang, set())
    out = []
    for i, tok in enumerate(tokens):
        if tok.isspace():
            before, after = (tokens[i - 1] if i else ""), (tokens[i + 1] if i + 1 < len(tokens) else "")
            loose = lang in ("zh", "ja") or any(t in _WORD_MARKS or t in "$€¿¡" or _cjk(t) for t in (before, after) if t)
            out.append(r"\s*" if loose or not before or not after else r"\s+")
        elif tok in _WORD_MARKS:
            out.append(_WORD_MARK_RUN)
        elif tok in "¿¡":
            out.append(re.escape(tok) + "?")
        elif tok in "'\u2019":
            out.append("['\u2019]")
        elif tok.lower() in articles and i + 1 < len(tokens) and tokens[i + 1].isspace():
            out.append("(?:(?i:" + "|".join(sorted(articles, key=len, reverse=True)) + r")\s+)?")  # one for another too
            tokens[i + 1] = "\x00"  # the space after it goes with it
        elif tok == "\x00":
            continue
        elif _cjk(tok):
            out.append(r"\s*".join(re.escape(c) for c in tok))
        else:
            out.append(_lit(tok))
    if lang in ("zh", "ja"):  # a space between an ideograph and a number or the asked word says nothing
        return r"\s*" + "".join(out) + r"\s*"
    return "".join(out)


def _word_form(text: str) -> str | None:
    """The oracle's reading of a story's text: a stray quotation mark of the typographic kinds (never
    one after a number: feet, inches), quotes and sentence marks before the first word and a closing
    "please" say nothing; a "!" after a number (a factorial) is read by no template."""
    if re.search(r"[0-9]\s*!", text):
        return None
    text = re.sub(r"(?<![0-9])(?<![0-9] )[„“”]|[«»]", "", text)  # « » are quotes, never feet or inches (wip/fuzzK)
    text = re.sub(r"\s+(?i:please|quickly)\s*$", "", text)
    text = re.sub(r"(?<![0-9] )(?<=[\s，。、,.;:])['\"](?=[^\W_]|[$€])", "", text)  # a stray quote before a word or a number (after a number: feet)
    return re.sub(r"^[\s.,;:!?。，、？！'\"]+", "", text)


# "n": a whole number, also written with one trailing ".0" ("48.0", "3.0 times": the same number; the
# fuzzer's number_format edit, wip/fuzzC)
# fuzzer's number_format edit, wip/fuzzC); "n" and "d" also with English thousands groups ("$1,019" is
# 1019: read so only in an English template, _word_problem)
# wip/fuzzK: "w", a whole number in digits or one of the oracle's own English number words (the
# composed number sentences read "Nine more than four times a number is 61": wip/linU)
_EN_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_WORD_NUMBER_W = (r"(?:(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|[1-9][0-9]*)(?:\.00?)?|(?i:"
                  + "|".join(sorted(_EN_NUMBER_WORDS, key=len, reverse=True)) + r")(?![\w-]))")
_WORD_NUMBER = {"n": r"(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|0|[1-9][0-9]*)(?:\.00?)?",  # "48.00" too (wip/fuzzK)
                "d": r"(?:[1-9][0-9]{0,2}(?:,[0-9]{3})+|0|[1-9][0-9]*)(?:\.[0-9]+)?", "e": r"(?:0|[1-9][0-9]*)(?:,[0-9]+)?", "w": _WORD_NUMBER_W,
                # wip/fuzzQ: "z", a "w" or the digit 0: an added or taken constant of a number sentence ("If 0 more than
                # twice a number is 17": 2x + 0 = 17, the number 17/2); never a factor (_word_problem_once)
                "z": r"(?:0|" + _WORD_NUMBER_W + ")"}


@dataclass(frozen=True)
class WordTemplate:
    name: str
    lang: str
    pattern: str
    equation: str  # e.g. "{b}*X + {a} = {c}"
    roles: tuple[tuple[str, tuple[str, ...]], ...] = ()
    check: Callable[[dict[str, str]], bool] | None = None

    @property
    def regex(self) -> re.Pattern[str]:
        cached = _COMPILED.get("word:" + self.pattern)
        if cached is None:
            roles = dict(self.roles)
            parts, pos, seen, strip = [], 0, set(), False
            for m in _WORD_SLOT.finditer(self.pattern):
                literal = self.pattern[pos : m.start()]
                parts.append(_lit_word(literal.lstrip() if strip else literal, last=False, lang=self.lang))
                pos, strip = m.end(), False
                if m.group(1) == "H":  # a possessive: may be left out at any mention, the ones written agree
                    words = "|".join(re.escape(w) for w in sorted(roles["H"], key=len, reverse=True))
                    parts.append(f"(?:(?P<H{len(parts)}>(?i:{words}))\\s+)?")
                    strip = True  # the space after it goes with it
                    continue
                if m.group() in ("<<", ">>", "[[", "]]"):  # the asked words; an optional word
                    parts.append({"<<": "(?P<ask>", ">>": ")", "[[": "(?:", "]]": ")?"}[m.group()])
                    continue
                name, typ = m.group(1), m.group(2)
                if name in seen:
                    parts.append(f"(?P={name})" if name == "u" else f"(?i:(?P={name}))")  # a role in any case, a letter exactly
                    continue
                seen.add(name)
                if typ:
                    parts.append(f"(?P<{name}>{_WORD_NUMBER[typ]})")
                elif name == "u":
                    parts.append("(?P<u>[A-Za-z])")
                elif name == "N":  # a person's name: one capitalised word
                    parts.append("(?P<N>[A-Z\u00c0-\u00dd\u0410-\u042f\u0401][A-Za-z\u00c0-\u00ff\u0410-\u044f\u0401\u0451]+)")
                else:
                    words = sorted(roles[name], key=len, reverse=True)
                    parts.append(f"(?P<{name}>(?i:" + "|".join(re.escape(w) for w in words) + "))")
            parts.append(_lit_word(self.pattern[pos:], last=True, lang=self.lang))
            cached = re.compile("".join(parts), re.DOTALL)
            _COMPILED["word:" + self.pattern] = cached
        return cached

    def fill(self, **values: Any) -> str:
        return _WORD_SLOT.sub(lambda m: str(values[m.group(1)]) if m.group(1) else "", self.pattern)

    def numbers(self) -> list[str]:
        return [m.group(1) for m in _WORD_SLOT.finditer(self.pattern) if m.group(2)]


def _bill_ok(f: dict[str, str]) -> bool:
    owners = BILL_OF.get(f["B"].lower(), ())
    return "*" in owners or f["S"].lower() in owners


def _same_gender(*slots: str) -> Callable[[dict[str, str]], bool]:
    """The slots written agree in gender (an optional slot left out says nothing: pt "Quantos anos tem filha?")."""
    def check(f: dict[str, str]) -> bool:
        genders = {GENDER.get(f[s].lower(), "?") for s in slots if s in f}
        return len(genders) == 1 and "?" not in genders
    return check


_PRONOUNS_EN = ("he", "she")
_PERSONS_EN = ("I", "we", "you", "they", "he", "she")  # wip/fuzzK: a buyer; "I" and "we" are one first person (W25)
_FIRST_PERSONS_EN = ("I", "we")  # wip/fuzzQ: "My trip cost $19. How many miles did We travel?" (any case: a role word)
_SIGNED_ANSWERS = ("number_composed", "number_composed_less", "think_of", "number_less", "number_more", "number_more_once")


def _one_buyer(f: dict[str, str]) -> bool:
    first = {"i", "we"}
    b, c = f["B"].lower(), f["C"].lower()
    return b == c or {b, c} <= first

_POSSESSIVES_EN = ("his", "her", "the")  # "the sister" is his sister: one relative
WORD_TEMPLATES = [
    # fee + rate x count = total, the count named by its letter or asked in words
    WordTemplate("taxi_let", "en", "A {S} charges a ${a:d} base fare plus ${b:d} per mile. The {B} cost ${c:d}. "
                 "Let {u} be the number of miles. Set up an equation and solve for {u}.", "{b}*X + {a} = {c}",
                 (("S", SUBJECTS_EN), ("B", tuple(BILL_OF))), _bill_ok),
    WordTemplate("cab_words", "en", "A {S} charges a ${a:d} flat fee plus ${b:d} per mile. My {B} cost ${c:d}. "
                 "How many <<miles>> did {C} travel?", "{b}*X + {a} = {c}",
                 (("S", SUBJECTS_EN), ("B", tuple(BILL_OF)), ("C", _FIRST_PERSONS_EN)), _bill_ok),  # "My trip ... did we": W25
    WordTemplate("hours_words", "en", "A {S} charges a ${a:d} call-out fee plus ${b:d} per hour. The {B} was ${c:d}. "
                 "How many <<hours>> did {P} work?", "{b}*X + {a} = {c}",
                 (("S", SUBJECTS_EN), ("B", tuple(BILL_OF)), ("P", _PRONOUNS_EN)), _bill_ok),
    # ages: k times as old, a sum or a difference, the relative asked
    WordTemplate("ages_sum", "en", "{N} is {k:w} times as old as {H} {R}. [[Together ]]their ages add up to {c:n}. "
                 "How old is <<the {R}>>?", "X + {k}*X = {c}",
                 (("N", ("Ravi", "Lena", "Omar")), ("H", _POSSESSIVES_EN), ("R", RELATIVES_EN))),
    WordTemplate("ages_older", "en", "{N} is {k:w} times as old as {H} {R}. {N} is {d:n} years older than {H} {R}. "
                 "How old is <<the {R}>>?", "{k}*X - X = {d}",
                 (("N", ("Ravi", "Lena", "Omar")), ("H", _POSSESSIVES_EN), ("R", RELATIVES_EN))),
    # a rectangle: the perimeter and one side given, the other asked
    WordTemplate("rectangle", "en", "A rectangle has a perimeter of {p:n} cm and a {G} of {w:n} cm. What is its <<{A}>>?",
                 "2*({w} + X) = {p}", (("G", SIDES_EN), ("A", SIDES_EN)), lambda f: f["G"].lower() != f["A"].lower()),
    # number sentences
    WordTemplate("number_less", "en", "If {d:z} less than {k:w} times a number is {c:n}, what [[number ]]is <<the number>>?",
                 "{k}*X - {d} = {c}"),
    WordTemplate("number_more", "en", "If {d:z} more than twice a number is {c:n}, what [[number ]]is <<the number>>?",
                 "2*X + {d} = {c}"),
    # wip/fuzzQ: "twice" left out (nightly seed 4's word_delete, served "The number: x = 14"): one times the number
    WordTemplate("number_more_once", "en", "If {d:z} more than a number is {c:n}, what [[number ]]is <<the number>>?",
                 "X + {d} = {c}"),
    # issue 33's other languages
    WordTemplate("gym_es", "es", "Un gimnasio cobra {a:n} € de inscripción y {b:n} € al mes. Si en total he pagado {c:n} €, "
                 "¿cuántos <<meses>> llevo inscrita?", "{b}*X + {a} = {c}"),
    WordTemplate("ages_es", "es", "{N} tiene {k:n} veces la edad de [[su ]]{R} y tiene {d:n} años más que {P}. "
                 "¿Cuántos años tiene <<su {R}>>?", "{k}*X - X = {d}",
                 (("R", RELATIVES_ES), ("P", ("él", "ella"))), _same_gender("R", "P")),
    WordTemplate("ages_fr", "fr", "{N} a {k:n} fois l'âge de {H} {R}. À eux deux, ils ont {c:n}[[ ans]]. Quel âge a <<{H} {R}>> ?",
                 "X + {k}*X = {c}", (("H", ("son", "sa")), ("R", RELATIVES_FR))),
    WordTemplate("phone_fr", "fr", "Un forfait [[téléphonique ]]coûte {a:n} € par mois plus {b:e} € par minute. "
                 "La facture du mois est de {c:n} €. Combien de <<minutes>>[[ {u}]] ont été utilisées ?", "{b}*X + {a} = {c}"),
    WordTemplate("hours_de", "de", "Ein {S} berechnet {a:n} € Anfahrt und {b:n} € pro Stunde. Die Rechnung beträgt {c:n} €. "
                 "Wie viele <<Stunden>> hat {P} gearbeitet?", "{b}*X + {a} = {c}", (("S", SUBJECTS_DE), ("P", ("er", "sie")))),
    WordTemplate("rectangle_de", "de", "Ein Rechteck hat einen Umfang von {p:n} cm und ist {w:n} cm lang. Wie <<breit>> ist es?",
                 "2*({w} + X) = {p}"),
    WordTemplate("ages_it", "it", "{N} ha {k:n} volte l'età di {H} {R} e ha {d:n} anni più di {P}. Quanti anni ha <<{T} {R}>>?",
                 "{k}*X - X = {d}", (("N", ("Marco", "Anna")), ("H", ("suo", "sua")), ("R", RELATIVES_IT),
                                     ("P", ("lui", "lei")), ("T", ("il", "la"))), _same_gender("R", "P", "T")),
    WordTemplate("taxi_pt", "pt", "Um táxi cobra R$ {a:n} de bandeirada mais R$ {b:e} por quilômetro. A corrida deu R$ {c:n}. "
                 "Quantos <<quilômetros>>[[ foram]]?", "{b}*X + {a} = {c}"),
    WordTemplate("ages_pt", "pt", "{N} tem {k:n} vezes a idade {H} {R} e tem {d:n} anos a mais que {P}. Quantos anos tem <<[[{T} ]]{R}>>?",
                 "{k}*X - X = {d}", (("H", ("da", "do")), ("R", RELATIVES_PT), ("P", ("ele", "ela")), ("T", ("a", "o"))),
                 _same_gender("R", "P", "T")),
    WordTemplate("rectangle_ru", "ru", "Периметр прямоугольника {p:n} см, ширина {w:n} см. Найдите <<длину>>.", "2*({w} + X) = {p}"),
    WordTemplate("ages_ru", "ru", "{N} в {k:n} раза старше {R}. Вместе им {c:n}[[ лет]]. Сколько лет <<{D}>>?", "X + {k}*X = {c}",
                 (("R", RELATIVES_RU_GEN), ("D", tuple(RU_DATIVE.values()))),
                 lambda f: RU_DATIVE.get(f["R"].lower()) == f["D"].lower()),
    WordTemplate("taxi_zh_swapped", "zh", "之后每公里 {b:n} 元，出租车起步价 {a:n} 元，我一共付了 {c:n} 元，走了多少<<公里>>？",
                 "{b}*X + {a} = {c}"),
    WordTemplate("taxi_zh", "zh", "出租车起步价 {a:n} 元，之后每公里 {b:n} 元，我一共付了 {c:n} 元，走了多少<<公里>>？", "{b}*X + {a} = {c}"),
    WordTemplate("ages_ja", "ja", "{Q}の年齢は{R}の年齢の{k:n}倍で、二人の年齢の合計は{c:n}歳です。<<{R}>>は何歳ですか？", "X + {k}*X = {c}",
                 (("Q", PARENTS_JA), ("R", RELATIVES_JA))),
    # its two clauses in the other order (a word swap of the fuzzer's: one fact each, the same story)
    WordTemplate("ages_ja_swapped", "ja", "二人の年齢の合計は{c:n}歳です、{Q}の年齢は{R}の年齢の{k:n}倍で。<<{R}>>は何歳ですか？",
                 "X + {k}*X = {c}", (("Q", PARENTS_JA), ("R", RELATIVES_JA))),
    # wip/fuzzK: the newest reach (wip/linS, wip/linU), English: "a number" composed in the order the words
    # say, a number thought of and its steps, a cart of parts, a rectangle's sides compared or told apart; a
    # number of a sentence may be negative or zero (_SIGNED_ANSWERS), a count, a price or a side may not
    WordTemplate("number_composed", "en", "{d:w} more than {k:w} times a number is {c:n}. What is <<the number>>?",
                 "{k}*X + {d} = {c}"),
    WordTemplate("number_composed_less", "en", "{d:w} less than {k:w} times a number is {c:n}. What is <<the number>>?",
                 "{k}*X - {d} = {c}"),
    WordTemplate("think_of", "en", "I think of a number, multiply it by {k:w} and add {d:w}; {P} get {c:n}. What is <<the number>>?",
                 "{k}*X + {d} = {c}", (("P", ("I", "we", "you")),)),
    WordTemplate("cart_price", "en", "{B} bought {n:w} muffins and a ${p:n} coffee and paid ${c:n} in total. "
                 "What does one <<muffin>> cost?", "{n}*X + {p} = {c}", (("B", _PERSONS_EN),)),
    WordTemplate("cart_count", "en", "{B} bought some notebooks at ${b:n} each and one ${a:n} pen, [[and ]]paid ${c:n} in total. "
                 "How many notebooks did {C} buy?", "{b}*X + {a} = {c}", (("B", _PERSONS_EN), ("C", _PERSONS_EN)), _one_buyer),
    WordTemplate("rect_longer", "en", "A rectangle is {d:n} cm longer than it is wide and its perimeter is {p:n} cm. "
                 "Find the <<{A}>> in cm.", "2*(X + X + {d}) = {p}", (("A", SIDES_EN),), lambda f: f["A"].lower() == "width"),
    WordTemplate("rect_longer_length", "en", "A rectangle is {d:n} cm longer than it is wide and its perimeter is {p:n} cm. "
                 "Find the <<{A}>> in cm.", "2*(X + X - {d}) = {p}", (("A", SIDES_EN),), lambda f: f["A"].lower() == "length"),
    WordTemplate("rect_twice", "en", "The {G} of a rectangle is twice its {M} and its perimeter is {p:n} cm. "
                 "What is its <<{A}>>?", "2*(X + 2*X) = {p}", (("G", SIDES_EN), ("M", SIDES_EN), ("A", SIDES_EN)),
                 lambda f: f["G"].lower() != f["M"].lower() and f["A"].lower() == f["M"].lower()),
    WordTemplate("rect_twice_double", "en", "The {G} of a rectangle is twice its {M} and its perimeter is {p:n} cm. "
                 "What is its <<{A}>>?", "2*(X + X/2) = {p}", (("G", SIDES_EN), ("M", SIDES_EN), ("A", SIDES_EN)),
                 lambda f: f["G"].lower() != f["M"].lower() and f["A"].lower() == f["G"].lower()),
    WordTemplate("rect_told", "en", "The perimeter of a rectangle is {p:n} cm. Its {G} is {w:n} cm. What is its <<{A}>>?",
                 "2*({w} + X) = {p}", (("G", SIDES_EN), ("A", SIDES_EN)), lambda f: f["G"].lower() != f["A"].lower()),
]


def _word_problem(text: str) -> MathProblem | None:
    """A story of :func:`_word_problem_once`, or its sentences in another order (wip/fuzzK's clause_move:
    each sentence of these stories states one fact or asks, so their order changes nothing): the sentences
    are cut after ".", "?" or "!" before a space, a capital or the end (never the point of "2.50")."""
    found = _word_problem_once(text)
    if found is not None:
        return found
    sentences = [x.strip() for x in re.split(r"(?<=[?!。？！])|(?<=\.)(?=\s|$|[^\W\d_])", text.strip()) if x.strip()]
    if not 2 <= len(sentences) <= 5:
        return None
    for order in itertools.permutations(sentences):
        if list(order) != sentences:
            found = _word_problem_once(" ".join(order))
            if found is not None:
                return found
    return None


# wip/fuzzQ (synonym_swap): another unit of length written at EVERY mention of the English rectangles' "cm" (after a
# number or "in"): the sides and the perimeter in one unit, the side asked as a number (the answer names no unit)
_LENGTH_UNITS = ("mm", "m", "km", "inches", "feet", "ft", "yards", "metres", "meters", "centimeters", "miles")


def _in_cm(text: str) -> str | None:
    if re.search(r"(?<![\w-])cm(?![\w-])", text):
        return None
    for unit in _LENGTH_UNITS:
        every = len(re.findall(rf"(?<![\w-]){unit}(?![\w-])", text))
        placed = len(re.findall(rf"(?:(?<=[0-9] )|(?<=\bin )){unit}(?![\w-])", text))
        if every >= 1 and every == placed:
            return re.sub(rf"(?<![\w-]){unit}(?![\w-])", "cm", text)
    return None


# wip/fuzz0: the English stories' phrases the oracle reads as its templates' own: a fee "and" a rate is the fee "plus" the
# rate (seed 1's word_replace), "solve the equation for n" / "solve equation for n" is "solve for n" (seed 0's word_insert),
# "think of a number, ..., I get 25" the story of "I think of a number, ..." (--new-kinds word_delete); wip/fuzzG: "and and"
_WORD_SAME_EN = ((re.compile(r"(?P<w> (?i:fee|fare)) (?i:and)(?= \$[0-9])"), r"\g<w> plus"),
                 (re.compile(r"^(?i:think of a number,)(?= )"), "I think of a number,"),  # the imperative: "I" left out
                 (re.compile(r"(?<=(?i:solve)) (?:(?i:the) )?(?i:equation)(?= (?i:for) [A-Za-z][.?!]?$)"), ""),
                 # wip/fuzzG (seed 1 --new-kinds word_insert): "an equation and and solve": the "and" written twice
                 (re.compile(r"(?<= (?i:equation)) (?i:and)(?= (?i:and) (?i:solve) (?i:for) [A-Za-z][.?!]?$)"), ""))


def _word_same(text: str) -> str | None:
    """``text`` with the phrases of :data:`_WORD_SAME_EN` written as the templates write them, or None when none is."""
    out = text
    for pattern, written in _WORD_SAME_EN:
        out = pattern.sub(written, out)
    return out if out != text else None


def _word_matches(text: str) -> Iterator[tuple[WordTemplate, re.Match[str]]]:
    """The templates a story's text matches, as written or (wip/fuzzQ) with its first letter capitalised: the
    case of a prompt's first letter says nothing ("отец в 3 раза старше сына ..." is "Отец ...")."""
    forms = [text] + ([text[:1].upper() + text[1:]] if text[:1].islower() else [])
    forms += [f for f in (_word_same(x) for x in list(forms)) if f is not None]
    forms += [f for f in (_in_cm(x) for x in list(forms)) if f is not None]
    for t in WORD_TEMPLATES:
        for form in forms:
            m = t.regex.fullmatch(form)
            if m is not None:
                yield t, m
                break


def _word_problem_once(text: str) -> MathProblem | None:
    """A prompt of one :data:`WORD_TEMPLATES` template whose roles agree (every mention the same,
    ``check``): the equation the story states, solved; the unknown named by the prompt's letter,
    else ``x`` with the asked words as the answer's label."""
    form = _word_form(text)
    if form is None:
        return None
    for t, m in _word_matches(form):
        fields = {k: v for k, v in m.groupdict().items() if v is not None}
        if "k" in fields and str(_EN_NUMBER_WORDS.get(fields["k"].lower(), fields["k"])) == "0":
            return None  # "zero times as old": no story of two people (wip/fuzzQ)
        possessives = {v.lower() for k, v in fields.items() if re.fullmatch(r"H[0-9]+", k)} - {"the"}
        if len(possessives) > 1:
            return None  # "his nephew ... her nephew": two people's relatives
        if t.check is not None and not t.check(fields):
            continue  # another template of the same words may hold (wip/fuzzK: "Find the length" beside "the width")
        var = fields.get("u", "x")
        types = {m.group(1): m.group(2) for m in _WORD_SLOT.finditer(t.pattern) if m.group(2)}
        if t.lang != "en" and any(types.get(k) in ("n", "d") and "," in v for k, v in fields.items()):
            return None  # "1,004" outside English: a thousands group or a decimal comma (W22)
        # an English number's commas group thousands; elsewhere a comma is the decimal mark
        mark = "" if t.lang == "en" else "."
        equation = re.sub(r"\{(\w+)\}", lambda s: str(_EN_NUMBER_WORDS.get(fields[s.group(1)].lower(), fields[s.group(1)]))
                          .replace(",", mark), t.equation)
        try:
            eq = parse_equation(equation.replace("X", var))
        except ParseError:
            return None
        solution = solve([eq])
        signed = t.name in _SIGNED_ANSWERS  # "If 17 more than twice a number is 3": the number is -7 (wip/fuzzK)
        if solution is None or set(solution) != {var} or (solution[var] < 0 and not signed):
            return None  # a count is not negative
        if solution[var] == 0 and not t.equation.startswith("{b}*X + {a}") and not signed:
            return None  # an age, a side or a number of a sentence the engine reads is positive
        ask = None if "u" in fields else fields.get("ask")  # a letter named: it names the answer
        ask = None if ask is None else re.sub(r"\s+", "" if t.lang in ("zh", "ja") else " ", ask.strip())
        label = "" if ask is None else ask[:1].upper() + ask[1:]
        return MathProblem(Template(t.pattern, "math", t.lang), (eq,), (equation.replace("X", var),), (var,), solution,
                           label=label)
    return None


# --------------------------------------------------------------------------- the oracle's grammars
_WORD = re.compile(r"[A-Za-z]+")
_GRAMMAR_MATH = Template("<the oracle's English math grammar>", "math", "en")
_MATH_WORDS = frozenset(
    w.lower()
    for t in MATH_TEMPLATES
    if t.lang in ("en", "system") and not t.pattern.startswith("R")
    for w in _WORD.findall(_SLOT.sub(" ", t.pattern))
) | frozenset(w.lower() for s in (*MATH_SYSTEMS, "You are a helpful assistant.") for w in _WORD.findall(s)) | {"please", "quickly"}  # "quickly": how, never what, is asked
_FRENCH_SOLVE = re.compile(r"(?<![\w'])r\u00e9sous l'\u00e9quation(?![\w'])", re.IGNORECASE)
# The words of the oracle's own French, Russian, Chinese, Spanish, German, Portuguese, Italian and
# Japanese templates, each read as the English
# word of the grammar it stands for (a sentence mark of the script as its ASCII mark): a prompt in
# those words, in any order, is read by the English grammar below.
_FOREIGN_WORDS = {
    "r\u00e9sous l'\u00e9quation": " solve ", "r\u00e9sous le syst\u00e8me": " solve the system ", "trouve": " find ",
    "tel que": " if ", "et": " and ",
    "\u0440\u0435\u0448\u0438\u0442\u0435 \u0443\u0440\u0430\u0432\u043d\u0435\u043d\u0438\u0435": " solve ",
    "\u043d\u0430\u0439\u0434\u0438\u0442\u0435": " find ", "\u0435\u0441\u043b\u0438": " if ", "\u0438": " and ",
    "resuelve la ecuaci\u00f3n": " solve ", "halla": " find ", "si": " if ",
    "l\u00f6se die gleichung": " solve ", "bestimme": " find ", "wenn": " if ",
    "resolva a equa\u00e7\u00e3o": " solve ", "risolvi l'equazione": " solve ",
    # the same templates' words one by one (a word of them deleted or moved keeps the others)
    "r\u00e9sous": " solve ", "l'\u00e9quation": " the equation ", "le": " the ", "syst\u00e8me": " system ",
    "\u0440\u0435\u0448\u0438\u0442\u0435": " solve ", "\u0443\u0440\u0430\u0432\u043d\u0435\u043d\u0438\u0435": " equation ",
    "resuelve": " solve ", "la": " the ", "ecuaci\u00f3n": " equation ", "l\u00f6se": " solve ", "die": " the ",
    "gleichung": " equation ", "resolva": " solve ", "equa\u00e7\u00e3o": " equation ", "risolvi": " solve ",
    "l'equazione": " the equation ",
    "l'": " the ", "equazione": " equation ", "équation": " equation ",
    # the context templates (issue 33, languages): a context sentence states nothing about the
    # problem, so its words are read as none; a negation only inside its whole phrase
    "me atasqué con este ejercicio": " ", "me": " ", "atasqué": " ", "con": " ", "este": " ", "ejercicio": " ",
    "cuánto vale": " what is ", "cuánto": " what ", "vale": " is ",
    "je bloque sur cet exercice": " ", "je": " ", "bloque": " ", "sur": " ", "cet": " ", "exercice": " ",
    "combien vaut": " what is ", "combien": " what ", "vaut": " is ",
    "ich komme bei dieser aufgabe nicht weiter": " ", "komme bei dieser aufgabe nicht weiter": " ", "ich": " ",
    "komme": " ", "bei": " ", "dieser": " ", "aufgabe": " ", "weiter": " ", "was ist": " what is ", "was": " what ",
    "ist": " is ", "also": " ",  # wip/fuzz0: de "also" ("so, ...") before the context sentence asks nothing
    "estou com dúvida nesta questão": " ", "estou": " ", "com": " ", "dúvida": " ", "nesta": " ", "questão": " ",
    "qual é o valor de": " what is the value of ", "qual": " what ", "é": " is ", "o": " the ", "valor": " value ",
    "de": " of ",
    "sto facendo i compiti e sono bloccato su questo": " ", "sto": " ", "facendo": " ", "i": " ", "compiti": " ",
    "e": " and ", "sono": " ", "bloccato": " ", "su": " ", "questo": " ", "quanto vale": " what is ", "quanto": " what ",
    "застрял на этом примере": " ", "застрял": " ", "на": " ", "этом": " ", "примере": " ",
    "чему равен": " what is ", "чему": " what ", "равен": " is ",
}
_CHINESE_WORDS = {"\u65b9\u7a0b\u5f0f": " equation ", "\u3092\u89e3\u3044\u3066\u304f\u3060\u3055\u3044": " solve ",
                  "\u306e\u3068\u304d": " if ", "\u306e\u5024\u3092\u6c42\u3081\u3088": " value find ", "\u3001": ", ",
                  "\u6c42\u89e3\u65b9\u7a0b": " solve ", "\u89e3\u65b9\u7a0b": " solve ", "\u89e3": " solve ",
                  "\u65b9\u7a0b": " equation ", "\u6c42": " find ", "\u4e2d\u7684": " for ", "\uff0c": ", ", "\u3002": ". ",
                  # the context templates (issue 33, languages) and their marks; quotes are transparent
                  "我在做数学作业": " ", "这道题卡住了": " ", "等于多少": " what is ", "この問題が解けません": " ",
                  "はいくつですか": " what is ", "：": ": ", "？": "? ", "«": " ", "»": " ", "“": " ", "”": " ", "¿": " ", "¡": " ", "！": ". ",
                  "の値": " value ", "を求めよ": " find "}
_FOREIGN = re.compile(
    r"(?<![^\W\d_])(?:" + "|".join(sorted((re.escape(w) for w in _FOREIGN_WORDS), key=len, reverse=True))
    + r")(?![^\W\d_])", re.IGNORECASE)
_CJK_SPACE = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff])\s+(?=[\u3040-\u30ff\u4e00-\u9fff])")
_CHINESE = re.compile("|".join(sorted((re.escape(w) for w in _CHINESE_WORDS), key=len, reverse=True)))


def _in_english(text: str) -> str:
    """A prompt in the words of the oracle's French, Russian or Chinese templates, in English words."""
    text = _CJK_SPACE.sub("", text.replace("\u2019", "'"))  # spaces between kana or ideographs say nothing
    text = _EMPHASIS.sub(". ", text)  # "questo! 9 - 2x = 1": a word's "!" ends its sentence (the reader's too)
    text = _FOREIGN.sub(lambda m: _FOREIGN_WORDS[m.group().lower()], text)
    return _CHINESE.sub(lambda m: _CHINESE_WORDS[m.group()], text)
_EMPHASIS = re.compile(r"(?<=[^\W\d_]{2}) ?!")  # never after a number or a one-letter name: a factorial
_PROSE_MARKS = frozenset(" \t\n.,:;?'\"()")  # no "!": a factorial after a number, an emphasis elsewhere
_EQUATION_RUN = re.compile(r"(?:[0-9().+\-*/=]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[ \t])+")


def _runs(text: str) -> list[tuple[str, int]]:
    """Candidate equation runs and where they start, split at a sentence's period (a "." before a
    space or the end)."""
    out = []
    for m in _EQUATION_RUN.finditer(text):
        pos = m.start()
        for piece in re.split(r"(?<=\.)(?=\s|$)", m.group()):
            out.append((piece, pos))
            pos += len(piece)
    return out


def _neutral_system(content: str) -> bool:
    """A system message in the oracle's math grammar ("You are a helpful assistant.")."""
    text = math_form(content)
    return (
        text.isascii()
        and all(c in _PROSE_MARKS or c.isalpha() for c in text)
        and all(w.lower() in _MATH_WORDS or len(w) == 1 for w in _WORD.findall(text))
    )


def _grammar_math(text: str) -> MathProblem | None:
    """An English math prompt in the oracle's closed grammar: its equations (parsed here), words
    from :data:`_MATH_WORDS`, one-letter words that name unknowns (the asked ones; none: all)."""
    text = _in_english(text)  # the oracle's own French, Russian and Chinese words (runs end at them)
    if not text.isascii():
        return None
    equations, texts, rest, pos = [], [], [], 0
    for piece, at in _runs(text):
        run = piece.rstrip()
        end = at + len(run.rstrip("."))  # a sentence's period(s), not a decimal point
        start = at
        lead = re.match(r"\s*\.(?=\s)", run)  # a period closing the sentence before, not ".5"
        if lead:
            start += lead.end()
        run = text[start:end]
        if "=" not in run:
            continue
        try:
            equations.append(parse_equation(run))
        except ParseError:
            return None
        texts.append(run.strip())
        rest.append(text[pos:start])
        pos = end
    rest.append(text[pos:])
    if not equations:
        return None
    # an equation written twice ("9 - 2x = 1 Find x if 9 - 2x = 1.") states it once
    once = {re.sub(r"\s+", "", t): (t, eq) for t, eq in zip(texts, equations)}
    texts, equations = [t for t, _ in once.values()], [eq for _, eq in once.values()]
    solution = solve(equations)
    if solution is None:
        return None
    named: list[str] = []
    remainder = " ".join(rest)
    for word in _WORD.findall(remainder):
        if len(word) == 1 and word in solution:
            named.append(word)
        elif word.lower() not in _MATH_WORDS:
            return None
    if any(c not in _PROSE_MARKS and not c.isalpha() for c in remainder):
        return None
    asked = tuple(dict.fromkeys(named)) or tuple(sorted(solution))
    return MathProblem(_GRAMMAR_MATH, tuple(equations), tuple(texts), asked, solution)


_STATED_STRING = r'"(?P<v>[^"\\\x00-\x08\x0a-\x1f\x7f]*)"'
_STATED_NUMBER = r"(?P<v>-?(?:0|[1-9][0-9]*))(?=\s*[.,;:]|\s+and\b|\s*$)"


# the request verbs an English JSON request may open with (each asks for the object, none changes it)
_EN_VERBS = frozenset("return give make produce output print build create generate write send provide emit".split())
_JSON_WORDS = frozenset(
    w.lower() for t in JSON_TEMPLATES for w in _WORD.findall(_SLOT.sub(lambda m: m.group(3) or " ", t.pattern))
) | {"please"} | _EN_VERBS


# "a JSON object", "an object", "another record": a mention that may ask for one more object ("the
# JSON object" names the one asked for)
_NEW_OBJECT = re.compile(r"(?i)\b(?:a|an|one|another)\s+(?:json\s+)?(?:object|record|document|dict|dictionary|entry|json)\b")


def _more_words_than(text: str, t: Template) -> bool:
    """``text`` asks for an object more often than the template (other words repeated change no
    request of these templates)."""
    return len(_NEW_OBJECT.findall(text)) > len(_NEW_OBJECT.findall(_SLOT.sub(lambda m: m.group(3) or " ", t.pattern)))


def _grammar_json(text: str) -> JsonProblem | None:
    """A JSON prompt that keeps one stated template's statements (``key "value"``, ``key 34``),
    lists some of its keys after "keys", and otherwise only words of the stated JSON templates
    and punctuation: the object is the listed keys' stated values."""
    for t in JSON_TEMPLATES:
        fields = t.fields()
        if not fields or any(not re.search(rf"\b{name}\s+[{{\"]", t.pattern) for name, _ in fields):
            continue  # a value not introduced by its key word ("named Alice") is no statement
        obj: dict[str, Any] = {}
        blanked = text
        for name, typ in fields:
            # the separators the JSON task reads between a key and its value (README: `age: 30`,
            # `city is "Rome"`, `city = "Rome"`), each optional
            pattern = rf"(?<![A-Za-z_]){name}\s*(?:[:=]|\bis\b)?\s*" + (_STATED_STRING if typ == "s" else _STATED_NUMBER)
            found = list(re.finditer(pattern, blanked))
            if not found and typ == "n":  # wip/fuzz0: "34 age", a number written before its key word (word_swap)
                found = list(re.finditer(rf"(?<![\w.-])(?P<v>-?(?:0|[1-9][0-9]*)) {name}(?=[.,;]|\s+and\b)", blanked))
            if len(found) != 1:
                break
            m = found[0]
            obj[name] = m.group("v") if typ == "s" else int(m.group("v"))
            blanked = blanked[: m.start()] + " " + blanked[m.end() :]
        else:
            if not blanked.isascii() or any(w.lower() not in _JSON_WORDS for w in _WORD.findall(blanked)):
                continue
            if _more_words_than(blanked, t):
                continue  # a template's word twice ("a JSON object and a JSON object"): another request
            if any(c not in _PROSE_MARKS and c != "`" and not c.isalpha() for c in blanked):
                continue
            head, sep, listing = blanked.partition("keys")
            if not sep and "with keys" in t.pattern:  # wip/fuzz0: "with city and country: ...", the word "keys" of
                head, sep, listing = "", "with", blanked.partition(" with ")[2]  # "with keys" left out (word_delete)
            if not sep or re.search(r"[A-Za-z]$", head):
                continue  # the key list needs its own word ("Requiredkeys" is none)
            listed: list[str] = []
            for word in _WORD.findall(listing):  # the keys named after "keys", up to the first other word
                if word in t.keys():
                    listed.append(word)
                elif word != "and":
                    break
            if not listed or len(set(listed)) != len(listed):
                continue
            return JsonProblem(t, {k: obj[k] for k in listed}, stated=True)
    return None


_N = r"(?:0|[1-9][0-9]*)"
# Where each :data:`JSON_LANG_TEMPLATES` template states its values, by its own words (one regex a
# field, each to match once): the oracle's reading, written apart from the engine's grammar.
_LANG_STATEMENTS: dict[str, dict[str, str]] = {
    "en": {"name": r"(?i:my\s+name\s+is)\s+(?P<v>[A-Za-z]+)\b", "age": rf"(?i:my\s+age\s+(?:is\s+)?)(?P<v>{_N})\b"},
    "es": {"nombre": r"(?i:me\s+llamo)\s+(?P<v>[A-Za-z]+)\b", "edad": rf"\b(?P<v>{_N})\s+años\b",
           "ciudad": r"\b(?i:ciudad)\s*:?\s*(?P<v>[A-Za-z]+)\b", "habitantes": rf"\b(?i:habitantes)\s*:?\s*(?P<v>{_N})\b"},
    "fr": {"prenom": r"\b(?P<v>[A-Za-z]+)\s+a\s+\d", "age": rf"\ba\s+(?P<v>{_N})\s+ans\b"},
    "de": {"stadt": r"\b(?i:stadt)\s+(?P<v>[A-Za-z]+)\b", "einwohner": rf"\b(?i:einwohner)\s+(?P<v>{_N})\b"},
    "pt": {"nome": r"(?i:me\s+chamo)\s+(?P<v>[A-Za-z]+)\b", "idade": rf"\b(?P<v>{_N})\s+anos\b"},
    "it": {"nome": r"\b(?P<v>[A-Za-z]+)\s+ha\s+\d", "eta": rf"\bha\s+(?P<v>{_N})\s+anni\b"},
    "ru": {"имя": r"(?i:меня\s+зовут)\s+(?P<v>[\u0410-\u044f\u0401\u0451]+)(?![\w])", "возраст": rf"(?<!\w)(?P<v>{_N})\s+лет(?!\w)"},
    "zh": {"姓名": r"我叫(?P<v>[\u4e00-\u9fff]{2,3}?)(?=[，,。！]|$)", "年龄": rf"(?<![0-9])(?P<v>{_N})\s*岁"},
}


_LANG_WORD = re.compile(r"[A-Za-z]+|[^\W\dA-Za-z_]+|\d+")  # "JSON包含" is two words


def _grammar_json_langs(text: str) -> JsonProblem | None:
    """A prompt of one :data:`JSON_LANG_TEMPLATES` template, edges stripped, whose statements
    (:data:`_LANG_STATEMENTS`) stand once each (or repeated alike), whose quoted keys stand once
    each, and otherwise only its own words (JSON among them; a "JSON" again asks for the same
    object) and punctuation."""
    text = text.strip()
    for t in JSON_LANG_TEMPLATES:
        obj: dict[str, Any] = {}
        blanked = text
        for name, typ in t.fields():
            found = list(re.finditer(_LANG_STATEMENTS[t.lang][name], blanked))
            if len({m.group("v") for m in found}) != 1:
                break  # not stated, or stated as two values (a repeat is one)
            obj[name] = int(found[0].group("v")) if typ == "n" else found[0].group("v")
            for m in reversed(found):
                blanked = blanked[: m.start("v")] + " " + blanked[m.end("v") :]
        else:
            if any(blanked.count(f'"{key}"') != 1 for key in t.keys()):
                continue
            for key in t.keys():
                blanked = blanked.replace(f'"{key}"', " ")
            own = {w.lower() for w in _LANG_WORD.findall(_SLOT.sub(" ", t.pattern))}
            words = [w.lower() for w in _LANG_WORD.findall(blanked)]
            marks = set(re.sub(r"[\w\s]", "", blanked))
            if "json" in words and set(words) <= own and marks <= set(".,:;?'-，。：、！？"):
                return JsonProblem(t, obj, stated=True)
    return None


# Where each :data:`JSON_EN_SYNTAX_TEMPLATES` template states its values: the separator its own
# statements use between a key (not a quoted key of a key list) and the value, per template.
_EN_SEPARATORS = [r"\s*[:=]?\s*", r"\s*[:=]?\s*", r"\s*[=:]\s*", r"\s*[=:]\s*", r"\s+(?:is\s+)?", r"\s*[=:]\s*", r'"\s*is\s+', r"\s*:?\s*"]
# a word (hyphens inside or after it as written: "P-orto", "AB-"), or capitalised words after it (a name, "New York")
_EN_VALUES = {"w": r"(?P<v>[A-Za-z]+(?:-[A-Za-z]*)*(?:\.[a-z]+)*(?: [A-Z][A-Za-z]*(?:-[A-Za-z]*)*)*)(?![\w'@]|\.\w)",
              "n": r"(?P<v>-?(?:0|[1-9][0-9]*))(?!\w|[.,]\d)"}


def _grammar_json_en_syntax(text: str) -> JsonProblem | None:
    """A prompt of one :data:`JSON_EN_SYNTAX_TEMPLATES` template, edges stripped, in which each
    statement (the template's key, its separator, a value: no quoted key of the key list, no value
    asked about with "?") stands once (or repeated alike), each quoted key of the template as often
    as the template writes it, and otherwise only the template's own words and marks."""
    text = text.strip()
    for t, sep in zip(JSON_EN_SYNTAX_TEMPLATES, _EN_SEPARATORS):
        obj: dict[str, Any] = {}
        blanked = text
        for name, typ in t.fields():
            quote = '"' if sep.startswith('"') else ""
            before = r'(?<!["\'-])' if quote else r'(?<![\w"\'-])'  # '... and"followers" is 20': a quoted key may touch a word
            pattern = rf"{before}{quote}(?i:{name})" + sep + _EN_VALUES[typ]
            found = list(re.finditer(pattern, blanked))
            if len({m.group("v") for m in found}) != 1 or any(blanked[m.end() :].lstrip().startswith("?") for m in found):
                break
            obj[name] = int(found[0].group("v")) if typ == "n" else found[0].group("v")
            for m in reversed(found):
                blanked = blanked[: m.start("v")] + " " + blanked[m.end("v") :]
        else:
            if any(blanked.count(f'"{key}"') != t.pattern.count(f'"[{key}]"') for key in t.keys()):
                continue
            own_text = _SLOT.sub(lambda m: m.group(3) or " ", t.pattern)
            own = {w.lower() for w in _LANG_WORD.findall(own_text)} | {"the", "please", "and", "only", "a", "an", "one"} | _EN_VERBS
            words = [w.lower() for w in _LANG_WORD.findall(blanked)]
            marks = set(re.sub(r"[\w\s]", "", blanked))
            own_marks = set(re.sub(r"[\w\s]", "", own_text)) | set(".,;:=?\u3002\uff0c\uff1b")  # sentence marks (a value asked about is read by none)
            if "json" in words and set(words) <= own and marks <= own_marks and all(c.isascii() for c in blanked if c.isalnum()):
                return JsonProblem(t, obj, stated=True)


# wip/jsonB: values said in short prose or in the listed keys' order, and a measure in a unit key.
JSON_PROSE_TEMPLATES = [
    Template('Return JSON with keys "[player]" and "[score]": {player:N} scored {score:n}. Output only the JSON object.',
             "json"),
    Template('Return a JSON object with keys "[name]" and "[city]" for: {name:N}, {city:C}.', "json"),
    Template('Return JSON with keys "[name]" and "[age]": {name:N} is {age:n} years old.', "json"),
]
# (the prompt with its number, the object): the oracle's own arithmetic (an hour is 60 minutes)
JSON_PROSE_MEASURES = [
    (re.compile(r'(?i:Return (?:(?:a|an|one) )?JSON with )"minutes"(?i: (?:for|of) a duration (?:for|of) )(?P<n>0|[1-9][0-9]*)(?i: hours)\.?'),
     lambda n: {"minutes": n * 60}),
    # wip/fuzzF: "Return" left out, no space after the key's quote; a duration in minutes is that number of minutes
    (re.compile(r'(?i:(?:Return (?:(?:a|an|one) )?)?JSON with )"minutes" ?(?i:(?:for|of) a duration (?:for|of) )(?P<n>0|[1-9][0-9]*)'
                r'(?i: (?P<u>hours|minutes|mins))\.?'),
     lambda n, u: {"minutes": n * 60 if u.lower() == "hours" else n}),
    # wip/jsonR2: a conversion said before the request (a kilometre is 1000 metres)
    # a number's placeholder in the oracle's own words ("<number>", "<Zahl>", "...": wip/fuzzK's value_class, code_switch)
    # wip/fuzzQ: "and" before "return" left out, a line break after the colon, and the blanks the request grammar
    # declares for a template to fill (docs/request-language.md TEMPLATE: 0 a number, null any)
    (re.compile(r'(?i:Convert )(?P<n>0|[1-9][0-9]*)(?i: km to meters (?:and )?return (?:JSON )?)\{"meters":\s*'
                r'(?:<(?:number|value|n|Zahl|Wert|número|nombre|numero|valor|valeur|число|数字)>|\.\.\.|…|0|null)\}\.?'),
     lambda n: {"meters": n * 1000}),
    # wip/fuzz0 (--new-kinds synonym_swap): metres to metres, the number itself
    (re.compile(r'(?i:Convert )(?P<n>0|[1-9][0-9]*)(?i: m to meters (?:and )?return (?:JSON )?)\{"meters":\s*'
                r'(?:<(?:number|value|n)>|\.\.\.|0|null)\}\.?'),
     lambda n: {"meters": n}),
    (re.compile(r'(?i:Convert )(?P<n>0|[1-9][0-9]*)(?i: hours to minutes (?:and )?return (?:only )?JSON with the key )"minutes"\.?'),
     lambda n: {"minutes": n * 60}),
    # wip/fuzzF: the request verb left out or said as "print", "please" before it or instead of it, "the" left out; the
    # measure in minutes (the number itself) or centimetres (a hundredth of a metre)
    (re.compile(r'(?i:Convert )(?P<n>0|[1-9][0-9]*)(?i: (?P<u>hours|minutes|mins) to minutes (?:and )?(?:(?:please|quickly) )?(?:(?:return|print) )?'
                r'(?:only )?JSON with (?:the )?key )"minutes"\.?'),
     lambda n, u: {"minutes": n * 60 if u.lower() == "hours" else n}),
    (re.compile(r'(?i:Convert )(?P<n>0|[1-9][0-9]*)(?i: (?P<u>km|m|cm) to meters (?:and )?(?:(?:please|quickly) )?(?:(?:return|print) )?(?:JSON )?)'
                r'\{"meters":\s*(?:<(?:number|value|n)>|\.\.\.|0|null)\}\.?'),
     lambda n, u: {"meters": {"km": n * 1000, "m": n, "cm": n / 100}[u.lower()]}),
]


# Where each prose template states its values, by its own words: (field, regex with group "v").
_PROSE_STATEMENTS: list[list[tuple[str, str, str]]] = [
    # (wip/fuzzF: the template's words in any case, as every template literal: "Leo sCored 72", "Alma iS 30 yearS old")
    [("player", r"(?<![\w-])(?P<v>" + _one_of(ORACLE_PEOPLE) + r") (?i:scored) (?=\d)", "w"),
     ("score", r"(?<=(?i:scored) )(?P<v>0|[1-9][0-9]*)(?!\.\d|\w)", "n")],
    [],  # values in the keys' order: _prose_in_order
    [("name", r"(?<![\w-])(?P<v>" + _one_of(ORACLE_PEOPLE) + r") (?i:is) (?=\d)", "w"),
     ("age", r"(?<= (?i:is) )(?P<v>0|[1-9][0-9]*)(?= (?i:years old)\b)", "n")],
]


def _prose_in_order(text: str) -> tuple[dict[str, Any], str] | None:
    """"... keys "name" and "city" for: Ines, Lisbon.": the two names after the colon, bound to
    the quoted keys in the order they are written."""
    keys = sorted(("name", "city"), key=lambda k: text.find(f'"{k}"'))
    if any(text.count(f'"{k}"') != 1 for k in keys):
        return None
    found = list(re.finditer(r"(?:: ?|(?<=\bfor) )(?P<a>[A-Z][A-Za-z]*), (?P<b>[A-Z][A-Za-z]*)(?=\.?$)", text))
    if len(found) != 1:
        return None
    m = found[0]
    obj = {keys[0]: m.group("a"), keys[1]: m.group("b")}
    if obj["name"] not in ORACLE_PEOPLE or obj["city"] not in ORACLE_CITIES:
        return None  # a word bound by its place alone, of a kind the oracle cannot tell (W22)
    return obj, text[: m.start()] + " : " + text[m.end() :]


def _grammar_json_prose(text: str) -> JsonProblem | None:
    """A prompt of one :data:`JSON_PROSE_TEMPLATES` template (its values where its own words
    place them, :data:`_PROSE_STATEMENTS`; the quoted keys once each; otherwise only its own words,
    in any case, JSON among them, and punctuation), or a :data:`JSON_PROSE_MEASURES` form, edges
    stripped and each run of spaces read as one."""
    text = re.sub(r"[ \t]+", " ", text.strip())
    for pattern, compute in JSON_PROSE_MEASURES:
        m = pattern.fullmatch(text)
        if m is not None:
            unit = m.groupdict().get("u")
            value = compute(int(m.group("n"))) if unit is None else compute(int(m.group("n")), unit)
            return JsonProblem(JSON_PROSE_TEMPLATES[0], value, stated=True)
    for t, statements in zip(JSON_PROSE_TEMPLATES, _PROSE_STATEMENTS):
        obj: dict[str, Any] = {}
        blanked = text
        if not statements:
            read = _prose_in_order(text)
            if read is None:
                continue
            obj, blanked = read
        else:
            for name, pattern, typ in statements:
                found = list(re.finditer(pattern, blanked))
                if len(found) != 1:
                    break
                obj[name] = int(found[0].group("v")) if typ == "n" else found[0].group("v")
                blanked = blanked[: found[0].start("v")] + " " + blanked[found[0].end("v") :]
            else:
                statements = []
            if statements:
                continue
        if any(blanked.count(f'"{key}"') != 1 for key in t.keys()):
            continue
        for key in t.keys():
            blanked = blanked.replace(f'"{key}"', " ")
        own = {w.lower() for w in _LANG_WORD.findall(_SLOT.sub(" ", t.pattern))} | {"only", "please", "the"}
        words = [w.lower() for w in _LANG_WORD.findall(blanked)]
        marks = set(re.sub(r"[\w\s]", "", blanked))
        if "json" in words and set(words) <= own and marks <= set(".,:") and blanked.isascii():
            return JsonProblem(t, obj, stated=True)
    return None


def _v_canon(text: str) -> str:
    """Literal text of a :data:`JSON_V_TEMPLATES` prompt as the oracle compares its ordered ones: the
    words "only", "please", "return", "keys", "a", "an", "one", "the" and pt "as", "um", "retorne",
    "chaves" left out (with a question mark after "only" or ending the system line), the marks , . : ; " (an ideographic comma
    too) and an ellipsis left out, each run of spaces one space (a question mark elsewhere stays: a
    value asked about states nothing)."""
    text = re.sub(r"(?i)\bonly\?", " ", text)
    text = re.sub(r"\?(?=[ \t]*\nUser:)", " ", text)  # the system line's key list asked ("... keys user and role?")
    text = re.sub(r"(?i)\b(?:only|please|as|um|return|retorne|keys|chaves|one|a|an|the)\b", " ", text)
    text = re.sub(r'[,.:;"\u2026\u3001\uff0c]', " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _v_canon_regex(pattern: str) -> re.Pattern[str]:
    """The regex of a template's :func:`_v_canon` literal text and its slots: a word value may go on
    with capitalised words ("user Reply Kenji" states "Reply Kenji", as "name Ana Ruiz" does)."""
    parts, pos = [], 0
    for m in _SLOT.finditer(pattern):
        parts.append(_lit(_v_canon(pattern[pos : m.start()])))
        if m.group(3):
            parts.append(re.escape(m.group(3)))
        elif m.group(2) == "w":
            parts.append(rf"(?P<{m.group(1)}>[A-Za-z]+(?:-[A-Za-z]*)*(?: [A-Z][A-Za-z]*(?:-[A-Za-z]*)*)*)")
        else:
            parts.append(_SLOT_RE[m.group(2)].format(name=m.group(1)))
        pos = m.end()
    parts.append(_lit(_v_canon(pattern[pos:])))
    return re.compile(r"\s*".join(part for part in parts if part))


def _grammar_json_v(text: str) -> JsonProblem | None:
    """A prompt of one :data:`JSON_V_TEMPLATES` template, edges stripped: the labelled-lines ones
    (each label, ":" or "=" or nothing, and its value standing once, or repeated alike; no value asked
    about; otherwise only the template's own words and marks), the others as written (their values
    are bound by their order: the oracle reads no other order)."""
    text = text.strip()
    made, from_this, bare_list, in_order, pt_in_order, ausgeben = JSON_V_TEMPLATES
    canon = _v_canon(text)
    for t in (bare_list, in_order, pt_in_order):
        m = _v_canon_regex(t.pattern).fullmatch(canon)
        if m is not None:
            return JsonProblem(t, {k: (int(m.group(k)) if typ == "n" else m.group(k)) for k, typ in t.fields()}, stated=True)
    for t in (made, from_this, ausgeben):
        obj: dict[str, Any] = {}
        blanked = text
        for name, typ in t.fields():
            pattern = rf'(?<![\w"\'-])(?i:{name})\s*[:=]?\s*' + _EN_VALUES[typ]
            found = list(re.finditer(pattern, blanked))
            if len({m.group("v") for m in found}) != 1 or any(blanked[m.end() :].lstrip().startswith("?") for m in found):
                break
            obj[name] = int(found[0].group("v")) if typ == "n" else found[0].group("v")
            for m in reversed(found):
                blanked = blanked[: m.start("v")] + " " + blanked[m.end("v") :]
        else:
            own_text = _SLOT.sub(lambda m: m.group(3) or " ", t.pattern)
            own = {w.lower() for w in _LANG_WORD.findall(own_text)} | {"the", "please", "and", "only", "a", "an", "one"}
            words = [w.lower() for w in _LANG_WORD.findall(blanked)]
            marks = set(re.sub(r"[\w\s]", "", blanked))
            if "json" in words and set(words) <= own and marks <= set(".,;:=") and blanked.isascii():
                return JsonProblem(t, obj, stated=True)
    return None


# wip/fuzzQ: a request verb of the oracle's own (or none: "this into JSON:"), and "quickly", beside a no-key template's
# words ("print this into JSON:", "quickly this into JSON:", "... print JSON."): each asks the stated object alone
_NO_KEY_WORDS = _EN_VERBS | {"turn", "convert", "put", "quickly"}


def _grammar_json_no_keys(text: str) -> JsonProblem | None:
    """A prompt of one no-key-list template (:data:`JSON_NO_KEY_TEMPLATES`) in which each of its
    statements (``key: "value"``, ``key is 34``, ``key=34``) stands once, and otherwise only that
    template's other words (JSON among them) and punctuation: the object is the stated values."""
    for t in JSON_NO_KEY_TEMPLATES:
        obj: dict[str, Any] = {}
        blanked = text
        for name, typ in t.fields():
            pattern = rf"(?<![A-Za-z_]){name}\s*(?:[:=]|\bis\b)?\s*" + (_STATED_STRING if typ == "s" else _STATED_NUMBER)
            found = list(re.finditer(pattern, blanked))
            if len({m.group("v") for m in found}) != 1 or any(blanked[m.end() :].lstrip().startswith("?") for m in found):
                break  # not stated, stated as two values (a repeat is one), or asked about ("is 31?")
            obj[name] = found[0].group("v") if typ == "s" else int(found[0].group("v"))
            blanked = re.sub(pattern, " ", blanked)
        else:
            blanked = re.sub(r"(?i)\b(?:a|an|one)\s+(?=json\b)", " ", blanked)  # "to one JSON": the one object asked
            words = {w.lower() for w in _WORD.findall(blanked)}
            allowed = {w.lower() for w in _WORD.findall(_SLOT.sub(" ", t.pattern))} | {"the", "please", "and", "only"} | _NO_KEY_WORDS
            if "json" in words and words <= allowed and blanked.isascii() and all(
                c in _PROSE_MARKS or c.isalpha() for c in blanked
            ):
                return JsonProblem(t, obj, stated=True)
    return None


def understand(request: Request) -> Problem | None:
    """A plain prompt, one user message, or a known math system message plus one user message."""
    text = single_text(request)
    if text is not None:
        return understand_text(text)
    assert not isinstance(request, str)
    if len(request) == 2:
        system, user = request
        if system.role == "system" and isinstance(system.content, str) and system.name is None:
            content, answer_format = _format_apart(system.content)
            # a persona or steps sentence ends with '.' or '!' alike (an exclamation sets no format)
            if any(_lit_equal(content, s) or _lit_equal(content, s[:-1] + "!") for s in MATH_SYSTEMS) \
                    or _neutral_system(content):
                problem = understand((user,))
                if isinstance(problem, MathProblem) and not (answer_format and (problem.answer_format or problem.target)):
                    return dataclasses.replace(problem, answer_format=answer_format or problem.answer_format)
            if _PERSONA_SYSTEM.fullmatch(system.content):  # wip/sysP: a neutral persona asks nothing of JSON or arithmetic
                problem = understand((user,))
                if isinstance(problem, (JsonProblem, ArithProblem)):
                    return problem
    return None


def _format_apart(content: str) -> tuple[str, str]:
    """A prompt or system message without the format sentence that ends it (what is left may be
    empty), and the format read ("": none, and the content is returned as given)."""
    form = math_form(content)
    for sentence, answer_format in FORMAT_SENTENCES.items():
        if form.lower().endswith(sentence) and form[: -len(sentence)][-1:].isspace():
            return form[: -len(sentence)].rstrip(), answer_format
    return content, ""


def _lit_equal(text: str, template: str) -> bool:
    """A math system message read as the oracle reads math (:func:`math_form`)."""
    return re.fullmatch(_lit(template), math_form(text), re.DOTALL) is not None


# --------------------------------------------------------------------------- answers the oracle accepts
_ASSIGN = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z])\s*=\s*(-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)(?![0-9A-Za-z_/.]*[0-9A-Za-z_])")
_BARE = re.compile(r"(?i)^\W*answer\W*\s*(-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)\s*\.?$")
# the whole answer one number ("just the number": the one value asked, nothing around it)
_WHOLE_NUMBER = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)")
_MATH_RUN = re.compile(r"(?:[0-9().+\-*/=]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[ \t])+")
_ARITH_RUN = re.compile(r"(?:[0-9().+\-*/=^]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])|[ \t])+")  # wip/arithT: with powers


def _final_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _followed_by_operator(line: str, end: int) -> bool:
    rest = line[end:].lstrip()
    return bool(rest) and rest[0] in "+-*/^=×÷"


def _check_target(problem: MathProblem, text: str) -> str | None:
    """The final line states the asked expression's value: "<expression> = N" (one of its
    spellings) or "Answer: N"; and no equation it states is false at the solution."""
    line = _final_line(text).replace("**", "^")
    body = re.sub(r"(?i)^\W*answer\W*", "", line).rstrip(" .")
    stated = re.fullmatch(r"(?P<lhs>[^=]+?)\s*=\s*(?P<n>-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?)", body)
    bare = _BARE.match(line) or _WHOLE_NUMBER.fullmatch(text.strip())
    if stated is not None:
        if stated.group("lhs").replace(" ", "").replace("*", "") not in problem.target:
            return f"final line {line!r} does not state {problem.target[0]}"
        value = Fraction(stated.group("n"))
    elif bare is not None:
        value = Fraction(bare.group(1))
    else:
        return f"final line {line!r} does not state {problem.target[0]}"
    if value != problem.target_value:
        return f"final line {line!r} states a wrong {problem.target[0]} (expected {fmt(problem.target_value or 0)})"
    return None if problem.target_value is not None else "no value"


def check_math_answer(problem: MathProblem, text: str) -> str | None:
    """None when the answer's final line states the right value of every asked unknown (or of the
    asked expression) and no equation it states is false at the solution; else why not."""
    if problem.label and problem.answer_format != "bare_number" and not _final_line(text).startswith(problem.label + ": "):
        return f"final line {_final_line(text)!r} is not labelled {problem.label!r} (the quantity asked in words)"
    if problem.target:
        reason = _check_target(problem, text)
        if reason:
            return reason
        last = _final_line(text)
        false = false_equation(problem, text.replace(last, "")) if last else None
        return f"states an equation false for this problem: {false!r}" if false else None
    line = _final_line(text)
    stated: dict[str, list[Fraction]] = {}
    for m in _ASSIGN.finditer(line):
        if _followed_by_operator(line, m.end()):
            continue
        stated.setdefault(m.group(1), []).append(Fraction(m.group(2)))
    if not stated and len(problem.asked) == 1:
        bare = _BARE.match(line) or _WHOLE_NUMBER.fullmatch(text.strip())
        if bare:
            stated[problem.asked[0]] = [Fraction(bare.group(1))]
    for u in problem.asked:
        values = stated.get(u)
        if not values:
            return f"final line {line!r} does not state {u}"
        if any(v != problem.solution[u] for v in values):
            return f"final line {line!r} states a wrong {u} (expected {u} = {fmt(problem.solution[u])})"
    for v, values in stated.items():  # a stated value of another unknown of the system must be right too
        if v in problem.solution and any(x != problem.solution[v] for x in values):
            return f"final line {line!r} states a wrong {v} (expected {v} = {fmt(problem.solution[v])})"
    false = false_equation(problem, text)
    if false:
        return f"states an equation false for this problem: {false!r}"
    return _format_broken(problem, text, line)


_VALUE = r"-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?"
_LABEL = re.compile(r"(?i)^[*_ ]*(?:final\s+)?answer[*_ ]*:[*_ ]*")


def _format_broken(problem: MathProblem, text: str, line: str) -> str | None:
    """Why the answer does not follow the format the prompt's last sentence asked for (None: it does)."""
    lines = [x for x in text.splitlines() if x.strip()]
    if problem.label:  # "Miles: x = 8": the label names the value asked, it is no working
        line = line[len(problem.label) + 2 :] if line.startswith(problem.label + ": ") else line
        text = text.strip()
        text = text[len(problem.label) + 2 :] if len(lines) == 1 and text.startswith(problem.label + ": ") else text
    values = _LABEL.sub("", line).strip(" *_.")
    if problem.answer_format in ("answer_only", "one_line") and len(lines) != 1:
        return f"the prompt asks for the answer on one line; {len(lines)} lines served"
    if problem.answer_format == "answer_only":
        parts = [p.strip() for p in re.split(r",|\s+and\s+", values)]
        bare = len(parts) == 1 and re.fullmatch(_VALUE, parts[0]) and len(problem.asked) == 1
        named = [re.fullmatch(rf"([A-Za-z])\s*=\s*{_VALUE}", p) for p in parts]
        if not bare and not (all(named) and sorted(m.group(1) for m in named if m) == sorted(problem.asked)):
            return f"the prompt asks for the answer alone; {line!r} is more"
    if problem.answer_format == "bare_number" and not (
            len(problem.asked) == 1 and re.fullmatch(rf"{_VALUE}\.?", text.strip())):
        return f"the prompt asks for the number alone; {text.strip()!r} is not one number"
    if problem.answer_format == "fraction" and re.search(r"[0-9]\.[0-9]", values):
        return f"the prompt asks for a fraction; {line!r} has a decimal"
    if problem.answer_format == "decimal" and "/" in values:
        return f"the prompt asks for a decimal; {line!r} has a fraction"
    return None


def false_equation(problem: MathProblem, text: str) -> str | None:
    """An equation in the answer that parses and is false at the solution (a stale step)."""
    for line in text.splitlines():
        for m in _MATH_RUN.finditer(line):
            run = m.group(0).strip().rstrip(".")
            if "=" not in run:
                continue
            sides = run.split("=")
            try:
                lins = [parse_expr(s) for s in sides]
            except ParseError:
                continue
            for a, b in zip(lins, lins[1:]):
                va, vb = evaluate(a, problem.solution), evaluate(b, problem.solution)
                if va is None or vb is None:
                    break
                if va != vb:
                    return run
    return None


_ANSWER_IS = re.compile(r"(?i)(?:the answer is|answer:)\s*")
_BARE_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?\.?")


def check_arith_answer(problem: ArithProblem, text: str) -> str | None:
    """None when the final line ends with the expression's value (after its last "=" or an
    "answer is"), and every all-number equation in the answer holds; else why not. Where the
    number alone is asked, the answer is that number and nothing else (an optional full stop)."""
    if problem.bare and not _BARE_NUMBER.fullmatch(text.strip()):
        return f"the number alone is asked, not {text.strip()[:60]!r}"
    line = _final_line(text).rstrip(".").strip()
    tail = re.split(_ANSWER_IS, line)[-1].split("=")[-1].strip()
    try:
        coefs, value = parse_expr(everyday_expression(with_carets(tail)), powers=True)
    except ParseError:
        return f"final line {line!r} states no value the oracle reads"
    if coefs or value != problem.value:
        return f"final line {line!r} does not state {fmt(problem.value)}"
    for answer_line in text.splitlines():
        for m in _ARITH_RUN.finditer(with_carets(answer_line)):
            run = m.group(0).strip().rstrip(".")
            if "=" not in run:
                continue
            try:
                sides = [parse_expr(everyday_expression(side.strip()), powers=True) for side in run.split("=")]  # wip/arithU
            except ParseError:
                continue
            if any(coefs for coefs, _ in sides):
                continue
            if len({value for _, value in sides}) != 1:
                return f"states a false equation: {run!r}"
    return None


def _strict_equal(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_strict_equal(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_strict_equal(x, y) for x, y in zip(a, b))
    return a == b


def check_json_answer(problem: JsonProblem, text: str) -> str | None:
    try:
        obj = json.loads(text.strip())
    except ValueError:
        return "the answer is not exactly one JSON object"
    if not isinstance(obj, dict):
        return "the answer is not a JSON object"
    if not _strict_equal(obj, problem.obj):
        return f"served object {json.dumps(obj, ensure_ascii=False)} != asked {json.dumps(problem.obj, ensure_ascii=False)}"
    return None


def oracle_verdict(request: Request, text: str) -> str | None:
    """None when a no-model-call answer is acceptable for a changed request (rule exceptions
    (a) and (b)); else the reason it is not."""
    problem = understand(request)
    if problem is None:
        return "the oracle cannot fully understand the edited prompt, so no answer without a model call is acceptable"
    if isinstance(problem, MathProblem):
        return check_math_answer(problem, text)
    if isinstance(problem, ArithProblem):
        return check_arith_answer(problem, text)
    if not problem.stated:
        return "a JSON value derived by a rule is never proven by the oracle"
    return check_json_answer(problem, text)


# --------------------------------------------------------------------------- answers the echo model writes
def _num(c: Fraction) -> str:
    """An integer, a terminating decimal, or a reduced fraction."""
    if c.denominator == 1:
        return str(c.numerator)
    d = c.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        return format(c.numerator / c.denominator, ".10f").rstrip("0")
    return f"{c.numerator}/{c.denominator}"


def _coef(c: Fraction, u: str) -> str:
    if c == 1:
        return u
    if c == -1:
        return f"-{u}"
    text = _num(c)
    return f"{text}{u}" if "/" not in text else f"({text}){u}"


def math_solution(problem: MathProblem) -> str:
    """A correct step-by-step solution in the common format."""
    sol = problem.solution
    if len(problem.equations) == 1:
        (u,) = sol
        (lhs, rhs) = problem.equations[0]
        a = lhs[0].get(u, Fraction(0)) - rhs[0].get(u, Fraction(0))
        k = rhs[1] - lhs[1]
        steps = []
        simple = set(lhs[0]) == {u} and not rhs[0]
        if simple and lhs[1] != 0:
            b = lhs[1]
            verb = f"Subtract {_num(b)} from" if b > 0 else f"Add {_num(-b)} to"
            steps.append(f"{verb} both sides: {_coef(a, u)} = {_num(k)}.")
        elif not (simple and lhs[1] == 0):
            steps.append(f"Collect the {u} terms on the left and the numbers on the right: {_coef(a, u)} = {_num(k)}.")
        if a != 1:
            steps.append(f"Divide both sides by {_num(a)}: {u} = {fmt(sol[u])}.")
        lines = [f"Step {i}: {s}" for i, s in enumerate(steps, 1)]
        answer = f"{problem.label or 'Answer'}: {u} = {fmt(sol[u])}"
        return "\n".join([*lines, answer])
    names = list(problem.asked) + [v for v in sorted(sol) if v not in problem.asked]
    u, v = names[0], names[1]
    (l1, r1), (l2, r2) = problem.equations
    d1, d2 = _add(l1, _neg(r1)), _add(l2, _neg(r2))
    a1, b1, k1 = d1[0].get(u, Fraction(0)), d1[0].get(v, Fraction(0)), -d1[1]
    a2, b2, k2 = d2[0].get(u, Fraction(0)), d2[0].get(v, Fraction(0)), -d2[1]
    cu, ck = a1 * b2 - a2 * b1, k1 * b2 - k2 * b1
    if cu < 0:
        cu, ck = -cu, -ck
    steps = [f"Eliminate {v}: {_coef(cu, u)} = {_num(ck)}."]
    if cu != 1:
        steps.append(f"Divide both sides by {_num(cu)}: {u} = {fmt(sol[u])}.")
    steps.append(f"Substitute {u} = {fmt(sol[u])} into the first equation: {v} = {fmt(sol[v])}.")
    lines = [f"Step {i}: {s}" for i, s in enumerate(steps, 1)]
    answer = "Answer: " + ", ".join(f"{w} = {fmt(sol[w])}" for w in names)
    return "\n".join([*lines, answer])


def json_answer(problem: JsonProblem) -> str:
    return json.dumps(problem.obj, ensure_ascii=False)


_KEYS = re.compile(r"(?i)\b(?:keys?|fields?)\b\s*:?\s*([^.:]*)")


def guessed_keys(text: str) -> list[str]:
    """The key names a JSON request lists, read loosely (what a model would do)."""
    for m in _KEYS.finditer(text):
        chunk = re.split(r"\s+(?:for|describing|of|about)\s+", m.group(1))[0]
        names = [n.strip(" \"'`") for n in re.split(r",|\band\b", chunk)]
        names = [n for n in names if re.fullmatch(r"\w+", n)]
        if names:
            return names
    return []


def echo_text(d: str) -> str:
    """The free-text echo: every line names the prompt class it was written for."""
    return (
        f"ECHO:{d} This answer was written for one prompt only.\n"
        f"ECHO:{d} Every line of it depends on every character of that prompt.\n"
        f"ECHO:{d} Nothing here holds for any other prompt."
    )


def echo_json(text: str, d: str) -> str:
    keys = guessed_keys(text) or ["echo"]
    return json.dumps({k: f"ECHO:{d}:{k}" for k in keys})


_HEX_AS_LETTERS = str.maketrans("0123456789", "ghijklmnop")


def smart_answer(request: Request, d: str) -> str:
    """What the echo model answers for a request: correct when the oracle understands it (its shallow
    reading: :data:`_SHALLOW`)."""
    _SHALLOW[0] = True
    try:
        problem = understand(request)
    finally:
        _SHALLOW[0] = False
    if isinstance(problem, MathProblem):
        return math_solution(problem)
    if isinstance(problem, JsonProblem):
        return json_answer(problem)
    if isinstance(problem, ArithProblem):  # a line of its own for the stale-content check, then the sum
        # the tag in letters (hex digits 0-9 as g-p): a digit in a prose line fails an arithmetic answer
        return f"ECHO:{d.translate(_HEX_AS_LETTERS)}\n\n{problem.expression} = {fmt(problem.value)}."
    text = _request_text(request)
    if "json" in text.lower():
        return echo_json(text, d)
    return echo_text(d)


def _request_text(request: Request) -> str:
    if isinstance(request, str):
        return request
    out = []
    for m in request:
        if isinstance(m.content, str):
            out.append(m.content)
        else:
            out.extend(p.value for p in m.content if p.kind == "text")
    return "\n".join(out)


__all__ = [
    "JSON_REACH_TEMPLATES",
    "JSON_LANG_TEMPLATES",
    "JSON_EN_SYNTAX_TEMPLATES",
    "JSON_NO_KEY_TEMPLATES",
    "JSON_RULE_TEMPLATES",
    "JSON_PROSE_TEMPLATES",
    "JSON_TEMPLATES",
    "MATH_SYSTEMS",
    "MATH_TEMPLATES",
    "JsonProblem",
    "MathProblem",
    "Template",
    "WORD_TEMPLATES",
    "WordTemplate",
    "check_json_answer",
    "check_math_answer",
    "echo_text",
    "math_solution",
    "oracle_verdict",
    "smart_answer",
    "understand",
]
