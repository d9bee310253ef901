"""Base prompts, a few dozen per prompt kind. Every base is NFC, with ``\\n`` line endings and no
edge whitespace, so the safe-set edits of the fuzzer are real changes of the string."""

from __future__ import annotations

import random

from .oracle import (
    JSON_EN_SYNTAX_TEMPLATES, JSON_LANG_TEMPLATES, JSON_PASSAGE_TEMPLATES, JSON_V_TEMPLATES, JSON_NO_KEY_TEMPLATES, JSON_PROSE_TEMPLATES, JSON_RULE_TEMPLATES,
    JSON_REACH_TEMPLATES, JSON_TEMPERATURE_TEMPLATES, JSON_TEMPLATES, MATH_TEMPLATES, WORD_TEMPLATES,
)
from .prompts import Base, Msg, Part, ToolCall

PROSE = [
    "What is the boiling point of water at sea level?",
    "Explain why the sky looks blue during the day.",
    "Give three tips for writing clear emails.",
    "Why do cats purr?",
    "Describe the water cycle in two sentences.",
    "What is the difference between weather and climate?",
    "Is it safe to eat raw cookie dough?",
    "How many legs does a spider have?",
    "Summarize the plot of a heist movie in one sentence.",
    "What does a café au lait contain?",
    "Write a haiku about autumn leaves.",
    "Why is a résumé different from a CV?",
    "Name three primary colors, one per line.",
    "What should I pack for a three-day hike?",
    "Explain recursion to a ten-year-old.",
    "Is a tomato a fruit or a vegetable?",
    "List two advantages of electric cars.\nKeep it short.",
    "What is the opposite of naïve?",
    "How do I make my sourdough rise more?",
    "Give me a synonym for 'happy', not 'glad'.",
    "Should I water succulents every day?",
    "Translate the idea of déjà vu into plain words.",
    "What happens if you don't sleep for two days?",
    "Why do we have leap years?",
    "Explain, in one line, what an API is.",
    "Let's eat, grandma! Where is the comma doing work here?",
    "Write a limerick about a cat named Max.",
    "Answer yes or no: is Canberra the capital of Australia?",  # wip/arithW: a prime question is the arithmetic task's now
    "What are the rules of tic-tac-toe?\n1. Board size\n2. Winning condition",
    "Describe a rainbow without using the word 'color'.",
]

CODE = [
    "What does this Python print?\n```python\nfor i in range(3):\n    print(i)\n```",
    "What does this Python print?\n```python\nx = [1, 2, 3]\nprint(x[-1])\n```",
    "What does this Python print?\n```python\ndef f(n):\n    if n <= 1:\n        return 1\n    return n * f(n - 1)\nprint(f(4))\n```",
    "What does this Python print?\n```python\ns = \"hello\"\nprint(s.upper())\n```",
    "What does this Python print?\n```python\nprint(len({'a': 1, 'b': 2}))\n```",
    "What does this Python print?\n```python\nprint(\"a,b\".split(\",\"))\n```",
    "What does this Python print?\n```python\nfor i in range(2):\n    for j in range(2):\n        print(i, j)\n```",
    "What does this Python print?\n```python\nprint(7 // 2, 7 % 2)\n```",
    "What does this JavaScript log?\n```js\nconsole.log([1, 2, 3].map(x => x * 2));\n```",
    "What does this JavaScript log?\n```js\nconsole.log(0.1 + 0.2 === 0.3);\n```",
    "What does this JavaScript log?\n```js\nlet a = '5';\nconsole.log(a + 1);\n```",
    "Find the bug in this function:\n```python\ndef mean(xs):\n    return sum(xs) / len(x)\n```",
    "Find the bug in this function:\n```python\ndef last(xs):\n    return xs[len(xs)]\n```",
    "What does this SQL return?\n```sql\nSELECT COUNT(*) FROM users WHERE age > 30;\n```",
    "Explain this regex: `^[a-z]+@[a-z]+\\.com$`",
    "What does this shell command do?\n```sh\nfind . -name '*.py' | xargs wc -l\n```",
    "Rewrite this loop as a list comprehension:\n```python\nout = []\nfor x in xs:\n    if x > 0:\n        out.append(x * x)\n```",
    "What does this Python print?\n```python\nd = {}\nd.setdefault('k', []).append(1)\nprint(d)\n```",
    "Is this Python valid?\n```python\nif True:\n  print('two spaces')\n    print('four spaces')\n```",
    "What does this C print?\n```c\nint a = 5;\nprintf(\"%d\\n\", a++ + 1);\n```",
    "What does this Python print?\n```python\nprint(\"naïve\".encode(\"utf-8\"))\n```",
    "What is the time complexity of this code?\n```python\nfor i in range(n):\n    for j in range(i):\n        pass\n```",
    "What does this Go print?\n```go\nfmt.Println(len(\"héllo\"))\n```",
    "What does this Python print?\n```python\nprint(sorted(['b', 'A', 'a']))\n```",
]

