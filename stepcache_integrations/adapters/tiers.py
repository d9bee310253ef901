"""Which tier answers a request, decided in one place for every entry point.

* ``step``: retrieval, verification, reuse, re-instantiation, patching (the engine);
* ``exact``: the same model identity and the same request get the same answer (``core.exact_tier``),
  the floor every request the framework would cache stands on;
* ``none``: the cache cannot tell which model answers (LangChain's global cache sees only
  ``llm_string``, and some providers put no model name there): the model answers, nothing is kept.

:func:`decide_tier` takes every reason the adapter found (message parts, model fields, options)
and returns them all at once, each with the opt-in that would lift it where one exists. The first
decision below the step tier per model class and entry point is logged at WARNING.

Provider profiles: what each field of a known model class is, read from ``provider_profiles.json``.

A profile sorts a model class's fields into categories (:data:`CATEGORIES`); the adapters read a
field by its category instead of by a rule of their own, so a new provider is a new profile (data),
not a code change. A field a profiled class has in no category is unknown: with a value it keeps
the step tier from a claim, and the exact tier keys on it.

What puts a request below the step tier: the generation options and model fields both adapters read: which of them the engine models (an
allowlist of options that cannot change what a right answer is), and why a request makes no claim
otherwise.

A model's own fields: text a custom model class may show the model besides the prompt.

A custom LangChain or LlamaIndex model class can declare fields the model sees besides the prompt
(``instructions: str = "Answer in base 2"``, a ``preamble``, a ``persona``, a template) and use them
in its own ``_generate`` / ``complete``. The engine checks answers against the prompt alone, so a
model's fields are read against an ALLOWLIST per framework (``known``): the fields the framework's
base classes and the mainstream provider classes declare. A field named like a generation option
is read by :func:`unmodelled_option`'s rules (a plain value for an allowed option, the
always-reasons); any other field with a value (not None, empty or False) is a reason - no claim -
unless the caller names it as inert (``inert_model_fields``). Private attributes (pydantic
``PrivateAttr``, underscore names) are not fields.

The length rule: a ``max_tokens`` limit is read, not a reason to decline the step tier.

An answer that ended on its own under a limit of N tokens is a whole answer: it is stored, and it
answers any request that asks the same at any limit it fits. One the model stopped at its limit is
cut off: it is never stored as checked (it fails, as a tool request answered in prose does). An
answer served from the cache must fit the request's limit: at most as many UTF-8 bytes as the limit
(every tokenizer's token holds at least one byte, so such a text never needs more tokens than the
limit), or the stored answer itself, whose model reported it used at most the limit.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from ..core.types import fits

__all__ = [
    "active",
    "all_profiles",
    "CATEGORIES",
    "Category",
    "CUT_OFF",
    "cut_off",
    "cut_off_failures",
    "decide_tier",
    "declared_fields",
    "field_reason",
    "field_reasons",
    "fits",
    "inert_names",
    "inert_names_of",
    "known_fields",
    "length_limit",
    "length_limits",
    "NO_MODEL_NAMED",
    "option_name",
    "option_reasons",
    "Profile",
    "profile_for",
    "profile_of_llm_string",
    "Reason",
    "reasons_text",
    "reported_output_tokens",
    "squash",
    "Tier",
    "TierDecision",
    "unmodelled_option",
    "unread_field",
    "warn_once",
]


Tier = Literal["step", "exact", "none"]

logger = logging.getLogger("stepcache_integrations")

NO_MODEL_NAMED = (
    "llm_string names no model for {cls}: LangChain's global cache cannot tell its models apart "
    "(wrap the model with with_step_cache(model), which sees it)"
)


@dataclass(frozen=True)
class Reason:
    """Why the step tier makes no claim: ``text``, and ``lift``, the opt-in that would lift it (None:
    none can: the option or part is not modelled)."""

    text: str
    lift: str | None = None

    def __str__(self) -> str:
        return self.text if self.lift is None else f"{self.text} [opt-in: {self.lift}]"


@dataclass(frozen=True)
class TierDecision:
    """The tier of one request and every reason it is not the step tier.

    ``json_only``: the step tier holds only if the engine's plan names the json task (a JSON
    response format or bound tools without a schema the engine reads); otherwise ``exact``.
    """

    tier: Tier
    reasons: tuple[Reason, ...] = ()
    json_only: bool = False
    model_class: str | None = None

    @property
    def reason(self) -> str | None:
        """All reasons in one line (None: the step tier)."""
        return reasons_text(self.reasons) if self.reasons else None

    def demoted(self, reason: Reason) -> TierDecision:
        """This decision moved to the exact tier for ``reason`` (a json-only request the json task
        does not answer)."""
        return TierDecision("exact", (*self.reasons, reason), False, self.model_class)

    def record(self) -> dict[str, Any]:
        """The ``tier`` and ``tier_reasons`` fields of a ``stepcache`` record."""
        return {"tier": self.tier, "tier_reasons": [str(r) for r in self.reasons]}


def reasons_text(reasons: Iterable[Reason | str]) -> str:
    """Reasons joined for one log line or record."""
    return "; ".join(str(r) for r in reasons)


def _unique(reasons: Iterable[Reason | str | None]) -> tuple[Reason, ...]:
    out: dict[str, Reason] = {}
    for reason in reasons:
        if reason is None:
            continue
        item = reason if isinstance(reason, Reason) else Reason(str(reason))
        out.setdefault(item.text, item)
    return tuple(out.values())


def decide_tier(
    reasons: Iterable[Reason | str | None],
    *,
    model_named: bool = True,
    json_only: bool = False,
    model_class: str | None = None,
) -> TierDecision:
    """The tier of a request from every reason its adapter found.

    ``model_named``: the adapter can tell which model answers (False only for LangChain's global
    cache and a class whose ``llm_string`` names no model: then no tier; no opt-in relaxes a
    model's identity). Any reason puts the request in the exact tier; none, the step tier.
    """
    found = _unique(reasons)
    if not model_named:
        text = NO_MODEL_NAMED.format(cls=model_class or "this model")
        return TierDecision("none", (*found, Reason(text)), False, model_class)
    if found:
        return TierDecision("exact", found, False, model_class)
    return TierDecision("step", (), json_only, model_class)


_warned: set[tuple[str, str, str]] = set()
_lock = threading.Lock()


def warn_once(entry_point: str, decision: TierDecision) -> None:
    """Log the first decision below the step tier per model class and entry point at WARNING, with
    every reason and the opt-in that would lift each (later ones: DEBUG)."""
    if decision.tier == "step":
        return
    key = (entry_point, decision.model_class or "?", decision.tier)
    with _lock:
        first = key not in _warned
        _warned.add(key)
    level = logging.WARNING if first else logging.DEBUG
    if logger.isEnabledFor(level):
        tier = "no caching" if decision.tier == "none" else "exact tier only (same request, same answer)"
        logger.log(level, "stepcache %s: %s gets %s: %s", entry_point, decision.model_class or "the model", tier,
                   decision.reason or "-")


# ----------------------------------------------------------------------------- provider profiles
Category = Literal["model", "identity", "sampling", "length_limit", "prompt", "inert"]
CATEGORIES: tuple[Category, ...] = ("model", "identity", "sampling", "length_limit", "prompt", "inert")
"""``model``: names the model; ``identity``: keyed, never a reason (endpoint, key, region, version...);
``sampling``: keyed, a plain number the step tier reads; ``length_limit``: keyed, the answer must fit
it; ``prompt``: text the model sees, read by the adapter's own rules; ``inert``: out of every key."""


def squash(name: str) -> str:
    """A field name compared without case, ``_`` and ``-``."""
    return str(name).lower().replace("_", "").replace("-", "")


@dataclass(frozen=True)
class Profile:
    """One model class's profile (``path``: ``module.qualname`` of the class)."""

    path: str
    framework: str
    fields: Mapping[str, Category] = field(default_factory=dict)  # squashed name -> category
    lc_id: tuple[str, ...] = ()
    llm_type: str | None = None
    llm_string_names_model: bool = True

    @property
    def class_name(self) -> str:
        return self.path.rpartition(".")[2]

    def category(self, name: str) -> Category | None:
        """The category of field ``name`` (None: the profile does not know it)."""
        return self.fields.get(squash(name))

    def names(self, category: Category) -> frozenset[str]:
        """The squashed names of one category."""
        return frozenset(name for name, cat in self.fields.items() if cat == category)


def _lists(spec: Mapping[str, Any], groups: Mapping[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Category]:
    out: dict[str, Category] = {}
    for parent in spec.get("extends", ()):
        if parent in seen:
            raise ValueError(f"provider profile group {parent!r} extends itself")
        out.update(_lists(groups[parent], groups, (*seen, parent)))
    for category in CATEGORIES:
        for name in spec.get(category, ()):
            out[squash(name)] = category
    return out


def _load(data: Mapping[str, Any]) -> dict[str, Profile]:
    groups = data.get("groups", {})
    profiles = {}
    for path, spec in data["classes"].items():
        profiles[path] = Profile(
            path=path,
            framework=spec["framework"],
            fields=_lists(spec, groups),
            lc_id=tuple(spec.get("lc_id", ())),
            llm_type=spec.get("llm_type"),
            llm_string_names_model=bool(spec.get("llm_string_names_model", True)),
        )
    return profiles


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("provider_profiles.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def all_profiles() -> dict[str, Profile]:
    """Every profile, by class path (read once from the package's ``provider_profiles.json``)."""
    return _load(_data())


@lru_cache(maxsize=None)
def inert_names_of(model_or_class: Any, framework: str) -> frozenset[str]:
    """The squashed names of the inert fields of a model class: its profile's, or for a class with no
    profile, those of its framework's base classes (group ``<framework>_base``)."""
    profile = profile_for(model_or_class)
    if profile is not None:
        return profile.names("inert")
    base = _lists(_data()["groups"].get(f"{framework}_base", {}), _data()["groups"])
    return frozenset(name for name, category in base.items() if category == "inert")


def profile_for(model_or_class: Any) -> Profile | None:
    """The profile of the nearest profiled class in the MRO of ``model_or_class`` (None: none)."""
    cls = model_or_class if isinstance(model_or_class, type) else type(model_or_class)
    profiles = all_profiles()
    for klass in getattr(cls, "__mro__", ()):
        found = profiles.get(f"{klass.__module__}.{klass.__qualname__}")
        if found is not None:
            return found
    return None


@lru_cache(maxsize=None)
def _by_llm_string_names() -> tuple[dict[tuple[str, ...], Profile], dict[str, Profile]]:
    by_id = {p.lc_id: p for p in all_profiles().values() if p.lc_id}
    by_type = {p.llm_type: p for p in all_profiles().values() if p.llm_type and p.framework == "langchain"}
    return by_id, by_type


def profile_of_llm_string(lc_id: Iterable[str] | None = None, llm_type: str | None = None) -> Profile | None:
    """The LangChain profile of a model as ``llm_string`` shows it: its serialized ``id`` or its ``_type``."""
    by_id, by_type = _by_llm_string_names()
    if lc_id is not None:
        found = by_id.get(tuple(lc_id))
        if found is not None:
            return found
    return by_type.get(llm_type) if llm_type is not None else None


# Generation options that change what a right answer is, and the engine does not model: a stop
# sequence, a length limit, several answers, log probabilities, a constrained output format.
# Their spellings across providers, compared without case, ``_`` and ``-``.
_ANY_VALUE = frozenset(
    squash(name)
    for name in (
        "stop", "stop_sequences", "stop_sequence", "stop_words", "stop_token_ids",
        "max_length", "min_tokens", "min_length", "min_new_tokens",
        "logit_bias", "suffix", "grammar", "guided_json", "guided_regex", "guided_choice", "guided_grammar",
        "response_mime_type", "response_schema", "format", "modalities", "audio",
        "tools", "tool_choice", "functions", "function_call", "response_format",
    )
)
_TRUTHY = frozenset(squash(name) for name in ("logprobs", "top_logprobs", "echo", "ignore_eos"))
_ABOVE_ONE = frozenset(
    squash(name) for name in ("n", "best_of", "candidate_count", "num_generations", "num_return_sequences")
)
# Length limits: modelled by the adapters' length rule (``length_limit``): an answer served from the
# cache must fit the limit, and an answer the model stopped at its limit is never stored as checked.
_LENGTH = frozenset(
    squash(name) for name in ("max_tokens", "max_completion_tokens", "max_output_tokens", "max_new_tokens", "num_predict")
)
_WATCHED = _ANY_VALUE | _TRUTHY | _ABOVE_ONE | _LENGTH
# Fields that never reach the model (tracing, callbacks).
_NOT_SENT = frozenset(squash(name) for name in ("metadata", "tags", "callbacks", "callback_manager"))
# The ALLOWLIST: options known not to change what a right answer is (sampling, transport, retries,
# streaming flags, llama.cpp's prompt-cache flag) or that are identity (model, endpoint, key: in the
# entry key). Any other option with a value, anywhere, makes the request unclaimed (no claim).
_ALLOWED = frozenset(
    squash(name)
    for name in (
        "model", "model_name", "model_id", "deployment_name", "temperature", "top_p", "seed",
        "timeout", "request_timeout", "max_retries", "streaming", "stream", "stream_usage", "cache_prompt",
        "api_base", "base_url", "openai_api_base", "api_key", "openai_api_key", "organization",
        "openai_organization", "api_version", "openai_api_version", "frequency_penalty", "presence_penalty",
        "_type",
    )
)
# Options that hold further options (read at every depth, with the same allowlist).
_CONTAINERS = frozenset(squash(name) for name in ("model_kwargs", "extra_body", "additional_kwargs", "kwargs"))


_NUMBERS = frozenset(squash(name) for name in (
    "temperature", "top_p", "seed", "timeout", "request_timeout", "max_retries", "frequency_penalty", "presence_penalty",
    "streaming", "stream", "stream_usage", "cache_prompt"))


def _plain(name: str, value: Any) -> bool:
    """A number or flag for a sampling/transport option (a timeout may be a pair), a string for a
    name (model, endpoint, key), nothing else."""
    if value is None or isinstance(value, (bool, int, float)):
        return True
    if name in _NUMBERS:
        return isinstance(value, (list, tuple)) and all(isinstance(v, (int, float)) for v in value)
    if isinstance(value, Mapping):  # a key as LangChain serializes a secret: a reference, no text
        return set(value) == {"id", "lc", "type"} and value.get("type") == "secret"
    return isinstance(value, str)


def option_name(name: str) -> bool:
    """Whether ``name`` is a generation option these rules read (allowed, watched, a container of
    options, or one never sent): a model field so named is read by :func:`unmodelled_option`."""
    return squash(name) in _ALLOWED | _WATCHED | _CONTAINERS | _NOT_SENT


def _inactive(value: Any) -> bool:
    if value is None or value is False or value == "":
        return True
    if isinstance(value, Mapping):
        return all(_inactive(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return all(_inactive(v) for v in value)
    return False


def _active(name: str, value: Any) -> bool:
    if name in _ABOVE_ONE:
        return not (value is None or (isinstance(value, int) and not isinstance(value, bool) and value == 1))  # n = 0 too
    if name in _TRUTHY:
        return bool(value) and not _inactive(value)
    return not _inactive(value)


def _option_reasons(key: Any, value: Any, depth: int, strict: bool) -> Iterator[str]:
    name = squash(str(key))
    if name in _NOT_SENT:
        return
    if name in _ALLOWED:  # an allowed name is read only with a plain value ({"seed": "in base 8"} is not)
        if strict and not _plain(name, value):
            yield f"{key} has a value this engine does not read"
    elif name in _LENGTH:
        if value is not None and not _limit(value):
            yield f"{key} has a value this engine does not read"
    elif name in _WATCHED:
        if _active(name, value):
            yield f"{key} is set (not modelled)"
    elif name in _CONTAINERS:
        yield from option_reasons(value, (), depth + 1, strict=True)
    elif value is not None:
        if strict:
            yield f"{key} is set (not a known option: not modelled)"
        else:
            yield from option_reasons(value, (), depth + 1, strict=False)


def option_reasons(options: Any, modelled: Collection[str] = (), _depth: int = 0, *, strict: bool = True) -> Iterator[str]:
    """Every reason a request's generation options may change what a right answer is in a way the
    engine does not model (``"stop is set (not modelled)"``), one per option.

    ``options``: the options as sent (a mapping; ``model_kwargs``, ``extra_body``,
    ``additional_kwargs``, a serialized model's ``kwargs`` are read at every depth). ``strict``
    (the default): an ALLOWLIST - only options known not to change what a right answer is
    (``_ALLOWED``: model, temperature, top_p, seed, timeouts, retries, streaming flags,
    ``cache_prompt``, endpoint and key, penalties) are modelled; any other option with a value
    (``instructions``, ``system``, ``chat_template``, an unknown key) is a reason. Stop sequences,
    length limits, ``n > 1``, log probabilities, constrained formats, tools or a response format
    are always reasons unless named in ``modelled`` (option names the caller reads itself, top level
    only). ``strict=False`` (a custom model's own fields, keyed whole in its entry key) reads only
    those always-reasons at the top level; the containers are read strictly all the same.
    """
    if _depth > 8:
        yield "options nested too deep to read"
        return
    if isinstance(options, (list, tuple)):
        for value in options:
            yield from option_reasons(value, (), _depth + 1, strict=strict)
        return
    if not isinstance(options, Mapping):
        if strict and not _inactive(options):
            yield "options that cannot be read (not modelled)"
        return
    skipped = {squash(str(name)) for name in modelled} if _depth == 0 else set()
    for key, value in options.items():
        if squash(str(key)) not in skipped:
            yield from _option_reasons(key, value, _depth, strict)


def _limit(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def length_limits(options: Any, _depth: int = 0) -> Iterator[int]:
    """Every length limit in ``options`` (``max_tokens``, ``max_completion_tokens``, ``max_output_tokens``,
    ``max_new_tokens``, ``num_predict``; in ``model_kwargs`` and the other containers too)."""
    if _depth > 8 or not isinstance(options, Mapping):
        return
    for key, value in options.items():
        name = squash(str(key))
        if name in _LENGTH and _limit(value):
            yield int(value)
        elif name in _CONTAINERS:
            yield from length_limits(value, _depth + 1)


def length_limit(*options: Any) -> int | None:
    """The smallest length limit in any of ``options`` (None: none)."""
    found = [limit for option in options for limit in length_limits(option)]
    return min(found) if found else None


def unmodelled_option(options: Any, modelled: Collection[str] = (), _depth: int = 0, *, strict: bool = True) -> str | None:
    """The first of :func:`option_reasons`, or None."""
    return next(option_reasons(options, modelled, _depth, strict=strict), None)


# ----------------------------------------------------------------------------- a model's own fields
def unread_field(name: str) -> str:
    """The reason of a field the engine does not read."""
    return f"`{name}` is a field of the model this engine does not read (no claim)"


def inert_names(names: Collection[str] | None) -> frozenset[str]:
    """The caller's ``inert_model_fields``, compared without case, ``_`` and ``-`` (a lone string
    is refused: it would be read as its letters)."""
    if names is None:
        return frozenset()
    if isinstance(names, (str, bytes)):
        raise TypeError("inert_model_fields must be a collection of field names, not a string")
    return frozenset(squash(n) for n in names)


_NO_DEFAULT = object()


def active(value: Any, default: Any = _NO_DEFAULT) -> bool:
    """Whether a field's value can show the model anything: not None, not empty (a string, or a
    container of such), and a ``False`` / ``0`` only when it is not the field's declared default
    (a flag switched away from it is a setting)."""
    if value is None or (isinstance(value, (str, bytes)) and not value):
        return False
    if isinstance(value, Mapping):
        return any(active(v) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(active(v) for v in value)
    if isinstance(value, (bool, int, float)) and not value:
        return default is _NO_DEFAULT or value != default or type(value) is not type(default)
    return True


def _secret(value: Any) -> Any:
    """A pydantic secret as the name of what it is (a key is identity, read as a string)."""
    return "<secret>" if callable(getattr(value, "get_secret_value", None)) else value


def declared_fields(model: Any) -> dict[str, tuple[Any, Any]]:
    """The pydantic fields of ``model``: their values and declared defaults (private attributes are
    not fields)."""
    fields = getattr(type(model), "model_fields", None)
    if not isinstance(fields, Mapping):
        return {}
    return {
        name: (_secret(getattr(model, name, None)), getattr(info, "default", _NO_DEFAULT))
        for name, info in fields.items() if not str(name).startswith("_")
    }


def known_fields(model: Any, classes: Collection[str], not_inert: Collection[str] = ()) -> frozenset[str]:
    """The fields ``model``'s known classes declare (``classes``: ``module.qualname`` of the
    framework base classes and provider classes in its MRO), squashed, less ``not_inert``."""
    known: set[str] = set()
    for cls in type(model).__mro__:
        if f"{cls.__module__}.{cls.__qualname__}" in classes:
            known.update(squash(n) for n in getattr(cls, "model_fields", {}) or {})
    return frozenset(known - {squash(n) for n in not_inert})


def _profiled(name: str, value: Any, category: str | None) -> str | None | bool:
    """A profiled field's reason (None: none), or False when the profile does not know it. A
    sampling field is read with a plain value only; a length limit by the adapter's length rule."""
    if category is None:
        return False
    if category == "sampling" and not (value is None or isinstance(value, (bool, int, float))):
        return f"{name} has a value this engine does not read"
    if category == "length_limit":
        return unmodelled_option({name: value})  # not modelled by field rules: the adapters read it
    return None


def field_reasons(fields: Mapping[str, Any], known: Collection[str], inert: Collection[str] = (), *,
                  defaults: bool = False, profile: Any = None) -> Iterator[Reason]:
    """Every reason one of ``fields`` may change what a right answer is in a way the engine does
    not read. ``profile``: the model class's provider profile (``adapters.tiers``): its
    categories decide first; ``known``: the squashed names the framework declares (any value); a
    field named like an option is read by the option rules; ``inert``: squashed names the caller
    says are inert; any other :func:`active` field is :func:`unread_field`, liftable by naming it
    in ``inert_model_fields``. ``defaults``: each value is a ``(value, declared default)`` pair
    (:func:`declared_fields`)."""
    inert = inert_names(inert)
    for name, entry in fields.items():
        key = squash(name)
        value, default = entry if defaults else (entry, _NO_DEFAULT)
        if str(name).startswith("_"):
            continue
        profiled = _profiled(str(name), value, profile.category(name) if profile is not None else None)
        if profiled is not False:
            reason, lift = profiled, None
        elif option_name(key):
            reason, lift = unmodelled_option({name: value}), None
        elif key in known or key in inert or not active(value, default):
            reason, lift = None, None
        else:
            reason, lift = unread_field(str(name)), f"inert_model_fields=({str(name)!r},)"
        if reason is not None:
            yield Reason(reason, lift)


def field_reason(fields: Mapping[str, Any], known: Collection[str], inert: Collection[str] = (), *,
                 defaults: bool = False, profile: Any = None) -> str | None:
    """The first of :func:`field_reasons` as text, or None."""
    found = next(field_reasons(fields, known, inert, defaults=defaults, profile=profile), None)
    return None if found is None else found.text


# ----------------------------------------------------------------------------- the length rule
CUT_OFF = "the model stopped at its max_tokens limit (a cut-off answer is never stored)"
# finish reasons that mean "stopped at the length limit", across providers
_AT_LIMIT = frozenset({"length", "max_tokens", "max_output_tokens", "model_length", "max_tokens_reached"})


def _get(obj: Any, name: str) -> Any:
    """A field of a dict or an attribute of an object (provider responses are either)."""
    return obj.get(name) if isinstance(obj, Mapping) else getattr(obj, name, None)


def _holders(output: Any) -> list[Any]:
    """Where providers put a finish reason or usage: LangChain's metadata, a LlamaIndex response's
    ``additional_kwargs`` and ``raw`` (a dict or the provider's own object), its first choice."""
    message = getattr(output, "message", None)
    raw = getattr(output, "raw", None)
    choices = _get(raw, "choices") if raw is not None else None
    first = choices[0] if isinstance(choices, (list, tuple)) and choices else None
    found = [getattr(output, "response_metadata", None), getattr(output, "generation_info", None),
             getattr(message, "response_metadata", None), getattr(output, "additional_kwargs", None), raw, first]
    return [holder for holder in found if holder is not None]


_REASONS = ("finish_reason", "stop_reason", "done_reason", "stopReason", "finishReason")


def _finish_reason(output: Any) -> str | None:
    for holder in _holders(output):
        for name in _REASONS:
            value = _get(holder, name)
            if isinstance(value, str) and value:
                return value
        details = _get(holder, "incomplete_details")  # the Responses API: {"reason": "max_output_tokens"}
        reason = _get(details, "reason") if details is not None else None
        if isinstance(reason, str) and reason:
            return reason
    return None


def _tokens(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def reported_output_tokens(output: Any) -> int | None:
    """The completion tokens a model reported for ``output`` (LangChain's ``usage_metadata``; a
    LlamaIndex response's ``raw`` usage or ``additional_kwargs``), or None when it reported none."""
    usage = getattr(output, "usage_metadata", None) or getattr(getattr(output, "message", None), "usage_metadata", None)
    if isinstance(usage, Mapping) and _tokens(usage.get("output_tokens")):
        return int(usage["output_tokens"])
    for holder in _holders(output):
        for place in (_get(holder, "usage"), holder):
            for name in ("completion_tokens", "output_tokens", "eval_count"):
                found = _tokens(_get(place, name)) if place is not None else None
                if found is not None:
                    return found
    return None


def cut_off(output: Any, limit: int | None) -> bool:
    """Whether the model stopped ``output`` at a length limit: its finish reason says so (the request's
    limit or one the provider set), or it reported as many completion tokens as ``limit``."""
    reason = _finish_reason(output)
    if reason is not None and reason.lower() in _AT_LIMIT:
        return True
    tokens = reported_output_tokens(output)
    return limit is not None and tokens is not None and tokens >= limit


def cut_off_failures(output: Any, limit: int | None) -> list[str]:
    """``[CUT_OFF]`` when the model stopped ``output`` at a length limit (the answer fails and is never
    stored as given; the task's fallback may still answer, if it fits), else ``[]``."""
    return [CUT_OFF] if cut_off(output, limit) else []
