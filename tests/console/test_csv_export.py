"""Every CSV the console hands out neutralises spreadsheet formulas, and the reader undoes exactly that."""

from __future__ import annotations

import codecs
import csv
import io

import pandas as pd
import pytest

from console.services.csv_export import frame_to_csv_bytes, neutralise_cell, restore_cell, to_csv_bytes

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-5", "@SUM(A1)", "\t=1", "\r=1", '=HYPERLINK("x")'])
def test_formula_starts_get_an_apostrophe(cell):
    assert neutralise_cell(cell) == "'" + cell
    assert restore_cell(neutralise_cell(cell)) == cell


@pytest.mark.parametrize("cell", ["north", "5", "", "a=b", "it's", "'quoted'", "'", "北京"])
def test_plain_cells_pass_unchanged_both_ways(cell):
    assert neutralise_cell(cell) == cell
    assert restore_cell(cell) == cell


def test_none_and_numbers_become_text():
    assert neutralise_cell(None) == ""
    assert neutralise_cell(-3) == "'-3"
    assert neutralise_cell(2.5) == "2.5"


def test_csv_bytes_have_a_bom_crlf_and_neutralised_cells_with_quoting_intact():
    data = to_csv_bytes(["key", "value"], [["a", "=1+1"], ["b", 'x, "y"\nz']])
    assert data.startswith(codecs.BOM_UTF8)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows == [["key", "value"], ["a", "'=1+1"], ["b", 'x, "y"\nz']]


def test_frame_export_neutralises_every_column_including_the_header():
    frame = pd.DataFrame({"=evil": ["@x", "ok"], "n": [-1, 2]})
    rows = list(csv.reader(io.StringIO(frame_to_csv_bytes(frame).decode("utf-8-sig"), newline="")))
    assert rows == [["'=evil", "n"], ["'@x", "'-1"], ["ok", "2"]]


def test_a_grid_leaves_the_frame_it_shows_as_it_was_and_exports_drop_its_internal_column():
    """st_aggrid adds ::auto_unique_id:: to the frame it is given; the facts CSV exported that frame."""
    from streamlit.testing.v1 import AppTest

    def script() -> None:
        import pandas as pd
        import streamlit as st

        from console.widgets import data_grid

        frame = pd.DataFrame({"key": ["a"], "value": ["b"]})
        data_grid(frame, key="g")
        st.session_state["columns"] = list(frame.columns)

    at = AppTest.from_function(script, default_timeout=30).run()
    assert not at.exception and at.session_state["columns"] == ["key", "value"]
    import pandas as pd

    from console.services.csv_export import frame_to_csv_bytes

    grid_data = pd.DataFrame({"key": ["a"], "::auto_unique_id::": ["0"]})
    assert frame_to_csv_bytes(grid_data).decode("utf-8-sig") == "key\r\na\r\n"
