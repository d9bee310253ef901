"""One fake OpenAI endpoint for the adapters' sampling-option tests (wip/adaptD: duplicate D5 of
``duplicates --change``, folded from tests/unit/test_langchain_sampling_options.py and
tests/unit/test_llama_index_sampling_options.py).

Its answer depends on the options it is sent: the free-text answer names them (another sampling, another
text); the math answers (``RIGHT``) are right at every temperature. A trap model: an answer that differs per
option is never shared unless proven. ``excluded``: the body keys the free-text answer does not name (each
client sends its own transport keys: LlamaIndex's ``stream_options``). A streamed request is answered in two
chunks (server-sent events).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

import httpx

LINEAR, LINEAR_26 = "Solve 3x + 5 = 20 for x.", "Solve 3x + 5 = 26 for x."
COLORS = "Name three primary colors, one per line."
RIGHT = {LINEAR: "3x = 15\nx = 5", LINEAR_26: "3x = 21\nx = 7"}
EXCLUDED = ("messages", "model", "stream")


def _chunk(delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
    return {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


class FakeOpenAIServer:
    """The endpoint: ``handler`` is an ``httpx.MockTransport`` handler; ``bodies`` every request body it got."""

    def __init__(self, excluded: Collection[str] = EXCLUDED) -> None:
        self.bodies: list[dict[str, Any]] = []
        self.excluded = tuple(excluded)

    def answer(self, body: dict[str, Any]) -> str:
        text = body["messages"][-1]["content"]
        if text in RIGHT:
            return RIGHT[text]
        options = {k: v for k, v in body.items() if k not in self.excluded}
        return f"Red\nBlue\nYellow ({json.dumps(options, sort_keys=True)})"

    def handler(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        self.bodies.append(body)
        text = self.answer(body)
        if body.get("stream"):
            chunks = [_chunk({"role": "assistant", "content": part}, None) for part in (text[: len(text) // 2], text[len(text) // 2 :])]
            chunks.append(_chunk({}, "stop"))
            sse = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
            return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=sse.encode())
        message = {"role": "assistant", "content": text}
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                                         "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})
