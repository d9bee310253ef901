"""``stepcache serve-local`` / ``stop-local`` through the real console entry points (subprocess,
exit codes): ``stepcache-bench`` (``python -m stepcache_bench.cli``) and, for the README's
``eval`` line, the library's ``stepcache`` (which finds the commands through the
``stepcache.commands`` entry points), against a stand-in server process: no model needed.

The stand-in answers ``/v1/models`` and ``/v1/chat/completions`` like llama.cpp and carries
``stepcache_bench.serving`` on its command line, so the CLI's PID-reuse guard treats
it as one of its own servers.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from stepcache_bench.cli import build_parser
from stepcache_bench.serving import cli_commands
from stepcache_bench.serving.local_server import _pid_alive, find_free_port, stop_pid

REPO = Path(__file__).resolve().parents[3]
# this checkout's library and tooling, not whatever else is installed
PYTHONPATH = os.pathsep.join([str(REPO), str(REPO / "tooling")])

_FAKE_SERVER = r"""
import json, signal, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
port, answer = int(sys.argv[1]), sys.argv[2] == "answer"
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def _send(self, obj):
        body = json.dumps(obj).encode()
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def do_GET(self): self._send({"data": [{"id": "smollm2-135m-instruct"}]})
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._send({"choices": [{"message": {"role": "assistant", "content": "OK"}}]})
signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
if answer:
    srv = HTTPServer(("127.0.0.1", port), H)
    print("ready", flush=True)
    srv.serve_forever()
else:
    print("ready", flush=True)
    signal.pause()
