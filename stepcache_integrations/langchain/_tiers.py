"""The tier of a LangChain request (``adapters.tiers.decide_tier``) and its exact-tier key.

Both LangChain entry points read the same things: the request's messages (``_unread``), the model's
fields and options as ``llm_string`` shows them (its fields read by the provider profiles, below), and, for
the wrapper, the model object itself. Every reason found is kept (not the first one), and the
exact tier keys on the whole request and the whole model identity:

* the global cache sees ``llm_string`` only: its identity is ``llm_string`` less the fields that are
  inert, plus ``OPENAI_BASE_URL`` for an OpenAI model whose client read it (``llm_string`` does not
  say it); a class whose ``llm_string`` names no model (its profile says so) gets no tier;
* the wrapper sees the model: its identity adds every declared field (secrets as digests, inert
  fields left out) and the endpoint and key its clients resolved.

A LangChain model's own fields, read against the fields LangChain and the provider classes declare.

A custom chat model or LLM can declare fields the model sees besides the prompt (``instructions``,
``preamble``, ``persona``...) and use them in its own ``_generate``; the engine reads only the
prompt, so such a field keeps the step tier from a claim (``adapters.options``; the exact tier keys on
it). A provider class's fields are read by its profile (``adapters.tiers``) first:

* the wrapper sees the model object and reads every field of it (:func:`model_field_reasons`);
* the global cache sees only ``llm_string``. A model LangChain serializes shows the fields it was
  given (its ``kwargs``: :func:`serialized_field_reasons`); one it does not serialize shows only its
  identifying params and its ``_type`` (:func:`params_field_reasons`): a ``_type`` with no profile
  and no known class keeps the step tier from a claim (its fields are not in ``llm_string``), unless
  the caller names it in ``inert_model_types``.

Known: the fields LangChain's base classes and fake models declare, and those of langchain-openai's
``ChatOpenAI`` / ``OpenAI`` but ``use_previous_response_id``, ``truncation`` and
``context_management`` (they change what the model sees). The caller's ``inert_model_fields`` name
further fields it knows to be inert.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from langchain_core.runnables.configurable import DynamicRunnable

from ..adapters.identity import plain_fields
from ..adapters.options import (
    active,
    declared_fields,
    field_reasons,
    inert_names,
    known_fields,
    length_limit,
    option_name,
    squash,
)
from ..adapters.tiers import (
    Profile,
    Reason,
    TierDecision,
    decide_tier,
    inert_names_of,
    profile_for,
    profile_of_llm_string,
)
from ._convert import llm_key_for
from ._identity import env_endpoint_reason, model_identity, unwrap
from ._schema import params_of
from ._unread import JSON_ONLY, options_reasons, split_llm_string, unmodelled_call_options

__all__ = [
    "LANGCHAIN_CLASSES", "LlmStringView", "cache_tier", "configured_identity", "model_field_reasons", "params_field_reasons",
    "params_profile", "read_llm_string", "serialized_field_reasons", "serialized_profile", "step_key", "wrapper_identity",
    "wrapper_tier",
]


@dataclass(frozen=True)
class LlmStringView:
    """What ``llm_string`` says: the reasons in its model's fields and options, the string the keys
    are made of (inert fields left out), whether it names the model, and the model's class name."""

    reasons: tuple[Reason, ...]
    key_string: str
    model_named: bool
    model_class: str
    json_only: bool
    length_limit: int | None = None


def _without(params: Mapping[str, Any], names: Collection[str]) -> str:
    return str(sorted((k, v) for k, v in params.items() if squash(k) not in names))


def _serialized_view(model: Any, at: int, llm_string: str, inert: Collection[str]) -> tuple[list[Reason], str, Any]:
    reasons, keyed, options = serialized_field_reasons(model, inert)
    key_string = llm_string if keyed == model else json.dumps(keyed, sort_keys=True) + llm_string[at:]
    if env_endpoint_reason(model) is not None:  # the client went to OPENAI_BASE_URL: part of the identity
        key_string += f"|OPENAI_BASE_URL={os.environ.get('OPENAI_BASE_URL', '')}"
    return reasons, key_string, json.dumps(options, sort_keys=True) + llm_string[at:]


