"""``stepcache demo``: the engine on example prompts with a scripted model (no server needed).

The scripted model answers like a small LLM does: sometimes right, sometimes with wrong
arithmetic or a dropped JSON key, so every outcome of the cache shows up.
For the real-model benchmark run ``stepcache bench --quick``.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from typing import Any

from stepcache_integrations import LLMResponse, StepCache
from stepcache_integrations.core.llm import estimate_tokens

__all__ = ["ScriptedModel", "DEMO_REQUESTS", "run_demo", "register"]

MATH = 'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".'
SYSTEM = 'Solve for x and y step by step: {eqs}. Write one step per line as "Step k: ...".'
PERSON = 'Return a JSON object for a person with name "{name}", age {age}, city "{city}". Required keys: {keys}.'
PLAN = (
    "Write a short numbered rollout plan for moving the {svc} service to Kubernetes. "
    "The team lead is {lead} and the cut-over is on {day}."
)

DEMO_REQUESTS: list[tuple[str, str]] = [
    ("cold math request", MATH.format(v="x", eq="3x + 5 = 20")),
    ("paraphrase", MATH.format(v="x", eq="3x + 5 = 20").replace("Solve for x step by step", "Find x, step by step")),
    ("constant changed", MATH.format(v="x", eq="3x + 5 = 26")),
    ("variable renamed", MATH.format(v="y", eq="3y + 5 = 20")),
    # two unknowns: no cached working of its kind, so the model answers, is repaired, and the sympy
    # fallback writes the answer (one unknown would be written by the engine from the cached entry)
    ("model gets it wrong", SYSTEM.format(eqs="x + y = 10, x - y = 4")),
    ("JSON, key dropped", PERSON.format(name="Alice Smith", age=34, city="Lyon", keys="name, age, city and email")),
    ("JSON, keys reordered", PERSON.format(name="Alice Smith", age=34, city="Lyon", keys="email, city, age and name")),
    ("JSON, entity changed", PERSON.format(name="Bob Jones", age=34, city="Lyon", keys="name, age, city and email")),
    ("JSON, key added", PERSON.format(name="Alice Smith", age=34, city="Lyon", keys="name, age, city, email and phone")),
    ("cold text request", PLAN.format(svc="Orders", lead="Priya", day="Friday")),
    ("text, detail substituted", PLAN.format(svc="Orders", lead="Priya", day="Monday")),
    ("text, late detail reworded", PLAN.format(svc="Orders", lead="Priya", day="Tuesday at 9:00 UTC sharp")),
    ("text, first detail reworded", PLAN.format(svc="Billing and Ledger and Payments", lead="Priya", day="Friday")),
]


class ScriptedModel:
    """A deterministic stand-in for an LLM, with a small model's typical mistakes."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, prompt: str) -> LLMResponse:
        self.calls += 1
        text = self._answer(prompt)
        return LLMResponse(text=text, prompt_tokens=estimate_tokens(prompt), completion_tokens=estimate_tokens(text))

    def _answer(self, prompt: str) -> str:
        fields = re.search(r"Return only a JSON object with the fields (.+?)\.", prompt)
        if fields:
            name = re.search(r'name "([A-Z]\w+) ([A-Z]\w+)"', prompt)
            first, last = name.groups() if name else ("someone", "else")
            values = {"email": f"{first.lower()}.{last.lower()}@example.com", "phone": "+33 4 72 00 00 00"}
            keys = json.loads(f"[{fields.group(1)}]")
            return json.dumps({k: values.get(k, "n/a") for k in keys})
        if "JSON" in prompt:  # drops the email key, wraps JSON in prose
            name = re.search(r'name "([A-Z]\w+ [A-Z]\w+)"', prompt)
            return (
                'Sure! Here is the object:\n```json\n{"name": "%s", "age": 34, "city": "Lyon"}\n```'
                % (name.group(1) if name else "Unknown")
            )
        if "x + y = 10, x - y = 4" in prompt:  # subtracts instead of adding, twice
            return "Step 1: x + y = 10 and x - y = 4\nStep 2: 2x = 6\nStep 3: x = 3, y = 7"
        if "Continue from there" in prompt and "Kubernetes" in prompt:
            day = re.search(r"cut-over is on (\w+)", prompt)
            day = re.search(r"cut-over is on ([^.]+)\.", prompt)
            return f"3. Switch traffic on {day.group(1) if day else 'the day'} and watch error rates.\n4. Remove the old VMs a week later."
        if "Kubernetes" in prompt:
            svc = re.search(r"moving the (.+?) service", prompt)
            lead = re.search(r"team lead is (\w+)", prompt)
            day = re.search(r"cut-over is on ([^.]+)\.", prompt)
            return (
                f"1. Containerise the {svc.group(1) if svc else ''} service and push the image.\n"
                f"2. {lead.group(1) if lead else 'The lead'} reviews the Helm chart and the staging run.\n"
                f"3. Switch traffic on {day.group(1) if day else 'the day'} and watch error rates.\n"
                "4. Remove the old VMs a week later."
            )
        if "3x + 5 = 20" in prompt or "3x + 5 = 26" in prompt:
            return (
                "Step 1: Start with 3x + 5 = 20.\nStep 2: Subtract 5 from both sides: 3x = 15.\n"
                "Step 3: Divide both sides by 3: x = 5.\nAnswer: x = 5"
            )
        return "I am not sure."


