"""One conversation record in any accepted format, detected per record, as Messages.

- ``{"context_id", "turns": [...]}``: the project's format (core/formats/project.py);
- ``{"context_id", "messages": [...]}``: OpenAI chat, Anthropic Messages (with a top-level
  ``system``) or LangChain message dicts, told apart by the messages' shape;
- a bare list of messages of any of these shapes: one conversation.
"""

from __future__ import annotations

import uuid
from typing import Any

from core.formats.anthropic_messages import read_anthropic, read_system
from core.formats.common import Dialogue, FormatError, MessageBuilder, at, type_name
from core.formats.langchain_dicts import is_langchain, read_langchain
from core.formats.openai_chat import read_openai
from core.formats.project import read_turns
from core.models import Message

FORMATS = ("turns", "openai", "anthropic", "langchain")
# the top-level fields a record's Dialogue is made of; the others are kept in Dialogue.extra
_READ_KEYS = ("context_id", "source", "lang", "turns", "messages", "system")
_ANTHROPIC_BLOCKS = (
    "tool_use",
    "tool_result",
    "server_tool_use",
    "thinking",
    "redacted_thinking",
    "document",
)
_OPENAI_ROLES = ("tool", "function", "system", "developer")  # tuples: a value may be unhashable
_READERS = {
    "turns": read_turns,
    "openai": read_openai,
    "anthropic": read_anthropic,
    "langchain": read_langchain,
}


def detect_format(record: Any) -> str:
    """The format of a record (one of FORMATS), or "" when it is none of them."""
    if isinstance(record, list):
        return messages_format(record)
    if not isinstance(record, dict):
        return ""
    if "turns" in record:
        return "turns"
    messages = record.get("messages")
    if not isinstance(messages, list):
        return ""
    # a top-level system prompt is Anthropic's, unless the messages themselves say otherwise
    default = "anthropic" if "system" in record else "openai"
    return messages_format(messages, default) or default


def messages_format(messages: list, default: str = "openai") -> str:
    """The format of a list of messages, from their shape: LangChain's ``type``, the project's
    ``text``, OpenAI's ``tool_calls`` and roles, Anthropic's content blocks, else ``default``
    (text-only chat turns read the same as OpenAI or Anthropic)."""
    first = next((m for m in messages if isinstance(m, dict)), None)
    if first is None:
        return ""
    if is_langchain(first):
        return "langchain"
    if "role" in first and "content" not in first and {"text", "tool_call", "tool_result"} & first.keys():
        return "turns"
    for message in messages:
        if not isinstance(message, dict):
            continue
        if message.get("role") in _OPENAI_ROLES or message.get("tool_calls") or message.get("function_call"):
            return "openai"
        content = message.get("content")
        if isinstance(content, list) and any(_anthropic_block(b) for b in content):
            return "anthropic"
    return default


def _anthropic_block(block: Any) -> bool:
    if not isinstance(block, dict):
        return False
    kind = block.get("type")
    return kind in _ANTHROPIC_BLOCKS or (kind == "image" and "source" in block)


def read_record(record: Any, where: str = "", *, line: int = 0) -> Dialogue:
    """One record as a Dialogue (context_id, source, lang, format, messages, warnings); FormatError
    naming the field (inside ``where``, e.g. "[3]" for an element of a JSON array) if it is unusable.

    A record without a context_id gets a random one, as the project format always has."""
    meta = record if isinstance(record, dict) else {}
    if not isinstance(record, (dict, list)):
        raise FormatError(where, f"expected a JSON object, got {type(record).__name__}")
    cid = meta.get("context_id")
    if cid is None:
        cid = str(uuid.uuid4())
    elif isinstance(cid, bool) or not isinstance(cid, (str, int)) or not str(cid).strip():
        raise FormatError(where, "field 'context_id' must be a non-empty string")
    cid = str(cid).strip()
    fmt = detect_format(record)
    builder = MessageBuilder(cid)
    if isinstance(record, list):
        if not fmt:
            raise FormatError(
                where,
                "expected a JSON object, got list (a list is read as one conversation's messages, "
                f"but its items are {type_name(record[0]) if record else 'none'})",
            )
        _READERS[fmt](record, builder, where)
    else:
        field = "turns" if fmt == "turns" else "messages"
        items = record.get(field)
        if not isinstance(items, list) or not fmt:
            raise FormatError(
                where,
                "field 'turns' is missing or not a list (or give 'messages': OpenAI, Anthropic or "
                "LangChain messages)",
            )
        if not items:
            raise FormatError(where, f"field '{field}' is empty")
        if fmt != "turns" and record.get("system") is not None:  # never dropped, whatever the messages
            read_system(record["system"], builder, at(where, "system"))
        _READERS[fmt](items, builder, at(where, field))
    if not builder.messages:
        raise FormatError(where, "every turn is empty")
    return Dialogue(
        context_id=cid,
        source=str(meta.get("source") or ""),
        lang=str(meta.get("lang") or ""),
        line=line,
        format=fmt,
        messages=builder.messages,
        warnings=builder.warnings,
        extra={k: v for k, v in meta.items() if k not in _READ_KEYS},
    )


def messages_from(record: Any, where: str = "", *, warnings: list[str] | None = None) -> list[Message]:
    """The Messages of one conversation record in any accepted format (see the module docstring);
    FormatError naming the field. Skipped empty turns are appended to ``warnings`` when given."""
    dialogue = read_record(record, where)
    if warnings is not None:
        warnings.extend(dialogue.warnings)
    return dialogue.messages