DATA = [
    "Classify as question or statement: It is raining?",
    "Classify as question or statement: The store closes at nine.",
    "Classify the sentiment as positive or negative: I loved every minute of it.",
    "Classify the sentiment as positive or negative: The food was cold and bland.",
    "Classify as spam or not spam: You have won a free cruise, click here!",
    "Classify the language: Où est la gare ?",
    "Is this sentence formal or informal? Hey, what's up?",
    "Sort these lines in ASCII order:\nbanana\nApple\ncherry",
    "Sort these numbers ascending: 10, 2, 33, 4",
    "Sort these words by length: kiwi, fig, banana, plum",
    "Sort these lines in reverse order:\nzeta\nalpha\nmu",
    "Sort these names alphabetically:\nÉmile\nZoë\nadam",
    "Translate to French: Turkey",
    "Translate to French: turkey",
    "Translate to German: Good morning, how are you?",
    "Translate to Spanish: The cat sleeps on the sofa.",
    "Translate to English: Je ne sais pas.",
    "Translate to Italian: polish",
    "Translate to Italian: Polish",
    "Extract the dates: The meeting moved from 3 May to 10 June.",
    "Extract the email addresses: write to ana@example.com or bo@example.org",
    "Count the vowels in: encyclopedia",
    "Reverse the string: stressed",
    "Uppercase this: hello world",
    "Deduplicate this list: a, b, a, c, b",
    "Tag the parts of speech: Time flies like an arrow.",
    "Summarize in five words: The quarterly report shows revenue grew while costs fell.",
    "Convert to title case: the lord of the rings",
]

PROPER_NOUNS = [
    "Who was Ada Lovelace?",
    "What is Marie Curie known for?",
    "Where is Lake Titicaca?",
    "Who painted the Mona Lisa?",
    "What is the population of São Paulo?",
    "When did Kurt Gödel publish his incompleteness theorems?",
    "Which river flows through Kraków?",
    "Who composed the New World Symphony, Antonín Dvořák or Bedřich Smetana?",
    "What language is spoken in Polish cities like Gdańsk?",
    "Who founded the Ottoman Empire?",
    "What is the capital of Turkey?",
    "Is Reykjavík the capital of Iceland?",
    "Who wrote One Hundred Years of Solitude?",
    "What did Nikola Tesla invent?",
    "Where was Frédéric Chopin born?",
    "Who is the author of Les Misérables?",
    "What is Zürich famous for?",
    "Who was Genghis Khan?",
    "In which country is Mount Kilimanjaro?",
    "What team does the New York Yankees play for?",
    "Who directed Spirited Away, Hayao Miyazaki?",
    "What is the Louvre?",
    "Who is Björk?",
    "What is the tallest building in Dubai?",
]

PEOPLE = [("Alice", 34), ("Bob", 30), ("Chloé", 27), ("Dmitri", 45), ("Eve", 19), ("O'Neil", 52)]
BOOKS = [("Dune", 1965), ("Les Misérables", 1862), ("Neuromancer", 1984), ("Beloved", 1987)]
PRODUCTS = [("AB-12", 104, 7), ("ZX-900", 2500, 0), ("q-7", 15, 120), ("TR 44", 999, 3)]
PLACES = [("Paris", "France"), ("Kraków", "Poland"), ("Lima", "Peru"), ("São Paulo", "Brazil")]
ORDERS = [(1001, "ACME Corp", 250), (7, "Zoë", 13), (42, "Müller GmbH", 1999)]


def _json_stated() -> list[str]:
    person, book, product, named, place, order = JSON_TEMPLATES
    out = [person.fill(name=n, age=a) for n, a in PEOPLE]
    out += [book.fill(title=t, year=y) for t, y in BOOKS]
    out += [product.fill(sku=s, price=p, stock=k) for s, p, k in PRODUCTS]
    out += [named.fill(name=n, age=a, city=c) for n, a, c in [("Alice", 34, "Paris"), ("Bob", 30, "Rome"),
                                                              ("Maria", 61, "Zürich"), ("Ken", 8, "Osaka")]]
    out += [place.fill(city=c, country=k) for c, k in PLACES]
    out += [order.fill(id=i, customer=c, total=t) for i, c, t in ORDERS]
    return out


