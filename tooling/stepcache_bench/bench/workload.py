"""Seeded workload of the paper's benchmark: base prompts and their perturbed variants.

Two tasks x 10 base prompts x 4 perturbation kinds x k variants:

* ``math`` - a linear equation solved step by step. Kinds: ``paraphrase`` (same
  equation, other wording), ``rename`` (another variable name), ``constant`` (other
  constants, so another answer), ``format`` (the same equation written differently).
* ``json`` - a JSON object with required keys and given entity values. Kinds:
  ``paraphrase``, ``add_key`` (one more required key), ``change_value`` (one entity
  value changed), ``reorder`` (the requested keys listed in another order).

Every request carries a machine-readable ``spec`` (equation coefficients or required
keys and values) for the benchmark's own integrity checker; the prompt wording is
plain ASCII so any cache (and the checker) can read it.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from .entities import ENTITIES

__all__ = [
    "JSON_KINDS",
    "MATH_KINDS",
    "Request",
    "Workload",
    "generate_workload",
    "json_prompt",
    "math_equation",
    "math_prompt",
]

MATH_KINDS = ("paraphrase", "rename", "constant", "format")
JSON_KINDS = ("paraphrase", "add_key", "change_value", "reorder")
N_BASE_PER_TASK = 10

# Single letters that never occur as standalone words in the prompts or in English
# answers ("a", "I", "k" of "Step k", "s"/"t" of contractions are excluded).
VARIABLES = ("x", "y", "z", "n", "p", "q", "r", "u", "v", "w")

_MATH_TEMPLATES = (
    # 0: the base wording
    (
        'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with '
        '"Answer: {v} = <value>".'
    ),
    # 1-3: paraphrases
    (
        'Find the value of {v} in the equation {eq}. Show each step on its own line as "Step k: ..." '
        'and finish with "Answer: {v} = <value>".'
    ),
    (
        'Work out {v}, one step per line ("Step k: ..."), given that {eq}. Conclude with the line '
        '"Answer: {v} = <value>".'
    ),
    (
        "Please solve the linear equation {eq} for {v}. Put every step on a separate line "
        '("Step k: ...") and write the result as "Answer: {v} = <value>".'
    ),
)

_JSON_TEMPLATES = (
    # 0: the base wording
    (
        "Return a JSON object for {article} {entity} with {values}. Required keys: {keys}. "
        "Output only the JSON object."
    ),
    # 1-3: paraphrases
    (
        "Produce JSON describing {article} {entity} whose details are {values}. Use keys: {keys}. "
        "Reply with JSON only."
    ),
    (
        "I need a JSON record of {article} {entity} ({values}) with keys {keys_and}. No extra text, "
        "just the JSON object."
    ),
    "Give me a JSON object with keys {keys_and} for this {entity}: {values}. Only output JSON.",
)


@dataclass
class Request:
    """One prompt of the workload with everything the checker needs."""

    id: str
    seed: int
    task: str  # "math" | "json"
    base_id: str
    kind: str  # "base" or a perturbation kind
    variant: int
    prompt: str
    base_prompt: str
    spec: dict[str, Any]
    base_spec: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)


@dataclass
class Workload:
    """Base prompts (to warm the caches) and perturbed requests (measured), for one seed."""

    seed: int
    bases: list[Request] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Requests per ``task/kind``."""
        out: dict[str, int] = {}
        for req in self.requests:
            key = f"{req.task}/{req.kind}"
            out[key] = out.get(key, 0) + 1
        return out


# -- math -------------------------------------------------------------------------------


def _fmt_num(value: int) -> str:
    return str(value)


def math_equation(spec: dict[str, Any], style: str = "plain") -> str:
    """The equation ``a*v + b = c`` (or ``- b``) as plain ASCII in one of three styles."""
    a, b, c, v, op = spec["a"], spec["b"], spec["c"], spec["var"], spec["op"]
    if style == "plain":
        return f"{a}{v} {op} {b} = {c}"
    if style == "star":
        return f"{a}*{v} {op} {b} = {c}"
    if style == "compact":
        return f"{a}{v}{op}{b}={c}"
    raise ValueError(f"unknown equation style {style!r}")


def math_solution(spec: dict[str, Any]) -> Fraction:
    """The exact solution of the request's equation."""
    a, b, c = Fraction(spec["a"]), Fraction(spec["b"]), Fraction(spec["c"])
    return (c - b) / a if spec["op"] == "+" else (c + b) / a


