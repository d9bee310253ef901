"""Execute every notebook top to bottom (nbclient) against the local model and compare it with
the saved one.

Each ``claim`` cell asserts what the prose beside it says (reuse, re-instantiation, streaming from
the cache, patching, changed documents, what is and is not ``verified``), so a false claim fails
the run; every cell not tagged ``nondeterministic`` must print what the saved notebook shows
(scripts/run_notebooks.py re-saves them). tests/unit/test_notebooks_saved.py checks the saved files.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "scripts" / "run_notebooks.py")
assert _spec and _spec.loader
run_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_notebooks)

# outcomes each notebook's output must name (as whole words: "skip_reuse" is no "reuse")
EXPECTED_OUTCOMES = {
    "langchain_quickstart.ipynb": ("reuse", "patch", "reinstantiate"),
    "llamaindex_query_engine.ipynb": ("reuse", "miss", "reinstantiate"),
}


def test_every_notebook_is_run() -> None:
    assert sorted(EXPECTED_OUTCOMES) == [path.name for path in run_notebooks.notebook_paths()]


@pytest.mark.parametrize("name", sorted(EXPECTED_OUTCOMES))
def test_notebook_runs_and_matches_its_saved_outputs(
    name: str,
    local_model_base_url: str,  # noqa: F811
    local_model_name: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nbformat = pytest.importorskip("nbformat")
    pytest.importorskip("nbclient")
    path = ROOT / "notebooks" / name
    # the kernel inherits the environment: the notebook uses this session's server
    monkeypatch.setenv("STEPCACHE_LLM_BASE_URL", local_model_base_url)
    monkeypatch.setenv("STEPCACHE_LLM_MODEL", local_model_name)
    fresh = run_notebooks.execute(path)  # a failing cell (a false claim) raises
    saved = nbformat.read(path, as_version=4)

    outputs = [o for c in fresh.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    for word in EXPECTED_OUTCOMES[name]:
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (
            f"{name}: expected the outcome {word!r} in the notebook output")

    assert [c.source for c in fresh.cells] == [c.source for c in saved.cells]
    for index, (new, old) in enumerate(zip(fresh.cells, saved.cells)):
        if new.cell_type != "code":
            continue
        assert run_notebooks.comparable_outputs(new) == run_notebooks.comparable_outputs(old), (
            f"{name} cell {index}: the output differs from the saved one "
            "(re-save with `python scripts/run_notebooks.py` if the change is intended)")
