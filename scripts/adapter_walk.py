"""Walk one request through LangChain's global cache and count the project files it enters
(issue 34: a hit touches at most 20 files of ``stepcache_integrations/``, a miss with its update
at most 25).

A profiling hook (``sys.setprofile``, every thread) sees each Python call; a file is entered when
a function of it is called, and a call between files is a call into a project file from a frame of
another file (a generator's resumption counts as a call, as Python's profiler reports it). Imports
and first-use caches are warmed by a request of another prompt first, so the walk is the steady
state of a served request.

    python scripts/adapter_walk.py          # writes bench_data/results/adapter_walk.json, prints the table
    python scripts/adapter_walk.py --json   # prints the walks, writes nothing (tests/unit/test_adapter_walk.py)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench_data" / "results" / "adapter_walk.json"
BEFORE = "9ecaa4e"  # the commit before issue 34's adapter work: its walk is recorded beside today's

WARM_Q = "Solve 4x + 1 = 9 for x. Show your steps."
WARM_A = "Step 1: Subtract 1 from both sides: 4x = 8.\nStep 2: Divide both sides by 4: x = 2.\nAnswer: x = 2"
MATH_Q = "Solve 3x + 5 = 20 for x. Show your steps."
MATH_A = "Step 1: Subtract 5 from both sides: 3x = 15.\nStep 2: Divide both sides by 3: x = 5.\nAnswer: x = 5"
MATH_Q2 = "Solve 3x + 5 = 26 for x. Show your steps."
#: the walks, in the order they run on one cache: (name, prompt, what the model answers if called)
WALKS = (("miss and update", MATH_Q, MATH_A), ("hit, same prompt", MATH_Q, None),
         ("hit, changed constant", MATH_Q2, None))


class FileWalk:
    """The project files entered while the hook is on, and the calls between them."""

    def __init__(self, package: Path | None = None) -> None:
        if package is None:  # the package this interpreter imports (a checkout of another commit, say)
            import stepcache_integrations

            package = Path(stepcache_integrations.__file__).parent
        self.prefix = str(package.resolve()) + "/"
        self.entered: Counter[str] = Counter()  # file -> calls into it from another file
        self.calls = 0  # calls made inside project files (any file to any)
        self.between = 0

    def _mine(self, filename: str) -> str | None:
        return filename[len(self.prefix):] if filename.startswith(self.prefix) else None

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        callee = self._mine(frame.f_code.co_filename)
        if callee is None:
            return
        self.calls += 1
        caller = frame.f_back.f_code.co_filename if frame.f_back is not None else ""
        if self._mine(caller) != callee:
            self.entered[callee] += 1
            self.between += 1

    @contextmanager
    def on(self) -> Iterator[FileWalk]:
        """Count while the block runs (this thread and threads started in it)."""
        threading.setprofile(self._hook)
        sys.setprofile(self._hook)
        try:
            yield self
        finally:
            sys.setprofile(None)
            threading.setprofile(None)  # type: ignore[arg-type]

    def record(self) -> dict[str, Any]:
        return {"files": len(self.entered), "calls_between_files": self.between, "calls": self.calls,
                "entered": dict(sorted(self.entered.items()))}


def _chat(answers: list[str]) -> Any:
    from langchain_core.language_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    class WalkChat(GenericFakeChatModel):
        """A fake chat model with a model name (LangChain's ``llm_string`` then names a model)."""

        model_name: str = "walk-chat"

        @property
        def _identifying_params(self) -> dict[str, Any]:
            return {"model_name": self.model_name}

    usage = {"input_tokens": 40, "output_tokens": 30, "total_tokens": 70}
    return WalkChat(messages=iter([AIMessage(content=a, usage_metadata=usage) for a in answers]))


def walks() -> dict[str, dict[str, Any]]:
    """Each walk of :data:`WALKS` on one global cache, after a warm-up request of another prompt."""
    from langchain_core.globals import get_llm_cache, set_llm_cache

    from stepcache_integrations.langchain import StepCacheLLMCache

    before = get_llm_cache()
    set_llm_cache(StepCacheLLMCache(namespace="warm-up"))  # its entry is no candidate of the walks
    try:
        _chat([WARM_A]).invoke(WARM_Q)
        _chat([WARM_A]).invoke(WARM_Q)  # the warm-up's hit: the hit path's code is loaded too
        cache = StepCacheLLMCache()
        set_llm_cache(cache)
        out: dict[str, dict[str, Any]] = {}
        for name, prompt, answer in WALKS:
            model = _chat([answer] if answer is not None else [])
            walk = FileWalk()
            with walk.on():
                message = model.invoke(prompt)
            out[name] = {**walk.record(), "outcome": message.response_metadata.get("stepcache", {}).get("outcome"),
                         "counters": {k: cache.stats()[k] for k in ("lookups", "hits", "misses", "updates", "stored")}}
        return out
    finally:
        set_llm_cache(before)


def walks_at(commit: str) -> dict[str, dict[str, Any]]:
    """:func:`walks` of the package as it was at ``commit`` (unpacked apart, walked by this script)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "archive", commit, "stepcache_integrations"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        env = {**os.environ, "PYTHONPATH": folder}
        done = subprocess.run([sys.executable, __file__, "--json"], cwd=folder, env=env, capture_output=True,
                              text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def run() -> dict[str, Any]:
    from stepcache_bench.provenance import provenance

    record = provenance("python scripts/adapter_walk.py")
    return {"provenance": record, "what": "Project files entered while LangChain's global cache serves one "
            "request (set_llm_cache(StepCacheLLMCache()), a fake chat model, the in-memory store)",
            "walks": walks(), "before": {"commit": BEFORE, "walks": walks_at(BEFORE)}}


def table(record: dict[str, Any]) -> str:
    """The walk per path: files entered, calls between files, and the files with their entries."""
    before = record["before"]
    lines = ["| path | outcome | project files entered | calls between files | calls in project files | "
             f"at {before['commit']}: files, calls between files, calls |", "|---|---|---:|---:|---:|---|"]
    for name, walk in record["walks"].items():
        then = before["walks"][name]
        lines.append(f"| {name} | {walk['outcome'] or 'none (a miss shows no record)'} | {walk['files']} | "
                     f"{walk['calls_between_files']} | {walk['calls']} | {then['files']}, "
                     f"{then['calls_between_files']}, {then['calls']} |")
    lines += ["", "| file | " + " | ".join(record["walks"]) + " |", "|---|" + "---:|" * len(record["walks"])]
    files = sorted({f for walk in record["walks"].values() for f in walk["entered"]})
    for path in files:
        cells = [str(walk["entered"].get(path, "")) for walk in record["walks"].values()]
        lines.append(f"| `{path}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the walks as JSON, write no file (the walk test)")
    args = parser.parse_args(argv)
    if args.json:
        print(json.dumps(walks()))
        return 0
    for path in (ROOT / "tooling", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    record = run()
    OUT.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(table(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
