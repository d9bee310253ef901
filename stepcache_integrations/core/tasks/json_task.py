"""JSON objects with required keys: key-level verification, patching and repair."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import jsonschema
from jsonschema.exceptions import SchemaError
from referencing import Registry
from referencing.exceptions import Unresolvable

from ...errors import InvalidSchemaError
from ..segment import extract_json_object
from ..types import Provenance, Step, VerificationLevel, weakest
from .base import Assembly, TaskHandler, UnitCheck, Verification
from .json_evidence import (
    MISSING,
    PairContext,
    expected_stated,
    identical,
    key_verdict,
    pair_context,
    plain_request,
    statements,
)
from .prompt_diff import PROMPT_LIMIT, canonical_digest

__all__ = ["JsonTask", "required_keys_from_prompt", "stated_values", "validate_schema"]

_JSON_WORD = re.compile(r"\bjson\b", re.IGNORECASE)
_JSON_REQUEST = re.compile(
    r"\b(?:return|give|produce|output|generate|write|create|respond|reply|make|need|want|provide|emit"
    r"|send|build|fill)\b[^.?!\n]{0,60}\bjson\b|\bjson\s+(?:object|record|only|response|output|format)\b"
    r"|\b(?:in|as)\s+(?:valid\s+)?json\b",
    re.IGNORECASE,
)
_KEY_LIST = re.compile(
    r"\b(?:keys|fields|properties|attributes)\b\s*(?:named|called)?\s*:?\s*"
    r"(?P<list>[\"'`]?[A-Za-z_][\w-]*[\"'`]?(?:\s*(?:,\s*and\b|,|\band\b)\s*[\"'`]?[A-Za-z_][\w-]*[\"'`]?)*)",
    re.IGNORECASE,
)
# The task serves one object, re-serialised: a prompt asking for another shape or layout, or for
# prose beside the object, is free text (served only for the same prompt).
_NOT_ONE_OBJECT = re.compile(
    r"\b(?:arrays?|lists?|lines|jsonl|ndjson|minified|minify|compact|indent(?:ed|ation)?|pretty|markdown|"
    r"code\s+block|fenced|sentences?|paragraphs?|explain(?:ing|s)?|explanation|comments?|yaml|xml|csv)\b",
    re.IGNORECASE,
)
# Remote $ref must never be fetched: an empty registry resolves nothing outside the schema.
_NO_REMOTE = Registry()
_TYPE_NAMES = {"string": str, "integer": int, "number": (int, float), "boolean": bool}


# A second key phrase or an object/list after the key list describes nested structure ("key
# person, an object with keys name and age"): the flat key list would misread it.
_KEY_WORD = re.compile(r"\b(?:keys?|fields?|properties|property|attributes?)\b", re.IGNORECASE)
_NESTED = re.compile(
    r"\b(?:lists?|arrays?|objects?|dicts?|dictionar(?:y|ies)|maps?)\s+(?:of|with|having|containing|whose)\b"
    r"|\bnested\b|\beach\s+(?:with|having|containing)\b",
    re.IGNORECASE,
)


def required_keys_from_prompt(prompt: str) -> list[str]:
    """Keys a prompt asks for in words ("with keys name, age and email"); none when the prompt
    describes nested structure, which a flat key list cannot state."""
    head = prompt[:20000]
    match = _KEY_LIST.search(head)
    if match is None or not head.isascii():
        return []  # a key in another script ("\uff41ge") would be cut from the list
    if len(_KEY_WORD.findall(head)) > 1 or _NESTED.search(head, match.start()):
        return []
    keys = re.split(r"\s*(?:,\s*and\b|,|\band\b)\s*", match.group("list"))
    cleaned = [k.strip().strip("\"'`") for k in keys]
    keys = [k for k in cleaned if k]
    if len(set(keys)) != len(keys):
        return []  # "keys: price, price, stock" is no list this grammar reads
    return keys


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
        """A schema, or a prompt that asks for one JSON object ("What is JSON?" is a text question;
        an array, JSON Lines, a layout or prose around the object is not what this task writes)."""
        if schema is not None:
            return True
        head = prompt[:20000]
        if _NOT_ONE_OBJECT.search(head):
            return False
        return _JSON_WORD.search(head) is not None and (
            _JSON_REQUEST.search(head) is not None or bool(required_keys_from_prompt(head))
        )

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
        """Required keys, schema, stated values, and the prompt (cut at PROMPT_LIMIT; the
        digest identifies all of it)."""
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
            # Beyond a plain data request ("dates in ISO format", "values in French") a statement
            # may not be the value as written: it neither rejects an answer nor is the fallback.
            # A schema's description may state a rule too ("twice the stated age").
            "stated": stated_values(prompt, required)
            if plain_request(prompt[:PROMPT_LIMIT], tuple(required)) and not _has_prose(schema)
            else {},
            "prompt": prompt[:PROMPT_LIMIT],
            "digest": hashlib.sha256(prompt.encode("utf-8", "surrogatepass")).hexdigest(),
            "truncated": len(prompt) > PROMPT_LIMIT,
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
                    if key is None and err.validator == "required" and _reported_missing(err, obj, errors):
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
        """Per key: the answer's own errors (missing, empty, contradicting a stated value, schema),
        then, for a cached answer, positive evidence that the value holds for the new prompt:
        stated in a plain request, or the same request up to the safe set
        (json_evidence.key_verdict)."""
        obj = self._object(steps)
        if obj is None:
            return Verification([UnitCheck("object", False, "no JSON object in the answer")])
        errors = self._key_errors(obj, constraints)
        context = None if cached_constraints is None else self._pair(steps, obj, cached_constraints, constraints)
        written_now = self._written_for(steps, constraints)
        keys = list(dict.fromkeys([*(constraints.get("required") or []), *obj.keys()]))
        units: list[UnitCheck] = []
        for key in keys:
            if key in errors:
                units.append(UnitCheck(key, False, errors[key]))
            elif context is None:
                units.append(UnitCheck(key, True, evidence="fresh answer: key, type and stated value checked"))
            elif key in written_now:
                units.append(UnitCheck(key, True, evidence="written by the model for this prompt"))
            else:
                ok, reason, evidence = key_verdict(key, obj[key], context)
                units.append(UnitCheck(key, ok, reason, evidence))
        if "$" in errors:
            units.append(UnitCheck("$", False, errors["$"]))
        return Verification(units)

    def _written_for(self, steps: list[Step], constraints: dict[str, Any]) -> set[str]:
        """Keys a patch or repair had the model write for this very prompt."""
        digest = constraints.get("digest")
        return {
            str(k)
            for step in steps
            if digest is not None and step.meta.get("fresh_for") == digest
            for k in step.meta.get("fresh_keys") or []
        }

    def _source(self, steps: list[Step], obj: dict[str, Any], cached: dict[str, Any]) -> dict[str, Any]:
        """The cached object the steps were re-instantiated from (when they were, for this very
        cached prompt), else the object itself."""
        for step in steps:
            source = step.meta.get("source")
            if isinstance(source, dict) and step.meta.get("source_digest") == cached.get("digest"):
                return source
        return obj

    def _pair(
        self, steps: list[Step], obj: dict[str, Any], cached: dict[str, Any], new: dict[str, Any]
    ) -> PairContext:
        old_prompt, new_prompt = cached.get("prompt"), new.get("prompt")
        if not isinstance(old_prompt, str) or not isinstance(new_prompt, str):
            old_prompt, new_prompt = "", ""
        same_schema = _schema_key(cached.get("schema")) == _schema_key(new.get("schema"))
        if cached.get("truncated") or new.get("truncated") or len(old_prompt) >= PROMPT_LIMIT:
            # Cut prompts: only a whole-prompt identity (same digest) is known; no statement is read.
            same = cached.get("digest") is not None and cached.get("digest") == new.get("digest")
            old_prompt = new_prompt = ""
        else:
            same = canonical_digest(old_prompt) == canonical_digest(new_prompt)
        if _has_prose(new.get("schema")) or _has_prose(cached.get("schema")):
            old_prompt = new_prompt = ""  # a schema's description may be a rule: its statements prove nothing
        elif not new.get("required") and _KEY_LIST.search(new_prompt):
            old_prompt = new_prompt = ""  # a key list this grammar could not read: no statement is evidence
        old_keys = tuple(str(k) for k in cached.get("required") or [])
        new_keys = tuple(str(k) for k in new.get("required") or [])
        return pair_context(
            old_prompt, old_keys, new_prompt, new_keys, self._source(steps, obj, cached), same and same_schema
        )

    def check_answer(self, steps: list[Step], constraints: dict[str, Any]) -> list[str]:
        if self._object(steps) is None:
            return ["the answer contains no valid JSON object"]
        return self.verify(steps, constraints, None).reasons()

    def verification_level(
        self,
        steps: list[Step],
        constraints: dict[str, Any],
        cached_constraints: dict[str, Any] | None,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Per key: "proven" when a plain request states its value (the checks hold it to the
        statement; the deterministic fallback is made of such values); "checked" when the model
        wrote it for this prompt (presence, type and schema checked, the value itself not); a
        cached value kept because the request is unchanged counts as it was stored. The object
        is as proven as its least proven key."""
        obj = self._object(steps)
        if not obj:
            return "checked"  # "{}" for a request naming no keys: nothing determines it
        stated = constraints.get("stated") or {}
        written_now = self._written_for(steps, constraints)
        levels: list[VerificationLevel] = []
        for key, value in obj.items():
            if key in stated and _same_value(value, stated[key]):
                levels.append("proven")
            elif cached_constraints is None or key in written_now:
                levels.append("checked")
            else:
                levels.append(stored)
        return weakest(*levels)

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
        """Rewrite the values a plain request states. Everything else stays for verify to judge
        (and a patch to regenerate)."""
        obj = self._object(steps)
        if obj is None:
            return None
        context = self._pair(steps, obj, cached_constraints, constraints)
        if not context.new_plain or context.new_entity != context.old_entity:
            return None  # another entity ("a book" -> "a movie") is a new request: the model answers
        source = context.old_object
        changed = dict(obj)
        for key in dict.fromkeys([*(constraints.get("required") or []), *obj]):
            value = expected_stated(key, context)
            if value is not MISSING:
                changed[key] = value
        if all(k in obj and identical(obj[k], v) for k, v in changed.items()):
            return None
        new_obj = self._ordered(changed, constraints)
        # The source lets verify judge re-instantiated values against the cached pair.
        meta = {
            "object": new_obj,
            "reinstantiated": True,
            "source": source,
            "source_digest": cached_constraints.get("digest"),
        }
        return [Step(text=_dumps(new_obj), kind="json", meta=meta)]

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
        return self._keys_prompt(prompt, good, bad, proven=True), ""

    def _keys_prompt(self, prompt: str, good: dict[str, Any], bad: list[str], *, proven: bool) -> str:
        """The original request, the kept fields said for what they are (a patch's are proven for
        this request; a repair's passed presence and type checks only), and the fields wanted."""
        wanted = ", ".join(json.dumps(k) for k in bad)
        kept = (
            "These fields are already filled in and checked for this request"
            if proven
            else "These fields were present with the right type (their values were not checked)"
        )
        return f"{prompt}\n\n{kept}:\n{json.dumps(good, ensure_ascii=False)}\nReturn only a JSON object with the fields {wanted}."

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
        provenance = kept_provenance[0] if kept_provenance else "reused"
        return self._merge(kept, bad, generated, constraints, provenance, "regenerated", steps)

    def _merge(
        self,
        kept: dict[str, Any],
        wanted: list[str],
        generated: str,
        constraints: dict[str, Any],
        kept_provenance: Provenance,
        new_provenance: Provenance,
        earlier: list[Step],
    ) -> Assembly:
        found = extract_json_object(generated)
        fresh = found[0] if found else {}
        merged = dict(kept)
        model_keys = [key for key in wanted if key in fresh]
        for key in model_keys:
            merged[key] = fresh[key]
        if not constraints.get("required"):  # nothing requested by name: keep what the model added
            for key, value in fresh.items():
                if key not in merged:
                    merged[key] = value
                    model_keys.append(key)
        merged = self._ordered(merged, constraints)
        meta = {"object": merged, **self._carried(earlier, constraints, model_keys)}
        step = Step(text=_dumps(merged), kind="json", meta=meta)
        provenance: Provenance = new_provenance if not kept or any(k in fresh for k in wanted) else kept_provenance
        errors = [] if found else ["the model returned no JSON object"]
        return Assembly([step], [provenance], errors)

    def _carried(self, earlier: list[Step], constraints: dict[str, Any], model_keys: list[str]) -> dict[str, Any]:
        """Meta a merged object keeps for verify: the source of re-instantiated values, and which
        keys the model wrote for this very prompt (``fresh_for``: its digest; stored and later
        served for another prompt, the marks no longer apply)."""
        meta: dict[str, Any] = {}
        fresh_keys = list(model_keys)
        for step in earlier:
            if "source" in step.meta:
                meta["source"], meta["source_digest"] = step.meta["source"], step.meta.get("source_digest")
            if step.meta.get("fresh_for") == constraints.get("digest"):
                fresh_keys += [k for k in step.meta.get("fresh_keys") or [] if k not in fresh_keys]
        meta["fresh_keys"], meta["fresh_for"] = fresh_keys, constraints.get("digest")
        return meta

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
        return self._keys_prompt(prompt, good, bad, proven=False) + f"\nProblems to fix: {problems}"

    def apply_repair(self, answer: Assembly, generated: str, constraints: dict[str, Any]) -> Assembly:
        obj = self._object(answer.steps)
        if obj is None:
            steps = self.segment(generated, constraints)
            return Assembly(steps, ["repaired"] * len(steps))
        verification = self.verify(answer.steps, constraints, None)
        kept = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok]
        return self._merge(kept, bad, generated, constraints, answer.provenance[0], "repaired", answer.steps)