JSON_UNSTATED = [
    "Return a JSON object describing a fictional cat with keys name, color and age. Output only the JSON object.",
    "Return a JSON object with keys title and genre for a movie you would recommend. Output only the JSON object.",
    "Return a JSON object with keys capital and currency for Japan. Output only the JSON object.",
    "Return a JSON object with keys city and country for the city with the Eiffel Tower. Output only the JSON object.",
    "Give me a JSON object with fields name and slogan for a new coffee brand. Output only the JSON object.",
    "Return a JSON object with keys word and definition for a word that means 'very happy'. Output only the JSON object.",
    "Return a JSON object with keys planet and moons for the largest planet. Output only the JSON object.",
    "Return a JSON object with keys author and year for the novel Frankenstein. Output only the JSON object.",
    "Return a JSON object with keys name and birth_year for the person who wrote Hamlet. Output only the JSON object.",
    "Return a JSON object with keys is_prime and next_prime for the number 91. Output only the JSON object.",
    "Return a JSON object with keys color and hex for the color of a ripe banana. Output only the JSON object.",
    "Return a JSON object with keys river and length_km for the longest river in Africa. Output only the JSON object.",
    "Return a JSON object with keys dish and country for a famous dish from Peru. Output only the JSON object.",
    "Return a JSON object with keys element and symbol for the lightest element. Output only the JSON object.",
    "Return a JSON object with keys name and age for a person born in 1990 (it is 2024). Output only the JSON object.",
    "Return a JSON object with keys animal and sound for the animal that says 'moo'. Output only the JSON object.",
]


def _json_no_keys() -> list[str]:
    sku, lines, copula = JSON_NO_KEY_TEMPLATES
    out = [sku.fill(sku=s, qty=q) for s, _p, q in PRODUCTS]
    out += [lines.fill(name=n, age=a) for n, a in PEOPLE]
    out += [copula.fill(city=c, population=n) for c, n in [("Lyon", 520000), ("Kraków", 800000), ("Lima", 0),
                                                           ("Osaka", 2700000)]]
    return out


def _json_langs() -> list[str]:
    es_person, es_city, fr, de, pt, it, ru, zh, en_owner = JSON_LANG_TEMPLATES
    out = [es_person.fill(nombre=n, edad=a) for n, a in [("Lucia", 28), ("Tomas", 52)]]
    out += [es_city.fill(ciudad=c, habitantes=h) for c, h in [("Sevilla", 684000), ("Bilbao", 345000)]]
    out += [fr.fill(prenom=n, age=a) for n, a in [("Claire", 34), ("Hugo", 22)]]
    out += [de.fill(stadt=c, einwohner=h) for c, h in [("Bremen", 569000), ("Kiel", 247000)]]
    out += [pt.fill(nome=n, idade=a) for n, a in [("Bruno", 29), ("Rita", 33)]]
    out += [it.fill(nome=n, eta=a) for n, a in [("Giulia", 26), ("Luca", 40)]]
    out += [ru.fill(имя=n, возраст=a) for n, a in [("Анна", 30), ("Игорь", 45)]]
    out += [zh.fill(姓名=n, 年龄=a) for n, a in [("王伟", 26), ("李娜", 33)]]
    out += [en_owner.fill(name=n, age=a) for n, a in [("Ines", 77), ("Hugo", 41)]]
    # wip/jsonB: values said in short prose, in the listed keys' order, a measure in a unit key
    scored, in_order, aged = JSON_PROSE_TEMPLATES
    out += [scored.fill(player=n, score=v) for n, v in [("Mia", 87), ("Leo", 72)]]
    out += [in_order.fill(name=n, city=c) for n, c in [("Ines", "Lisbon"), ("Omar", "Cairo")]]
    out += [aged.fill(name=n, age=a) for n, a in [("Alma", 30), ("Grete", 47)]]
    out += [f'Return JSON with "minutes" for a duration of {h} hours.' for h in (2, 5)]
    out += [f'Convert {k} km to meters and return JSON {{"meters": <number>}}.' for k in (3, 12)]  # wip/jsonR2
    out += [f'Convert {h} hours to minutes and return JSON with the key "minutes".' for h in (2, 7)]
    return out


