"""Where a recorded result came from: commit, dirty flag, date, machine and command.

Every file the benchmark tooling and ``scripts/`` write carries :func:`provenance` under the
key ``"provenance"`` (issue 20, "Every number traces to a file"), so a number in
BENCHMARKS.md or README.md can be traced to the code and machine that produced it.
"""

from __future__ import annotations

import os
import platform
import shlex
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

__all__ = ["cpu_model", "git_state", "provenance", "provenance_line"]

_ROOT = Path(__file__).resolve().parents[2]


def _code_root() -> Path:
    """The checkout of the cache code this process runs (a PYTHONPATH worktree may shadow the
    editable install beside this tooling), else the tooling's own checkout."""
    try:
        import stepcache_integrations
    except ImportError:
        return _ROOT
    return Path(stepcache_integrations.__file__).resolve().parents[1]


def _git(*args: str, cwd: Path = _ROOT) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_state(cwd: Path | None = None) -> dict[str, Any]:
    """``{"commit": short sha or None, "dirty": bool or None}`` of the checkout the code runs from.

    Dirty means tracked files differ from the commit (untracked files are not counted).
    """
    cwd = _code_root() if cwd is None else cwd
    commit = _git("rev-parse", "--short", "HEAD", cwd=cwd)
    status = _git("status", "--porcelain", "--untracked-files=no", cwd=cwd) if commit else None
    return {"commit": commit, "dirty": None if status is None else bool(status)}


def cpu_model() -> str:
    """The CPU model name (``/proc/cpuinfo``), else what :mod:`platform` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 0


def provenance(command: str | None = None, **extra: Any) -> dict[str, Any]:
    """Commit, dirty flag, UTC date, machine (CPU model, cores) and command of this run.

    ``command`` defaults to the running process's command line.
    """
    if command is None:
        command = " ".join(shlex.quote(a) for a in [Path(sys.executable).name, *sys.argv])
    record: dict[str, Any] = {
        **git_state(),
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": {
            "cpu": cpu_model(),
            "cores": _cores(),
            "platform": platform.platform(),
            "python": platform.python_version(),
        },
        "command": command,
    }
    record.update(extra)
    return record


def provenance_line(record: dict[str, Any]) -> str:
    """One line for the top of a recorded text file."""
    machine = record.get("machine", {})
    dirty = " (dirty)" if record.get("dirty") else ""
    return (f"provenance: commit {record.get('commit')}{dirty}, {record.get('date')}, "
            f"{machine.get('cpu')}, {machine.get('cores')} cores, command: {record.get('command')}")
