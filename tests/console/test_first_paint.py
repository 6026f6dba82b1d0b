"""What a page waits for before its title: no magic pass over the page scripts, and no reopening
of the database file on every visit (bench/paint.py measures the effect in a real browser)."""

from __future__ import annotations

import ast
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

pytestmark = pytest.mark.apptest
ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / "console" / "app.py", *sorted((ROOT / "pages").glob("*.py"))]


def magic_statements(path: Path) -> list[str]:
    """Bare expressions Streamlit's magic would have drawn (calls, docstrings and awaits it leaves)."""
    skipped = (ast.Call, ast.Await, ast.Yield, ast.YieldFrom)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Expr) or isinstance(node.value, skipped):
            continue
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            continue  # a docstring, or a string statement magic leaves out of the page too
        found.append(f"{path.name}:{node.lineno} {ast.unparse(node)[:60]}")
    return found


def test_magic_is_off_and_no_page_relies_on_it():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["magicEnabled"] is False
    assert [s for path in SCRIPTS for s in magic_statements(path)] == []


def test_magic_statements_are_found(tmp_path):
    page = tmp_path / "page.py"
    page.write_text('"""doc"""\nimport streamlit as st\nst.title("x")\nvalue = 3\nvalue\n', encoding="utf-8")
    assert magic_statements(page) == ["page.py:5 value"]


def test_the_console_keeps_the_file_open_between_pages_and_hands_it_over_on_demand(tmp_path, monkeypatch):
    from console import resources

    db = tmp_path / "console.duckdb"  # created by the console (this process's lease takes its linger)
    monkeypatch.setenv("CONSOLE_DB", str(db))
    store = resources.get_store()
    try:
        store.sources()
        time.sleep(1.5)  # an operator reading the page before the next click
        store.sources()
        assert store.lease.opens == 1 and store.lease.is_open  # one open (the migration's) for both
        # another process (an ingest, the CLI) is let in at once, not after the linger
        probe = (
            "import sys, time; from data.store import Store; s = Store(sys.argv[1], linger=0); "
            "t = time.monotonic(); s.sources(); print(time.monotonic() - t)"
        )
        done = subprocess.run(
            [sys.executable, "-c", probe, str(db)], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert float(done.stdout.split()[-1]) < 5.0  # not the 30 s linger
        assert not store.lease.is_open
    finally:
        store.close()
