"""One body for an adapter method and its async twin, and the answer flow both adapters run.

A twin flow is a generator that yields :class:`Io` steps (a sync callable, its async
twin and their arguments) and returns the method's result. :func:`run` fulfils the steps
with the sync callables, :func:`arun` with the async ones, so the public method and its
``a``-twin are one line each and cannot drift. An exception raised by a step is thrown
back into the flow at its ``yield``, so the flow handles it with a plain ``try``.

A streaming flow also yields :class:`Emit` items, which :func:`run_stream` and
:func:`arun_stream` hand to their consumer; :func:`pull` reads an inner stream one item
at a time (an iterator in the sync driver, an async iterator in the async one).

:func:`answer_flow` is the adapters' flow once, one generator deep: serve a plan the cache
answers alone, or call the model through the declared :class:`AdapterModel` interface and let
the engine finish the answer in one step (:func:`finish_step`: check, repair, fall back, store).

The record both adapters attach to a response, their stream bookkeeping and their log line.

Both adapters do the same thing around a :class:`~stepcache_integrations.core.engine.StepCache`:
answer from the cache, or stream the verified prefix and then the model's tokens,
finalize, and send a closing chunk with the cache's account of the request (the flow itself:
above). The account, framework-free:

* :class:`StepCacheSummary` - the one schema of the ``stepcache`` metadata record that
  both adapters attach to responses (see docs/guarantees.md: "Response metadata");
* :func:`summarize` / :func:`bypass_summary` - build that record;
* :class:`StreamSession` - the bookkeeping of one streamed answer: the verified prefix,
  the model's deltas, and at the close the tail still to send and whether text already
  sent was ``revised`` (replaced) by verification or repair;
* :func:`log_request` - the one INFO line per request every adapter logs (:func:`request_key`,
  :func:`prompt_difference`, :func:`result_event`), with the record on the log record.

One name per concept: ``provenance`` is the per-step list (``provenance_counts`` the
per-kind count), ``revised`` flags a stream whose sent text was replaced, and
``json_schema`` is the JSON Schema option of every adapter.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Generator, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from pydantic import BaseModel, Field, computed_field

from ..core.llm import TextModel
from ..core.outcomes import CACHE_ALONE_OUTCOMES, SummaryOutcome
from ..core.types import Provenance, StepCacheResult, VerificationLevel, fits

__all__ = [
    "AdapterModel",
    "Answer",
    "answer_flow",
    "arun",
    "arun_stream",
    "bypass_summary",
    "Emit",
    "END",
    "event",
    "exact_event",
    "exact_summary",
    "finish_step",
    "Io",
    "log_request",
    "METADATA_KEY",
    "one_flight",
    "opened",
    "prompt_difference",
    "pull",
    "relay",
    "request_key",
    "result_event",
    "revise_record",
    "run",
    "run_stream",
    "StepCacheSummary",
    "StreamClose",
    "StreamFlow",
    "StreamSession",
    "summarize",
    "SummaryOutcome",
    "SummaryStep",
    "TwinFlow",
    "SAMPLING",
    "canonical",
    "json_default",
    "other_sampling",
    "sampling_digest",
    "sampling_option",
    "sampling_reason",
    "share_flow",
    "shared_plan_flow",
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


# ---- Which tier answers a request, decided in one place for every entry point.

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
    unkeyed: str | None = None,
    endpoint_unseen: str | None = None,
) -> TierDecision:
    """The tier of a request from every reason its adapter found.

    ``model_named``: the adapter can tell which model answers (False only for LangChain's global
    cache and a class whose ``llm_string`` names no model: then no tier; no opt-in relaxes a
    model's identity). ``unkeyed``: the request's key holds something only by a name that may stand
    for another (a class in ``llm_string``): no tier. ``endpoint_unseen``: the key cannot tell the
    model's endpoints apart: no exact tier (the step tier serves only answers proven for the prompt,
    which hold whichever endpoint answered). Any reason puts the request in the exact tier; none, the
    step tier.
    """
    found = _unique(reasons)
    if not model_named:
        text = NO_MODEL_NAMED.format(cls=model_class or "this model")
        return TierDecision("none", (*found, Reason(text)), False, model_class)
    if unkeyed is not None:
        return TierDecision("none", (*found, Reason(unkeyed)), False, model_class)
    if found and endpoint_unseen is not None:
        return TierDecision("none", (*found, Reason(endpoint_unseen)), False, model_class)
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
    llm_string_names_endpoint: bool = True

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
            llm_string_names_endpoint=bool(spec.get("llm_string_names_endpoint", True)),
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
    not read. ``profile``: the model class's provider profile (``adapters.flow``): its
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



if TYPE_CHECKING:  # annotations only: importing the flow and the record loads no engine
    from ..core.engine import CachePlan, StepCache
    from ..core.exact_tier import ExactHit
    from ..core.types import LLMResponse


T = TypeVar("T")


@dataclass(frozen=True)
class Io:
    """One I/O step: ``sync(*args, **kwargs)`` in the sync driver, ``await async_(...)`` in the async one."""

    sync: Callable[..., Any]
    async_: Callable[..., Awaitable[Any]]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, sync: Callable[..., Any], async_: Callable[..., Awaitable[Any]], *args: Any, **kwargs: Any) -> Io:
        """The step calling ``sync`` (or ``async_``) with these arguments."""
        return cls(sync, async_, args, kwargs)


@dataclass(frozen=True)
class Emit:
    """An item for the consumer of a streaming flow (not an I/O step)."""

    item: Any


TwinFlow = Generator[Io, Any, T]
"""A generator yielding :class:`Io` steps and returning the method's result."""

