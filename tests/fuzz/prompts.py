"""Requests as the judge sees them, and the documented safe set as a canonical form.

A request is either a plain prompt (``str``) or a chat transcript (a tuple of ``Msg``).
Two requests are interchangeable for a cached answer only when their canonical keys are
equal. The canonical form implements exactly the documented SAFE SET:

1. Unicode NFC normalization,
2. line-ending style (``\\r\\n`` or ``\\r`` vs ``\\n``),
3. whitespace before the first and after the last non-whitespace character of the whole prompt.

Anything else (a case change, a comma, a space inside the text, a name, an image URL, a
tool-call argument, a system message) is a change of content. A chat request made of one
user message with plain text content is the same prompt as that text; in a longer
transcript only NFC and line endings are formatting (the edges of one message are inside
the whole prompt).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any, Union


@dataclass(frozen=True)
class Part:
    """One part of a multimodal message: ``text`` or ``image_url``."""

    kind: str
    value: str


@dataclass(frozen=True)
class ToolCall:
    name: str
    args: tuple[tuple[str, Any], ...]
    id: str

    def args_dict(self) -> dict[str, Any]:
        return dict(self.args)


@dataclass(frozen=True)
class Msg:
    role: str  # system | user | assistant | tool
    content: Union[str, tuple[Part, ...]] = ""
    name: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None

    def with_(self, **changes: Any) -> "Msg":
        return replace(self, **changes)


Request = Union[str, tuple[Msg, ...]]


def nfc_eol(text: str) -> str:
    """The text as given: no difference is harmless in every context (README, "The safe set is
    empty"), so NFC/NFD and line endings are kept in every key."""
    return text


# Unicode White_Space, written out here (str.strip() would also drop U+001C..U+001F).
WHITE_SPACE = "".join(chr(c) for c in (*range(9, 14), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028,
                                        0x2029, 0x202F, 0x205F, 0x3000))


def canon_text(text: str) -> str:
    """The whole prompt as given (outer whitespace kept: it is content too)."""
    return text


def single_text(request: Request) -> str | None:
    """The prompt text when the request is one prompt (a string or one plain user message)."""
    if isinstance(request, str):
        return request
    if len(request) == 1:
        m = request[0]
        if m.role == "user" and isinstance(m.content, str) and m.name is None and not m.tool_calls:
            return m.content
    return None


def _canon_value(value: Any) -> Any:
    if isinstance(value, str):
        return nfc_eol(value)
    if isinstance(value, (list, tuple)):
        return [_canon_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _canon_value(v) for k, v in value.items()}
    return value


def canon_key(request: Request) -> str:
    """Equal keys <=> the requests are identical."""
    text = single_text(request)
    if text is not None:
        return "prompt:" + canon_text(text)
    messages = []
    for m in request:  # type: ignore[union-attr]
        content: Any
        if isinstance(m.content, str):
            content = nfc_eol(m.content)
        else:
            content = [[p.kind, nfc_eol(p.value)] for p in m.content]
        messages.append(
            {
                "role": m.role,
                "name": None if m.name is None else nfc_eol(m.name),
                "content": content,
                "tool_calls": [[c.name, _canon_value(c.args_dict()), c.id] for c in m.tool_calls],
                "tool_call_id": m.tool_call_id,
            }
        )
    return "chat:" + json.dumps(messages, ensure_ascii=False, sort_keys=True)


def edge_key(request: Request) -> str:
    """``canon_key``: whitespace at the outer edges of a chat transcript is content like any
    other (it was once judged harmless; a model can be asked about it)."""
    return canon_key(request)


def digest(request: Request) -> str:
    """Twelve hex digits naming the request (what the echo model embeds)."""
    return hashlib.sha256(canon_key(request).encode("utf-8")).hexdigest()[:12]


def show(request: Request) -> str:
    """A faithful one-line rendering for failure messages (repr keeps \\r, NFD and look-alikes visible)."""
    if isinstance(request, str):
        return repr(request)
    parts = []
    for m in request:
        bits = [m.role]
        if m.name is not None:
            bits.append(f"name={m.name!r}")
        if isinstance(m.content, str):
            bits.append(repr(m.content))
        else:
            bits.append("[" + ", ".join(f"{p.kind}:{p.value!r}" for p in m.content) + "]")
        for c in m.tool_calls:
            bits.append(f"tool_call {c.name}({json.dumps(c.args_dict(), ensure_ascii=False)}) id={c.id}")
        if m.tool_call_id is not None:
            bits.append(f"tool_call_id={m.tool_call_id}")
        parts.append("<" + " ".join(bits) + ">")
    return " ".join(parts)


def text_fields(request: Request) -> list[tuple[int, int | None]]:
    """Addresses of every editable text of a chat request: (message, part or None)."""
    out: list[tuple[int, int | None]] = []
    assert not isinstance(request, str)
    for i, m in enumerate(request):
        if isinstance(m.content, str):
            if m.content:
                out.append((i, None))
        else:
            out.extend((i, j) for j, p in enumerate(m.content) if p.kind == "text")
    return out


def get_field(request: tuple[Msg, ...], address: tuple[int, int | None]) -> str:
    i, j = address
    m = request[i]
    if j is None:
        assert isinstance(m.content, str)
        return m.content
    assert not isinstance(m.content, str)
    return m.content[j].value


def set_field(request: tuple[Msg, ...], address: tuple[int, int | None], value: str) -> tuple[Msg, ...]:
    i, j = address
    m = request[i]
    if j is None:
        new = m.with_(content=value)
    else:
        assert not isinstance(m.content, str)
        parts = list(m.content)
        parts[j] = Part(parts[j].kind, value)
        new = m.with_(content=tuple(parts))
    return request[:i] + (new,) + request[i + 1 :]


@dataclass(frozen=True)
class Base:
    """One base prompt of the corpus."""

    kind: str  # prompt kind: prose, code, data, proper_noun, json_stated, ..., chat, multimodal, tools
    request: Request
    tags: tuple[str, ...] = field(default=())
