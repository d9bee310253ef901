"""Held-out hard templates (``stepcache bench --hard --held-out-templates SEEDS``).

The phrasings live in ``bench_data/heldout_hard_templates.json``: new wordings of every class of
the hard workload (:mod:`.hard`), written before the engine's task code was read and never edited
after the first run (issue 20, "Held out means held out"). This module only fills their slots
per seed with the same families of numbers and names the hard workload uses and builds each
request's oracle; it holds no phrasing of its own.

Template syntax: ``{expr}`` in a prompt or reference is an arithmetic expression over the slots
(``{m*sol+d}``, ``{p1:,}`` for a thousands separator); an oracle value starting with ``=`` is an
expression (``"=2030-y1"``, ``"=n % 3 == 0"``, ``"=[capital1]"``), any other string a template.
"""

from __future__ import annotations

import ast
import json
import operator
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from .workload import Request, Workload

__all__ = ["TEMPLATES_PATH", "generate_heldout_workload", "load_templates", "render"]

TEMPLATES_PATH = Path(__file__).resolve().parents[3] / "bench_data" / "heldout_hard_templates.json"

_COUNTRIES = {
    "Australia": ("Canberra", "AUD"), "Brazil": ("Brasilia", "BRL"), "Norway": ("Oslo", "NOK"),
    "Peru": ("Lima", "PEN"), "Thailand": ("Bangkok", "THB"), "Poland": ("Warsaw", "PLN"),
    "Chile": ("Santiago", "CLP"), "Sweden": ("Stockholm", "SEK"), "Turkey": ("Ankara", "TRY"),
}
_CITIES = {"Marseille": "France", "Kyoto": "Japan", "Vancouver": "Canada", "Hamburg": "Germany",
           "Valencia": "Spain", "Milan": "Italy", "Glasgow": "United Kingdom"}
_ELEMENTS = {"helium": "He", "copper": "Cu", "lead": "Pb", "potassium": "K", "neon": "Ne", "tin": "Sn"}
_WORDS = {
    "water": {"French": ("eau",), "Spanish": ("agua",), "German": ("wasser",), "Italian": ("acqua",)},
    "dog": {"French": ("chien",), "Spanish": ("perro",), "German": ("hund",), "Italian": ("cane",)},
    "book": {"French": ("livre",), "Spanish": ("libro",), "German": ("buch",), "Italian": ("libro",)},
}


def _linear(rng: random.Random) -> tuple[int, int, int, int]:
    a, sol, b = rng.randint(2, 9), rng.randint(2, 12), rng.randint(1, 20)
    return a, b, a * sol + b, sol


