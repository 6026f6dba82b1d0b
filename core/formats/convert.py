"""Messages written back in the formats agents log (OpenAI chat, Anthropic Messages, LangChain's
``messages_to_dict``), so that reading the result gives the same Messages again.

What a format cannot carry is left out: times (``ts``), attachments, a tool result's status where
the format has no flag for it (OpenAI: a failed result is known by its ``{"error": ...}`` data),
system turns after the first turn (Anthropic has one top-level ``system``). Used by the tests'
round trip and by the benchmark to feed the same traces in every format.

    >>> record = {"context_id": "c1", "messages": to_openai(messages)}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from core.formats.common import parse_result_text
from core.models import Message


def result_text(data: Any) -> str:
    """A tool result's data as the text a tool message carries: JSON, or a string as it is (quoted
    when it would otherwise read back as JSON or as no data)."""
    if data is None:
        return ""
    if isinstance(data, str):
        return data if parse_result_text(data) == data else json.dumps(data, ensure_ascii=False)
    return json.dumps(data, ensure_ascii=False)


def _tool_calls_of(message: dict) -> list | None:
    return message.get("tool_calls") if message.get("role") == "assistant" else None


def to_openai(messages: Sequence[Message]) -> list[dict]:
    """OpenAI chat messages: the further calls of one assistant turn in its ``tool_calls``, content
    null when it has no text, each result a ``tool`` message."""
    out: list[dict] = []
    for m in messages:
        if m.role == "tool":
            if m.tool_result is None:
                raise ValueError(f"turn {m.idx}: a tool turn without a tool_result has no OpenAI form")
            out.append(
                {
                    "role": "tool",
                    "tool_call_id": m.tool_result.call_id,
                    "content": result_text(m.tool_result.data),
                }
            )
            continue
        call = m.tool_call and {
            "id": m.tool_call.call_id,
            "type": "function",
            "function": {
                "name": m.tool_call.name,
                "arguments": json.dumps(m.tool_call.args, ensure_ascii=False),
            },
        }
        if m.role != "assistant" or not call:
            out.append({"role": m.role, "content": m.text})
        elif not m.text and out and _tool_calls_of(out[-1]):
            out[-1]["tool_calls"].append(call)
        else:
            out.append({"role": "assistant", "content": m.text or None, "tool_calls": [call]})
    return out


def to_anthropic(messages: Sequence[Message]) -> dict:
    """``{"system"?, "messages"}`` for ``messages.create``: tool calls as ``tool_use`` blocks, the
    results as ``tool_result`` blocks of one user message (a following user turn's text after them)."""
    system = None
    out: list[dict] = []
    for n, m in enumerate(messages):
        if m.role == "system":
            if n != 0:
                raise ValueError(f"turn {m.idx}: Anthropic Messages carry a system prompt only first")
            system = m.text
        elif m.role == "tool":
            if m.tool_result is None:
                raise ValueError(f"turn {m.idx}: a tool turn without a tool_result has no Anthropic form")
            block: dict[str, Any] = {
                "type": "tool_result",
                "tool_use_id": m.tool_result.call_id,
                "content": result_text(m.tool_result.data),
            }
            if m.tool_result.status == "error":
                block["is_error"] = True
            if out and out[-1]["role"] == "user" and _only(out[-1], "tool_result"):
                out[-1]["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
        elif m.role == "user":
            if out and out[-1]["role"] == "user" and _only(out[-1], "tool_result"):
                out[-1]["content"].append({"type": "text", "text": m.text})
            else:
                out.append({"role": "user", "content": m.text})
        elif m.tool_call is None:
            out.append({"role": "assistant", "content": m.text})
        else:
            use = {
                "type": "tool_use",
                "id": m.tool_call.call_id,
                "name": m.tool_call.name,
                "input": m.tool_call.args,
            }
            last = out[-1] if out else None
            if not m.text and last and last["role"] == "assistant" and _ends_with(last, "tool_use"):
                last["content"].append(use)
            else:
                out.append(
                    {
                        "role": "assistant",
                        "content": [*([{"type": "text", "text": m.text}] if m.text else []), use],
                    }
                )
    return {"system": system, "messages": out} if system is not None else {"messages": out}


def _only(message: dict, kind: str) -> bool:
    content = message["content"]
    return isinstance(content, list) and all(b.get("type") == kind for b in content)


def _ends_with(message: dict, kind: str) -> bool:
    content = message["content"]
    return isinstance(content, list) and bool(content) and content[-1].get("type") == kind


def to_langchain(messages: Sequence[Message]) -> list[dict]:
    """LangChain ``messages_to_dict`` output: ``{"type", "data"}`` with an AI message's calls in
    ``tool_calls`` and each result a ``tool`` message (status "error" for a failed one)."""
    kinds = {"user": "human", "assistant": "ai", "system": "system"}
    out: list[dict] = []
    for m in messages:
        if m.role == "tool":
            if m.tool_result is None:
                raise ValueError(f"turn {m.idx}: a tool turn without a tool_result has no LangChain form")
            data = {
                "content": result_text(m.tool_result.data),
                "type": "tool",
                "tool_call_id": m.tool_result.call_id,
                "status": "error" if m.tool_result.status == "error" else "success",
            }
            out.append({"type": "tool", "data": data})
            continue
        call = m.tool_call and {
            "name": m.tool_call.name,
            "args": m.tool_call.args,
            "id": m.tool_call.call_id,
            "type": "tool_call",
        }
        last = out[-1]["data"] if out else {}
        if call and not m.text and last.get("type") == "ai" and last.get("tool_calls"):
            last["tool_calls"].append(call)
            continue
        data = {"content": m.text, "type": kinds[m.role]}
        if m.role == "assistant":
            data["tool_calls"] = [call] if call else []
        out.append({"type": kinds[m.role], "data": data})
    return out
