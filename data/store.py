"""The Store: the one door to the console's DuckDB file. Every read and write goes through it.

    >>> from data.store import Store
    >>> store = Store.open(tmp_path / "console.duckdb")        # creates and migrates the file
    >>> store.save_contexts([bundle])                           # one transaction for the batch
    >>> page = store.find_contexts(ContextFilter(id_prefix="sgd-"), limit=20)
    >>> store.apply_corrections([FactCorrection(context_id="c1", key="hotel.area", new_value="north",
    ...                                         actor="ana", source="form")])

Each method holds the file only for its own work (see data/concurrency.py): the console, an ingest
run and an agent can use the same file at once; a call waits (backoff with jitter) while another
process holds it and raises StoreBusyError past the deadline. Every multi-row change is one
transaction; the writes of one process take turns (reads run side by side), and a conflict that
still happens is retried with backoff.

The class is built in layers, each in its own module: the file, its lease and transactions
(data/store_file.py: ``StoreFile``); the operator controls, breaker switches, audit and config
(data/store_controls.py: ``OperatorControls``); and here contexts, traces, facts, corrections,
metrics and the integrity check.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import duckdb

from core.models import ContextState
from data.concurrency import StoreError
from data.ops_records import CompactionStats, IntegrityReport, MetricSeries
from data.queries import bulk as bulk_sql
from data.queries import corrections as corrections_sql
from data.queries import facts as facts_sql
from data.queries import ingest as ingest_sql
from data.queries import ingest_rows
from data.queries import integrity as integrity_sql
from data.queries import metrics as metrics_sql
from data.queries import served as served_sql
from data.queries import sessions as sessions_sql
from data.queries.columns import parse_json
from data.queries.metrics import Bucket
from data.records import (
    ContextFilter,
    ContextIngest,
    ContextSummary,
    CorrectionBatchResult,
    FactCorrection,
    FactHistoryEntry,
    FactRecord,
    MetricPoint,
    Page,
    SaveOutcome,
    StageTrace,
    StoredCompaction,
    StoredMessage,
    Timeline,
)
from data.store_controls import OperatorControls
from data.store_file import is_save_race


class Store(OperatorControls):
    """Reads and writes of contexts, traces, facts, corrections, breaker, audit, config and metrics."""

    # --- ingest ---------------------------------------------------------------------------------

    def save_contexts(self, bundles: Sequence[ContextIngest]) -> list[SaveOutcome]:
        """Save whole contexts in ONE transaction: all of them or none (a crash leaves no partial context).

        Idempotent per (context_id, idx): an unchanged turn is not written again, a changed turn
        becomes a new version. Batch many contexts per call for throughput (see docs/benchmarks.md).
        """
        if not bundles:
            return []
        return self.save_prepared(self.prepare_save(bundles))

    def prepare_save(self, bundles: Sequence[ContextIngest]) -> ingest_rows.PreparedSave:
        """Build a batch's rows without touching the file (most of a save's work; no lock needed)."""
        return ingest_rows.prepare_save(bundles, self.clock())

    def save_prepared(self, prepared: ingest_rows.PreparedSave) -> list[SaveOutcome]:
        """Write a prepared batch in one transaction (the file is held only for this part)."""
        return self._write(lambda con: ingest_sql.write_prepared(con, prepared), retry_if=is_save_race)

    def fingerprints(self, context_ids: Sequence[str]) -> dict[str, str]:
        """The stored fingerprint of each given context that is stored (see messages_fingerprint).

        An ingest compares it with ``data.queries.fingerprints.messages_fingerprint(turns)`` to skip a
        conversation that is stored unchanged before running the core on it.
        """
        ids = list(context_ids)
        return self._read(lambda con: ingest_sql.stored_fingerprints(con, ids)) if ids else {}

    def save_context(self, bundle: ContextIngest) -> SaveOutcome:
        """Save one context's ingest result in one transaction."""
        return self.save_contexts([bundle])[0]

    # --- sessions -------------------------------------------------------------------------------

    def find_contexts(
        self,
        flt: ContextFilter | None = None,
        *,
        limit: int = 50,
        offset: int = 0,
        order_by: str = "updated_at",
        descending: bool = True,
    ) -> Page[ContextSummary]:
        """One page of contexts matching id prefix / source / health / lang / mode / dates, with the total."""
        flt = flt or ContextFilter()
        return self._read(
            lambda con: sessions_sql.find_contexts(con, flt, limit, offset, order_by, descending)
        )

    def get_context(self, context_id: str) -> ContextSummary | None:
        """One context's summary row, or None if it is not stored."""
        return self._read(lambda con: sessions_sql.get_context(con, context_id))

    def sources(self) -> list[str]:
        """The distinct sources of stored contexts (for filter widgets)."""
        return self._read(sessions_sql.list_sources)

    def timeline(self, context_id: str) -> Timeline | None:
        """A context's turns (latest versions) and compaction records in order; None if unknown."""
        return self._read(lambda con: sessions_sql.timeline(con, context_id))

    def message_versions(self, context_id: str, idx: int) -> list[StoredMessage]:
        """Every stored version of one turn, oldest first."""
        return self._read(lambda con: sessions_sql.message_versions(con, context_id, idx))

    def stage_traces(self, context_id: str, idx: int) -> list[StageTrace]:
        """The recorded stage outputs of one turn, in stage order (the replay's three columns)."""
        return self._read(lambda con: sessions_sql.stage_traces(con, context_id, idx))

    def traced_turns(self, context_id: str) -> list[int]:
        """The turns that have stage traces, in order (the replay's steps)."""
        return self._read(lambda con: sessions_sql.traced_turns(con, context_id))

    def compactions(self, context_id: str, *, with_state: bool = False) -> list[StoredCompaction]:
        """A context's compactions by seq; with_state adds each one's state and rendered context."""
        return self._read(lambda con: sessions_sql.compactions(con, context_id, with_state))

    def compaction_pair(
        self, context_id: str, seq_a: int, seq_b: int
    ) -> tuple[StoredCompaction, StoredCompaction]:
        """Two compactions with their states, for the diff screen; KeyError names a missing one."""
        found = self._read(lambda con: sessions_sql.compactions(con, context_id, True, [seq_a, seq_b]))
        by_seq = {c.record.seq: c for c in found}
        for seq in (seq_a, seq_b):
            if seq not in by_seq:
                raise KeyError(f"context {context_id!r} has no compaction {seq}")
        return by_seq[seq_a], by_seq[seq_b]

    def load_state(self, context_id: str) -> ContextState | None:
        """The latest ContextState saved for a context (an agent resumes from it), or None."""
        row = self._read(
            lambda con: con.execute(
                "SELECT state FROM contexts WHERE context_id = ?", [context_id]
            ).fetchone()
        )
        if not row or row[0] is None:
            return None
        return ContextState.model_validate(parse_json(row[0]))

    def export_rows(self, context_ids: Sequence[str]) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
        """The latest turns and the current facts of each given context, for an export file."""
        ids = list(context_ids)
        return self._read(lambda con: (bulk_sql.transcripts(con, ids), bulk_sql.current_facts(con, ids)))

    # --- facts and corrections ------------------------------------------------------------------

    def facts(self, context_id: str, *, with_history: bool = True) -> list[FactRecord]:
        """A context's current facts by key, each with every version (with_history)."""
        return self._read(lambda con: facts_sql.facts(con, context_id, with_history))

    def fact_history(self, context_id: str, key: str) -> list[FactHistoryEntry]:
        """Every version of one fact, oldest first."""
        return self._read(lambda con: facts_sql.fact_history(con, context_id, key))

    def preview_corrections(self, corrections: Sequence[FactCorrection]) -> CorrectionBatchResult:
        """What apply_corrections would do (old -> new, per-row errors), writing nothing."""
        outcomes, _ = self._read(lambda con: corrections_sql.evaluate_corrections(con, corrections))
        return corrections_sql.batch_result(
            "preview", outcomes, applied=not any(o.status == "rejected" for o in outcomes)
        )

    def apply_corrections(
        self, corrections: Sequence[FactCorrection], *, batch_id: str | None = None
    ) -> CorrectionBatchResult:
        """Apply a batch of fact corrections all-or-nothing, in one transaction.

        The one path for the form, grid edits, CSV uploads and the API. Each changed fact gets a
        new version in facts and fact_history, and every row lands in corrections and audit with
        who, when and from where. If any row is refused (unknown context or key, duplicate,
        stale version) nothing is applied; the attempt is still logged.
        """
        if not corrections:
            raise ValueError("no corrections given")
        batch_id = batch_id or uuid.uuid4().hex
        now = self.clock()

        def run(con: Any) -> CorrectionBatchResult:
            outcomes, changes = corrections_sql.evaluate_corrections(con, corrections)
            applied = not any(o.status == "rejected" for o in outcomes)
            result = corrections_sql.batch_result(batch_id, outcomes, applied)
            corrections_sql.write_corrections(
                con, batch_id, corrections, result.outcomes, changes if applied else [], now
            )
            if applied:  # the agent's saved state and the served context take the new values too
                served_sql.apply_to_served(con, served_sql.from_changes(changes))
            return result

        return self._write_change(run, context_ids=[c.context_id for c in corrections])

    # --- metrics --------------------------------------------------------------------------------

    def add_metrics(self, points: Sequence[MetricPoint]) -> int:
        """Append metric samples in one transaction; returns how many."""
        return self._write(lambda con: metrics_sql.add_metrics(con, points))

    def metric_series(
        self,
        metrics: Sequence[str] | None = None,
        *,
        bucket: Bucket = "hour",
        source: str | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> MetricSeries:
        """Metrics aggregated per hour or day, per source and overall, as chart-ready columns."""
        return self._read(lambda con: metrics_sql.metric_series(con, metrics, bucket, source, start, end))

    def compaction_stats(
        self,
        *,
        bucket: Bucket = "hour",
        source: str | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
    ) -> list[CompactionStats]:
        """Compaction outcomes and latency per hour or day, per source and overall."""
        return self._read(lambda con: metrics_sql.compaction_stats(con, bucket, source, start, end))

    # --- integrity ------------------------------------------------------------------------------

    def check(self) -> IntegrityReport:
        """Row counts, orphan rows, fact version order and schema version (python -m console check).

        StoreError when the file cannot be read at all (not a DuckDB file, a damaged block)."""
        try:
            return self._read(lambda con: integrity_sql.check(con, str(self.path)))
        except duckdb.Error as exc:
            raise StoreError(
                f"{self.path}: the database cannot be read; it is damaged or not ours: {exc}"
            ) from exc
