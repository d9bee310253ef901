"""The ``llm_key`` of a LlamaIndex LLM: every field that can change what it answers, in one stable digest.

Entries are partitioned by model identity and never served across models or endpoints, so the
default key covers every pydantic field of the inner LLM - ``api_base``, ``default_headers``,
``additional_kwargs``, ``system_prompt``, the prompt formatters, a custom LLM's own fields (a
``lang``...) - not a list of known names, and fields excluded from serialization too (LlamaIndex
excludes ``messages_to_prompt``, ``query_wrapper_prompt``, ``output_parser``). Only what cannot
change an answer is left out: the callback manager and the rate limiter (keep call logs and other
mutable state in private attributes: a public field that changes changes the key).
Secrets (``api_key``, a token, an ``Authorization`` header) are in the key as a digest, never as
themselves: another key at the same endpoint may be another deployment. A value that is not plain
data is keyed by its type and its ``repr`` (memory addresses removed), a function by its name and
code: unknown fields are never dropped.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from pydantic import BaseModel

from ..adapters.identity import digest as _digest, key_fields, model_fields, plain as _plain
from ..adapters.flow import declared_fields, field_reason, inert_names, known_fields, unmodelled_option

__all__ = ["KEY_ATTRS", "default_llm_key", "field_reason_of", "formatter_reason", "inner_options", "key_fields"]

# Inner-model attributes shown readably in the key (every field is in its digest).
KEY_ATTRS = ("temperature", "max_tokens", "top_p", "top_k", "seed", "num_output", "context_window")
_fields = model_fields


def inner_options(llm: Any) -> dict[str, Any]:
    """The inner model's fields as they are (for ``adapters.flow.unmodelled_option``: a stop sequence or
    a length limit set on the model, or in its ``additional_kwargs``, is an option like a call's)."""
    return {name: getattr(llm, name, None) for name in _fields(llm)} if isinstance(llm, BaseModel) else {}


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool)) and not isinstance(value, type)


def _readable(llm: Any, metadata: Any, out: Collection[str] = ()) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for attr in (a for a in KEY_ATTRS if a.replace("_", "") not in out):
        value = getattr(llm, attr, None)
        if value is None and metadata is not None and attr in ("num_output", "context_window"):
            value = getattr(metadata, attr, None)
        if _scalar(value):
            params[attr] = value
    if metadata is not None:
        params["chat"] = bool(getattr(metadata, "is_chat_model", False))
    return params


def default_llm_key(llm: Any, extra: dict[str, Any] | None = None, dropped: Collection[str] = (),
                    sampling: Collection[str] = ()) -> str:
    """Identify the inner model: its class and model name, a few parameters readably, and a digest of
    every field (:func:`key_fields`) but the inert ones (``dropped``: squashed names) and of the
    call's options ``extra``. ``sampling``: squashed names of sampling fields left out too (the key of
    the partition every sampling shares, ``_tiers.sampling_split``)."""
    cls = type(llm)
    metadata = getattr(llm, "metadata", None)
    model = getattr(metadata, "model_name", None) or getattr(llm, "model", None) or "unknown"
    readable = _readable(llm, metadata, sampling)
    dropped = frozenset(dropped) | frozenset(sampling)
    everything = {
        "params": readable,
        "fields": key_fields(llm, 0, dropped) if isinstance(llm, BaseModel) else _plain(vars(llm) if hasattr(llm, "__dict__") else llm),
        "call": _plain(extra or {}),
    }
    blob = json.dumps(everything, sort_keys=True, ensure_ascii=False, default=str)
    shown = ",".join(f"{k}={readable[k]}" for k in sorted(readable))
    return f"{cls.__module__}.{cls.__qualname__}:{model}?{shown}#{_digest(blob, 24)}"


# What LlamaIndex's ``LLM`` sets when none is given: the prompt is passed through as written.
_DEFAULT_FORMATTERS = {
    "messages_to_prompt": ("llama_index.core.base.llms.generic_utils", "messages_to_prompt"),
    "completion_to_prompt": ("llama_index.core.llms.llm", "default_completion_to_prompt"),
}
# Fields that put text of their own into what the model sees.
_PROMPT_FIELDS = ("system_prompt", "query_wrapper_prompt")


def formatter_reason(llm: Any) -> str | None:
    for name, (module, qualname) in _DEFAULT_FORMATTERS.items():
        fn = getattr(llm, name, None)
        if fn is not None and (getattr(fn, "__module__", None), getattr(fn, "__qualname__", None)) != (module, qualname):
            return f"{name} is set (the model sees a formatted prompt the engine does not check)"
    for name in _PROMPT_FIELDS:
        if getattr(llm, name, None):
            return f"{name} is set (the model sees text the engine does not check)"
    return None


def inner_reason(llm: Any) -> str | None:
    """Why the inner model's own settings keep the cache from making a claim (None: they do not): a
    non-default ``messages_to_prompt`` / ``completion_to_prompt`` template, a ``system_prompt`` or
    ``query_wrapper_prompt`` (the model sees text the engine does not check), or an option
    ``adapters.flow.unmodelled_option`` does not model among its fields (the always-reasons: stop,
    length limits...) or in its ``additional_kwargs`` (the allowlist)."""
    return formatter_reason(llm) or unmodelled_option(inner_options(llm), strict=False)



# The classes whose fields the engine knows to be inert (or reads: options, prompt formatters): the
# framework's base classes and mock, and the OpenAI provider classes (docs/llamaindex.md).
LLAMA_INDEX_CLASSES = frozenset({
    "llama_index.core.base.llms.base.BaseLLM", "llama_index.core.llms.llm.LLM",
    "llama_index.core.llms.custom.CustomLLM", "llama_index.core.llms.function_calling.FunctionCallingLLM",
    "llama_index.core.llms.mock.MockLLM", "llama_index.core.llms.mock.MockFunctionCallingLLM",
    "llama_index.llms.openai.base.OpenAI", "llama_index.llms.openai_like.base.OpenAILike",
})


def field_reason_of(llm: Any, inert: Any = ()) -> str | None:
    """Why a field of the inner model keeps the cache from a claim (None: none does): a field its
    known classes (:data:`LLAMA_INDEX_CLASSES`) do not declare, with a value, not named in
    ``inert`` (``inert_model_fields``: ``adapters.flow.field_reason``), or an option-named field
    whose value the option rules do not read (``seed="in base 8"``)."""
    known = known_fields(llm, LLAMA_INDEX_CLASSES)
    return field_reason(declared_fields(llm), known, inert_names(inert), defaults=True)
