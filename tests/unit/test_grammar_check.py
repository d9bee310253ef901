"""The contract of ``scripts/grammar_check.py`` (issue 33: "the mutation check covers the grammar files"): which
mutants each request grammar gets, and its CI sample judged: every sampled mutant is caught by a reader corpus or
the witness fixture, or listed in ``tests/fixtures/grammar_equivalent_mutants.json`` with why it changes no
reading, or in ``grammar_unwitnessed_mutants.json`` (no witness found yet: a ratchet, a listed mutant that is
caught fails until it leaves the list) (in a child process: the check re-imports the package, which a test process must not do)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("grammar_check", ROOT / "scripts" / "grammar_check.py")
assert _SPEC is not None and _SPEC.loader is not None
check = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("grammar_check", check)  # its dataclasses look their module up
_SPEC.loader.exec_module(check)


def _text(task: str) -> str:
    return check.grammar_path(task).read_text(encoding="utf-8")


def test_every_rule_statement_is_read_whole_and_every_declared_terminal_found() -> None:
    for task in check.GRAMMARS:
        text = _text(task)
        statements, declared = check.statements(text)
        heads = re.findall(r"^(?:%extend\s+)?[?!]?([a-z_][a-z_0-9]*)\s*:", text, flags=re.MULTILINE)
        assert [s.rule for s in statements] == [h.lstrip("?!") for h in heads], task
        assert len(declared) == len(set(declared)) and "STOP" in declared, task


def test_each_alternative_is_deleted_each_terminal_swapped_each_optional_flipped() -> None:
    text = "start: A (B | C)? d\n%extend start: A\nd: C+ | B*\n%declare A B C\n"
    mutants = check.mutants_of("arithmetic", text)
    made = {(m.kind, m.apply(text)) for m in mutants}
    assert ("deleted", "start: A (B)? d\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("deleted", "start: A (C)? d\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("deleted", "start: A (B | C)? d\n\nd: C+ | B*\n%declare A B C\n") in made  # a one-alternative %extend
    assert ("deleted", "start: A (B | C)? d\n%extend start: A\nd: B*\n%declare A B C\n") in made
    assert ("deleted", "start: A (B | C)? d\n%extend start: A\nd: C+\n%declare A B C\n") in made
    assert ("swapped", "start: B (B | C)? d\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("swapped", "start: A (B | C)? d\n%extend start: A\nd: A+ | B*\n%declare A B C\n") in made  # the last: the first
    assert ("required", "start: A (B | C) d\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("required", "start: A (B | C)? d\n%extend start: A\nd: C+ | B+\n%declare A B C\n") in made
    assert ("optional", "start: A? (B | C)? d\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("optional", "start: A (B | C)? d?\n%extend start: A\nd: C+ | B*\n%declare A B C\n") in made
    assert ("optional", "start: A (B | C)? d\n%extend start: A\nd: C* | B*\n%declare A B C\n") in made
    assert len(made) == len(mutants) and len({m.key for m in mutants}) == len(mutants)
    swap = next(m for m in mutants if m.kind == "swapped" and m.what == "A -> B" and m.line == 1)
    assert swap.gains and swap.needs == ("B",) and swap.rule == "start"  # a gained sentence holds the new terminal
    made_optional = next(m for m in mutants if m.kind == "optional" and m.what == "A -> A?" and m.line == 1)
    assert made_optional.needs == ()
    # "(B | C?)?" derives what "(B | C)?" does: an alternative alone in an optional group is not made optional
    assert not [m for m in mutants if m.kind == "optional" and m.what in ("B -> B?", "C -> C?") and m.line == 1]


def test_the_three_grammars_get_their_mutants_and_the_sample_is_stable() -> None:
    mutants = [m for task in check.GRAMMARS for m in check.mutants_of(task)]
    for task in check.GRAMMARS:
        mine = [m for m in mutants if m.grammar == task]
        assert {m.kind for m in mine} == {"deleted", "swapped", "required", "optional"}, task
        assert len({m.key for m in mine}) == len(mine), task
        assert all(m.apply(_text(task)) != _text(task) for m in mine), task
    chosen = check.sample(mutants)
    assert len(chosen) == len(check.GRAMMARS) * check.SAMPLE_PER_GRAMMAR
    # an edit elsewhere in a file (a comment added at its head) leaves the sample as it was
    text = "// an edit\n" + _text("linear")
    moved = [m for m in mutants if m.grammar != "linear"] + check.mutants_of("linear", text)
    assert [m.key for m in check.sample(moved)] == [m.key for m in chosen]


def test_every_listed_equivalent_or_unwitnessed_mutant_is_one_and_says_why() -> None:
    keys = {m.key for task in check.GRAMMARS for m in check.mutants_of(task)}
    equivalent, unwitnessed = check.equivalent(), check.unwitnessed()
    assert not set(equivalent) & set(unwitnessed)
    for key, why in {**equivalent, **unwitnessed}.items():
        assert key in keys, key  # no stale entry
        assert len(why) > 30, key


def test_the_ci_sample_is_caught_or_listed_as_equivalent() -> None:
    """The sample's mutants, each judged by the reader corpora and the witness fixture: none survives unlisted."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tooling"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "scripts/grammar_check.py", "--sample", "--survivors"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, (out.stdout[-3000:], out.stderr[-3000:])
    assert f"{len(check.GRAMMARS) * check.SAMPLE_PER_GRAMMAR} mutants, 0 survivors not listed" in out.stderr, out.stderr[-2000:]
    assert " 0 listed but caught" in out.stderr, out.stderr[-2000:]
