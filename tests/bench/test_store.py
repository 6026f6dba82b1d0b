"""The storage benchmark on a small file: every console query it times can be picked and run."""

from __future__ import annotations

import random

import pytest

from bench.store import console_queries, write_contexts
from data.store import Store

pytestmark = pytest.mark.unit


def test_console_queries_run_on_a_file_smaller_than_the_sample_window(tmp_path):
    # The sample used to start at a random offset up to 1000: with 30 contexts it was empty
    # (IndexError from rng.choice) - every query must now find a context to run on.
    store = Store.open(tmp_path / "small.duckdb", linger=5)
    written = write_contexts(store, 30, batch=10, seed=3)
    assert written["contexts"] == 30 and written["messages"] > 0
    queries = console_queries(Store(tmp_path / "small.duckdb", linger=5), random.Random(7))
    assert len(queries) > 20
    for name, fn in queries:
        fn()  # raises if the picked context, fact or compaction is missing
        assert name


def test_console_queries_refuse_an_empty_file(tmp_path):
    store = Store.open(tmp_path / "empty.duckdb", linger=0)
    with pytest.raises(SystemExit, match="no contexts"):
        console_queries(store, random.Random(1))
