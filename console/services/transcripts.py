"""Transcripts for the playground: a pasted or uploaded text read into conversations.

Two input formats:

- JSON, read by core.formats.read_text: JSONL (one conversation per line) or one JSON array, each
  conversation in the project's ``{"context_id", "turns"}``, OpenAI chat, Anthropic Messages or
  LangChain message dicts (detected per conversation), or a bare list of messages;
- plain lines ``role: text`` (roles user, assistant, tool, system and the aliases of core.formats,
  e.g. ``human:``, ``用户：``); an indented line continues the turn above it; blank lines are skipped.

Bad input raises core.formats' :class:`DialogueError` (the one error of every conversation
reader) naming the line (and the field, for JSON; the file, for an upload); in a JSONL upload or a
JSON array a bad conversation is reported and the good ones are still read.
"""

from __future__ import annotations

import codecs
import re
import uuid

from pydantic import BaseModel, Field

from core.formats import ROLE_ALIASES, ROLES, DialogueError, clean_text, read_text
from core.models import Message

MAX_UPLOAD_BYTES = 5_000_000  # the playground runs inside a page; bigger files go through the CLI
_ROLE_LINE = re.compile(r"^\s*([^\s:：]{1,20})\s*[:：]\s?(.*)$", re.DOTALL)


class Transcript(BaseModel):
    """One conversation ready to run."""

    context_id: str
    source: str = ""
    lang: str = ""
    format: str = Field(description="jsonl or lines")
    messages: list[Message]
    warnings: list[str] = Field(default_factory=list)
    line: int = Field(default=1, description="the input line the conversation starts on")


class LineError(BaseModel):
    """One input line that could not be read."""

    line: int
    detail: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.detail}"


class ParsedInput(BaseModel):
    """All conversations read from an input, and the lines that could not be read (JSONL only:
    a bad line does not stop the good ones)."""

    transcripts: list[Transcript]
    errors: list[LineError] = Field(default_factory=list)


def decode_upload(data: bytes, name: str = "upload") -> str:
    """An uploaded file's text: UTF-8 (with or without BOM); DialogueError for big or binary files."""
    _check_size(data, name)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DialogueError(line, f"not UTF-8 text (byte {exc.start} cannot be decoded)", file=name) from exc


def _check_size(data: bytes, name: str) -> None:
    if len(data) > MAX_UPLOAD_BYTES:
        raise DialogueError(
            0,
            f"{len(data):,} bytes, more than the playground takes ({MAX_UPLOAD_BYTES:,}); use the CLI ingest",
            file=name,
        )


def read_upload(data: bytes, name: str = "upload", context_id: str | None = None) -> ParsedInput:
    """An uploaded file's conversations, like read_transcripts; DialogueError for big or unusable files.

    In a JSONL file a line that is not UTF-8 is named and skipped like any other bad line, and the
    good lines are kept; plain ``role: text`` lines are one conversation, so there a bad byte
    refuses the file (naming its line)."""
    body = data[len(codecs.BOM_UTF8) :] if data.startswith(codecs.BOM_UTF8) else data
    if not body.lstrip().startswith((b"{", b"[")):
        return read_transcripts(decode_upload(data, name), context_id)
    _check_size(data, name)
    lines: list[str] = []
    undecodable: list[LineError] = []
    for i, raw in enumerate(body.split(b"\n"), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            detail = f"{name}: not UTF-8 text (byte {exc.start} of the line cannot be decoded)"
            undecodable.append(LineError(line=i, detail=detail))
            lines.append("")
    try:
        parsed = read_transcripts("\n".join(lines), context_id)
    except DialogueError as exc:
        first = min([*undecodable, LineError(line=exc.line, detail=exc.detail)], key=lambda e: e.line)
        raise DialogueError(first.line, first.detail) from exc
    parsed.errors = sorted([*parsed.errors, *undecodable], key=lambda e: e.line)
    return parsed


def parse_transcript(text: str, context_id: str | None = None) -> list[Transcript]:
    """The conversations in ``text``; DialogueError for the first bad line.

    context_id: the id to use (for plain lines, or to override a single JSONL conversation's id).
    """
    parsed = read_transcripts(text, context_id)
    if parsed.errors:
        raise DialogueError(parsed.errors[0].line, parsed.errors[0].detail)
    return parsed.transcripts


def read_transcripts(text: str, context_id: str | None = None) -> ParsedInput:
    """Like parse_transcript, but a JSONL file's bad lines are reported and its good ones kept.

    Plain-line input is one conversation, so any bad line makes it fail (DialogueError)."""
    if not text.strip():
        raise DialogueError(0, "the transcript is empty: paste JSONL or 'role: text' lines")
    cid = (context_id or "").strip() or None
    if text.lstrip().startswith(("{", "[")):
        parsed = _read_jsonl(text)
        if cid and len(parsed.transcripts) == 1:
            only = parsed.transcripts[0]
            parsed.transcripts[0] = only.model_copy(
                update={
                    "context_id": cid,
                    "messages": [m.model_copy(update={"context_id": cid}) for m in only.messages],
                }
            )
        if not parsed.transcripts:
            raise DialogueError(parsed.errors[0].line, parsed.errors[0].detail)
        return parsed
    return ParsedInput(transcripts=[_read_lines(text, cid or f"playground-{uuid.uuid4().hex[:12]}")])


def _read_jsonl(text: str) -> ParsedInput:
    transcripts, errors = [], []
    for d in read_text(text):
        if isinstance(d, DialogueError):
            errors.append(LineError(line=d.line, detail=d.detail))
            continue
        transcripts.append(
            Transcript(
                context_id=d.context_id,
                source=d.source,
                lang=d.lang,
                format="jsonl",
                messages=d.messages,
                warnings=[f"line {d.line}: {w}" for w in d.warnings],
                line=d.line,
            )
        )
    seen: dict[str, int] = {}
    kept = []
    for t in transcripts:
        if t.context_id in seen:
            detail = f"context_id {t.context_id!r} repeats line {seen[t.context_id]}; this line is skipped"
            errors.append(LineError(line=t.line, detail=detail))
            continue
        seen[t.context_id] = t.line
        kept.append(t)
    errors.sort(key=lambda e: e.line)
    return ParsedInput(transcripts=kept, errors=errors)


def _read_lines(text: str, cid: str) -> Transcript:
    turns: list[tuple[str, list[str], int]] = []
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if line[0] in " \t" and turns:
            turns[-1][1].append(line.strip())
            continue
        m = _ROLE_LINE.match(line)
        role = ROLE_ALIASES.get(m.group(1).strip().lower(), m.group(1).strip().lower()) if m else ""
        if not m or role not in ROLES:
            shown = line if len(line) <= 60 else line[:57] + "..."
            raise DialogueError(
                i,
                f"expected 'role: text' with a role of {', '.join(ROLES)} (or indent a line to continue "
                f"the turn above), got {shown!r}",
            )
        turns.append((role, [m.group(2).strip()], i))
    messages = []
    for role, parts, line_no in turns:
        text_ = clean_text("\n".join(p for p in parts if p))
        if not text_.strip():
            raise DialogueError(line_no, f"the {role} turn has no text")
        messages.append(Message(context_id=cid, idx=len(messages), role=role, text=text_))  # type: ignore[arg-type]
    return Transcript(context_id=cid, format="lines", messages=messages)
