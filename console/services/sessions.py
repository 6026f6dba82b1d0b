"""The Sessions screen: search and page through contexts, and one session's timeline and records.

    >>> page = search_sessions(store, SessionQuery(text="sgd-", health=["red"], page=1))
    >>> detail = session_detail(store, page.items[0].context_id)

What one session's screen draws from the detail (timeline, tables) is in session_views.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal

import pandas as pd
from pydantic import BaseModel, Field

from console.health import MetricVerdict, Severity, Thresholds, verdicts
from console.services.served import (
    Switches,
    read_switches,
    reduction_pct,
    served_now,
    served_of,
    served_text,
    served_tokens,
)
from core.render import turn_tokens
from core.served import REASON_TEXT, ServedDecision
from core.stage_outputs import CompactionRecord
from data.ops_records import AuditEntry, BreakerState
from data.records import ContextFilter, ContextSummary, Page, PointFilter, StoredMessage, Timeline
from data.store import Store

HEALTH_LABELS: tuple[str, ...] = tuple(s.value for s in Severity)
SORT_COLUMNS = {
    "updated_at": "Last activity",
    "created_at": "Started",
    "turns": "Turns",
    "tokens_raw": "Raw tokens",
    "context_id": "Context id",
    "source": "Source",
    "health": "Health",
}
PAGE_SIZES = (25, 50, 100, 200)
MAX_SEARCH_CHARS = 512
Outcome = Literal["ok", "fallback", "failed"]


class SessionQuery(BaseModel):
    """What the operator asked for in the search bar and filters."""

    text: str = Field(default="", description="context_id prefix, or a full id pasted")
    search: str = Field(default="", description="words of a turn or a fact value (any case)")
    tool: str = Field(default="", description="a tool's name a turn called (any case)")
    behind: PointFilter | None = Field(default=None, description="the sessions behind a chart point")
    source: str | None = None
    health: list[str] = Field(default_factory=list)
    date_from: date | None = Field(default=None, description="last activity on or after this day (UTC)")
    date_to: date | None = Field(default=None, description="last activity on or before this day (UTC)")
    sort: str = "updated_at"
    descending: bool = True
    page: int = Field(default=1, ge=1)
    page_size: int = Field(default=50, ge=1, le=1000)


def to_filter(query: SessionQuery) -> ContextFilter:
    """The Store's filter for a query; ValueError names a bad field (search too long, dates reversed)."""
    text = query.text.strip()
    if len(text) > MAX_SEARCH_CHARS:
        raise ValueError(
            f"the search text is {len(text)} characters; context ids are at most {MAX_SEARCH_CHARS}"
        )
    if query.date_from and query.date_to and query.date_from > query.date_to:
        raise ValueError(f"the date range is reversed: {query.date_from} is after {query.date_to}")
    unknown = [h for h in query.health if h not in HEALTH_LABELS]
    if unknown:
        raise ValueError(f"unknown health {', '.join(unknown)}; use {', '.join(HEALTH_LABELS)}")
    return ContextFilter(
        id_prefix=text or None,
        source=query.source or None,
        health=list(query.health) or None,
        updated_from=datetime.combine(query.date_from, time.min, UTC) if query.date_from else None,
        updated_to=datetime.combine(query.date_to + timedelta(days=1), time.min, UTC)
        if query.date_to
        else None,
        text=query.search.strip() or None,
        tool=query.tool.strip() or None,
        behind=query.behind,
    )


def search_sessions(store: Store, query: SessionQuery) -> Page[ContextSummary]:
    """One page of matching contexts, with the total (for 'n of N' and the pager)."""
    if query.sort not in SORT_COLUMNS:
        raise ValueError(f"cannot sort by {query.sort!r}; use one of {', '.join(SORT_COLUMNS)}")
    return store.find_contexts(
        to_filter(query),
        limit=query.page_size,
        offset=(query.page - 1) * query.page_size,
        order_by=query.sort,
        descending=query.descending,
    )


