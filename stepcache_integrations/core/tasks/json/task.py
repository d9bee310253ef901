"""JSON objects with required keys: key-level verification, patching and repair."""

from __future__ import annotations

import json
import re
from typing import Any

from ...types import Provenance, Step, Unfreezable, VerificationLevel, extract_json_object, freeze, weakest
from ..base import Assembly, TaskHandler, UnitCheck, Verification
from ..prompt_diff import PROMPT_LIMIT
from .constraints import JsonConstraints
from .evidence import MISSING, PairContext, expected_stated, identical, key_verdict, pair_context
from .literal import binds_literal, duplicate_keys, inexact_numbers, member_list, render, same_json
from .merge import asks_for, dumps, keys_prompt, merge, object_of, ordered, written_members
from .reader import read_request
from .request import asks_for_one_object, has_unread_key_list
from .schema import add_schema_errors, has_prose, schema_key

_FENCED = re.compile(r"\A```(?:json)?[ \t]*\n(.*)\n```\Z", re.DOTALL)  # one code fence, opened AND closed, around the whole answer (answer_alone)

__all__ = ["JsonTask"]


class JsonTask(TaskHandler):
    """Answers that must be one JSON object with required keys (and types, given a schema)."""

    name = "json"
    accepts_schema = True
    # Keys, types and prompt-stated values are checked, so a looser match is safe.
    similarity_threshold = 0.55
    # asks_for_one_object needs one: the word, or a template's "{" after a conversion that names no
    # "JSON" ('Convertis 3 heures en minutes et renvoie {"minutes": ...}.', wip/jsonT)
    detect_word = ("json", "{")

    # -- claim and constraints -----------------------------------------------------------------
    def detect(self, prompt: str, schema: dict[str, Any] | None = None) -> bool:
        """A schema, or a prompt that asks for one JSON object."""
        return schema is not None or asks_for_one_object(prompt)

    def constraints(self, prompt: str, schema: dict[str, Any] | None = None) -> JsonConstraints:
        return JsonConstraints.of_prompt(prompt, schema)

    def load_constraints(self, data: Any) -> JsonConstraints:
        return JsonConstraints.read(data)

    def segment(self, answer: str, constraints: Any) -> list[Step]:
        """The model's object, served as the model wrote it: its text exactly (numbers, escapes,
        key order, layout), every key kept."""
        found = extract_json_object(answer)
        if found is None:
            return [Step(text=answer, kind="text")]
        obj, start, end = found
        return [Step(text=answer[start:end].strip(), kind="json", meta={"object": obj})]

    # -- verification ---------------------------------------------------------------------------
    def verify(self, steps: list[Step], constraints: Any, cached_constraints: Any) -> Verification:
        """Per key: the answer's own errors (missing, empty, contradicting a stated value, schema),
        then, for a cached answer, positive evidence that the value holds for the new prompt:
        stated in a plain request, or the same request (identical)
        (evidence.key_verdict)."""
        new = self.load_constraints(constraints)
        obj = object_of(steps)
        if obj is None:
            return Verification([UnitCheck("object", False, "no JSON object in the answer")])
        errors = _key_errors(obj, new)
        _add_text_errors(steps, obj, errors, new.stated)
        context = None
        if cached_constraints is not None:
            context = _pair(steps, obj, self.load_constraints(cached_constraints), new)
        written_now = _written_for(steps, new)
        keys = dict.fromkeys([*new.required, *obj, *(k for k in errors if k != "$")])
        units = [_key_unit(key, obj, errors, context, written_now) for key in keys]
        if "$" in errors:
            units.append(UnitCheck("$", False, errors["$"]))
        return Verification(units)

    def check_answer(self, steps: list[Step], constraints: Any) -> list[str]:
        if object_of(steps) is None:
            return ["the answer contains no valid JSON object"]
        return self.verify(steps, constraints, None).reasons()

    def verification_level(
        self,
        steps: list[Step],
        constraints: Any,
        cached_constraints: Any,
        stored: VerificationLevel = "unchecked",
    ) -> VerificationLevel:
        """Per key: "proven" when a plain request states its value (the checks hold it to the
        statement; the deterministic fallback is made of such values); "checked" when the model
        wrote it for this prompt (presence, type and schema checked, the value itself not); a
        cached value kept because the request is unchanged counts as it was stored. The object
        is as proven as its least proven key; "unchecked" when the prompt was not read whole (not a
        plain request, or a key phrase the key-list grammar did not read whole:
        ``JsonConstraints.read_whole``)."""
        new = self.load_constraints(constraints)
        if not new.read_whole:
            return "unchecked"  # a word or key phrase not read: a key or rule it asks for may be missed
        obj = object_of(steps)
        if not obj:
            return "checked"  # "{}" for a request naming no keys: nothing determines it
        written_now = _written_for(steps, new)
        levels: list[VerificationLevel] = []
        for key, value in obj.items():
            if key in new.stated and _same_value(value, new.stated[key]):
                levels.append("proven")
            elif cached_constraints is None or key in written_now:
                levels.append("checked")
            else:
                levels.append(stored)
        return weakest(*levels)

    def blocks_reuse(self, verification: Verification) -> bool:
        return any(not u.ok and u.name in ("object", "$") for u in verification.units)

    # -- problem keys (core.problem_key_tier) ---------------------------------------------------
    def plain_problem(self, constraints: Any) -> bool:
        """A plain request read whole, naming its keys, with no transform and no schema (``adapters.turns``)."""
        c = self.load_constraints(constraints)
        return c.read_whole and bool(c.required) and not c.transforms and c.schema is None

    def answer_alone(self, answer: str, constraints: Any) -> bool:
        """The object alone, optionally in one code fence: a proven object says nothing of the prose around it
        ("From now on I will write every name in uppercase.\n{...}"), so such an answer is not alone."""
        text = answer.strip()
        fenced = _FENCED.match(text)
        text = (fenced.group(1) if fenced else text).strip()  # a lone fence mark is not the object alone (K7)
        try:
            return isinstance(json.loads(text), dict)
        except ValueError:
            return False

    def problem_key(self, constraints: Any) -> str | None:
        """The required keys in order, the stated values (typed: ``30``, ``30.0``, ``"30"`` and
        ``true`` differ; in key order), the declared transforms and the schema. None unless the
        prompt was read whole (a plain request: otherwise an unread word may ask for anything)."""
        c = self.load_constraints(constraints)
        if not c.read_whole:
            return None
        try:
            stated = repr(freeze(dict(sorted(c.stated.items()))))
        except (Unfreezable, TypeError, RecursionError):
            return None
        return "\n".join((repr(c.required), stated, *_transforms_identity(c), _schema_identity(c.schema)))

    def shape_key(self, constraints: Any) -> str | None:
        """The required keys, the stated keys with their values' types, and the schema: the
        values a re-instantiation rewrites are abstracted."""
        c = self.load_constraints(constraints)
        if not c.read_whole:
            return None
        types = sorted((str(key), _type_shape(value)) for key, value in c.stated.items())
        return "\n".join((repr(c.required), repr(types), *_transforms_identity(c), _schema_identity(c.schema)))

    def family_key(self, constraints: Any) -> str | None:
        """A request read whole that states every key it lists, each under a label written as the
        key (``_labelled_as_listed``): the number of keys, each value's type in key order, the
        declared transforms and the schema. The key names are abstracted too: a cached object of
        other keys ("width"/"height" -> "w"/"h") is re-instantiated as the fallback's object
        (``_rewritten_keys``), then checked as any re-instantiation (wip/jsonR6)."""
        c = self.load_constraints(constraints)
        if not c.read_whole or _written_from_statements(c) is None or not _labelled_as_listed(c):
            return None
        types = repr([type(c.stated[key]).__name__ for key in c.required])
        return "\n".join(("stated as listed", types, *_transforms_identity(c), _schema_identity(c.schema)))

    def present(self, steps: list[Step], constraints: Any) -> list[Step]:
        """The object as verified: no key is dropped, no value re-serialised (a cached key the
        new prompt did not ask for was judged by verify on evidence, like any other key)."""
        return steps

    def regen_share(self, steps: list[Step], verification: Verification) -> float:
        if not verification.units:
            return 0.0
        if object_of(steps) is None:
            return 1.0
        return len(verification.failures) / len(verification.units)

    # -- re-instantiation and fallback -------------------------------------------------------
    def reinstantiate(self, steps: list[Step], cached_constraints: Any, constraints: Any) -> list[Step] | None:
        """Rewrite the values a plain request states. Everything else stays for verify to judge
        (and a patch to regenerate)."""
        new, cached = self.load_constraints(constraints), self.load_constraints(cached_constraints)
        obj = object_of(steps)
        if obj is None:
            return None
        if any(duplicate_keys(step.text) for step in steps if step.kind == "json"):
            return None  # a key written twice: verify fails the cached text as it is
        context = _pair(steps, obj, cached, new)
        if not context.new_plain or not context.same_entity:
            return None  # another entity ("a book" -> "a movie") is a new request: the model answers
        rewritten = _rewritten_keys(obj, cached, new)
        if rewritten is not None:
            meta = {"object": rewritten, "reinstantiated": True, "written_by": "fallback",
                    "source": context.old_object, "source_digest": cached.prompt.digest}
            return [Step(text=dumps(rewritten), kind="json", meta=meta)]
        changed = dict(obj)
        for key in dict.fromkeys([*new.required, *obj]):
            value = expected_stated(key, context)
            if value is not MISSING:
                changed[key] = value
        if all(k in obj and identical(obj[k], v) for k, v in changed.items()):
            return None
        new_obj = ordered(changed, new)
        # The source lets verify judge re-instantiated values against the cached pair.
        meta = {
            "object": new_obj,
            "reinstantiated": True,
            "source": context.old_object,
            "source_digest": cached.prompt.digest,
        }
        return [Step(text=render(new_obj, written_members(steps)), kind="json", meta=meta)]

    def fallback(self, constraints: Any) -> str | None:
        """When the prompt states a value for every required key, that object is the answer."""
        written = _written_from_statements(self.load_constraints(constraints))
        return None if written is None else dumps(written)

    def keeps_model_answer(self, steps: list[Step], constraints: Any) -> bool:
        """W29 (red team 23): the model's object writes a key the prompt states as a string with a value of another
        JSON type ('active is untrue': the model's false; 'tags is red': ["red"]; 'count is deux': 2): the model read
        the word another way, which the reading does not rule out, so the fallback does not replace it."""
        obj = object_of(steps)
        if obj is None:
            return False
        stated = self.load_constraints(constraints).stated
        return any(isinstance(value, str) and key in obj and not isinstance(obj[key], str) for key, value in stated.items())

    # -- patch and repair ------------------------------------------------------------------------
    def patch_prompt(
        self, prompt: str, steps: list[Step], verification: Verification, constraints: Any
    ) -> tuple[str, str]:
        obj = object_of(steps) or {}
        c = self.load_constraints(constraints)  # a cached key the request does not ask for is neither kept nor asked
        good = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj and asks_for(c, u.name)}
        bad = [u.name for u in verification.units if not u.ok and u.name != "$" and asks_for(c, u.name)]
        return keys_prompt(prompt, good, bad, proven=True), ""

    def assemble(
        self,
        steps: list[Step],
        verification: Verification,
        generated: str,
        constraints: Any,
        kept_provenance: list[Provenance],
    ) -> Assembly:
        obj = object_of(steps) or {}
        kept = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok]
        provenance = kept_provenance[0] if kept_provenance else "reused"
        return merge(kept, bad, generated, self.load_constraints(constraints), (provenance, "regenerated"), steps)

    def fresh(self, generated: str, constraints: Any) -> Assembly:
        steps = self.segment(generated, constraints)
        return Assembly(steps, ["regenerated"] * len(steps))

    def repair_prompt(self, prompt: str, answer: Assembly, errors: list[str], constraints: Any) -> str:
        obj = object_of(answer.steps)
        if obj is None:
            return super().repair_prompt(prompt, answer, errors, constraints) + (
                "\nReturn only one valid JSON object."
            )
        verification = self.verify(answer.steps, constraints, None)
        good = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok and u.name != "$"] or list(obj)
        problems = "; ".join(errors[:10])
        return keys_prompt(prompt, good, bad, proven=False) + f"\nProblems to fix: {problems}"

    def apply_repair(self, answer: Assembly, generated: str, constraints: Any) -> Assembly:
        obj = object_of(answer.steps)
        if obj is None:
            steps = self.segment(generated, constraints)
            return Assembly(steps, ["repaired"] * len(steps))
        verification = self.verify(answer.steps, constraints, None)
        kept = {u.name: obj[u.name] for u in verification.units if u.ok and u.name in obj}
        bad = [u.name for u in verification.units if not u.ok]
        provenances: tuple[Provenance, Provenance] = (answer.provenance[0], "repaired")
        return merge(kept, bad, generated, self.load_constraints(constraints), provenances, answer.steps)


