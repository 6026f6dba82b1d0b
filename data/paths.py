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
