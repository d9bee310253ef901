"""The CLI transcript of docs/operations.md is replayed (issue 34): the program before it fills a
store, each ``$ stepcache ...`` line runs, and what it prints must be what the page shows. Entry ids
are random, so the page's ids stand for the ones the replay's ``list`` printed, and every id a
command takes must be one an earlier command printed (no unexplained ``3f9c``)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from tests.integration.test_readme import matches, readme_python_blocks

REPO = Path(__file__).resolve().parents[2]
PAGE = "docs/operations.md"
_ID = re.compile(r"\b[0-9a-f]{32}\b")
_AGE = re.compile(r"\b\d+(?:\.\d)?[smhd]\b")


def transcript() -> tuple[str, list[tuple[list[str], str]]]:
    """The python block before the console block, and the console block's (command, output) pairs."""
    text = (REPO / PAGE).read_text(encoding="utf-8")
    start = text.index("```console\n")
    body = text[start + len("```console\n") : text.index("\n```", start)]
    fill = [b for b in readme_python_blocks(text, PAGE) if text.count("\n", 0, start) + 1 > b.line][-1]
    steps: list[tuple[list[str], str]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:], comments=True), ""))
        else:
            steps[-1] = (steps[-1][0], steps[-1][1] + line + "\n")
    return fill.code, steps


def _normal(text: str) -> str:
    return _AGE.sub("AGE", text)


def test_every_id_a_command_takes_was_printed_before() -> None:
    _, steps = transcript()
    printed: list[str] = []
    takes_id = 0
    for argv, output in steps:
        if argv[:2] in (["stepcache", "show"], ["stepcache", "delete"]):
            takes_id += 1
            assert any(entry.startswith(argv[2]) for entry in printed), (argv, printed)
        printed += _ID.findall(output)
    assert takes_id >= 2


def test_the_cli_transcript_replays(tmp_path: Path) -> None:
    code, steps = transcript()
    env = dict(os.environ, PYTHONPATH=str(REPO), OMP_NUM_THREADS="1", COLUMNS="80")
    env.pop("STEPCACHE_STORE", None)
    filled = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert filled.returncode == 0, filled.stderr
    real_of: dict[str, str] = {}  # the page's id -> the replay's
    for argv, shown in steps:
        if argv[0] == "export":
            name, value = argv[1].split("=", 1)
            env[name] = value
            continue
        assert argv[0] == "stepcache", argv
        args = [next((real[: len(arg)] for page_id, real in real_of.items() if page_id.startswith(arg)), arg)
                if re.fullmatch(r"[0-9a-f]{4,32}", arg) else arg for arg in argv[1:]]
        done = subprocess.run([sys.executable, "-m", "stepcache_integrations.cli", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (argv, done.stderr)
        printed = done.stdout + done.stderr
        page_ids, real_ids = _ID.findall(shown), _ID.findall(printed)
        assert len(page_ids) == len(real_ids), (argv, printed)
        for page_id, real in zip(page_ids, real_ids, strict=True):
            assert real_of.setdefault(page_id, real) == real, (argv, page_id)
            printed = printed.replace(real, page_id)
        assert matches(_normal(shown), _normal(printed)), f"$ {shlex.join(argv)}\n--- page ---\n{shown}--- printed ---\n{printed}"
