"""Streaming pieces of ``StepCacheRunnable``: chunks of cached answers, live model chunks, the tail.

A cached answer streams step by step; a model answer streams the verified prefix and then
the model's live tokens (usage stripped), and a last chunk carries the step record and the
total usage - or the revised answer when verification or repair changed streamed text.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, BaseMessageChunk, message_chunk_to_message

from ..adapters.flow import METADATA_KEY, StreamSession, revise_record
from ..core.engine import CachePlan
from ._requests import Kind
from .engine_model import content_text, message_text

__all__ = [
    "cached_chunks", "chunk_text", "merge_chunks", "piece", "stream_revised", "stream_tail", "streams_live", "strip_usage",
]

logger = logging.getLogger("stepcache_integrations")


def merge_chunks(chunks: list[Any]) -> Any:
    """A full output from streamed chunks (message chunks are added, strings joined)."""
    if not chunks:
        return AIMessage(content="")
    if len(chunks) == 1 and isinstance(chunks[0], BaseMessage):  # a model without streaming: its whole message
        return message_chunk_to_message(chunks[0]) if isinstance(chunks[0], BaseMessageChunk) else chunks[0]
    if isinstance(chunks[0], BaseMessageChunk):
        total = chunks[0]
        for chunk in chunks[1:]:
            total = total + chunk
        return message_chunk_to_message(total)
    return "".join(str(c) for c in chunks)


def strip_usage(chunk: Any) -> Any:
    """Model chunks pass through without usage: the wrapper's last chunk carries the total."""
    if isinstance(chunk, AIMessageChunk) and (chunk.usage_metadata or chunk.chunk_position):
        return chunk.model_copy(update={"usage_metadata": None, "chunk_position": None})
    return chunk


def streams_live(plan: CachePlan) -> bool:
    """Stream the model's tokens as they come (its output is the tail of the answer)?

    A patch without a text prefix (JSON fields) is merged into the kept part, so
    its raw output is buffered and the assembled answer is streamed instead.
    """
    return plan.outcome != "patch" or bool(plan.prefix_text)


def chunk_text(chunk: Any) -> str:
    """The text of a streamed chunk (text blocks of a content list joined, as in the whole message)."""
    if isinstance(chunk, BaseMessageChunk):
        return content_text(chunk.content) or ""
    return str(chunk)


def piece(kind: Kind, text: str) -> Any:
    """A chunk of ``text`` in the model's output type (message chunk or string)."""
    return AIMessageChunk(content=text) if kind == "chat" else text


def message_chunk(message: BaseMessage, content: str, last: bool) -> AIMessageChunk:
    """A chunk of ``message``: ``content`` text; the last chunk carries tool calls and metadata."""
    if not last:
        return AIMessageChunk(content=content, id=message.id)
    tool_call_chunks = [
        {"name": c["name"], "args": _json(c["args"]), "id": c.get("id"), "index": i}
        for i, c in enumerate(getattr(message, "tool_calls", None) or [])
    ]
    return AIMessageChunk(
        content=content,
        id=message.id,
        additional_kwargs=dict(message.additional_kwargs or {}),
        response_metadata=dict(message.response_metadata or {}),
        usage_metadata=getattr(message, "usage_metadata", None),
        tool_call_chunks=tool_call_chunks,
        chunk_position="last",
    )


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def cached_chunks(output: Any, steps: list[str]) -> Iterator[Any]:
    """Stream a complete answer step by step (cached answers)."""
    if isinstance(output, BaseMessage):
        content = output.content if isinstance(output.content, str) else None
        if content is None or "".join(steps) != content or not steps:
            parts = [content] if content is not None else [""]
            if content is None:  # content blocks: one chunk with the whole message
                yield AIMessageChunk(
                    content=output.content,
                    id=output.id,
                    response_metadata=dict(output.response_metadata or {}),
                    usage_metadata=getattr(output, "usage_metadata", None),
                    chunk_position="last",
                )
                return
        else:
            parts = steps
        for i, part in enumerate(parts):
            yield message_chunk(output, part, last=i == len(parts) - 1)
        return
    text = str(output)
    parts = steps if steps and "".join(steps) == text else [text]
    yield from parts


def stream_revised(final: Any, session: StreamSession, *, live: bool) -> bool:
    """Whether the checks replaced text already sent live (the stream's text is then unchecked; the
    record holds the checked answer): what :func:`stream_tail` says in the last chunk, and the
    ``stepcache`` event says for every kind (a completion LLM's string chunks carry no record)."""
    if not live:
        return False
    final_text = message_text(final) if isinstance(final, BaseMessage) else str(final)
    content = final.content if isinstance(final, BaseMessage) else final_text
    return isinstance(content, str) and session.close(content).revised and final_text != session.emitted


def stream_tail(final: Any, session: StreamSession, steps: list[str], *, live: bool) -> Iterator[Any]:
    """After a model call: the rest of the verified answer and the metadata chunk.

    When verification or repair replaced text already streamed, the record says
    ``streamed`` and ``revised`` and holds the verified answer in ``text`` (authoritative
    over the deltas); nothing more is appended.
    """
    if not live:
        yield from cached_chunks(final, steps)
        return
    final_text = message_text(final) if isinstance(final, BaseMessage) else str(final)
    content = final.content if isinstance(final, BaseMessage) else final_text
    rest = session.close(content).tail if isinstance(content, str) else ""
    revised = stream_revised(final, session, live=live)
    if revised:
        logger.warning(
            "stepcache: the streamed answer was revised after verification/repair; "
            "the verified answer is in the last chunk's response_metadata['stepcache']['text']"
        )
    if isinstance(final, BaseMessage):
        record = dict(final.response_metadata.get(METADATA_KEY, {}))
        record.update(streamed=True, revised=False, text=None)
        if revised:  # what was streamed is the model's replaced text: unchecked
            record = revise_record(record, final_text)
        # The model's chunks already carried its tool calls and response metadata (which
        # chunk addition would duplicate); the last chunk adds the step record and the
        # total usage (stripped from the model's chunks).
        yield AIMessageChunk(
            content=rest,
            response_metadata={METADATA_KEY: record},
            usage_metadata=getattr(final, "usage_metadata", None),
            chunk_position="last",
        )
    elif rest:
        yield rest