def _slots(family: str, rng: random.Random) -> dict[str, Any]:
    """One seed's values for a family of templates (numbers as ints, names as strings)."""
    if family == "linear":
        (a, b, c, sol), (a2, b2, c2, sol2) = _linear(rng), _linear(rng)
        return dict(a=a, b=b, c=c, sol=sol, a2=a2, b2=b2, c2=c2, sol2=sol2, m=rng.randint(2, 5),
                    d=rng.randint(1, 9), t=rng.randint(2, 9), r=rng.randint(2, 6), p=rng.choice((20, 25, 50)),
                    whole=rng.randint(2, 9) * 20, q=rng.randint(2, 9), y=rng.randint(2, 6))
    if family == "shop":
        price = rng.randint(2, 9)
        return dict(price=price, fee=rng.randint(1, 9), n=rng.randint(2, 9), price2=price + rng.randint(1, 4),
                    speed=rng.choice((30, 60, 90)), hours=rng.randint(2, 4))
    if family == "world":
        c1, c2 = rng.sample(sorted(_COUNTRIES), 2)
        city, element = rng.choice(sorted(_CITIES)), rng.choice(sorted(_ELEMENTS))
        return dict(country1=c1, capital1=_COUNTRIES[c1][0], currency1=_COUNTRIES[c1][1], country2=c2,
                    capital2=_COUNTRIES[c2][0], currency2=_COUNTRIES[c2][1], city=city, city_country=_CITIES[city],
                    element=element, symbol=_ELEMENTS[element])
    if family == "derived":
        y1, y2 = rng.sample(range(1950, 2005), 2)
        word = rng.choice(("harbor", "lantern", "meadow", "orchestra", "pencil"))
        return dict(y1=y1, y2=y2, n=rng.randint(3, 12), h=rng.randint(2, 9), word=word, word_length=len(word))
    if family == "people":
        first, second = rng.sample(["Farah", "Goran", "Hana", "Ivo", "Jonas"], 2)
        return dict(name=rng.choice(("Mia Torres", "Omar Haddad", "Kai Berg")), order=rng.randint(100, 999),
                    first=first, second=second, amount=rng.randint(2, 99) * 10)
    if family == "prices":
        p1, p2 = rng.sample(range(1100, 9900, 10), 2)
        d1, d2 = rng.sample((5, 10, 15, 20, 25), 2)
        return dict(p1=p1, p2=p2, d1=d1, d2=d2, q=rng.randint(3, 40))
    if family == "numbers":
        n, n2 = rng.sample(range(10, 99), 2)
        c1, c2 = rng.sample((2, 3, 4, 5, 6), 2)
        return dict(n=n, n2=n2, k=rng.randint(2, 9), f=rng.randint(1, 8), c1=c1, c2=c2, m=rng.randint(2, 12))
    if family == "words":
        word = rng.choice(sorted(_WORDS))
        lang1, lang2 = rng.sample(sorted(_WORDS[word]), 2)
        return dict(word=word, lang1=lang1, lang2=lang2, options1=list(_WORDS[word][lang1]),
                    options2=list(_WORDS[word][lang2]))
    if family == "kettle":
        litres = rng.choice(("1.2", "1.5", "1.7", "2.0"))
        return dict(name=rng.choice(("Brio", "Vento 3", "Kora")), litres_text=litres, litres=Fraction(litres),
                    minutes=rng.randint(2, 6), price=rng.randint(20, 90))
    raise ValueError(f"unknown slot family {family!r}")


_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.Mod: operator.mod}
_CMPOPS = {ast.Lt: operator.lt, ast.Gt: operator.gt, ast.Eq: operator.eq, ast.NotEq: operator.ne,
           ast.LtE: operator.le, ast.GtE: operator.ge}


def _eval(node: ast.AST, slots: dict[str, Any]) -> Any:
    if isinstance(node, ast.Expression):
        return _eval(node.body, slots)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, bool)):
        return node.value if isinstance(node.value, bool) else Fraction(node.value)
    if isinstance(node, ast.Name):
        if node.id in ("True", "False"):
            return node.id == "True"
        value = slots[node.id]
        return Fraction(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_eval(node.left, slots), _eval(node.right, slots))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_eval(node.operand, slots)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMPOPS:
        return _CMPOPS[type(node.ops[0])](_eval(node.left, slots), _eval(node.comparators[0], slots))
    if isinstance(node, ast.List):
        return [_eval(e, slots) for e in node.elts]
    raise ValueError(f"unsupported expression: {ast.dump(node)}")


def evaluate(expr: str, slots: dict[str, Any]) -> Any:
    """An arithmetic expression over the slots, exactly (Fractions)."""
    return _eval(ast.parse(expr.strip(), mode="eval"), slots)


def _text(value: Any, spec: str = "") -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return format(value.numerator, spec)
        return f"{value.numerator}/{value.denominator}"
    return format(value, spec) if spec else str(value)


def render(template: str, slots: dict[str, Any]) -> str:
    """Fill every ``{expr}`` / ``{expr:spec}`` of ``template``."""

    def one(match: re.Match[str]) -> str:
        body = match.group(1)
        expr, spec = (body.rsplit(":", 1) if re.search(r":[,\d.]*$", body) else (body, ""))
        return _text(evaluate(expr, slots), spec)

    return re.sub(r"\{([^{}]+)\}", one, template)


