"""The corrections CSV: reading what spreadsheets produce, naming every bad line, all-or-nothing apply."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.services.csv_corrections import (
    MAX_CSV_BYTES,
    apply_csv,
    preview_csv,
    read_corrections_csv,
    template_csv,
)
from data.records import FactCorrection
from data.store import Store

pytestmark = pytest.mark.unit
CID = "sgd-train-1_00000"


def read(text: str | bytes):
    data = text.encode("utf-8") if isinstance(text, str) else text
    return read_corrections_csv(data, actor="ana")


def rows(parsed) -> list[tuple[int, str, str, str]]:
    return [(c.row, c.context_id, c.key, c.new_value) for c in parsed.corrections]


def errors(parsed) -> list[tuple[int, str]]:
    return [(e.line, e.error) for e in parsed.errors]


# --- reading --------------------------------------------------------------------------------------


def test_reads_rows_with_line_numbers_actor_and_csv_source():
    parsed = read("context_id,key,new_value,reason\nc1,hotel.area,north,user said so\nc2,k,v,\n")
    assert parsed.file_error is None and parsed.errors == []
    assert rows(parsed) == [(2, "c1", "hotel.area", "north"), (3, "c2", "k", "v")]
    first = parsed.corrections[0]
    assert (first.reason, first.actor, first.source) == ("user said so", "ana", "csv")


def test_reason_column_is_optional_and_columns_may_come_in_any_order():
    assert rows(read("key,new_value,context_id\nk,v,c1\n")) == [(2, "c1", "k", "v")]
    assert rows(read("context_id,key,new_value,reason\nc1,k,v\n")) == [(2, "c1", "k", "v")]


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (codecs.BOM_UTF8 + "context_id,key,new_value\nc1,k,北京\n".encode(), "utf-8-sig"),
        ("context_id,key,new_value\nc1,k,北京\n".encode("utf-16"), "utf-16"),
        (codecs.BOM_UTF16_BE + "context_id,key,new_value\nc1,k,北京\n".encode("utf-16-be"), "utf-16"),
        ("context_id,key,new_value\nc1,k,北京\n".encode("utf-16-le"), "utf-16-le"),
        ("context_id,key,new_value\r\nc1,k,北京\r\n".encode(), "utf-8"),
    ],
)
def test_bom_utf16_and_crlf_files_read_the_same(data, encoding):
    parsed = read(data)
    assert parsed.encoding == encoding
    assert rows(parsed) == [(2, "c1", "k", "北京")]


@pytest.mark.parametrize(("sep", "name"), [(";", "semicolon"), ("\t", "tab")])
def test_semicolon_and_tab_separators_are_detected_from_the_header(sep, name):
    parsed = read(f"context_id{sep}key{sep}new_value\nc1{sep}k{sep}12,5\n")
    assert parsed.delimiter == name
    assert rows(parsed) == [(2, "c1", "k", "12,5")]  # a decimal comma is not a separator here


def test_quoted_newlines_stay_in_the_value_and_later_rows_keep_their_file_line():
    parsed = read('context_id,key,new_value\nc1,k,"two\nlines, and a comma"\nc2,k,x\n\n\nc3,k,y\n')
    assert rows(parsed) == [
        (2, "c1", "k", "two\nlines, and a comma"),
        (4, "c2", "k", "x"),
        (7, "c3", "k", "y"),
    ]
    assert parsed.rows == 3  # blank lines are not rows


def test_an_exported_formula_cell_gets_its_apostrophe_back_off_and_nothing_else_does():
    parsed = read("context_id,key,new_value\nc1,a,'=1+1\nc1,b,'-5\nc1,c,it's fine\nc1,d,'quoted'\n")
    assert [c.new_value for c in parsed.corrections] == ["=1+1", "-5", "it's fine", "'quoted'"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the file is empty"),
        ("\n\n  \n", "the file is empty"),
        ("foo,bar\n1,2\n", "line 1: the header must name the columns"),
        ("c1,hotel.area,north\n", "line 1: the header must name the columns"),  # no header at all
        ("context_id,key\nc1,k\n", "line 1: the header must name the columns"),  # new_value missing
        ("context_id,key,new_value,key\nc1,k,v,k\n", "line 1: the header must name the columns"),
        ("context_id,key,new_value,extra\nc1,k,v,x\n", "line 1: the header must name the columns"),
    ],
)
def test_a_missing_or_wrong_header_is_a_file_error_naming_line_1(text, expected):
    parsed = read(text)
    assert parsed.file_error is not None and parsed.file_error.startswith(expected)
    assert parsed.corrections == []


def test_invalid_utf8_names_the_line_and_asks_for_utf8_or_utf16():
    parsed = read(b"context_id,key,new_value\nc1,k,caf\xe9\n")
    assert parsed.file_error is not None
    assert parsed.file_error.startswith("line 2: the file is not valid UTF-8")
    assert "UTF-16" in parsed.file_error


def test_every_bad_row_is_named_by_line_and_good_rows_are_still_read():
    text = (
        "context_id,key,new_value,reason\n"  # 1
        "c1,a,ok\n"  # 2
        "c1,b,\n"  # 3 empty value
        "c1,c,x,y,z\n"  # 4 too many cells
        ",d,x\n"  # 5 empty context
        "c1,e,a\x00b\n"  # 6 control character
        'c1,f,"x"y\n'  # 7 bad quoting
        "c1,g,fine\n"  # 8
        'c1,h,"never closed\n'  # 9 unclosed quote
        "c1,i,swallowed\n"
    )
    parsed = read(text)
    assert rows(parsed) == [(2, "c1", "a", "ok"), (8, "c1", "g", "fine")]
    found = errors(parsed)
    assert [line for line, _ in found] == [3, 4, 5, 6, 7, 9]
    assert found[0][1] == "new_value is empty"
    assert found[1][1].startswith("malformed line: 5 cells, the header has 4")
    assert found[2][1] == "context_id is empty"
    assert "control character" in found[3][1]
    assert found[4][1].startswith("malformed line:")
    assert found[5][1] == "malformed line: a quoted cell is never closed"


def test_a_file_over_the_limit_is_refused_before_reading():
    parsed = read_corrections_csv(b"x" * 101, actor="ana", max_bytes=100)
    assert parsed.file_error == "the file is 101 bytes; the limit is 100"
    assert MAX_CSV_BYTES >= 20 * 1024 * 1024  # the 20 MB file must fit


# --- preview and apply against a real store -------------------------------------------------------


def current(store: Store, key: str, cid: str = CID) -> tuple[str, int]:
    fact = next(f for f in store.facts(cid) if f.fact.key == key)
    return fact.fact.value, fact.version


def test_preview_shows_old_to_new_and_names_unknown_context_key_and_duplicates(seeded_store):
    old_city, _ = current(seeded_store, "restaurant.city")
    text = (
        "context_id,key,new_value,reason\n"
        f"{CID},restaurant.city,Oakland,moved\n"  # 2 change
        f"{CID},restaurant.people,2,\n"  # 3 same value (but marks it verified)
        f"{CID},restaurant.nope,x,\n"  # 4 unknown key
        "no-such-context,restaurant.city,x,\n"  # 5 unknown context
        f"{CID},restaurant.city,Berkeley,\n"  # 6 contradicts row 2
    )
    preview = preview_csv(seeded_store, text.encode(), actor="ana")
    by_line = {r.line: r for r in preview.rows}
    assert sorted(by_line) == [2, 3, 4, 5, 6]
    assert (by_line[2].status, by_line[2].old_value, by_line[2].new_value) == ("change", old_city, "Oakland")
    assert by_line[2].reason == "moved"
    assert by_line[3].status == "change"  # same value, but a human now vouches for it
    assert "restaurant.nope" in by_line[4].error and by_line[4].status == "error"
    assert "unknown context 'no-such-context'" in by_line[5].error
    assert by_line[6].error.startswith("duplicate: row 2")
    assert not preview.ok
    assert current(seeded_store, "restaurant.city")[0] == old_city  # a preview writes nothing


def test_one_bad_row_applies_nothing_then_the_fixed_file_applies_everything(seeded_store):
    city_before, city_version = current(seeded_store, "restaurant.city")
    time_before, _ = current(seeded_store, "restaurant.time")
    bad = f"context_id,key,new_value\n{CID},restaurant.city,Oakland\n{CID},restaurant.tyme,12:00\n"
    result = apply_csv(seeded_store, bad.encode(), actor="ana", role="operator")
    assert not result.applied and result.batch is None
    assert [(e.line, e.key) for e in result.preview.errors] == [(3, "restaurant.tyme")]
    assert current(seeded_store, "restaurant.city") == (city_before, city_version)

    fixed = bad.replace("restaurant.tyme", "restaurant.time")
    result = apply_csv(seeded_store, fixed.encode(), actor="ana", role="operator")
    assert result.applied and result.changed == 2
    assert current(seeded_store, "restaurant.city") == ("Oakland", city_version + 1)
    assert current(seeded_store, "restaurant.time")[0] == "12:00" != time_before
    last = seeded_store.fact_history(CID, "restaurant.city")[-1]
    assert (last.old_value, last.new_value, last.actor, last.source) == (city_before, "Oakland", "ana", "csv")
    assert last.verified_by_user
    audit = seeded_store.audit_log(context_id=CID, action_prefix="fact.correct").items
    assert {a.target for a in audit} >= {f"fact:{CID}/restaurant.city", f"fact:{CID}/restaurant.time"}


def test_a_viewer_cannot_apply_a_csv_and_nothing_changes(seeded_store):
    before = current(seeded_store, "restaurant.city")
    data = f"context_id,key,new_value\n{CID},restaurant.city,Oakland\n".encode()
    with pytest.raises(PermissionError):
        apply_csv(seeded_store, data, actor="vic", role="viewer")
    assert current(seeded_store, "restaurant.city") == before


def test_an_unreadable_file_applies_nothing(seeded_store):
    result = apply_csv(seeded_store, b"not,a,header\n", actor="ana", role="operator")
    assert not result.applied and result.preview.file_error


def test_the_template_round_trips_as_no_change(seeded_store):
    facts = seeded_store.facts(CID)
    data = template_csv(facts)
    assert data.startswith(codecs.BOM_UTF8)
    lines = data.decode("utf-8-sig").splitlines()
    assert lines[0] == "context_id,key,new_value,reason"
    assert len(lines) == 1 + len(facts)
    preview = preview_csv(seeded_store, data, actor="ana")
    assert preview.errors == []
    verified = {f.fact.key for f in facts if f.fact.verified_by_user}
    assert {r.key for r in preview.rows if r.status == "no change"} == verified


def test_template_neutralises_a_formula_value_and_the_reader_restores_it(seeded_store):
    seeded_store.apply_corrections(
        [
            FactCorrection(
                context_id=CID,
                key="restaurant.time",
                new_value="=cmd|'/c calc'!A1",
                actor="ana",
                source="api",
            )
        ]
    )
    data = template_csv([f for f in seeded_store.facts(CID) if f.fact.key == "restaurant.time"])
    assert "'=cmd" in data.decode("utf-8-sig")
    parsed = read_corrections_csv(data, actor="ana")
    assert parsed.corrections[0].new_value == "=cmd|'/c calc'!A1"


@pytest.mark.slow
def test_a_20_mb_file_past_the_row_cap_is_refused_naming_the_cap(seeded_store):
    """260,000 rows: refused at MAX_CSV_ROWS (issue 13, item 10), no row is previewed."""
    from console.services.csv_corrections import MAX_CSV_ROWS

    line = "ctx-{n:07d},restaurant.city,some value long enough to fill the file quickly {n},reason\n"
    body = "".join(line.format(n=n) for n in range(260_000))
    data = ("context_id,key,new_value,reason\n" + body).encode()
    assert len(data) > 20 * 1024 * 1024
    preview = preview_csv(seeded_store, data, actor="ana")
    assert preview.rows == [] and f"more than {MAX_CSV_ROWS:,} rows" in (preview.file_error or "")


# --- properties -----------------------------------------------------------------------------------

_cells = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_give_a_result_never_an_exception(data):
    parsed = read_corrections_csv(data, actor="ana")
    assert parsed.file_error is not None or all(c.row >= 2 for c in parsed.corrections)


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from([",", ";", "\t"]),
    st.lists(st.lists(_cells, min_size=0, max_size=5), max_size=8),
    st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]),
)
def test_any_table_under_a_valid_header_names_every_row_it_refuses(sep, rows, encoding):
    lines = [sep.join(["context_id", "key", "new_value", "reason"])]
    lines += [sep.join(cells) for cells in rows]
    parsed = read_corrections_csv("\n".join(lines).encode(encoding), actor="ana")
    assert parsed.file_error is None
    seen = [c.row for c in parsed.corrections] + [e.line for e in parsed.errors]
    assert len(seen) == len(set(seen)) == parsed.rows  # every row read is either a correction or an error
    assert all(line >= 2 for line in seen)
    assert all(c.new_value and c.context_id and c.key for c in parsed.corrections)