def _type_shape(value: Any) -> str:
    """A stated value's JSON type; a nested object's (wip/jsonN) with its members' keys and types in order, so the
    shape key holds the tree ('{"user": {"name": str, "age": int}}' is not '{"user": {"id": int}}')."""
    if isinstance(value, dict):
        return "dict " + repr([(str(k), _type_shape(v)) for k, v in value.items()])
    return type(value).__name__


def _rewritten_keys(obj: dict[str, Any], cached: JsonConstraints, new: JsonConstraints) -> dict[str, Any] | None:
    """A key of the cached request dropped, added or renamed: the object the fallback writes, when
    the new request is read whole, lists its keys and states each under a label written exactly
    as the key (``_labelled_as_listed``); a cached answer with a key no request asked for shows the
    model adds keys (the model answers)."""
    written = _written_from_statements(new) if new.read_whole else None
    if written is not None and set(written) != set(obj) and set(obj) == set(cached.required):
        return written if _labelled_as_listed(new) else None
    return None


def _labelled_as_listed(c: JsonConstraints) -> bool:
    """The request lists its keys and states each as ``key value`` with the key written exactly as
    listed (a label folded to a key, a value said in prose or stated without a list -- "namE" listed
    beside "Name: Priya", "The seven is "Osaka"" -- is a reading no oracle of a changed prompt holds)."""
    prompt = c.prompt.prompt
    read = read_request(prompt) if prompt is not None and not c.prompt.truncated else None
    if read is None or not read.listed:
        return False
    for key in c.required:
        start = read.statements[key].span[0] if key in read.statements else -1
        label = prompt[start + 1 :] if start >= 0 and prompt[start] in "\"'`" else prompt[max(start, 0) :]
        if start < 0 or not label.startswith(key) or label[len(key) : len(key) + 1].isalnum():
            return False
    return True


