"""Corrections CSV files as spreadsheets and people make them: every bad row named by its line,
nothing applied while any row is wrong; and every CSV the console hands out has its formulas
neutralised (a cell starting with = + - @ opens as text in a spreadsheet).
"""

from __future__ import annotations

import codecs
import csv
import io
import tomllib
from pathlib import Path

import pytest

from bench.synthetic import synthetic_contexts
from console.services import facts as facts_svc
from console.services import session_views
from console.services import sessions as sessions_svc
from console.services.csv_corrections import apply_csv, preview_csv, preview_csv_bytes, template_csv
from console.services.csv_export import FORMULA_STARTS, frame_to_csv_bytes, restore_cell
from data.records import FactCorrection
from data.store import Store
from tests.reliability.cases import covers
from tests.reliability.helpers import changed_counts, snapshot

pytestmark = pytest.mark.unit
ROOT = Path(__file__).resolve().parents[2]
HEADER = "context_id,key,new_value,reason"


def some_facts(store: Store, n: int = 3) -> tuple[str, list[tuple[str, str]]]:
    """A context with at least n facts, and n of its (key, value) pairs."""
    for summary in store.find_contexts(limit=10).items:
        records = store.facts(summary.context_id, with_history=False)
        if len(records) >= n:
            return summary.context_id, [(r.fact.key, r.fact.value) for r in records[:n]]
    raise AssertionError("no seeded context has enough facts")


def fact_values(store: Store) -> dict[tuple[str, str], tuple[str, int]]:
    """Every stored fact's value and version."""
    out = {}
    for summary in store.find_contexts(limit=100).items:
        for r in store.facts(summary.context_id, with_history=False):
            out[(summary.context_id, r.fact.key)] = (r.fact.value, r.version)
    return out


def good_rows(cid: str, facts: list[tuple[str, str]]) -> list[str]:
    return [f"{cid},{key},{value} (checked),operator checked" for key, value in facts]


# kind -> (rows after the good ones, the line that must be named, words of its error); the good
# rows are lines 2..4, so the bad row is line 5 unless the file itself is unusable (line 1)
BAD_FILES = {
    "empty new_value": (["{cid},{k0},,forgot the value"], 5, "new_value is empty"),
    "empty context_id": ([",{k0},north,no context"], 5, "context_id is empty"),
    "empty key": (["{cid},,north,no key"], 5, "key is empty"),
    "unknown context": (["no-such-context,{k0},north,typo"], 5, "unknown context 'no-such-context'"),
    "unknown key": (["{cid},no.such_key,north,typo"], 5, "has no fact 'no.such_key'"),
    "duplicate row": (["{cid},{k0},{v0} (checked),operator checked"], 5, "duplicate: row 2 already corrects"),
    "conflicting rows": (
        ["{cid},{k0},something else,second opinion"],
        5,
        "duplicate: row 2 already corrects",
    ),
    "too many cells": (["{cid},{k0},a,b,c"], 5, "malformed line: 5 cells"),
    "unclosed quote": (['{cid},{k0},"never closed'], 5, "a quoted cell is never closed"),
    "control character": (["{cid},{k0},bell\x07,why"], 5, "contains a control character"),
}
BAD_HEADERS = {
    "wrong header": "id,field,value,why",
    "missing header": None,  # the first data row where the header should be
    "header with an unknown column": "context_id,key,new_value,reason,comment",
    "empty file": "",
}


@covers("Bad input: CSV corrections", "one bad row: named, nothing applied")
@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_one_bad_row_is_named_and_nothing_is_applied(kind, seeded_store, numbers):
    cid, facts = some_facts(seeded_store)
    rows, line, words = BAD_FILES[kind]
    (k0, v0) = facts[0]
    bad = [r.format(cid=cid, k0=k0, v0=v0) for r in rows]
    data = "\n".join([HEADER, *good_rows(cid, facts), *bad]).encode()
    before, values = snapshot(seeded_store), fact_values(seeded_store)

    result = apply_csv(seeded_store, data, actor="ana", role="operator")

    assert not result.applied and result.batch is None
    errors = [(r.line, r.error) for r in result.preview.errors]
    assert [e[0] for e in errors] == [line], errors
    assert words in errors[0][1], errors
    assert changed_counts(before, snapshot(seeded_store)) == {}  # not one row written
    assert fact_values(seeded_store) == values
    numbers.add("CSV files with a bad row, nothing applied", 1)