def _json_en_syntax() -> list[str]:
    labels, for_colon, from_eq, eq_run, where, system, polite, shape = JSON_EN_SYNTAX_TEMPLATES
    out = [labels.fill(name=n, age=a) for n, a in [("Priya", 29), ("Omar", 41)]]
    out += [for_colon.fill(name=n, city=c, age=a) for n, c, a in [("Bob", "Denver", 42), ("Ines", "Porto", 35)]]
    out += [from_eq.fill(sku=s, qty=q) for s, q in [("AB", 3), ("Zed", 12)]]
    out += [eq_run.fill(temp=t, unit=u) for t, u in [(21, "C"), (70, "F")]]
    out += [where.fill(host=h, port=p) for h, p in [("localhost", 8080), ("gateway", 443)]]
    out += [system.fill(name=n, age=a) for n, a in [("Eve", 25), ("Raj", 61)]]
    out += [polite.fill(username=u, followers=f) for u, f in [("jdoe", 1500), ("mkim", 20)]]
    out += [shape.fill(title=t, year=y) for t, y in [("Dune", 1965), ("Emma", 1815)]]
    # wip/jsonV: labelled lines after "make this a JSON object" / "from this:", a bare key list read when its
    # values follow, one lowercase word in the listed keys' order for a common-noun key
    made, from_this, bare_list, in_order, pt_in_order, ausgeben = JSON_V_TEMPLATES
    out += [made.fill(title=t, year=y) for t, y in [("Dune", 1965), ("Emma", 1815)]]
    out += [from_this.fill(name=n, age=a) for n, a in [("Laura", 34), ("Omar", 41)]]
    out += [bare_list.fill(user=u, role=r) for u, r in [("Maria", "admin"), ("Kenji", "editor")]]
    out += [in_order.fill(product=w, quantity=q) for w, q in [("pen", 12), ("mug", 3)]]
    out += [pt_in_order.fill(produto=w, quantidade=q) for w, q in [("caneta", 12), ("caderno", 5)]]
    out += [ausgeben.fill(name=n, alter=a) for n, a in [("Jonas", 52), ("Lena", 35)]]
    return out


def _json_passage() -> list[str]:
    """wip/fuzzC (W22): quoted passages whose frame binds the listed keys, served and declined ones."""
    (costs, model, labelled, lives, es_costs, es_city_temp, es_temp, it_scored, pt_paid, fr_temp, de_aged,
     de_employs) = JSON_PASSAGE_TEMPLATES
    out = [costs.fill(product=p, price=n) for p, n in [("chair", 12), ("lamp", 40)]]
    out += [model.fill(model=m, price=n) for m, n in [("Nimbus 7", 349), ("Atlas 2", 499)]]
    out += [labelled.fill(product=p, price=n) for p, n in [("chair Oslo", 120), ("Nimbus 7", 80)]]
    out += [lives.fill(name=a, city=c) for a, c in [("Ana", "Porto"), ("Ines", "Lisbon")]]
    out += [es_costs.fill(producto=p, precio=n) for p, n in [("chaqueta", 39), ("silla", 120)]]
    out += [es_city_temp.fill(ciudad="Bilbao", temperatura=18), es_temp.fill(ciudad="Bilbao", temperatura=18),
            es_temp.fill(ciudad="Sevilla", temperatura=25)]
    out += [it_scored.fill(squadra="Bologna", gol=1), pt_paid.fill(cliente="Tiago", valor=87), pt_paid.fill(cliente="Rita", valor=45)]
    out += [fr_temp.fill(temperature=24, ville="Rennes"), de_aged.fill(name="Lena", alter=35),
            de_employs.fill(firma="Schmidt AG", mitarbeiter=450)]
    return out


def _json_rule() -> list[str]:
    price, months, temp = JSON_RULE_TEMPLATES
    out = [price.fill(item=i, price=p) for i, p in [("lamp", 104), ("chair", 47), ("desk", 311), ("rug", 89),
                                                   ("kettle", 12), ("sofa", 1234)]]
    out += [months.fill(name=n, years=y) for n, y in [("Mia", 3), ("Leo", 7), ("Ana", 11), ("Tom", 1)]]
    out += [temp.fill(city=c, celsius=t) for c, t in [("Oslo", 10), ("Cairo", 35), ("Lima", 20), ("Quito", 15)]]
    return out


SINGLE_EQUATIONS = [
    "3x + 5 = 20", "2x - 7 = 9", "5x + 3 = 28", "4(x - 2) = 12", "7 - x = 2", "x/2 + 3 = 8", "6x = 42",
    "2x + 3 = x + 10", "9 - 2x = 1", "3(x + 1) = 2x + 7", "0.5x + 1 = 4", "10 = 2x + 4", "-3x + 4 = -8",
    "8x - 6 = 5x + 9", "12 = 4x", "x + 15 = 3",
]
SYSTEMS = [
    ("x + y = 10", "x - y = 2"), ("2x + y = 11", "x - y = 1"), ("3x + 2y = 16", "x + y = 6"),
    ("x + 2y = 8", "3x - y = 3"), ("5x - y = 7", "2x + y = 7"), ("x - 3y = 1", "2x + y = 9"),
]


