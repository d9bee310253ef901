"""The global cache's exact tier: the generations LangChain stored for exactly this prompt and model.

``StepCacheLLMCache`` hands a request here when its tier is ``exact`` (``_tiers``): ``lookup`` returns
the stored generations as stored (a chat message carries a ``stepcache`` record of outcome ``exact``,
level ``unchecked``), ``update`` keeps the model's own generations. The key is the request whole
(``_exact.exact_request``) and the model's identity as ``llm_string`` shows it, inert fields left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.caches import RETURN_VAL_TYPE
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, Generation

from ..adapters.flow import Io, METADATA_KEY, TwinFlow, exact_summary, TierDecision, cut_off
from ._requests import (
    CacheCounters,
    LlmStringView,
    Request,
    generation_from_dict,
    generation_to_dict,
    llm_key_for,
    store_args,
)
from ._exact import exact_request

__all__ = ["ExactCall", "exact_lookup_flow", "exact_update_flow", "exact_where"]


@dataclass(frozen=True)
class ExactCall:
    """One exact-tier request of the global cache: its engine, namespace, counters, request, tier
    decision and what ``llm_string`` says."""

    engine: Any
    namespace: str
    counters: CacheCounters
    request: Request
    decision: TierDecision
    view: LlmStringView

    @property
    def where(self) -> dict[str, str]:
        return exact_where(self.namespace, self.view)


def exact_where(namespace: str, view: LlmStringView) -> dict[str, str]:
    """The namespace and ``llm_key`` an exact-tier request is logged and recorded under."""
    return {"namespace": namespace, "llm_key": llm_key_for(view.key_string)}


def _restored(payload: dict[str, Any]) -> list[Generation] | None:
    """The generations an exact-tier entry holds (None: a malformed record, not restorable)."""
    try:
        return [generation_from_dict(d) for d in payload.get("generations") or ()]
    except Exception:  # noqa: BLE001 - a malformed record is a miss
        return None


def _tagged(message: BaseMessage, record: dict[str, Any]) -> BaseMessage:
    metadata = {**(message.response_metadata or {}), METADATA_KEY: record}
    return message.model_copy(update={"response_metadata": metadata})


def exact_lookup_flow(call: ExactCall) -> TwinFlow[RETURN_VAL_TYPE | None]:
    """The generations stored for exactly this prompt and model, as stored (None: a miss)."""
    exact, request, decision = call.engine.exact, call.request, call.decision
    hit = yield Io.of(exact.get, exact.aget, call.namespace, call.view.key_string, exact_request(request),
                      reasons=[str(r) for r in decision.reasons])
    gens = _restored(hit.payload) if hit is not None else None
    if hit is None or not gens:
        call.counters.exact_miss(f"exact tier: no answer cached ({decision.reason})", call.where, request.text)
        return None
    record = exact_summary(decision, hit=hit, **call.where)
    call.counters.exact_hit(call.where, request.text, record)
    return [
        ChatGeneration(message=_tagged(g.message, record), generation_info=g.generation_info)
        if isinstance(g, ChatGeneration) else g
        for g in gens
    ]


def exact_update_flow(call: ExactCall, return_val: RETURN_VAL_TYPE) -> TwinFlow[None]:
    """Keep the model's own generations for exactly this prompt and model."""
    gens, request, exact = list(return_val), call.request, call.engine.exact
    args = store_args(request, gens)
    if args is None:
        call.counters.update(None, "no generations", "", call.where, request.text, None, None)
        return
    text, prompt_tokens, completion_tokens, _ = args
    if cut_off(getattr(gens[0], "message", gens[0]), call.view.length_limit):
        call.counters.update(None, "exact tier: the model stopped at its length limit", "", call.where,
                             request.text, None, None)
        return
    stored = yield Io.of(
        exact.put, exact.aput, call.namespace, call.view.key_string, exact_request(request), prompt=request.text,
        text=text, payload={"generations": [generation_to_dict(g) for g in gens]},
        prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
    )
    record = exact_summary(call.decision, hit=None, stored_entry_id=stored, usage=(prompt_tokens, completion_tokens),
                           **call.where)
    call.counters.update(None, "" if stored else "exact tier: store write failed or skipped", "", call.where,
                         request.text, None, record)
