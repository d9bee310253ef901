"""Execute every notebook top to bottom (nbclient) against the local model.

Each notebook asserts its own key behaviours (reuse, re-instantiation, streaming from the
cache, patching, changed documents); any failing cell fails its test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401

pytestmark = pytest.mark.integration

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("langchain_quickstart.ipynb", ("reuse", "patch")), ("llamaindex_query_engine.ipynb", ("reuse", "miss"))],
)
def test_notebook_runs(
    name: str,
    expected: tuple[str, ...],
    local_model_base_url: str,  # noqa: F811
    local_model_name: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    NOTEBOOK = NOTEBOOKS / name
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    # the kernel inherits the environment: the notebook uses this session's server
    monkeypatch.setenv("STEPCACHE_LLM_BASE_URL", local_model_base_url)
    monkeypatch.setenv("STEPCACHE_LLM_MODEL", local_model_name)
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    text = "".join(o.get("text", "") for o in outputs)
    for word in expected:  # the outcome as a whole word: "skip_reuse" is no "reuse"
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), (
            f"{name}: expected the outcome {word!r} in the notebook output")