@covers("Bad input: CSV corrections", "wrong or missing header: the file refused, line 1 named")
@pytest.mark.parametrize("kind", list(BAD_HEADERS))
def test_a_wrong_or_missing_header_refuses_the_file(kind, seeded_store):
    cid, facts = some_facts(seeded_store)
    header = BAD_HEADERS[kind]
    lines = ([] if header is None else [header]) + (good_rows(cid, facts) if kind != "empty file" else [])
    before = snapshot(seeded_store)
    result = apply_csv(seeded_store, "\n".join(lines).encode(), actor="ana", role="operator")
    assert not result.applied and result.preview.file_error is not None
    assert "line 1" in result.preview.file_error or "empty" in result.preview.file_error
    assert "context_id,key,new_value[,reason]" in result.preview.file_error  # says what is expected
    assert changed_counts(before, snapshot(seeded_store)) == {}


@covers("Bad input: CSV corrections", "every bad row of a file named at once")
def test_every_bad_row_of_a_file_is_named_and_good_rows_say_not_applied(seeded_store):
    cid, facts = some_facts(seeded_store)
    k0, v0 = facts[0]
    # an unclosed quote takes the rest of the file into its cell, so it goes last
    kinds = sorted(BAD_FILES, key=lambda kind: kind == "unclosed quote")
    bad = [r.format(cid=cid, k0=k0, v0=v0) for kind in kinds for r in BAD_FILES[kind][0]]
    data = "\n".join([HEADER, *good_rows(cid, facts), *bad]).encode()
    result = apply_csv(seeded_store, data, actor="ana", role="operator")
    assert not result.applied
    named = sorted(r.line for r in result.preview.errors)
    assert named == list(range(5, 5 + len(bad)))  # one error per bad line, each on its own line
    assert {r.line for r in result.preview.changes} == {2, 3, 4}  # the good rows, shown but not applied


# spreadsheet variants that are not errors: the whole file applies
def _utf16_no_bom(text: str) -> bytes:
    return text.encode("utf-16-le")


VARIANTS = {
    "BOM": lambda text: codecs.BOM_UTF8 + text.encode(),
    "UTF-16 with BOM": lambda text: text.encode("utf-16"),
    "UTF-16 BE with BOM": lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
    "UTF-16 without BOM": _utf16_no_bom,
    "semicolons": lambda text: text.replace(",", ";").encode(),
    "tabs and CRLF": lambda text: text.replace(",", "\t").replace("\n", "\r\n").encode(),
}


@covers("Bad input: CSV corrections", "BOM, UTF-16 and semicolons read and applied")
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_spreadsheet_encodings_and_separators_apply_every_row(variant, seeded_store):
    cid, facts = some_facts(seeded_store)
    rows = [f"{cid},{key},北京 {i},checked" for i, (key, _) in enumerate(facts)]
    data = VARIANTS[variant]("\n".join([HEADER, *rows]) + "\n")
    result = apply_csv(seeded_store, data, actor="ana", role="operator")
    assert result.applied and result.changed == len(facts), result.preview.errors
    stored = {r.fact.key: r.fact.value for r in seeded_store.facts(cid, with_history=False)}
    assert [stored[key] for key, _ in facts] == [f"北京 {i}" for i in range(len(facts))]


@covers("Bad input: CSV corrections", "quoted newlines and separators stay in the value")
def test_quoted_newlines_stay_in_the_value_and_later_lines_keep_their_numbers(seeded_store):
    cid, facts = some_facts(seeded_store)
    (k0, _), (k1, _), (k2, _) = facts
    data = (
        f'{HEADER}\n{cid},{k0},"two\nlines, one comma",why\n{cid},{k1},plain,why\n'
        f"{cid},{k2},,empty value on line 5\n"
    ).encode()
    preview = preview_csv(seeded_store, data, actor="ana")
    assert [(r.line, r.status) for r in preview.rows] == [(2, "change"), (4, "change"), (5, "error")]
    fixed = data.replace(b",,empty", b",x,empty")
    result = apply_csv(seeded_store, fixed, actor="ana", role="operator")
    assert result.applied
    stored = {r.fact.key: r.fact.value for r in seeded_store.facts(cid, with_history=False)}
    assert stored[k0] == "two\nlines, one comma"


@covers("Bad input: CSV corrections", "the Store refuses a batch with one bad row (all-or-nothing)")
def test_the_store_applies_nothing_when_one_row_is_refused_and_logs_the_attempt(seeded_store):
    cid, facts = some_facts(seeded_store)
    (k0, _), (k1, _) = facts[:2]
    batch = [
        FactCorrection(context_id=cid, key=k0, new_value="north", actor="ana", source="api", row=1),
        FactCorrection(context_id=cid, key="no.such_key", new_value="x", actor="ana", source="api", row=2),
        FactCorrection(context_id=cid, key=k1, new_value="south", actor="ana", source="api", row=3),
    ]
    before, values = snapshot(seeded_store), fact_values(seeded_store)
    result = seeded_store.apply_corrections(batch)
    assert not result.applied
    assert [(o.row, o.status) for o in result.outcomes] == [
        (1, "not_applied"),
        (2, "rejected"),
        (3, "not_applied"),
    ]
    assert fact_values(seeded_store) == values
    # the attempt is logged (3 rows + 1 audit row), no fact or history row is written
    assert changed_counts(before, snapshot(seeded_store)) == {"corrections": 3, "audit": 1}


