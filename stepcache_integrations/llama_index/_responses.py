"""LlamaIndex responses of ``StepCacheLLM``: whole answers, streamed chunks, the ``stepcache`` record.

A cache-only answer streams one chunk per verified step at once; a model answer streams
the verified prefix, then the model's deltas, then a closing chunk with the verified
answer and its record. Bypassed requests keep the inner model's responses, tagged.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable, Generator
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, ChatResponse, CompletionResponse, MessageRole

from ..adapters.flow import METADATA_KEY, StreamSession
from ..core.types import StepCacheResult
from ._spans import report

__all__ = [
    "StreamState",
    "atag_last",
    "chat_chunk",
    "chat_response",
    "completion_chunk",
    "completion_response",
    "fill",
    "replay",
    "streams_live",
    "tag",
    "tag_last",
]


def _delta(chunk_text: str | None, delta: str | None, previous: str) -> str:
    """The new text of a chunk: its delta, else its text past what came before."""
    if delta is not None:
        return delta
    text = chunk_text or ""
    return text[len(previous) :] if text.startswith(previous) else text


def fill(pending: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    """Fill a stream's pending record in place (it was reported when the stream began)."""
    pending.clear()
    pending.update(meta)
    return pending


def completion_response(result: StepCacheResult, meta: dict[str, Any], raw: Any = None) -> CompletionResponse:
    """The whole answer as a ``CompletionResponse`` carrying its record (also reported)."""
    report(meta)
    return CompletionResponse(text=result.text, raw=raw, additional_kwargs={METADATA_KEY: meta})


def chat_response(result: StepCacheResult, meta: dict[str, Any], raw: Any = None) -> ChatResponse:
    """The whole answer as a ``ChatResponse`` carrying its record (also reported)."""
    report(meta)
    message = ChatMessage(role=MessageRole.ASSISTANT, content=result.text, additional_kwargs={METADATA_KEY: meta})
    return ChatResponse(message=message, raw=raw, additional_kwargs={METADATA_KEY: meta})


def tag(response: Any, meta: dict[str, Any]) -> Any:
    """Put the record on an inner model's response (and its message) in place."""
    response.additional_kwargs[METADATA_KEY] = meta
    message = getattr(response, "message", None)
    if message is not None:
        message.additional_kwargs[METADATA_KEY] = meta
    return response


def completion_chunk(
    text: str, delta: str | None, raw: Any = None, meta: dict[str, Any] | None = None
) -> CompletionResponse:
    return CompletionResponse(
        text=text, delta=delta, raw=raw, additional_kwargs={METADATA_KEY: meta} if meta is not None else {}
    )


def chat_chunk(text: str, delta: str | None, raw: Any = None, meta: dict[str, Any] | None = None) -> ChatResponse:
    extra = {METADATA_KEY: meta} if meta is not None else {}
    message = ChatMessage(role=MessageRole.ASSISTANT, content=text, additional_kwargs=dict(extra))
    return ChatResponse(message=message, delta=delta, raw=raw, additional_kwargs=dict(extra))


def streams_live(plan: Any) -> bool:
    """Stream the model's tokens as they come? Only when its output is the tail of the answer: a
    patch without a text prefix (JSON fields) is merged into the kept part, so its output is
    buffered and the assembled answer is streamed (:func:`replay`) once it is checked."""
    return plan.outcome != "patch" or bool(plan.prefix_text)


def replay(result: StepCacheResult, meta: dict[str, Any], make: Callable[..., Any]) -> Generator[Any, None, None]:
    """A whole answer: one chunk per verified step, all at once (one chunk with the whole text when
    the steps do not join to it); the last carries the metadata. The deltas join to the answer."""
    text = ""
    steps = result.steps or []
    if not steps or "".join(step.text for step in steps) != result.text:
        yield make(result.text, result.text, meta=meta)
        return
    for i, step in enumerate(steps):
        text += step.text
        yield make(text, step.text, meta=meta if i == len(steps) - 1 else None)


class StreamState:
    """One streamed model answer: a :class:`StreamSession` plus the model's last chunk.

    Every chunk's text is the text sent so far, its delta included, and the deltas join to the
    last chunk's text on every path: ``live`` streams the model's deltas then the verified tail;
    otherwise (:func:`streams_live`) the model's output is buffered and the checked answer is
    replayed; a sent text the checks replaced ends the stream as sent (``revised``: the record is
    ``unchecked`` and holds the checked text)."""

    def __init__(self, live: bool = True) -> None:
        self.session = StreamSession()
        self._model_text = ""
        self.last: Any = None
        self.live = live

    @property
    def emitted(self) -> str:
        return self.session.emitted

    def prefix(self, text: str) -> str:
        return self.session.prefix(text)

    def model_delta(self, chunk_text: str | None, delta: str | None, chunk: Any) -> str:
        piece = _delta(chunk_text, delta, self._model_text)
        self._model_text += piece
        if self.live:
            self.session.feed(piece)
        else:  # buffered: the model's output, nothing sent
            self.session.generated += piece
        self.last = chunk
        return piece

    def model_chunk(self, part: Any, text: str | None, make: Callable[..., Any]) -> Any:
        """The chunk to send for a model chunk ``part`` (None: buffered, nothing is sent)."""
        piece = self.model_delta(text, part.delta, part)
        return make(self.emitted, piece, raw=part.raw) if self.live else None

    def output(self, make: Callable[..., Any]) -> Any:
        """The model's whole streamed output as one response of the stream's type (``make``: its chunk
        builder): the text of its deltas, the last chunk's ``raw`` (where a provider reports usage)."""
        return make(self.session.generated, None, raw=getattr(self.last, "raw", None))

    def closing(
        self, result: StepCacheResult, meta_fn: Callable[..., dict[str, Any]], make: Callable[..., Any]
    ) -> Generator[Any, None, None]:
        """The last chunks: the verified tail and the record; a buffered answer replayed whole.

        When repairs or assembly changed text already sent, ``revised`` is True in the record, its
        ``text`` holds the checked answer, and the stream ends as sent (its text unchecked): a
        chat engine's memory keeps what the deltas said, never half of an object.
        """
        if not self.live:
            yield from replay(result, meta_fn(streamed=True), make)
            return
        closed = self.session.close(result.text)
        meta = meta_fn(streamed=True, revised=closed.revised)
        text = self.emitted if closed.revised else result.text
        yield make(text, closed.tail, raw=getattr(self.last, "raw", None), meta=meta)


def tag_last(stream: Generator[Any, None, None], meta: dict[str, Any]) -> Generator[Any, None, None]:
    previous = None
    for chunk in stream:
        if previous is not None:
            yield previous
        previous = chunk
    if previous is not None:
        yield tag(previous, meta)


async def atag_last(stream: AsyncGenerator[Any, None], meta: dict[str, Any]) -> AsyncGenerator[Any, None]:
    previous = None
    async for chunk in stream:
        if previous is not None:
            yield previous
        previous = chunk
    if previous is not None:
        yield tag(previous, meta)