StreamFlow = Generator["Io | Emit", Any, None]
"""A generator yielding :class:`Io` steps and :class:`Emit` items."""


class _End:
    def __repr__(self) -> str:
        return "END"


END: Any = _End()
"""What :func:`pull` gives once the inner stream is exhausted."""


def _next(iterator: Iterator[Any]) -> Any:
    return next(iterator, END)


async def _anext(iterator: AsyncIterator[Any]) -> Any:
    return await anext(iterator, END)


def pull(stream: Any) -> Io:
    """The step reading the next item of ``stream``, or :data:`END`."""
    return Io.of(_next, _anext, stream)


def opened(open_async: Callable[..., AsyncIterator[Any]]) -> Callable[..., Awaitable[AsyncIterator[Any]]]:
    """``open_async`` (which returns an async iterator without being awaited) as an awaitable step."""

    async def open_stream(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        return open_async(*args, **kwargs)

    return open_stream


def relay(open_step: Io) -> StreamFlow:
    """Open a stream with ``open_step`` and emit every item of it."""
    stream = yield open_step
    while (item := (yield pull(stream))) is not END:
        yield Emit(item)


def run(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the sync callables."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            state.settle(step)
    finally:
        flow.close()  # a flow left mid-way (an interrupt) runs its ``finally`` now (``one_flight`` releases)
    return state.result  # type: ignore[no-any-return]


async def arun(flow: TwinFlow[T]) -> T:
    """Drive ``flow`` with the async callables."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            await state.asettle(step)
    finally:
        flow.close()  # a cancelled request's flow runs its ``finally`` now (``one_flight`` releases)
    return state.result  # type: ignore[no-any-return]


def run_stream(flow: StreamFlow) -> Generator[Any, None, None]:
    """Drive a streaming flow with the sync callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                state.settle(step)
    finally:
        flow.close()


async def arun_stream(flow: StreamFlow) -> AsyncIterator[Any]:
    """Drive a streaming flow with the async callables, yielding what it emits."""
    state = _State()
    try:
        while (step := state.resume(flow)) is not None:
            if isinstance(step, Emit):
                yield step.item
            else:
                await state.asettle(step)
    finally:
        flow.close()


class _State:
    """The last step's value or error (handed to the flow once), and its result once it returns."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: Exception | None = None
        self.result: Any = None

    def resume(self, flow: Generator[Any, Any, Any]) -> Any:
        """Hand the last outcome to the flow; its next step, or None when it returned."""
        value, error = self.value, self.error
        self.value, self.error = None, None
        try:
            return flow.throw(error) if error is not None else flow.send(value)
        except StopIteration as done:
            self.result = done.value
            return None

    def settle(self, step: Io) -> None:
        try:
            self.value = step.sync(*step.args, **step.kwargs)
        except Exception as exc:  # handed to the flow, which re-raises what it does not handle
            self.error = exc

    async def asettle(self, step: Io) -> None:
        try:
            self.value = await step.async_(*step.args, **step.kwargs)
        except Exception as exc:
            self.error = exc


# ----------------------------------------------------------------------------- the answer flow
class AdapterModel(TextModel, Protocol):
    """The model interface of an adapter's flow: the framework's own call, and how its output reads.

    ``call`` / ``acall`` send an engine request (generation or patch prompt) to the framework
    model and return its output as the framework gives it; ``response`` reads that output as the
    engine's :class:`LLMResponse` (text, token usage); ``rejects`` says what is wrong with the
    output beyond its text (e.g. a tool request answered without a tool call; empty: nothing);
    ``entry_metadata`` is what the entry keeps to rebuild the framework's output later.
    ``respond`` / ``arespond`` (the engine's :class:`~stepcache_integrations.core.llm.TextModel`)
    answer the engine's own requests (repairs) as :class:`LLMResponse`.
    """

    def call(self, prompt: str) -> Any: ...

    def acall(self, prompt: str) -> Awaitable[Any]: ...

    def response(self, raw: Any, prompt: str) -> LLMResponse: ...

    def rejects(self, raw: Any) -> list[str]: ...

    def entry_metadata(self, plan: CachePlan, raw: Any) -> dict[str, Any] | None: ...

    def respond(self, prompt: str) -> LLMResponse: ...

    def arespond(self, prompt: str) -> Awaitable[LLMResponse]: ...


@dataclass(frozen=True)
class Answer:
    """What :func:`answer_flow` produced: the engine's result and the model's own output (None
    when the cache answered alone)."""

    result: StepCacheResult
    raw: Any = None


def answer_flow(engine: StepCache, plan: CachePlan, model: AdapterModel) -> TwinFlow[Answer]:
    """Serve ``plan`` from the cache, or call ``model`` for its generation prompt and have the
    engine finish the answer (:func:`finish_step`)."""
    if not plan.needs_model:
        return Answer((yield Io.of(engine.serve, engine.aserve, plan)))
    assert plan.generation_prompt is not None
    raw = yield Io.of(model.call, model.acall, plan.generation_prompt)
    return Answer((yield finish_step(engine, plan, model, raw)), raw)


def one_flight(engine: StepCache, key: Hashable, body: Callable[[], Generator[Any, Any, T]]) -> Generator[Any, Any, T]:
    """Run ``body`` (a request's flow: its lookup, model call and store) as the only request of flight ``key``
    in flight (``core.flights``): an identical request already in flight (same key) is waited for first, so
    its stored answer is what this request's own lookup finds; one model call for both on a cold cache. The
    key is the adapter's: every part of the request the cache reads (model identity, sampling options, tier,
    partition, prompt, task and schema). An engine without flights runs ``body`` as it is."""
    flights = getattr(engine, "flights", None)
    ticket = flights.join(key) if flights is not None else None
    if ticket is not None and ticket.waits:
        yield Io.of(ticket.wait, ticket.await_)
    try:
        return (yield from body())
    finally:
        if ticket is not None:
            ticket.release()


def finish_step(engine: StepCache, plan: CachePlan, model: AdapterModel, raw: Any) -> Io:
    """The step in which the engine finishes the model's output ``raw`` for ``plan`` (e.g. a stream's
    merged chunks): check it, repair it through ``model``, fall back, store it if it passed its
    checks; its value is the :class:`StepCacheResult`."""
    assert plan.generation_prompt is not None
    return Io.of(
        engine.finalize,
        engine.afinalize,
        plan,
        model.response(raw, plan.generation_prompt),
        llm=model,
        metadata=model.entry_metadata(plan, raw),
        rejected=model.rejects(raw),
        length_limit=getattr(model, "limit", None),  # the request's max_tokens (ModelCaller, InnerCaller)
        failed=cut_off_failures(raw, getattr(model, "limit", None)),
        regenerate=getattr(model, "answers_whole_request", True),  # False: not the request's own model
    )


# ----------------------------------------------------------------------------- sampling options
# A proven answer (a checker proved it for this prompt) does not depend on how the model samples: each
# adapter keys entries with the request's sampling options as before, and also stores an answer proven
# for its prompt in a partition keyed without them (the shared partition); a request with other sampling
# options is served from there only a cache-only answer proven for its own prompt. Which options are
# sampling is data (a provider profile's ``sampling`` category), read by :func:`sampling_option`.
SAMPLING = "sampling"
"""The entry metadata key of the sampling options an answer was generated with (:func:`sampling_digest`)."""
# Transport and the one-answer default: never what the model answers (n = 1 is a single answer; more is
# a reason, ``option_reasons``). Read in the call options only (a profile says which model fields are inert).
_TRANSPORT = frozenset(squash(n) for n in ("timeout", "request_timeout", "max_retries", "stream", "streaming",
                                            "stream_usage"))


def sampling_option(profile: Profile, name: str, value: Any, call: bool) -> bool:
    """Whether option ``name`` is a sampling option of ``profile``'s class (its ``sampling`` category:
    data), or, among the call options (``call``), transport or ``n = 1``. A plain value only (a number or flag)."""
    if not (value is None or isinstance(value, (bool, int, float))):
        return False
    if profile.category(name) == "sampling":
        return True
    return call and (squash(name) in _TRANSPORT or (squash(name) == "n" and value == 1 and value is not True))


def json_default(value: Any) -> Any:
    """JSON for what ``json.dumps`` cannot encode: a pydantic model's dump, else its ``str``."""
    if isinstance(value, BaseModel):  # e.g. ChatOpenAI's additional_kwargs["parsed"]
        return value.model_dump(mode="json")
    return str(value)


def canonical(value: Any) -> str:
    """``value`` as one stable text (sorted keys, :func:`json_default` for what JSON cannot encode)."""
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=json_default)
    except (TypeError, ValueError):  # e.g. keys of mixed types: still a distinct, if less stable, text
        return repr(value)


