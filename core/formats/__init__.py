"""Conversation histories in the formats agents log, read into :class:`core.models.Message` lists.

Accepted, detected per record: the project's ``{"context_id", "turns"}``; OpenAI chat
(``{"context_id", "messages"}`` with ``tool_calls`` and role ``tool``); Anthropic Messages
(``{"context_id", "system", "messages"}`` with ``tool_use`` / ``tool_result`` blocks); LangChain
message dicts (``{"type": "human"|"ai"|"tool"|"system", ...}``, ``messages_to_dict``'s
``{"type", "data"}`` or ``dumpd``'s ``{"lc": 1, "kwargs"}``); a bare list of messages of any of
these is one conversation. Files are JSONL (one record per line) or one JSON array of records (or
of messages).

The same trace in every format gives the same Messages: an assistant message with N tool calls is
N assistant Messages (the text on the first), each tool result one ``tool`` Message whose JSON
text is parsed into data, system prompts ``system`` Messages, times without a zone are UTC.

    >>> from core.formats import messages_from
    >>> [m.role for m in messages_from([{"role": "user", "content": "hi"}])]
    ['user']
"""

from core.formats.common import (
    MAX_NESTING,
    MAX_TEXT_CHARS,
    ROLE_ALIASES,
    ROLES,
    Dialogue,
    DialogueError,
    FormatError,
    clean_text,
)
from core.formats.reader import parse_line, read_file, read_text, record_at
from core.formats.record import FORMATS, detect_format, messages_from, read_record

__all__ = [
    "FORMATS",
    "MAX_NESTING",
    "MAX_TEXT_CHARS",
    "ROLES",
    "ROLE_ALIASES",
    "Dialogue",
    "DialogueError",
    "FormatError",
    "clean_text",
    "detect_format",
    "messages_from",
    "parse_line",
    "read_file",
    "read_record",
    "read_text",
    "record_at",
]