def stated_values(prompt: str, keys: list[str]) -> dict[str, Any]:
    """Values the prompt states unambiguously for ``keys``: ``owner "Nikos"``, ``rating: 4``,
    ``year = 2004`` (not ``age 34 years``, ``rate 15%``, ``price 1,299`` or a list of values)."""
    return {key: st.value for key, st in statements(prompt[:PROMPT_LIMIT], tuple(keys)).items()}


def _reported_missing(err: Any, obj: dict[str, Any], errors: dict[str, str]) -> bool:
    """A top-level "required" error whose every missing key is already reported per key (one of
    ``if``/``then``, ``allOf``, ``dependentSchemas`` or a ``$ref`` may require others)."""
    wanted = err.validator_value if isinstance(err.validator_value, list) else []
    return all(str(k) in errors for k in wanted if k not in obj)


def _schema_key(schema: Any) -> str:
    return json.dumps(schema, sort_keys=True, ensure_ascii=False, default=str)


# The closed grammar of a schema that states no rule: structural keywords only. Any other key
# (a description, a title, "x-instructions", "unit", "format", an extension) may say how a value
# is written, so the prompt's statements prove nothing under it.
_STRUCTURAL = frozenset(
    "type required enum const minimum maximum exclusiveMinimum exclusiveMaximum multipleOf minLength "
    "maxLength pattern minItems maxItems uniqueItems minProperties maxProperties dependentRequired "
    "minContains maxContains $ref $schema $id".split()
)
_SUBSCHEMA = frozenset("items additionalProperties not if then else contains propertyNames unevaluatedProperties "
                       "unevaluatedItems additionalItems".split())
