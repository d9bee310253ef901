"""Execute the notebooks against the local model and save them with their outputs.

Usage, with the model server started the README's way:

    eval "$(stepcache serve-local --background --export)"
    python scripts/run_notebooks.py                     # every notebook in notebooks/
    python scripts/run_notebooks.py notebooks/X.ipynb   # one

A saved notebook keeps what a fresh run reproduces and nothing volatile: no execution timestamps,
the notebook's own metadata (not the kernel's version). tests/integration/test_notebooks.py runs each
notebook again and compares its outputs with :func:`comparable_outputs`; tests/unit/test_notebooks_saved.py
checks the saved files without a model.

Cell tags: ``claim`` (the cell prints and asserts what the prose beside it says: its output is
compared exactly) and ``nondeterministic`` (it prints the model's own words: only the kinds of its
outputs are compared). Every other code cell is compared exactly.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CLAIM = "claim"
NONDETERMINISTIC = "nondeterministic"
TAGS = frozenset({CLAIM, NONDETERMINISTIC})


def notebook_paths() -> list[Path]:
    """Every notebook of the project, in name order."""
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def tags(cell: Any) -> set[str]:
    """The cell's tags (``metadata.tags``)."""
    return set(cell.get("metadata", {}).get("tags", []))


def execute(path: Path, timeout: int = 600) -> Any:
    """Run the notebook top to bottom in a fresh kernel (its folder as working directory) and
    return it with the new outputs, volatile metadata stripped. A failing cell (a false claim's
    ``assert``) raises ``nbclient.exceptions.CellExecutionError``."""
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    own_metadata = dict(notebook.metadata)
    nbclient.NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    notebook.metadata = nbformat.from_dict(own_metadata)  # the kernel's versions vary by machine
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)  # timestamps
        if cell.cell_type == "code":
            cell.outputs = _joined_streams(cell.outputs)
    return notebook


def _joined_streams(outputs: list[Any]) -> list[Any]:
    """Consecutive writes to one stream as one output (how a run splits them depends on timing);
    the cell's own outputs are left as they are."""
    from nbformat import from_dict

    joined: list[Any] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if last is not None and output.output_type == last.output_type == "stream" and output.name == last.name:
            joined[-1] = from_dict({**last, "text": last.text + output.text})
        else:
            joined.append(output)
    return joined


def comparable_outputs(cell: Any) -> list[tuple[str, str]]:
    """A code cell's outputs as (kind, text) pairs: a stream's consecutive writes joined, results by
    their plain text. For a ``nondeterministic`` cell only the kinds."""
    pairs: list[tuple[str, str]] = []
    for output in _joined_streams(cell.get("outputs", [])):
        if output.output_type == "stream":
            pairs.append((output.name, output.text))
        elif output.output_type in ("execute_result", "display_data"):
            pairs.append((output.output_type, output.get("data", {}).get("text/plain", "")))
        else:
            pairs.append((output.output_type, f"{output.get('ename')}: {output.get('evalue')}"))
    if NONDETERMINISTIC in tags(cell):
        return [(kind, "") for kind, _ in pairs]
    return pairs


def main(argv: list[str]) -> int:
    import nbformat

    paths = [Path(arg).resolve() for arg in argv] or notebook_paths()
    for path in paths:
        notebook = execute(path)
        nbformat.write(notebook, path)
        print(f"saved {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