def _value(raw: Any, slots: dict[str, Any]) -> Any:
    """An oracle value: ``"=expr"`` evaluated, any other string rendered."""
    if not isinstance(raw, str):
        return raw
    if not raw.startswith("="):
        return render(raw, slots)
    return _plain(evaluate(raw[1:], slots))


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def _oracle(raw: dict[str, Any], slots: dict[str, Any]) -> dict[str, Any]:
    oracle = dict(raw)
    kind = oracle["type"]
    if kind in ("number", "inequality"):
        value = evaluate(oracle["value"][1:], slots) if str(oracle["value"]).startswith("=") else oracle["value"]
        oracle["value"] = _text(Fraction(value))
    elif kind == "json":
        oracle["expect"] = {key: [_value(v, slots)] for key, v in oracle["expect"].items()}
    elif kind == "yesno":
        oracle["value"] = "yes" if _value(oracle["value"], slots) else "no"
    elif kind == "contains":
        options = _value(oracle["any_of"], slots)
        oracle["any_of"] = [str(o) for o in (options if isinstance(options, list) else [options])]
    elif kind == "lines":
        oracle["count"] = int(_value(oracle["count"], slots))
    else:
        raise ValueError(f"unknown oracle type {kind!r}")
    return oracle


def _reference(oracle: dict[str, Any]) -> str:
    """An answer that passes ``oracle`` (for the reference model and the file's self-check)."""
    kind = oracle["type"]
    if kind == "number":
        return oracle["value"]
    if kind == "inequality":
        return f"Answer: {oracle['var']} {oracle['op']} {oracle['value']}"
    if kind == "json":
        return json.dumps({key: values[0] for key, values in oracle["expect"].items()})
    if kind == "yesno":
        return "Yes." if oracle["value"] == "yes" else "No."
    if kind == "contains":
        return oracle["any_of"][0].capitalize() + "."
    return "\n".join(["apple", "banana", "cherry", "mango", "pear", "plum", "grape"][: oracle["count"]])


def _spec(entry: dict[str, Any], slots: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    oracle = _oracle(entry["oracle"], slots)
    reference = render(entry["reference"], slots) if "reference" in entry else _reference(oracle)
    return render(entry["prompt"], slots), {"oracle": oracle, "reference": reference}


def load_templates(path: Path | str = TEMPLATES_PATH) -> list[dict[str, Any]]:
    """The template items of the held-out file."""
    return json.loads(Path(path).read_text(encoding="utf-8"))["items"]


def generate_heldout_workload(
    seed: int, *, n_base: int = 1, k: int = 3, shuffle: bool = True, path: Path | str = TEMPLATES_PATH
) -> Workload:
    """Each template item ``n_base`` times (slots drawn per seed), with up to ``k`` variants."""
    if n_base < 1 or k < 1:
        raise ValueError("n_base and k must be >= 1")
    rng = random.Random(seed * 104729 + 17)
    workload = Workload(seed=seed)
    seen: set[str] = set()
    for item in load_templates(path):
        for i in range(n_base):
            slots = _slots(item["slots"], rng)
            prompt, spec = _spec(item["base"], slots)
            if prompt in seen:
                continue
            seen.add(prompt)
            base_id = f"s{seed}-heldout-{item['task']}-{item['class']}-{i}"
            workload.bases.append(Request(base_id, seed, item["task"], base_id, "base", 0, prompt, prompt, spec, spec))
            for j, variant in enumerate(item["variants"][:k]):
                new_prompt, new_spec = _spec(variant, slots)
                if new_prompt in seen:
                    continue
                seen.add(new_prompt)
                workload.requests.append(Request(f"{base_id}-{item['class']}-{j}", seed, item["task"], base_id,
                                                 item["class"], j, new_prompt, prompt, new_spec, spec))
    if shuffle:
        rng.shuffle(workload.requests)
    return workload