def _math(lang: str, count: int) -> list[str]:
    """``count`` distinct prompts of one language: templates x equations, a fixed shuffle."""
    templates = [t for t in MATH_TEMPLATES if t.lang == lang]
    prompts = []
    if lang == "system":
        for k, (e1, e2) in enumerate(SYSTEMS):
            for renamed in (False, True):
                if renamed:
                    e1, e2 = e1.replace("x", "a").replace("y", "b"), e2.replace("x", "a").replace("y", "b")
                names = sorted({c for c in e1 + e2 if c.isalpha()})
                for t in templates:
                    prompts.append(t.fill(eq1=e1, eq2=e2, u=names[0], v=names[1]))
    else:
        for k, eq in enumerate(SINGLE_EQUATIONS):
            unknown = "xxyxz"[k % 5]
            for t in templates:
                prompts.append(t.fill(eq=eq.replace("x", unknown), u=unknown))
    random.Random(f"corpus-{lang}").shuffle(prompts)
    assert len(set(prompts)) >= count, lang
    return prompts[:count]


# word problems in the engine's declared shapes (the oracle's WORD_TEMPLATES): template name, values
_WORD_FILLS = {
    "en": [
        ("taxi_let", dict(S="taxi", B="ride", a=3, b=2, c=19, u="m")), ("taxi_let", dict(S="cab", B="fare", a=4, b=3, c=31, u="n")),
        ("cab_words", dict(S="cab", B="trip", a=3, b=2, c=19, C="I")), ("cab_words", dict(S="taxi", B="ride", a=4, b="2.50", c=24, C="I")),
        ("hours_words", dict(S="plumber", B="bill", a=3, b=2, c=19, P="he")),
        ("hours_words", dict(S="electrician", B="repair", a=40, b=35, c=250, P="she")),
        ("hours_words", dict(S="mechanic", B="job", a=20, b=15, c=80, P="he")),
        ("ages_sum", dict(N="Ravi", k=3, H="his", R="daughter", c=48)), ("ages_sum", dict(N="Lena", k=4, H="her", R="son", c=50)),
        ("ages_older", dict(N="Lena", k=4, H="her", R="nephew", d=30)), ("ages_older", dict(N="Omar", k=3, H="his", R="sister", d=24)),
        ("rectangle", dict(p=40, G="width", w=7, A="length")), ("rectangle", dict(p=50, G="length", w=15, A="width")),
        ("number_less", dict(d=5, k=3, c=16)), ("number_more", dict(d=3, c=17)), ("number_less", dict(d=2, k=4, c=30)),
    ],
    "langs": [
        ("gym_es", dict(a=30, b=20, c=110)), ("ages_es", dict(N="Juan", k=4, R="hijo", d=27, P="él")),
        ("ages_es", dict(N="Lucía", k=3, R="hermana", d=20, P="ella")),
        ("ages_fr", dict(N="Luc", k=4, H="son", R="fils", c=50)), ("ages_fr", dict(N="Luc", k=3, H="sa", R="fille", c=48)),
        ("phone_fr", dict(a=12, b="0,50", c=27, u="n")),
        ("hours_de", dict(S="Elektriker", a=30, b=45, c=120, P="er")), ("rectangle_de", dict(p=30, w=9)),
        ("ages_it", dict(N="Marco", k=4, H="suo", R="figlio", d=27, P="lui", T="il")),
        ("ages_it", dict(N="Anna", k=3, H="sua", R="figlia", d=20, P="lei", T="la")),
        ("taxi_pt", dict(a=6, b=2, c=16)), ("ages_pt", dict(N="João", k=4, H="da", R="filha", d=27, P="ela", T="a")),
        ("rectangle_ru", dict(p=30, w=5)), ("ages_ru", dict(N="Отец", k=3, R="сына", c=48, D="сыну")),
        ("taxi_zh", dict(a=8, b=3, c=20)), ("ages_ja", dict(Q="母", R="娘", k=4, c=50)),
    ],
    # wip/fuzzK: the newest word-problem reach (wip/linS, wip/linU)
    "reach": [
        ("number_composed", dict(d="Nine", k="four", c=61)), ("number_composed", dict(d=5, k=3, c=26)),
        ("number_composed_less", dict(d=5, k=3, c=16)), ("think_of", dict(k=3, d=4, c=25, P="I")),
        ("think_of", dict(k="two", d="seven", c=19, P="I")), ("cart_price", dict(B="I", n=5, p=3, c=23)),
        ("cart_price", dict(B="We", n="four", p=2, c=14)), ("cart_count", dict(B="I", C="I", b=3, a=5, c=32)),
        ("cart_count", dict(B="I", C="I", b=4, a=2, c=26)), ("rect_longer", dict(d=3, p=34, A="width")),
        ("rect_longer_length", dict(d=2, p=28, A="length")), ("rect_twice", dict(G="length", M="width", A="width", p=36)),
        ("rect_twice", dict(G="length", M="width", A="width", p=42)), ("rect_told", dict(p=40, G="length", w=14, A="width")),
        ("rect_told", dict(p=30, G="width", w=9, A="length")),
    ],
}


