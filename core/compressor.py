"""The Compressor: the API agent middleware calls (sessions in core.session).

>>> from core.compressor import Compressor
>>> from core.config import Config
>>> from core.models import Message
>>> comp = Compressor(Config(use_embeddings=False))
>>> session = comp.session("demo")
>>> _ = session.add(Message(idx=0, role="user", text="Book a table for 2 at 7pm, no spicy food."))
>>> session.context().mode
'raw'

A Compressor holds the config, the lazily loaded embedder, the breaker (``breaker(context_id) ->
True``, or a core.served switch reason, for raw) and the clock, and makes one Session per context
id; ``compress`` runs a whole conversation at once and returns every stage's output (for replay).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from pydantic import BaseModel, Field

from core.config import Config
from core.embed import Embedder, default_embedder
from core.intents import IntentClusters, substantive
from core.model_kinds import Mode
from core.models import ContextState, Message, ParsedMessage, Units
from core.render import raw_history
from core.session import Session
from core.session_context import ContextView
from core.stage_outputs import CompactionRecord, Rendered, ValidationReport
from core.tokens import count_tokens

log = logging.getLogger(__name__)

BreakerCheck = Callable[[str], bool | str | None]  # True or a core.served switch reason: raw
Clock = Callable[[], datetime]


class CompressResult(BaseModel):
    """Every stage's output of a one-shot compression (what the console's replay shows)."""

    context_id: str
    messages: list[Message]
    parsed: list[ParsedMessage]
    units: list[Units]
    snapshots: dict[int, ContextState] = Field(default_factory=dict, description="state after turn idx")
    state: ContextState
    intents: IntentClusters | None = None
    rendered: Rendered | None = None
    validation: ValidationReport | None = None
    record: CompactionRecord | None = None
    records: list[CompactionRecord] = Field(default_factory=list)
    context: ContextView
    tokens_raw: int

    @property
    def mode(self) -> Mode:
        """compressed or raw, as served."""
        return self.context.mode

    @property
    def fallback(self) -> bool:
        """True when the served context is the key-sentence fallback."""
        return self.context.fallback


class Compressor:
    """Holds the config, the (lazily loaded) embedder and the breaker; makes sessions."""

    def __init__(
        self,
        config: Config | None = None,
        embedder: Embedder | None = None,
        breaker: BreakerCheck | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.config = config or Config()
        self._embedder = embedder
        self.breaker = breaker
        self.clock = clock or (lambda: datetime.now(UTC))

    @property
    def embedder(self) -> Embedder | None:
        """The embedder, made on first use; None in the rules-only mode."""
        if not self.config.use_embeddings:
            return None
        if self._embedder is None:
            self._embedder = default_embedder()
        return self._embedder

    def warm(self, texts: Sequence[str]) -> bool:
        """Embed texts known in advance in one batch, so later single look-ups hit the cache.

        Best effort: a model that fails here is left to fail inside the stage that needs it, where
        the failure is recorded and the context served raw. False when the batch failed."""
        emb = self.embedder
        if emb is None or not texts:
            return True
        try:
            emb.encode(list(texts))
        except Exception as exc:
            log.warning("embedding ahead failed (%s: %s); the stages will report it", type(exc).__name__, exc)
            return False
        return True

    def session(self, context_id: str | None = None) -> Session:
        """A new session; a fresh UUIDv4 context_id when none is given."""
        return Session(self, context_id or str(uuid.uuid4()))

    def compress(
        self,
        messages: Sequence[Message],
        force: bool = True,
        context_id: str | None = None,
        intents: bool = True,
    ) -> CompressResult:
        """Run the whole pipeline over a transcript and keep every stage's output.

        force: compact at the end as if the budget were exceeded, whatever the triggers say.
        intents: cluster the user turns into the result's ``intents`` (it embeds every user turn, in
        one batch; nothing served depends on it, so a caller that only wants the context says False)."""
        cid = context_id or (messages[0].context_id if messages and messages[0].context_id else None)
        session = self.session(cid)
        if intents:
            session.warm([m.text for m in messages if m.role == "user" and substantive(m.text)])
        snapshots: dict[int, ContextState] = {}
        for i, message in enumerate(messages):
            session.add(message, auto_compact=not force)
            if (i + 1) % self.config.snapshot_interval == 0:
                snapshots[session.state.turn] = session.state
        if force:
            session.compact(reason="forced", force=True)
        snapshots[session.state.turn] = session.state
        last = session.records[-1] if session.records else None
        return CompressResult(
            context_id=session.context_id,
            messages=session.messages,
            parsed=session.parsed,
            units=session.units,
            snapshots=snapshots,
            state=session.state,
            intents=session.intents if intents else None,
            rendered=session.rendered,
            validation=last.validation if last else None,
            record=last,
            records=session.records,
            context=session.context(),
            tokens_raw=count_tokens(raw_history(session.messages)),
        )