def sampling_digest(options: Mapping[str, Any]) -> str:
    """The digest of a request's sampling options ("" for none), kept in its entries' metadata."""
    return "" if not options else _digest(canonical(dict(options)), 32)


def other_sampling(plan: CachePlan, sampling: str) -> bool:
    """Whether ``plan`` would answer from an entry generated with other sampling options than this
    request's. An entry that records none was stored in a partition keyed with the request's sampling
    options (an older version's, a caller's seed, an answer the cache derived), as before."""
    recorded = plan.entry.metadata.get(SAMPLING) if plan.entry is not None else None
    return recorded is not None and recorded != sampling


def sampling_reason(plan: CachePlan, sampling: str, proven: bool) -> str | None:
    """Why ``plan`` cannot serve this request from its entry (None: it can): an entry generated with
    other sampling options serves only a cache-only answer proven for this prompt (``proven``:
    ``StepCache.serves_proven``), never a patch on its steps."""
    if not other_sampling(plan, sampling) or (not plan.needs_model and proven):
        return None
    if plan.needs_model and plan.outcome != "patch":
        return None  # the model answers whole: nothing of the entry is served
    return "cached answer was generated with other sampling options and is not proven for this prompt"


def shared_plan_flow(engine: StepCache, prompt: str, plan: CachePlan, options: dict[str, Any],
                     shared: dict[str, Any] | None) -> TwinFlow[tuple[CachePlan, dict[str, Any]]]:
    """``plan`` and its lookup ``options``, or, when it needs the model, the shared partition's plan and
    options (``shared``; None when the request's own partition is that one) if the cache answers it alone,
    proven for this prompt."""
    if shared is None or not plan.needs_model:
        return plan, options
    found = yield Io.of(engine.lookup, engine.alookup, prompt, **shared)
    return (found, shared) if engine.serves_proven(found) else (plan, options)


