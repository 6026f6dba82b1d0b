"""Messages of a request body as core Messages: the one place the service reads message formats.

The ``messages`` list may be in any format of ``core.formats`` (the project's turns, OpenAI chat
with ``tool_calls`` and role ``tool``, Anthropic ``tool_use`` / ``tool_result`` blocks, LangChain
message dicts), detected per request; a bad message is named by its position and field
("messages[3].role: ..."). Empty messages are skipped.
"""

from __future__ import annotations

from typing import Any

from core.formats import FormatError, messages_from
from core.models import Message


class MessagesError(ValueError):
    """The request's messages cannot be read; the text names the message and the field."""


def messages_from_body(items: Any, context_id: str) -> list[Message]:
    """The request's ``messages`` list as core Messages of ``context_id``, or MessagesError."""
    if not isinstance(items, list):
        raise MessagesError(f"field 'messages' must be a list, not {type(items).__name__}")
    if not items:
        raise MessagesError("field 'messages' is empty")
    try:
        messages = messages_from(items, "messages")
    except FormatError as exc:
        raise MessagesError(str(exc)) from exc
    return [m.model_copy(update={"context_id": context_id}) for m in messages]
