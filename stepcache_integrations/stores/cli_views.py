"""What the ``stepcache`` read commands print: ``stats``, ``list`` and ``show`` (see
``stores.cli_commands``, which registers them), and how an id or id prefix names one entry."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

__all__ = ["PROMPT_WIDTH", "cmd_list", "cmd_show", "cmd_stats", "resolve_id"]

#: The least prompt width of a `list` row when --width is not given.
PROMPT_WIDTH = 100


def resolve_id(store: Any, given: str) -> str | None:
    """The id of the one live entry whose id is ``given`` or starts with it.

    Prints the reason and returns None when there is none or the prefix is ambiguous."""
    if not given:
        print("stepcache: empty entry id", file=sys.stderr)
        return None
    if store.get(given) is not None:
        return given
    matches: list[str] = []
    for entry, _vector in store.iter_items(None):
        if entry.id.startswith(given):
            matches.append(entry.id)
            if len(matches) > 5:
                break
    if not matches:
        print(f"stepcache: no live entry with id or id prefix {given!r}", file=sys.stderr)
        return None
    if len(matches) > 1:
        shown = ", ".join(matches[:5]) + (", ..." if len(matches) > 5 else "")
        print(
            f"stepcache: id prefix {given!r} is ambiguous: it matches {shown}; "
            "give more characters",
            file=sys.stderr,
        )
        return None
    return matches[0]


def _age(seconds: float) -> str:
    seconds = max(0.0, seconds)
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds / size:.1f}{unit}"
    return f"{seconds:.0f}s"


def _head(text: str, width: int | None) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis (None: whole)."""
    flat = " ".join(text.split())
    if width is None or len(flat) <= width:
        return flat
    return flat[: width - 1] + "\u2026" if width > 1 else flat[:width]


def _flat(stats: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """``(dotted key, value)`` in key order: a nested dict (``index_segments``) becomes one line per
    field, never a Python dict on screen."""
    rows: list[tuple[str, Any]] = []
    for key in sorted(stats):
        value = stats[key]
        if isinstance(value, dict):
            rows += _flat(value, f"{prefix}{key}.")
        else:
            rows.append((f"{prefix}{key}", value))
    return rows


def _shown(value: Any) -> str:
    """A value as a person reads it: floats to two decimals, None as ``-``, booleans as yes/no."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def cmd_stats(args: argparse.Namespace, store: Any) -> int:
    stats = store.stats()
    if args.json:
        print(json.dumps(stats, indent=2, sort_keys=True, default=str))
        return 0
    namespaces = stats.pop("namespaces", None) or {}
    rows = _flat(stats)
    width = max([24, *(len(key) + 1 for key, _ in rows)])
    for key, value in rows:
        print(f"{key:{width}} {_shown(value)}")
    if namespaces:
        print("namespaces:")
        for name, info in sorted(namespaces.items()):
            if isinstance(info, dict):
                print(f"  {name:22} entries={info.get('entries')} hits={info.get('hits')}")
            else:
                print(f"  {name:22} {info}")
    return 0


#: The columns of a `list` row before the prompt: (header, width); the prompt takes the rest.
_LIST_COLUMNS = (
    ("ID", 32), ("NAMESPACE", 12), ("MODEL", 24), ("TASK", 12), ("VERIFICATION", 12), ("HITS", 5), ("AGE", 6),
)


def _list_row(cells: tuple[str, ...], prompt: str) -> str:
    """One `list` line: the fixed columns (numbers right-aligned), then the prompt."""
    parts = [
        f"{cell:{'>' if name in ('HITS', 'AGE') else '<'}{width}}"
        for cell, (name, width) in zip(cells, _LIST_COLUMNS, strict=True)
    ]
    return " ".join(parts) + "  " + prompt


def _prompt_width(args: argparse.Namespace) -> int | None:
    """Characters of prompt per `list` row (None: the whole prompt)."""
    if args.width is not None:
        return args.width or None
    import shutil

    fixed = sum(w for _, w in _LIST_COLUMNS) + len(_LIST_COLUMNS) + 1
    return max(PROMPT_WIDTH, shutil.get_terminal_size((0, 0)).columns - fixed)


def cmd_list(args: argparse.Namespace, store: Any) -> int:
    now = time.time()
    shown = 0
    width = _prompt_width(args)
    if not args.json:
        print(_list_row(tuple(name for name, _ in _LIST_COLUMNS), "PROMPT"))
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
                        "verification": entry.verification,
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
            sizes = dict(_LIST_COLUMNS)
            print(
                _list_row(
                    (
                        entry.id,
                        _head(entry.namespace, sizes["NAMESPACE"]),
                        _head(entry.llm_key, sizes["MODEL"]),
                        _head(entry.task, sizes["TASK"]),
                        entry.verification,
                        str(entry.hits),
                        _age(now - entry.created_at),
                    ),
                    _head(entry.prompt, width),
                )
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


def cmd_show(args: argparse.Namespace, store: Any) -> int:
    entry_id = resolve_id(store, args.id)
    entry = store.get(entry_id) if entry_id is not None else None
    if entry is None:
        return 1
    if args.json:
        data = entry.model_dump(mode="json")
        data["verification"] = entry.verification
        for i, step in enumerate(data["steps"]):
            step["provenance"] = _provenance(entry, i)
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    now = time.time()
    print(f"id          {entry.id}")
    print(f"namespace   {entry.namespace}")
    print(f"llm_key     {entry.llm_key}")
    print(f"task        {entry.task}")
    print(f"verification {entry.verification}")
    print(f"created     {_age(now - entry.created_at)} ago")
    print(f"hits        {entry.hits}" + (
        f" (last {_age(now - entry.last_hit_at)} ago)" if entry.last_hit_at else ""))
    if entry.expires_at is not None:
        print(f"expires in  {_age(entry.expires_at - now)}")
    print(f"tokens      prompt={entry.prompt_tokens} completion={entry.completion_tokens}")
    if entry.constraints:  # one field per line: a system's equations stay readable
        print("constraints:")
        width = max(map(len, entry.constraints))
        for name, value in entry.constraints.items():
            print(f"  {name:<{width}}  {json.dumps(value, ensure_ascii=False)}")
    print("prompt:")
    for line in entry.prompt.splitlines() or [""]:
        print(f"  {line}")
    print(f"steps ({len(entry.steps)}):")
    for i, step in enumerate(entry.steps):
        body = step.text.rstrip().replace("\n", "\n      ")
        print(f"  [{i}] {_provenance(entry, i)} ({step.kind}): {body}")
    return 0