def page_count(page: Page[ContextSummary]) -> int:
    """How many pages the total makes (at least 1, so 'page 1 of 1' when nothing matched)."""
    return max(1, math.ceil(page.total / max(1, page.limit)))


def sessions_frame(
    items: list[ContextSummary], switches: Switches | None = None, history_budget: int | None = None
) -> pd.DataFrame:
    """The grid's rows: one per context, numbers as numbers; mode, reason and context tokens as the
    model is served now (console.services.served: the breaker switches first, then the session's
    own reason), so a context served raw shows raw tokens and no saving."""
    switches = switches or Switches()
    rows = []
    for c in items:
        served = served_of(c, switches)
        tokens = served_tokens(c, served, history_budget)
        rows.append(
            {
                "context_id": c.context_id,
                "source": c.source,
                "lang": c.lang,
                "turns": c.turns,
                "raw_tokens": c.tokens_raw,
                "context_tokens": tokens,
                "reduction_pct": reduction_pct(c, tokens, served),
                "compactions": c.compactions,
                "health": c.health,
                "mode": served.mode,
                "why_raw": REASON_TEXT.get(served.reason, served.reason),
                "last_activity": c.updated_at.strftime("%Y-%m-%d %H:%M"),
            }
        )
    columns = [
        "context_id",
        "source",
        "lang",
        "turns",
        "raw_tokens",
        "context_tokens",
        "reduction_pct",
        "compactions",
        "health",
        "mode",
        "why_raw",
        "last_activity",
    ]
    return pd.DataFrame(rows, columns=columns)


def served_frame(store: Store, items: list[ContextSummary]) -> pd.DataFrame:
    """The grid's rows with the switches read now (one read for the page) and the window budget."""
    return sessions_frame(items, read_switches(store), store.current_config().history_budget)


def context_change_pct(summary: ContextSummary, tokens: int | None = None) -> float | None:
    """How much bigger (+) or smaller (-) the served context (``tokens``, default the stored count)
    is than the raw dialogue, in percent."""
    if not summary.tokens_raw:
        return None
    served = summary.tokens_context if tokens is None else tokens
    return 100.0 * (served - summary.tokens_raw) / summary.tokens_raw


def recent_context_ids(store: Store, limit: int = 200) -> list[str]:
    """The most recently active context ids (the context picker's list)."""
    page = store.find_contexts(ContextFilter(), limit=limit, order_by="updated_at", descending=True)
    return [c.context_id for c in page.items]


def resolve_context(store: Store, text: str) -> tuple[str | None, list[str]]:
    """An exact id, or the one context a prefix names; else (None, up to 10 candidates)."""
    text = (text or "").strip()
    if not text or len(text) > MAX_SEARCH_CHARS:
        return None, []
    if store.get_context(text) is not None:
        return text, [text]
    page = store.find_contexts(
        ContextFilter(id_prefix=text), limit=10, order_by="context_id", descending=False
    )
    ids = [c.context_id for c in page.items]
    return (ids[0] if page.total == 1 else None), ids


# --- one session ---------------------------------------------------------------------------------


class CompactionPoint(BaseModel):
    """A compaction on the timeline: where, tokens before and after, and how it went."""

    seq: int
    turn: int
    tokens_before: int
    tokens_after: int
    outcome: Outcome
    trigger: str
    tier: int
    ratio: float
    notice: str = ""


class TokenSeries(BaseModel):
    """Per turn: who spoke, the raw dialogue's tokens so far, the tokens served to the model."""

    turns: list[int] = Field(default_factory=list)
    roles: list[str] = Field(default_factory=list)
    raw: list[int] = Field(default_factory=list)
    served: list[int] = Field(default_factory=list)