def _json_reach() -> list[str]:
    """wip/fuzzK: nested objects (a template, a key holding an object, an indented block) and lists."""
    shaped, holding, block, listing, listing_and = JSON_REACH_TEMPLATES
    out = [shaped.fill(outer=o, name=n, age=a) for o, n, a in [("user", "Carl", 40), ("owner", "Priya", 29), ("user", "Omar", 41)]]
    out += [holding.fill(outer=o, host=h, port=p) for o, h, p in [("server", "10.0.0.5", 9090), ("db", "db.local", 5432),
                                                                  ("server", "api", 443)]]
    out += [block.fill(host=h, port=p) for h, p in [("localhost", 9090), ("gateway", 443)]]
    out += [listing.fill(outer=o, a=a, b=b, c=c) for o, a, b, c in [("tags", "red", "green", "blue"), ("topics", "rust", "async", "wasm")]]
    out += [listing_and.fill(a=a, b=b, c=c) for a, b, c in [("red", "green", "blue"), ("apple", "pear", "plum")]]
    return out


def _json_temperature() -> list[str]:
    """wip/fuzzF (red team 27): temperature readings converted in JSON, the difference_key edit's bases."""
    where, keys, labelled, convert, where_f = JSON_TEMPERATURE_TEMPLATES
    out = [where.fill(name=n, t=t) for n, t in [("Ann", 20), ("Omar", 2)]]
    out += [keys.fill(name=n, t=t) for n, t in [("Ines", 20), ("Leo", 35)]]
    out += [labelled.fill(city=c, t=t) for c, t in [("Bergen", 20), ("Quito", 15)]]
    out += [convert.fill(t=t) for t in (25, 10)]
    out += [where_f.fill(name="Ann", t=212)]
    return out


def _word(group: str) -> list[str]:
    by_name = {t.name: t for t in WORD_TEMPLATES}
    return [by_name[name].fill(**values) for name, values in _WORD_FILLS[group]]


# ------------------------------------------------------------------------ chat transcripts (adapters)
def _u(text: str, name: str | None = None) -> Msg:
    return Msg("user", text, name=name)


def _a(text: str, name: str | None = None) -> Msg:
    return Msg("assistant", text, name=name)


def _s(text: str) -> Msg:
    return Msg("system", text)


CHAT = [
    (_s("You are a concise assistant."), _u("What is the capital of Peru?")),
    (_s("Reply in French."), _u("Greet me and say how you are.")),
    (_s("Reply in German."), _u("Greet me and say how you are.")),
    (_u("Say sure."), _a("Sure."), _u("Now say done.")),
    (_u("My name is Priya.", name="priya"), _a("Nice to meet you, Priya!"), _u("What is my name?", name="priya")),
    (_s("You are a travel agent."), _u("Plan a weekend in Lisbon."), _a("Day 1: Alfama. Day 2: Belém."),
     _u("Make it cheaper.")),
    (_u("Give me a word that rhymes with cat."), _a("Hat."), _u("Another one, please.")),
    (_s("Answer with one word."), _u("What color is the sky on a clear day?")),
    (_s("You are a pirate."), _u("Tell me about the weather today.")),
    (_u("I have 3 apples and eat one."), _a("You have 2 apples left."), _u("And if I buy 4 more?")),
    (_s("You summarise support tickets."), _u("Ticket #4512: the app crashes when I upload a photo.", name="agent_7")),
    (_u("Translate 'good night' to Spanish."), _a("Buenas noches."), _u("And to Italian?")),
    (_s("You are a careful math tutor."), _u(MATH_TEMPLATES[0].fill(u="x", eq="3x + 5 = 20"))),
    (_s("Show every step."), _u(MATH_TEMPLATES[2].fill(u="y", eq="2y - 7 = 9"))),
    (_s("You are a careful math tutor."), _u(MATH_TEMPLATES[11].fill(eq1="x + y = 10", eq2="x - y = 2", u="x", v="y"))),
    (_u("Write a title for my essay about bees.", name="sam"),),
    (_s("Be terse."), _u("Is Kraków in Poland?")),
    (_u("Remember: the code word is 'zebra'."), _a("Got it."), _u("What is the code word?")),
    (_s("You only answer in JSON."), _u("Give me a colour and its hex value.")),
    (_u("List two fruits.\nOne per line."), _a("Apple\nPear"), _u("Add a third.")),
]

