"""Building the rows of an ingest: contexts, turns, traces, facts, history, compactions, metrics.

Everything here is pure (no database): a batch of ``ContextIngest`` bundles becomes one Arrow
table per table of the schema, as if every context were new (:func:`prepare_save`). A message's
content hash and a context's fingerprint (what makes a re-ingest idempotent) are made by
:mod:`data.queries.fingerprints`; :mod:`data.queries.ingest` writes these rows in a transaction.

Hot-path notes (measured, docs/benchmarks.md): rows are collected as tuples and transposed once;
context_id columns are dictionary-encoded (one string per context, not per row); JSON is handed to
Arrow as bytes; aware datetimes are normalised to naive UTC once per turn.
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
from pydantic_core import to_json

from core.models import Fact
from data.queries.columns import to_utc_naive
from data.queries.fingerprints import _Turn, context_fingerprint, prepare_turn
from data.records import CompactionEntry, ContextIngest, MetricPoint, StageTrace

_S, _I, _F, _B, _T = pa.string(), pa.int64(), pa.float64(), pa.bool_(), pa.timestamp("us")
_CID = "context_id"  # first column of every table below: dictionary-encoded

CONTEXT_TYPES = {
    "context_id": _S, "source": _S, "lang": _S, "created_at": _T, "updated_at": _T, "turns": _I,
    "tokens_raw": _I, "tokens_context": _I, "compactions": _I, "health": _S, "mode": _S,
    "fingerprint": _S, "rendered": _S, "state": _S, "served_reason": _S, "health_metrics": _S,
}  # fmt: skip
MESSAGE_TYPES = {
    "context_id": _S, "idx": _I, "version": _I, "role": _S, "text": _S, "ts": _T, "tokens": _I,
    "tool_call": _S, "tool_result": _S, "attachments": _S, "content_hash": _S, "ingested_at": _T,
}  # fmt: skip
TRACE_TYPES = {"context_id": _S, "idx": _I, "pos": _I, "stage": _S, "payload": _S, "latency_ms": _F}
FACT_TYPES = {
    "context_id": _S, "key": _S, "value": _S, "norm": _S, "strength": _S, "kind": _S, "status": _S,
    "weight": _F, "first_idx": _I, "last_idx": _I, "mentions": _I, "role": _S, "pinned": _B,
    "negated": _B, "verified_by_user": _B, "version": _I, "updated_at": _T, "updated_by": _S,
    "source": _S, "extra": _S,
}  # fmt: skip
HISTORY_TYPES = {
    "context_id": _S, "key": _S, "version": _I, "old_value": _S, "new_value": _S, "norm": _S,
    "status": _S, "strength": _S, "pinned": _B, "verified_by_user": _B, "turn": _I, "reason": _S,
    "actor": _S, "source": _S, "recorded_at": _T,
}  # fmt: skip
COMPACTION_TYPES = {
    "context_id": _S, "seq": _I, "at_turn": _I, "trigger": _S, "tier": _I, "fold_upto": _I,
    "tokens_in": _I, "tokens_out": _I, "ratio": _F, "latency_total_ms": _F, "latency_ms": _S,
    "validation_ok": _B, "validation": _S, "retries": _I, "fallback": _B, "failed": _B, "error": _S,
    "change_notice": _S, "created_at": _T, "state": _S, "rendered": _S, "source": _S,
}  # fmt: skip
METRIC_TYPES = {"context_id": _S, "source": _S, "metric": _S, "value": _F, "idx": _I, "recorded_at": _T}

# Fact fields that have their own column; the rest of a Fact (minus history) goes to `extra`.
FACT_COLUMNS = frozenset(
    {"key", "value", "norm", "strength", "kind", "status", "weight", "first_idx", "last_idx",
     "mentions", "role", "pinned", "negated", "verified_by_user", "history"}
)  # fmt: skip


def _json(value: Any) -> bytes | None:
    """JSON bytes for an Arrow string column (no decode/encode round trip); None stays None."""
    return None if value is None else to_json(value)


class _Rows:
    """Rows of one table as tuples in the order of ``types``; the first value is a context ref."""

    def __init__(self, types: dict[str, pa.DataType]) -> None:
        self.types = types
        self.names = tuple(types)
        self.rows: list[tuple[Any, ...]] = []

    def add(self, **row: Any) -> None:
        """Add a row by column name (for the tables with few rows per context)."""
        self.rows.append(tuple(row[name] for name in self.names))

    def table(self, context_ids: pa.Array) -> pa.Table:
        columns = list(zip(*self.rows, strict=True)) if self.rows else [() for _ in self.names]
        arrays = []
        for name, values in zip(self.names, columns, strict=True):
            if name == _CID:
                refs = pa.array(values, type=pa.int32())
                arrays.append(pa.DictionaryArray.from_arrays(refs, context_ids))
            else:
                arrays.append(pa.array(values, type=self.types[name]))
        return pa.Table.from_arrays(arrays, names=list(self.names))


class _Batch:
    """The rows of every table for the contexts written in one transaction."""

    def __init__(self) -> None:
        self.context_ids: list[str] = []
        self.contexts = _Rows(CONTEXT_TYPES)
        self.messages = _Rows(MESSAGE_TYPES)
        self.traces = _Rows(TRACE_TYPES)
        self.facts = _Rows(FACT_TYPES)
        self.history = _Rows(HISTORY_TYPES)
        self.compactions = _Rows(COMPACTION_TYPES)
        self.metrics = _Rows(METRIC_TYPES)

    def ref(self, context_id: str) -> int:
        """The dictionary index of a context id (register each context once, before its rows)."""
        self.context_ids.append(context_id)
        return len(self.context_ids) - 1

    def tables(self) -> dict[str, pa.Table]:
        """Every table's rows as Arrow, keyed by table name (contexts first)."""
        ids = pa.array(self.context_ids, type=pa.string())
        return {
            "contexts": self.contexts.table(ids),
            "messages": self.messages.table(ids),
            "stage_traces": self.traces.table(ids),
            "facts": self.facts.table(ids),
            "fact_history": self.history.table(ids),
            "compactions": self.compactions.table(ids),
            "metrics": self.metrics.table(ids),
        }


