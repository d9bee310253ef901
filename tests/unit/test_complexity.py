"""The engine stays reviewable (issue 22): no function of ``core/`` has a cyclomatic complexity
over 15 (radon's McCabe count), so each rule can be read and checked on its own; nor any function
of the package (issue 34: the adapters and stores too)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

PACKAGE = Path(__file__).resolve().parents[2] / "stepcache_integrations"
CORE = PACKAGE / "core"
LIMIT = 15


def _over(folder: Path) -> list[str]:
    return [
        f"{path.relative_to(folder)}:{block.lineno} {block.fullname} ({block.complexity})"
        for path in sorted(folder.rglob("*.py"))
        for block in cc_visit(path.read_text(encoding="utf-8"))
        if block.complexity > LIMIT
    ]


def test_no_function_of_core_is_over_the_limit() -> None:
    over = [
        f"{path.relative_to(CORE)}:{block.lineno} {block.fullname} ({block.complexity})"
        for path in sorted(CORE.rglob("*.py"))
        for block in cc_visit(path.read_text(encoding="utf-8"))
        if block.complexity > LIMIT
    ]
    assert over == [], over


def test_no_function_of_the_package_is_over_the_limit() -> None:
    over = _over(PACKAGE)
    assert over == [], over


def test_the_count_sees_a_complex_function() -> None:
    """The check can fail: a function with 16 branches is counted over the limit."""
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(16))
    (block,) = cc_visit(f"def f(x):\n{body}    return -1\n")
    assert block.complexity > LIMIT
