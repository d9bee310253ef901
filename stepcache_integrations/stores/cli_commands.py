"""``stepcache`` subcommands that operate a store: stats, list, show, delete, clear, export, import.

Which store: ``--store URL|PATH``, else ``$STEPCACHE_STORE`` - the same variable
``StepCache()`` reads. With neither, the command exits 1 and says so: the library's own
default is an in-memory store inside your program, which no other process can inspect.
Only ``import`` may create a store; the other commands open an existing one and a
mistyped path is an error (exit 1), never a new empty database. ``stats``, ``list``,
``show`` and ``export`` open it read-only: they work on read-only files and directories
and write nothing, not even SQLite's ``-wal``/``-shm`` files. ``import`` reads and checks
the whole input before it opens the store, and removes a store it created if it fails.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any

from .cli_views import PROMPT_WIDTH, cmd_list, cmd_show, cmd_stats, resolve_id

__all__ = ["register", "add_store_option", "NO_STORE_MESSAGE"]

NO_STORE_MESSAGE = (
    "stepcache: no store given. Pass --store (a SQLite file path, sqlite:///path.db or "
    "postgresql://user@host/db) or set STEPCACHE_STORE, the variable StepCache() also reads.\n"
    "Without STEPCACHE_STORE, StepCache() keeps its entries in memory inside your program, "
    "where this command cannot see them: set STEPCACHE_STORE=stepcache.db for both."
)

_STORE_HELP = (
    "the store: a SQLite file path (stepcache.db), sqlite:///path.db or "
    "postgresql://user@host:port/db (default: $STEPCACHE_STORE)"
)


def _non_negative_int(text: str) -> int:
    """argparse type of a count: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def add_store_option(parser: argparse.ArgumentParser, *, default: Any = None) -> None:
    """``--store``: on the ``stepcache`` parser itself (before the command) and on each store command
    (after it). The command's copy defaults to SUPPRESS, so a value given before the command survives."""
    parser.add_argument("--store", metavar="URL|PATH", default=default, help=_STORE_HELP)


def _store_parent() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    add_store_option(parent, default=argparse.SUPPRESS)
    parent.set_defaults(takes_store=True)
    return parent


