"""Reading one conversation line (pure: text in, models out; the CLI does the file I/O).

Kept for its callers: the reader is :mod:`core.formats` (every accepted format, JSONL and JSON
arrays); :func:`parse_dialogue_line` is its one-line entry point, and the records and limits are
re-exported from there.
"""

from __future__ import annotations

from core.formats import (
    MAX_NESTING,
    MAX_TEXT_CHARS,
    ROLE_ALIASES,
    ROLES,
    Dialogue,
    DialogueError,
    clean_text,
    parse_line,
)

__all__ = [
    "MAX_NESTING",
    "MAX_TEXT_CHARS",
    "ROLES",
    "ROLE_ALIASES",
    "Dialogue",
    "DialogueError",
    "clean_text",
    "parse_dialogue_line",
]


def parse_dialogue_line(line: str, line_no: int) -> Dialogue:
    """One JSONL line (any format of core.formats) as a Dialogue, or DialogueError naming the line
    and the field."""
    return parse_line(line, line_no)
