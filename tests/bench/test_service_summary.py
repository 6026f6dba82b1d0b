"""The load test's summary: the first POSTs of the sessions apart from the later ones, repeated runs."""

from __future__ import annotations

from typing import Any

from bench.service_report import render_section
from bench.service_summary import first_and_later, repeated


def _run(post_p95: float, errors: int = 0, **extra: Any) -> dict[str, Any]:
    return {
        "post_p50_ms": 10.0, "post_p95_ms": post_p95, "get_p95_ms": post_p95 / 10, "errors": errors,
        "lost": 0, "duplicated": 0, "breaker_honoured_max_ms": 80.0, **extra,
    }  # fmt: skip


def test_the_first_post_of_each_session_is_told_apart_from_its_later_ones() -> None:
    # two sessions; the timeline is not in start order (the client appends on completion)
    timeline = [
        ("POST", 2.0, 20.0, "a"),
        ("GET", 0.5, 1.0, "a"),
        ("POST", 0.0, 900.0, "a"),
        ("POST", 0.1, 700.0, "b"),
        ("POST", 3.0, 30.0, "b"),
        ("POST", 4.0, 40.0, "a"),
    ]
    split = first_and_later(timeline)
    assert split["post_first_p50_ms"] == 800.0  # 700 and 900, not a later POST
    assert split["post_later_p95_ms"] == 39.0  # of 20, 30, 40 (interpolated): no first POST, no GET


def test_repeated_runs_report_the_median_run_and_every_runs_p95() -> None:
    runs = [_run(140.0, tag="slow"), _run(60.0, tag="fast"), _run(90.0, tag="middle")]
    summary = repeated(runs)
    assert summary["tag"] == "middle"  # the median run's own numbers, not a mix
    assert [r["post_p95_ms"] for r in summary["runs"]] == [140.0, 60.0, 90.0]  # in run order
    assert summary["clean_runs"] == 3


def test_an_unclean_run_is_counted_even_when_the_median_run_is_clean() -> None:
    summary = repeated([_run(50.0, errors=2), _run(60.0), _run(70.0)])
    assert summary["errors"] == 0  # the median run's own count
    assert summary["clean_runs"] == 2  # the fast run with errors is not hidden by it
    assert [r["errors"] for r in summary["runs"]] == [2, 0, 0]


def test_the_report_shows_every_runs_p95() -> None:
    base = {
        "sessions": 50, "turns": 40, "think_s": 1.0, "ingest": "", "requests": 4000,
        "expected_messages": 2000, "acknowledged": 2000, "stored_messages": 2000, "get_p50_ms": 2.0,
        "corrections": 3, "corrections_seen_next_context": 3, "breaker_switches": 1,
        "breaker_call_max_ms": 90.0, "ingest_rc": None, "ingest_s": None, "ingest_overlapped": None,
        "ingested_contexts": 0, "writer_saves": 2000, "writer_batches": 200, "wall_s": 47.0, "cpu_s": {},
        "post_first_p50_ms": 600.0, "post_later_p95_ms": 55.0,
    }  # fmt: skip
    text = render_section({**base, **repeated([_run(140.0), _run(60.0), _run(90.0)])})
    assert "| 3 / 3 / 140, 60, 90 ms / 14, 6, 9 ms |" in text
    assert "600.0 / 55.0 ms" in text
