"""The JSON object an answer holds, served in the requested key order, and merged with the
keys a patch or repair had the model write."""

from __future__ import annotations

import json
from typing import Any

from ...types import Provenance, Step, extract_json_object
from ..base import Assembly
from .constraints import JsonConstraints
from .literal import Member, duplicate_keys, members, render, same_json

__all__ = ["asks_for", "dumps", "keys_prompt", "merge", "object_of", "only_asked", "ordered", "written_members"]


def dumps(obj: dict[str, Any]) -> str:
    """The object as served."""
    return json.dumps(obj, ensure_ascii=False, indent=2)


def object_of(steps: list[Step]) -> dict[str, Any] | None:
    """The JSON object of an answer's steps, if it has one."""
    for step in steps:
        if step.kind == "json" and isinstance(step.meta.get("object"), dict):
            return step.meta["object"]
    return None


def ordered(obj: dict[str, Any], c: JsonConstraints) -> dict[str, Any]:
    """Requested keys in the requested order, then every other key in its order. No key is
    dropped: a key the model wrote stays; a cached key the new prompt did not ask for is a
    question of evidence (verify judges it like any other key), never trimmed."""
    result = {k: obj[k] for k in c.required if k in obj}
    result.update({k: v for k, v in obj.items() if k not in result})
    return result


def written_members(steps: list[Step]) -> dict[str, Member]:
    """The members of the steps' JSON object as its text writes them."""
    for step in steps:
        if step.kind == "json" and isinstance(step.meta.get("object"), dict):
            return members(step.text) or {}
    return {}


def keys_prompt(prompt: str, good: dict[str, Any], bad: list[str], *, proven: bool) -> str:
    """The original request, the kept fields said for what they are (a patch's are proven for
    this request; a repair's passed presence and type checks only), and the fields wanted."""
    wanted = ", ".join(json.dumps(k) for k in bad)
    kept = (
        "These fields are already filled in and checked for this request"
        if proven
        else "These fields were present with the right type (their values were not checked)"
    )
    return f"{prompt}\n\n{kept}:\n{json.dumps(good, ensure_ascii=False)}\nReturn only a JSON object with the fields {wanted}."


def merge(
    kept: dict[str, Any],
    wanted: list[str],
    generated: str,
    c: JsonConstraints,
    provenances: tuple[Provenance, Provenance],
    earlier: list[Step],
) -> Assembly:
    """The kept keys with every key the model wrote (``provenances``: the kept part's and the
    model's). Nothing the model wrote is dropped: a key it wrote beside the wanted ones is served
    as written; a kept key it wrote again keeps the kept text only when the model wrote the same
    value, and otherwise fails its check (``model_errors``), never silently replaced. A key the
    model wrote twice, at any depth (decoded names compared), fails its check too."""
    kept_provenance, new_provenance = provenances
    # a cached key the request does not ask for is neither kept nor asked for; the model's own keys
    # are its answer for this prompt (served as written)
    kept, wanted = only_asked(kept, c), [k for k in wanted if asks_for(c, k)]
    found = extract_json_object(generated)
    fresh = found[0] if found else {}
    model_text = generated[found[1] : found[2]].strip() if found else ""
    written = dict(written_members(earlier))
    model_written = (members(model_text) or {}) if found else {}
    model_errors: dict[str, str] = dict(duplicate_keys(model_text)) if found else {}
    merged, model_keys = _with_model_keys(kept, wanted, fresh, model_errors)
    merged = ordered(merged, c)
    written.update({k: model_written[k] for k in model_keys if k in model_written})
    meta = {"object": merged, **_carried(earlier, c, model_keys)}
    if model_errors:
        meta["model_errors"] = model_errors
    step = Step(text=render(merged, written), kind="json", meta=meta)
    provenance: Provenance = new_provenance if not kept or model_keys else kept_provenance
    errors = [] if found else ["the model returned no JSON object"]
    return Assembly([step], [provenance], errors)


def asks_for(c: JsonConstraints, key: str) -> bool:
    """Whether the request asks for ``key``: a key it names (its key list, the schema's required keys)
    or a property of its schema; every key when it names none."""
    if not c.required:
        return True
    properties = c.schema.get("properties") if isinstance(c.schema, dict) else None
    return key in c.required or (isinstance(properties, dict) and key in properties)


def only_asked(obj: dict[str, Any], c: JsonConstraints) -> dict[str, Any]:
    """``obj`` without the keys the request does not ask for (:func:`asks_for`): what a patch or
    repair keeps of an earlier object is the request's keys, never a cached key it dropped."""
    return {k: v for k, v in obj.items() if asks_for(c, k)}


def _with_model_keys(
    kept: dict[str, Any], wanted: list[str], fresh: dict[str, Any], model_errors: dict[str, str]
) -> tuple[dict[str, Any], list[str]]:
    """The kept keys plus every key the model wrote, and which keys those are; a kept key the
    model wrote otherwise than kept is an error in ``model_errors`` (never silently replaced)."""
    merged = dict(kept)
    model_keys: list[str] = []
    for key, value in fresh.items():
        if key in kept and key not in wanted:
            if not same_json(kept[key], value):
                model_errors.setdefault(
                    key, f"the model wrote {json.dumps(key, ensure_ascii=False)} otherwise than its kept value"
                )
            continue  # the kept text is this very value (or the answer fails above)
        merged[key] = value
        model_keys.append(key)
    return merged, model_keys


def _carried(earlier: list[Step], c: JsonConstraints, model_keys: list[str]) -> dict[str, Any]:
    """Meta a merged object keeps for verify: the source of re-instantiated values, and which
    keys the model wrote for this very prompt (``fresh_for``: its digest; stored and later
    served for another prompt, the marks no longer apply)."""
    meta: dict[str, Any] = {}
    fresh_keys = list(model_keys)
    for step in earlier:
        if "source" in step.meta:
            meta["source"], meta["source_digest"] = step.meta["source"], step.meta.get("source_digest")
        if step.meta.get("fresh_for") == c.prompt.digest:
            fresh_keys += [k for k in step.meta.get("fresh_keys") or [] if k not in fresh_keys]
    meta["fresh_keys"], meta["fresh_for"] = fresh_keys, c.prompt.digest
    return meta