_SUBSCHEMA_LISTS = frozenset("allOf anyOf oneOf prefixItems".split())
_SUBSCHEMA_MAPS = frozenset("properties patternProperties $defs definitions dependentSchemas".split())


def _has_prose(schema: Any) -> bool:
    """Whether a schema holds anything beyond structural keywords (words that may state a rule)."""
    if schema is None or isinstance(schema, bool):
        return False
    if not isinstance(schema, dict):
        return True
    for key, value in schema.items():
        if key in _STRUCTURAL:
            continue
        if key in _SUBSCHEMA:
            if _has_prose(value):
                return True
        elif key in _SUBSCHEMA_LISTS:
            if not isinstance(value, list) or any(_has_prose(v) for v in value):
                return True
        elif key in _SUBSCHEMA_MAPS:
            if not isinstance(value, dict) or any(_has_prose(v) for v in value.values()):
                return True
        else:
            return True
    return False


def _same_value(actual: Any, stated: Any) -> bool:
    """The value as the plain request states it: the same string, or the same number as a JSON
    number ("Al " and "31" for age 31 are other values)."""
    if isinstance(stated, str):
        return isinstance(actual, str) and actual == stated
    if isinstance(actual, bool) or not isinstance(actual, (int, float)):
        return False
    return bool(actual == stated)  # exact: float() of a 4000-digit integer would overflow
