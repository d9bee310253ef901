"""Issue 34, a short way through the adapters: the project files one request enters while LangChain's
global cache serves it, counted with a profiling hook (``scripts/adapter_walk.py``, in a fresh
interpreter so no other test's caches or registrations change the walk). The ceilings are the walk
as measured (BENCHMARKS.md, "The walk through the adapters"): a change that lengthens it fails here.
The issue's goal is shorter still: a hit through at most 20 files, a miss with its update 25."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the most project files each walk may enter (measured; the issue's goal: a miss 25, a hit 20: both met)
CEILINGS = {"miss and update": 23, "hit, same prompt": 12, "hit, changed constant": 24}


def _walks() -> dict[str, dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "adapter_walk.py"), "--json"], capture_output=True,
                          text=True, timeout=600, check=True, env=env, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_request_through_the_global_cache_enters_few_project_files() -> None:
    walks = _walks()
    assert list(walks) == list(CEILINGS)
    miss, same, changed = walks.values()
    # each walk is the path it names: a miss that the update stored, then two hits without a model call
    assert miss["outcome"] is None and miss["counters"] == {"lookups": 1, "hits": 0, "misses": 1, "updates": 1,
                                                             "stored": 1}
    assert same["outcome"] == "reuse" and changed["outcome"] == "reinstantiate"
    assert changed["counters"] == {"lookups": 3, "hits": 2, "misses": 1, "updates": 1, "stored": 1}
    files = {name: walk["files"] for name, walk in walks.items()}
    assert all(files[name] <= CEILINGS[name] for name in CEILINGS), files
    # the hook saw the adapters and the engine: a walk that counted nothing would pass the ceilings
    assert all({"langchain/cache.py", "core/engine.py"} <= set(walk["entered"]) for walk in walks.values())
