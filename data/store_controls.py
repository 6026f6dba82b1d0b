"""The Store's operator controls: the raw/compressed breaker switches, the audit log, config versions.

Built on :class:`data.store_file.StoreFile` (each method one read or one transaction); the Store
(data/store.py) adds contexts, facts, corrections, metrics and the integrity check to these.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

import duckdb

from core.config import Config
from core.model_kinds import Mode
from core.served import switch_reason
from data.concurrency import StoreBusyError, StoreError
from data.ops_records import AuditEntry, BreakerState, ConfigVersion
from data.queries import bulk as bulk_sql
from data.queries import ops as ops_sql
from data.records import Page
from data.store_file import StoreFile

log = logging.getLogger(__name__)


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


class OperatorControls(StoreFile):
    """Breaker switches (global and per context), audit rows and saved Config versions."""

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
