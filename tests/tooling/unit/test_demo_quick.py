"""The README demo's quick run (issue 21: ``bash scripts/demo.sh`` in under 5 minutes on 2 cores)
and the setup it runs: the quick run stays a side-by-side comparison on the paper's math + JSON
workload (both task families, every perturbation kind), only smaller; ``setup.sh`` skips the
installation when the installed profile covers the one asked for."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stepcache_bench.bench.cli_commands import _config, register
from stepcache_bench.bench.runner import BenchConfig, plan_run
from stepcache_bench.bench.workload import JSON_KINDS, MATH_KINDS

ROOT = Path(__file__).resolve().parents[3]


def _parse(*argv: str):
    import argparse

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    return parser.parse_args(["bench", *argv])


def test_quick_keeps_both_task_families_and_every_kind() -> None:
    config = BenchConfig.for_mode("quick")
    assert (config.seeds, config.n_base, config.k, config.held_out_seeds) == ([42], 2, 1, [])
    assert config.control  # the always-wrong-model control row stays
    (plan,) = plan_run(config)
    requests = plan.workload.requests
    assert len(requests) == 16 and len(plan.workload.bases) == 4
    kinds = {(r.task, r.kind) for r in requests}
    assert kinds == {("math", k) for k in MATH_KINDS} | {("json", k) for k in JSON_KINDS}


def test_quick_max_tokens_128_and_every_other_mode_256() -> None:
    assert BenchConfig.for_mode("quick").max_tokens == 128
    assert BenchConfig.for_mode("quick", hard=True).max_tokens == 256
    for mode in ("tiny", "full"):
        assert BenchConfig.for_mode(mode).max_tokens == 256
        assert BenchConfig.for_mode(mode, hard=True).max_tokens == 256


def test_cli_max_tokens_default_follows_the_mode_and_the_flag_overrides() -> None:
    assert _config(_parse()).max_tokens == 128  # --quick is the default mode
    assert _config(_parse("--quick")).max_tokens == 128
    assert _config(_parse("--full")).max_tokens == 256
    assert _config(_parse("--quick", "--max-tokens", "64")).max_tokens == 64
    assert _config(_parse("--full", "--n-base", "5", "-k", "1")).n_base == 5


def test_demo_script_runs_the_demo_setup_and_the_four_systems() -> None:
    text = (ROOT / "scripts" / "demo.sh").read_text()
    assert "bash scripts/setup.sh --demo" in text
    assert "--systems no_cache,semantic,gptcache,stepcache" in text
    assert "stepcache bench --quick" in text
    # CI and the test command install everything (the test tools included)
    for script in ("test.sh",):
        assert "bash scripts/setup.sh\n" in (ROOT / "scripts" / script).read_text()
    assert "bash scripts/setup.sh\n" in (ROOT / ".ci" / "run").read_text()


# -- setup.sh's reuse of an installed .venv (no pip run: a stand-in python refuses `-m pip`) ----------


def _checkout(tmp_path: Path, stamp_profile: str | None) -> Path:
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    (root / "tooling").mkdir()
    shutil.copy(ROOT / "scripts" / "setup.sh", root / "scripts" / "setup.sh")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    shutil.copy(ROOT / "tooling" / "pyproject.toml", root / "tooling" / "pyproject.toml")
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text(
        "#!/usr/bin/env bash\n"
        'if [ "${1:-}" = -m ] && [ "${2:-}" = pip ]; then echo "pip blocked in this test" >&2; exit 1; fi\n'
        f'exec {sys.executable} "$@"\n'
    )
    (bin_dir / "stepcache").write_text("#!/usr/bin/env bash\nexit 0\n")
    for exe in (python, bin_dir / "stepcache"):
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    want = subprocess.run(
        "cat pyproject.toml tooling/pyproject.toml | cksum", shell=True, cwd=root, capture_output=True, text=True,
        check=True,
    ).stdout.strip()
    line = want if stamp_profile is None else f"{want} {stamp_profile}"
    (root / ".venv" / ".stepcache-setup-stamp").write_text(line + "\n")
    return root


def _setup(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "STEPCACHE_SETUP_LOG"}
    return subprocess.run(["bash", "scripts/setup.sh", *args], cwd=root, capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.mark.parametrize(
    ("stamp", "args"),
    [("full", ()), ("full", ("--demo",)), ("demo", ("--demo",)), (None, ()), (None, ("--demo",))],
)
def test_setup_reuses_a_venv_whose_profile_covers_the_request(tmp_path: Path, stamp: str | None,
                                                               args: tuple[str, ...]) -> None:
    root = _checkout(tmp_path, stamp)
    started = time.monotonic()
    done = _setup(root, *args)
    assert done.returncode == 0, done.stderr
    assert "nothing to do" in done.stderr
    assert time.monotonic() - started < 30  # seconds at most, even on a loaded machine (no pip run)


def test_setup_installs_the_test_tools_over_a_demo_venv(tmp_path: Path) -> None:
    """A demo venv does not satisfy the full setup (scripts/test.sh, CI): it goes on to pip."""
    root = _checkout(tmp_path, "demo")
    done = _setup(root)
    assert done.returncode == 1
    assert "nothing to do" not in done.stderr
    assert "FAILED" in done.stderr and "pip blocked in this test" in done.stderr


def test_setup_reinstalls_when_a_pyproject_changed(tmp_path: Path) -> None:
    root = _checkout(tmp_path, "full")
    with (root / "tooling" / "pyproject.toml").open("a") as handle:
        handle.write("\n# changed\n")
    done = _setup(root, "--demo")
    assert done.returncode == 1 and "nothing to do" not in done.stderr


def test_setup_rejects_an_unknown_argument(tmp_path: Path) -> None:
    done = _setup(_checkout(tmp_path, "full"), "--bogus")
    assert done.returncode == 2 and "unknown argument" in done.stderr
