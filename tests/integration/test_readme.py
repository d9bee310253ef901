"""Run every ```python block of README.md, as written, against the local model.

Each block is a standalone program: it runs in its own process, in an empty temporary
directory, with ``STEPCACHE_LLM_BASE_URL`` / ``STEPCACHE_LLM_MODEL`` pointing at the local
model server (what ``eval "$(stepcache serve-local --background --export)"`` sets) and
without ``STEPCACHE_STORE``. A block fails its test when the program exits non-zero.

An HTML comment directly above a block (only blank lines between) changes how it runs:

* ``<!-- readme-test: needs ENV_VAR -->``: run only when ``ENV_VAR`` is set (e.g.
  ``STEPCACHE_PG_DSN``, which ``scripts/test.sh`` sets), skip otherwise;
* ``<!-- readme-test: continues -->``: the block continues the previous python block (the
  two run as one program);
* ``<!-- readme-test: skip (reason) -->``: not run, for a block that truly cannot run here.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"

_FENCE = re.compile(r"^```[ \t]*(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
_MARKER = re.compile(r"<!--\s*readme-test:\s*(.*?)\s*-->", re.S)
_HEADING = re.compile(r"^#{1,6}\s+(.*)$", re.M)


@dataclass
class Block:
    name: str  # "<section heading> #<n>", for test ids and messages
    line: int  # 1-based line of the opening fence
    code: str  # the program to run (including continued blocks)
    own_code: str
    marker: str | None


def readme_python_blocks(text: str | None = None) -> list[Block]:
    """Every ```python block of the README with its marker, in order."""
    text = README.read_text(encoding="utf-8") if text is None else text
    blocks: list[Block] = []
    per_section: dict[str, int] = {}
    prev_end = 0
    for match in _FENCE.finditer(text):
        lang, body = match.group(1).lower(), match.group(2)
        between = text[prev_end : match.start()]
        prev_end = match.end()
        if lang not in ("python", "py"):
            continue
        headings = _HEADING.findall(text, 0, match.start())
        section = headings[-1].strip() if headings else "top"
        per_section[section] = per_section.get(section, 0) + 1
        marker = None
        markers = list(_MARKER.finditer(between))
        if markers and not between[markers[-1].end() :].strip():
            marker = markers[-1].group(1).strip()
        code = body
        if marker == "continues":
            if not blocks:
                raise AssertionError("a `readme-test: continues` block has no block before it")
            code = blocks[-1].code + "\n" + body
        blocks.append(
            Block(
                name=f"{section} #{per_section[section]}",
                line=text.count("\n", 0, match.start()) + 1,
                code=code,
                own_code=body,
                marker=marker,
            )
        )
    return blocks


BLOCKS = readme_python_blocks()


def _id(block: Block) -> str:
    return re.sub(r"[^A-Za-z0-9#]+", "-", block.name).strip("-")


# -- static checks (no model) -------------------------------------------------------------------
def test_readme_has_python_blocks_and_valid_markers() -> None:
    assert any(b.name.startswith("Quickstart") for b in BLOCKS)
    for block in BLOCKS:
        if block.marker is None or block.marker == "continues":
            continue
        if block.marker.startswith("needs "):
            assert re.fullmatch(r"needs [A-Z_][A-Z0-9_]*", block.marker), block.marker
            continue
        assert re.fullmatch(r"skip \(.{10,}\)", block.marker), (
            f"{block.name}: unknown marker {block.marker!r} (skip needs a reason in parentheses)"
        )


@pytest.mark.parametrize("block", BLOCKS, ids=_id)
def test_readme_block_is_a_complete_program(block: Block) -> None:
    """Parses, and has no placeholder bodies such as ``def llm(prompt): ...``."""
    tree = ast.parse(block.code, filename=f"README.md:{block.line}")
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = [n for n in node.body if not _is_docstring(n)]
            stub = all(isinstance(n, ast.Pass) or _is_ellipsis(n) for n in body)
            where = f"README.md:{node.lineno + block.line}"
            assert not stub, f"{block.name} ({where}): {node.name}() is a stub"


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(
        node.value.value, str
    )


def _is_ellipsis(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and node.value.value is Ellipsis


def test_extractor_markers() -> None:
    text = (
        "# A\n```python\nx = 1\n```\n<!-- readme-test: continues -->\n\n```python\nprint(x)\n```\n"
        "## B\n<!-- readme-test: needs SOME_DSN -->\n```py\npass\n```\n```bash\nls\n```\n"
        "<!-- readme-test: skip (needs a GPU) -->\nprose in between\n```python\ny = 2\n```\n"
    )
    blocks = readme_python_blocks(text)
    assert [b.name for b in blocks] == ["A #1", "A #2", "B #1", "B #2"]
    assert blocks[1].marker == "continues" and blocks[1].code == "x = 1\n\nprint(x)\n"
    assert blocks[2].marker == "needs SOME_DSN"
    assert blocks[3].marker is None  # a marker separated from the fence by prose does not count
    assert blocks[0].line == 2


# -- run them -------------------------------------------------------------------------------
@pytest.mark.integration
@pytest.mark.parametrize("block", BLOCKS, ids=_id)
def test_readme_block_runs(
    block: Block,
    tmp_path: Path,
    local_model_base_url: str,  # noqa: F811
    local_model_name: str,  # noqa: F811
) -> None:
    marker = block.marker or ""
    if marker.startswith("skip"):
        pytest.skip(f"README.md:{block.line} {marker}")
    if marker.startswith("needs "):
        var = marker.split()[1]
        if not os.environ.get(var):
            pytest.skip(f"README.md:{block.line} needs {var} (scripts/test.sh sets it)")
    env = dict(os.environ)
    env.pop("STEPCACHE_STORE", None)
    env.update(
        STEPCACHE_LLM_BASE_URL=local_model_base_url,
        STEPCACHE_LLM_MODEL=local_model_name,
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
        OMP_NUM_THREADS=env.get("OMP_NUM_THREADS", "1"),
        HF_HUB_OFFLINE="1",
    )
    script = tmp_path / "readme_block.py"
    script.write_text(block.code, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=1800,  # a hang guard only; the shared model server can be slow
    )
    assert proc.returncode == 0, (
        f"README.md:{block.line} ({block.name}) exited {proc.returncode}\n"
        f"--- stdout ---\n{proc.stdout[-3000:]}\n--- stderr ---\n{proc.stderr[-5000:]}"
    )


def test_stub_functions_are_caught() -> None:
    (block,) = readme_python_blocks("# Q\n```python\ndef llm(prompt: str) -> str: ...\n```\n")
    with pytest.raises(AssertionError, match=r"README.md:3\): llm\(\) is a stub"):
        test_readme_block_is_a_complete_program(block)
