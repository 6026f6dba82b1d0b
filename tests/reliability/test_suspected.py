"""Issue 13, item 13: defects suspected from reading, each confirmed (and fixed) or refuted here."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from data.store import Store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"


@covers(SECTION, "13. confirmed: the database file was created 0644; now 0600, and its WAL too")
def test_a_new_database_file_and_its_wal_are_readable_by_the_owner_only(tmp_path: Path):
    path = tmp_path / "new.duckdb"
    store = Store.open(path, linger=5)
    from data.ops_records import AuditEntry

    store.record_audit(AuditEntry(at=store.clock(), actor="t", role="operator", action="test.x", target="t"))
    for file in [path, *tmp_path.glob("new.duckdb.wal")]:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    store.close()


@covers(SECTION, "13. confirmed: the timeline hover read customdata[5] of a 5-item list; now 6 items")
def test_every_field_the_compaction_hover_names_exists(tmp_path: Path):
    import re

    from console.services.session_views import timeline_figure
    from console.services.sessions import session_detail
    from tests.console.builders import seed_store

    store = Store.open(tmp_path / "t.duckdb", linger=0)
    seed_store(store)
    figure = timeline_figure(session_detail(store, "sgd-train-1_00000"))
    marks = [t for t in figure["data"] if t.get("customdata")]
    assert marks
    for trace in marks:
        wanted = max(int(i) for i in re.findall(r"customdata\[(\d+)\]", trace["hovertemplate"]))
        assert all(len(row) > wanted for row in trace["customdata"])
        assert [row[5] for row in trace["customdata"]] == [row[5] for row in trace["customdata"]]
    store.close()


@covers(
    SECTION, "13. confirmed: a killed ingest left its batches without an audit row; now ingest.start first"
)
def test_an_ingest_stopped_half_way_has_its_audit_row(tmp_path: Path, monkeypatch, capsys):
    import console.ingest as ingest_module
    from console.cli import main as console_main

    lines = "".join(
        f'{{"context_id": "run-{n}", "turns": [{{"role": "user", "text": "Book a table for {n}."}}]}}\n'
        for n in range(4)
    )
    dialogues = tmp_path / "in.jsonl"
    dialogues.write_text(lines)
    real = ingest_module.ingest_files

    def killed(paths, store, compressor, **kwargs):  # the first batch commits, then the process dies
        real(paths[:1], store, compressor, **{**kwargs, "batch": 1, "progress": None})
        raise KeyboardInterrupt

    monkeypatch.setattr(ingest_module, "ingest_files", killed)
    db = tmp_path / "k.duckdb"
    with pytest.raises(KeyboardInterrupt):
        console_main(["--db", str(db), "ingest", str(dialogues), "--quiet", "--rules-only", "--batch", "1"])
    store = Store(db, linger=0)
    assert store.get_context("run-0") is not None  # committed batches
    rows = store.audit_log(action_prefix="ingest.").items
    assert [r.action for r in rows] == ["ingest.start"] and rows[0].target == "ingest:in.jsonl"
    assert rows[0].actor.startswith("cli:") and rows[0].after == {"lines": 4}


@covers(SECTION, "13. confirmed: with login off any Host header was served (DNS rebinding); now refused")
@pytest.mark.apptest
@pytest.mark.parametrize("host", ["evil.example", "localhost", "127.0.0.1", "[::1]", "console.internal"])
def test_with_login_off_only_local_host_names_are_served(host, tmp_path: Path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    from console import hosts

    db = tmp_path / "h.duckdb"
    Store.open(db, linger=0).close()
    monkeypatch.setenv("CONSOLE_DB", str(db))
    monkeypatch.setenv(hosts.ALLOWED_ENV_VAR, "console.internal")
    monkeypatch.setattr(hosts, "request_host", lambda: host)
    at = AppTest.from_file(
        str(Path(__file__).resolve().parents[2] / "console" / "app.py"), default_timeout=60
    )
    at.run()
    assert not at.exception
    titles = [t.value for t in at.title]
    if host == "evil.example":
        assert titles == [] and "evil.example" in at.error[0].value
    else:
        assert titles == ["Sessions"]
