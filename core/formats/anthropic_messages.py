"""Anthropic Messages, as ``messages.create`` takes them: ``{"system", "messages": [...]}``.

``system`` a string or a list of text blocks; a message's content a string or blocks: ``text``,
``tool_use`` (id, name, input), ``tool_result`` (tool_use_id, content as a string or blocks,
is_error), images and documents (labels, never their data); ``thinking`` blocks are the model's
scratch work and are left out. A user message's tool results come first, one tool turn each, then
its text as one user turn.
"""

from __future__ import annotations

from typing import Any

from core.formats.common import (
    FormatError,
    MessageBuilder,
    at,
    content_text,
    message_ts,
    parse_result_text,
    result_status,
    type_name,
)
from core.models import ToolCall, ToolResult

_CALLS = ("tool_use", "server_tool_use")
_SKIPPED = ("thinking", "redacted_thinking")


def read_system(system: Any, builder: MessageBuilder, where: str = "system") -> None:
    """The top-level system prompt as a system turn (a string or a list of text blocks)."""
    text, _ = content_text(system, where)
    builder.add(where, "system", text)


def read_anthropic(messages: list, builder: MessageBuilder, where: str = "messages") -> None:
    """Each Anthropic message added to ``builder``; FormatError naming ``messages[i]`` and the field."""
    for i, message in enumerate(messages):
        path = at(where, f"[{i}]")
        if not isinstance(message, dict):
            raise FormatError(path, f"expected an object, got {type_name(message)}")
        role = message.get("role")
        if role not in ("user", "assistant"):
            raise FormatError(at(path, "role"), f"expected 'user' or 'assistant', got {role!r}")
        content = message.get("content")
        cpath = at(path, "content")
        blocks = content if isinstance(content, list) else []
        ts = message_ts(message)
        for k, block in enumerate(blocks):
            if isinstance(block, dict) and block.get("type") == "tool_result":
                _tool_result(block, at(cpath, f"[{k}]"), builder, ts)
        text, attachments = content_text(content, cpath, skip=("tool_result", *_CALLS, *_SKIPPED))
        calls = [
            _tool_use(block, at(cpath, f"[{k}]"))
            for k, block in enumerate(blocks)
            if isinstance(block, dict) and block.get("type") in _CALLS
        ]
        if role == "user" and (text or attachments or not any(_is_result(b) for b in blocks)):
            builder.add(path, "user", text, ts=ts, attachments=attachments, text_field="content")
        elif role == "assistant":
            builder.add(
                path,
                "assistant",
                text,
                ts=ts,
                tool_call=calls[0] if calls else None,
                attachments=attachments,
                text_field="content",
            )
            for call in calls[1:]:
                builder.add(path, "assistant", "", ts=ts, tool_call=call)


def _is_result(block: Any) -> bool:
    return isinstance(block, dict) and block.get("type") == "tool_result"


def _tool_use(block: dict, path: str) -> ToolCall:
    call_id, name, args = block.get("id"), block.get("name"), block.get("input", {})
    if not isinstance(call_id, str) or not call_id:
        raise FormatError(at(path, "id"), "missing or not a string")
    if not isinstance(name, str) or not name:
        raise FormatError(at(path, "name"), "missing or not a string")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise FormatError(at(path, "input"), f"expected an object, got {type_name(args)}")
    return ToolCall(call_id=call_id, name=name, args=args)


def _tool_result(block: dict, path: str, builder: MessageBuilder, ts: Any) -> None:
    call_id = block.get("tool_use_id")
    if not isinstance(call_id, str) or not call_id:
        raise FormatError(at(path, "tool_use_id"), "missing or not a string")
    is_error = block.get("is_error")
    if is_error is not None and not isinstance(is_error, bool):
        raise FormatError(at(path, "is_error"), f"expected true or false, got {type_name(is_error)}")
    text, attachments = content_text(block.get("content"), at(path, "content"))
    data = parse_result_text(text)
    status = result_status(data, "error" if is_error else None)
    builder.add(
        path,
        "tool",
        "",
        ts=ts,
        tool_result=ToolResult(call_id=call_id, status=status, data=data),
        attachments=attachments,
    )
