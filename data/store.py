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
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import duckdb

from core.config import Config
from core.models import ContextState, Mode
from core.served import switch_reason
from data.changes import EVERYTHING, ChangeLog
from data.concurrency import (
    FileLease,
    RetryPolicy,
    StoreBusyError,
    StoreError,
    is_conflict_error,
    leased,
)
from data.ops_records import (
    AuditEntry,
    BreakerState,
    CompactionStats,
    ConfigVersion,
    IntegrityReport,
    MetricSeries,
)
from data.paths import default_db_path
from data.queries import bulk as bulk_sql
from data.queries import corrections as corrections_sql
from data.queries import facts as facts_sql
from data.queries import ingest as ingest_sql
from data.queries import ingest_rows
from data.queries import integrity as integrity_sql
from data.queries import metrics as metrics_sql
from data.queries import ops as ops_sql
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
from data.schema import migrate, utc_now

R = TypeVar("R")
log = logging.getLogger(__name__)


def _owner_only(path: Path) -> None:
    """Make the write-ahead log DuckDB creates (with the process umask) readable by its owner only,
    as the database file is (data/concurrency.py); it holds the last writes in the clear."""
    with contextlib.suppress(OSError):
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)


def _is_save_race(exc: BaseException) -> bool:
    # Two threads creating the same context: the loser's primary-key clash is a conflict to retry
    # (the retry sees the context stored and compares fingerprints).
    return is_conflict_error(exc) or isinstance(exc, duckdb.ConstraintException)


def breaker_reason_in(con: Any, context_id: str) -> str | None:
    """``Store.breaker_reason`` inside a read the caller holds (raises what the read raises)."""
    return breaker_reason_of(ops_sql.get_breaker(con, None), ops_sql.get_breaker(con, context_id))


def breaker_reason_of(global_state: BreakerState | None, own: BreakerState | None) -> str | None:
    """Which switch serves a context raw, from the global switch's and its own stored states."""
    return switch_reason(
        global_raw=global_state is not None and global_state.mode == "raw",
        own_raw=own is not None and own.mode == "raw",
        own_auto=own is not None and own.auto,
    )


