"""Probe of docs/shape-proofs.md's per-template side conditions on one template (not a test).

The benchmark's answer ("Start with ax + b = c. Subtract b ...: ax = c - b. Divide both sides by a: x
= (c - b)/a. Answer: x = ...") or, with ``--template engine``, the engine's own derivation ("Start from
the equation ... Collect the x terms ...": ``task._fallback_lines``, exact, which the benchmark's path
stores and rewrites too) is stored for one random problem and re-instantiated for another
(``bench_reuse_path.MATH``, one shape); the first rewrites (``rewrite._first_rewrites``) are compared
with the template filled with the new constants, and ``rewrite._all_prove``'s verdict with the side
condition the design names for this template: no number written in a step's equation (as the
equation reader lists them: ``algebra._NUMBER_IN_TEXT``, a minus written against it kept, a
fraction's numerator and denominator apart) is a stale constant of the pair's context. Prints the
table (rewrite equal to the template, proven, conditions failing) -> count; a certificate for the
template is exact on these pairs when every row is (True, True, ()), (True, False, (conditions...))
or (False, False, ...).

    PYTHONPATH=. python scripts/probe_shape_certificate.py [--seed 1] [--pairs 4000]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_reuse_path as bench  # noqa: E402

from stepcache_integrations.core.tasks.algebra import _NUMBER_IN_TEXT  # noqa: E402
from stepcache_integrations.core.tasks.linear import rewrite  # noqa: E402
from stepcache_integrations.core.tasks.linear.chain import LinearConstraints  # noqa: E402
from stepcache_integrations.core.tasks.linear.task import _fallback_lines, problem_context  # noqa: E402
from stepcache_integrations.core.tasks.stepwise import label_len  # noqa: E402
from stepcache_integrations.core.types import Step  # noqa: E402


def _written(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def template(a: int, b: int, c: int) -> list[str]:
    """The benchmark's answer for ax + b = c, its solution exact (a fraction where it is one)."""
    d = Fraction(c - b)
    s = d / a
    return [f"Step 1: Start with {a}x + {b} = {c}.\n", f"Step 2: Subtract {b} from both sides: {a}x = {_written(d)}.\n",
            f"Step 3: Divide both sides by {a}: x = {_written(s)}.\n", f"Answer: x = {_written(s)}"]


def engine_lines(c: LinearConstraints) -> list[str]:
    """The engine's exact derivation of ``c``, one step a line (as stored)."""
    lines = _fallback_lines(c, c.solution or {}, exact=True)
    return [line + ("\n" if i < len(lines) - 1 else "") for i, line in enumerate(lines)]


def stale_written(texts: list[str], stale: frozenset[Fraction]) -> bool:
    """Whether a number written in an equation of ``texts`` (after the last ':' of a step) is stale."""
    for text in texts:
        equation = text.rsplit(":", 1)[-1]
        if any(Fraction(n) in stale for n in _NUMBER_IN_TEXT.findall(equation)):
            return True
    return False


def first_rewrites(cached: LinearConstraints, new: LinearConstraints, steps: list[Step]) -> list[tuple[Step, list]]:
    """``reinstantiate_steps``' first rewrites (its own code, step by step)."""
    aligned = rewrite.aligned(cached, new)
    old_atoms = (*cached.params, *(cached.solution[v] for v in cached.variables))
    new_atoms = (*aligned.params, *(aligned.solution[v] for v in aligned.variables))
    needed = frozenset(v for s in steps for v in rewrite._values_in(s.text[label_len(s.text):]))
    options = rewrite._derived_values(old_atoms, new_atoms, needed, len(cached.params))
    return rewrite._first_rewrites(steps, options, dict(zip(cached.variables, new.variables)),
                                   rewrite._restatements(cached, aligned))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", type=int, default=4000)
    parser.add_argument("--template", choices=("bench", "engine"), default="bench")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    table: Counter[tuple[bool, bool, tuple[str, ...]]] = Counter()
    for _ in range(args.pairs):
        a0, x0, b0 = rng.randint(2, 9), rng.randint(-20, 20), rng.randint(1, 50)
        c0 = a0 * x0 + b0
        a1, b1, c1 = rng.randint(2, 12), rng.randint(1, 60), rng.randint(-100, 400)
        cached = LinearConstraints.of_prompt(bench.MATH.format(v="x", a=a0, b=b0, c=c0))
        new = LinearConstraints.of_prompt(bench.MATH.format(v="x", a=a1, b=b1, c=c1))
        if not cached.solution or not new.solution or cached.shapes != new.shapes:
            continue
        if args.template == "engine":
            steps, filled = [Step(text=t) for t in engine_lines(cached)], engine_lines(new)
        else:
            steps = [Step(text=t) for t in bench.answer(a0, b0, c0, "x").replace("\n", "\n\0").split("\0")]
            filled = template(a1, b1, c1)
        first = first_rewrites(cached, new, steps)
        ctx = problem_context(new, cached)
        texts = [step.text for step, _ in first]
        failing = ("a written number is stale",) if stale_written(texts, ctx.stale_numbers) else ()
        table[(texts == filled, rewrite._all_prove(first, ctx), failing)] += 1
    for key, count in table.most_common():
        print(count, key)


if __name__ == "__main__":
    main()
