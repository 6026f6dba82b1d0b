"""docs/reliability.md from a results file: every case with its test and result, and the numbers."""

from __future__ import annotations

import json

import pytest

from tests.reliability.report import main, render

pytestmark = pytest.mark.unit

RESULTS = {
    "started": 1_700_000_000.0,
    "seconds": 125.0,
    "long": True,
    "python": "3.11.7",
    "commit": "abc1234",
    "uncommitted_files": 0,
    "tests": [
        {
            "nodeid": "tests/reliability/test_bad_csv.py::test_bad_row[empty]",
            "variant": "empty",
            "cases": [["Bad input: CSV corrections", "one bad row: named"]],
            "outcome": "passed",
            "seconds": 1.0,
        },
        {
            "nodeid": "tests/reliability/test_bad_csv.py::test_bad_row[bom]",
            "variant": "bom",
            "cases": [["Bad input: CSV corrections", "one bad row: named"]],
            "outcome": "failed",
            "seconds": 2.0,
        },
        {
            "nodeid": "tests/console/test_roles.py::test_viewer",
            "variant": None,
            "cases": [["Roles and audit", "a viewer is refused"]],
            "outcome": "passed",
            "seconds": 0.5,
        },
    ],
    "covered_elsewhere": {"tests/console/test_auth.py::test_gone": [["Roles and audit", "login works"]]},
    "numbers": {
        "ingests killed at a random point, database consistent": 5,
        "of those ingest kills: the next open replayed a WAL": 2,
        "inputs fuzzed: a": 500,
        "inputs fuzzed: b": 300,
    },
}


def row_of(text: str, case: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| {case} |"))


def test_the_variants_of_a_case_share_one_row_and_a_failed_one_fails_it():
    text = render(RESULTS)
    row = row_of(text, "one bad row: named")
    assert "`test_bad_csv.py::test_bad_row`" in row and "**FAILED** (1 of 2)" in row
    assert "empty, **bom**" in row and "| 3.0 |" in row
    assert "passed" in row_of(text, "a viewer is refused") and "console/test_roles.py" in text


def test_a_listed_test_that_did_not_run_is_shown_as_not_run_and_empty_sections_say_so():
    text = render(RESULTS)
    assert "| not run |" in row_of(text, "login works")
    assert "## Faults: restart\n\nNo test of this section ran." in text
    assert "## Not passed" in text and "test_bad_row[bom]" in text


def test_the_numbers_are_totalled_per_group_without_their_subcounts():
    text = render(RESULTS)
    assert "### Inputs fuzzed (property tests): 800" in text
    assert "### Faults injected and survived: 5" in text  # the 2 WAL replays are part of the 5 kills
    assert "| 2023-11-14 22:13 UTC |" in text and "| abc1234 |" in text and "| ran |" in text


def test_main_writes_the_doc_and_names_a_missing_results_file(tmp_path, capsys):
    results, out = tmp_path / "r.json", tmp_path / "docs" / "reliability.md"
    results.write_text(json.dumps(RESULTS))
    assert main([str(results), "--out", str(out)]) == 0
    assert out.read_text().startswith("# Reliability")
    assert main([str(tmp_path / "missing.json"), "--out", str(out)]) == 1
    assert "missing.json" in capsys.readouterr().err
