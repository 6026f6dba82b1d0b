"""Where the console's database lives: ``data/console.duckdb`` unless ``CONSOLE_DB`` names another file."""

from __future__ import annotations

import os
from pathlib import Path

DB_ENV_VAR = "CONSOLE_DB"


def default_db_path() -> Path:
    """The database file the CLI and the app use: $CONSOLE_DB if set, else data/console.duckdb.

    Read at call time (not import time) so a test or a shell can point the whole app elsewhere.
    """
    override = os.environ.get(DB_ENV_VAR, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(__file__).resolve().parent / "console.duckdb"


DB_SUFFIXES = (".duckdb", ".db", ".ddb")
_DUCKDB_MAGIC = b"DUCK"  # bytes 8-11 of every DuckDB database file


def database_file_problem(path: Path) -> str | None:
    """Why ``path`` cannot be the console's database, or None when it can.

    It must be a DuckDB file, or not exist yet (or be empty) and end in .duckdb, .db or .ddb. DuckDB
    itself opens any other name (a .jsonl, a .csv) as an in-memory database: everything written
    would vanish at exit while the command reported success."""
    if path.is_dir():
        return "is a folder, not a database file"
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as f:
            head = f.read(12)
        if head[8:12] != _DUCKDB_MAGIC:
            return "is not a valid DuckDB database file (another kind of file); name a .duckdb file"
        return None
    if path.suffix.lower() not in DB_SUFFIXES:
        return f"is not a database file name: a new database must end in {', '.join(DB_SUFFIXES)}"
    return None
