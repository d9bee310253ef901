"""``stepcache bench``: run the paper's benchmark against a real model endpoint."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["register", "run_cli"]


def register(subparsers: Any) -> None:
    """Add ``bench`` to the ``stepcache`` command."""
    parser = subparsers.add_parser(
        "bench",
        help="benchmark StepCache against no cache, exact-match and semantic caches on a real model",
        description=(
            "Run the paper's benchmark (linear equations + JSON, perturbed prompts) on every system "
            "side by side against one OpenAI-compatible endpoint. Without --base-url, starts the "
            "local llama.cpp + SmolLM2-135M-Instruct server itself and stops it afterwards. Writes "
            "report.md, results.json and PNG plots to --out."
        ),
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--tiny",
        dest="mode",
        action="store_const",
        const="tiny",
        help="a handful of requests (CI smoke test)",
    )
    mode.add_argument(
        "--quick",
        dest="mode",
        action="store_const",
        const="quick",
        help="one seed, 5 base prompts per task, 1 variant per kind (default; a few minutes)",
    )
    mode.add_argument(
        "--full",
        dest="mode",
        action="store_const",
        const="full",
        help="the paper's three seeds (42, 43, 44), 10 base prompts per task, 3 variants",
    )
    parser.set_defaults(mode="quick")
    parser.add_argument(
        "--seeds", default=None, help="comma-separated seeds (overrides the mode's)"
    )
    parser.add_argument(
        "--n-base", type=int, default=None, help="base prompts per task (1-10)"
    )
    parser.add_argument(
        "-k",
        "--variants",
        type=int,
        default=None,
        help="variants per perturbation kind",
    )
    parser.add_argument(
        "--systems",
        default=None,
        help="comma-separated subset of no_cache,exact,semantic,gptcache,stepcache",
    )
    parser.add_argument(
        "--threshold",
        type=float,
        default=None,
        help="cosine threshold of the semantic caches and StepCache (default: StepCache's default)",
    )
    parser.add_argument(
        "--base-url",
        default=None,
        help="an OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp, hosted); default: start the local server",
    )
    parser.add_argument("--model", default=None, help="model name sent to the endpoint")
    parser.add_argument("--api-key", default="local", help="API key sent to --base-url (default: local)")
    parser.add_argument("--max-tokens", type=int, default=256, help="answer length limit per model call (default 256)")
    parser.add_argument(
        "--no-cache-prompt-flag",
        action="store_true",
        help="do not send cache_prompt=false (for endpoints that reject unknown fields)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help="port of the local server (default: a free one)",
    )
    parser.add_argument(
        "--out",
        default="bench_results",
        help="output directory (default bench_results/)",
    )
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.add_argument(
        "--render-only",
        metavar="RESULTS_JSON[.gz]",
        default=None,
        help="re-check the stored answers and re-render report.md, results.json and plots into --out",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Entry point of ``stepcache bench``."""
    from ..serving.client import ChatModelLLM, make_chat_openai
    from .report import MAIN_HEADERS, _main_rows, format_table, write_outputs
    from .runner import BenchConfig, run_benchmark

    if args.render_only:
        import json

        from .integrity import check
        from .workload import Request

        source = Path(args.render_only)
        if source.suffix == ".gz":
            import gzip

            results = json.loads(gzip.decompress(source.read_bytes()).decode())
        else:
            results = json.loads(source.read_text())
        results.pop("summary", None)
        # re-run the (current) integrity checker on the stored answers
        for data in results["seeds"].values():
            requests = {r["id"]: Request(**r) for r in data["workload"]["requests"]}
            for record in data["records"]:
                verdict = check(record["text"], requests[record["request_id"]])
                record.update(
                    task_ok=verdict.task_ok,
                    integrity_ok=verdict.integrity_ok,
                    problems=verdict.problems,
                )
        written = write_outputs(results, args.out, plots=not args.no_plots)
        print(f"report:  {written['report']}")
        return 0

    overrides: dict[str, Any] = {
        "n_base": args.n_base,
        "k": args.variants,
        "threshold": args.threshold,
        "max_tokens": args.max_tokens,
        "command": "stepcache " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        if sys.argv and Path(sys.argv[0]).name in ("stepcache", "cli.py", "__main__.py")
        else "stepcache bench --" + args.mode,
    }
    if args.seeds:
        overrides["seeds"] = [int(s) for s in args.seeds.split(",") if s.strip()]
    if args.systems:
        overrides["systems"] = [s.strip() for s in args.systems.split(",") if s.strip()]
    config = BenchConfig.for_mode(args.mode, **overrides)
    config.disable_server_prompt_cache = not args.no_cache_prompt_flag

    server = None
    base_url, model = args.base_url, args.model
    if not base_url:
        from ..serving import LocalModelServer, ServerError

        print(
            "stepcache bench: starting the local model server (llama.cpp + SmolLM2-135M-Instruct)...",
            file=sys.stderr,
        )
        server = LocalModelServer(port=args.port)
        try:
            server.start()
        except ServerError as exc:
            print(f"stepcache bench: {exc}", file=sys.stderr)
            return 1
        base_url, model = server.base_url, model or server.model
        print(
            f"stepcache bench: server at {base_url} (pid {server.pid})", file=sys.stderr
        )
    model = model or "smollm2-135m-instruct"
    config.base_url, config.model = base_url, model
    try:
        chat = make_chat_openai(
            base_url,
            model=model,
            api_key=args.api_key,
            max_tokens=args.max_tokens,
            cache_prompt=False if config.disable_server_prompt_cache else None,
        )
        llm = ChatModelLLM(chat)
        started = time.perf_counter()
        results = run_benchmark(config, llm, progress=not args.no_progress)
        results["wall_clock_s"] = time.perf_counter() - started
    finally:
        if server is not None:
            server.stop()
    written = write_outputs(results, args.out, plots=not args.no_plots)
    summary = written["summary"]
    print()
    print(
        format_table(MAIN_HEADERS, _main_rows(summary["averaged"], summary["systems"]))
    )
    print()
    for key, target in summary.get("targets", {}).items():
        print(
            f"  StepCache {key}: {'met' if target['met'] else 'NOT met'} (target {target['target']})"
        )
    print(f"\nreport:  {written['report']}\nresults: {written['results']}")
    for title, path in written["plots"].items():
        print(f"plot:    {path}  ({title})")
    print(f"wall clock: {results['wall_clock_s']:.0f} s")
    return 0
