"""JSON objects with required keys: key-level verification, patching and repair."""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
from jsonschema.exceptions import SchemaError
from referencing import Registry
from referencing.exceptions import Unresolvable

from ...errors import InvalidSchemaError
from ..segment import extract_json_object
from ..types import Provenance, Step
from .text import prompt_changes
from .base import (
    Assembly,
    TaskHandler,
    UnitCheck,
    Verification,
    extract_slots,
    mentions,
    slot_mapping,
    stale_slots,
)

__all__ = ["JsonTask", "required_keys_from_prompt", "stated_values", "validate_schema"]

_JSON_WORD = re.compile(r"\bjson\b", re.IGNORECASE)
_KEY_LIST = re.compile(
    r"(?:keys|fields|properties|attributes)\s*(?:named|called)?\s*:?\s*"
    r"(?P<list>[\"'`]?[A-Za-z_][\w-]*[\"'`]?(?:\s*(?:,\s*and\b|,|\band\b)\s*[\"'`]?[A-Za-z_][\w-]*[\"'`]?)*)",
    re.IGNORECASE,
)
# Remote $ref must never be fetched: an empty registry resolves nothing outside the schema.
_NO_REMOTE = Registry()
_TYPE_NAMES = {"string": str, "integer": int, "number": (int, float), "boolean": bool}


def required_keys_from_prompt(prompt: str) -> list[str]:
    """Keys a prompt asks for in words ("with keys name, age and email")."""
    match = _KEY_LIST.search(prompt[:20000])
    if match is None:
        return []
    keys = re.split(r"\s*(?:,\s*and\b|,|\band\b)\s*", match.group("list"))
    cleaned = [k.strip().strip("\"'`") for k in keys]
    return list(dict.fromkeys(k for k in cleaned if k))


def validate_schema(schema: Any) -> dict[str, Any]:
    """Check a caller's JSON Schema; raise InvalidSchemaError with a clear message."""
    if not isinstance(schema, dict):
        raise InvalidSchemaError(f"schema must be a JSON object (dict), got {type(schema).__name__}")
    try:
        validator_cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        validator_cls.check_schema(schema)
    except SchemaError as exc:
        raise InvalidSchemaError(f"invalid JSON Schema: {exc.message}") from None
    except RecursionError:
        raise InvalidSchemaError("invalid JSON Schema: nested too deeply") from None
    return schema


def _validator(schema: dict[str, Any]) -> Any:
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, registry=_NO_REMOTE)


