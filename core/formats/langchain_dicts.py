"""LangChain messages as dicts: ``{"type": "human"|"ai"|"tool"|"system", "content", "tool_calls":
[{"id", "name", "args"}], "tool_call_id", "status"}`` (a message's ``model_dump()``),
``{"type", "data": {...}}`` as ``messages_to_dict`` writes them, or ``dumpd``'s ``{"lc": 1, "type":
"constructor", "id": [..., "AIMessage"], "kwargs": {...}}``. Read without importing LangChain.

An AI message's content may be a list of blocks (text, and tool_use blocks that repeat its
``tool_calls``: those are left out); calls only in ``additional_kwargs.tool_calls`` (older
versions) are read in the OpenAI shape.
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
from core.formats.openai_chat import arguments
from core.models import ToolCall, ToolResult

TYPES = {
    "human": "user",
    "ai": "assistant",
    "system": "system",
    "developer": "system",
    "tool": "tool",
    "function": "tool",
    "chat": "",  # ChatMessage: the role is in the message
}
_CHUNK = "Chunk"  # AIMessageChunk and friends log as "AIMessageChunk"


def is_langchain(message: Any) -> bool:
    """True for a LangChain message dict: a known ``type`` and no OpenAI/Anthropic ``role``, or the
    ``{"lc": 1, "type": "constructor", "id": [..., "HumanMessage"], "kwargs"}`` form of ``dumpd``."""
    if not isinstance(message, dict):
        return False
    if _constructor(message):
        return True
    if _type(message.get("type")) not in TYPES:
        return False
    return "role" not in message or _type(message.get("type")) == "chat"


def _constructor(message: dict) -> str:
    """The message type a ``dumpd`` record constructs ("ai" for AIMessage), or ""."""
    ids, kwargs = message.get("id"), message.get("kwargs")
    if message.get("lc") != 1 or message.get("type") != "constructor" or not isinstance(kwargs, dict):
        return ""
    kind = _type(ids[-1]) if isinstance(ids, list) and ids else ""
    return kind if kind in TYPES else ""


def _type(kind: Any) -> str:
    if not isinstance(kind, str):
        return ""
    return kind.removesuffix(_CHUNK).removesuffix("Message").lower()


def read_langchain(messages: list, builder: MessageBuilder, where: str = "messages") -> None:
    """Each LangChain message dict added to ``builder``; FormatError naming ``messages[i]`` and the field."""
    for i, message in enumerate(messages):
        path = at(where, f"[{i}]")
        if not isinstance(message, dict):
            raise FormatError(path, f"expected an object, got {type_name(message)}")
        kind = _constructor(message) or _type(message.get("type"))
        if kind not in TYPES:
            raise FormatError(at(path, "type"), f"unknown message type {message.get('type')!r}")
        body = message
        if _constructor(message):  # dumpd
            body, path = message["kwargs"], at(path, "kwargs")
        elif isinstance(message.get("data"), dict):  # messages_to_dict
            body, path = message["data"], at(path, "data")
        role = TYPES[kind] or _chat_role(body, path)
        ts = message_ts(body)
        if role == "tool":
            _tool(body, kind, path, builder, ts)
            continue
        text, attachments = content_text(body.get("content"), at(path, "content"), skip=("tool_use",))
        calls = _tool_calls(body, path) if role == "assistant" else []
        builder.add(
            path,
            role,
            text,
            ts=ts,
            tool_call=calls[0] if calls else None,
            attachments=attachments,
            text_field="content",
        )
        for call in calls[1:]:
            builder.add(path, "assistant", "", ts=ts, tool_call=call)


def _chat_role(body: dict, path: str) -> str:
    role = body.get("role")
    roles = {"user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}
    if not isinstance(role, str) or role not in roles:
        raise FormatError(at(path, "role"), f"expected user, assistant, system or tool, got {role!r}")
    return roles[role]


def _tool_calls(body: dict, path: str) -> list[ToolCall]:
    calls = body.get("tool_calls")
    if not calls and isinstance(body.get("additional_kwargs"), dict):
        old = body["additional_kwargs"].get("tool_calls")
        if old:
            return _openai_calls(old, at(path, "additional_kwargs.tool_calls"))
    if calls is None:
        return []
    if not isinstance(calls, list):
        raise FormatError(at(path, "tool_calls"), f"expected a list, got {type_name(calls)}")
    out = []
    for j, call in enumerate(calls):
        cpath = at(path, f"tool_calls[{j}]")
        if not isinstance(call, dict):
            raise FormatError(cpath, f"expected an object, got {type_name(call)}")
        name, call_id, args = call.get("name"), call.get("id"), call.get("args", {})
        if not isinstance(name, str) or not name:
            raise FormatError(at(cpath, "name"), "missing or not a string")
        if not isinstance(call_id, str) or not call_id:
            raise FormatError(at(cpath, "id"), "missing or not a string")
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise FormatError(at(cpath, "args"), f"expected an object, got {type_name(args)}")
        out.append(ToolCall(call_id=call_id, name=name, args=args))
    return out


def _openai_calls(calls: Any, path: str) -> list[ToolCall]:
    if not isinstance(calls, list):
        raise FormatError(path, f"expected a list, got {type_name(calls)}")
    out = []
    for j, call in enumerate(calls):
        cpath = at(path, f"[{j}]")
        fn = call.get("function") if isinstance(call, dict) else None
        if (
            not isinstance(fn, dict)
            or not isinstance(call.get("id"), str)
            or not isinstance(fn.get("name"), str)
        ):
            raise FormatError(cpath, "expected {id, function: {name, arguments}}")
        out.append(
            ToolCall(
                call_id=call["id"],
                name=fn["name"],
                args=arguments(fn.get("arguments"), at(cpath, "function.arguments")),
            )
        )
    return out


def _tool(body: dict, kind: str, path: str, builder: MessageBuilder, ts: Any) -> None:
    call_id = body.get("tool_call_id") if kind != "function" else body.get("name")
    field = "tool_call_id" if kind != "function" else "name"
    if not isinstance(call_id, str) or not call_id:
        raise FormatError(at(path, field), "missing or not a string")
    text, attachments = content_text(body.get("content"), at(path, "content"))
    data = parse_result_text(text)
    status = result_status(data, "error" if body.get("status") == "error" else None)
    builder.add(
        path,
        "tool",
        "",
        ts=ts,
        tool_result=ToolResult(call_id=call_id, status=status, data=data),
        attachments=attachments,
    )