def share_flow(engine: StepCache, prompt: str, shared: Mapping[str, Any] | None, entry_id: str | None,
               result: StepCacheResult, answer: Callable[[], tuple[str, int, int, Any]]) -> TwinFlow[None]:
    """Store an answer the model gave, stored (``entry_id``) and proven for its prompt, in the shared
    partition too (``shared``: its lookup options): other sampling options find it there, and only as an
    answer proven for their prompt. ``answer``: its text, tokens and entry metadata, read only when shared."""
    if shared is None or entry_id is None or result.verification != "proven":
        return
    text, prompt_tokens, completion_tokens, metadata = answer()
    try:
        yield Io.of(engine.store_answer, engine.astore_answer, prompt, text, task=shared["task"],
                    schema=shared["schema"], namespace=shared["namespace"], llm_key=shared["llm_key"],
                    prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, metadata=metadata)
    except Exception:  # noqa: BLE001 - a failed share costs reach only (the request's own entry is stored)
        logger.debug("stepcache: could not share a proven answer", exc_info=True)


METADATA_KEY = "stepcache"
"""The key of the summary record in every framework's response metadata."""


class SummaryStep(BaseModel):
    """One step of the answer and where it came from."""

    index: int
    provenance: Provenance
    text: str


class StepCacheSummary(BaseModel):
    """What the cache did for one request: the ``stepcache`` metadata record of both adapters.

    ``verification`` says what the checks established about the answer: "proven" (a checker
    proved every part of it for this prompt), "checked" (it passed the task's checks, which do
    not determine all of it) or "unchecked" (nothing judged it, it failed its checks, or it was
    not answered through the cache); ``verified`` is ``verification == "proven"`` (see docs/guarantees.md:
    "What verified means"). ``provenance`` lists each step's origin in order; ``streamed`` is True for a
    streamed answer and ``revised`` then says that text already sent was replaced: ``text`` holds
    the answer the checks passed (authoritative over the streamed deltas) and ``text_verification``
    what they established about it, while ``verification`` describes what was streamed: the
    model's replaced text, "unchecked" (so ``verified`` is False on the joined stream).
    """

    outcome: SummaryOutcome
    verification: VerificationLevel = "unchecked"
    task: str | None = None
    steps: list[SummaryStep] = Field(default_factory=list)
    provenance: list[Provenance] = Field(default_factory=list)
    provenance_counts: dict[str, int] = Field(default_factory=dict)
    similarity: float | None = None
    matched_entry_id: str | None = None
    stored_entry_id: str | None = None
    model_calls: int = 0
    repair_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    tokens_saved: int = 0
    used_fallback: bool = False
    errors: list[str] = Field(default_factory=list)
    namespace: str | None = None
    llm_key: str | None = None
    streamed: bool = False
    revised: bool = False
    text: str | None = None
    text_verification: VerificationLevel | None = None
    reason: str | None = None
    tier: Tier = "step"
    tier_reasons: list[str] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def verified(self) -> bool:
        """A checker proved every part of the answer for this prompt."""
        return self.verification == "proven"

    def record(self) -> dict[str, Any]:
        """The JSON-safe dict that goes into response metadata."""
        return self.model_dump(mode="json")


