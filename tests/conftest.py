"""Defaults for every test: login off, and never the real credentials file.

The console requires a password by default (console/auth.py). Tests that are not about login run
with ``CONSOLE_AUTH=off``, where ``CONSOLE_ROLE`` / ``CONSOLE_ACTOR`` say who acts; the login tests
(tests/console/test_auth*.py, tests/e2e/test_login.py) switch it back on with their own temporary
credentials file. ``CONSOLE_CREDENTIALS`` points into the test's temp folder either way, so no test
reads or writes ~/.config/context-console.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _console_login_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONSOLE_AUTH", "off")
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(tmp_path / "credentials" / "credentials.yaml"))
    monkeypatch.delenv("CONSOLE_IDLE_MINUTES", raising=False)
