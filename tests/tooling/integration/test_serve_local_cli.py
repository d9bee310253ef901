"""``stepcache serve-local --background`` with the real model: a second start reuses the first
server (no orphan), ``--export`` output feeds ``eval``, ``stop-local --state-dir`` stops it."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from stepcache_bench.serving import local_model_available, wait_until_ready
from stepcache_bench.serving.local_server import _pid_alive

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[3]


def stepcache(*argv: str) -> subprocess.CompletedProcess[str]:
    # the library's `stepcache` (README route: the commands come from the stepcache.commands
    # entry points), on this checkout's library and tooling
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "tooling")]), OMP_NUM_THREADS="1")
    env.pop("STEPCACHE_LOCAL_STATE_DIR", None)
    return subprocess.run(
        [sys.executable, "-m", "stepcache_integrations.cli", *argv],
        env=env, capture_output=True, text=True, timeout=900,
    )


def test_background_twice_reuses_then_stop(tmp_path: Path) -> None:
    ok, reason = local_model_available()
    if not ok:
        pytest.skip(reason)
    state = tmp_path / "state"
    first = stepcache("serve-local", "--background", "--export", "--state-dir", str(state))
    try:
        assert first.returncode == 0, first.stderr
        exports = dict(
            line.removeprefix("export ").split("=", 1) for line in first.stdout.splitlines()
        )
        url, pid = shlex.split(exports["STEPCACHE_LLM_BASE_URL"])[0], int(exports["STEPCACHE_LLM_PID"])
        assert f"stop-local --state-dir {state}" in first.stderr
        wait_until_ready(url, timeout=60)
        second = stepcache("serve-local", "--background", "--export", "--state-dir", str(state))
        assert second.returncode == 0, second.stderr
        assert second.stdout == first.stdout and "reusing" in second.stderr
        assert (state / "server.pid").read_text().strip() == str(pid)
        assert _pid_alive(pid)
    finally:
        stop = stepcache("stop-local", "--state-dir", str(state))
    assert stop.returncode == 0 and "stopped" in stop.stderr
    assert not _pid_alive(pid)
    assert not (state / "server.pid").exists()
