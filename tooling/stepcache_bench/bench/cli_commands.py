"""``stepcache bench``: run the paper's benchmark (or ``--hard``) against a real model endpoint.

The benchmark ships in the ``stepcache-bench`` tooling distribution (``pip install
"./tooling[all]"`` from a checkout), not in the library, so a user can rerun it against their
own endpoint without the library carrying it; see BENCHMARKS.md "What a pip user gets".
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["register", "run_cli"]


def register(subparsers: Any) -> None:
    """Add ``bench`` to the ``stepcache`` (entry point) and ``stepcache-bench`` commands."""
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
        help="one seed, 2 base prompts per task, 1 variant per kind (16 requests per system), max_tokens 128 "
        "(default; the README demo, a few minutes)",
    )
    mode.add_argument(
        "--full",
        dest="mode",
        action="store_const",
        const="full",
        help="the paper's three seeds (42, 43, 44) and held-out seeds 45-47, 10 base prompts per task, 3 variants",
    )
    parser.set_defaults(mode="quick")
    parser.add_argument(
        "--hard",
        action="store_true",
        help="the hard workload (the soundness issue's classes of change, oracle-checked) instead of the paper's",
    )
    parser.add_argument(
        "--seeds", default=None, help="comma-separated seeds (overrides the mode's; paper seeds unless --hard)"
    )
    parser.add_argument(
        "--held-out-seeds",
        default=None,
        help="comma-separated held-out seeds, reported separately (--full: 45,46,47; --full --hard: 48,49; "
        "'' for none)",
    )
    parser.add_argument(
        "--held-out-templates",
        default=None,
        metavar="SEEDS",
        help="with --hard: seeds of the held-out templates (bench_data/heldout_hard_templates.json), reported in "
        "their own rows (--full --hard: 48,49; '' for none)",
    )
    parser.add_argument(
        "--fake-model",
        choices=("reference", "wrong"),
        default=None,
        help="no server: answer with a scripted stand-in (reference: every prompt's reference answer; wrong: the "
        "control's always-wrong model). For smoke runs of the pipeline; its numbers say nothing about a model",
    )
    parser.add_argument(
        "--n-base", type=int, default=None, help="base prompts per task (1-10; with --hard: per class)"
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
    parser.add_argument(
        "--max-tokens",
        type=int,
        default=None,
        help="answer length limit per model call (default 256; --quick on the paper workload: 128)",
    )
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


def _seed_list(text: str | None) -> list[int] | None:
    return None if text is None else [int(s) for s in text.split(",") if s.strip()]


def _have_matplotlib() -> bool:
    import importlib.util

    if importlib.util.find_spec("matplotlib") is None:
        _phase('no plots: matplotlib is missing (pip install "stepcache-bench[bench]")')
        return False
    return True


def _phase(message: str) -> None:
    print(f"stepcache bench: {message}", file=sys.stderr, flush=True)


def _render_only(args: argparse.Namespace) -> int:
    """Re-check the stored answers with the current checker and re-render the outputs."""
    import gzip
    import json

    from .integrity import check
    from .report import answer_lines, terminal_summary, write_outputs
    from .workload import Request

    source = Path(args.render_only)
    raw = gzip.decompress(source.read_bytes()).decode() if source.suffix == ".gz" else source.read_text()
    results = json.loads(raw)
    results.pop("summary", None)
    for data in results["seeds"].values():
        requests = {r["id"]: Request(**r) for r in data["workload"]["requests"]}
        for block in (data, data.get("control") or {"records": []}):
            for record in block["records"]:
                verdict = check(record["text"], requests[record["request_id"]])
                record.update(task_ok=verdict.task_ok, integrity_ok=verdict.integrity_ok, problems=verdict.problems)
    written = write_outputs(results, args.out, plots=not args.no_plots)
    print(terminal_summary(written["summary"]))
    print(f"report:  {written['report']}")
    print("\n".join(answer_lines(results)))
    return 0


def _config(args: argparse.Namespace) -> Any:
    from .runner import BenchConfig

    overrides: dict[str, Any] = {
        "n_base": args.n_base,
        "k": args.variants,
        "threshold": args.threshold,
        "max_tokens": args.max_tokens,
        "seeds": _seed_list(args.seeds),
        "held_out_seeds": _seed_list(args.held_out_seeds),
        "template_seeds": _seed_list(args.held_out_templates) if args.hard else None,
        "command": "stepcache " + " ".join(shlex.quote(a) for a in sys.argv[1:])
        if sys.argv and Path(sys.argv[0]).name in ("stepcache", "stepcache-bench", "cli.py", "__main__.py")
        else f"stepcache bench --{args.mode}" + (" --hard" if args.hard else ""),
    }
    if args.systems:
        overrides["systems"] = [s.strip() for s in args.systems.split(",") if s.strip()]
    config = BenchConfig.for_mode(args.mode, hard=args.hard, **overrides)
    config.disable_server_prompt_cache = not args.no_cache_prompt_flag
    return config


def _start_server(args: argparse.Namespace) -> Any:
    from ..serving import LocalModelServer

    _phase("starting the local model server (llama.cpp + SmolLM2-135M-Instruct)...")
    server = LocalModelServer(port=args.port)
    server.start()
    _phase(f"server at {server.base_url} (pid {server.pid})")
    return server


def _print_outputs(written: dict[str, Any], results: dict[str, Any]) -> None:
    from .report import answer_lines, terminal_summary

    print()
    print(terminal_summary(written["summary"]))
    print(f"\nreport:  {written['report']}  (every table)\nresults: {written['results']}")
    for title, path in written["plots"].items():
        print(f"plot:    {path}  ({title})")
    print(f"wall clock: {results['wall_clock_s']:.0f} s")
    lines = answer_lines(results)
    if lines:  # where StepCache's answers came from; the last line counts them per source
        print("\n" + "\n".join(lines))


def _run_fake(args: argparse.Namespace, config: Any) -> int:
    """The whole pipeline against a scripted stand-in model (no server): a smoke run."""
    from .fake_model import ReferenceModel, WrongModel
    from .report import write_outputs
    from .runner import plan_run, run_benchmark

    config.base_url, config.model = "fake://", f"fake-{args.fake_model}"
    plans = plan_run(config)
    requests = [r for p in plans for r in p.workload.bases + p.workload.requests]
    model = ReferenceModel(requests) if args.fake_model == "reference" else WrongModel()
    _phase(f"{config.workload} workload against the fake model '{args.fake_model}' (no server): {len(plans)} seed "
           f"group(s), {len(requests)} prompts; the numbers say nothing about a model")
    started = time.perf_counter()
    results = run_benchmark(config, model, progress=not args.no_progress)
    results["wall_clock_s"] = time.perf_counter() - started
    written = write_outputs(results, args.out, plots=not args.no_plots and _have_matplotlib())
    _print_outputs(written, results)
    return 0


def run_cli(args: argparse.Namespace) -> int:
    """Entry point of ``stepcache bench``."""
    from ..serving import ServerError
    from ..serving.client import ChatModelLLM, make_chat_openai
    from .accounting import UsageMissingError
    from .report import write_outputs
    from .runner import plan_run, run_benchmark

    if args.render_only:
        return _render_only(args)
    if args.held_out_templates is not None and not args.hard:
        _phase("--held-out-templates needs --hard")
        return 2
    config = _config(args)
    if args.fake_model:
        return _run_fake(args, config)
    server = None
    base_url, model = args.base_url, args.model
    if not base_url:
        try:
            server = _start_server(args)
        except ServerError as exc:
            _phase(str(exc))
            return 1
        base_url, model = server.base_url, model or server.model
    config.base_url, config.model = base_url, model or "smollm2-135m-instruct"
    plans = plan_run(config)
    _phase(
        f"{config.workload} workload: {len(plans)} seed(s), {sum(len(p.workload.requests) for p in plans)} requests "
        f"per system after a warm-up of {sum(len(p.workload.bases) for p in plans)} base prompts, max_tokens "
        f"{config.max_tokens}; then the same again with an always-wrong stand-in model (control, no server)"
    )
    try:
        chat = make_chat_openai(
            base_url,
            model=config.model,
            api_key=args.api_key,
            max_tokens=config.max_tokens,
            cache_prompt=False if config.disable_server_prompt_cache else None,
        )
        started = time.perf_counter()
        results = run_benchmark(config, ChatModelLLM(chat), progress=not args.no_progress)
        results["wall_clock_s"] = time.perf_counter() - started
    except UsageMissingError as exc:
        _phase(f"FAILED: {exc}")
        return 1
    finally:
        if server is not None:
            _phase("stopping the local model server")
            server.stop()
    plots = not args.no_plots and _have_matplotlib()
    _phase("writing report.md, results.json" + (" and plots" if plots else ""))
    written = write_outputs(results, args.out, plots=plots)
    _print_outputs(written, results)
    return 0
