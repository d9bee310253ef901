"""Witnesses of the vocabulary tables (issue 33): prompts the repository already held, each read as it
is read now (frozen by ``scripts/vocabulary_check.py --discover`` for a table entry no reader corpus
saw: deleting, moving or changing that entry changes the reading of its witness)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WITNESSES = ROOT / "tests" / "fixtures" / "vocabulary_witnesses.jsonl"

_SPEC = importlib.util.spec_from_file_location("vocabulary_check", ROOT / "scripts" / "vocabulary_check.py")
assert _SPEC is not None and _SPEC.loader is not None
_CHECK = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("vocabulary_check", _CHECK)  # its dataclasses look their module up
_SPEC.loader.exec_module(_CHECK)


def _rows() -> list[dict]:
    return [json.loads(line) for line in WITNESSES.read_text(encoding="utf-8").splitlines()]


def test_every_witness_is_read_as_frozen() -> None:
    readings = {reader: _CHECK.reading_of(reader) for reader in _CHECK.READINGS}
    differ = [(row["reader"], row["prompt"], row["read"], now) for row in _rows()
              if (now := json.loads(json.dumps(readings[row["reader"]](row["prompt"])))) != row["read"]]
    assert differ == [], differ[:5]


def test_witnesses_are_unique_and_in_no_reader_corpus_or_held_out_set() -> None:
    rows = _rows()
    assert rows and len({(r["reader"], r["prompt"]) for r in rows}) == len(rows)
    assert {r["reader"] for r in rows} <= set(_CHECK.READINGS)
    corpora = {p for corpus in _CHECK.corpora() if not corpus.name.startswith("witness-") for p in corpus.holds}
    assert not [r["prompt"] for r in rows if r["prompt"] in corpora]
    held_out: set[str] = set()
    for path in (ROOT / "bench_data").glob("heldout_*.json"):
        _CHECK._strings(json.loads(path.read_text(encoding="utf-8")), held_out)
    assert not [r["prompt"] for r in rows if r["prompt"] in held_out]
