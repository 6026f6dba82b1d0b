"""A session: one context's messages, stage outputs, live state and last good compaction.

Every message goes through parse -> extract -> merge as it arrives (``Session.add``); when the trigger
fires, a compaction renders and validates the state on a copy and swaps it in in one step, with an
audit record. A failed compaction leaves the previous one in place and the context is served raw
until the next good one. The breaker is asked first on every context build; if it raises, the
context is served raw (fail closed). Sessions are made by ``core.compressor.Compressor.session``.
The served context (ContextView, Session.context) is built in core.session_context.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from core.compaction import compact_on_copy
from core.extract import extract
from core.intents import IntentClusters, cluster_intents, substantive
from core.merge import merge
from core.models import ContextState, Message, ParsedMessage, Units
from core.parse import detect_lang, parse_message
from core.render import turn_tokens
from core.session_context import ServedContext
from core.stage_outputs import CompactionRecord, Rendered, TriggerDecision
from core.tokens import count_joined, count_tokens
from core.tool_records import ToolIndex
from core.trigger import check_trigger

if TYPE_CHECKING:
    from core.compressor import Compressor

log = logging.getLogger(__name__)


class AddResult(BaseModel):
    """What one ``Session.add`` did: the stage outputs, what changed, and any compaction."""

    context_id: str
    idx: int
    parsed: ParsedMessage
    units: Units
    changed: list[str] = Field(default_factory=list, description="fact keys added or changed")
    events: list[str] = Field(default_factory=list)
    compacted: bool = False
    record: CompactionRecord | None = None
    latency_ms: dict[str, float] = Field(default_factory=dict)


class Session(ServedContext):
    """One context: its messages, stage outputs, live state and the last good compaction."""

    def __init__(self, compressor: Compressor, context_id: str) -> None:
        self.compressor = compressor
        self.config = compressor.config
        self.context_id = context_id
        self.messages: list[Message] = []
        self.parsed: list[ParsedMessage] = []
        self.units: list[Units] = []
        self.state = ContextState(context_id=context_id)
        self.records: list[CompactionRecord] = []
        self.rendered: Rendered | None = None
        self.compacted_state: ContextState | None = None
        self._intents_upto: int | None = None  # messages the last good compaction saw
        self._intents: IntentClusters | None = None
        self.folded_upto = 0
        self.fallback = False
        self.failed = False
        self._events: list[str] = []
        self._raw_tokens: list[int] = []  # per message, as served raw (0 for a system prompt)
        self._tool_index = ToolIndex()
        # add, compact and context take turns: two threads adding to one context would otherwise
        # number two messages alike (idx is the length of the history when the add starts)
        self._lock = threading.RLock()

    # --- input ---------------------------------------------------------------------------------

    def warm(self, texts: Sequence[str]) -> None:
        """Embed texts known in advance in one batch, so later single look-ups hit the cache."""
        self.compressor.warm(texts)

    def add(self, message: Message, auto_compact: bool = True) -> AddResult:
        """Take one message through parse, extract and merge; compact when the trigger fires.

        A stage that raises never loses the message: it is kept, the state stays as it was, a
        failed record names the stage, and the context is served raw until the next good
        compaction (see _stage_failed). Threads adding to one session take turns."""
        with self._lock:
            return self._add(message, auto_compact)

    def _add(self, message: Message, auto_compact: bool) -> AddResult:
        t0 = time.perf_counter()
        idx = len(self.messages)
        message = message.model_copy(
            update={
                "context_id": self.context_id,
                "idx": idx,
                "tokens": message.tokens or count_tokens(message.text),
            }
        )
        prev = self.parsed[-1] if self.parsed else None
        prev_domain = prev.domain if prev else None
        if message.role == "system":
            return self._system_prompt(message, prev_domain, t0)
        stage = "parse"
        try:
            parsed = parse_message(message, prev_domain, prev.lang if prev else None)
            t1 = time.perf_counter()
            stage = "extract"
            units = extract(parsed, self.state, self._tool_index)
            t2 = time.perf_counter()
            stage = "merge"
            merged = merge(self.state, parsed, units, self.config, self.compressor.embedder)
        except Exception as exc:  # a failing stage never breaks the session (nor loses the message)
            return self._stage_failed(message, prev_domain, stage, exc, t0)
        t3 = time.perf_counter()
        before, self.state = self.state, merged
        self.messages.append(message)
        self.parsed.append(parsed)
        self.units.append(units)
        self._raw_tokens.append(turn_tokens(message))
        if message.tool_result is not None:
            call_id = message.tool_result.call_id
            tool = next((a.tool for a in self.state.actions if a.call_id == call_id), "result")
            self._tool_index.add_result(message, tool)
        self._events += units.events
        if self.state.consecutive_failures == self.config.tool_failure_limit > before.consecutive_failures:
            self._events.append("tool_failures")  # once per streak, when it reaches the limit
        # drift only matters to the trigger: a batch run that compacts at the end skips the embedding,
        # and so does a turn the trigger could not act on (see _drift_matters)
        if (
            auto_compact
            and message.role == "user"
            and self._drift_matters()
            and self._drifted(message.text, before)
        ):
            self._events.append("drift")
            units.events.append("drift")
        changed = [k for k, f in self.state.facts.items() if before.facts.get(k) != f]
        result = AddResult(
            context_id=self.context_id,
            idx=idx,
            parsed=parsed,
            units=units,
            changed=changed,
            events=list(units.events),
            latency_ms={"parse": _ms(t0, t1), "extract": _ms(t1, t2), "merge": _ms(t2, t3)},
        )
        if auto_compact:
            record = self.maybe_compact()
            if record is not None:
                result.compacted, result.record = not record.failed, record
        result.latency_ms["total"] = _ms(t0, time.perf_counter())
        return result

    def _system_prompt(self, message: Message, prev_domain: str | None, t0: float) -> AddResult:
        """A system prompt is passed through as written: kept, never parsed into facts nor folded,
        served at the head of every context, its tokens counted apart from the history's."""
        parsed = ParsedMessage(message=message, lang=detect_lang(message.text), domain=prev_domain)
        self.messages.append(message)
        self.parsed.append(parsed)
        self.units.append(Units())
        self._raw_tokens.append(0)
        elapsed = _ms(t0, time.perf_counter())
        return AddResult(
            context_id=self.context_id,
            idx=message.idx,
            parsed=parsed,
            units=self.units[-1],
            latency_ms={"total": elapsed},
        )

    def _stage_failed(
        self, message: Message, prev_domain: str | None, stage: str, exc: Exception, t0: float
    ) -> AddResult:
        """Keep a message a stage failed on: as a raw turn with no atoms, the state not moved, and a
        failed record (trigger 'stage_error') so the failure is audited and counted like a failed
        compaction. The context is served raw until the next good compaction."""
        parsed = ParsedMessage(message=message, lang=detect_lang(message.text), domain=prev_domain)
        self.messages.append(message)
        self.parsed.append(parsed)
        self.units.append(Units())
        self._raw_tokens.append(turn_tokens(message))
        self.failed = True
        tokens = self.history_tokens()
        elapsed = _ms(t0, time.perf_counter())
        record = CompactionRecord(
            context_id=self.context_id,
            seq=len(self.records),
            at_turn=message.idx,
            trigger="stage_error",
            tier=len([r for r in self.records if not r.failed]),
            fold_upto=self.folded_upto,
            tokens_in=tokens,
            tokens_out=tokens,
            ratio=1.0,
            latency_ms={stage: elapsed, "total": elapsed},
            failed=True,
            error=f"{stage} stage: {type(exc).__name__}: {exc}",
            created_at=self.compressor.clock(),
        )
        self.records.append(record)
        return AddResult(
            context_id=self.context_id,
            idx=message.idx,
            parsed=parsed,
            units=self.units[-1],
            record=record,
            latency_ms={stage: elapsed, "total": elapsed},
        )

    def _drift_matters(self) -> bool:
        """Whether a drift event could fire a compaction now, so that checking it is worth an
        embedding (the most expensive step of an add). It cannot while the dynamic gate is closed
        (fewer than min_turns new turns, or a history under dynamic_min_fraction of the budget:
        check_trigger ignores every dynamic event then), nor once a drift is already pending since
        the last compaction (a second one changes nothing). A drift is thus judged when it can act,
        not carried from a short history into a later, unrelated compaction."""
        cfg = self.config
        if "drift" in self._events or len(self.messages) - self.folded_upto < cfg.min_turns:
            return False
        return self.history_tokens() >= cfg.dynamic_min_fraction * cfg.max_history_tokens

    def _drifted(self, text: str, before: ContextState) -> bool:
        """True when a user turn is far from every goal held so far (cosine < drift_threshold).

        A goal is compared through the user turn that stated it (already embedded), so an add()
        costs one embedding: its own turn."""
        emb = self.compressor.embedder
        if emb is None or not substantive(text):
            return False  # "yes please" does not drift from anything
        sources = {g.idx for g in before.goals}
        goal_turns = [m.text for m in self.messages if m.idx in sources and m.text.strip()]
        try:
            if not goal_turns:
                emb.encode([text])  # embedded now: a later goal's source turn, and clustered later
                return False
            vecs = emb.encode([text, *goal_turns])
        except Exception as exc:  # drift is one trigger among several: the message is already kept
            log.warning("drift check skipped: %s: %s", type(exc).__name__, exc)
            return False
        return float((vecs[1:] @ vecs[0]).max()) < self.config.drift_threshold

    # --- compaction ----------------------------------------------------------------------------

    @property
    def intents(self) -> IntentClusters | None:
        """Intent clusters of the user turns up to the last good compaction (None before one).

        Nothing rendered depends on them, so they are clustered when first asked for, not inside
        the compaction: a compaction would otherwise embed every user turn the add path skipped."""
        if self._intents_upto is None:
            return None
        if self._intents is None:
            n = self._intents_upto
            embedder = self.compressor.embedder
            try:
                self._intents = cluster_intents(self.parsed[:n], self.units[:n], embedder, self.config)
            except Exception as exc:  # a diagnostic: its failure must not break a compress() result
                log.warning("intent clusters skipped: %s: %s", type(exc).__name__, exc)
                return None
        return self._intents

    def history_tokens(self) -> int:
        """Tokens of the context as it would be served now (compacted state + unfolded raw turns)."""
        raw = sum(self._raw_tokens[self.folded_upto :])
        return raw + (self.rendered_state_tokens if self.rendered is not None else 0)

    @property
    def rendered_state_tokens(self) -> int:
        """Tokens of the compacted part of the last good compaction."""
        return count_tokens(self.rendered.state_text) if self.rendered is not None else 0

    @property
    def raw_tokens(self) -> int:
        """Tokens of the raw dialogue so far, per turn as served raw (the measure bloat divides by)."""
        return sum(self._raw_tokens)

    def compaction_decision(self) -> TriggerDecision:
        """What the trigger says now (fire, reason, fold point, tier): the decision maybe_compact acts on."""
        return self._trigger(self._events)

    def _trigger(self, events: Sequence[str], force: bool = False) -> TriggerDecision:
        done = len([r for r in self.records if not r.failed])
        args = (len(self.messages), self.history_tokens(), self.folded_upto, done, events, self.config)
        return check_trigger(self.state, *args, force=force)

    def maybe_compact(self) -> CompactionRecord | None:
        """Ask the trigger; compact if it fires."""
        decision = self.compaction_decision()
        if not decision.fire:
            return None
        return self.compact(reason=decision.reason, fold_upto=decision.fold_upto, tier=decision.tier)

    def compact(
        self,
        reason: str = "manual",
        force: bool = False,
        fold_upto: int | None = None,
        tier: int | None = None,
    ) -> CompactionRecord:
        """One atomic compaction: render and validate on a copy, swap in on success, audit always."""
        with self._lock:
            return self._compact(reason, force, fold_upto, tier)

    def _compact(self, reason: str, force: bool, fold_upto: int | None, tier: int | None) -> CompactionRecord:
        done = len([r for r in self.records if not r.failed])
        if fold_upto is None or force:
            fold_upto = self._trigger([], force=True).fold_upto
        tier = done if tier is None else tier
        tokens_in = self.history_tokens()
        t0 = time.perf_counter()
        latency: dict[str, float] = {}
        record = CompactionRecord(
            context_id=self.context_id,
            seq=len(self.records),
            at_turn=len(self.messages) - 1,
            trigger=reason,
            tier=tier,
            fold_upto=fold_upto,
            tokens_in=tokens_in,
            tokens_out=tokens_in,
            ratio=1.0,
            created_at=self.compressor.clock(),
        )
        try:
            work = self.state.model_copy(deep=True)
            outcome = compact_on_copy(self, work, fold_upto, tokens_in, reason, tier, latency)
        except Exception as exc:  # a failed compaction never breaks the session: serve raw, keep the old one
            self.failed = True
            record.failed, record.error = True, f"{type(exc).__name__}: {exc}"
            latency["total"] = _ms(t0, time.perf_counter())
            record.latency_ms = latency
            self.records.append(record)
            return record
        rendered, report, retries, fallback = outcome
        # the swap: one assignment block, after everything above succeeded
        self.rendered, self.compacted_state = rendered, work
        self._intents_upto, self._intents = len(self.messages), None
        self.folded_upto, self.fallback, self.failed = fold_upto, fallback, False
        self._events = []
        latency["total"] = _ms(t0, time.perf_counter())
        record.tokens_out, record.ratio = rendered.tokens, round(rendered.tokens / max(1, tokens_in), 4)
        record.latency_ms, record.validation, record.retries = latency, report, retries
        record.fallback, record.change_notice = fallback, rendered.change_notice
        served = count_joined(self._compressed_parts(self.config.history_budget))
        if not self._saves_enough(served) and record.validation is not None:
            raw = self.raw_history_tokens()
            record.validation.served_raw = f"not smaller than the raw history ({served} of {raw} tokens)"
        self.records.append(record)
        return record


def _ms(start: float, end: float) -> float:
    return round((end - start) * 1000, 3)