def summarize(
    result: StepCacheResult,
    *,
    namespace: str | None = None,
    llm_key: str | None = None,
    streamed: bool = False,
    revised: bool = False,
) -> dict[str, Any]:
    """The ``stepcache`` record of one engine result (a plain dict, JSON-safe)."""
    steps = [SummaryStep(index=s.index, provenance=s.provenance, text=s.text) for s in result.steps]
    return StepCacheSummary(
        outcome=result.outcome,
        verification="unchecked" if revised else result.verification,  # what was streamed
        task=result.task,
        steps=steps,
        provenance=[s.provenance for s in result.steps],
        provenance_counts=result.provenance_counts(),
        similarity=result.similarity,
        matched_entry_id=result.matched_entry_id,
        stored_entry_id=result.stored_entry_id,
        model_calls=result.model_calls,
        repair_calls=result.repair_calls,
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        tokens_saved=result.tokens_saved,
        used_fallback=result.used_fallback,
        errors=list(result.errors),
        namespace=namespace,
        llm_key=llm_key,
        streamed=streamed,
        revised=revised,
        text=result.text if revised else None,
        text_verification=result.verification if revised else None,
    ).record()


def revise_record(record: dict[str, Any], text: str) -> dict[str, Any]:
    """A streamed answer's record once text already sent was replaced by ``text`` (the answer the
    checks passed): the streamed content is "unchecked", ``text_verification`` keeps the level."""
    level = record.get("verification", "unchecked")
    return {**record, "streamed": True, "revised": True, "text": text, "text_verification": level,
            "verification": "unchecked", "verified": False}


