"""scripts/start_postgres.sh and stop_postgres.sh: one port and data directory per checkout
and user (derived like `stepcache serve-local`'s state directory), found again by stop.

``--print-config`` prints what the scripts would use without starting or stopping anything;
the server itself is exercised in tests/integration/test_postgres_scripts.py."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "scripts"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="the scripts need bash")


def checkout(root: Path) -> Path:
    """A fake checkout holding copies of the two scripts."""
    (root / "scripts").mkdir(parents=True)
    for name in ("start_postgres.sh", "stop_postgres.sh"):
        shutil.copy(SCRIPTS / name, root / "scripts" / name)
    return root


def config(repo: Path, script: str, **env: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("STEPCACHE_PG_")}
    base.update(PYTHON=sys.executable, **env)
    out = subprocess.run(
        ["bash", str(repo / "scripts" / script), "--print-config"],
        env=base, capture_output=True, text=True, timeout=60, cwd="/",
    )
    assert out.returncode == 0, out.stderr
    return dict(line.split("=", 1) for line in out.stdout.splitlines())


def expected(repo: Path, tmpdir: str) -> tuple[int, str]:
    """The port and data directory of a checkout for this user (the scripts' recipe)."""
    root = str(repo.resolve())
    digest = hashlib.sha256(f"{root}:{os.getuid()}".encode()).hexdigest()
    port = 20000 + int(digest[:8], 16) % 12000
    data = f"{tmpdir}/stepcache-pg-{os.getuid()}/{os.path.basename(root)[:24]}-{digest[:10]}/data"
    return port, data


def test_each_checkout_gets_its_own_port_and_data_directory(tmp_path):
    a = checkout(tmp_path / "a" / "repo")
    b = checkout(tmp_path / "b" / "repo")  # same directory name, another checkout
    tmpdir = str(tmp_path / "tmp")
    start_a = config(a, "start_postgres.sh", TMPDIR=tmpdir)
    start_b = config(b, "start_postgres.sh", TMPDIR=tmpdir)
    assert start_a["PORT"] != start_b["PORT"] and start_a["DATA"] != start_b["DATA"]
    for repo, start in ((a, start_a), (b, start_b)):
        port, data = expected(repo, tmpdir)
        assert start == {"PORT": str(port), "DATA": data}  # the checkout's path and the uid
        assert 20000 <= port < 32000  # below Linux's ephemeral ports
        assert config(repo, "stop_postgres.sh", TMPDIR=tmpdir) == {"DATA": data}  # stop finds it
        assert config(repo, "start_postgres.sh", TMPDIR=tmpdir) == start  # stable
    assert not (tmp_path / "tmp").exists()  # --print-config creates nothing


def test_the_environment_still_overrides_port_and_data(tmp_path):
    repo = checkout(tmp_path / "repo")
    data = str(tmp_path / "elsewhere")
    env = {"STEPCACHE_PG_PORT": "45678", "STEPCACHE_PG_DATA": data}
    assert config(repo, "start_postgres.sh", **env) == {"PORT": "45678", "DATA": data}
    assert config(repo, "stop_postgres.sh", **env) == {"DATA": data}


def test_this_checkouts_default_is_not_the_old_shared_one():
    start = config(REPO, "start_postgres.sh", TMPDIR="/tmp")
    assert start["PORT"] != "55432" and "/tmp/stepcache_pg/" not in start["DATA"]
    assert start == dict(zip(("PORT", "DATA"), map(str, expected(REPO, "/tmp")), strict=True))


def test_unknown_arguments_are_refused(tmp_path):
    repo = checkout(tmp_path / "repo")
    env = dict(os.environ, PYTHON=sys.executable, STEPCACHE_PG_DATA=str(tmp_path / "none"))
    for script in ("start_postgres.sh", "stop_postgres.sh"):
        out = subprocess.run(["bash", str(repo / "scripts" / script), "--bogus"],
                             env=env, capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and "unknown argument" in out.stderr
