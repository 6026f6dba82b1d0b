"""The two CLI operations the checks use: ``corrections apply`` and ``context`` (issue 13).

``corrections apply`` takes the page's CSV path (all-or-nothing, per-row errors with line numbers,
exit 2 on any error); ``context`` prints what the model is served now, so a correction shows there
at once (item 5, end to end through the CLI).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main as console_main
from core.render import RECENT_SEPARATOR, parse_anchors
from data.store import Store
from tests.console.builders import TEST_CONFIG, seed_store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
CID = "sgd-train-1_00000"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "console.duckdb"
    store = Store.open(path, linger=0)
    store.save_config(TEST_CONFIG, actor="test-setup")
    seed_store(store)
    store.close()
    return path


def run(db: Path, *args: str, capsys) -> tuple[int, str, str]:
    code = console_main(["--db", str(db), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@covers(SECTION, "CLI: corrections apply: dry run, apply, bad rows named by line, exit 2, nothing applied")
def test_corrections_apply_is_the_page_path(db, tmp_path, capsys):
    good = tmp_path / "good.csv"
    good.write_text(f"context_id,key,new_value,reason\n{CID},restaurant.time,12:15 pm,called\n")
    code, out, _ = run(db, "corrections", "apply", str(good), "--actor", "ana", "--dry-run", capsys=capsys)
    assert code == 0 and "'11:30 am' -> '12:15 pm'" in out and "dry run" in out
    assert Store(db, linger=0).audit_log(action_prefix="fact.").total == 0  # a dry run writes nothing
    bad = tmp_path / "bad.csv"
    bad.write_text(
        f"context_id,key,new_value\n{CID},restaurant.time,1 pm\n{CID},restaurant.tyme,2 pm\nnope,x.y,3\n"
    )
    code, _, err = run(db, "corrections", "apply", str(bad), "--actor", "ana", capsys=capsys)
    assert code == 2 and f"{bad}:3:" in err and f"{bad}:4:" in err and "nothing applied" in err
    facts = {f.fact.key: f.fact.value for f in Store(db, linger=0).facts(CID)}
    assert facts["restaurant.time"] == "11:30 am"  # all or nothing
    code, out, _ = run(db, "corrections", "apply", str(good), "--actor", "ana", capsys=capsys)
    assert code == 0 and "changed 1 fact" in out
    history = Store(db, linger=0).fact_history(CID, "restaurant.time")[-1]
    assert (history.actor, history.source) == ("ana", "csv")


@covers(SECTION, "CLI: context prints the served context; a correction shows there at once")
def test_context_prints_the_served_context_with_the_correction(db, tmp_path, capsys):
    code, before, err = run(db, "context", CID, capsys=capsys)
    assert code == 0 and "served compressed" in err and RECENT_SEPARATOR in before
    assert parse_anchors(before.split(RECENT_SEPARATOR)[0])["facts"]["restaurant.time"] == "11:30 am"
    fix = tmp_path / "fix.csv"
    fix.write_text(f"context_id,key,new_value\n{CID},restaurant.time,12:15 pm\n")
    assert run(db, "corrections", "apply", str(fix), "--actor", "ana", capsys=capsys)[0] == 0
    code, after, _ = run(db, "context", CID, capsys=capsys)
    assert parse_anchors(after.split(RECENT_SEPARATOR)[0])["facts"]["restaurant.time"] == "12:15 pm"
    assert run(db, "context", "no-such-context", capsys=capsys)[0] == 2