def math_prompt(spec: dict[str, Any], template: int = 0, style: str = "plain") -> str:
    """Render a math prompt."""
    if style == "block":  # the equation on its own indented line
        v, eq = spec["var"], math_equation(spec, "plain")
        return (
            f"Solve for {v} step by step:\n\n    {eq}\n\n"
            f'Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".'
        )
    return _MATH_TEMPLATES[template].format(
        v=spec["var"], eq=math_equation(spec, style)
    )


def _math_spec(rng: random.Random, var: str, a: int | None = None) -> dict[str, Any]:
    a = a if a is not None else rng.randint(2, 9)
    solution = rng.randint(1, 12)
    op = rng.choice("+-")
    if op == "+":
        b = rng.randint(1, 25)
        c = a * solution + b
    else:
        b = rng.randint(1, a * solution - 1) if a * solution > 1 else 1
        c = a * solution - b
    return {"var": var, "a": a, "b": b, "c": c, "op": op}


def _different_constants(
    rng: random.Random, base: dict[str, Any], variant: int
) -> dict[str, Any]:
    """A spec with the same variable and at least one changed constant and a new answer."""
    for _ in range(1000):
        if variant == 0:  # change the right-hand side only (b and a kept)
            new = dict(base)
            solution = rng.randint(1, 12)
            new["c"] = new["a"] * solution + (
                new["b"] if new["op"] == "+" else -new["b"]
            )
            if new["c"] <= 0:
                continue
        elif variant == 1:  # change b and c, keep a
            new = _math_spec(rng, base["var"], a=base["a"])
            new["op"] = base["op"] if new["op"] == base["op"] else new["op"]
        else:  # change every constant
            new = _math_spec(rng, base["var"])
        key = (new["a"], new["b"], new["c"], new["op"])
        if key != (base["a"], base["b"], base["c"], base["op"]) and math_solution(
            new
        ) != math_solution(base):
            new["c"] = int(new["c"])
            return new
    if variant == 0:
        # every right-hand side with an answer in 1..12 was taken or not positive (7z - 77 = 7):
        # the next integer answer. Never reached by seeds 42-46, so their workloads are unchanged.
        new = dict(base)
        solution = math_solution(base) + 1
        new["c"] = int(new["a"] * solution + (new["b"] if new["op"] == "+" else -new["b"]))
        return new
    raise RuntimeError("could not draw different constants")


def _math_requests(
    rng: random.Random, seed: int, n_base: int, k: int, kinds: tuple[str, ...]
):
    bases: list[Request] = []
    requests: list[Request] = []
    seen: set[tuple[int, int, int, str]] = set()
    for i in range(n_base):
        var = VARIABLES[i % len(VARIABLES)]
        while True:
            spec = _math_spec(rng, var)
            key = (spec["a"], spec["b"], spec["c"], spec["op"])
            if key not in seen:
                seen.add(key)
                break
        base_id = f"s{seed}-math-{i}"
        prompt = math_prompt(spec)
        bases.append(
            Request(
                base_id, seed, "math", base_id, "base", 0, prompt, prompt, spec, spec
            )
        )
        renames = rng.sample(
            [v for v in VARIABLES if v != var], min(k, len(VARIABLES) - 1)
        )
        for kind in kinds:
            for j in range(k):
                if kind == "paraphrase":
                    new_spec, new_prompt = (
                        dict(spec),
                        math_prompt(spec, template=1 + j % 3),
                    )
                elif kind == "rename":
                    new_spec = dict(spec, var=renames[j % len(renames)])
                    new_prompt = math_prompt(new_spec)
                elif kind == "constant":
                    new_spec = _different_constants(rng, spec, j % 3)
                    new_prompt = math_prompt(new_spec)
                elif kind == "format":
                    new_spec = dict(spec)
                    new_prompt = math_prompt(
                        spec, style=("star", "compact", "block")[j % 3]
                    )
                else:
                    raise ValueError(f"unknown math perturbation kind {kind!r}")
                new_spec["equation"] = math_equation(new_spec, "star")
                requests.append(
                    Request(
                        f"{base_id}-{kind}-{j}",
                        seed,
                        "math",
                        base_id,
                        kind,
                        j,
                        new_prompt,
                        prompt,
                        new_spec,
                        dict(spec, equation=math_equation(spec, "star")),
                    )
                )
        spec["equation"] = math_equation(spec, "star")
    return bases, requests


