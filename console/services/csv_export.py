"""The one writer of CSV files the console hands out, with spreadsheet formulas neutralised.

A cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which some
spreadsheets skip before reading a formula) is run as a formula when the file is opened in Excel or
LibreOffice: a fact value like ``=HYPERLINK("http://evil", "click")`` would become a live link.
Every such cell gets a leading apostrophe, which spreadsheets show as text. The CSV reader
(:mod:`console.services.csv_corrections`) removes exactly that apostrophe again, so an exported file
can be edited and uploaded back unchanged.

    >>> neutralise_cell("=1+1"), neutralise_cell("-5"), neutralise_cell("north")
    ("'=1+1", "'-5", 'north')
    >>> to_csv_bytes(["key", "value"], [["a", "@x"]]).decode("utf-8-sig")
    "key,value\\r\\na,'@x\\r\\n"
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise_cell(value: Any) -> str:
    """The cell as text, with a leading apostrophe when a spreadsheet would run it as a formula."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def restore_cell(text: str) -> str:
    """Undo :func:`neutralise_cell`: drop the apostrophe it adds (and only that one)."""
    if len(text) > 1 and text[0] == "'" and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def to_csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """A CSV file (UTF-8 with BOM, so spreadsheets read non-ASCII text right) of neutralised cells."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([neutralise_cell(h) for h in header])
    for row in rows:
        writer.writerow([neutralise_cell(cell) for cell in row])
    return out.getvalue().encode("utf-8-sig")


INTERNAL_PREFIX = "::"  # a grid's own columns (st_aggrid's ::auto_unique_id::), never exported


def frame_to_csv_bytes(frame: Any) -> bytes:
    """A pandas DataFrame as a neutralised CSV file (column names as the header), without the
    internal columns a grid adds."""
    frame = frame[[c for c in frame.columns if not str(c).startswith(INTERNAL_PREFIX)]]
    return to_csv_bytes([str(c) for c in frame.columns], frame.itertuples(index=False, name=None))
