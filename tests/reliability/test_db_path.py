"""``--db`` / ``CONSOLE_DB`` naming a file that is not a database is refused (issue 13, item 7).

DuckDB opens any name it does not take for a database (``x.jsonl``) as an in-memory database: an
ingest said "1 created", exited 0 and stored nothing. Now such a path is refused with a clear
message, whether the file exists or not; a new file must have a database extension.
"""

from __future__ import annotations

import pytest

from console.cli import main as console_main
from data.store import Store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
LINE = '{"context_id": "db-path-1", "turns": [{"role": "user", "text": "Book a table for two at 7pm."}]}\n'


@covers(SECTION, "7. --db or CONSOLE_DB naming a non-database file: refused with a clear message")
@pytest.mark.parametrize("how", ["--db", "CONSOLE_DB"])
@pytest.mark.parametrize("target", ["existing dialogue file.jsonl", "new file.jsonl", "new file.csv"])
def test_a_path_that_is_not_a_database_is_refused(how, target, tmp_path, monkeypatch, capsys):
    dialogues = tmp_path / "in.jsonl"
    dialogues.write_text(LINE)
    db = tmp_path / target.split()[-1]
    if target.startswith("existing"):
        db.write_text(LINE)
    before = db.read_bytes() if db.exists() else None
    args = ["ingest", str(dialogues), "--quiet", "--rules-only"]
    if how == "--db":
        args = ["--db", str(db), *args]
    else:
        monkeypatch.setenv("CONSOLE_DB", str(db))
    code = console_main(args)
    out = capsys.readouterr()
    assert code != 0 and "created" not in out.out + out.err
    assert str(db) in out.err and ("not a valid DuckDB database file" in out.err or ".duckdb" in out.err)
    assert "Traceback" not in out.out + out.err
    assert (db.read_bytes() if db.exists() else None) == before  # untouched, never created


@covers(SECTION, "7. a new file with a database extension is created and keeps what was stored")
def test_a_new_database_file_is_created_and_keeps_the_ingest(tmp_path, capsys):
    dialogues = tmp_path / "in.jsonl"
    dialogues.write_text(LINE)
    db = tmp_path / "new.duckdb"
    assert console_main(["--db", str(db), "ingest", str(dialogues), "--quiet", "--rules-only"]) == 0
    assert "1 created" in capsys.readouterr().err
    assert Store(db, linger=0).get_context("db-path-1") is not None