# -- json -------------------------------------------------------------------------------


def _render_value(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value)


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def json_prompt(
    entity: str, keys: list[str], values: dict[str, Any], template: int = 0
) -> str:
    """Render a JSON prompt: entity values as ``key "value"``, then the required keys."""
    described = ", ".join(f"{key} {_render_value(values[key])}" for key in values)
    article = "an" if entity[0] in "aeiou" else "a"
    return _JSON_TEMPLATES[template].format(
        article=article,
        entity=entity,
        values=described,
        keys=", ".join(keys),
        keys_and=_and_list(keys),
    )


def _json_requests(
    rng: random.Random, seed: int, n_base: int, k: int, kinds: tuple[str, ...]
):
    bases: list[Request] = []
    requests: list[Request] = []
    order = list(range(len(ENTITIES)))
    rng.shuffle(order)
    for i in range(n_base):
        ent = ENTITIES[order[i % len(order)]]
        base_keys = list(ent.values)
        base_values = dict(ent.values)
        base_spec = {"entity": ent.entity, "keys": base_keys, "values": base_values}
        base_id = f"s{seed}-json-{i}"
        prompt = json_prompt(ent.entity, base_keys, base_values)
        bases.append(
            Request(
                base_id,
                seed,
                "json",
                base_id,
                "base",
                0,
                prompt,
                prompt,
                base_spec,
                base_spec,
            )
        )
        extra_keys = list(ent.extra)
        rng.shuffle(extra_keys)
        perms = [
            list(p) for p in itertools.permutations(base_keys) if list(p) != base_keys
        ]
        rng.shuffle(perms)
        changed = list(base_keys)
        rng.shuffle(changed)
        for kind in kinds:
            for j in range(k):
                keys, values, template = list(base_keys), dict(base_values), 0
                if kind == "paraphrase":
                    template = 1 + j % 3
                elif kind == "add_key":
                    extra = extra_keys[j % len(extra_keys)]
                    keys.append(extra)
                    values[extra] = ent.extra[extra]
                elif kind == "change_value":
                    key = changed[j % len(changed)]
                    values[key] = ent.alternatives[key][
                        rng.randint(0, len(ent.alternatives[key]) - 1)
                    ]
                elif kind == "reorder":
                    keys = perms[j % len(perms)]
                else:
                    raise ValueError(f"unknown json perturbation kind {kind!r}")
                spec = {"entity": ent.entity, "keys": keys, "values": values}
                requests.append(
                    Request(
                        f"{base_id}-{kind}-{j}",
                        seed,
                        "json",
                        base_id,
                        kind,
                        j,
                        json_prompt(ent.entity, keys, values, template),
                        prompt,
                        spec,
                        base_spec,
                    )
                )
    return bases, requests


# -- the workload ---------------------------------------------------------------------------


def generate_workload(
    seed: int,
    *,
    n_base: int = N_BASE_PER_TASK,
    k: int = 3,
    math_kinds: tuple[str, ...] = MATH_KINDS,
    json_kinds: tuple[str, ...] = JSON_KINDS,
    tasks: tuple[str, ...] = ("math", "json"),
    shuffle: bool = True,
) -> Workload:
    """The workload of one seed: ``len(tasks) * n_base`` bases, ``n_base * kinds * k`` requests per task.

    Same seed, same arguments -> the same prompts in the same order. The measured
    requests are shuffled (seeded) so the two tasks and all kinds are interleaved.
    """
    if not 1 <= n_base <= N_BASE_PER_TASK:
        raise ValueError(f"n_base must be within 1..{N_BASE_PER_TASK}")
    if k < 1:
        raise ValueError("k must be >= 1")
    rng = random.Random(seed)
    workload = Workload(seed=seed)
    if "math" in tasks:
        b, r = _math_requests(rng, seed, n_base, k, math_kinds)
        workload.bases += b
        workload.requests += r
    if "json" in tasks:
        b, r = _json_requests(rng, seed, n_base, k, json_kinds)
        workload.bases += b
        workload.requests += r
    if shuffle:
        rng.shuffle(workload.requests)
    return workload
