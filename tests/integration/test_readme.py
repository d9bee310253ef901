"""Run every ```python block of README.md, as written, against the local model.

Each block is a standalone program: it runs in its own process, in an empty temporary
directory, with ``STEPCACHE_LLM_BASE_URL`` / ``STEPCACHE_LLM_MODEL`` pointing at the local
model server (what ``eval "$(stepcache serve-local --background --export)"`` sets) and
without ``STEPCACHE_STORE``. A block fails its test when the program exits non-zero, or when
a ``print(...)`` does not print what its comment says (issue 20: README examples are tests
of what they claim).

A comment on a ``print(...)`` statement is its expected output: ``# -> reuse 0``. The printed
text (whitespace runs collapsed) must equal it, ``...`` standing for any text (``# -> ...
Answer: x = 7``). Every comment on a print line must be such an expectation, and every block
that prints and runs has at least one.

An HTML comment directly above a block (only blank lines between) changes how it runs:

* ``<!-- readme-test: needs ENV_VAR -->``: run only when ``ENV_VAR`` is set (e.g.
  ``STEPCACHE_PG_DSN``, which ``scripts/test.sh`` sets), skip otherwise;
* ``<!-- readme-test: continues -->``: the block continues the previous python block (the
  two run as one program);
* ``<!-- readme-test: skip (reason) -->``: not run, for a block that truly cannot run here.
"""

from __future__ import annotations

import ast
import io
import os
import re
import subprocess
import sys
import tokenize
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


# -- printed outcomes against their comments ------------------------------------------------------
_MARK = "@@readme-expect"
_EXPECT = re.compile(r"#\s*->\s*(.*?)\s*$")


@dataclass
class Expectation:
    index: int
    line: int  # 1-based line in the block's program
    expected: str


def _comments(code: str) -> dict[int, str]:
    return {tok.start[0]: tok.string for tok in tokenize.generate_tokens(io.StringIO(code).readline)
            if tok.type == tokenize.COMMENT}


def _print_statements(code: str) -> list[ast.Expr]:
    return [node for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
            and node.value.func.id == "print"]


def expectations(code: str) -> list[Expectation]:
    """The ``# -> ...`` comments of the print statements, in order; any other comment on a print
    line is an error (a claim nobody checks)."""
    comments = _comments(code)
    found = []
    for node in sorted(_print_statements(code), key=lambda n: n.lineno):
        lines = [n for n in range(node.lineno, (node.end_lineno or node.lineno) + 1) if n in comments]
        for n in lines:
            match = _EXPECT.match(comments[n])
            assert match and match.group(1), (
                f"line {n}: a comment on a print statement must be its expected output, '# -> ...': {comments[n]!r}")
            found.append(Expectation(len(found), n, match.group(1)))
    return found


def instrument(code: str) -> str:
    """The program with a marker printed before and after every print statement that has an expectation."""
    lines = code.splitlines()
    expected = {e.line: e for e in expectations(code)}
    inserts: list[tuple[int, str]] = []
    for node in _print_statements(code):
        hit = next((expected[n] for n in range(node.lineno, (node.end_lineno or node.lineno) + 1) if n in expected), None)
        if hit is None:
            continue
        indent = " " * node.col_offset
        inserts.append((node.lineno - 1, f"{indent}print({_MARK + ' begin ' + str(hit.index)!r}, flush=True)"))
        inserts.append((node.end_lineno or node.lineno, f"{indent}print({_MARK + ' end'!r}, flush=True)"))
    for at, text in sorted(inserts, key=lambda item: item[0], reverse=True):
        lines.insert(at, text)
    return "\n".join(lines) + "\n"


def _normal(text: str) -> str:
    return " ".join(text.split())


def matches(expected: str, printed: str) -> bool:
    """``printed`` equals ``expected`` up to whitespace runs, ``...`` matching any text."""
    pattern = ".*".join(re.escape(_normal(part)) for part in expected.split("..."))
    return re.fullmatch(pattern, _normal(printed), re.S) is not None


