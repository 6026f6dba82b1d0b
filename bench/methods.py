"""What a benchmark method is, and the registry of all of them in report order.

A method turns one conversation into the context string a model would see. Methods that need an
equal budget (LangChain, LlamaIndex, key-sentence) get B = the core's own token count for that
conversation. A method whose package or core module is missing raises MethodUnavailable from
prepare(); the runner then reports it as unavailable and goes on with the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bench.conversations import Conversation
from core.embed import Embedder
from core.models import Message

CORE_METHODS = ("core", "core-rules", "key-sentence")
PEER_METHODS = ("last-n", "user-verbatim", "langchain-trim", "llamaindex-buffer", "oracle")
ALL_METHODS = CORE_METHODS + PEER_METHODS
# Cheap methods that need neither the model nor the peer packages (the smoke test uses these).
FAST_METHODS = ("core-rules", "last-n", "user-verbatim", "oracle")


class MethodUnavailable(RuntimeError):
    """A method cannot run here (its package or core module is missing); the message says why."""


@dataclass
class MethodOutput:
    """One method's context for one conversation, with what the core reports about it."""

    text: str
    tokens: int
    mode: str = ""
    fallback: bool = False
    consistent: bool | None = None
    anchors_ok: bool | None = None
    engine_ms: float | None = None


class Method(Protocol):
    """A benchmark method: prepare once (imports, model load), then run per conversation."""

    name: str
    needs_budget: bool

    def prepare(self) -> None:
        """Import and load what the method needs; raise MethodUnavailable when it cannot run."""
        ...

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """The context for one conversation (budget: the core's token count, for equal-budget peers)."""
        ...


def role_lines(messages: list[Message]) -> str:
    """Kept messages as 'role: text' lines: how every message-keeping peer is rendered for scoring."""
    return "\n".join(f"{m.role}: {m.text}" for m in messages)


def build_method(name: str, embedder: Embedder | None = None) -> Method:
    """The method of that name (embedder: what the core methods use; None = the core's default)."""
    from bench import core_methods, peers

    factories: dict[str, Callable[[], Method]] = {
        "core": lambda: core_methods.CoreMethod("core", use_embeddings=True, embedder=embedder),
        "core-rules": lambda: core_methods.CoreMethod("core-rules", use_embeddings=False, embedder=embedder),
        "key-sentence": lambda: core_methods.KeySentenceMethod(embedder=embedder),
        "last-n": lambda: peers.LastNTurns(5),
        "user-verbatim": peers.UserVerbatim,
        "langchain-trim": peers.LangChainTrim,
        "llamaindex-buffer": peers.LlamaIndexBuffer,
        "oracle": peers.Oracle,
    }
    if name not in factories:
        raise ValueError(f"unknown method '{name}'; choose from {', '.join(ALL_METHODS)}")
    return factories[name]()
