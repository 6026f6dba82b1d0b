"""Reading the dialogue JSONL format (pure: text in, models out; the CLI does the file I/O).

A line is one conversation: ``{"context_id", "turns": [{"idx", "role", "text", ...}], ...}``, as in
``shared/data/dialogues/README.md`` (its ``gold`` block is ignored), or the plain
``{"context_id", "turns"}`` form. Turns may carry ``ts``, ``tool_call``, ``tool_result`` and
``attachments`` as in :class:`core.models.Message`.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from core.models import Message

ROLES = ("user", "assistant", "tool", "system")
ROLE_ALIASES = {
    "human": "user",
    "ai": "assistant",
    "bot": "assistant",
    "system_prompt": "system",
    "sys": "system",
    "usr": "user",
    "agent": "assistant",
    "function": "tool",
    "用户": "user",
    "助手": "assistant",
}
MAX_TEXT_CHARS = 1_000_000
MAX_NESTING = 64  # levels of lists/objects in a turn's tool_call, tool_result or attachments
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class DialogueError(ValueError):
    """A line that is not a usable conversation; says which line and which field."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.detail = message


class Dialogue(BaseModel):
    """One conversation read from a line."""

    context_id: str
    source: str = ""
    lang: str = ""
    line: int = 0
    messages: list[Message] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


def clean_text(text: str) -> str:
    """Text with control characters (other than tab and newline) removed."""
    return _CONTROL.sub("", text)


def parse_dialogue_line(line: str, line_no: int) -> Dialogue:
    """One JSONL line as a Dialogue, or DialogueError naming the line and the field."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DialogueError(line_no, f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    except RecursionError as exc:  # the decoder recurses once per level: "[[[[..." exhausts the stack
        raise DialogueError(line_no, "invalid JSON (lists or objects nested too deeply)") from exc
    if not isinstance(obj, dict):
        raise DialogueError(line_no, f"expected a JSON object, got {type(obj).__name__}")
    cid = obj.get("context_id")
    if cid is None:
        cid = str(uuid.uuid4())
    elif isinstance(cid, bool) or not isinstance(cid, (str, int)) or not str(cid).strip():
        raise DialogueError(line_no, "field 'context_id' must be a non-empty string")
    turns = obj.get("turns")
    if not isinstance(turns, list):
        raise DialogueError(line_no, "field 'turns' is missing or not a list")
    if not turns:
        raise DialogueError(line_no, "field 'turns' is empty")
    messages, warnings = [], []
    for i, turn in enumerate(turns):
        msg = _message(turn, i, str(cid), line_no)
        if msg is None:
            warnings.append(f"turns[{i}]: empty turn skipped")
            continue
        messages.append(msg)
    if not messages:
        raise DialogueError(line_no, "every turn is empty")
    return Dialogue(
        context_id=str(cid).strip(),
        source=str(obj.get("source") or ""),
        lang=str(obj.get("lang") or ""),
        line=line_no,
        messages=messages,
        warnings=warnings,
    )


def _message(turn: Any, i: int, cid: str, line_no: int) -> Message | None:
    where = f"turns[{i}]"
    if not isinstance(turn, dict):
        raise DialogueError(line_no, f"{where}: expected an object, got {type(turn).__name__}")
    role = turn.get("role")
    if not isinstance(role, str):
        raise DialogueError(line_no, f"{where}.role: missing or not a string")
    role = ROLE_ALIASES.get(role.strip().lower(), role.strip().lower())
    if role not in ROLES:
        raise DialogueError(
            line_no, f"{where}.role: unknown role {turn.get('role')!r} (use {', '.join(ROLES)})"
        )
    text = turn.get("text", turn.get("content", ""))
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise DialogueError(line_no, f"{where}.text: expected a string, got {type(text).__name__}")
    text = clean_text(text)
    if len(text) > MAX_TEXT_CHARS:
        raise DialogueError(line_no, f"{where}.text: {len(text)} characters, more than {MAX_TEXT_CHARS}")
    has_tool = turn.get("tool_call") or turn.get("tool_result") or turn.get("attachments")
    if not text.strip() and not has_tool:
        return None
    fields = {
        k: turn[k] for k in ("ts", "tool_call", "tool_result", "attachments") if turn.get(k) is not None
    }
    for name, value in fields.items():  # deeper than this cannot be stored (JSON writers stop at ~255)
        if _nesting(value) > MAX_NESTING:
            raise DialogueError(line_no, f"{where}.{name}: nested more than {MAX_NESTING} levels")
    try:
        return Message(context_id=cid, idx=i, role=role, text=text, **fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise DialogueError(line_no, f"{where}.{field}: {first['msg']}") from exc


def _nesting(value: Any, limit: int = MAX_NESTING + 1) -> int:
    """Levels of lists/objects in a JSON value ("x": 0, {"a": 1}: 1, {"a": [1]}: 2), counted up to limit.

    Level by level rather than recursively, so a value nested thousands deep costs no stack."""
    depth, level = 0, [value]
    while depth < limit:
        containers = [v for v in level if isinstance(v, (dict, list))]
        if not containers:
            return depth
        depth += 1
        level = [child for v in containers for child in (v.values() if isinstance(v, dict) else v)]
    return depth