@covers("Bad input: CSV corrections", "a 20 MB file: one bad row refuses it, the fixed file applies")
@pytest.mark.slow
def test_a_20_mb_file_with_one_bad_row_applies_nothing_then_the_fixed_file_applies_all(tmp_path, numbers):
    store = Store.open(tmp_path / "big.duckdb", linger=5)
    try:
        bundles = list(synthetic_contexts(2600, seed=7))
        store.save_contexts(bundles)
        pairs = [(b.context_id, f.key) for b in bundles for f in b.facts]
        reason = "checked against the booking system " * 48  # ~1.7 kB a row
        rows = [f"{cid},{key},corrected {n},{reason}" for n, (cid, key) in enumerate(pairs)]
        bad_at = len(rows) // 2
        rows.insert(bad_at, f"{pairs[0][0]},no.such_key,x,typo")
        data = "\n".join([HEADER, *rows]).encode()
        assert len(data) > 20 * 1024 * 1024
        before = snapshot(store)

        refused = apply_csv(store, data, actor="ana", role="operator")
        assert not refused.applied
        assert [r.line for r in refused.preview.errors] == [bad_at + 2]
        assert changed_counts(before, snapshot(store)) == {}

        del rows[bad_at]
        applied = apply_csv(store, "\n".join([HEADER, *rows]).encode(), actor="ana", role="operator")
        assert applied.applied and applied.changed == len(pairs)
        after = snapshot(store)
        n = len(pairs)  # every fact gets one version: a history, a correction and an audit row each
        assert changed_counts(before, after) == {"fact_history": n, "corrections": n, "audit": n}
        assert after.problems == ()
        numbers.add("CSV rows applied in one 20 MB file", len(pairs))
    finally:
        store.close()


# --- exports -------------------------------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A9)", "\t=1", "\r=1"]


def cells_of(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def assert_neutralised(data: bytes, originals: list[str]) -> None:
    cells = [c for row in cells_of(data) for c in row]
    live = [c for c in cells if c.startswith(FORMULA_STARTS)]
    assert live == [], f"formula cells left live: {live}"
    restored = {restore_cell(c) for c in cells}
    for value in originals:  # neutralised, not lost: the reader gets the value back exactly
        assert any(value in cell for cell in restored), value


@covers("Bad input: CSV exports", "formulas neutralised in every CSV the console exports")
@pytest.mark.parametrize(
    "export", ["facts download", "audit download", "corrections template", "preview report"]
)
def test_every_csv_export_neutralises_formula_cells(export, seeded_store, numbers):
    cid, facts = some_facts(seeded_store, n=len(FORMULAS))
    batch = [
        FactCorrection(
            context_id=cid, key=key, new_value=formula, reason=formula, actor="ana", source="form", row=i + 1
        )
        for i, ((key, _), formula) in enumerate(zip(facts, FORMULAS, strict=True))
    ]
    stored_values = [c.new_value for c in batch]
    assert seeded_store.apply_corrections(batch).applied
    records = seeded_store.facts(cid)
    if export == "facts download":
        data = frame_to_csv_bytes(facts_svc.facts_frame(records))
        originals = stored_values
    elif export == "audit download":
        detail = sessions_svc.session_detail(seeded_store, cid)
        assert detail is not None
        data = frame_to_csv_bytes(session_views.audit_frame(detail.audit))
        originals = ["fact.correct"]
    elif export == "corrections template":
        data = template_csv(records)
        originals = stored_values
    else:
        originals = ["=1", "+2", "-3", "@4"]
        rows = [f'{cid},{key},"{f}","{f}"' for (key, _), f in zip(facts, originals, strict=False)]
        upload = "\n".join([HEADER, *rows])
        data = preview_csv_bytes(preview_csv(seeded_store, upload.encode(), actor="ana"))
    assert_neutralised(data, originals)
    numbers.add("exported CSV cells checked for formulas", sum(len(r) for r in cells_of(data)))


@covers("Bad input: CSV exports", "the data grids' own CSV download is off (it would not neutralise)")
def test_the_dataframe_toolbar_csv_export_is_disabled():
    # st.dataframe's toolbar writes its own CSV in the browser with formula cells as they are, so
    # the console turns it off; its download buttons above are the neutralised exports.
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["client"]["disableDataExport"] is True
