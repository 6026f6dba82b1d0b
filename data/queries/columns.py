"""Small converters between Python values and the columns the schema stores."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import duckdb
import pyarrow as pa
from pydantic_core import from_json, to_json


def to_utc_naive(value: datetime | None) -> datetime | None:
    """A datetime as the naive UTC value TIMESTAMP columns hold (naive input is taken as UTC)."""
    if value is None or value.tzinfo is None:
        return value
    if value.tzinfo is UTC:
        return value.replace(tzinfo=None)
    return value.astimezone(UTC).replace(tzinfo=None)


def from_db_time(value: datetime | None) -> datetime | None:
    """A TIMESTAMP column value as an aware UTC datetime."""
    if value is None:
        return None
    return value.replace(tzinfo=UTC)


def json_text(value: Any) -> str | None:
    """JSON text of a value (pydantic models, dicts, lists, datetimes all work); None stays None."""
    if value is None:
        return None
    return to_json(value).decode()


def parse_json(text: str | None) -> Any:
    """The value of a stored JSON text column (None for NULL)."""
    if text is None:
        return None
    return from_json(text)


def arrow_table(columns: dict[str, list[Any]], types: dict[str, pa.DataType]) -> pa.Table:
    """An Arrow table from column lists with the given types (so an all-NULL column keeps its type)."""
    return pa.table({name: pa.array(values, type=types[name]) for name, values in columns.items()})


@contextlib.contextmanager
def registered(con: Any, name: str, data: pa.Table) -> Iterator[str]:
    """Make ``data`` queryable as ``name`` inside the block.

    Unregistering never masks the block's own error (after a failed statement DuckDB refuses
    every call until ROLLBACK, unregister included).
    """
    con.register(name, data)
    try:
        yield name
    finally:
        with contextlib.suppress(duckdb.Error):
            con.unregister(name)


def insert_arrow(con: Any, table: str, data: pa.Table) -> None:
    """Append an Arrow table to ``table`` by column name, in the caller's transaction.

    One INSERT ... SELECT of a registered Arrow table: about a million rows a second here, where a
    parameterised executemany manages a few thousand.
    """
    if data.num_rows == 0:
        return
    names = ", ".join(data.column_names)
    # DuckDB reads the local variable by its name (a replacement scan): no register / unregister,
    # two calls that cost about a millisecond each here, a dozen of them per save of the service
    _arrow_rows = data  # read by the SQL below
    con.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM _arrow_rows")