class SessionDetail(BaseModel):
    """Everything the Sessions screen shows about one context."""

    summary: ContextSummary
    messages: list[StoredMessage]
    compactions: list[CompactionRecord]
    rendered: str | None = Field(description="the text the model is given now (raw when served raw)")
    served: ServedDecision = Field(description="the effective mode and reason (core.served.decide_served)")
    served_tokens: int = Field(0, description="tokens the model is given now")
    health: list[MetricVerdict] = Field(default_factory=list, description="each metric judged, worst first")
    breaker: BreakerState | None = None
    audit: list[AuditEntry] = Field(default_factory=list)
    audit_total: int = 0

    @property
    def served_mode(self) -> str:
        """'raw' or 'compressed': what the model is given now."""
        return self.served.mode

    @property
    def served_reason(self) -> str:
        """Why raw, in words ('' when compressed)."""
        return REASON_TEXT.get(self.served.reason, self.served.reason)

    @property
    def red_because(self) -> list[MetricVerdict]:
        """The metrics at the session's worst alert severity (none when it is healthy or NO DATA)."""
        worst = self.health[0].severity if self.health else None
        return [v for v in self.health if worst is not None and worst.is_alert and v.severity is worst]


def session_detail(store: Store, context_id: str, audit_limit: int = 200) -> SessionDetail | None:
    """A context's timeline, compaction records, served context and operator audit; None if unknown."""
    timeline: Timeline | None = store.timeline(context_id)
    if timeline is None:
        return None
    audit = store.audit_log(context_id=context_id, limit=audit_limit)
    config = store.current_config()
    summary = timeline.context
    served = served_now(store, summary)
    messages = [m.message for m in timeline.messages]
    return SessionDetail(
        summary=summary,
        messages=timeline.messages,
        compactions=timeline.compactions,
        rendered=served_text(served, timeline.rendered, messages, config.history_budget),
        served=served,
        served_tokens=served_tokens(summary, served, config.history_budget),
        health=verdicts(summary.health_metrics, Thresholds.from_config(config)),
        breaker=store.get_breaker(context_id),
        audit=audit.items,
        audit_total=audit.total,
    )


def compaction_outcome(record: CompactionRecord) -> Outcome:
    """ok (validated), fallback (key sentences served) or failed (the previous state was kept)."""
    if record.failed:
        return "failed"
    if record.fallback or (record.validation is not None and not record.validation.ok):
        return "fallback"
    return "ok"


def token_series(messages: list[StoredMessage], compactions: list[CompactionRecord]) -> TokenSeries:
    """Raw tokens so far (the raw history as it would be served) and tokens served after each turn.

    Served: the raw dialogue until the first good compaction; from a compaction on, its output
    tokens plus the turns said since (an estimate: the next compaction re-renders), unless that is
    not smaller than the raw dialogue: the session then serves raw (core.served.own_reason
    'not_smaller'), and so does the line."""
    series = TokenSeries()
    good = sorted((c for c in compactions if not c.failed), key=lambda c: (c.at_turn, c.seq))
    raw_total = 0
    since: dict[int, int] = {}  # compaction seq -> tokens of turns after it
    for stored in messages:
        m = stored.message
        tokens = turn_tokens(m)
        raw_total += tokens
        current = [c for c in good if c.at_turn <= m.idx]
        if current:
            last = current[-1]
            if last.at_turn < m.idx:
                since[last.seq] = since.get(last.seq, 0) + tokens
            served = min(last.tokens_out + since.get(last.seq, 0), raw_total)
        else:
            served = raw_total
        series.turns.append(m.idx)
        series.roles.append(m.role)
        series.raw.append(raw_total)
        series.served.append(served)
    return series


def compaction_points(compactions: list[CompactionRecord]) -> list[CompactionPoint]:
    """The compactions as points of the timeline, in order."""
    return [
        CompactionPoint(
            seq=c.seq,
            turn=c.at_turn,
            tokens_before=c.tokens_in,
            tokens_after=c.tokens_out,
            outcome=compaction_outcome(c),
            trigger=c.trigger,
            tier=c.tier,
            ratio=c.ratio,
            notice=c.change_notice,
        )
        for c in sorted(compactions, key=lambda c: (c.at_turn, c.seq))
    ]