class Store:
    """Reads and writes of contexts, traces, facts, corrections, breaker, audit, config and metrics."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        policy: RetryPolicy | None = None,
        clock: Callable[[], datetime] = utc_now,
        linger: float = 1.0,
    ) -> None:
        """Configure only; nothing is opened until the first call (use ``Store.open`` to migrate now).

        path: the database file (default: $CONSOLE_DB or data/console.duckdb).
        policy: how long and how to wait for a file another process holds.
        clock: naive-UTC "now" for every timestamp written (tests pass a fixed clock).
        linger: seconds to keep the file open after the last call, unless another process waits
            for it (0: release at once). The first Store of a process on a path sets it.
        """
        self.path = Path(path) if path is not None else default_db_path()
        self.policy = policy or RetryPolicy()
        self.clock = clock
        self._linger = linger
        self._lease: FileLease | None = None
        self._rng = random.Random()

    @classmethod
    def open(cls, path: str | Path | None = None, **kwargs: Any) -> Store:
        """A Store on ``path`` with the schema created or migrated to the latest version."""
        store = cls(path, **kwargs)
        store.migrate()
        return store

    # --- plumbing -------------------------------------------------------------------------------

    @property
    def lease(self) -> FileLease:
        """This process's hold on the file (shared by every Store on the same path)."""
        if self._lease is None:
            self._lease = leased(self.path, self.policy, self._linger)
        return self._lease

    @property
    def changes(self) -> ChangeLog:
        """The file's change log (data/changes.py): a line after each write a live reader caches."""
        return ChangeLog(self.path)

    def _write_change(
        self, fn: Callable[[Any], R], *, context_ids: Sequence[str] = (), scope: str = EVERYTHING
    ) -> R:
        """``_write``, then note the change (of ``context_ids``, else of ``scope``) in the change
        log, so the compaction service's caches see it at once (breaker, corrections, config,
        tokens, keys). A failed write notes it too: a reader re-reading for nothing is harmless."""
        try:
            return self._write(fn)
        finally:
            for cid in dict.fromkeys(context_ids):
                self.changes.bump(context_id=cid)
            if not context_ids:
                self.changes.bump(scope=scope)

    def _read(self, fn: Callable[[Any], R]) -> R:
        with self.lease.acquire(self.policy.deadline) as cur:
            return fn(cur)

    def _write(
        self, fn: Callable[[Any], R], retry_if: Callable[[BaseException], bool] = is_conflict_error
    ) -> R:
        """Run ``fn`` in one transaction; writes of this process take turns (no write-write conflicts).

        A conflict that still happens (retry_if) is retried with backoff until the policy's deadline.
        """
        deadline = time.monotonic() + self.policy.deadline
        attempt = 0
        while True:
            try:
                with self.lease.write_lock, self.lease.acquire(self.policy.deadline) as cur:
                    cur.execute("BEGIN TRANSACTION")
                    try:
                        result = fn(cur)
                        cur.execute("COMMIT")
                        _owner_only(self.path.with_name(self.path.name + ".wal"))
                    except BaseException:
                        with contextlib.suppress(duckdb.Error):
                            cur.execute("ROLLBACK")
                        raise
                    return result
            except duckdb.Error as exc:
                if not retry_if(exc) or time.monotonic() > deadline:
                    raise StoreError(
                        f"{self.path}: the write failed and was rolled back (nothing of it was "
                        f"saved; what was there before is intact): {exc}"
                    ) from exc
                time.sleep(self.policy.delay(attempt, self._rng))
                attempt += 1

    def migrate(self) -> int:
        """Create or upgrade the schema; returns the version the file is at."""
        return self._read(migrate)

    def close(self) -> None:
        """Release the file now if no call of this process is using it."""
        self.lease.close()

    def yield_to_waiters(self, max_wait: float = 1.0) -> float:
        """Pause while another process waits for the file; bulk writers call this between batches."""
        return self.lease.yield_to_waiters(max_wait)

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
        return self._write(lambda con: ingest_sql.write_prepared(con, prepared), retry_if=_is_save_race)

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

    # --- circuit breaker ------------------------------------------------------------------------

    def get_breaker(self, context_id: str | None = None) -> BreakerState | None:
        """The global switch (no context_id) or one context's switch; None if never set."""
        return self._read(lambda con: ops_sql.get_breaker(con, context_id))

    def set_breaker(
        self,
        mode: Mode,
        *,
        context_id: str | None = None,
        reason: str,
        actor: str,
        role: str = "operator",
        auto: bool = False,
        source: str = "form",
    ) -> BreakerState:
        """Switch raw/compressed globally or for one context, with reason and actor; audited."""
        if mode not in ("raw", "compressed"):
            raise ValueError(f"breaker mode must be 'raw' or 'compressed', not {mode!r}")
        if not reason.strip():
            raise ValueError("a breaker change needs a reason")
        if not actor.strip():
            raise ValueError("a breaker change needs an actor")
        now = self.clock()
        return self._write_change(
            lambda con: ops_sql.set_breaker(
                con, mode, context_id, reason.strip(), actor, role, auto, source, now
            ),
            context_ids=[context_id] if context_id is not None else [],
        )

    def set_breakers(
        self, mode: Mode, context_ids: Sequence[str], *, reason: str, actor: str, role: str = "operator"
    ) -> tuple[str, list[BreakerState]]:
        """Switch many contexts in one transaction (all stored, or KeyError and nothing changes);
        each context audited, and the whole as one ``breaker.bulk`` row. Returns (batch id, states)."""
        if mode not in ("raw", "compressed") or not reason.strip() or not actor.strip():
            raise ValueError(f"a bulk switch needs mode raw/compressed ({mode!r}), a reason and an actor")
        batch_id, now = uuid.uuid4().hex, self.clock()
        why = reason.strip()
        states = self._write(
            lambda con: bulk_sql.set_breakers(con, mode, context_ids, why, actor, role, now, batch_id)
        )
        return batch_id, states

    def export_rows(self, context_ids: Sequence[str]) -> tuple[dict[str, list[dict]], dict[str, list[dict]]]:
        """The latest turns and the current facts of each given context, for an export file."""
        ids = list(context_ids)
        return self._read(lambda con: (bulk_sql.transcripts(con, ids), bulk_sql.current_facts(con, ids)))

    def breakers(self, mode: Mode | None = None) -> list[BreakerState]:
        """Every switch ever set, or only those now in ``mode`` ('raw': the contexts served raw)."""
        return self._read(lambda con: ops_sql.breakers(con, mode))

    def effective_mode(self, context_id: str) -> Mode:
        """'raw' if the global or the context's switch says raw, else 'compressed'.

        Fails closed: if the store cannot answer (locked past the deadline, broken file), 'raw'.
        """
        return "raw" if self.breaker_reason(context_id) else "compressed"

    def breaker_reason(self, context_id: str) -> str | None:
        """Which switch serves ``context_id`` raw (core.served.switch_reason), None when none does.

        Fails closed: 'breaker_error' when the store cannot answer (locked past the deadline, broken
        file), so the core serves raw and the screen says why."""
        try:
            return self._read(lambda con: breaker_reason_in(con, context_id))
        except (duckdb.Error, StoreBusyError, StoreError, OSError) as exc:
            log.warning("breaker unreadable for %s, serving raw: %s", context_id, exc)
            return "breaker_error"

    # --- audit and config -----------------------------------------------------------------------

    def record_audit(self, entry: AuditEntry) -> int:
        """Append an audit row for an action the Store does not audit itself (login, user admin)."""
        return self._write(lambda con: ops_sql.add_audit(con, entry))

    def audit_log(
        self,
        *,
        context_id: str | None = None,
        action_prefix: str | None = None,
        actor: str | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> Page[AuditEntry]:
        """Audit rows newest first, optionally for one context, action prefix or actor."""
        return self._read(lambda con: ops_sql.audit_log(con, context_id, action_prefix, actor, limit, offset))

    def save_config(
        self,
        config: Config,
        *,
        actor: str,
        role: str = "operator",
        reason: str = "",
        source: str = "form",
        expected_version: int | None = None,
    ) -> ConfigVersion:
        """Store a new Config version (validated by its type) and audit it (source: form, upload, api).

        With ``expected_version`` (the version an edit was made on) a save on an older version is
        refused with ops.StaleConfigError."""
        now = self.clock()
        return self._write_change(
            lambda con: ops_sql.save_config(con, config, actor, role, reason, now, source, expected_version)
        )

    def current_config(self) -> Config:
        """The newest saved Config, or the defaults."""
        return self._read(ops_sql.current_config)

    def config_history(self, limit: int = 50) -> list[ConfigVersion]:
        """Saved Config versions, newest first."""
        return self._read(lambda con: ops_sql.config_history(con, limit))

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
