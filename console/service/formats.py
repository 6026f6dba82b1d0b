"""Messages of a request body as core Messages: the one place the service reads message formats.

The project's turn shape (``{"role", "text"|"content", "tool_call", "tool_result", "ts", ...}``,
as in core.dialogue) is read through core.dialogue, so a bad message is named by its position
and field ("messages[3].role: unknown role 'robot'"). When the input formats of issue "Agent
traces" land in core (``core.formats.messages_from``: OpenAI, Anthropic, LangChain), this is the
one function to switch.
"""

from __future__ import annotations

import json
from typing import Any

from core.dialogue import DialogueError, parse_dialogue_line
from core.models import Message


class MessagesError(ValueError):
    """The request's messages cannot be read; the text names the message and the field."""


def messages_from_body(items: Any, context_id: str) -> list[Message]:
    """The request's ``messages`` list as core Messages (empty messages skipped), or MessagesError."""
    if not isinstance(items, list):
        raise MessagesError(f"field 'messages' must be a list, not {type(items).__name__}")
    if not items:
        raise MessagesError("field 'messages' is empty")
    try:
        dialogue = parse_dialogue_line(json.dumps({"context_id": context_id, "turns": items}), 1)
    except DialogueError as exc:
        raise MessagesError(
            exc.detail.replace("turns[", "messages[").replace("'turns'", "'messages'")
        ) from exc
    return dialogue.messages
