"""scripts/generated_page.py: the shared write-or-check of generated docs pages."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "generated_page.py"
_spec = importlib.util.spec_from_file_location("generated_page", SCRIPT)
assert _spec is not None and _spec.loader is not None
generated_page = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generated_page)


def test_check_passes_only_on_the_exact_text_and_writes_nothing(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# old\n", encoding="utf-8")
    assert generated_page.write_or_check(page, "# new\n", ["--check"]) == 1
    assert page.read_text(encoding="utf-8") == "# old\n"  # a check never writes
    assert generated_page.write_or_check(page, "# old\n", ["--check"]) == 0
    assert generated_page.write_or_check(page, "# old\n ", ["--check"]) == 1  # one space differs


def test_check_of_a_missing_page_fails(tmp_path: Path) -> None:
    assert generated_page.write_or_check(tmp_path / "absent.md", "x", ["--check"]) == 1
    assert not (tmp_path / "absent.md").exists()


def test_without_check_the_page_is_rewritten(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# old\n", encoding="utf-8")
    assert generated_page.write_or_check(page, "# new\n", []) == 0
    assert page.read_text(encoding="utf-8") == "# new\n"
