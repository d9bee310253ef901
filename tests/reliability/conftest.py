"""Shared helpers of the reliability suite: bounded calls, scripted models, independent checks,
and a private PostgreSQL server that tests may stop and restart."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
PG_DSN = os.environ.get("STEPCACHE_PG_DSN")
NEEDS_PG = pytest.mark.skipif(
    not PG_DSN,
    reason="STEPCACHE_PG_DSN not set; start a server with "
    'eval "$(bash scripts/start_postgres.sh --export)" (CI does)',
)

MATH = 'Solve for {v} step by step: {eq}. Write one step per line as "Step k: ..." and end with "Answer: {v} = <value>".'
JSON_PROMPT = "Return JSON for {name}, {age} years old, from {city}, with keys name, age and city."


def bounded(fn: Callable[[], Any], seconds: float = 60.0) -> Any:
    """Run ``fn`` in a thread; fail the test if it has not returned after ``seconds``
    (protection against hangs, not a timing assertion). Re-raises what ``fn`` raised."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the caller
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        pytest.fail(f"call did not return within {seconds:.0f} s (hang or unbounded work)")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def math_answer(a: int, b: int, c: int, var: str = "x") -> str:
    """A correct step-by-step answer to a*var + b = c, in prose the linear checker reads whole
    (so it is proven, not only checked)."""
    value = Fraction(c - b, a)
    shown = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    sign = "+" if b >= 0 else "-"
    return (
        f"Step 1: Start with {a}{var} {sign} {abs(b)} = {c}.\n"
        f"Step 2: {'Subtract' if b >= 0 else 'Add'} {abs(b)} {'from' if b >= 0 else 'to'} both sides: {a}{var} = {c - b}.\n"
        f"Step 3: Divide both sides by {a}: {var} = {shown}.\n"
        f"Answer: {var} = {shown}"
    )


def math_prompt(a: int, b: int, c: int, var: str = "x") -> str:
    sign = "+" if b >= 0 else "-"
    return MATH.format(v=var, eq=f"{a}{var} {sign} {abs(b)} = {c}")


_PROMPT_EQ = re.compile(r"(-?\d+)([a-z]) ([+-]) (\d+) = (-?\d+)")


def _stated_equations(text: str) -> Iterator[tuple[str, str]]:
    for line in text.splitlines():
        body = re.sub(r"^\s*(?:step\s*\d+\s*[:.)-]|(?:final\s+)?answer\s*:)", "", line, flags=re.I)
        for run in re.findall(r"(?:[0-9.+\-*/()= ]|(?<![A-Za-z])[A-Za-z](?![A-Za-z]))+", body):
            if "=" not in run:
                continue
            sides = [s.strip().rstrip(".").strip() for s in run.split("=")]
            for lhs, rhs in zip(sides, sides[1:]):
                if lhs and rhs:
                    yield lhs, rhs


def independent_math_errors(prompt: str, text: str) -> list[str]:
    """Check a math answer with sympy, independently of the package's own parser: every
    equation stated in the answer holds at the true solution of the prompt's equation, and
    the answer states ``var = value``. The text checked is ours (a scripted model and the
    engine), never untrusted input, so ``parse_expr`` is safe here."""
    import sympy
    from sympy.parsing.sympy_parser import (
        implicit_multiplication_application,
        parse_expr,
        standard_transformations,
    )
    from tokenize import TokenError

    m = _PROMPT_EQ.search(prompt)
    assert m, prompt
    a, var, sign, b, c = int(m.group(1)), m.group(2), m.group(3), int(m.group(4)), int(m.group(5))
    sym = sympy.Symbol(var)
    solution = sympy.Rational(c - (b if sign == "+" else -b), a)
    transformations = standard_transformations + (implicit_multiplication_application,)
    errors: list[str] = []
    states_value = False
    for lhs, rhs in _stated_equations(text):
        try:
            left = parse_expr(lhs, transformations=transformations)
            right = parse_expr(rhs, transformations=transformations)
        except (SyntaxError, TypeError, ValueError, ZeroDivisionError, sympy.SympifyError, TokenError) as exc:
            # an equation the judge cannot read is a failure, never a skip (issue 20)
            errors.append(f"cannot read '{lhs} = {rhs}': {type(exc).__name__}")
            continue
        if not (left - right).free_symbols <= {sym}:
            continue
        if (left - right).subs(sym, solution) != 0:
            errors.append(f"'{lhs} = {rhs}' is false at {var} = {solution}")
        if left == sym and not right.free_symbols:
            states_value = True
    if not states_value:
        errors.append(f"the answer never states {var} = <value>")
    return errors


def independent_json_errors(text: str, required: list[str], forbidden: list[str] = ()) -> list[str]:
    """json.loads + required keys present and non-empty + no value mentions a forbidden value."""
    import json

    try:
        obj = json.loads(text)
    except ValueError as exc:
        return [f"not JSON: {exc}"]
    if not isinstance(obj, dict):
        return ["not an object"]
    errors = [f"key {k!r} missing or empty" for k in required if obj.get(k) in (None, "", [], {})]
    rendered = json.dumps(obj).lower()
    errors += [f"mentions {f!r} of another prompt" for f in forbidden if f.lower() in rendered]
    return errors


# -- a private PostgreSQL server this suite may stop and restart ----------------------------
class PrivateServer:
    """A PostgreSQL + pgvector server of its own (port, data dir), started with the repo's
    scripts, so stopping it never disturbs the server other tests share."""

    def __init__(self, data: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.env = dict(
            os.environ,
            STEPCACHE_PG_PORT=str(self.port),
            STEPCACHE_PG_DATA=str(data),
            PYTHON=sys.executable,
        )
        self.data = data
        self.dsn = self.start()

    def _run(self, script: str) -> str:
        proc = subprocess.run(
            ["bash", str(REPO / "scripts" / script)],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"{script} failed: {proc.stderr[-2000:]}")
        return proc.stdout.strip()

    def start(self) -> str:
        return self._run("start_postgres.sh")

    def stop(self) -> None:
        self._run("stop_postgres.sh")


@pytest.fixture(scope="module")
def private_pg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateServer]:
    if not PG_DSN:
        pytest.skip("STEPCACHE_PG_DSN not set (no PostgreSQL for integration tests)")
    if shutil.which("bash") is None:
        pytest.skip("bash is needed to run scripts/start_postgres.sh")
    data = Path("/tmp") / f"stepcache_rel_pg_{uuid.uuid4().hex[:8]}"
    server = PrivateServer(data)
    try:
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def pg_table() -> Iterator[str]:
    """A fresh table name on the shared server, dropped afterwards."""
    from stepcache_integrations.stores import PostgresStore

    name = f"rel_{uuid.uuid4().hex[:12]}"
    yield name
    try:
        PostgresStore(PG_DSN, table=name).drop()  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - best effort clean-up
        pass