def _written_from_statements(c: JsonConstraints) -> dict[str, Any] | None:
    """The object a request determines when it states a value for every key it asks (the
    fallback's answer); None when a key is not stated. A re-instantiation writes it only for a
    request read whole (``reinstantiate``: a key dropped, added or renamed from the cached one)."""
    if not c.required or any(key not in c.stated for key in c.required):
        return None
    return {key: c.stated[key] for key in c.required}


# -- the rules of one key ----------------------------------------------------------------------


def _transforms_identity(c: JsonConstraints) -> tuple[str, ...]:
    """The declared transforms in key order, as one line of a key (none without any: the keys
    of requests without transforms are as before)."""
    return ("transforms " + repr(sorted(c.transforms.items())),) if c.transforms else ()


def _schema_identity(schema: Any) -> str:
    """The schema as ``schema_key`` writes it ("none" without one)."""
    return "none" if schema is None else "schema " + schema_key(schema)


def _key_errors(obj: dict[str, Any], c: JsonConstraints) -> dict[str, str]:
    """The answer's own errors by key: each requested key's (:func:`_requested_key_error`), then
    the schema's."""
    errors: dict[str, str] = {}
    for key in c.required:
        error = _requested_key_error(key, obj, c)
        if error:
            errors[key] = error
    if c.schema:
        add_schema_errors(c.schema, obj, errors)
    return errors