MULTIMODAL = [
    (Msg("user", (Part("text", "Describe this image in one sentence."),
                  Part("image_url", "https://images.example.com/cat-01.png"))),),
    (Msg("user", (Part("text", "What breed is this dog?"), Part("image_url", "https://images.example.com/dog-07.jpg"))),),
    (Msg("user", (Part("text", "Read the total from this receipt."),
                  Part("image_url", "https://files.example.org/receipts/2024-05-03.png"))),),
    (Msg("user", (Part("text", "Which of these two pictures is brighter?"),
                  Part("image_url", "https://images.example.com/a.png"),
                  Part("image_url", "https://images.example.com/b.png"))),),
    (_s("You describe images for blind users."),
     Msg("user", (Part("text", "What is in this photo?"), Part("image_url", "https://images.example.com/beach.jpg")))),
    (Msg("user", (Part("text", "Transcribe the handwriting."), Part("image_url", "https://cdn.example.net/notes/page1.png"))),),
    (Msg("user", (Part("text", "Count the people in this picture."),
                  Part("image_url", "https://images.example.com/crowd_small.jpeg"))),),
    (Msg("user", (Part("text", "Is this mushroom edible?"), Part("image_url", "https://images.example.com/fungi/x1.png"))),),
    (Msg("user", (Part("image_url", "https://images.example.com/chart.png"), Part("text", "Summarise this chart."))),),
    (Msg("user", (Part("text", "Translate the sign in this photo to English."),
                  Part("image_url", "https://images.example.com/signs/café.jpg"))),),
]


def _tool_chat(question: str, tool: str, args: dict, result: str, follow: str | None = None,
               system: str | None = None) -> tuple[Msg, ...]:
    call = ToolCall(tool, tuple(args.items()), "call_1")
    msgs = [] if system is None else [_s(system)]
    msgs += [_u(question), Msg("assistant", "", tool_calls=(call,)), Msg("tool", result, tool_call_id="call_1")]
    if follow:
        msgs.append(_u(follow))
    return tuple(msgs)


TOOLS = [
    _tool_chat("What's the weather in Paris?", "get_weather", {"city": "Paris"}, "18°C and sunny"),
    _tool_chat("What's the weather in Oslo?", "get_weather", {"city": "Oslo", "unit": "celsius"}, "-3°C, snow"),
    _tool_chat("Convert 100 USD to EUR.", "convert", {"amount": 100, "from": "USD", "to": "EUR"}, "92.40"),
    _tool_chat("How many users signed up today?", "run_sql", {"query": "SELECT COUNT(*) FROM signups WHERE day = today()"},
               "57", system="You are a data analyst."),
    _tool_chat("Find flights to Rome.", "search_flights", {"to": "FCO", "date": "2024-06-01"},
               "AZ 611 at 09:40; FR 9012 at 13:05", follow="Which one is earlier?"),
    _tool_chat("What is 23 times 19?", "calculator", {"expression": "23 * 19"}, "437"),
    _tool_chat("Look up the stock price of ACME.", "get_quote", {"ticker": "ACME"}, "132.17 USD"),
    _tool_chat("Send a reminder to Bob.", "send_message", {"to": "bob", "text": "Standup at 10"}, "sent",
               follow="Did it work?"),
    _tool_chat("What time is it in Tokyo?", "get_time", {"tz": "Asia/Tokyo"}, "21:15"),
    _tool_chat("Translate 'Zürich' to ASCII.", "transliterate", {"text": "Zürich"}, "Zurich"),
]


ARITHMETIC = [
    "What is 12 * 12?",
    "17 + 25 = ?",
    "What's 7 - 10?",
    "Compute (3 + 4) * 2.",
    "Calculate 0.1 + 0.2",
    "Evaluate 7 / 2.",
    "What is 23 * 19?",
    "What is 100 / 8?",
    "What is -(3 + 2)?",
    "What is 1.5 * 4?",
    "What is (2 + 3) * (4 - 1)?",
    "What is 10 / 3?",
    # wip/arithU: the everyday symbolic forms the lead decided to serve (the oracle's own reading: oracle.everyday_symbols,
    # everyday_expression)
    "what is 12 * 13?",
    "WHAT IS 6 * 7?",
    "What is 3 + 4",
    "What is 2 ** 3?",
    "What is 2 - -3?",
    "What is 4 * -2?",
    "What is 10 \u2013 3?",
    "What is \uff11\uff12 \uff0b \uff13?",
]

