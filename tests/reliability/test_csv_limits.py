"""A CSV preview costs at most the row cap, and only writers can ask for one (issue 13, item 10).

Before: a 100k-row preview took 8.7 s and 388 MB (the 50 MB cap extrapolated to ~90 s and ~4 GB),
and viewers could run it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console.services import csv_corrections as csv_svc
from data.store import Store
from tests.console.builders import seed_store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
ROOT = Path(__file__).resolve().parents[2]
CID = "sgd-train-1_00000"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory):
    store = Store.open(tmp_path_factory.mktemp("csv") / "c.duckdb", linger=0)
    seed_store(store)
    yield store
    store.close()


@covers(SECTION, "10. a 100k-row CSV is refused at the row cap with a clear message, quickly")
def test_a_file_over_the_row_cap_is_refused_after_reading_the_cap(store, numbers):
    rows = 100_000
    data = ("context_id,key,new_value\n" + f"{CID},restaurant.time,12:15 pm\n" * rows).encode()
    started = time.perf_counter()
    preview = csv_svc.preview_csv(store, data, actor="ana", role="operator")
    seconds = time.perf_counter() - started
    assert preview.file_error and f"more than {csv_svc.MAX_CSV_ROWS:,} rows" in preview.file_error
    assert f"line {csv_svc.MAX_CSV_ROWS + 2}" in preview.file_error  # where reading stopped
    assert preview.rows == [] and not preview.ok
    numbers.add("seconds to refuse a 100k-row CSV preview", round(seconds, 2))
    applied = csv_svc.apply_csv(store, data, actor="ana", role="operator")
    assert not applied.applied and applied.batch is None


@covers(SECTION, "10. only writers may preview a CSV (service and page)")
@pytest.mark.apptest
def test_a_viewer_cannot_preview_a_csv(store, monkeypatch):
    data = f"context_id,key,new_value\n{CID},restaurant.time,12:15 pm\n".encode()
    with pytest.raises(PermissionError):
        csv_svc.preview_csv(store, data, actor="vic", role="viewer")
    monkeypatch.setenv("CONSOLE_DB", str(store.path))
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = AppTest.from_file(str(ROOT / "pages" / "facts.py"), default_timeout=60)
    at.query_params["context_id"] = CID
    at.run()
    assert not at.exception and not at.file_uploader  # no upload for a viewer
