"""Every mutating path, walked as an operator: each leaves an audit row with actor, role, source,
time, and the value before and after.

The paths: fact corrections from the form, the grid, a CSV and the API (and a refused batch), the
breaker (context, global, automatic trip and its reset), the config (form, restore, uploaded file),
a playground run saved as a session, an ingest run from the CLI, and the user admin. Sign-in events
are audited too (tests/console/test_auth.py). A guard test lists every Store method that writes, so a
new one cannot appear without a decision on its audit.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from console import credentials, users
from console.cli import main
from console.services import (
    breaker,
    config_edit,
    csv_corrections,
    facts,
    playground,
    session_bulk,
    transcripts,
)
from core.config import Config
from data.ops_records import AuditEntry
from data.records import FactCorrection
from data.store import Store
from tests.reliability.cases import covers

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"
NOW = datetime(2025, 3, 2, 12, 0)  # the seeded_store's fixed clock (naive UTC; read back as UTC)
OP = {"actor": "ana", "role": "operator"}
ROOT = Path(__file__).resolve().parents[2]


def value(store: Store, key: str) -> str:
    return next(r.fact.value for r in store.facts(CID) if r.fact.key == key)


def version(store: Store, key: str) -> int:
    return next(r.version for r in store.facts(CID) if r.fact.key == key)


@dataclass
class Path_:
    """One mutating path: run it, then the newest audit row must look like this."""

    action: str
    source: str
    run: Callable[[Store, Path], Any]
    check: Callable[[AuditEntry, Store], None]
    actor: str = "ana"
    role: str = "operator"


def form(store: Store, tmp: Path) -> None:
    correction = facts.form_correction(
        facts.load_facts(store, CID),
        context_id=CID,
        key="restaurant.city",
        new_value="Oakland",
        reason="user called",
        **OP,
    )
    facts.correct_facts(store, [correction], role="operator")


def grid(store: Store, tmp: Path) -> None:
    shown = facts.facts_frame(facts.load_facts(store, CID))
    edited = shown.copy()
    edited.loc[edited["key"] == "restaurant.city", "pinned"] = True
    batch = facts.grid_corrections(shown, edited, context_id=CID, **OP)
    facts.correct_facts(store, batch, role="operator")


def csv(store: Store, tmp: Path) -> None:
    data = f"context_id,key,new_value,reason\n{CID},restaurant.city,Oakland,from the ticket\n".encode()
    assert csv_corrections.apply_csv(store, data, **OP).applied


def api(store: Store, tmp: Path) -> None:
    store.apply_corrections(
        [FactCorrection(context_id=CID, key="restaurant.city", new_value="Oakland", source="api", **OP)]
    )


def refused_batch(store: Store, tmp: Path) -> None:
    row = FactCorrection(context_id=CID, key="no.such.key", new_value="x", source="api", **OP)
    assert not store.apply_corrections([row]).applied


def context_switch(store: Store, tmp: Path) -> None:
    breaker.set_context_mode(store, CID, raw=True, reason="bloat spike", **OP)


def bulk_switch(store: Store, tmp: Path) -> None:
    ids = [CID, "sgd-train-4_00021"]
    session_bulk.switch_sessions(store, ids, raw=True, reason="extractor regression", **OP)


def fact_add(store: Store, tmp: Path) -> None:
    event = facts.added_fact(
        facts.load_facts(store, CID), context_id=CID, key="restaurant.dietary", value="vegan",
        reason="said in turn 3", **OP,
    )  # fmt: skip
    facts.correct_facts(store, [event], role=OP["role"])


def global_switch(store: Store, tmp: Path) -> None:
    breaker.set_global_mode(store, raw=True, reason="incident", **OP)


def auto_trip(store: Store, tmp: Path) -> None:
    samples = [(NOW - timedelta(seconds=400), 3.0), (NOW, 3.0)]
    assert breaker.check_auto_trip(store, CID, samples, Config(), now=NOW).trip


def reset_trip(store: Store, tmp: Path) -> None:
    auto_trip(store, tmp)
    breaker.reset_auto_trip(store, CID, reason="looked fine", **OP)


def config_form(store: Store, tmp: Path) -> None:
    config_edit.save_edit(store, {"decay_factor": 0.9}, reason="slower decay", **OP)


def config_restore(store: Store, tmp: Path) -> None:
    config_form(store, tmp)
    config_edit.save_edit(store, {"decay_factor": 0.8}, reason="even slower", **OP)
    config_edit.restore_version(store, 1, reason="back to 0.9", **OP)


def config_upload(store: Store, tmp: Path) -> None:
    config_edit.import_toml(store, "min_turns = 4\n", name="ops.toml", reason="from the runbook", **OP)


def playground_save(store: Store, tmp: Path) -> None:
    text = "user: a table for 2 at 7pm in the north\nassistant: Golden Dragon has one at 7pm.\n"
    transcript = transcripts.parse_transcript(text, "pg-audit")[0]
    run = playground.run_playground(transcript, Config(use_embeddings=False))
    playground.save_run(store, transcript, run, **OP)


def cli_ingest(store: Store, tmp: Path) -> None:
    line = (
        (ROOT / "tests" / "console" / "data" / "dialogues.jsonl").read_text(encoding="utf-8").splitlines()[0]
    )
    data = tmp / "one.jsonl"
    data.write_text(line.replace(CID, "cli-audit") + "\n", encoding="utf-8")
    store.close()
    assert main(["--db", str(store.path), "ingest", str(data), "--rules-only", "--quiet"]) in (0, 2)


def user_admin(store: Store, tmp: Path) -> None:
    path = credentials.credentials_path()
    users.add_user(
        "ada", "ada-admin-pw-1", "admin", actor="setup", actor_role="admin", store=store, path=path
    )
    users.add_user("bo", "bo-password-1", "viewer", actor="ada", actor_role="admin", store=store, path=path)


def fact_row(old_value_of: str) -> Callable[[AuditEntry, Store], None]:
    def check(row: AuditEntry, store: Store) -> None:
        assert row.target == f"fact:{CID}/restaurant.city" and row.context_id == CID
        assert row.before["value"] == old_value_of
        assert row.after["version"] == version(store, "restaurant.city")

    return check


def value_change(row: AuditEntry, store: Store) -> None:
    assert row.before["value"] != "Oakland" and row.after["value"] == "Oakland" == value(
        store, "restaurant.city"
    )


def pin_change(row: AuditEntry, store: Store) -> None:
    assert row.before["pinned"] is False and row.after["pinned"] is True
    assert row.after["reason"] == facts.GRID_REASON


def refused(row: AuditEntry, store: Store) -> None:
    assert row.before is None
    assert row.after["refused"][0]["key"] == "no.such.key"


def switched(scope: str) -> Callable[[AuditEntry, Store], None]:
    def check(row: AuditEntry, store: Store) -> None:
        assert row.target == f"breaker:{scope}"
        assert row.before is None or row.before["mode"] != row.after["mode"]
        assert row.after["mode"] in ("raw", "compressed") and row.after["reason"]

    return check


def bulk_switched(row: AuditEntry, store: Store) -> None:
    assert row.target.startswith("batch:") and row.before is None
    assert row.after["contexts"] == [CID, "sgd-train-4_00021"] and row.after["mode"] == "raw"
    assert store.audit_log(context_id=CID, limit=1).items[0].source == "bulk:" + row.target[len("batch:") :]


def fact_added(row: AuditEntry, store: Store) -> None:
    assert row.target == f"fact:{CID}/restaurant.dietary" and row.before == {"value": None}
    assert row.after["value"] == "vegan" == value(store, "restaurant.dietary") and row.after["version"] == 1


def tripped(row: AuditEntry, store: Store) -> None:
    assert row.before is None and row.after["mode"] == "raw" and row.after["auto"] is True


def reset(row: AuditEntry, store: Store) -> None:
    assert (row.before["mode"], row.before["auto"]) == ("raw", True)
    assert (row.after["mode"], row.after["auto"], row.after["reason"]) == ("compressed", False, "looked fine")


def config_changed(field: str, old: Any, new: Any) -> Callable[[AuditEntry, Store], None]:
    def check(row: AuditEntry, store: Store) -> None:
        before = row.before[field] if row.before else Config().model_dump()[field]
        assert (before, row.after[field]) == (old, new)
        assert row.target.startswith("config:v")

    return check


def session_saved(row: AuditEntry, store: Store) -> None:
    assert row.context_id == "pg-audit" and row.before is None
    assert row.after["turns"] == 2 and row.after["status"] == "created"


def ingested(row: AuditEntry, store: Store) -> None:
    assert row.actor.startswith("cli:") and row.target == "ingest:one.jsonl"
    assert row.before is None and (row.after["read"], row.after["created"]) == (1, 1)


def user_added(row: AuditEntry, store: Store) -> None:
    assert row.target == "user:bo" and row.before is None
    assert row.after == {"username": "bo", "name": "", "email": "", "role": "viewer"}


PATHS: dict[str, Path_] = {
    "form correction": Path_("fact.correct", "form", form, value_change),
    "grid edit": Path_("fact.correct", "grid", grid, pin_change),
    "csv upload": Path_("fact.correct", "csv", csv, value_change),
    "api correction": Path_("fact.correct", "api", api, value_change),
    "refused batch": Path_("fact.correct.rejected", "api", refused_batch, refused),
    "breaker, one context": Path_("breaker.set", "form", context_switch, switched(f"context/{CID}")),
    "breaker, global": Path_("breaker.set", "form", global_switch, switched("global")),
    "breaker, bulk": Path_("breaker.bulk", "bulk", bulk_switch, bulk_switched),
    "fact add": Path_("fact.add", "form", fact_add, fact_added),
    "breaker, automatic trip": Path_(
        "breaker.auto_trip", "auto", auto_trip, tripped, actor="auto-breaker", role="system"
    ),
    "breaker, reset of a trip": Path_("breaker.set", "form", reset_trip, reset),
    "config form": Path_("config.save", "form", config_form, config_changed("decay_factor", 0.95, 0.9)),
    "config restore": Path_("config.save", "form", config_restore, config_changed("decay_factor", 0.8, 0.9)),
    "config file upload": Path_("config.save", "upload", config_upload, config_changed("min_turns", 8, 4)),
    "playground save": Path_("session.save", "playground", playground_save, session_saved),
    "cli ingest": Path_("ingest.run", "cli", cli_ingest, ingested, actor="cli:", role="system"),
    "user admin": Path_("user.add", "form", user_admin, user_added, actor="ada", role="admin"),
}


@covers(
    "Roles and audit", "every mutating path leaves its audit row: actor, role, time, source, before and after"
)
@pytest.mark.parametrize("name", list(PATHS))
def test_every_mutating_path_leaves_its_audit_row(name, seeded_store, tmp_path):
    path = PATHS[name]
    before_rows = seeded_store.audit_log(limit=1).total
    path.run(seeded_store, tmp_path)
    store = Store(seeded_store.path, linger=0, clock=seeded_store.clock)
    rows = store.audit_log(limit=1)
    assert rows.total > before_rows, f"{name}: no audit row"
    row = rows.items[0]
    actor = row.actor.split(":")[0] + ":" if path.actor.endswith(":") else row.actor  # cli:<login>
    assert (row.action, row.source, actor, row.role) == (path.action, path.source, path.actor, path.role)
    if name != "cli ingest":  # the CLI stamps its own clock
        assert row.at == NOW.replace(tzinfo=UTC)
    else:
        assert abs(datetime.now(UTC) - row.at) < timedelta(minutes=5)
    path.check(row, store)


# Which walked paths cover each Store method that writes. A new writing method fails here until its
# audit is decided (and walked above).
STORE_WRITES = {
    "apply_corrections": [
        "form correction",
        "grid edit",
        "csv upload",
        "api correction",
        "refused batch",
        "fact add",
    ],
    "set_breaker": ["breaker, one context", "breaker, global", "breaker, automatic trip"],
    "set_breakers": ["breaker, bulk"],
    "save_config": ["config form", "config restore", "config file upload"],
    "save_prepared": ["playground save", "cli ingest"],  # contexts: audited by their caller
    "record_audit": ["playground save", "cli ingest", "user admin"],
    "add_metrics": [],  # samples the ingest writes with its contexts (covered by the ingest's row)
}


@covers("Roles and audit", "every Store method that writes is walked by the audit test (guard)")
def test_every_store_method_that_writes_is_walked():
    writers = {
        name
        for name, fn in inspect.getmembers(Store, inspect.isfunction)
        # _write_change is _write plus a bump of the change log the service caches under
        if re.search(r"self\._write(?:_change)?\(", inspect.getsource(fn))
        and name not in ("_write", "_write_change")
    }
    assert writers == set(STORE_WRITES)
    assert {p for paths in STORE_WRITES.values() for p in paths} <= set(PATHS)
