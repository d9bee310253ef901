"""The generation options both adapters read: which of them the engine models (an allowlist of
options that cannot change what a right answer is), and why a request makes no claim otherwise."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

__all__ = ["length_limit", "length_limits", "option_name", "option_reasons", "unmodelled_option"]


def _squash(name: str) -> str:
    return name.lower().replace("_", "").replace("-", "")


# Generation options that change what a right answer is, and the engine does not model: a stop
# sequence, a length limit, several answers, log probabilities, a constrained output format.
# Their spellings across providers, compared without case, ``_`` and ``-``.
_ANY_VALUE = frozenset(
    _squash(name)
    for name in (
        "stop", "stop_sequences", "stop_sequence", "stop_words", "stop_token_ids",
        "max_length", "min_tokens", "min_length", "min_new_tokens",
        "logit_bias", "suffix", "grammar", "guided_json", "guided_regex", "guided_choice", "guided_grammar",
        "response_mime_type", "response_schema", "format", "modalities", "audio",
        "tools", "tool_choice", "functions", "function_call", "response_format",
    )
)
_TRUTHY = frozenset(_squash(name) for name in ("logprobs", "top_logprobs", "echo", "ignore_eos"))
_ABOVE_ONE = frozenset(
    _squash(name) for name in ("n", "best_of", "candidate_count", "num_generations", "num_return_sequences")
)
# Length limits: modelled by the adapters' length rule (``length_limit``): an answer served from the
# cache must fit the limit, and an answer the model stopped at its limit is never stored as checked.
_LENGTH = frozenset(
    _squash(name) for name in ("max_tokens", "max_completion_tokens", "max_output_tokens", "max_new_tokens", "num_predict")
)
_WATCHED = _ANY_VALUE | _TRUTHY | _ABOVE_ONE | _LENGTH
# Fields that never reach the model (tracing, callbacks).
_NOT_SENT = frozenset(_squash(name) for name in ("metadata", "tags", "callbacks", "callback_manager"))
# The ALLOWLIST: options known not to change what a right answer is (sampling, transport, retries,
# streaming flags, llama.cpp's prompt-cache flag) or that are identity (model, endpoint, key: in the
# entry key). Any other option with a value, anywhere, makes the request unclaimed (no claim).
_ALLOWED = frozenset(
    _squash(name)
    for name in (
        "model", "model_name", "model_id", "deployment_name", "temperature", "top_p", "seed",
        "timeout", "request_timeout", "max_retries", "streaming", "stream", "stream_usage", "cache_prompt",
        "api_base", "base_url", "openai_api_base", "api_key", "openai_api_key", "organization",
        "openai_organization", "api_version", "openai_api_version", "frequency_penalty", "presence_penalty",
        "_type",
    )
)
# Options that hold further options (read at every depth, with the same allowlist).
_CONTAINERS = frozenset(_squash(name) for name in ("model_kwargs", "extra_body", "additional_kwargs", "kwargs"))


_NUMBERS = frozenset(_squash(name) for name in (
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
    return _squash(name) in _ALLOWED | _WATCHED | _CONTAINERS | _NOT_SENT


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
    name = _squash(str(key))
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
    skipped = {_squash(str(name)) for name in modelled} if _depth == 0 else set()
    for key, value in options.items():
        if _squash(str(key)) not in skipped:
            yield from _option_reasons(key, value, _depth, strict)


def _limit(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def length_limits(options: Any, _depth: int = 0) -> Iterator[int]:
    """Every length limit in ``options`` (``max_tokens``, ``max_completion_tokens``, ``max_output_tokens``,
    ``max_new_tokens``, ``num_predict``; in ``model_kwargs`` and the other containers too)."""
    if _depth > 8 or not isinstance(options, Mapping):
        return
    for key, value in options.items():
        name = _squash(str(key))
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