def _add_text_errors(steps: list[Step], obj: dict[str, Any], errors: dict[str, str], stated: dict[str, Any]) -> None:
    """The served text must be the object checked: one JSON object, each key written once, each
    number one the parsed value keeps exactly (``1e400`` would be checked as infinity), each
    stated key's literal the statement by exact type and value (``literal.binds_literal``: the
    text itself, not only its parsed value, is bound). A key whose text fails is a typed
    failure; a text that is not this object fails ``$``."""
    step = next((s for s in steps if s.kind == "json" and isinstance(s.meta.get("object"), dict)), None)
    listed = member_list(step.text) if step is not None else None
    if listed is None:
        errors["$"] = "the served text is not one JSON object"
        return
    for key, reason in duplicate_keys(step.text).items():
        errors[key] = reason  # a key written twice, at any depth
    # What a merge found in the model's own text (a key written twice, a kept value rewritten).
    model_errors = step.meta.get("model_errors")
    if isinstance(model_errors, dict):
        for key, reason in model_errors.items():
            errors.setdefault(str(key), str(reason))
    _add_member_errors(listed, errors, stated)
    try:
        served = json.loads(step.text)
    except (ValueError, RecursionError):
        served = None
    if not same_json(served, obj):
        errors["$"] = "the served text is not the object checked"


def _add_member_errors(listed: list[tuple[str, str, str]], errors: dict[str, str], stated: dict[str, Any]) -> None:
    """Each member's text: its numbers kept exactly by the parsed value, and a stated key's
    literal the statement by exact JSON type and value (``literal.binds_literal``)."""
    for key, _raw_key, raw_value in listed:
        if key in errors:
            continue
        inexact = inexact_numbers(raw_value)
        if inexact:
            errors[key] = f"the number {inexact[0]} cannot be kept exactly"
        elif key in stated and not binds_literal(raw_value, stated[key]):
            errors[key] = f"written {raw_value[:40]}, not the stated {json.dumps(stated[key], ensure_ascii=False)}"