def with_context_keys(table: pa.Table, key_by_ref: Sequence[int | None]) -> pa.Table:
    """``table`` plus a context_key column: the key of each row's dictionary-encoded context."""
    refs = table.column(_CID).combine_chunks().indices if table.num_rows else pa.array([], pa.int32())
    keys = pc.take(pa.array(key_by_ref, type=pa.int64()), refs)
    return table.append_column("context_key", keys)


@dataclass(frozen=True)
class PreparedSave:
    """A batch of contexts turned into Arrow tables as if all were new, before touching the database.

    Building rows is most of the work of a save and needs no lock, so it happens first; the
    transaction then only checks which contexts are already stored and appends the rest.
    """

    bundles: tuple[ContextIngest, ...]
    turns: tuple[list[_Turn], ...]
    fingerprints: tuple[str, ...]
    tables: dict[str, pa.Table]
    now: datetime


def prepare_save(bundles: Sequence[ContextIngest], now: datetime) -> PreparedSave:
    """Build the rows of every bundle (no database access); see ``write_prepared``."""
    ids = [bundle.context_id for bundle in bundles]
    if len(ids) != len(set(ids)):
        dupes = sorted({cid for cid in ids if ids.count(cid) > 1})
        raise ValueError(f"context_id given twice in one save: {', '.join(dupes[:5])}")
    batch = _Batch()
    all_turns, fingerprints = [], []
    with gc_paused():
        for bundle in bundles:
            turns = [prepare_turn(m) for m in bundle.messages]
            fingerprint = context_fingerprint([(t.message.idx, t.content_hash) for t in turns])
            _add_new_context(batch, bundle, turns, fingerprint, now)  # ref == position in bundles
            all_turns.append(turns)
            fingerprints.append(fingerprint)
        tables = batch.tables()
        # Free the row tuples while collection is off: alive when it resumed, they made the next
        # allocation scan them all (and move them up the generations): ~3% of a save (measured).
        del batch
    return PreparedSave(tuple(bundles), tuple(all_turns), tuple(fingerprints), tables, now)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off inside the block (restored as it was after it).

    A batch allocates ~100 row tuples and outcomes per context and no reference cycles; with the
    collector on, each gen-0 pass re-scans them and the passes cost ~20% of a save (measured).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _add_new_context(
    batch: _Batch, bundle: ContextIngest, turns: list[_Turn], fingerprint: str, now: datetime
) -> None:
    ref = batch.ref(bundle.context_id)
    times = [t.ts for t in turns if t.ts is not None]
    ts_by_idx = {t.message.idx: t.ts for t in turns}
    batch.contexts.add(
        context_id=ref,
        source=bundle.source,
        lang=bundle.lang,
        created_at=to_utc_naive(bundle.created_at) or (min(times) if times else now),
        updated_at=max(times) if times else now,
        turns=len(turns),
        tokens_raw=sum(t.message.tokens for t in turns) if bundle.tokens_raw is None else bundle.tokens_raw,
        tokens_context=bundle.tokens_context,
        compactions=len(bundle.compactions),
        health=bundle.health,
        mode=bundle.mode,
        fingerprint=fingerprint,
        rendered=bundle.rendered,
        state=_json(bundle.state),
        served_reason=bundle.served_reason,
        health_metrics=_json(bundle.health_metrics),
    )
    for turn in turns:
        _add_message(batch, ref, turn, 1, now)
    _add_traces(batch, ref, bundle.traces)
    for fact in bundle.facts:
        _add_fact(batch, ref, fact, now)
        _add_history(batch, ref, fact, ts_by_idx, now, start_version=1, old_value=None)
    _add_compactions(batch, ref, bundle, bundle.compactions, first_seq=None, now=now)
    _add_metrics(batch, ref, bundle, bundle.metrics)