def run_demo(print_fn: Any = print) -> list[dict[str, Any]]:
    """Run every demo request through one cache; return one row per request.

    The cache runs the paper's repair loop (``max_repairs=1``) so that the demo shows a repair; the
    library's default (auto) makes no repair call until its repair ledger shows that repairs pay."""
    cache = StepCache(max_repairs=1)
    model = ScriptedModel()
    rows: list[dict[str, Any]] = []
    header = f"{'#':>2}  {'request':<26} {'outcome':<13} {'verification':<12} {'calls':>5} {'tokens':>6} {'ms':>8}  steps"
    print_fn(header)
    print_fn("-" * len(header))
    for i, (label, prompt) in enumerate(DEMO_REQUESTS, 1):
        t0 = time.perf_counter()
        result = cache.generate(prompt, model)
        ms = (time.perf_counter() - t0) * 1000
        prov = ", ".join(f"{k}={v}" for k, v in result.provenance_counts().items())
        if result.used_fallback:
            prov += " (sympy fallback)"
        row = {
            "request": label,
            "outcome": result.outcome,
            "verified": result.verified,
            "verification": result.verification,
            "checks_passed": result.checks_passed,
            "model_calls": result.model_calls,
            "tokens": result.total_tokens,
            "ms": ms,
            "provenance": result.provenance_counts(),
            "text": result.text,
        }
        rows.append(row)
        print_fn(
            f"{i:>2}  {label:<26} {result.outcome:<13} {result.verification:<12} {result.model_calls:>5} "
            f"{result.total_tokens:>6} {ms:>8.1f}  {prov}"
        )
    stats = cache.stats()
    print_fn("")
    print_fn(
        f"outcomes: {', '.join(f'{name} {count}' for name, count in stats['outcomes'].items())}  "
        f"model calls: {stats['model_calls']}  "
        f"tokens spent: {stats['prompt_tokens'] + stats['completion_tokens']}  tokens saved (est.): {stats['tokens_saved']}"
    )
    return rows


def _cmd(args: argparse.Namespace) -> int:
    rows = run_demo()
    if args.show_answers:
        for row in rows:
            print(f"\n## {row['request']} ({row['outcome']})\n{row['text']}")
    return 0 if all(row["checks_passed"] for row in rows) else 1  # free text passes unchecked


def register(subparsers: Any) -> None:
    """Add ``stepcache demo``."""
    parser = subparsers.add_parser("demo", help="engine demo on example prompts with a scripted model")
    parser.add_argument("--show-answers", action="store_true", help="print every final answer")
    parser.set_defaults(func=_cmd)