def _requested_key_error(key: str, obj: dict[str, Any], c: JsonConstraints) -> str:
    """A requested key is present, not empty, and holds the value a plain request states."""
    if key not in obj:
        return "missing"
    if (obj[key] is None or obj[key] == "") and not (key in c.stated and c.stated[key] is None):
        return "empty"  # null only where the request states null (wip/jsonR6: a record's None)
    if key in c.stated and not _same_value(obj[key], c.stated[key]):
        return f"the prompt states {json.dumps(c.stated[key], ensure_ascii=False)}"
    return ""


def _key_unit(
    key: str, obj: dict[str, Any], errors: dict[str, str], context: PairContext | None, written_now: set[str]
) -> UnitCheck:
    """One key's verdict: its own error; else, for a fresh answer or a key the model wrote for
    this prompt, passed; else the cached value's evidence (:func:`evidence.key_verdict`)."""
    if key in errors:
        return UnitCheck(key, False, errors[key])
    if context is None:
        return UnitCheck(key, True, evidence="regenerated: key, type and stated value checked")
    if key in written_now:
        return UnitCheck(key, True, evidence="written by the model for this prompt")
    ok, reason, evidence = key_verdict(key, obj[key], context)
    return UnitCheck(key, ok, reason, evidence)


def _written_for(steps: list[Step], c: JsonConstraints) -> set[str]:
    """Keys a patch or repair had the model write for this very prompt."""
    digest = c.prompt.digest
    return {
        str(k)
        for step in steps
        if digest is not None and step.meta.get("fresh_for") == digest
        for k in step.meta.get("fresh_keys") or []
    }


def _source(steps: list[Step], obj: dict[str, Any], cached: JsonConstraints) -> dict[str, Any]:
    """The cached object the steps were re-instantiated from (when they were, for this very
    cached prompt), else the object itself."""
    for step in steps:
        source = step.meta.get("source")
        if isinstance(source, dict) and step.meta.get("source_digest") == cached.prompt.digest:
            return source
    return obj


def _pair(steps: list[Step], obj: dict[str, Any], cached: JsonConstraints, new: JsonConstraints) -> PairContext:
    """What the key verdicts know of the (cached, new) request pair: both prompts' statements
    when they may be read (:func:`_readable_prompts`), and whether the requests are the same."""
    old_prompt, new_prompt, same = _readable_prompts(cached, new)
    same_schema = schema_key(cached.schema) == schema_key(new.schema)
    return pair_context(
        old_prompt, cached.required, new_prompt, new.required, _source(steps, obj, cached), same and same_schema
    )


def _readable_prompts(cached: JsonConstraints, new: JsonConstraints) -> tuple[str, str, bool]:
    """(cached prompt, new prompt, identical). A statement is read only from whole
    prompts, under schemas without prose, with a key list this grammar read; otherwise both
    prompts read as "" (no statement is evidence)."""
    old_prompt, new_prompt = cached.prompt.prompt, new.prompt.prompt
    if old_prompt is None or new_prompt is None:
        old_prompt, new_prompt = "", ""
    if cached.prompt.truncated or new.prompt.truncated or len(old_prompt) >= PROMPT_LIMIT:
        # Cut prompts: only a whole-prompt identity (same digest) is known; no statement is read.
        same = cached.prompt.digest is not None and cached.prompt.digest == new.prompt.digest
        return "", "", same
    same = old_prompt == new_prompt  # identical: no difference is harmless in every context
    if has_prose(new.schema) or has_prose(cached.schema):
        return "", "", same  # a schema's description may be a rule: its statements prove nothing
    if has_unread_key_list(new_prompt) or has_unread_key_list(old_prompt):
        return "", "", same  # a key list this grammar could not read: no statement is evidence
    return old_prompt, new_prompt, same


def _same_value(actual: Any, stated: Any) -> bool:
    """The value as the plain request states it, by exact JSON type and value: a stated integer
    only as an integer equal to it (not ``30.0``, ``3e1``, ``"30"`` or ``true``; a big one
    compared exactly, never through a float), ``true`` only as ``true`` (never ``1``), a string
    only as the same string ("Al " and "bob" are other values), a decimal only as a number with a
    fraction or exponent of the same value (its literal is kept exactly, or the text check fails
    it: ``literal.inexact_numbers``)."""
    return identical(actual, stated)