"""


def run_cli(
    *argv: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    full_env = dict(os.environ, PYTHONPATH=PYTHONPATH, OMP_NUM_THREADS="1")
    full_env.pop("STEPCACHE_LOCAL_STATE_DIR", None)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "stepcache_bench.cli", *argv],
        env=full_env, capture_output=True, text=True, timeout=timeout,
    )


@pytest.fixture
def fake_server(tmp_path: Path):
    """Start a stand-in server; returns a function(answer=True) -> (proc, port)."""
    procs: list[subprocess.Popen[str]] = []

    def start(answer: bool = True) -> tuple[subprocess.Popen[str], int]:
        port = find_free_port()
        proc = subprocess.Popen(
            [sys.executable, "-c", _FAKE_SERVER, str(port), "answer" if answer else "silent",
             "stepcache_bench.serving"],
            stdout=subprocess.PIPE, text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        procs.append(proc)
        return proc, port

    yield start
    for proc in procs:
        stop_pid(proc.pid, grace=2, process=proc)


def default_settings(port: int) -> dict[str, object]:
    args = build_parser().parse_args(["serve-local"])
    return dict(cli_commands._settings(args), port=port)


def write_state(state: Path, proc: subprocess.Popen[str], port: int, *, json_file: bool = True) -> str:
    state.mkdir(parents=True, exist_ok=True)
    url = f"http://127.0.0.1:{port}/v1"
    (state / "server.pid").write_text(f"{proc.pid}\n")
    (state / "server.env").write_text(cli_commands.export_lines(url, "smollm2-135m-instruct", proc.pid))
    if json_file:
        (state / "server.json").write_text(json.dumps(
            {"base_url": url, "model": "smollm2-135m-instruct", "pid": proc.pid,
             "settings": default_settings(port)}))
    return url


def test_second_background_start_reuses_the_live_server(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server()
    state = tmp_path / "my state"
    url = write_state(state, proc, port)
    out = run_cli("serve-local", "--background", "--export", "--state-dir", str(state))
    assert out.returncode == 0, out.stderr
    assert f"export STEPCACHE_LLM_BASE_URL={url}" in out.stdout.splitlines()
    assert "export STEPCACHE_LLM_MODEL=smollm2-135m-instruct" in out.stdout.splitlines()
    assert "reusing" in out.stderr and f"pid {proc.pid}" in out.stderr
    # the stop hint names the state dir that was given (quoted for the shell)
    assert f"stepcache stop-local --state-dir {shlex.quote(str(state))}" in out.stderr
    assert proc.poll() is None and (state / "server.pid").read_text().strip() == str(proc.pid)
    plain = run_cli("serve-local", "--background", "--state-dir", str(state))
    assert plain.returncode == 0 and plain.stdout == url + "\n"


def test_export_output_works_with_eval(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server()
    state = tmp_path / "state"
    url = write_state(state, proc, port)
    cmd = (
        f'eval "$({shlex.quote(sys.executable)} -m stepcache_integrations.cli serve-local '
        f'--background --export --state-dir {shlex.quote(str(state))})" && '
        'echo "$STEPCACHE_LLM_BASE_URL $STEPCACHE_LLM_MODEL $STEPCACHE_LLM_PID"'
    )
    out = subprocess.run(
        ["bash", "-c", cmd], env=dict(os.environ, PYTHONPATH=PYTHONPATH),
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [url, "smollm2-135m-instruct", str(proc.pid)]


def test_server_from_an_older_version_without_settings_is_reused(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server()
    state = tmp_path / "state"
    url = write_state(state, proc, port, json_file=False)
    out = run_cli("serve-local", "--background", "--state-dir", str(state))
    assert out.returncode == 0, out.stderr
    assert out.stdout == url + "\n" and proc.poll() is None


def test_live_server_with_other_settings_is_refused_not_orphaned(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server()
    state = tmp_path / "state"
    write_state(state, proc, port)
    out = run_cli("serve-local", "--background", "--ctx", "4096", "--state-dir", str(state))
    assert out.returncode == 1
    assert "other settings" in out.stderr and "ctx" in out.stderr
    assert f"stepcache stop-local --state-dir {state}" in out.stderr
    assert out.stdout == ""
    assert proc.poll() is None and (state / "server.pid").read_text().strip() == str(proc.pid)


def test_live_server_that_does_not_answer_is_refused_not_orphaned(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server(answer=False)
    state = tmp_path / "state"
    write_state(state, proc, port)
    out = run_cli("serve-local", "--background", "--state-dir", str(state))
    assert out.returncode == 1
    assert "not answering" in out.stderr and "stop-local --state-dir" in out.stderr
    assert proc.poll() is None and (state / "server.pid").exists()


def test_foreground_start_refuses_a_pidfile_of_a_live_server(tmp_path: Path, fake_server) -> None:
    proc, _port = fake_server()
    pidfile = tmp_path / "s.pid"
    pidfile.write_text(f"{proc.pid}\n")
    out = run_cli("serve-local", "--pidfile", str(pidfile))
    assert out.returncode == 1
    assert "already running" in out.stderr and f"--pidfile {pidfile}" in out.stderr
    assert proc.poll() is None


def test_stale_pidfile_is_replaced_and_a_failed_start_leaves_nothing(tmp_path: Path) -> None:
    from stepcache_bench.serving import local_model_available

    if not local_model_available()[0]:
        pytest.skip("xllamacpp not installed")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    state = tmp_path / "state"
    state.mkdir()
    (state / "server.pid").write_text(f"{dead.pid}\n")
    (state / "server.env").write_text("export STEPCACHE_LLM_BASE_URL=http://127.0.0.1:9/v1\n")
    bad_model = tmp_path / "bad.gguf"
    bad_model.write_bytes(b"not a gguf")
    out = run_cli(
        "serve-local", "--background", "--state-dir", str(state), "--model-path", str(bad_model),
        "--timeout", "120",
    )
    assert out.returncode == 1
    assert "exited with code" in out.stderr  # the new server was started and died on the bad file
    assert not (state / "server.pid").exists() and not (state / "server.env").exists()


def test_stop_local_stops_by_pidfile_in_the_given_state_dir(tmp_path: Path, fake_server) -> None:
    proc, port = fake_server()
    state = tmp_path / "state"
    write_state(state, proc, port)
    out = run_cli("stop-local", "--state-dir", str(state), "--grace", "5")
    assert out.returncode == 0 and "stopped" in out.stderr
    proc.wait(timeout=30)
    assert not _pid_alive(proc.pid)
    assert not any((state / n).exists() for n in ("server.pid", "server.env", "server.json"))
    again = run_cli("stop-local", "--state-dir", str(state))
    assert again.returncode == 0 and "nothing to stop" in again.stderr


def test_default_state_dir_is_per_user_and_per_checkout(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("STEPCACHE_LOCAL_STATE_DIR", raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    here = cli_commands.default_state_dir()
    assert here.parent == tmp_path / f"stepcache-{os.getuid()}"
    monkeypatch.setattr(cli_commands, "_PKG_ROOT", tmp_path / "another-checkout")
    other = cli_commands.default_state_dir()
    assert other != here and other.parent == here.parent
    assert "another-checkout" in other.name
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    (tmp_path / "run").mkdir()
    assert cli_commands.default_state_dir().parent == tmp_path / "run" / "stepcache"
    monkeypatch.setenv("STEPCACHE_LOCAL_STATE_DIR", str(tmp_path / "explicit"))
    assert cli_commands.default_state_dir() == tmp_path / "explicit"


def test_default_state_dir_parent_is_private(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("STEPCACHE_LOCAL_STATE_DIR", raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    state = cli_commands.default_state_dir()
    cli_commands._make_state_dir(state)
    assert state.is_dir()
    assert (state.parent.stat().st_mode & 0o777) == 0o700
