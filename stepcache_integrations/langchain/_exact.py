"""The wrapper's exact tier: a request as one canonical string, and the model's output as a payload.

The request is keyed whole and structurally (every message as LangChain serializes it: type,
content parts, name, tool calls, ids of tool messages...), never as the engine's rendered text, so
a user message that reads like a role label is never another request's.
"""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import BaseMessage, message_to_dict, messages_from_dict

from ..adapters.flow import METADATA_KEY
from ._requests import Request, json_default
from .engine_model import output_text

__all__ = ["exact_request", "output_payload", "output_usage", "restore_output"]


# the id LangChain gives a content block it normalizes (``lc_<uuid4>``): new on every call, never sent
_GENERATED_ID = re.compile(r"lc_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _without_generated_ids(content: Any) -> Any:
    if not isinstance(content, list):
        return content
    return [
        {k: v for k, v in part.items() if not (k == "id" and isinstance(v, str) and _GENERATED_ID.fullmatch(v))}
        if isinstance(part, dict) else part
        for part in content
    ]


def _message(message: BaseMessage) -> dict[str, Any]:
    data = message_to_dict(message)
    data["data"]["content"] = _without_generated_ids(data["data"].get("content"))
    data["data"].pop("id", None)  # a message's own id is the client's bookkeeping, never sent to a model
    metadata = data["data"].get("response_metadata")
    if isinstance(metadata, dict):  # our own record on an earlier answer: never sent either
        data["data"]["response_metadata"] = {k: v for k, v in metadata.items() if k != METADATA_KEY}
    return data


def exact_request(request: Request) -> str:
    """``request`` as one canonical string: its kind and every message whole (a completion's text); a
    message's own id, our own ``stepcache`` record on an earlier answer and the ids LangChain generates
    for the content blocks it normalizes are left out (never sent to a model; tool-call ids stay)."""
    if request.kind == "llm":
        body: Any = request.text
    else:
        body = [_message(m) for m in request.messages]
    return json.dumps({"kind": request.kind, "input": body}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"), default=json_default)


def output_payload(output: Any) -> dict[str, Any]:
    """What the exact tier keeps of a model's output to return it again: the whole message (our
    own record left out), or the text of a completion."""
    if isinstance(output, BaseMessage):
        metadata = {k: v for k, v in (output.response_metadata or {}).items() if k != METADATA_KEY}
        message = output.model_copy(update={"response_metadata": metadata})
        data = json.loads(json.dumps(message_to_dict(message), ensure_ascii=False, default=json_default))
        return {"message": data}
    return {"text": output_text(output)}


def restore_output(request: Request, payload: dict[str, Any]) -> Any:
    """The output an exact-tier payload holds, as the model returned it (None: not restorable)."""
    if request.kind == "llm":
        text = payload.get("text")
        return text if isinstance(text, str) else None
    data = payload.get("message")
    if not isinstance(data, dict):
        return None
    try:
        return messages_from_dict([data])[0]
    except Exception:  # noqa: BLE001 - a malformed record is a miss
        return None


def output_usage(output: Any) -> tuple[int, int]:
    """The prompt and completion tokens the model reported for ``output`` ((0, 0): none)."""
    usage = getattr(output, "usage_metadata", None) or {}
    return int(usage.get("input_tokens") or 0), int(usage.get("output_tokens") or 0)
