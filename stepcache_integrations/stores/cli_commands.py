"""``stepcache`` subcommands that operate a store: stats, list, show, delete, clear, export, import.

Every subcommand takes ``--store URL`` (default ``$STEPCACHE_STORE`` or
``sqlite:///stepcache.db``): ``sqlite:///path.db``, ``postgresql://user@host/db``,
``memory://`` (only useful for testing).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

__all__ = ["register"]


def _store_parent() -> argparse.ArgumentParser:
    from .io import DEFAULT_STORE_URL

    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--store",
        metavar="URL",
        default=None,
        help=f"store URL (default: $STEPCACHE_STORE or {DEFAULT_STORE_URL}); "
        "sqlite:///path.db, postgresql://user@host:port/db, memory://",
    )
    return parent


def register(subparsers: Any) -> None:
    """Add the store subcommands to the ``stepcache`` parser."""
    parent = _store_parent()

    p = subparsers.add_parser("stats", parents=[parent], help="store statistics")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_wrap(_cmd_stats))

    p = subparsers.add_parser("list", parents=[parent], help="list cache entries")
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.add_argument("--limit", type=int, default=50, help="at most N entries (0: all; default 50)")
    p.add_argument("--json", action="store_true", help="print JSON lines")
    p.set_defaults(func=_wrap(_cmd_list))

    p = subparsers.add_parser("show", parents=[parent], help="show one entry and its steps")
    p.add_argument("id", help="entry id")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_wrap(_cmd_show))

    p = subparsers.add_parser("delete", parents=[parent], help="delete one entry")
    p.add_argument("id", help="entry id")
    p.set_defaults(func=_wrap(_cmd_delete))

    p = subparsers.add_parser("clear", parents=[parent], help="delete every entry (of a namespace)")
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")
    p.set_defaults(func=_wrap(_cmd_clear))

    p = subparsers.add_parser("export", parents=[parent], help="export entries as JSON lines")
    p.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    p.add_argument("--namespace", default=None, help="only this namespace")
    p.set_defaults(func=_wrap(_cmd_export))

    p = subparsers.add_parser("import", parents=[parent], help="import JSON lines from export")
    p.add_argument("input", help="file written by `stepcache export` ('-': stdin)")
    p.add_argument("--namespace", default=None, help="put every entry into this namespace")
    p.set_defaults(func=_wrap(_cmd_import))


def _wrap(fn: Callable[[argparse.Namespace, Any], int]) -> Callable[[argparse.Namespace], int]:
    """Open the store, run the command, close it; StepCache errors become exit code 1."""

    def run(args: argparse.Namespace) -> int:
        from ..errors import StepCacheError
        from .io import default_store_url, open_store, redact_url

        url = args.store or default_store_url()
        try:
            store = open_store(url)
        except StepCacheError as exc:
            print(f"stepcache: cannot open store {redact_url(url)}: {exc}", file=sys.stderr)
            return 1
        try:
            return fn(args, store)
        except StepCacheError as exc:
            print(f"stepcache: error: {exc}", file=sys.stderr)
            return 1
        except BrokenPipeError:  # `stepcache export | head`
            return 0
        finally:
            store.close()

    return run


def _age(seconds: float) -> str:
    seconds = max(0.0, seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f}{unit}"
    return f"{seconds:.0f}s"


def _head(text: str, width: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "\u2026"


def _cmd_stats(args: argparse.Namespace, store: Any) -> int:
    stats = store.stats()
    if args.json:
        print(json.dumps(stats, indent=2, sort_keys=True, default=str))
        return 0
    namespaces = stats.pop("namespaces", None) or {}
    for key in sorted(stats):
        print(f"{key:24} {stats[key]}")
    if namespaces:
        print("namespaces:")
        for name, info in sorted(namespaces.items()):
            if isinstance(info, dict):
                print(f"  {name:22} entries={info.get('entries')} hits={info.get('hits')}")
            else:
                print(f"  {name:22} {info}")
    return 0


def _cmd_list(args: argparse.Namespace, store: Any) -> int:
    now = time.time()
    shown = 0
    if not args.json:
        print(f"{'ID':32}  {'NAMESPACE':12} {'TASK':15} {'HITS':>5} {'AGE':>6}  PROMPT")
    for entry, _vector in store.iter_items(args.namespace):
        if args.limit and shown >= args.limit:
            break
        shown += 1
        if args.json:
            print(
                json.dumps(
                    {
                        "id": entry.id,
                        "namespace": entry.namespace,
                        "llm_key": entry.llm_key,
                        "task": entry.task,
                        "prompt": entry.prompt,
                        "hits": entry.hits,
                        "created_at": entry.created_at,
                        "last_hit_at": entry.last_hit_at,
                        "expires_at": entry.expires_at,
                    },
                    ensure_ascii=False,
                )
            )
        else:
            print(
                f"{entry.id:32}  {_head(entry.namespace, 12):12} {_head(entry.task, 15):15} "
                f"{entry.hits:5d} {_age(now - entry.created_at):>6}  {_head(entry.prompt, 60)}"
            )
    if not args.json:
        total = store.count(args.namespace)
        print(f"({shown} of {total} entries shown)", file=sys.stderr)
    return 0


def _provenance(entry: Any, index: int) -> str:
    step = entry.steps[index]
    value = step.meta.get("provenance") if isinstance(step.meta, dict) else None
    if value is None:
        per_step = entry.metadata.get("provenance") if isinstance(entry.metadata, dict) else None
        if isinstance(per_step, list) and index < len(per_step):
            value = per_step[index]
    return str(value) if value is not None else "stored"


def _cmd_show(args: argparse.Namespace, store: Any) -> int:
    entry = store.get(args.id)
    if entry is None:
        print(f"stepcache: no live entry {args.id!r}", file=sys.stderr)
        return 1
    if args.json:
        data = entry.model_dump(mode="json")
        for i, step in enumerate(data["steps"]):
            step["provenance"] = _provenance(entry, i)
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    now = time.time()
    print(f"id          {entry.id}")
    print(f"namespace   {entry.namespace}")
    print(f"llm_key     {entry.llm_key}")
    print(f"task        {entry.task}")
    print(f"created     {_age(now - entry.created_at)} ago")
    print(f"hits        {entry.hits}" + (
        f" (last {_age(now - entry.last_hit_at)} ago)" if entry.last_hit_at else ""))
    if entry.expires_at is not None:
        print(f"expires in  {_age(entry.expires_at - now)}")
    print(f"tokens      prompt={entry.prompt_tokens} completion={entry.completion_tokens}")
    if entry.constraints:
        print(f"constraints {json.dumps(entry.constraints, ensure_ascii=False)}")
    print("prompt:")
    for line in entry.prompt.splitlines() or [""]:
        print(f"  {line}")
    print(f"steps ({len(entry.steps)}):")
    for i, step in enumerate(entry.steps):
        body = step.text.rstrip().replace("\n", "\n      ")
        print(f"  [{i}] {_provenance(entry, i)} ({step.kind}): {body}")
    return 0


def _cmd_delete(args: argparse.Namespace, store: Any) -> int:
    if store.delete(args.id):
        print(f"deleted {args.id}")
        return 0
    print(f"stepcache: no entry {args.id!r}", file=sys.stderr)
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
    from .io import export_jsonl

    if args.output == "-":
        count = export_jsonl(store, sys.stdout, namespace=args.namespace)
        sys.stdout.flush()
    else:
        count = export_jsonl(store, args.output, namespace=args.namespace)
    print(f"exported {count} entries", file=sys.stderr)
    return 0


def _cmd_import(args: argparse.Namespace, store: Any) -> int:
    from ..errors import StoreError
    from .io import import_jsonl

    try:
        if args.input == "-":
            count = import_jsonl(store, sys.stdin, namespace=args.namespace)
        else:
            count = import_jsonl(store, args.input, namespace=args.namespace)
    except OSError as exc:
        raise StoreError(f"cannot read {args.input}: {exc}") from exc
    print(f"imported {count} entries", file=sys.stderr)
    return 0