# keys that name a model in the identifying params of a model LangChain does not serialize
_MODEL_NAMES = frozenset(squash(n) for n in ("model", "model_name", "model_id", "repo_id", "deployment_name",
                                                "azure_deployment", "engine", "model_path", "endpoint_url"))


def _names_a_model(model: Any, params: Mapping[str, Any] | None) -> bool:
    """Whether ``llm_string`` names the model: a serialized model does (its class and the fields it
    was given); one LangChain does not serialize, only if its identifying params name a model (a
    custom class with none shows only its ``_type``: its configurations cannot be told apart)."""
    if model is not None or params is None:
        return True
    return any(squash(name) in _MODEL_NAMES and value not in (None, "") for name, value in params.items())


def _fields_view(model: Any, at: int, params: dict[str, Any] | None, llm_string: str, inert: Collection[str],
                 inert_types: Collection[str] | None) -> tuple[Profile | None, list[Reason], str, Any, str]:
    """What ``llm_string``'s model fields say: its profile, the fields' reasons, its key string (inert
    fields out), the part its options are read from, and the model's name."""
    if model is not None:
        reasons, key_string, options_string = _serialized_view(model, at, llm_string, inert)
        ids = model.get("id") if isinstance(model, Mapping) else None
        name = ids[-1] if isinstance(ids, list) and ids else "a serialized model"
        return serialized_profile(model), reasons, key_string, options_string, name
    if params is not None:
        profile = params_profile(params)
        reasons = params_field_reasons(params, inert, inert_types or (), inert_types is None)
        dropped = inert_names(inert) | (profile.names("inert") if profile is not None else frozenset())
        key_string = _without(params, dropped) if dropped & {squash(k) for k in params} else llm_string
        return profile, reasons, key_string, llm_string, str(params.get("_type"))
    return None, [], llm_string, llm_string, "an unreadable llm_string"


def read_llm_string(llm_string: str, *, inert: Collection[str] = (), inert_types: Collection[str] | None = None,
                    json_task: bool = False, unclaimed_tools: bool = False) -> LlmStringView:
    """Every reason in ``llm_string`` (model fields, then options), its key string and model name.

    ``inert_types``: ``_type``s of unserialized models the caller says are inert; None when the caller
    reads the model's fields itself (the wrapper)."""
    model, at = split_llm_string(llm_string)
    params = params_of(llm_string)
    profile, reasons, key_string, options_string, name = _fields_view(model, at, params, llm_string, inert, inert_types)
    found = options_reasons(options_string, json_task=json_task)
    json_only = JSON_ONLY in found or (unclaimed_tools and not json_task)
    reasons.extend(Reason(text) for text in found if text != JSON_ONLY)
    named = profile.llm_string_names_model if profile is not None else _names_a_model(model, params)
    limit = length_limit(model.get("kwargs") if isinstance(model, Mapping) else None, params)
    return LlmStringView(tuple(reasons), key_string, named, profile.class_name if profile else name, json_only, limit)


def step_key(kind: str, key_string: str) -> str:
    """The step tier's model key of a request of ``kind`` ("chat" / "llm"), the same on both LangChain
    entry points: ``key_string`` digested; a message list where ``key_string`` cannot say a chat model
    sent it (a model LangChain does not serialize, or a completion LLM, whose prompt is text) is keyed
    apart from text prompts."""
    base = llm_key_for(key_string)
    if kind == "chat" and split_llm_string(key_string)[0] is None:
        base += "|decoded-messages"
    return base


def cache_tier(unread: str | None, view: LlmStringView) -> TierDecision:
    """The global cache's tier: the request's message reason and every reason ``llm_string`` holds."""
    return decide_tier([unread, *view.reasons], model_named=view.model_named, json_only=view.json_only,
                       model_class=view.model_class)


