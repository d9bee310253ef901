"""Server lifecycle tooling without the model: stop by PID (SIGTERM then SIGKILL), pidfiles, ports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from stepcache_bench.serving import (
    LocalModelServer,
    ServerError,
    find_free_port,
    local_model_available,
    stop_pid,
    stop_pidfile,
)
from stepcache_bench.serving.local_server import _pid_alive

_IGNORES_SIGTERM = (
    "import signal, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "print('ready', flush=True)\n"
    "time.sleep(120)\n"
)


def _spawn(code: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()  # wait until the handler is installed
    return proc


def test_stop_pid_kills_a_process_that_ignores_sigterm() -> None:
    proc = _spawn(_IGNORES_SIGTERM)
    assert stop_pid(proc.pid, grace=0.3, process=proc) is True
    assert proc.poll() is not None
    assert proc.returncode == -9  # it took SIGKILL


def test_stop_pid_terminates_politely_first() -> None:
    proc = _spawn("import time\nprint('ready', flush=True)\ntime.sleep(120)\n")
    assert stop_pid(proc.pid, grace=10, process=proc) is True
    assert proc.returncode == -15  # SIGTERM was enough


def test_stop_pid_on_a_dead_process_is_a_no_op() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    assert stop_pid(proc.pid, grace=0.1, process=proc) is False


def test_stop_pid_refuses_init() -> None:
    with pytest.raises(ServerError):
        stop_pid(1)


def test_stop_pidfile_leaves_foreign_processes_alone(tmp_path: Path) -> None:
    proc = _spawn(
        _IGNORES_SIGTERM
    )  # not a stepcache server: PID reuse guard must spare it
    try:
        pidfile = tmp_path / "server.pid"
        pidfile.write_text(f"{proc.pid}\n")
        assert stop_pidfile(pidfile, grace=0.2) is False
        assert not pidfile.exists()
        assert _pid_alive(proc.pid)
    finally:
        stop_pid(proc.pid, grace=0.2, process=proc)


def test_stop_pidfile_missing_or_garbage(tmp_path: Path) -> None:
    assert stop_pidfile(tmp_path / "none.pid") is False
    bad = tmp_path / "bad.pid"
    bad.write_text("not a pid")
    assert stop_pidfile(bad) is False


def test_free_port_is_bindable() -> None:
    import socket

    port = find_free_port()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))


def test_base_url_before_start_raises() -> None:
    server = LocalModelServer()
    with pytest.raises(ServerError):
        _ = server.base_url
    assert not server.running
    assert server.stop() is False


def test_start_fails_cleanly_when_the_child_dies(tmp_path: Path) -> None:
    missing = tmp_path / "missing.gguf"
    missing.write_bytes(b"not a gguf")
    server = LocalModelServer(
        model_path=missing, startup_timeout=120, pidfile=tmp_path / "s.pid"
    )
    if not local_model_available()[0]:
        pytest.skip("xllamacpp not installed")
    # The exit reason, not a wall-clock bound: start() must notice that the child died on
    # the bad file (not wait out its startup timeout and report that it never answered).
    with pytest.raises(ServerError, match=r"server process exited with code \d+ before answering") as info:
        server.start()
    assert "did not answer within" not in str(info.value)
    assert "--- server log tail ---" in str(info.value)
    assert not server.running
    assert not (tmp_path / "s.pid").exists()


def test_command_line_pins_threads_and_slots(tmp_path: Path) -> None:
    server = LocalModelServer(
        model_path=tmp_path / "m.gguf", port=1234, pidfile=tmp_path / "p"
    )
    cmd = server.command()
    assert cmd[1:3] == ["-m", "stepcache_bench.serving"]
    assert cmd[cmd.index("--threads") + 1] == "1"
    assert cmd[cmd.index("--parallel") + 1] == "1"
    assert "--pidfile" in cmd


def test_client_sends_cache_prompt_false() -> None:
    from stepcache_bench.serving.client import make_chat_openai

    chat = make_chat_openai("http://127.0.0.1:9/v1")
    assert chat.extra_body == {"cache_prompt": False}
    assert chat.temperature == 0
    assert make_chat_openai("http://127.0.0.1:9/v1", cache_prompt=None).extra_body in (
        None,
        {},
    )
