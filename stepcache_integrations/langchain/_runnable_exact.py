"""The wrapper's exact tier: the model's own output for exactly this request and model, replayed.

``StepCacheRunnable`` hands a run here when its tier is ``exact`` (``_tiers``): a stored output comes
back as it was (a chat message with a ``stepcache`` record of outcome ``exact``, level ``unchecked``);
otherwise the model answers (invoke, or its own stream passed through) and its output is kept. The key
is the model's whole identity (``_tiers.wrapper_identity``) and the request whole (``_exact``).
"""

from __future__ import annotations

import logging
from typing import Any

from langchain_core.messages import BaseMessage

from ..adapters.flow import (
    END,
    Emit,
    Io,
    METADATA_KEY,
    StreamFlow,
    TwinFlow,
    exact_event,
    exact_summary,
    log_request,
    opened,
    pull,
    CUT_OFF,
    cut_off,
)
from ..core.exact_tier import ExactHit, exact_llm_key
from ._exact import exact_request, output_payload, output_usage, restore_output
from ._streaming import cached_chunks, merge_chunks
from .engine_model import output_text

__all__ = ["exact_invoke_flow", "exact_stream_flow", "tagged"]

request_logger = logging.getLogger("stepcache_integrations.langchain")  # one line per request, as the global cache


def tagged(output: Any, record: dict[str, Any]) -> Any:
    """``output`` with the ``stepcache`` record in its ``response_metadata`` (a message), or as it is."""
    if isinstance(output, BaseMessage):
        metadata = {**(output.response_metadata or {}), METADATA_KEY: record}
        return output.model_copy(update={"response_metadata": metadata})
    return output


def _where(wrapper: Any, run_: Any) -> dict[str, Any]:
    return {"namespace": wrapper.namespace, "llm_key": exact_llm_key(run_.identity)}


def _log(wrapper: Any, run_: Any, record: dict[str, Any]) -> None:
    log_request(request_logger, exact_event(record), prompt=run_.request.text, record=record, **_where(wrapper, run_))


def _hit_flow(wrapper: Any, run_: Any) -> TwinFlow[ExactHit | None]:
    exact = wrapper.cache.exact
    hit = yield Io.of(exact.get, exact.aget, wrapper.namespace, run_.identity, exact_request(run_.request),
                      reasons=[str(r) for r in run_.decision.reasons])
    if hit is not None and restore_output(run_.request, hit.payload) is None:
        return None  # a malformed record: a miss
    return hit


def _store_flow(wrapper: Any, run_: Any, output: Any) -> TwinFlow[dict[str, Any]]:
    """Keep the model's own output in the exact tier; its record (outcome ``miss``)."""
    exact, usage = wrapper.cache.exact, output_usage(output)
    stored, reason = None, CUT_OFF  # an answer the model stopped at a length limit is never kept
    if not cut_off(output, run_.limit):
        stored = yield Io.of(
            exact.put, exact.aput, wrapper.namespace, run_.identity, exact_request(run_.request),
            prompt=run_.request.text, text=output_text(output), payload=output_payload(output),
            prompt_tokens=usage[0], completion_tokens=usage[1],
        )
        reason = None
    record = exact_summary(run_.decision, hit=None, stored_entry_id=stored, usage=usage, reason=reason,
                           **_where(wrapper, run_))
    _log(wrapper, run_, record)
    return record


def exact_invoke_flow(wrapper: Any, run_: Any, input: Any, kwargs: dict[str, Any]) -> TwinFlow[Any]:
    """The stored output, or the model's, kept and tagged."""
    hit = yield from _hit_flow(wrapper, run_)
    if hit is not None:
        record = exact_summary(run_.decision, hit=hit, **_where(wrapper, run_))
        _log(wrapper, run_, record)
        return tagged(restore_output(run_.request, hit.payload), record)
    output = yield Io.of(wrapper.bound.invoke, wrapper.bound.ainvoke, input, run_.child, **kwargs)
    record = yield from _store_flow(wrapper, run_, output)
    return tagged(output, record)


def exact_stream_flow(wrapper: Any, run_: Any, input: Any, kwargs: dict[str, Any]) -> StreamFlow:
    """A stored output at once, or the model's own stream (its last chunk tagged), kept once read."""
    hit = yield from _hit_flow(wrapper, run_)
    if hit is not None:
        record = exact_summary(run_.decision, hit=hit, streamed=True, **_where(wrapper, run_))
        _log(wrapper, run_, record)
        for chunk in cached_chunks(tagged(restore_output(run_.request, hit.payload), record), []):
            yield Emit(chunk)
        return
    stream = yield Io.of(wrapper.bound.stream, opened(wrapper.bound.astream), input, run_.child, **kwargs)
    chunks: list[Any] = []
    while (chunk := (yield pull(stream))) is not END:
        if chunks:
            yield Emit(chunks[-1])
        chunks.append(chunk)
    record = yield from _store_flow(wrapper, run_, merge_chunks(chunks))
    if chunks:
        yield Emit(tagged(chunks[-1], {**record, "streamed": True}))
