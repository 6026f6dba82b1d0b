"""The baseline methods the core is compared with, all on the project's one token counter.

- last-n: the last N turns verbatim.
- user-verbatim: every user message verbatim (what the Codex CLI compaction keeps).
- langchain-trim: LangChain's trim_messages, strategy "last", budget B, our counter, start on a human turn.
- llamaindex-buffer: LlamaIndex's ChatMemoryBuffer with token_limit B and our tokenizer (its default
  tokenizer downloads a file and fails offline).
- oracle: the gold final state as 'slot: value' lines (a floor, not a real method).
"""

from __future__ import annotations

from typing import Any

from bench.conversations import Conversation
from bench.methods import MethodOutput, MethodUnavailable, role_lines
from bench.metrics import oracle_text
from core.models import Message
from core.tokens import count_tokens


def _output(text: str) -> MethodOutput:
    return MethodOutput(text=text, tokens=count_tokens(text), mode="peer")


class LastNTurns:
    """The last n turns verbatim."""

    needs_budget = False

    def __init__(self, n: int = 5) -> None:
        self.n = n
        self.name = "last-n"

    def prepare(self) -> None:
        """Nothing to load."""

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Keep the last n messages."""
        return _output(role_lines(conv.messages[-self.n :]))


class UserVerbatim:
    """Every user message verbatim, as 'user: text' lines."""

    name = "user-verbatim"
    needs_budget = False

    def prepare(self) -> None:
        """Nothing to load."""

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Keep all user messages, drop the rest."""
        return _output(role_lines([m for m in conv.messages if m.role == "user"]))


class Oracle:
    """The gold final state as 'slot: value' lines."""

    name = "oracle"
    needs_budget = False

    def prepare(self) -> None:
        """Nothing to load."""

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Write the gold final state."""
        return _output(oracle_text(conv.gold.get("final_state") or {}))


_LC_ROLES = {"human": "user", "ai": "assistant", "tool": "tool", "system": "system"}


class LangChainTrim:
    """langchain_core.messages.trim_messages(strategy='last', max_tokens=B, start_on='human')."""

    name = "langchain-trim"
    needs_budget = True

    def __init__(self) -> None:
        self._trim: Any = None
        self._classes: dict[str, Any] = {}

    def prepare(self) -> None:
        """Import langchain-core (from bench/requirements.txt)."""
        try:
            from langchain_core.messages import (
                AIMessage,
                HumanMessage,
                SystemMessage,
                ToolMessage,
                trim_messages,
            )
        except ImportError as exc:
            raise MethodUnavailable(
                f"langchain-core not installed ({exc}); pip install -r bench/requirements.txt"
            ) from exc
        self._trim = trim_messages
        self._classes = {
            "user": HumanMessage,
            "assistant": AIMessage,
            "system": SystemMessage,
            "tool": ToolMessage,
        }

    def _to_lc(self, m: Message) -> Any:
        cls = self._classes[m.role]
        if m.role == "tool":
            return cls(content=m.text, tool_call_id=m.tool_result.call_id if m.tool_result else str(m.idx))
        return cls(content=m.text)

    @staticmethod
    def _lines(lc_messages: list[Any]) -> str:
        return "\n".join(f"{_LC_ROLES.get(m.type, m.type)}: {m.content}" for m in lc_messages)

    def count(self, lc_messages: list[Any]) -> int:
        """Our token counter over a list of LangChain messages: tokens of their 'role: text' lines."""
        return count_tokens(self._lines(lc_messages))

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Trim the conversation to the last messages fitting in B tokens, starting on a user turn."""
        if budget is None:
            raise ValueError("langchain-trim needs a budget")
        kept = self._trim(
            [self._to_lc(m) for m in conv.messages],
            strategy="last",
            max_tokens=budget,
            token_counter=self.count,
            start_on="human",
        )
        return _output(self._lines(kept))


class LlamaIndexBuffer:
    """llama_index.core.memory.ChatMemoryBuffer(token_limit=B, tokenizer_fn=our counter): put all, get()."""

    name = "llamaindex-buffer"
    needs_budget = True

    def __init__(self) -> None:
        self._buffer_cls: Any = None
        self._message_cls: Any = None
        self._roles: dict[str, Any] = {}

    def prepare(self) -> None:
        """Import llama-index-core (from bench/requirements.txt)."""
        try:
            from llama_index.core.llms import ChatMessage, MessageRole
            from llama_index.core.memory import ChatMemoryBuffer
        except ImportError as exc:
            raise MethodUnavailable(
                f"llama-index-core not installed ({exc}); pip install -r bench/requirements.txt"
            ) from exc
        self._buffer_cls, self._message_cls = ChatMemoryBuffer, ChatMessage
        self._roles = {
            "user": MessageRole.USER,
            "assistant": MessageRole.ASSISTANT,
            "system": MessageRole.SYSTEM,
            "tool": MessageRole.TOOL,
        }

    @staticmethod
    def tokenize(text: str) -> list[int]:
        """A stand-in token list of the right length: ChatMemoryBuffer only takes len() of it."""
        return [0] * count_tokens(text)

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Put every message into a fresh buffer and get() what fits in B tokens."""
        if budget is None:
            raise ValueError("llamaindex-buffer needs a budget")
        buffer = self._buffer_cls.from_defaults(token_limit=max(1, budget), tokenizer_fn=self.tokenize)
        by_role = {v: k for k, v in self._roles.items()}
        for m in conv.messages:
            buffer.put(self._message_cls(role=self._roles[m.role], content=m.text))
        kept = buffer.get()
        return _output("\n".join(f"{by_role.get(m.role, str(m.role))}: {m.content}" for m in kept))
