"""The raw history's token count of a live session, kept turn by turn (console/service/live.py).

>>> raw = RawCount()
>>> for m in messages: raw.add(m)
>>> raw.tokens() == count_tokens(raw_history(messages))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from core.models import Message
from core.render import message_line
from core.tokens import count_tokens


@dataclass
class RawCount:
    """The cl100k tokens of ``raw_history(messages)`` (the lines 'role: text' joined by newlines),
    kept as turns arrive instead of tokenising the whole history on every POST (measured: the
    biggest part of a long agent session's pipeline, growing with every turn).

    Exact, not an estimate: cl100k splits its input at pre-token boundaries before merging, and a
    newline followed by a letter always ends a pre-token (the newline goes with the whitespace or
    punctuation before it, never with the next word); each line starts with its role, a word. So
    tokens(l0 + "\n" + ... + ln) = tokens(l0 + "\n") + ... + tokens(ln-1 + "\n") + tokens(ln).
    tests/console/service/test_raw_count.py checks it against the whole count on the corpora."""

    head: int = 0  # tokens of every line but the last, each with its newline
    last: str | None = None  # the last line

    def add(self, message: Message) -> None:
        """One more turn at the end of the history."""
        if self.last is not None:
            self.head += count_tokens(self.last + "\n")
        self.last = message_line(message)

    def tokens(self) -> int:
        """Tokens of the raw history now (count_tokens(raw_history(messages)))."""
        return self.head + (count_tokens(self.last) if self.last is not None else 0)