def _dumps(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


class JsonTask(TaskHandler):
    """Answers that must be one JSON object with required keys (and types, given a schema)."""

    name = "json"
    accepts_schema = True
    # Keys, types and prompt-stated values are checked, so a looser match is safe.
    similarity_threshold = 0.55

    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        return schema is not None or _JSON_WORD.search(prompt[:20000]) is not None

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        required: list[str] = []
        if schema is not None:
            validate_schema(schema)
            required = [str(k) for k in schema.get("required", [])]
            for key in schema.get("properties", {}):
                if key not in required and not schema.get("required"):
                    required.append(str(key))
        if not required:
            required = required_keys_from_prompt(prompt)
        return {
            "required": required,
            "schema": schema,
            "stated": stated_values(prompt, required),
            "slots": extract_slots(prompt),
            "prompt": prompt[:20000],
        }

    def segment(self, answer: str, constraints: dict[str, Any]) -> list[Step]:
        found = extract_json_object(answer)
        if found is None:
            return [Step(text=answer, kind="text")]
        obj = self._ordered(found[0], constraints)
        return [Step(text=_dumps(obj), kind="json", meta={"object": obj})]

    def _ordered(self, obj: dict[str, Any], constraints: dict[str, Any]) -> dict[str, Any]:
        """Requested keys in the requested order. When the prompt names its keys, other keys
        are dropped: a cached answer's leftover key (``author`` for a movie) is never served."""
        required = constraints.get("required") or []
        ordered = {k: obj[k] for k in required if k in obj}
        schema = constraints.get("schema")
        if not required or (schema is not None and schema.get("additionalProperties", True) is not False):
            allowed = set(obj)  # a schema that admits extra keys keeps them
        else:
            allowed = set((schema or {}).get("properties") or {})
        ordered.update({k: v for k, v in obj.items() if k not in ordered and k in allowed})
        return ordered

    def _object(self, steps: list[Step]) -> dict[str, Any] | None:
        for step in steps:
            if step.kind == "json" and isinstance(step.meta.get("object"), dict):
                return step.meta["object"]
        return None

    def _key_errors(self, obj: dict[str, Any], constraints: dict[str, Any]) -> dict[str, str]:
        errors: dict[str, str] = {}
        for key in constraints.get("required") or []:
            if key not in obj:
                errors[key] = "missing"
            elif obj[key] is None or obj[key] == "":
                errors[key] = "empty"
            elif key in (constraints.get("stated") or {}) and not _same_value(
                obj[key], constraints["stated"][key]
            ):
                errors[key] = f"the prompt states {json.dumps(constraints['stated'][key], ensure_ascii=False)}"
        schema = constraints.get("schema")
        if schema:
            try:
                for err in _validator(schema).iter_errors(obj):
                    key = str(err.path[0]) if err.path else None
                    if key is None and err.validator == "required":
                        continue  # reported per key above
                    errors.setdefault(key or "$", err.message[:200])
            except (Unresolvable, RecursionError) as exc:
                errors.setdefault("$", f"schema cannot be applied: {type(exc).__name__}")
        return errors

    def verify(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
    ) -> Verification:
        obj = self._object(steps)
        if obj is None:
            return Verification([UnitCheck("object", False, "no JSON object in the answer")])
        errors = self._key_errors(obj, constraints)
        stale: list[str] = []
        if cached_constraints:
            stale = stale_slots(cached_constraints.get("slots") or [], constraints.get("slots") or [])
            old_prompt, new_prompt = cached_constraints.get("prompt"), constraints.get("prompt")
            if isinstance(old_prompt, str) and isinstance(new_prompt, str) and old_prompt != new_prompt:
                # Words the new prompt replaced also count ("Alice is 30." -> "Bob is 30.": a
                # sentence-initial name is not recognised as a slot on its own).
                known = {s.lower() for s in stale}
                stale += [w for w in prompt_changes(old_prompt, new_prompt)[0] if w.lower() not in known]
        keys = list(dict.fromkeys([*(constraints.get("required") or []), *obj.keys()]))
        units: list[UnitCheck] = []
        for key in keys:
            reason = errors.get(key, "")
            if not reason and key in obj:
                rendered = json.dumps(obj[key], ensure_ascii=False)
                old = next((s for s in stale if mentions(rendered, s)), None)
                if old is not None:
                    reason = f"holds {old!r}, a value the new prompt changed"
            units.append(UnitCheck(key, not reason, reason))
        if "$" in errors:
            units.append(UnitCheck("$", False, errors["$"]))
        return Verification(units)

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        if self._object(steps) is None:
            return ["the answer contains no valid JSON object"]
        return self.verify(steps, constraints, None).reasons()

    def blocks_reuse(self, verification: Verification) -> bool:
        return any(not u.ok and u.name in ("object", "$") for u in verification.units)

    def present(self, steps: list[Step], constraints: dict[str, Any]) -> list[Step]:
        obj = self._object(steps)
        if obj is None:
            return steps
        ordered = self._ordered(obj, constraints)
        return [Step(text=_dumps(ordered), kind="json", meta={"object": ordered})]

    def regen_share(self, steps: list[Step], verification: Verification) -> float:
        if not verification.units:
            return 0.0
        if self._object(steps) is None:
            return 1.0
        return len(verification.failures) / len(verification.units)

    def reinstantiate(
        self,
        steps: list[Step],
        cached_constraints: dict[str, Any],
        constraints: dict[str, Any],
    ) -> list[Step] | None:
        obj = self._object(steps)
        if obj is None:
            return None
        mapping = slot_mapping(cached_constraints.get("prompt", ""), constraints.get("prompt", ""))
        mapping = {o: n for o, n in mapping.items() if o.strip() and n.strip()}
        changed = {key: _substitute(value, mapping) for key, value in obj.items()} if mapping else dict(obj)
        # A value the new prompt states outright ("owner \"Nikos Pappas\"") is taken from it.
        for key, value in (constraints.get("stated") or {}).items():
            if key not in changed or not _same_value(changed[key], value):
                changed[key] = value
        if changed == obj:
            return None
        new_obj = self._ordered(changed, constraints)
        return [Step(text=_dumps(new_obj), kind="json", meta={"object": new_obj, "reinstantiated": True})]

    def fallback(self, constraints: dict[str, Any]) -> str | None:
        """When the prompt states a value for every required key, that object is the answer."""
        required = constraints.get("required") or []
        stated = constraints.get("stated") or {}
        if not required or any(key not in stated for key in required):
            return None
        return _dumps({key: stated[key] for key in required})

    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: dict[str, Any]
    ) -> tuple[str, str]:
        obj = self._object(steps) or {}
        good = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok and u.name != "$"]
        return self._keys_prompt(prompt, good, bad), ""

    def _keys_prompt(self, prompt: str, good: dict[str, Any], bad: list[str]) -> str:
        wanted = ", ".join(json.dumps(k) for k in bad)
        return (
            f"{prompt}\n\nThese fields are already filled in and checked:\n{json.dumps(good, ensure_ascii=False)}\n"
            f"Return only a JSON object with the fields {wanted}."
        )

    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: dict[str, Any],
        kept_provenance: list[Provenance],
    ) -> Assembly:
        obj = self._object(steps) or {}
        kept = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok]
        return self._merge(kept, bad, generated, constraints, kept_provenance[0] if kept_provenance else "reused", "regenerated")

    def _merge(
        self,
        kept: dict[str, Any],
        wanted: list[str],
        generated: str,
        constraints: dict[str, Any],
        kept_provenance: Provenance,
        new_provenance: Provenance,
    ) -> Assembly:
        found = extract_json_object(generated)
        fresh = found[0] if found else {}
        merged = dict(kept)
        for key in wanted:
            if key in fresh:
                merged[key] = fresh[key]
        if not constraints.get("required"):  # nothing requested by name: keep what the model added
            for key, value in fresh.items():
                merged.setdefault(key, value)
        merged = self._ordered(merged, constraints)
        step = Step(text=_dumps(merged), kind="json", meta={"object": merged})
        provenance: Provenance = new_provenance if not kept or any(k in fresh for k in wanted) else kept_provenance
        errors = [] if found else ["the model returned no JSON object"]
        return Assembly([step], [provenance], errors)

    def fresh(self, generated: str, constraints: dict[str, Any]) -> Assembly:
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["regenerated"] * len(steps))

    def repair_prompt(
        self, prompt: str, answer: Assembly, errors: list[str], constraints: dict[str, Any]
    ) -> str:
        obj = self._object(answer.steps)
        if obj is None:
            return super().repair_prompt(prompt, answer, errors, constraints) + (
                "\nReturn only one valid JSON object."
            )
        verification = self.verify(answer.steps, constraints, None)
        good = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok and u.name != "$"] or list(obj)
        problems = "; ".join(errors[:10])
        return self._keys_prompt(prompt, good, bad) + f"\nProblems to fix: {problems}"

    def apply_repair(self, answer: Assembly, generated: str, constraints: dict[str, Any]) -> Assembly:
        obj = self._object(answer.steps)
        if obj is None:
            steps = self.segment(generated, constraints)
            return Assembly(steps, ["repaired"] * len(steps))
        verification = self.verify(answer.steps, constraints, None)
        kept = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok]
        return self._merge(kept, bad, generated, constraints, answer.provenance[0], "repaired")