def bypass_summary(reason: str, *, namespace: str | None = None, llm_key: str | None = None,
                   decision: TierDecision | None = None) -> dict[str, Any]:
    """The record of a request sent straight to the model (tier ``none``: nothing kept or served)."""
    tier = decision.record() if decision is not None else {"tier": "none", "tier_reasons": [reason]}
    return StepCacheSummary(
        outcome="bypass", verification="unchecked", reason=reason, model_calls=1, namespace=namespace, llm_key=llm_key,
        **tier,
    ).record()


def exact_summary(decision: TierDecision, *, hit: ExactHit | None, stored_entry_id: str | None = None,
                  namespace: str | None = None, llm_key: str | None = None, streamed: bool = False,
                  usage: tuple[int, int] = (0, 0), reason: str | None = None) -> dict[str, Any]:
    """The record of an exact-tier request: ``hit`` served (outcome ``exact``, no model call), else the
    model answered (outcome ``miss``) and its answer was stored as ``stored_entry_id``. Never
    verified: the exact tier replays the model's own answer, no checker read it."""
    served = hit is not None
    return StepCacheSummary(
        outcome="exact" if served else "miss", verification="unchecked", model_calls=0 if served else 1,
        matched_entry_id=hit.entry_id if hit is not None else None, stored_entry_id=stored_entry_id,
        prompt_tokens=0 if served else usage[0], completion_tokens=0 if served else usage[1],
        namespace=namespace, llm_key=llm_key, streamed=streamed,
        reason=None if served else (reason or "exact tier: no answer cached for this request"), **decision.record(),
    ).record()


@dataclass(frozen=True)
class StreamClose:
    """The end of a streamed answer: the text still to send and whether sent text was replaced."""

    tail: str
    revised: bool


class StreamSession:
    """Bookkeeping of one streamed answer (framework-free).

    Call :meth:`prefix` with the plan's verified prefix (a patch), :meth:`feed` with each
    model delta as it is sent, then :meth:`close` with the verified final text: it returns
    the ``tail`` still to send, or ``revised=True`` when the text already sent is not a
    prefix of the final text (then the final text replaces it; nothing is appended).
    """

    def __init__(self) -> None:
        self.emitted = ""
        self.generated = ""

    def prefix(self, text: str) -> str:
        """Record the verified prefix as sent; return the text sent so far."""
        self.emitted += text
        return self.emitted

    def feed(self, delta: str) -> str:
        """Record a model delta as sent; return the text sent so far."""
        self.generated += delta
        self.emitted += delta
        return self.emitted

    def close(self, final_text: str) -> StreamClose:
        """The tail to send after the model's last delta, and whether sent text was revised."""
        if final_text.startswith(self.emitted):
            return StreamClose(tail=final_text[len(self.emitted) :], revised=False)
        return StreamClose(tail="", revised=True)


