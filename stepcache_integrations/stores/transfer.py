"""Export and import of a whole store as JSON lines (``stepcache export`` / ``import``).

One record per line: ``{"format": "stepcache.entry/1", "entry": {...}, "dim": N,
"vector_b64": "..."}`` (a plain ``"vector": [...]`` list is accepted on import). The whole
file is read and validated (:func:`read_jsonl`) before anything is written, so a bad file
changes nothing; the CLI reads it before it even opens (or creates) the store.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np

from ..core.types import CacheEntry
from ..errors import StoreError
from .base import CacheStore
from .base import check_vector, entry_from_obj, short_error, vector_from_blob, vector_to_blob

__all__ = [
    "EXPORT_FORMAT",
    "export_record",
    "export_jsonl",
    "iter_jsonl_records",
    "read_jsonl",
    "ImportReport",
    "copy_id",
    "import_records",
    "import_jsonl_report",
    "import_jsonl",
]

EXPORT_FORMAT = "stepcache.entry/1"


# -- export / import -----------------------------------------------------------------
def export_record(entry: CacheEntry, vector: np.ndarray) -> dict[str, Any]:
    """One JSON-lines record: the entry and its embedding (base64 little-endian float32)."""
    vec = np.asarray(vector, dtype=np.float32).reshape(-1)
    return {
        "format": EXPORT_FORMAT,
        "entry": entry.model_dump(mode="json"),
        "dim": int(vec.size),
        "vector_b64": base64.b64encode(vector_to_blob(vec)).decode("ascii"),
    }


def export_jsonl(
    store: CacheStore, out: str | os.PathLike[str] | IO[str], *, namespace: str | None = None
) -> int:
    """Write every live entry (of one namespace if given) as JSON lines; return the count."""
    if isinstance(out, (str, os.PathLike)):
        path = Path(out)
        if path.exists() and not path.is_file():  # /dev/stdout, a FIFO: never replace it
            with open(path, "w", encoding="utf-8") as fh:
                return export_jsonl(store, fh, namespace=namespace)
        tmp = path.with_name(path.name + ".tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as fh:
                count = export_jsonl(store, fh, namespace=namespace)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)  # a failed export leaves no partial file
            raise
        return count
    count = 0
    for entry, vector in store.iter_items(namespace):
        out.write(json.dumps(export_record(entry, vector), ensure_ascii=False) + "\n")
        count += 1
    return count


_JSONL_HINT = (
    f"`stepcache import` reads JSON lines, one {EXPORT_FORMAT} object per line, "
    "as written by `stepcache export`"
)


def iter_jsonl_records(lines: Iterable[str]) -> Iterator[tuple[CacheEntry, np.ndarray]]:
    """Parse exported JSON lines; StoreError (with the line number) on anything malformed."""
    for _lineno, entry, vector in _numbered_records(lines):
        yield entry, vector


def _numbered_records(lines: Iterable[str]) -> Iterator[tuple[int, CacheEntry, np.ndarray]]:
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"line {lineno}"
        record = _record(line, where)
        entry = entry_from_obj(record.get("entry"), where=where)
        yield lineno, entry, _record_vector(record, where)


def _record(line: str, where: str) -> dict[str, Any]:
    """One line read as an export record; StoreError saying what it is instead."""
    try:
        record = json.loads(line)
    except ValueError as exc:
        if line.lstrip().startswith("["):
            raise StoreError(f"{where} starts a JSON array; {_JSONL_HINT}") from exc
        cut = "" if line.endswith("\n") else " (the file ends inside this line: truncated?)"
        raise StoreError(f"invalid JSON on {where}: {short_error(exc)}{cut}") from exc
    if isinstance(record, list):
        raise StoreError(f"{where} is a JSON array; {_JSONL_HINT}")
    if not isinstance(record, dict) or record.get("format") != EXPORT_FORMAT:
        raise StoreError(f"{where} is not a {EXPORT_FORMAT} record; {_JSONL_HINT}")
    return record


def _record_vector(record: dict[str, Any], where: str) -> np.ndarray:
    """A record's vector (base64 float32 bytes with its ``dim``, or a list of numbers), checked."""
    if "vector_b64" in record:
        dim = record.get("dim")
        if not isinstance(dim, int) or dim <= 0:
            raise StoreError(f"{where}: missing or invalid 'dim'")
        try:
            blob = base64.b64decode(str(record["vector_b64"]), validate=True)
        except ValueError as exc:
            raise StoreError(f"{where}: invalid base64 vector") from exc
        return vector_from_blob(blob, dim, where=where)
    if isinstance(record.get("vector"), list):
        values = record["vector"]
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
            raise StoreError(f"{where}: vector must be a list of finite numbers")
        return check_vector(values)
    raise StoreError(f"{where}: no vector")