def wrapper_tier(runnable: Any, unread: str | None, view: LlmStringView, call_options: Mapping[str, Any],
                 inert: Collection[str]) -> TierDecision:
    """The wrapper's tier: the global cache's reasons, plus every field of the model object and every
    bound or call option outside the allowlist (the wrapper sees the model: it is always named)."""
    model, _ = unwrap(runnable)
    reasons: list[Reason | str | None] = [unread, *model_field_reasons(runnable, inert), *view.reasons]
    reasons.append(unmodelled_call_options(call_options))
    if isinstance(model, DynamicRunnable):  # no opt-in: the fields the run's config sets are not the model's
        reasons.append(Reason("a configurable runnable: the run's config picks the model (keyed with it)"))
    return decide_tier(reasons, json_only=view.json_only, model_class=type(model).__name__)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def configured_identity(identity: str, configurable: Any) -> str:
    """``identity`` of a configurable runnable (``configurable_fields`` / ``configurable_alternatives``)
    scoped to the run's ``configurable`` values, which pick the model that runs (blind red team round 13)."""
    blob = json.dumps(configurable or {}, sort_keys=True, ensure_ascii=False, default=str)
    return _digest(f"{identity}|configurable={blob}")


def wrapper_identity(runnable: Any, key_string: str, inert: Collection[str]) -> str:
    """The wrapper's exact-tier model identity: the class, every declared field but the inert ones
    (secrets as digests), the endpoint and key digest its clients resolved, and ``key_string``
    (``llm_string`` with the bound and call options)."""
    model, _ = unwrap(runnable)
    dropped = inert_names(inert) | inert_names_of(type(model), "langchain")
    fields = plain_fields(model, dropped)
    blob = json.dumps({"class": f"{type(model).__module__}.{type(model).__qualname__}", "fields": fields,
                       "clients": model_identity(model), "llm_string": key_string},
                      sort_keys=True, ensure_ascii=False, default=str)
    return _digest(blob)


# ----------------------------------------------------------------------------- a model's own fields
_CORE = "langchain_core.language_models"
_FAKES = f"{_CORE}.fake_chat_models"
LANGCHAIN_CLASSES = frozenset({
    f"{_CORE}.base.BaseLanguageModel", f"{_CORE}.chat_models.BaseChatModel", f"{_CORE}.chat_models.SimpleChatModel",
    f"{_CORE}.llms.BaseLLM", f"{_CORE}.llms.LLM",
    f"{_FAKES}.FakeMessagesListChatModel", f"{_FAKES}.FakeListChatModel", f"{_FAKES}.FakeChatModel",
    f"{_FAKES}.GenericFakeChatModel", f"{_FAKES}.ParrotFakeChatModel",
    f"{_CORE}.fake.FakeListLLM", f"{_CORE}.fake.FakeStreamingListLLM",
    "langchain_openai.chat_models.base.BaseChatOpenAI", "langchain_openai.chat_models.base.ChatOpenAI",
    "langchain_openai.llms.base.BaseOpenAI", "langchain_openai.llms.base.OpenAI",
})
"""``module.qualname`` of the classes whose fields are known."""
NOT_INERT = ("use_previous_response_id", "truncation", "context_management")
# The ``_type`` of the known classes LangChain does not serialize (llm_string: identifying params only).
_TYPES = {
    "openai": "langchain_openai.llms.base.OpenAI",
    "fake-list": f"{_CORE}.fake.FakeListLLM",
    "fake-list-chat-model": f"{_FAKES}.FakeListChatModel",
    "fake-messages-list-chat-model": f"{_FAKES}.FakeMessagesListChatModel",
    "generic-fake-chat-model": f"{_FAKES}.GenericFakeChatModel",
    "fake-chat-model": f"{_FAKES}.FakeChatModel",
    "parrot-fake-chat-model": f"{_FAKES}.ParrotFakeChatModel",
}
# Call options the adapters read themselves (``_unread._MODELLED``): not fields, left to them.
_CALL = frozenset(squash(n) for n in (
    "tools", "tool_choice", "response_format", "parallel_tool_calls", "strict",
    "ls_structured_output_format", "structured_output_format",
))


def _class(path: str) -> Any:
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


@lru_cache(maxsize=None)
def _type_fields(llm_type: str) -> frozenset[str] | None:
    cls = _class(_TYPES[llm_type]) if llm_type in _TYPES else None
    if cls is None:
        return None
    return frozenset(squash(n) for n in cls.model_fields) - {squash(n) for n in NOT_INERT}


@lru_cache(maxsize=1)
def _known_by_id() -> dict[tuple[str, ...], frozenset[str]]:
    """The fields of each known class, by the ``id`` LangChain serializes it under."""
    out: dict[tuple[str, ...], frozenset[str]] = {}
    not_inert = {squash(n) for n in NOT_INERT}
    for path in LANGCHAIN_CLASSES:
        cls = _class(path)
        try:
            key = tuple(cls.lc_id()) if cls is not None else None
        except Exception:  # noqa: BLE001 - a class without a serializable id is just not known by one
            key = None
        if key is not None:
            out[key] = frozenset(squash(n) for n in cls.model_fields) - not_inert
    return out


