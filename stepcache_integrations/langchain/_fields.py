"""A LangChain model's own fields, read against the fields LangChain and the provider classes declare.

A custom chat model or LLM can declare fields the model sees besides the prompt (``instructions``,
``preamble``, ``persona``...) and use them in its own ``_generate``; the engine reads only the
prompt, so such a field keeps the step tier from a claim (``adapters.options``; the exact tier keys on
it). A provider class's fields are read by its profile (``adapters.profiles``) first:

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

import importlib
from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

from ..adapters.options import active, declared_fields, field_reasons, inert_names, known_fields, option_name, squash
from ..adapters.profiles import Profile, profile_for, profile_of_llm_string
from ..adapters.tiers import Reason
from ._identity import unwrap

__all__ = [
    "LANGCHAIN_CLASSES", "model_field_reasons", "params_field_reasons", "params_profile", "serialized_field_reasons",
    "serialized_profile",
]

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