def read_jsonl(src: str | os.PathLike[str] | IO[str]) -> list[tuple[CacheEntry, np.ndarray]]:
    """Every record of an export file (a path or an open text stream), validated: well-formed
    lines, valid entries, one embedding dimension. StoreError names the first bad line; a
    file that cannot be read or is not UTF-8 text is a StoreError too."""
    if isinstance(src, (str, os.PathLike)):
        try:
            with open(src, encoding="utf-8") as fh:
                return read_jsonl(fh)
        except OSError as exc:
            raise StoreError(f"cannot read {os.fspath(src)}: {exc.strerror or exc}") from exc
    records: list[tuple[CacheEntry, np.ndarray]] = []
    first: tuple[int, int] | None = None  # (line, dimension) of the first record
    try:
        for lineno, entry, vector in _numbered_records(src):
            if first is None:
                first = (lineno, int(vector.size))
            elif vector.size != first[1]:
                raise StoreError(
                    f"line {lineno}: vector has dimension {vector.size}, the record on line "
                    f"{first[0]} has {first[1]} (one store holds one embedding dimension)"
                )
            records.append((entry, vector))
    except UnicodeDecodeError as exc:
        raise StoreError(f"not UTF-8 text ({exc.reason}); {_JSONL_HINT}") from exc
    return records


@dataclass
class ImportReport:
    """What :func:`import_jsonl_report` did with each record of the file."""

    imported: int = 0
    #: records whose id (or, with ``namespace``, whose copy's id) is already in the store
    skipped_existing: int = 0
    #: records whose TTL had passed
    skipped_expired: int = 0
    #: records that replaced an entry with the same id (``on_conflict="replace"``)
    replaced: int = 0

    @property
    def skipped(self) -> int:
        """Records not written."""
        return self.skipped_existing + self.skipped_expired


def copy_id(entry_id: str, namespace: str) -> str:
    """The id of the copy of ``entry_id`` imported into ``namespace``.

    Deterministic, so importing the same file into the same namespace twice finds the
    copies made the first time instead of duplicating them."""
    return hashlib.sha256(f"{namespace}\0{entry_id}".encode()).hexdigest()[:32]


def import_records(
    store: CacheStore,
    records: Iterable[tuple[CacheEntry, np.ndarray]],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
    on_conflict: str = "skip",
) -> ImportReport:
    """Write records read by :func:`read_jsonl` into ``store`` (see :func:`import_jsonl_report`)."""
    if on_conflict not in ("skip", "replace"):
        raise StoreError(f"on_conflict must be 'skip' or 'replace', not {on_conflict!r}")
    report = ImportReport()
    for entry, vector in records:
        if namespace is not None and entry.namespace != namespace:
            entry = entry.model_copy(update={"id": copy_id(entry.id, namespace), "namespace": namespace})
        if skip_expired and CacheStore.is_expired(entry):
            report.skipped_expired += 1
            continue
        if store.get(entry.id) is not None:
            if on_conflict == "skip":
                report.skipped_existing += 1
                continue
            report.replaced += 1
        store.add(entry, vector)
        report.imported += 1
    return report


def import_jsonl_report(
    store: CacheStore,
    src: str | os.PathLike[str] | IO[str],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
    on_conflict: str = "skip",
) -> ImportReport:
    """Load exported JSON lines into ``store``; report what was imported and skipped.

    Entries keep their ids. ``namespace`` *copies* every entry into that namespace: each
    copy gets a new id derived from the original id and the namespace, so the originals
    (in the same store or elsewhere) are left alone and a second import of the same file
    is recognised. A record whose id is already in the store is skipped
    (``on_conflict="skip"``, the default) or overwrites it (``"replace"``). The whole
    file is validated before anything is written.
    """
    if on_conflict not in ("skip", "replace"):
        raise StoreError(f"on_conflict must be 'skip' or 'replace', not {on_conflict!r}")
    return import_records(
        store, read_jsonl(src), namespace=namespace, skip_expired=skip_expired, on_conflict=on_conflict
    )


def import_jsonl(
    store: CacheStore,
    src: str | os.PathLike[str] | IO[str],
    *,
    namespace: str | None = None,
    skip_expired: bool = True,
    on_conflict: str = "skip",
) -> int:
    """:func:`import_jsonl_report`, returning only the number of entries imported."""
    return import_jsonl_report(
        store, src, namespace=namespace, skip_expired=skip_expired, on_conflict=on_conflict
    ).imported