def register(subparsers: Any) -> None:
    """Add the store subcommands to the ``stepcache`` parser."""
    parent = _store_parent()

    p = subparsers.add_parser(
        "stats", parents=[parent], help="entries, hits and size of a store, per namespace",
        description="Statistics of an existing store (read-only).",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_wrap(cmd_stats, create=False, read_only=True))

    p = subparsers.add_parser(
        "list", parents=[parent],
        help="list cache entries (id, namespace, model, task, verification, hits, age, prompt)",
        description="List the live entries of an existing store (read-only). MODEL is the "
        "entry's llm_key (the model and settings it was answered by); VERIFICATION the level it "
        "was stored with: proven, checked or unchecked (an entry stored without one: unchecked).",
    )
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.add_argument(
        "--limit", type=_non_negative_int, default=50, help="at most N entries (0: all; default 50)"
    )
    p.add_argument(
        "--width", type=_non_negative_int, default=None, metavar="N",
        help="characters of each prompt shown (0: the whole prompt; default: the rest of the "
        f"terminal line, at least {PROMPT_WIDTH})",
    )
    p.add_argument("--json", action="store_true", help="print JSON lines")
    p.set_defaults(func=_wrap(cmd_list, create=False, read_only=True))

    p = subparsers.add_parser(
        "show", parents=[parent], help="show one entry, its verification level, steps and their provenance",
        description="Show one entry (read-only). ID may be any unambiguous prefix of the id.",
    )
    p.add_argument("id", help="entry id, or an unambiguous prefix of it (as printed by `list`)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_wrap(cmd_show, create=False, read_only=True))

    p = subparsers.add_parser(
        "delete", parents=[parent], help="delete one entry",
        description="Delete one entry. ID may be any unambiguous prefix of the id.",
    )
    p.add_argument("id", help="entry id, or an unambiguous prefix of it (as printed by `list`)")
    p.set_defaults(func=_wrap(_cmd_delete, create=False))

    p = subparsers.add_parser(
        "clear", parents=[parent], help="delete every entry (of one namespace)",
        description="Delete every entry of the store, or of one namespace. Asks first "
        "unless --yes; without a terminal and without --yes it refuses (exit 2).",
    )
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")
    p.set_defaults(func=_wrap(_cmd_clear, create=False))

    p = subparsers.add_parser(
        "export", parents=[parent], help="export entries as JSON lines",
        description="Write every live entry with its embedding as JSON lines (read-only "
        "on the store). Load them into any store with `stepcache import`.",
    )
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.set_defaults(func=_wrap(_cmd_export, create=False, read_only=True))

    p = subparsers.add_parser(
        "import", parents=[parent], help="import JSON lines written by `stepcache export`",
        description="Load exported entries into a store (created if it does not exist). "
        "Entries keep their ids; an entry whose id is already in the store is skipped and "
        "counted (--replace overwrites it). --namespace copies every entry into that "
        "namespace under a new id, leaving the originals where they are; importing the "
        "same file twice skips what the first import wrote.",
    )
    p.add_argument("input", help="file written by `stepcache export` ('-': stdin)")
    p.add_argument(
        "--namespace", default=None,
        help="copy every entry into this namespace (new ids; originals untouched)",
    )
    p.add_argument(
        "--replace", action="store_true",
        help="overwrite entries whose id is already in the store (default: skip them)",
    )
    p.set_defaults(func=_wrap(_cmd_import, create=True, prepare=_read_import))


def _wrap(
    fn: Callable[[argparse.Namespace, Any], int],
    *,
    create: bool,
    read_only: bool = False,
    prepare: Callable[[argparse.Namespace], None] | None = None,
) -> Callable[[argparse.Namespace], int]:
    """Resolve and open the store, run the command, close it; errors become exit code 1.

    ``prepare(args)`` runs first, before the store is opened (``import`` reads its input
    there), so a failing one leaves the store untouched. A SQLite store that ``create``
    made and the command then failed on is removed again, with the directories made for it.
    """

    def run(args: argparse.Namespace) -> int:
        from ..errors import StepCacheError
        from .urls import configured_store_url, is_store_url, open_store, redact_url

        url = getattr(args, "store", None) or configured_store_url()
        if not url:
            print(NO_STORE_MESSAGE, file=sys.stderr)
            return 1
        if is_store_url(url) and url.split(":", 1)[0].lower() == "memory":
            print(
                f"stepcache: {url} is an in-process store; it exists only inside the program "
                "that created it, so this command cannot see it. Use a SQLite path or a "
                "postgresql:// URL.",
                file=sys.stderr,
            )
            return 1
        if prepare is not None:
            try:
                prepare(args)
            except StepCacheError as exc:
                print(f"stepcache: error: {exc}", file=sys.stderr)
                return 1
        new_files = _files_a_new_store_makes(url) if create else None
        code = 1
        try:
            try:
                store = open_store(url, create=create, read_only=read_only)
            except StepCacheError as exc:
                print(f"stepcache: cannot open store {redact_url(url)}: {exc}", file=sys.stderr)
                return 1
            try:
                code = fn(args, store)
            except StepCacheError as exc:
                print(f"stepcache: error: {exc}", file=sys.stderr)
            except BrokenPipeError:  # `stepcache export | head`
                code = 0
            finally:
                store.close()
            return code
        finally:
            if code != 0 and new_files is not None:
                _remove_new_store(*new_files)

    return run


def _files_a_new_store_makes(url: str) -> tuple[str, list[str]] | None:
    """The SQLite file ``url`` names and the directories opening it would create, if it
    does not exist yet (None: it exists, or the store is not a SQLite file)."""
    from .urls import sqlite_file

    try:
        path = sqlite_file(url)
    except Exception:  # noqa: BLE001 - open_store reports a malformed URL
        return None
    if path is None or os.path.lexists(path):
        return None
    missing: list[str] = []
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = os.path.dirname(folder)
    return path, missing


def _remove_new_store(path: str, folders: list[str]) -> None:
    """Undo the creation of a store: its files, then the (empty) directories made for it."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.remove(path + suffix)
        except FileNotFoundError:
            pass
        except OSError as exc:
            print(f"stepcache: could not remove {path + suffix}: {exc}", file=sys.stderr)
    for folder in folders:  # deepest first
        try:
            os.rmdir(folder)
        except OSError:
            break


def _cmd_delete(args: argparse.Namespace, store: Any) -> int:
    if args.id and store.delete(args.id):  # an exact id, even of an expired entry
        print(f"deleted {args.id}")
        return 0
    entry_id = resolve_id(store, args.id)
    if entry_id is None:
        return 1
    if store.delete(entry_id):
        print(f"deleted {entry_id}")
        return 0
    print(f"stepcache: no entry {entry_id!r}", file=sys.stderr)
    return 1


def _cmd_clear(args: argparse.Namespace, store: Any) -> int:
    scope = f"namespace {args.namespace!r}" if args.namespace else "ALL namespaces"
    if not args.yes:
        if not sys.stdin.isatty():
            print(f"stepcache: refusing to clear {scope} without --yes", file=sys.stderr)
            return 2
        answer = input(f"Delete every entry of {scope}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("aborted", file=sys.stderr)
            return 1
    removed = store.clear(args.namespace)
    print(f"cleared {removed} entries from {scope}")
    return 0


def _cmd_export(args: argparse.Namespace, store: Any) -> int:
    from ..errors import StoreError
    from .transfer import export_jsonl

    if args.output == "-":
        count = export_jsonl(store, sys.stdout, namespace=args.namespace)
        sys.stdout.flush()
    else:
        try:
            count = export_jsonl(store, args.output, namespace=args.namespace)
        except OSError as exc:
            raise StoreError(f"cannot write {args.output}: {exc.strerror or exc}") from exc
    print(f"exported {count} entries", file=sys.stderr)
    return 0


def _read_import(args: argparse.Namespace) -> None:
    """Read and check the whole input of ``import`` (before the store is opened)."""
    from .transfer import read_jsonl

    args.records = read_jsonl(sys.stdin if args.input == "-" else args.input)


def _cmd_import(args: argparse.Namespace, store: Any) -> int:
    from .transfer import import_records

    on_conflict = "replace" if args.replace else "skip"
    report = import_records(store, args.records, namespace=args.namespace, on_conflict=on_conflict)
    where = f" into namespace {args.namespace!r}" if args.namespace else ""
    message = f"imported {report.imported} entries{where}"
    if report.replaced:
        message += f" ({report.replaced} replaced an entry with the same id)"
    skipped = []
    if report.skipped_existing:
        skipped.append(
            f"{report.skipped_existing} already in the store (same id; --replace overwrites)"
        )
    if report.skipped_expired:
        skipped.append(f"{report.skipped_expired} expired")
    if skipped:
        message += "; skipped " + ", ".join(skipped)
    print(message, file=sys.stderr)
    return 0
