"""Who acts when login is off and nobody says so: a viewer (issue 13, item 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console import auth
from console.resources import get_store
from console.services.breaker import set_global_mode
from data.store import Store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
ROOT = Path(__file__).resolve().parents[2]


@covers(SECTION, "12. login off and no CONSOLE_ROLE: a viewer (fail closed), read-only pages")
@pytest.mark.apptest
def test_login_off_without_a_role_is_a_viewer(tmp_path, monkeypatch):
    monkeypatch.delenv("CONSOLE_ROLE", raising=False)
    monkeypatch.delenv("CONSOLE_ACTOR", raising=False)
    db = tmp_path / "console.duckdb"
    Store.open(db, linger=0).close()
    monkeypatch.setenv("CONSOLE_DB", str(db))
    assert auth.current_user() == ("demo-viewer", "viewer")
    at = AppTest.from_file(str(ROOT / "pages" / "breaker.py"), default_timeout=60).run()
    assert not at.exception
    assert at.toggle(key="breaker_global_raw").disabled
    assert "read only" in at.info[0].value
    with pytest.raises(PermissionError):
        set_global_mode(get_store(), raw=True, reason="x", actor="demo-viewer", role="viewer")
    monkeypatch.setenv("CONSOLE_ROLE", "operator")
    assert auth.current_user() == ("demo-operator", "operator")  # said explicitly: as said
