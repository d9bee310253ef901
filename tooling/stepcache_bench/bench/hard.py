"""The hard workload (``stepcache bench --hard``): the soundness issue's classes of change.

Each base prompt warms the caches; each variant changes something a cache must notice.
Every request carries an oracle ``spec["oracle"]`` (checked by :mod:`.oracle`, which is
independent of the engine) and a ``spec["reference"]`` answer that passes it. Classes
(``Request.kind``):

* math: ``question`` (the equation stays, the question changes), ``word_problem``
  (quantities outside the equation, changed units or question), ``answer_format``
  (``**Answer:** x = 4``, ``So x equals 6.``), ``looks_linear`` (sqrt, log, percent,
  products, inequalities);
* json: ``world_knowledge`` (country -> capital/currency, city -> country, element ->
  symbol), ``derived`` (birth year -> age, n -> n squared, hours -> minutes, word length),
  ``negation`` (booleans after "not"), ``roles`` (from A to B -> from B to A),
  ``reformat`` (thousands separators, percentages as fractions), ``types`` ("as a string"
  -> "as an integer");
* text: ``negation``, ``comparative``, ``units``, ``language``, ``counts``, ``terse``,
  ``arithmetic`` (changed operand), ``rag`` (a new question over the same document);
* ``benign`` per task: a rewording that keeps the answer (a cache should reuse it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .workload import Request, Workload

__all__ = ["HARD_CLASSES", "generate_hard_workload"]

Item = tuple[tuple[str, dict[str, Any]], list[tuple[str, str, dict[str, Any]]]]


def _num(value: Fraction | int | float) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _number(value: Any, reference: str, fmt: str | None = None) -> dict[str, Any]:
    oracle: dict[str, Any] = {"type": "number", "value": _num(value)}
    if fmt:
        oracle["format"] = fmt
    return {"oracle": oracle, "reference": reference}


_SOLVE = 'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".'


def _linear(rng: random.Random) -> tuple[int, int, int, int]:
    a, sol, b = rng.randint(2, 9), rng.randint(2, 12), rng.randint(1, 20)
    return a, b, a * sol + b, sol


def _solved(v: str, a: int, b: int, c: int, sol: Any) -> str:
    return f"Step 1: {a}{v} + {b} = {c}\nStep 2: {a}{v} = {c - b}\nStep 3: {v} = {_num(sol)}\nAnswer: {v} = {_num(sol)}"


def _math_base(rng: random.Random, v: str = "x") -> tuple[tuple[str, dict[str, Any]], tuple[int, int, int, int]]:
    a, b, c, sol = _linear(rng)
    eq = f"{a}{v} + {b} = {c}"
    return (_SOLVE.format(v=v, eq=eq), _number(sol, _solved(v, a, b, c, sol), rf"Answer:\s*{v}\s*=\s*{{num}}")), (a, b, c, sol)


# -- math ------------------------------------------------------------------------------------


def _math_question(rng: random.Random) -> Item:
    base, (a, b, c, sol) = _math_base(rng)
    eq = f"{a}x + {b} = {c}"
    m, d, t = rng.randint(2, 5), rng.randint(1, 9), rng.randint(2, 9)
    return base, [
        ("question", f'Given {eq}, what is {m}x? Show your steps and end with "Answer: <value>".',
         _number(m * sol, f"x = {sol}, so {m}x = {m * sol}.\nAnswer: {m * sol}", r"Answer:\s*{num}")),
        ("question", f'Given {eq}, what is {m}x + {d}? Show your steps and end with "Answer: <value>".',
         _number(m * sol + d, f"x = {sol}.\nAnswer: {m * sol + d}", r"Answer:\s*{num}")),
        ("question", f'Solve for y step by step when x = {t}: {a}x + {b} = y. End with "Answer: y = <value>".',
         _number(a * t + b, f"y = {a}*{t} + {b} = {a * t + b}\nAnswer: y = {a * t + b}", r"Answer:\s*y\s*=\s*{num}")),
    ]


def _math_word(rng: random.Random) -> Item:
    price, fee, n = rng.randint(2, 9), rng.randint(1, 9), rng.randint(2, 9)
    price2 = price + rng.randint(1, 4)
    text = "A shop sells pens for {p} dollars each. Maria buys x pens and pays a {f} dollar fee; she pays {t} dollars in total. {q}"
    ask = 'Solve for x step by step and end with "Answer: x = <value>".'
    base = (text.format(p=price, f=fee, t=price * n + fee, q=ask),
            _number(n, f"Step 1: {price}x + {fee} = {price * n + fee}\nStep 2: {price}x = {price * n}\nAnswer: x = {n}",
                    r"Answer:\s*x\s*=\s*{num}"))
    speed = rng.choice((30, 60, 90))
    hours = rng.randint(2, 4)
    return base, [
        ("word_problem", text.format(p=price2, f=fee, t=price2 * n + fee, q=ask),
         _number(n, f"Step 1: {price2}x + {fee} = {price2 * n + fee}\nAnswer: x = {n}", r"Answer:\s*x\s*=\s*{num}")),
        ("word_problem", text.format(p=price, f=fee, t=price * n + fee,
                                     q='How many pens does her friend buy if she buys three times as many? End with "Answer: <value>".'),
         _number(3 * n, f"Maria buys {n} pens.\nAnswer: {3 * n}", r"Answer:\s*{num}")),
        ("word_problem", f"A car travels at x km/h for {hours} hours and covers {speed * hours} km. What is its speed in "
                         'meters per minute? End with "Answer: <value>".',
         _number(Fraction(speed * 1000, 60), f"x = {speed} km/h.\nAnswer: {_num(Fraction(speed * 1000, 60))}", r"Answer:\s*{num}")),
    ]


def _math_format(rng: random.Random) -> Item:
    base, (a, b, c, sol) = _math_base(rng)
    eq = f"{a}x + {b} = {c}"
    a2, b2, c2, sol2 = _linear(rng)
    eq2 = f"{a2}x + {b2} = {c2}"
    return base, [
        ("answer_format", f'Solve for x step by step: {eq}. End with "**Answer:** x = <value>".',
         _number(sol, f"{a}x = {c - b}\n**Answer:** x = {sol}", r"\*\*Answer:\*\*\s*x\s*=\s*{num}")),
        ("answer_format", f'Solve for x step by step: {eq2}. End with the sentence "So x equals <value>."',
         _number(sol2, f"{a2}x = {c2 - b2}\nSo x equals {sol2}.", r"So x equals {num}")),
        ("answer_format", f'Solve for x: {eq2}. Reply with one sentence of the form "The solution is <value>."',
         _number(sol2, f"The solution is {sol2}.", r"The solution is {num}")),
    ]


def _math_nonlinear(rng: random.Random) -> Item:
    base, _ = _math_base(rng)
    r, b = rng.randint(2, 6), rng.randint(1, 9)
    p, part = rng.choice((20, 25, 50)), rng.randint(2, 9) * 5
    y, prod = rng.randint(2, 6), rng.randint(2, 9)
    a, b2, c, sol = _linear(rng)
    return base, [
        ("looks_linear", _SOLVE.format(v="x", eq=f"sqrt(x) + {b} = {r + b}"),
         _number(r * r, f"sqrt(x) = {r}\nAnswer: x = {r * r}", r"x\s*=\s*{num}")),
        ("looks_linear", _SOLVE.format(v="x", eq=f"log10(x) + {b} = {b + 2}"),
         _number(100, "log10(x) = 2\nAnswer: x = 100", r"x\s*=\s*{num}")),
        ("looks_linear", _SOLVE.format(v="x", eq=f"{p}% of x = {part}"),
         _number(Fraction(part * 100, p), f"Answer: x = {_num(Fraction(part * 100, p))}", r"x\s*=\s*{num}")),
        ("looks_linear", _SOLVE.format(v="x", eq=f"x*y = {y * prod} with y = {y}"),
         _number(prod, f"x = {y * prod}/{y}\nAnswer: x = {prod}", r"x\s*=\s*{num}")),
        ("looks_linear", f'Solve the inequality {a}x + {b2} > {c} for x step by step. End with "Answer: x > <value>".',
         {"oracle": {"type": "inequality", "var": "x", "op": ">", "value": _num(sol)},
          "reference": f"{a}x > {c - b2}\nAnswer: x > {sol}"}),
    ]


def _math_benign(rng: random.Random) -> Item:
    base, (a, b, c, sol) = _math_base(rng)
    eq = f"{a}x + {b} = {c}"
    return base, [
        ("benign", f'Find the value of x in the equation {eq}. Show each step on its own line as "Step k: ..." and '
                   'finish with "Answer: x = <value>".', base[1]),
    ]


# -- json ------------------------------------------------------------------------------------

_COUNTRIES = {
    "France": ("Paris", ("EUR",)), "Japan": ("Tokyo", ("JPY",)), "Italy": ("Rome", ("EUR",)),
    "Canada": ("Ottawa", ("CAD",)), "Egypt": ("Cairo", ("EGP",)), "India": ("New Delhi", ("INR",)),
    "Mexico": ("Mexico City", ("MXN",)), "Kenya": ("Nairobi", ("KES",)),
}
_CITIES = {"Lyon": "France", "Osaka": "Japan", "Toronto": "Canada", "Porto": "Portugal", "Munich": "Germany",
           "Seville": "Spain"}
_ELEMENTS = {"oxygen": "O", "iron": "Fe", "gold": "Au", "sodium": "Na", "silver": "Ag", "carbon": "C"}
_JSON_TAIL = " Output only the JSON object."


def _json(expect: dict[str, Any], types: dict[str, str] | None = None) -> dict[str, Any]:
    import json

    oracle = {"type": "json", "expect": {k: list(v) if isinstance(v, tuple) else [v] for k, v in expect.items()}}
    if types:
        oracle["types"] = types
    return {"oracle": oracle, "reference": json.dumps({k: v[0] if isinstance(v, tuple) else v for k, v in expect.items()})}


def _country(name: str) -> dict[str, Any]:
    capital, currency = _COUNTRIES[name]
    return _json({"country": name, "capital": capital, "currency": currency})


def _json_world(rng: random.Random) -> Item:
    c1, c2 = rng.sample(sorted(_COUNTRIES), 2)
    city1, city2 = rng.sample(sorted(_CITIES), 2)
    el1, el2 = rng.sample(sorted(_ELEMENTS), 2)
    ask = "Return a JSON object for {c} with keys country, capital and currency (ISO code)." + _JSON_TAIL
    city = "Return a JSON object with keys city and country for the city {c}." + _JSON_TAIL
    element = "Return a JSON object with keys element and symbol for the chemical element {e}." + _JSON_TAIL
    return (ask.format(c=c1), _country(c1)), [
        ("world_knowledge", ask.format(c=c2), _country(c2)),
        ("world_knowledge", city.format(c=city2), _json({"city": city2, "country": _CITIES[city2]})),
        ("world_knowledge", element.format(e=el2), _json({"element": el2, "symbol": _ELEMENTS[el2]})),
    ]


def _json_derived(rng: random.Random) -> Item:
    y1, y2 = rng.sample(range(1950, 2005), 2)
    n, h = rng.randint(4, 19), rng.randint(2, 9)
    word = rng.choice(("window", "garden", "planet", "bicycle", "mountain"))
    ask = "Return a JSON object with keys name, birth_year and age_in_2025 for Sam Reed, born in {y}." + _JSON_TAIL
    return (ask.format(y=y1), _json({"name": "Sam Reed", "birth_year": y1, "age_in_2025": 2025 - y1})), [
        ("derived", ask.format(y=y2), _json({"name": "Sam Reed", "birth_year": y2, "age_in_2025": 2025 - y2})),
        ("derived", f"Return a JSON object with keys n and n_squared for n = {n}." + _JSON_TAIL,
         _json({"n": n, "n_squared": n * n})),
        ("derived", f"Return a JSON object with keys hours and minutes for a duration of {h} hours." + _JSON_TAIL,
         _json({"hours": h, "minutes": 60 * h})),
        ("derived", f'Return a JSON object with keys word and length for the word "{word}".' + _JSON_TAIL,
         _json({"word": word, "length": len(word)})),
    ]


def _json_negation(rng: random.Random) -> Item:
    name = rng.choice(("Ana Lopez", "Ben Cole", "Iris Wong"))
    ask = "Return a JSON object with keys name and is_admin (a boolean) for {n}, who {verb} an administrator." + _JSON_TAIL
    ship = "Return a JSON object with keys order_id and shipped (a boolean) for order {o}, which has {neg}shipped." + _JSON_TAIL
    order = rng.randint(100, 999)
    return (ask.format(n=name, verb="is"), _json({"name": name, "is_admin": True}, {"is_admin": "bool"})), [
        ("negation", ask.format(n=name, verb="is not"), _json({"name": name, "is_admin": False}, {"is_admin": "bool"})),
        ("negation", ship.format(o=order, neg="not "), _json({"order_id": order, "shipped": False}, {"shipped": "bool"})),
    ]


def _json_roles(rng: random.Random) -> Item:
    a, b = rng.sample(["Alice", "Bruno", "Chen", "Dana", "Emil"], 2)
    amount = rng.randint(2, 99) * 10
    ask = "Return a JSON object with keys sender, receiver and amount for a transfer of {m} dollars from {a} to {b}." + _JSON_TAIL
    return (ask.format(m=amount, a=a, b=b), _json({"sender": a, "receiver": b, "amount": amount})), [
        ("roles", ask.format(m=amount, a=b, b=a), _json({"sender": b, "receiver": a, "amount": amount})),
    ]


def _json_reformat(rng: random.Random) -> Item:
    p1, p2 = rng.sample(range(1100, 9900, 10), 2)
    d1, d2 = rng.sample((10, 15, 20, 25, 30), 2)
    ask = ("Return a JSON object with keys item, price and discount for a sofa that costs {p:,} dollars with a {d}% "
           "discount; price as a plain number, discount as a fraction between 0 and 1." + _JSON_TAIL)
    return (ask.format(p=p1, d=d1), _json({"item": "sofa", "price": p1, "discount": d1 / 100})), [
        ("reformat", ask.format(p=p2, d=d1), _json({"item": "sofa", "price": p2, "discount": d1 / 100})),
        ("reformat", ask.format(p=p1, d=d2), _json({"item": "sofa", "price": p1, "discount": d2 / 100})),
    ]


def _json_types(rng: random.Random) -> Item:
    q = rng.randint(3, 40)
    ask = "Return a JSON object with keys item and quantity for an order of {q} lamps, with quantity as {t}." + _JSON_TAIL
    return (ask.format(q=q, t="an integer"), _json({"item": "lamp", "quantity": q}, {"quantity": "int"})), [
        ("types", ask.format(q=q, t="a string"), _json({"item": "lamp", "quantity": str(q)}, {"quantity": "str"})),
    ]


def _json_benign(rng: random.Random) -> Item:
    c = rng.choice(sorted(_COUNTRIES))
    ask = "Return a JSON object for {c} with keys country, capital and currency (ISO code)." + _JSON_TAIL
    return (ask.format(c=c), _country(c)), [
        ("benign", f"Give me a JSON object for {c} with keys country, capital and currency (ISO code). Only output JSON.",
         _country(c)),
    ]


# -- text ------------------------------------------------------------------------------------

_WORDS = {
    "hello": {"French": ("bonjour", "salut"), "Spanish": ("hola",), "German": ("hallo",), "Italian": ("ciao",)},
    "thank you": {"French": ("merci",), "Spanish": ("gracias",), "German": ("danke",), "Italian": ("grazie",)},
    "cat": {"French": ("chat",), "Spanish": ("gato",), "German": ("katze",), "Italian": ("gatto",)},
}


def _yesno(value: bool) -> dict[str, Any]:
    return {"oracle": {"type": "yesno", "value": "yes" if value else "no"}, "reference": "Yes." if value else "No."}


def _words(options: tuple[str, ...]) -> dict[str, Any]:
    return {"oracle": {"type": "contains", "any_of": list(options)}, "reference": options[0].capitalize() + "."}


def _text_negation(rng: random.Random) -> Item:
    n = rng.randint(10, 99)
    ask = "Answer yes or no: is {n} {neg}an even number?"
    return (ask.format(n=n, neg=""), _yesno(n % 2 == 0)), [("negation", ask.format(n=n, neg="not "), _yesno(n % 2 == 1))]


def _text_comparative(rng: random.Random) -> Item:
    a, b = rng.sample(range(10, 99), 2)
    ask = "Answer yes or no: is {a} {cmp} than {b}?"
    return (ask.format(a=a, b=b, cmp="greater"), _yesno(a > b)), [
        ("comparative", ask.format(a=a, b=b, cmp="less"), _yesno(a < b)),
    ]


def _text_units(rng: random.Random) -> Item:
    n = rng.randint(2, 9)
    c = rng.randint(1, 8) * 5
    ask = "Convert {n} kilometers to {u}. Reply with the number only."
    return (ask.format(n=n, u="meters"), _number(n * 1000, str(n * 1000))), [
        ("units", ask.format(n=n, u="centimeters"), _number(n * 100000, str(n * 100000))),
        ("units", f"Convert {c} degrees Celsius to Fahrenheit. Reply with the number only.",
         _number(Fraction(c * 9, 5) + 32, _num(Fraction(c * 9, 5) + 32))),
    ]


def _text_language(rng: random.Random) -> Item:
    word = rng.choice(sorted(_WORDS))
    l1, l2 = rng.sample(sorted(_WORDS[word]), 2)
    ask = 'Translate "{w}" into {lang}. Reply with the translation only.'
    return (ask.format(w=word, lang=l1), _words(_WORDS[word][l1])), [
        ("language", ask.format(w=word, lang=l2), _words(_WORDS[word][l2])),
    ]


def _text_counts(rng: random.Random) -> Item:
    n1, n2 = rng.sample((2, 3, 4, 5, 6), 2)
    ask = "List {n} colors, one per line, with no other text."
    colors = ["red", "blue", "green", "yellow", "purple", "orange"]

    def spec(n: int) -> dict[str, Any]:
        return {"oracle": {"type": "lines", "count": n}, "reference": "\n".join(colors[:n])}

    return (ask.format(n=n1), spec(n1)), [("counts", ask.format(n=n2), spec(n2))]


def _text_terse(rng: random.Random) -> Item:
    c1, c2 = rng.sample(sorted(_COUNTRIES), 2)
    ask = "What is the capital of {c}? Reply with the city name only."
    return (ask.format(c=c1), _words((_COUNTRIES[c1][0],))), [("terse", ask.format(c=c2), _words((_COUNTRIES[c2][0],)))]


def _text_arithmetic(rng: random.Random) -> Item:
    p = rng.choice((10, 20, 25, 50))
    n1, n2 = rng.sample(range(4, 40, 4), 2)
    ask = "What is {p}% of {n}? Reply with the number only."
    return (ask.format(p=p, n=n1 * 10), _number(Fraction(p * n1 * 10, 100), _num(Fraction(p * n1 * 10, 100)))), [
        ("arithmetic", ask.format(p=p, n=n2 * 10), _number(Fraction(p * n2 * 10, 100), _num(Fraction(p * n2 * 10, 100)))),
    ]


def _text_rag(rng: random.Random) -> Item:
    name = rng.choice(("X200", "Aero 14", "Nimbus 5"))
    hours, kg, price = rng.randint(6, 20), rng.choice(("1.2", "1.4", "1.8", "2.1")), rng.randint(6, 19) * 100
    doc = (f"Document: The {name} laptop has a battery life of {hours} hours, weighs {kg} kg and costs {price} "
           "dollars.\nQuestion: {q} Answer in one short sentence.")
    return (doc.format(q="What is its battery life in hours?"), _number(hours, f"It lasts {hours} hours.")), [
        ("rag", doc.format(q="How heavy is it in kilograms?"), _number(Fraction(kg), f"It weighs {kg} kg.")),
        ("rag", doc.format(q="How much does it cost in dollars?"), _number(price, f"It costs {price} dollars.")),
    ]


def _text_benign(rng: random.Random) -> Item:
    c = rng.choice(sorted(_COUNTRIES))
    ask = "What is the capital of {c}? Reply with the city name only."
    return (ask.format(c=c), _words((_COUNTRIES[c][0],))), [
        ("benign", ask.format(c=c).lower(), _words((_COUNTRIES[c][0],))),
    ]


#: task -> [(class, item generator)]
HARD_CLASSES: dict[str, list[tuple[str, Callable[[random.Random], Item]]]] = {
    "math": [("question", _math_question), ("word_problem", _math_word), ("answer_format", _math_format),
             ("looks_linear", _math_nonlinear), ("benign", _math_benign)],
    "json": [("world_knowledge", _json_world), ("derived", _json_derived), ("negation", _json_negation),
             ("roles", _json_roles), ("reformat", _json_reformat), ("types", _json_types), ("benign", _json_benign)],
    "text": [("negation", _text_negation), ("comparative", _text_comparative), ("units", _text_units),
             ("language", _text_language), ("counts", _text_counts), ("terse", _text_terse),
             ("arithmetic", _text_arithmetic), ("rag", _text_rag), ("benign", _text_benign)],
}


def generate_hard_workload(seed: int, *, n_base: int = 2, k: int = 3, shuffle: bool = True) -> Workload:
    """``n_base`` base prompts per class, each with up to ``k`` variants; seeded and deterministic."""
    if n_base < 1 or k < 1:
        raise ValueError("n_base and k must be >= 1")
    rng = random.Random(seed * 7919 + 11)
    workload = Workload(seed=seed)
    seen: set[str] = set()
    for task, classes in HARD_CLASSES.items():
        for cls, make in classes:
            for i in range(n_base):
                (prompt, spec), variants = make(rng)
                if prompt in seen:
                    continue
                seen.add(prompt)
                base_id = f"s{seed}-hard-{task}-{cls}-{i}"
                workload.bases.append(Request(base_id, seed, task, base_id, "base", 0, prompt, prompt, spec, spec))
                for j, (kind, new_prompt, new_spec) in enumerate(variants[:k]):
                    if new_prompt in seen:
                        continue
                    seen.add(new_prompt)
                    workload.requests.append(
                        Request(f"{base_id}-{kind}-{j}", seed, task, base_id, kind, j, new_prompt, prompt, new_spec, spec)
                    )
    if shuffle:
        rng.shuffle(workload.requests)
    return workload
