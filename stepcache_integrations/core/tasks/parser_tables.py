"""LALR parser tables kept on disk, so a process's first prompt does not pay for building them.

Building a task's LALR tables from its ``request.lark`` takes 1-2.5 s of CPU (the first request of
every process, every test worker and every mutation-check child paid it). Lark can save the built
tables and load them again (``Lark.save`` / ``Lark.load``, ~0.1 s); this module chooses where, safely:

* the file's first line is a SHA-256 of the grammar text, the options, Lark's version and Python's
  version (its name carries the same digest), checked before the tables are read: a changed grammar
  (an edit, a mutant) never loads another grammar's tables, it builds anew;
* the folder is the user's own cache folder (``$STEPCACHE_PARSER_CACHE``, else
  ``$XDG_CACHE_HOME/stepcache-integrations/parsers`` or ``~/.cache/...``), created private (0700):
  the tables are a pickle, so they are never read from a folder other users can write, such as
  ``/tmp`` (Lark's own default);
* a new file is written to a temporary name in the same folder, synced and renamed into place
  (:func:`write_atomically`, also used by the place gazetteer's digests), so a concurrent process
  never reads half a file; a file that does not load is ignored and the tables are built again;
* ``STEPCACHE_PARSER_CACHE=off`` (or a folder that cannot be created or written) builds in memory
  only, as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Any, Callable

import lark
from lark import Lark

__all__ = ["PARSER_CACHE_ENV", "build_lalr", "parser_cache_folder", "tables_file", "write_atomically"]

#: The folder for saved parser tables; ``off`` (or ``0``/``false``/``no``) disables saving them.
PARSER_CACHE_ENV = "STEPCACHE_PARSER_CACHE"
_OFF = {"off", "0", "false", "no", "none"}
_KEPT_PER_TASK = 4  # older tables of one task (other grammar versions) are pruned beyond these


def parser_cache_folder() -> Path | None:
    """The folder saved tables live in, or None when saving them is turned off."""
    chosen = os.environ.get(PARSER_CACHE_ENV, "").strip()
    if chosen.lower() in _OFF:
        return None
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "stepcache-integrations" / "parsers"


def _digest(grammar: str, options: dict[str, Any]) -> str:
    """Everything the tables depend on: the grammar, the options, Lark's and Python's versions."""
    described = "\0".join(
        [grammar, lark.__version__, "%d.%d" % sys.version_info[:2], repr(sorted((k, str(v)) for k, v in options.items()))]
    )
    return hashlib.sha256(described.encode("utf-8")).hexdigest()


def tables_file(folder: Path, task: str, grammar: str, options: dict[str, Any]) -> Path:
    """Where one grammar's tables are saved: named by the digest of everything they depend on."""
    return folder / f"{task}-{_digest(grammar, options)[:32]}.lark-tables"


def build_lalr(task: str, grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, parser="lalr", **options)``, its tables loaded from the cache folder when a
    file built from this exact grammar is there, else built (and saved there for the next process)."""
    options = {"parser": "lalr", **options}
    folder = parser_cache_folder()
    if folder is None:
        return Lark(grammar, **options)
    digest = _digest(grammar, options).encode("ascii")
    path = tables_file(folder, task, grammar, options)
    loaded = _load(path, digest)
    if loaded is not None:
        return loaded
    parser = Lark(grammar, **options)
    _save(parser, folder, task, path, digest)
    return parser


def _load(path: Path, digest: bytes) -> Lark | None:
    """The tables saved at ``path`` if its first line is this grammar's full digest, else None."""
    try:
        with path.open("rb") as saved:
            if saved.readline().rstrip(b"\n") != digest:
                return None
            return Lark.load(saved)
    except FileNotFoundError:
        return None
    except Exception:  # noqa: BLE001 - a truncated or foreign file: build the tables again
        return None


def write_atomically(path: Path, prefix: str, write: Callable[[IO[bytes]], object]) -> bool:
    """Create ``path``'s folder (private, 0700) and give ``write`` a temporary file beside ``path``;
    sync it and rename it into place, so a reader sees a whole file or none. False when the folder
    cannot be made or written (the caller keeps its data in memory only); the temporary file never stays."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".partial")
    except OSError:  # a read-only or unusable folder
        return False
    try:
        with os.fdopen(handle, "wb") as out:
            write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        return True
    except OSError:
        return False
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _save(parser: Lark, folder: Path, task: str, path: Path, digest: bytes) -> None:
    """Write the tables atomically (a failure keeps them in memory only), then prune older ones."""

    def write(out: IO[bytes]) -> None:
        out.write(digest + b"\n")
        parser.save(out)

    if write_atomically(path, f".{task}-", write):
        _prune(folder, task, keep=path)


def _prune(folder: Path, task: str, keep: Path) -> None:
    """Drop this task's oldest saved tables (other grammar versions) beyond a few."""
    with contextlib.suppress(OSError):
        saved = sorted(folder.glob(f"{task}-*.lark-tables"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in [p for p in saved if p != keep][_KEPT_PER_TASK - 1 :]:
            old.unlink()
