"""OpenAI chat messages, as ``chat.completions.create`` takes them and the SDK logs them.

Roles system / developer (-> system), user, assistant, tool, and the legacy ``function``;
``content`` a string, null or a list of parts (text parts become the text; image, audio and file
parts become labels, never their data); ``tool_calls`` ``[{"id", "type": "function", "function":
{"name", "arguments": "<JSON>"}}]`` and the legacy ``function_call``; a tool message's
``tool_call_id`` and content (JSON text is read as data).
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
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

_ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant"}


def read_openai(messages: list, builder: MessageBuilder, where: str = "messages") -> None:
    """Each OpenAI chat message added to ``builder``; FormatError naming ``messages[i]`` and the field."""
    legacy: dict[str, deque[str]] = defaultdict(deque)  # function name -> ids of its pending calls
    for i, message in enumerate(messages):
        path = at(where, f"[{i}]")
        if not isinstance(message, dict):
            raise FormatError(path, f"expected an object, got {type_name(message)}")
        role = message.get("role")
        if not isinstance(role, str):
            raise FormatError(at(path, "role"), "missing or not a string")
        if role in ("tool", "function"):
            _tool_message(message, role, path, builder, legacy)
            continue
        if role not in _ROLES:
            raise FormatError(
                at(path, "role"), f"unknown role {role!r} (use system, developer, user, assistant, tool)"
            )
        text, attachments = content_text(message.get("content"), at(path, "content"))
        if not text and isinstance(message.get("refusal"), str):
            text = message["refusal"]
        calls = _tool_calls(message, path, legacy) if role == "assistant" else []
        ts = message_ts(message)
        builder.add(
            path,
            _ROLES[role],
            text,
            ts=ts,
            tool_call=calls[0] if calls else None,
            attachments=attachments,
            text_field="content",
        )
        for call in calls[1:]:
            builder.add(path, "assistant", "", ts=ts, tool_call=call)


def arguments(value: Any, path: str) -> dict:
    """A call's arguments: JSON text of an object (or the object itself; empty means none)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise FormatError(path, "not valid JSON") from exc
    if not isinstance(value, dict):
        raise FormatError(path, f"expected a JSON object, got {type_name(value)}")
    return value


def _tool_calls(message: dict, path: str, legacy: dict[str, deque[str]]) -> list[ToolCall]:
    calls = message.get("tool_calls")
    out = []
    if calls is not None:
        if not isinstance(calls, list):
            raise FormatError(at(path, "tool_calls"), f"expected a list, got {type_name(calls)}")
        for j, call in enumerate(calls):
            cpath = at(path, f"tool_calls[{j}]")
            if not isinstance(call, dict):
                raise FormatError(cpath, f"expected an object, got {type_name(call)}")
            call_id = call.get("id")
            if not isinstance(call_id, str) or not call_id:
                raise FormatError(at(cpath, "id"), "missing or not a string")
            kind = call.get("type", "function")
            body = call.get(kind) if isinstance(kind, str) else None
            if not isinstance(body, dict):
                raise FormatError(at(cpath, str(kind)), "missing or not an object")
            name = body.get("name")
            if not isinstance(name, str) or not name:
                raise FormatError(at(cpath, f"{kind}.name"), "missing or not a string")
            if kind == "custom":  # a custom tool takes free text
                args = {"input": body.get("input", "")}
            else:
                args = arguments(body.get("arguments"), at(cpath, f"{kind}.arguments"))
            out.append(ToolCall(call_id=call_id, name=name, args=args))
    old = message.get("function_call")
    if isinstance(old, dict):
        name = old.get("name")
        if not isinstance(name, str) or not name:
            raise FormatError(at(path, "function_call.name"), "missing or not a string")
        args = arguments(old.get("arguments"), at(path, "function_call.arguments"))
        call_id = f"{path}.function_call"  # the legacy format has no ids: the call's place is one
        legacy[name].append(call_id)
        out.append(ToolCall(call_id=call_id, name=name, args=args))
    elif old is not None:
        raise FormatError(at(path, "function_call"), f"expected an object, got {type_name(old)}")
    return out


def _tool_message(
    message: dict, role: str, path: str, builder: MessageBuilder, legacy: dict[str, deque[str]]
) -> None:
    if role == "tool":
        call_id = message.get("tool_call_id")
        if not isinstance(call_id, str) or not call_id:
            raise FormatError(at(path, "tool_call_id"), "missing or not a string")
    else:  # legacy: the result names its function; it answers that function's oldest pending call
        name = message.get("name")
        if not isinstance(name, str) or not name:
            raise FormatError(at(path, "name"), "missing or not a string")
        call_id = legacy[name].popleft() if legacy[name] else name
    text, attachments = content_text(message.get("content"), at(path, "content"))
    data = parse_result_text(text)
    builder.add(
        path,
        "tool",
        "",
        ts=message_ts(message),
        tool_result=ToolResult(call_id=call_id, status=result_status(data), data=data),
        attachments=attachments,
    )
