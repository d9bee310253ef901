"""Run every ```python block of README.md, and of each docs/ page that states printed output
(``# ->``), as written, against the local model.

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
#: README.md, then every docs/ page with an expected-output comment: their examples are tests too.
PAGES = [README, *sorted(p for p in (REPO / "docs").glob("*.md") if "# ->" in p.read_text(encoding="utf-8"))]
#: The five-minute README (issue 34): at most this many words, counted as ``wc -w`` counts them.
README_MAX_WORDS = 2000

_FENCE = re.compile(r"^```[ \t]*(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.M | re.S)
_MARKER = re.compile(r"<!--\s*readme-test:\s*(.*?)\s*-->", re.S)
_HEADING = re.compile(r"^#{1,6}\s+(.*)$", re.M)


@dataclass
class Block:
    name: str  # "<page> <section heading> #<n>" ("<section heading> #<n>" for README.md)
    line: int  # 1-based line of the opening fence
    code: str  # the program to run (including continued blocks)
    own_code: str
    marker: str | None
    page: str = "README.md"  # the file, relative to the repository


def readme_python_blocks(text: str | None = None, page: str = "README.md") -> list[Block]:
    """Every ```python block of a page (default: the README) with its marker, in order."""
    text = (REPO / page).read_text(encoding="utf-8") if text is None else text
    prefix = "" if page == "README.md" else f"{Path(page).stem} "
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
                name=f"{prefix}{section} #{per_section[section]}",
                line=text.count("\n", 0, match.start()) + 1,
                code=code,
                own_code=body,
                marker=marker,
                page=page,
            )
        )
    return blocks


BLOCKS = [block for page in PAGES for block in readme_python_blocks(page=str(page.relative_to(REPO)))]


def _id(block: Block) -> str:
    return re.sub(r"[^A-Za-z0-9#]+", "-", block.name).strip("-")


# -- static checks (no model) -------------------------------------------------------------------
def test_readme_has_python_blocks_and_valid_markers() -> None:
    assert any(b.name.startswith("Quickstart") and b.page == "README.md" for b in BLOCKS)
    assert {"docs/langchain.md", "docs/llamaindex.md", "docs/engine.md", "docs/operations.md"} <= {b.page for b in BLOCKS}
    for block in BLOCKS:
        if block.marker is None or block.marker == "continues":
            continue
        if block.marker.startswith("needs "):
            assert re.fullmatch(r"needs [A-Z_][A-Z0-9_]*", block.marker), block.marker
            continue
        assert re.fullmatch(r"skip \(.{10,}\)", block.marker), (
            f"{block.name}: unknown marker {block.marker!r} (skip needs a reason in parentheses)"
        )


def test_readme_is_a_five_minute_read() -> None:
    """At most README_MAX_WORDS words (code and generated tables counted too, as ``wc -w`` does)."""
    words = len(README.read_text(encoding="utf-8").split())
    assert words <= README_MAX_WORDS, f"README.md has {words} words; move detail to docs/"


def test_readme_first_screen_answers_what_gets_cached() -> None:
    """A box of at most ten lines in the first 40 lines: every entry point, the tasks, what verified means."""
    lines = README.read_text(encoding="utf-8").splitlines()
    begin, end = lines.index("<!-- cache-box:begin -->"), lines.index("<!-- cache-box:end -->")
    box = lines[begin + 1 : end]
    assert end < 40 and 0 < len(box) <= 10 and all(line.startswith(">") for line in box), box
    text = "\n".join(box)
    for needle in ("What gets cached for my model", "with_step_cache", "set_llm_cache", "StepCacheLLM",
                   "exact tier", "step tier", "`verified=True`", "linear_equation", "json", "arithmetic", "text"):
        assert needle in text, needle


def test_readme_installs_from_the_checkout_and_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "pip install -e '.[langchain]'" in text and "scripts/setup.sh" in text
    assert "pip install 'stepcache-integrations" not in text  # not on the index: that line fails
    assert "bash scripts/demo.sh" in text and "bash scripts/test.sh" in text
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash scripts/test.sh" in ci  # CI runs exactly the README's test command


def test_readme_has_a_checked_langchain_and_llamaindex_example() -> None:
    readme = [b for b in BLOCKS if b.page == "README.md"]
    for framework in ("langchain", "llama_index"):
        found = [b for b in readme if f"from stepcache_integrations.{framework} import" in b.code]
        assert found and all(expectations(b.code) for b in found), framework


def test_every_docs_page_with_expected_output_is_run() -> None:
    for page in (REPO / "docs").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        if any(expectations(b.code) for b in readme_python_blocks(text, str(page.relative_to(REPO)))):
            assert page in PAGES, page


@pytest.mark.parametrize("block", BLOCKS, ids=_id)
def test_readme_block_is_a_complete_program(block: Block) -> None:
    """Parses, and has no placeholder bodies such as ``def llm(prompt): ...``."""
    tree = ast.parse(block.code, filename=f"{block.page}:{block.line}")
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = [n for n in node.body if not _is_docstring(n)]
            stub = all(isinstance(n, ast.Pass) or _is_ellipsis(n) for n in body)
            where = f"{block.page}:{node.lineno + block.line}"
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
    # from the bottom up; where one print's end and the next one's begin meet, the begin goes in first
    # so that the end lands above it
    for at, text in sorted(inserts, key=lambda item: (item[0], " begin " in item[1]), reverse=True):
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
    adjacent = 'print("a")  # -> a\nprint("b")  # -> b\n'  # one print's end marker meets the next one's begin
    done = subprocess.run([sys.executable, "-c", instrument(adjacent)], capture_output=True, text=True, check=True)
    assert check_printed(adjacent, done.stdout) == [] and printed_outputs(done.stdout) == {0: ["a\n"], 1: ["b\n"]}
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
        pytest.skip(f"{block.page}:{block.line} {marker}")
    if marker.startswith("needs "):
        var = marker.split()[1]
        if not os.environ.get(var):
            pytest.skip(f"{block.page}:{block.line} needs {var} (scripts/test.sh sets it)")
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
    proc = subprocess.run(  # every warning shown (-W default): a clean run prints none (issue 34)
        [sys.executable, "-W", "default", str(script)], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=1800,  # a hang guard only; the shared model server can be slow
    )
    assert proc.returncode == 0, (
        f"{block.page}:{block.line} ({block.name}) exited {proc.returncode}\n"
        f"--- stdout ---\n{proc.stdout[-3000:]}\n--- stderr ---\n{proc.stderr[-5000:]}"
    )
    warned = [line for line in proc.stderr.splitlines() if re.search(r"\w+Warning\b", line)]
    assert not warned, f"{block.page}:{block.line} ({block.name}) warned:\n" + "\n".join(warned)
    problems = check_printed(block.code, proc.stdout)
    assert not problems, (
        f"{block.page}:{block.line} ({block.name}) printed something else than its comments say:\n"
        + "\n".join(problems) + f"\n--- stdout ---\n{proc.stdout[-3000:]}"
    )


def test_stub_functions_are_caught() -> None:
    (block,) = readme_python_blocks("# Q\n```python\ndef llm(prompt: str) -> str: ...\n```\n")
    with pytest.raises(AssertionError, match=r"README.md:3\): llm\(\) is a stub"):
        test_readme_block_is_a_complete_program(block)
