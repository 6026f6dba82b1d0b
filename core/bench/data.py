"""Read the annotated dialogue JSONL (shared/data/dialogues/README.md) into benchmark conversations.

The benchmark needs the gold annotations beside the messages, so it reads the file itself instead of
going through the core's CLI reader (which ignores gold).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.models import Message
from core.tokens import count_tokens

# Turns carry no time in the data. Single conversations keep ts=None, as `python -m core compress`
# reads them, so the numbers agree with the CLI; chained long sessions get times from this reference.
REFERENCE_TS = datetime(2026, 1, 5, 9, 0, 0)
TURN_GAP = timedelta(seconds=30)
TURN_EXTRAS = ("tool_call", "tool_result", "attachments")


class DialogueFileError(ValueError):
    """A dialogue file or line that cannot be read; the message names the file and line."""


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
    """'role: text' lines of all turns: the contract of tokens_raw in `python -m core compress`."""
    return "\n".join(f"{m.role}: {m.text}" for m in messages)


def conversation_from_record(record: dict[str, Any], where: str = "record") -> Conversation:
    """Build a Conversation from one parsed JSON line; raise DialogueFileError naming what is wrong."""
    if not isinstance(record, dict):
        raise DialogueFileError(f"{where}: expected a JSON object, got {type(record).__name__}")
    context_id = record.get("context_id")
    turns = record.get("turns")
    if not isinstance(context_id, str) or not context_id:
        raise DialogueFileError(f"{where}: missing or empty 'context_id'")
    if not isinstance(turns, list) or not turns:
        raise DialogueFileError(f"{where} ({context_id}): 'turns' must be a non-empty list")
    gold = record.get("gold") or {}
    if not isinstance(gold, dict):
        raise DialogueFileError(f"{where} ({context_id}): 'gold' must be an object")
    messages = []
    for pos, turn in enumerate(turns):
        if not isinstance(turn, dict) or turn.get("role") not in ("user", "assistant", "tool", "system"):
            raise DialogueFileError(
                f"{where} ({context_id}): turn {pos} needs a role user/assistant/tool/system"
            )
        text = str(turn.get("text") or "")
        # tool turns (agent traces) carry their call or result; a dialogue turn has neither
        extra = {k: turn[k] for k in TURN_EXTRAS if turn.get(k) is not None}
        try:
            message = Message(
                context_id=context_id,
                idx=pos,
                role=turn["role"],
                text=text,
                ts=turn.get("ts"),
                tokens=count_tokens(text),
                **extra,
            )
        except ValidationError as exc:
            first = exc.errors()[0]
            raise DialogueFileError(
                f"{where} ({context_id}): turn {pos} field {first['loc']}: {first['msg']}"
            ) from exc
        messages.append(message)
    return Conversation(
        context_id=context_id,
        source=str(record.get("source") or ""),
        lang=str(record.get("lang") or "en"),
        messages=messages,
        gold=gold,
        services=list(record.get("services") or []),
    )


def load_conversations(path: str | Path, limit: int = 0) -> list[Conversation]:
    """Read a dialogue JSONL file (first `limit` conversations when limit > 0).

    A bad line raises DialogueFileError with the file and line number: a benchmark over silently
    skipped conversations would not be comparable between methods or runs.
    """
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise DialogueFileError(f"{p}: cannot read: {exc}") from exc
    out: list[Conversation] = []
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{p}:{lineno}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DialogueFileError(f"{where}: not valid JSON: {exc}") from exc
        conv = conversation_from_record(record, where)
        conv.line = lineno
        out.append(conv)
        if limit and len(out) >= limit:
            break
    if not out:
        raise DialogueFileError(f"{p}: no conversations")
    return out
