"""Child-process entry point: run llama.cpp's OpenAI-compatible server until signalled.

``python -m stepcache_bench.serving --model PATH --port N [...]``. Normally started
by :class:`~stepcache_bench.serving.LocalModelServer` or ``stepcache serve-local``.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path


def build_server_params(args: argparse.Namespace) -> object:
    """``xllamacpp.CommonParams`` for a single-slot, fixed-thread, seeded server."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = str(args.model)
    params.hostnames = [args.host]
    params.port = int(args.port)
    params.cpuparams.n_threads = int(args.threads)
    params.cpuparams_batch.n_threads = int(args.threads)
    params.n_parallel = int(args.parallel)
    params.n_ctx = int(args.ctx)
    params.sampling.seed = int(args.seed)
    params.n_predict = int(args.n_predict)  # the default of a request that sets no max_tokens
    params.model_alias = (
        {args.alias} if isinstance(params.model_alias, set) else [args.alias]
    )
    return params


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server in this process until SIGTERM/SIGINT."""
    parser = argparse.ArgumentParser(prog="python -m stepcache_bench.serving")
    parser.add_argument("--model", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--ctx", type=int, default=2048)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--n-predict", type=int, default=-1)
    parser.add_argument("--alias", default="smollm2-135m-instruct")
    parser.add_argument("--pidfile", default=None)
    args = parser.parse_args(argv)

    stop = {"requested": False}

    def _on_signal(signum: int, _frame: object) -> None:
        stop["requested"] = True

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)

    import xllamacpp

    params = build_server_params(args)
    server = xllamacpp.Server(params)
    print(
        f"stepcache local model server listening on {server.listening_address}",
        flush=True,
    )
    if args.pidfile:
        Path(args.pidfile).write_text(f"{os.getpid()}\n")
    while not stop["requested"]:
        time.sleep(0.2)
    print("stepcache local model server stopping", flush=True)
    # llama.cpp's HTTP threads do not always shut down promptly; leave without waiting.
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