def printed_outputs(stdout: str) -> dict[int, list[str]]:
    """Expectation index -> what each run of that print statement printed."""
    out: dict[int, list[str]] = {}
    current: int | None = None
    buffer: list[str] = []
    for line in stdout.splitlines(keepends=True):
        text = line.strip()
        if text.startswith(_MARK + " begin "):
            current, buffer = int(text.rsplit(" ", 1)[1]), []
        elif text == _MARK + " end" and current is not None:
            out.setdefault(current, []).append("".join(buffer))
            current = None
        elif current is not None:
            buffer.append(line)
    return out


def check_printed(code: str, stdout: str) -> list[str]:
    """Problems: an expectation that was not printed, or printed something else."""
    problems = []
    outputs = printed_outputs(stdout)
    for e in expectations(code):
        runs = outputs.get(e.index)
        if not runs:
            problems.append(f"line {e.line}: never printed (expected {e.expected!r})")
        problems += [f"line {e.line}: printed {_normal(run)!r}, the comment says {e.expected!r}"
                     for run in runs or [] if not matches(e.expected, run)]
    return problems


@pytest.mark.parametrize("block", BLOCKS, ids=_id)
def test_every_printing_block_states_its_outcome(block: Block) -> None:
    found = expectations(block.code)  # also fails on a comment of a print line that is not an expectation
    if (block.marker or "").startswith("skip") or not _print_statements(block.own_code):
        return
    assert [e for e in found if e.line > block.code.count("\n") - block.own_code.count("\n")], (
        f"{block.name}: prints, but no print states its expected output ('# -> ...')")


def test_printed_outcomes_are_checked() -> None:
    code = 'print("reuse", 0)  # -> reuse 0\nfor i in range(2):\n    print("x", i)  # -> x ...\nprint("free")\n'
    assert [e.expected for e in expectations(code)] == ["reuse 0", "x ..."]
    done = subprocess.run([sys.executable, "-c", instrument(code)], capture_output=True, text=True, check=True)
    assert check_printed(code, done.stdout) == []
    wrong = code.replace('print("reuse", 0)', 'print("skip_reuse", 1)')
    done = subprocess.run([sys.executable, "-c", instrument(wrong)], capture_output=True, text=True, check=True)
    assert check_printed(wrong, done.stdout) == ["line 1: printed 'skip_reuse 1', the comment says 'reuse 0'"]
    assert matches("reinstantiate 0 Step 1: ... Answer: x = 7", "reinstantiate 0 Step 1: a\nb\nAnswer: x = 7")
    assert not matches("reuse", "skip_reuse")
    assert not matches("miss", "miss and more")
    assert matches("... miss", "The answer is 45.\nmiss")
    with pytest.raises(AssertionError, match="must be its expected output"):
        expectations('print("reuse")  # reuse\n')


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
    script.write_text(instrument(block.code), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=1800,  # a hang guard only; the shared model server can be slow
    )
    assert proc.returncode == 0, (
        f"README.md:{block.line} ({block.name}) exited {proc.returncode}\n"
        f"--- stdout ---\n{proc.stdout[-3000:]}\n--- stderr ---\n{proc.stderr[-5000:]}"
    )
    problems = check_printed(block.code, proc.stdout)
    assert not problems, (
        f"README.md:{block.line} ({block.name}) printed something else than its comments say:\n"
        + "\n".join(problems) + f"\n--- stdout ---\n{proc.stdout[-3000:]}"
    )


def test_stub_functions_are_caught() -> None:
    (block,) = readme_python_blocks("# Q\n```python\ndef llm(prompt: str) -> str: ...\n```\n")
    with pytest.raises(AssertionError, match=r"README.md:3\): llm\(\) is a stub"):
        test_readme_block_is_a_complete_program(block)