@lru_cache(maxsize=1)
def _base_fields() -> frozenset[str]:
    """The fields LangChain's base classes declare (every model has them)."""
    from langchain_core.language_models import BaseChatModel, BaseLLM

    return frozenset(squash(n) for cls in (BaseChatModel, BaseLLM) for n in cls.model_fields)


def _serialized_known(model: Mapping[str, Any]) -> frozenset[str]:
    """The fields known for a serialized model: its own known class's (by its ``id``), else only the
    base classes' (a field another class knows is unknown here: ``reasoning`` on a custom class)."""
    ids = model.get("id")
    found = _known_by_id().get(tuple(ids)) if isinstance(ids, list) else None
    return found if found is not None else _base_fields()


def model_field_reasons(runnable: Any, inert: Collection[str] = ()) -> list[Reason]:
    """Every field of the model inside ``runnable`` (bindings unwrapped) that keeps the wrapper's
    step tier from a claim: ``adapters.options.field_reasons`` over its pydantic fields, read by its
    provider profile first."""
    model, _ = unwrap(runnable)
    known = known_fields(model, LANGCHAIN_CLASSES, NOT_INERT)
    return list(field_reasons(declared_fields(model), known, inert, defaults=True, profile=profile_for(model)))


def params_profile(params: Mapping[str, Any]) -> Profile | None:
    """The profile of a model LangChain does not serialize, by the ``_type`` in its params."""
    return profile_of_llm_string(llm_type=str(params.get("_type")))


def params_field_reasons(params: Mapping[str, Any], inert: Collection[str], inert_types: Collection[str],
                         fields_read: bool) -> list[Reason]:
    """The field reasons of a model LangChain does not serialize, from its ``llm_string`` params
    (``_type``, identifying params, call options). ``fields_read``: the caller reads the model's
    fields itself (the wrapper), so an unknown ``_type`` is no reason on its own. A profiled
    ``_type`` reads its params by its profile; a fake model's by its class."""
    llm_type = str(params.get("_type"))
    profile = params_profile(params)
    known = _type_fields(llm_type)
    if squash(llm_type) in inert_names(inert_types):
        return []
    if known is None and profile is None and not fields_read:
        return [Reason(f"`{llm_type}` is a model LangChain does not serialize: llm_string holds none of its fields",
                       f"inert_model_types=({llm_type!r},)")]
    fields = {name: value for name, value in params.items() if squash(name) not in _CALL and name != "_type"}
    return list(field_reasons(fields, known or frozenset(), inert, profile=profile))


def serialized_profile(model: Any) -> Profile | None:
    """The profile of a serialized model (``llm_string``'s record), by its ``id``."""
    ids = model.get("id") if isinstance(model, Mapping) else None
    return profile_of_llm_string(lc_id=ids) if isinstance(ids, list) else None


def serialized_field_reasons(model: Any, inert: Collection[str]) -> tuple[list[Reason], Any, Any]:
    """Every field reason of a serialized model (``llm_string``'s record: the fields it was given);
    the record for the key, without the fields that are inert (named in ``inert`` or by its
    profile); and the record for the option rules, which read strictly what no profile category
    and no field rule read (the fields named like options)."""
    kwargs = model.get("kwargs") if isinstance(model, Mapping) else None
    if not isinstance(kwargs, Mapping):
        return [], model, model
    profile = serialized_profile(model)
    known, inert, reasons = _serialized_known(model), inert_names(inert), []
    keyed: dict[str, Any] = {}
    options: dict[str, Any] = {}
    for name, value in kwargs.items():
        category = profile.category(name) if profile is not None else None
        option = option_name(str(name)) and category is None
        if category == "inert" or (not option and squash(name) in inert):
            continue
        keyed[name] = value
        if option:
            options[name] = value
        elif active(value):
            reasons.extend(field_reasons({name: value}, known, profile=profile))
    return reasons, {**model, "kwargs": keyed}, {**model, "kwargs": options}
