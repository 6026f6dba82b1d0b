"""The annotated dialogue JSONL (shared/data/dialogues/README.md) as benchmark conversations.

The file is read by the core's one conversation reader (:mod:`core.formats`, as ``python -m core
compress`` and the ingest read it), so the benchmark feeds the methods the very Messages the core
gets elsewhere; the gold annotations come from the record's other fields (``Dialogue.extra``).
A bad line is a :class:`core.formats.DialogueError` naming the file, the line and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from core.formats import Dialogue, DialogueError, read_file, record_at
from core.models import Message
from core.render import raw_history
from core.tokens import count_tokens

# Turns carry no time in the data. Single conversations keep ts=None, as `python -m core compress`
# reads them, so the numbers agree with the CLI; chained long sessions get times from this reference.
REFERENCE_TS = datetime(2026, 1, 5, 9, 0, 0)
TURN_GAP = timedelta(seconds=30)


@dataclass
class Conversation:
    """One dialogue with its gold annotations, as the benchmark methods and metrics use it."""

    context_id: str
    source: str
    lang: str
    messages: list[Message]
    gold: dict[str, Any]
    line: int = 0
    services: list[str] = field(default_factory=list)

    @property
    def transcript(self) -> str:
        """The turns' texts, one per line (what 'occurs literally in the transcript' searches)."""
        return "\n".join(m.text for m in self.messages)

    @property
    def raw_text(self) -> str:
        """The raw history as the token reduction counts it: 'role: text' lines."""
        return raw_history_text(self.messages)


def raw_history_text(messages: list[Message]) -> str:
    """The raw history as raw mode serves it and `python -m core compress` counts tokens_raw
    (core.render.raw_history): 'role: text' lines, a tool call or result as compact JSON in full.
    It counted the texts alone once, so the free-form set's tool turns cost the core tokens the raw
    side never paid (a reduction of -16% where the same contexts saved 35% of the real history)."""
    return raw_history(messages)


def conversation_from_record(record: Any, line: int = 0) -> Conversation:
    """A Conversation from one decoded JSON record (the benchmark's tests build them this way);
    DialogueError naming the line and the field when it is not a usable conversation."""
    return conversation_from_dialogue(record_at(record, line))


def conversation_from_dialogue(dialogue: Dialogue) -> Conversation:
    """A Dialogue read by the core as a Conversation: its Messages with their token counts, and the
    gold annotations and services of its record (DialogueError when ``gold`` is not an object)."""
    gold = dialogue.extra.get("gold") or {}
    if not isinstance(gold, dict):
        detail = f"field 'gold' must be an object, got {type(gold).__name__}"
        raise DialogueError(dialogue.line, detail, "gold")
    return Conversation(
        context_id=dialogue.context_id,
        source=dialogue.source,
        lang=dialogue.lang or "en",
        messages=[m.model_copy(update={"tokens": count_tokens(m.text)}) for m in dialogue.messages],
        gold=gold,
        line=dialogue.line,
        services=list(dialogue.extra.get("services") or []),
    )


def load_conversations(path: str | Path, limit: int = 0) -> list[Conversation]:
    """Read a dialogue JSONL file (first `limit` conversations when limit > 0).

    A bad line raises DialogueError with the file, line and field: a benchmark over silently
    skipped conversations would not be comparable between methods or runs.
    """
    p = Path(path)
    out: list[Conversation] = []
    try:
        for item in read_file(p):
            if isinstance(item, DialogueError):
                raise DialogueError(item.line, item.detail, item.field, file=str(p))
            try:
                out.append(conversation_from_dialogue(item))
            except DialogueError as exc:
                raise DialogueError(exc.line, exc.detail, exc.field, file=str(p)) from exc
            if limit and len(out) >= limit:
                break
    except OSError as exc:
        raise DialogueError(0, f"cannot read: {exc}", file=str(p)) from exc
    if not out:
        raise DialogueError(0, "no conversations", file=str(p))
    return out
