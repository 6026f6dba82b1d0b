"""What every format's parser shares: the records and errors, and the one place Messages are built.

A parser walks its format and calls :meth:`MessageBuilder.add` once per turn it finds; the builder
applies the rules that must be the same whatever the format: control characters removed, the text
and nesting limits, an empty turn skipped with a warning, a naive timestamp read as UTC, a tool
result's JSON text parsed and its status inferred, and idx numbered 0..n-1 in the order produced.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from core.models import Attachment, Message, ToolCall, ToolResult

ROLES = ("user", "assistant", "tool", "system")
ROLE_ALIASES = {
    "human": "user",
    "ai": "assistant",
    "bot": "assistant",
    "system_prompt": "system",
    "sys": "system",
    "developer": "system",
    "usr": "user",
    "agent": "assistant",
    "function": "tool",
    "用户": "user",
    "助手": "assistant",
}
MAX_TEXT_CHARS = 1_000_000
MAX_NESTING = 64  # levels of lists/objects in a turn's tool_call, tool_result or attachments
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_DATETIME = TypeAdapter(datetime)


class FormatError(ValueError):
    """A record that is not a usable conversation: ``path`` names the field ("messages[3].role")."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


class DialogueError(ValueError):
    """Input that is not a usable conversation: the one error of every conversation reader (the CLI,
    the ingest, the playground's transcripts, the benchmark). The message names the file when given,
    the line (1-based; 0: the whole input) and the field ("line 3: turns[1].role: unknown role")."""

    def __init__(self, line: int, message: str, field: str = "", *, file: str = "") -> None:
        where = ": ".join(part for part in (file, f"line {line}" if line else "") if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.line = line
        self.detail = message
        self.field = field
        self.file = file


class Dialogue(BaseModel):
    """One conversation read from a line (or from an element of a JSON array)."""

    context_id: str
    source: str = ""
    lang: str = ""
    line: int = 0
    format: str = Field(default="turns", description="turns, openai, anthropic or langchain")
    messages: list[Message] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    extra: dict[str, Any] = Field(
        default_factory=dict,
        description="the record's other top-level fields, as written (the benchmark's gold "
        "annotations and services); the pipeline ignores them",
    )


def clean_text(text: str) -> str:
    """Text with control characters (other than tab and newline) removed."""
    return _CONTROL.sub("", text)


def at(where: str, field: str) -> str:
    """The path of ``field`` inside ``where``: at("messages[2]", "content") -> "messages[2].content"."""
    if not where:
        return field
    if not field:
        return where
    return where + field if field.startswith("[") else f"{where}.{field}"


def type_name(value: Any) -> str:
    """The JSON name of a value's type, for error messages."""
    if value is None:
        return "null"
    return {dict: "object", list: "list", str: "string", bool: "boolean"}.get(
        type(value), type(value).__name__
    )


def parse_result_text(text: str) -> Any:
    """A tool's output as structured data when it is JSON text (``'{"a": 1}'`` -> ``{"a": 1}``),
    else the text itself; empty text is no data (None). Every format reads results through this."""
    stripped = text.strip()
    if not stripped:
        return None
    try:
        return json.loads(stripped)
    except (json.JSONDecodeError, RecursionError):
        return text


def result_status(data: Any, said: str | None = None) -> str:
    """A tool result's status: what the format says (``said``: "ok"/"error"), else "error" when the
    data is an object whose only key is ``error`` (how tool APIs report a failure), else "ok"."""
    if said in ("ok", "error"):
        return said
    return "error" if isinstance(data, dict) and list(data) == ["error"] else "ok"


def nesting(value: Any, limit: int = MAX_NESTING + 1) -> int:
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


def parse_ts(value: Any, path: str) -> datetime | None:
    """A turn's time; a time without a zone is UTC (one rule, so times of one conversation always
    compare, whichever reader and whichever format they came through)."""
    if value is None:
        return None
    try:
        ts = _DATETIME.validate_python(value)
    except ValidationError as exc:
        raise FormatError(path, exc.errors()[0]["msg"]) from exc
    return ts.replace(tzinfo=UTC) if ts.tzinfo is None else ts


def _plain(value: Any) -> Any:
    """A tool call, result or attachment list as JSON-like values, without serialising deep data."""
    if isinstance(value, ToolCall):
        return {"args": value.args}
    if isinstance(value, ToolResult):
        return {"data": value.data}
    if isinstance(value, list):  # attachments: one level, so a deep list costs no recursion
        return [v.model_dump() if isinstance(v, BaseModel) else v for v in value]
    return value.model_dump() if isinstance(value, BaseModel) else value


class MessageBuilder:
    """Collects one conversation's Messages; see the module docstring for the rules it applies."""

    def __init__(self, context_id: str, warnings: list[str] | None = None) -> None:
        self.context_id = context_id
        self.messages: list[Message] = []
        self.warnings: list[str] = warnings if warnings is not None else []

    def add(
        self,
        where: str,
        role: str,
        text: Any = "",
        *,
        ts: Any = None,
        tool_call: ToolCall | dict | None = None,
        tool_result: ToolResult | dict | None = None,
        attachments: list[Attachment] | list[dict] | None = None,
        text_field: str = "text",
    ) -> Message | None:
        """Append one turn (None, with a warning, when it has nothing in it); FormatError naming
        ``where`` and the field for a bad value."""
        if text is None:
            text = ""
        if not isinstance(text, str):
            raise FormatError(at(where, text_field), f"expected a string, got {type(text).__name__}")
        text = clean_text(text)
        if len(text) > MAX_TEXT_CHARS:
            raise FormatError(at(where, text_field), f"{len(text)} characters, more than {MAX_TEXT_CHARS}")
        if not text.strip() and not tool_call and not tool_result and not attachments:
            self.warnings.append(f"{where}: empty turn skipped")
            return None
        fields: dict[str, Any] = {"ts": parse_ts(ts, at(where, "ts"))}
        for name, value in (
            ("tool_call", tool_call),
            ("tool_result", tool_result),
            ("attachments", attachments),
        ):
            if value is None:
                continue
            raw = _plain(value)
            if nesting(raw) > MAX_NESTING:  # deeper than this cannot be stored (JSON writers stop at ~255)
                raise FormatError(at(where, name), f"nested more than {MAX_NESTING} levels")
            fields[name] = value
        try:
            message = Message(
                context_id=self.context_id, idx=len(self.messages), role=role, text=text, **fields
            )
        except ValidationError as exc:
            first = exc.errors()[0]
            raise FormatError(at(where, ".".join(str(p) for p in first["loc"])), first["msg"]) from exc
        self.messages.append(message)
        return message


_PART_KINDS = {
    "image_url": "image",
    "input_image": "image",
    "image": "image",
    "input_audio": "audio",
    "audio": "audio",
    "file": "file",
    "input_file": "file",
    "document": "document",
}


def part_attachment(part: dict) -> Attachment:
    """A content part that is not text (an image, audio, a file) as a short label, never its data:
    ``Attachment(label="image", text="(image not included)")``, or the file's name when it has one."""
    kind = part.get("type")
    label = _PART_KINDS.get(kind, clean_text(kind)[:40]) if isinstance(kind, str) and kind else "part"
    inner = part.get(kind) if isinstance(kind, str) and isinstance(part.get(kind), dict) else {}
    name = inner.get("filename") or part.get("filename") or part.get("title")
    text = clean_text(name)[:200] if isinstance(name, str) and name.strip() else f"({label} not included)"
    return Attachment(label=label, text=text)


_TEXT_PARTS = ("text", "input_text", "output_text")


def content_text(content: Any, where: str, skip: tuple[str, ...] = ()) -> tuple[str, list[Attachment]]:
    """A message's content as (text, attachments): a string, null, or a list of parts whose text
    parts are joined by newlines and whose other parts (images, audio, files) become labels;
    parts of a type in ``skip`` are left out (the caller reads them)."""
    if content is None:
        return "", []
    if isinstance(content, str):
        return content, []
    if not isinstance(content, list):
        raise FormatError(where, f"expected a string, a list of parts or null, got {type_name(content)}")
    texts, attachments = [], []
    for k, part in enumerate(content):
        path = at(where, f"[{k}]")
        if isinstance(part, str):  # LangChain allows bare strings among the parts
            texts.append(part)
            continue
        if not isinstance(part, dict):
            raise FormatError(path, f"expected an object, got {type_name(part)}")
        kind = part.get("type")
        if kind in skip:
            continue
        if kind in _TEXT_PARTS or kind == "refusal":
            value = part.get("refusal" if kind == "refusal" else "text")
            if not isinstance(value, str):
                raise FormatError(
                    at(path, "refusal" if kind == "refusal" else "text"), "missing or not a string"
                )
            texts.append(value)
        elif not isinstance(kind, str):
            raise FormatError(at(path, "type"), "missing or not a string")
        else:
            attachments.append(part_attachment(part))
    return "\n".join(t for t in texts if t), attachments


def message_ts(message: dict) -> Any:
    """The time a logged message carries, if any (``ts`` as the project writes it, or ``timestamp``)."""
    return message.get("ts", message.get("timestamp"))