# wip/arithS: one operation said in everyday English words (the oracle's own reading: oracle._arith_words)
ARITH_WORDS = [
    "Subtract 8 from 12.",
    "Divide 8 by 12.",
    "Multiply 8 by 12.",
    "Add 8 to 12.",
    "What is 8 subtracted from 12?",
    "What is 2 to the power of 10?",
    "What is the square root of 144?",
    "What is the average of 3, 5 and 10?",
    "What is the difference between 12 and 8?",
    "What is the quotient of 8 and 12?",
    "What is twice 8?",
    "Calculate half of 12.",
    # wip/arithU: the root sign, the cube root, the product of a list, modulo, es "el triple de" (oracle._arith_words)
    "What is \u221a16?",
    "What is the cube root of 27?",
    "What is the product of 2, 3 and 4?",
    "What is 17 mod 6?",
    "\u00bfCu\u00e1nto es el triple de 7?",
]


# wip/sysP: a persona-only system prompt before a JSON request or an arithmetic question (issue 33, item 4), in a
# system turn as the LangChain wrapper ("System: ...") and StepCacheLLM ("system: ...") render it, or leading the message
_PERSONAS = ("You are a helpful assistant.", "You are a math tutor.", "You are a data entry assistant.")


def _persona_led() -> list[str]:
    forms = ("System: {p}\n\nUser: {q}", "system: {p}\n\nuser: {q}", "{p} {q}")
    questions = [*_json_stated()[::3], *ARITHMETIC[::2], *ARITH_WORDS[::3]]
    led = [forms[i % 3].format(p=_PERSONAS[i % len(_PERSONAS)], q=q) for i, q in enumerate(questions)]
    # wip/sysQ: the JSON requests of other languages behind a persona of their own language (the oracle's _PERSONAS_XX)
    es, _, fr, de, pt, it, ru, zh, _ = JSON_LANG_TEMPLATES
    own = [("Eres un asistente útil.", es.fill(nombre="Lucia", edad=28)), ("Tu es un assistant serviable.", fr.fill(prenom="Claire", age=34)),
           ("Du bist ein hilfreicher Assistent.", de.fill(stadt="Bremen", einwohner=569000)),
           ("Você é um assistente prestativo.", pt.fill(nome="Bruno", idade=29)), ("Sei un assistente utile.", it.fill(nome="Giulia", eta=26)),
           ("Ты полезный помощник.", ru.fill(имя="Анна", возраст=30)), ("你是一个乐于助人的助手。", zh.fill(姓名="王伟", 年龄=26))]
    led += [forms[i % 3].format(p=p, q=q) for i, (p, q) in enumerate(own)]
    return led + [f"{own[-1][0]}{own[-1][1]}"]  # zh: the persona runs into the request after its full stop


def plain_bases(reach: bool = False) -> dict[str, list[Base]]:
    """The plain prompt kinds, for the engine and for single-message adapter requests; ``reach``: with
    wip/fuzzK's kinds of the newest reach (nested JSON, lists, composed numbers, carts, rectangles)."""
    kinds = {
        "prose": PROSE,
        "code": CODE,
        "data": DATA,
        "proper_noun": PROPER_NOUNS,
        "json_stated": _json_stated(),
        "json_unstated": JSON_UNSTATED,
        "json_rule": _json_rule(),
        "json_no_keys": _json_no_keys(),
        "json_langs": _json_langs(),
        "json_en_syntax": _json_en_syntax(),
        "json_passage": _json_passage(),
        "math_en": _math("en", 32),
        "math_fr": _math("fr", 18),
        "math_ru": _math("ru", 16),
        "math_zh": _math("zh", 16),
        "math_es": _math("es", 12),
        "math_de": _math("de", 12),
        "math_pt": _math("pt", 8),
        "math_it": _math("it", 8),
        "math_ja": _math("ja", 12),
        "math_system": _math("system", 18),
        "math_en_everyday": _math("en_everyday", 16),
        "arithmetic": ARITHMETIC,
        "word_en": _word("en"),
        "word_langs": _word("langs"),
    }
    if reach:
        kinds.update(word_reach=_word("reach"), json_reach=_json_reach())  # wip/fuzzK
        kinds.update(arith_words=ARITH_WORDS)  # wip/arithS
        kinds.update(persona=_persona_led())  # wip/sysP
        kinds.update(json_temperature=_json_temperature())  # wip/fuzzF
    return {k: [Base(k, p) for p in prompts] for k, prompts in kinds.items()}


def chat_bases() -> dict[str, list[Base]]:
    return {
        "chat": [Base("chat", m) for m in CHAT],
        "multimodal": [Base("multimodal", m) for m in MULTIMODAL],
        "tools": [Base("tools", m) for m in TOOLS],
    }


def single_message_sample() -> list[Base]:
    """A few plain prompts of every kind, sent through an adapter as one user message."""
    out = []
    for kind, bases in plain_bases().items():
        out.extend(bases[i] for i in range(0, len(bases), max(1, len(bases) // 3))[:3])
    return out


__all__ = ["chat_bases", "plain_bases", "single_message_sample"]