_STATED = r"""\s*(?:[:=]|\bis\b)?\s*(?:"(?P<dq>[^"\n]{0,200})"|'(?P<sq>[^'\n]{0,200})'|(?P<num>-?\d{1,15}(?:\.\d{1,10})?)(?!\w|\.\d))"""


def stated_values(prompt: str, keys: list[str]) -> dict[str, Any]:
    """Values the prompt gives for required keys: ``owner "Nikos"``, ``rating: 4``, ``year = 2004``."""
    text = prompt[:20000]
    found: dict[str, Any] = {}
    for key in keys:
        pattern = re.compile(rf"(?<![\w\"']){re.escape(key)}(?![\w])[\"']?" + _STATED)
        for match in pattern.finditer(text):
            if match.group("dq") is not None or match.group("sq") is not None:
                found[key] = match.group("dq") if match.group("dq") is not None else match.group("sq")
            else:
                number = match.group("num")
                found[key] = float(number) if "." in number else int(number)
            break
    return found


def _same_value(actual: Any, stated: Any) -> bool:
    if isinstance(stated, str):
        return isinstance(actual, str) and actual.strip().lower() == stated.strip().lower()
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        return isinstance(actual, str) and actual.strip() == str(stated)
    return float(actual) == float(stated)


def _substitute(value: Any, mapping: dict[str, str]) -> Any:
    """Replace old slot values by new ones inside a JSON value, keeping its type and case."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        new = mapping.get(json.dumps(value))
        if new is None:
            return value
        try:
            return type(value)(new) if isinstance(value, int) and new.lstrip("-").isdigit() else float(new)
        except ValueError:
            return value
    if isinstance(value, str):
        # Only a value that *is* the old slot is replaced; a value merely containing it
        # (an email built from a name) may depend on it in ways a substitution gets wrong.
        stripped = value.strip()
        for old, new in mapping.items():
            if stripped.lower() == old.lower() and old:
                return new
        return value
    if isinstance(value, list):
        return [_substitute(v, mapping) for v in value]
    if isinstance(value, dict):
        return {k: _substitute(v, mapping) for k, v in value.items()}
    return value
