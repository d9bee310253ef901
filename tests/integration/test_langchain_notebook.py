"""Execute notebooks/langchain_quickstart.ipynb top to bottom (nbclient) against the local model.

The notebook asserts its own key behaviours (reuse, re-instantiation, streaming from the
cache, a perturbed JSON request patched); any failing cell fails this test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.conftest_local_model import local_model_base_url, local_model_name  # noqa: F401

pytestmark = pytest.mark.integration

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "langchain_quickstart.ipynb"


def test_langchain_quickstart_notebook_runs(
    local_model_base_url: str, local_model_name: str, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
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
    assert "reuse" in text and "patch" in text
