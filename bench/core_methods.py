"""The core's own methods: the default pipeline, the rules-only scheme, and key-sentence extraction alone.

`core` and `core-rules` compact the whole conversation with compaction forced
(`Compressor.compress(messages, force=True)`) and are scored on the context the model would be served
(`result.context.text`), exactly what `python -m core compress --force` writes. The core modules
are imported in prepare(), so the benchmark still runs (reporting these as unavailable) while the
core is missing or its interface differs.
"""

from __future__ import annotations

import inspect
from typing import Any

from bench.conversations import Conversation
from bench.methods import MethodOutput, MethodUnavailable
from bench.metrics import anchors_agree, state_consistent
from core.embed import Embedder
from core.tokens import count_tokens


def active_facts(state: Any) -> dict[str, str]:
    """key -> value of the state's active facts (what the anchors must reproduce)."""
    facts = getattr(state, "facts", {}) or {}
    return {k: f.value for k, f in facts.items() if getattr(f, "status", "active") == "active"}


def state_facts(state: Any) -> dict[str, str]:
    """key -> value of every fact held in the state (active or decayed; the archive is apart)."""
    return {k: f.value for k, f in (getattr(state, "facts", {}) or {}).items()}


def _import_compressor() -> tuple[Any, Any, Any]:
    try:
        from core.compressor import Compressor
        from core.config import Config
        from core.render import parse_anchors
    except ImportError as exc:
        raise MethodUnavailable(f"core pipeline not importable ({exc})") from exc
    return Compressor, Config, parse_anchors


class CoreMethod:
    """The core pipeline with compaction forced at the end of the conversation."""

    needs_budget = False

    def __init__(self, name: str, use_embeddings: bool, embedder: Embedder | None = None) -> None:
        self.name = name
        self.use_embeddings = use_embeddings
        self.embedder = embedder
        self._compressor: Any = None
        self._parse_anchors: Any = None

    def prepare(self) -> None:
        """Import the core and build the Compressor (default config, or rules-only)."""
        compressor_cls, config_cls, self._parse_anchors = _import_compressor()
        config = config_cls() if self.use_embeddings else config_cls(use_embeddings=False)
        self._compressor = compressor_cls(config, embedder=self.embedder)

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Compress the whole conversation; check the anchors' round trip against the state."""
        result = self._compressor.compress(list(conv.messages), force=True, context_id=conv.context_id)
        view = result.context
        parsed = self._parse_anchors(view.text).get("facts", {})
        active = active_facts(result.state)
        record = result.record
        return MethodOutput(
            text=view.text,
            tokens=count_tokens(view.text),
            mode=str(view.mode),
            fallback=bool(view.fallback),
            consistent=state_consistent(parsed, active),
            anchors_ok=anchors_agree(parsed, state_facts(result.state)),
            engine_ms=(record.latency_ms or {}).get("total") if record is not None else None,
        )


class KeySentenceMethod:
    """The validate stage's fallback alone: key sentences scored 0.4 / 0.4 / 0.2, within budget B.

    Every message is parsed (the scorer works on parsed atoms); the last `working_memory_turns`
    messages are kept raw as in the core's own fallback, the rest are scored; B is the core's token
    count for that conversation (equal budget).
    """

    name = "key-sentence"
    needs_budget = True

    def __init__(self, embedder: Embedder | None = None) -> None:
        self.embedder = embedder  # unused: the scheme needs no embeddings; kept for a uniform factory
        self._fallback: Any = None
        self._parse: Any = None
        self._config: Any = None

    def prepare(self) -> None:
        """Import the parser and the key-sentence scorer; check the scorer's signature."""
        _, config_cls, _ = _import_compressor()
        try:
            from core.parse import parse_message
            from core.validate import key_sentence_fallback
        except ImportError as exc:
            raise MethodUnavailable(f"core.parse / core.validate not importable ({exc})") from exc
        params = list(inspect.signature(key_sentence_fallback).parameters)
        if params[:4] != ["parsed", "recent", "config", "budget"]:
            raise MethodUnavailable(
                f"key_sentence_fallback{tuple(params)}: expected (parsed, recent, config, budget)"
            )
        self._fallback, self._parse = key_sentence_fallback, parse_message
        self._config = config_cls(use_embeddings=False)

    def run(self, conv: Conversation, budget: int | None) -> MethodOutput:
        """Key sentences of the older turns plus the recent raw turns, within the budget."""
        if budget is None:
            raise ValueError("key-sentence needs a budget")
        parsed, prev = [], None
        for m in conv.messages:
            p = self._parse(m, prev)
            parsed.append(p)
            prev = p.domain
        keep = self._config.working_memory_turns
        cut = max(0, len(conv.messages) - keep)
        text = str(self._fallback(parsed[:cut], list(conv.messages[cut:]), self._config, budget))
        return MethodOutput(text=text, tokens=count_tokens(text), mode="key_sentence", fallback=True)
