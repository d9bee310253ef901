"""The contract of ``scripts/vocabulary_check.py`` (issue 33: every vocabulary entry under test): which
mutants each table entry gets, how they are applied, which prompts are read for them, and that a
table loaded mutated is the one the readers read (in a child process: the check re-imports the
package, which a test process must not do)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("vocabulary_check", ROOT / "scripts" / "vocabulary_check.py")
assert _SPEC is not None and _SPEC.loader is not None
check = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("vocabulary_check", check)  # its dataclasses look their module up
_SPEC.loader.exec_module(check)


def _leaves(value: object) -> int:
    """The words of a table section: list items and mapping entries with a plain value."""
    if isinstance(value, list):
        return sum(_leaves(v) if isinstance(v, (dict, list)) else 1 for v in value)
    if isinstance(value, dict):
        return sum(_leaves(v) if isinstance(v, (dict, list)) else 1 for v in value.values())
    return 0


def test_every_table_of_every_task_is_checked() -> None:
    names = {check.table_name(p) for p in check.tables()}
    for expected in ("linear/vocabulary/en.json", "json/vocabulary/zh.json", "json/pastes/vocabulary/ja.json",
                     "json/passage/vocabulary/fr.json", "arithmetic/vocabulary/pt.json", "arithmetic/vocabulary/_common.json"):
        assert expected in names
    assert len(names) == len(list((ROOT / "stepcache_integrations" / "core" / "tasks").glob("**/vocabulary/*.json")))


def test_every_entry_is_deleted_every_class_word_moved_every_mapped_value_changed() -> None:
    for path in check.tables():
        data = json.loads(path.read_text(encoding="utf-8"))
        mutants = check.mutants_of(path)
        deleted = [m for m in mutants if m.kind == "deleted"]
        words = sum(_leaves(v) for k, v in data.items() if isinstance(v, (dict, list)) and k not in check._SETTINGS)
        assert len(deleted) == words, path
        class_words = sum(len(v) for v in data.get("classes", {}).values())
        moved = [m for m in mutants if m.kind == "moved"]
        assert len(moved) == (class_words if len(data.get("classes", {})) > 1 else 0), path
        assert all(m.detail != m.where[1] and m.detail in data["classes"] for m in moved), path
        flags = sum(isinstance(v, bool) for v in data.values())
        mapped = [m for m in deleted if isinstance(m.item, str)]
        assert len([m for m in mutants if m.kind == "value"]) == len(mapped) + flags, path
        assert len({m.ident for m in mutants}) == len(mutants), path


def test_a_mapped_value_is_changed_to_another_of_its_mapping() -> None:
    path = check.TASKS / "linear" / "vocabulary" / "de.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    (mutant,) = [m for m in check.mutants_of(path) if m.kind == "value" and m.item == "dreimal so alt wie"]
    assert mutant.where == ("age_factors",) and mutant.detail == "4"
    changed = check.apply(data, [mutant])
    assert changed["age_factors"]["dreimal so alt wie"] == 4 and data["age_factors"]["dreimal so alt wie"] == 3
    assert {k: v for k, v in changed["age_factors"].items() if k != "dreimal so alt wie"} == \
        {k: v for k, v in data["age_factors"].items() if k != "dreimal so alt wie"}


def test_mutants_of_one_table_apply_together_without_shifting_each_other() -> None:
    path = check.TASKS / "linear" / "vocabulary" / "es.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    solve = data["classes"]["SOLVE"]
    mutants = [m for m in check.mutants_of(path) if m.where == ("classes", "SOLVE") and m.item in (0, 1)]
    deleted0 = next(m for m in mutants if m.kind == "deleted" and m.item == 0)
    moved1 = next(m for m in mutants if m.kind == "moved" and m.item == 1)
    changed = check.apply(data, [deleted0, moved1])
    assert changed["classes"]["SOLVE"] == solve[2:]
    assert changed["classes"][moved1.detail][-1] == solve[1] and solve[0] not in sum(changed["classes"].values(), [])
    assert data["classes"]["SOLVE"] == solve  # the table itself untouched


def test_candidates_are_the_prompts_holding_each_letter_run_of_the_word() -> None:
    found = check.Candidates(["Résous 2x = 4.", "RESOUS", "Solve 2x = 4 for x.", "dreimal  so alt wie Tom"])
    assert check.pieces("Résous") == ["résous"] and check.pieces("so alt wie") == ["so", "alt", "wie"]
    assert list(check._indices(found.of("résous"))) == [0]
    assert list(check._indices(found.of("so alt wie"))) == [3]  # two spaces: still a candidate
    assert list(check._indices(found.of("solve"))) == [2]
    assert list(check._indices(found.of("："))) == []  # a mark: held as written (NFKC)


def test_a_mutated_table_is_the_one_the_readers_read() -> None:
    """Deleting 'resuelve' from the Spanish linear table unreads a Spanish request; the table as it is
    reads it again (the loader replaces a table's text in a fresh import, no file is written)."""
    code = (
        "import json, sys\n"
        "sys.path.insert(0, 'scripts')\n"
        "import vocabulary_check as vc\n"
        "loader = vc.Loader()\n"
        "path = vc.TASKS / 'linear' / 'vocabulary' / 'es.json'\n"
        "data = json.loads(path.read_text(encoding='utf-8'))\n"
        "mutant = next(m for m in vc.mutants_of(path) if m.kind == 'deleted' and m.word == 'resuelve')\n"
        "read = vc.reading_of('linear')\n"
        "loader.load({str(path): json.dumps(vc.apply(data, [mutant]))})\n"
        "print(json.dumps(read('Resuelve 2x + 3 = 7.')))\n"
        "loader.load({})\n"
        "print(json.dumps(read('Resuelve 2x + 3 = 7.')))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tooling"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True)
    mutated, restored = (json.loads(line) for line in out.stdout.strip().splitlines()[-2:])
    assert mutated is None
    assert restored == {"equations": ["2x + 3 = 7"], "variables": ["x"], "asked": ["x"]}


def test_every_listed_equivalent_or_unwitnessed_mutant_is_one_and_says_why() -> None:
    keys = {m.key for path in check.tables() for m in check.mutants_of(path)}
    equivalent, unwitnessed = check.equivalent(), check.unwitnessed()
    assert not set(equivalent) & set(unwitnessed)
    for key, why in {**equivalent, **unwitnessed}.items():
        assert key in keys, key  # no stale entry
        assert len(why) > 30, key


def test_the_ci_sample_is_caught_or_listed() -> None:
    """The fixed sample (SAMPLE_PER_TABLE mutants of each of the tables, by the digest of their keys) judged by the
    reader corpora and the witness fixture: each caught, or listed as equivalent (why) or as unwitnessed (a ratchet:
    a new uncovered mutant fails, and a listed one that is caught fails until it leaves the list)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tooling"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "scripts/vocabulary_check.py", "--sample"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, (out.stdout[-3000:], out.stderr[-3000:])
    assert f"sample: {len(check.tables()) * check.SAMPLE_PER_TABLE} mutants, 0 uncovered not listed" in out.stderr, out.stderr[-2000:]
    assert " 0 listed but caught" in out.stderr, out.stderr[-2000:]
