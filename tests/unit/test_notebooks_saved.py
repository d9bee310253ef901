"""The saved notebooks, without a model: executed and saved with their outputs, every section's
prose backed by a ``claim`` cell that prints and asserts it, nothing volatile or noisy in the
outputs, and the model server started the README's way. tests/integration/test_notebooks.py runs
them again and compares."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "scripts" / "run_notebooks.py")
assert _spec and _spec.loader
run_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebooks)

PATHS = run_notebooks.notebook_paths()
# a URL, an absolute path, a memory address, a timestamp, a duration: all differ from run to run
VOLATILE = re.compile(
    r"https?://|127\.0\.0\.1|(?<![\w.])/(?:tmp|home|work|usr|root|private|var)/|\b0x[0-9a-f]{6,}"
    r"|\d{4}-\d\d-\d\dT\d\d:|\b\d+\.\d{3,}\s*(?:s|ms|seconds)\b"
)
MAX_OUTPUT_CHARS = 6000  # per notebook: outputs are short summaries, never logs


def _cells(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _output_text(cell: dict[str, Any]) -> str:
    parts = []
    for output in cell.get("outputs", []):
        text = output.get("text", output.get("data", {}).get("text/plain", ""))
        parts.append("".join(text) if isinstance(text, list) else text)
    return "".join(parts)


def test_there_are_notebooks() -> None:
    assert [p.name for p in PATHS] == ["langchain_quickstart.ipynb", "llamaindex_query_engine.ipynb"]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_saved_executed_in_order_with_outputs(path: Path) -> None:
    code = [c for c in _cells(path) if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for cell in code:
        kinds = {o["output_type"] for o in cell["outputs"]}
        assert "error" not in kinds, _source(cell)[:80]
        assert not [o for o in cell["outputs"] if o.get("name") == "stderr"], f"a warning or log: {_source(cell)[:80]}"
        assert "execution" not in cell["metadata"], "timestamps: save with scripts/run_notebooks.py"
        assert set(run_notebooks.tags(cell)) <= run_notebooks.TAGS
    assert sum(bool(c["outputs"]) for c in code) >= len(code) - 1  # only a definitions cell may print nothing


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_every_section_is_backed_by_a_claim_cell(path: Path) -> None:
    cells = _cells(path)
    sections: list[tuple[str, list[dict[str, Any]]]] = []
    for cell in cells:
        if cell["cell_type"] == "markdown" and _source(cell).startswith("## "):
            sections.append((_source(cell).splitlines()[0], []))
        elif sections and cell["cell_type"] == "code":
            sections[-1][1].append(cell)
    assert len(sections) >= 4
    for heading, code in sections:
        claims = [c for c in code if run_notebooks.CLAIM in run_notebooks.tags(c)]
        assert claims, f"{path.name}: {heading!r} has no claim cell"
        for cell in claims:
            tree = ast.parse(_source(cell))
            assert any(isinstance(node, ast.Assert) for node in ast.walk(tree)), f"{heading!r}: a claim cell asserts"
            assert run_notebooks.NONDETERMINISTIC not in run_notebooks.tags(cell)
            assert _output_text(cell).strip(), f"{heading!r}: a claim cell prints what it asserts"


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_outputs_are_short_and_hold_nothing_volatile(path: Path) -> None:
    texts = [_output_text(c) for c in _cells(path) if c["cell_type"] == "code"]
    assert sum(map(len, texts)) <= MAX_OUTPUT_CHARS
    for text in texts:
        assert not VOLATILE.search(text), text


@pytest.mark.parametrize(
    "volatile", ["http://127.0.0.1:8080/v1", "/tmp/stepcache-0/server.log", "at 0x7fbd6e4068d0", "2026-12-03T11:51", "in 1.234 s"]
)
def test_the_volatile_pattern_finds(volatile: str) -> None:
    assert VOLATILE.search(f"served {volatile}.")


def _readme_start_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = set(re.findall(r'eval "\$\(([^"]*(?:serve-local|start_local_model)[^"]*)\)"', readme))
    assert len(commands) == 1, commands  # the README starts the model one way
    return commands.pop()


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.name)
def test_the_model_server_is_started_the_readme_way(path: Path) -> None:
    command = _readme_start_command()
    cells = _cells(path)
    prose = "".join(_source(c) for c in cells if c["cell_type"] == "markdown")
    assert f'eval "$({command})"' in prose
    first_code = next(_source(c) for c in cells if c["cell_type"] == "code")
    program, *arguments = shlex.split(command)
    assert ", ".join(json.dumps(a) for a in arguments) in first_code  # the same arguments, in order
    assert program in first_code
    for other in ("start_local_model", "LocalModelServer"):
        assert other not in "".join(_source(c) for c in cells)