# ----------------------------------------------------------------------------- log lines
_SHOWN = 60  # characters of a prompt a log line shows
_CONTEXT = 12  # characters shown before the first difference


def _digest(text: str, size: int) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:size]


def request_key(namespace: str | None, llm_key: str | None, prompt: str) -> str:
    """A short stable key of one request: ``<model key digest>/<namespace>/<prompt digest>``.

    Equal for equal requests and different for different prompts, whatever they share (three
    questions under one long system prompt get three keys); no prompt text in it.
    """
    return f"{_digest(llm_key or '', 8)}/{namespace or '-'}/{_digest(prompt, 10)}"


def prompt_difference(prompt: str, nearest: str | None = None, width: int = _SHOWN) -> str:
    """The part of ``prompt`` a log line shows: where it differs from ``nearest`` (the cached
    candidate's prompt, whitespace runs read as one space), else its tail - never its head, which
    requests under one system prompt share."""
    flat = " ".join(prompt.split())
    if nearest is not None:
        other = " ".join(nearest.split())
        if other == flat:
            return "same text as the candidate"
        start = next((i for i, (a, b) in enumerate(zip(flat, other)) if a != b), min(len(flat), len(other)))
        limit = min(len(flat), len(other)) - start
        end = next((i for i in range(limit) if flat[-1 - i] != other[-1 - i]), limit)
        left = max(0, start - _CONTEXT)
        shown = flat[left : len(flat) - end] or flat[left : start + 1]
        if len(shown) > width:
            shown = shown[: width - 3] + "..."
        return f"differs from the candidate at {start}: {('...' if left else '') + shown + ('...' if end else '')!r}"
    tail = flat if len(flat) <= width else "..." + flat[-(width - 3) :]
    return f"ends {tail!r}"


def event(outcome: SummaryOutcome, *details: str) -> str:
    """How a log line says what the cache did (its own function here, on the path every log line
    takes: the vocabulary module stays data): the outcome's name first, exactly as ``stats()``
    counts it, then its details: ``event("skip_reuse", "candidate failed verification")``."""
    return f"{outcome} ({', '.join(details)})" if details else outcome


def result_event(result: StepCacheResult) -> str:
    """What a request answered through the engine came to, as a log line says it: its outcome
    first (``core.outcomes.event``), then what was served or stored."""
    level, failures = result.verification, "; ".join(result.errors[:2])
    if result.outcome in CACHE_ALONE_OUTCOMES or (result.outcome == "patch" and result.checks_passed):
        return event(result.outcome, level)
    if result.outcome == "patch":
        return event(result.outcome, f"failed verification: {failures}")
    found = event(result.outcome, "no cached candidate" if result.matched_entry_id is None
                  else "candidate failed verification")
    if result.stored_entry_id is not None:
        return f"{found}, stored the answer ({level})"
    if not result.checks_passed:
        return f"{found}, not stored (failed verification: {failures})"
    return f"{found}, not stored (store write failed or skipped)"


def exact_event(record: dict[str, Any]) -> str:
    """What an exact-tier request came to, as a log line says it (from its ``exact_summary`` record)."""
    if record["outcome"] == "exact":
        return event("exact", record["verification"])
    stored = "stored the answer" if record.get("stored_entry_id") else "not stored"
    return f"{event(record['outcome'], 'exact tier')}, {stored}"


def log_request(
    logger: logging.Logger,
    event: str,
    *,
    namespace: str | None,
    llm_key: str | None,
    prompt: str,
    nearest: str | None = None,
    record: dict[str, Any] | None = None,
) -> None:
    """The INFO line of one request, the same in every adapter:
    ``stepcache: <event> for <request_key> <prompt_difference>``; ``record`` (the ``stepcache``
    record, when there is one) rides on the log record as its ``stepcache`` attribute."""
    if not logger.isEnabledFor(logging.INFO):
        return
    logger.info(
        "stepcache: %s for %s %s",
        event,
        request_key(namespace, llm_key, prompt),
        prompt_difference(prompt, nearest),
        extra={METADATA_KEY: record},
    )
