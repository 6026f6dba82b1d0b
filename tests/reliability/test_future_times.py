"""A turn dated in the far future (2999) is clamped at ingest with a warning (issue 13, item 11).

Before: its context stayed at the top of Sessions for ever, and a later correction was stamped
2999 in the fact history (a version is never recorded before the one it replaces).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from console.cli import main as console_main
from data.records import FactCorrection
from data.store import Store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
LINE = (
    '{"context_id": "future-1", "turns": ['
    '{"role": "user", "text": "Book a table for 2 at 7pm in the centre.", "ts": "2025-03-01T09:00:00Z"},'
    '{"role": "user", "text": "Make it 4 people.", "ts": "2999-01-01T00:00:00Z"}]}\n'
    '{"context_id": "today-1", "turns": [{"role": "user", "text": "Book a table for 3.", '
    '"ts": "2025-03-02T09:00:00Z"}]}\n'
)


@covers(SECTION, "11. a turn dated 2999: clamped at ingest with a warning naming the line and turn")
def test_a_far_future_turn_time_is_clamped_with_a_warning(tmp_path: Path, capsys):
    dialogues = tmp_path / "in.jsonl"
    dialogues.write_text(LINE)
    db = tmp_path / "f.duckdb"
    started = datetime.now(UTC)
    code = console_main(["--db", str(db), "ingest", str(dialogues), "--quiet", "--rules-only"])
    err = capsys.readouterr().err
    assert code in (0, 2) and "2 created" in err
    assert f"{dialogues}:1: turn 1: time 2999-01-01T00:00:00+00:00 is in the future" in err
    store = Store(db, linger=0)
    times = [m.message.ts for m in store.timeline("future-1").messages]
    assert times[1] is not None and times[1].year < 2999
    assert times[1].replace(tzinfo=UTC) <= datetime.now(UTC) + timedelta(minutes=1)
    assert store.get_context("future-1").updated_at.year < 2999
    assert started.year <= store.get_context("future-1").updated_at.year


@covers(SECTION, "11. a correction of a fact stated at a far-future time is stamped with the wall clock")
def test_a_correction_after_a_far_future_version_is_stamped_now(tmp_path: Path):
    from core.formats import parse_line
    from tests.console.builders import build_ingest

    store = Store.open(tmp_path / "c.duckdb", linger=0)
    dialogue = parse_line(LINE.splitlines()[0], 1)
    bundle = build_ingest(dialogue)
    far = datetime(2999, 1, 1)
    bundle.messages[-1] = bundle.messages[-1].model_copy(update={"ts": far})  # as stored before the fix
    store.save_contexts([bundle])
    key = next(f.fact.key for f in store.facts("future-1") if f.fact.last_idx == 1)  # "4 people"
    assert store.fact_history("future-1", key)[-1].at.year == 2999
    before = datetime.now(UTC).replace(tzinfo=None) - timedelta(minutes=1)
    correction = FactCorrection(context_id="future-1", key=key, new_value="5", actor="ana", source="form")
    assert store.apply_corrections([correction]).applied
    last = store.fact_history("future-1", key)[-1]
    stamped = last.at.replace(tzinfo=None)
    assert before <= stamped <= datetime.now(UTC).replace(tzinfo=None) + timedelta(minutes=1)
