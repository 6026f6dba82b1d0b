"""The methods of the agent-trace benchmark: what each serves an agent at a cut of its trace.

A trace turn is rendered as the core's raw mode serves it (``core.render.message_line``):
``role: text`` with its tool call or result as compact JSON in full (``assistant: <call ls
{"a":true}>``, ``tool: <result ok {...}>``), as the data README's scoring suggests. That is also the
raw trace the token reduction is counted against, so "raw" means the same text everywhere.

- core / core-rules: the cut's messages fed one by one through ``Session.add`` (auto compaction on,
  as an agent would), then a forced ``Session.compact``; served ``session.context().text``.
- raw: the whole trace.
- last-n: the last 5 turns. user-verbatim: every user turn verbatim.
- clear-tools-N (N = 0, 1, 3): the context editing of model APIs: every tool result but the last N
  replaced by ``[tool result cleared]``, calls and all other turns kept.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bench.conversations import Conversation
from bench.methods import MethodUnavailable
from core.embed import Embedder
from core.models import Message
from core.render import message_line
from core.tokens import count_tokens

CLEARED = "[tool result cleared]"
LAST_N = 5
CLEAR_KEEPS = (0, 1, 3)
PEERS = ("raw", "last-n", "user-verbatim", *(f"clear-tools-{n}" for n in CLEAR_KEEPS))
AGENT_METHODS = ("core", *PEERS)  # the default set, in report order
# Methods that need no model (core-rules is the core without embeddings): the smoke test's set.
FAST_AGENT_METHODS = ("core-rules", *PEERS)
ALL_AGENT_METHODS = ("core", "core-rules", *PEERS)


@dataclass
class AgentOutput:
    """One method's context at one cut, with the core's timings when the method is the core."""

    text: str
    tokens: int
    add_ms: list[float] = field(default_factory=list)
    compaction_ms: float | None = None
    mode: str = "peer"
    fallback: bool = False
    failed: bool = False
    auto_compactions: int = 0


class AgentMethod(Protocol):
    """A method of the agent benchmark: prepare once, then one context per cut."""

    name: str

    def prepare(self) -> None:
        """Import and load what the method needs; raise MethodUnavailable when it cannot run."""
        ...

    def run(self, conv: Conversation) -> AgentOutput:
        """The context served at the end of this cut."""
        ...


def compact_json(value: Any) -> str:
    """Compact JSON (no spaces, non-ASCII kept) of a value."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def trace_line(message: Message, cleared: bool = False) -> str:
    """One turn as raw mode serves it (cleared: its tool result replaced by the placeholder)."""
    if cleared and message.tool_result is not None:
        return f"{message.role}: <result {message.tool_result.status} {CLEARED}>"
    return message_line(message)


def raw_trace_text(messages: Sequence[Message]) -> str:
    """The whole trace, one trace_line per turn: the raw history of the token reduction."""
    return "\n".join(trace_line(m) for m in messages)


def cleared_positions(messages: Sequence[Message], keep: int) -> set[int]:
    """Positions of the tool results clear-tools replaces: every result but the last `keep`."""
    results = [i for i, m in enumerate(messages) if m.tool_result is not None]
    return set(results[: max(0, len(results) - keep)])


def clear_tools_text(messages: Sequence[Message], keep: int) -> str:
    """The trace with every tool result but the last `keep` replaced by the placeholder."""
    cleared = cleared_positions(messages, keep)
    return "\n".join(trace_line(m, cleared=i in cleared) for i, m in enumerate(messages))


def _out(text: str) -> AgentOutput:
    return AgentOutput(text=text, tokens=count_tokens(text))


class TextPeer:
    """A peer that is a pure function of the cut's messages."""

    def __init__(self, name: str, build: Callable[[Sequence[Message]], str]) -> None:
        self.name = name
        self._build = build

    def prepare(self) -> None:
        """Nothing to load."""

    def run(self, conv: Conversation) -> AgentOutput:
        """The peer's text for this cut."""
        return _out(self._build(conv.messages))


class CoreAgent:
    """The core fed as an agent would feed it, with compaction forced at the end of the cut."""

    def __init__(self, name: str, use_embeddings: bool, embedder: Embedder | None = None) -> None:
        self.name = name
        self.use_embeddings = use_embeddings
        self.embedder = embedder
        self._compressor: Any = None

    def prepare(self) -> None:
        """Import the core and build its Compressor (default config, or rules-only)."""
        try:
            from core.compressor import Compressor
            from core.config import Config
        except ImportError as exc:
            raise MethodUnavailable(f"core pipeline not importable ({exc})") from exc
        config = Config() if self.use_embeddings else Config(use_embeddings=False)
        self._compressor = Compressor(config, embedder=self.embedder)

    def run(self, conv: Conversation) -> AgentOutput:
        """Add every message (timed, auto compaction on), force a compaction, serve the context."""
        session = self._compressor.session(conv.context_id)
        add_ms, auto = [], 0
        for message in conv.messages:
            t0 = time.perf_counter()
            result = session.add(message)
            add_ms.append((time.perf_counter() - t0) * 1000)
            auto += bool(getattr(result, "compacted", False))
        record = session.compact(reason="forced", force=True)
        view = session.context()
        return AgentOutput(
            text=view.text,
            tokens=count_tokens(view.text),
            add_ms=add_ms,
            compaction_ms=(record.latency_ms or {}).get("total"),
            mode=str(view.mode),
            fallback=bool(view.fallback),
            failed=bool(record.failed),
            auto_compactions=auto,
        )


def build_agent_method(name: str, embedder: Embedder | None = None) -> AgentMethod:
    """The agent-benchmark method of that name (embedder: the core's; None = its default)."""
    factories: dict[str, Callable[[], AgentMethod]] = {
        "core": lambda: CoreAgent("core", use_embeddings=True, embedder=embedder),
        "core-rules": lambda: CoreAgent("core-rules", use_embeddings=False, embedder=embedder),
        "raw": lambda: TextPeer("raw", raw_trace_text),
        "last-n": lambda: TextPeer("last-n", lambda ms: raw_trace_text(ms[-LAST_N:])),
        "user-verbatim": lambda: TextPeer(
            "user-verbatim", lambda ms: raw_trace_text([m for m in ms if m.role == "user"])
        ),
    }
    for keep in CLEAR_KEEPS:
        factories[f"clear-tools-{keep}"] = lambda k=keep: TextPeer(
            f"clear-tools-{k}", lambda ms: clear_tools_text(ms, k)
        )
    if name not in factories:
        raise ValueError(f"unknown method '{name}'; choose from {', '.join(ALL_AGENT_METHODS)}")
    return factories[name]()