def _add_message(batch: _Batch, ref: int, t: _Turn, version: int, now: datetime) -> None:
    m = t.message  # positional, in MESSAGE_TYPES order: a hot path (about 20 rows per context)
    batch.messages.rows.append(
        (
            ref,
            m.idx,
            version,
            m.role,
            m.text,
            t.ts,
            m.tokens,
            t.tool_call,
            t.tool_result,
            t.attachments,
            t.content_hash,
            now,
        )
    )


def _add_traces(batch: _Batch, ref: int, traces: Sequence[StageTrace]) -> None:
    # positional, in TRACE_TYPES order: the hottest path (about 60 rows per context). A turn's traces
    # usually come together, so the position restarts at 0 without a dict lookup per row.
    append, dump = batch.traces.rows.append, to_json
    position: dict[int, int] = {}
    current, pos = None, 0
    for trace in traces:
        idx = trace.idx
        if idx != current:
            if current is not None:
                position[current] = pos
            current, pos = idx, position.get(idx, 0)
        append((ref, idx, pos, trace.stage, dump(trace.payload), trace.latency_ms))
        pos += 1


@functools.cache
def _extra_fields(fact_type: type[Fact]) -> tuple[str, ...]:
    """The fields of a Fact class without a column of their own (computed once per class)."""
    return tuple(name for name in fact_type.model_fields if name not in FACT_COLUMNS)


def _fact_extra(fact: Fact) -> bytes | None:
    """The Fact fields without a column of their own (added to the core model later), as JSON."""
    names = _extra_fields(type(fact))
    return to_json({name: getattr(fact, name) for name in names}) if names else None


def _add_fact(batch: _Batch, ref: int, fact: Fact, now: datetime) -> None:
    # positional, in FACT_TYPES order (keyword rows cost a third of the build, measured)
    batch.facts.rows.append((
        ref, fact.key, fact.value, fact.norm, fact.strength, fact.kind, fact.status, fact.weight,
        fact.first_idx, fact.last_idx, fact.mentions, fact.role, fact.pinned, fact.negated,
        fact.verified_by_user, len(fact.history) + 1, now, "pipeline", "pipeline", _fact_extra(fact),
    ))  # fmt: skip


def _add_history(
    batch: _Batch,
    ref: int,
    fact: Fact,
    ts_by_idx: dict[int, datetime | None],
    now: datetime,
    start_version: int,
    old_value: str | None,
    reason: str | None = None,
    floor: datetime | None = None,
) -> None:
    """The fact's versions in order: each earlier value, then the current one.

    Version k+1 replaces version k; the FactVersion that was replaced says when (replaced_at),
    why (reason), by whom (actor) and from where (source). A version is recorded at its turn's
    time, but never before the version it replaces (``floor``: the stored latest version's time):
    turn times come from the dialogue and may go back (a historical import corrected today, clocks
    that disagree), and a fact's versions must stay ordered in time as in number.
    """
    chain = [(v.value, v.norm, v.idx) for v in fact.history] + [(fact.value, fact.norm, fact.last_idx)]
    previous = old_value
    last = len(chain) - 1
    for position, (value, norm, stated_idx) in enumerate(chain):
        replaced = fact.history[position - 1] if position > 0 else None
        turn = replaced.replaced_at if replaced else stated_idx
        at = ts_by_idx.get(turn) or now
        if floor is not None and at < floor:
            at = floor
        floor = at
        # positional, in HISTORY_TYPES order
        batch.history.rows.append((
            ref, fact.key, start_version + position, previous, value, norm,
            fact.status if position == last else "active", fact.strength, fact.pinned,
            fact.verified_by_user and position == last, turn,
            reason or (replaced.reason if replaced else "stated"),
            replaced.actor if replaced else "pipeline", replaced.source if replaced else "pipeline", at,
        ))  # fmt: skip
        previous = value


def _add_compactions(
    batch: _Batch,
    ref: int,
    bundle: ContextIngest,
    entries: Sequence[CompactionEntry],
    first_seq: int | None,
    now: datetime,
) -> None:
    for offset, entry in enumerate(entries):
        r = entry.record
        batch.compactions.add(
            context_id=ref,
            seq=r.seq if first_seq is None else first_seq + offset,
            at_turn=r.at_turn,
            trigger=r.trigger,
            tier=r.tier,
            fold_upto=r.fold_upto,
            tokens_in=r.tokens_in,
            tokens_out=r.tokens_out,
            ratio=r.ratio,
            latency_total_ms=r.latency_ms.get("total"),
            latency_ms=to_json(r.latency_ms),
            validation_ok=r.validation.ok if r.validation else None,
            validation=_json(r.validation),
            retries=r.retries,
            fallback=r.fallback,
            failed=r.failed,
            error=r.error,
            change_notice=r.change_notice,
            created_at=to_utc_naive(r.created_at) or now,
            state=_json(entry.state),
            rendered=entry.rendered,
            source=bundle.source,
        )


def _add_metrics(batch: _Batch, ref: int, bundle: ContextIngest, points: Sequence[MetricPoint]) -> None:
    for p in points:  # positional, in METRIC_TYPES order
        batch.metrics.rows.append(
            (ref, p.source or bundle.source, p.metric, p.value, p.idx, to_utc_naive(p.at))
        )
