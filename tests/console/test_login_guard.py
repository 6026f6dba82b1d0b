"""Failed sign-ins tell nothing and lock no one else out (issue 13, item 9).

Before: after 5 failures a real account said "Maximum number of login attempts exceeded" while an
unknown name kept "Wrong username or password" (names could be enumerated); bcrypt ran only for
known names (timing); anyone could keep any account locked; every failure with an unknown name
wrote an audit row. Through the whole app (console/app.py, login on).
"""

from __future__ import annotations

from pathlib import Path

import bcrypt
import pytest
from streamlit.testing.v1 import AppTest

from console import auth, auth_signin, login_guard
from data.store import Store
from tests.console.auth_accounts import PASSWORDS, sign_in
from tests.reliability.cases import covers

pytestmark = pytest.mark.apptest
SECTION = "Issue 13: second round"
APP = str(Path(__file__).resolve().parents[2] / "console" / "app.py")


def app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=60).run()


def failed_rows(db: Path) -> list:
    return [r for r in Store(db, linger=0).audit_log(limit=1000).items if r.action == "auth.login_failed"]


def from_client(monkeypatch: pytest.MonkeyPatch, address: str) -> None:
    monkeypatch.setattr(auth_signin, "_client", lambda: address)


@covers(SECTION, "9. after 5 failures a real and an unknown name get the same message")
def test_a_locked_real_account_and_an_unknown_name_read_the_same(login_on, app_db):
    said = {}
    for name in ("ana", "mallory"):
        at = app()
        for _ in range(auth.MAX_FAILED_LOGINS):
            at = sign_in(at, name, "guess-guess-guess")
            assert [e.value for e in at.error] == ["Wrong username or password."]
        at = sign_in(at, name, PASSWORDS.get(name, "guess-guess-guess"))  # right for ana, too late
        assert not at.exception and at.session_state["authentication_status"] is not True
        said[name] = [e.value for e in at.error]
    assert said["ana"] == said["mallory"] and "Too many failed sign-ins" in said["ana"][0]


@covers(SECTION, "9. bcrypt runs for unknown names too (the same work)")
def test_an_unknown_name_costs_a_bcrypt_check_like_a_real_one(login_on, app_db, monkeypatch):
    calls: list[bytes] = []
    real = bcrypt.checkpw
    monkeypatch.setattr(bcrypt, "checkpw", lambda pw, hashed: calls.append(hashed) or real(pw, hashed))
    sign_in(app(), "mallory", "guess-guess-guess")
    sign_in(app(), "ana", "guess-guess-guess")
    assert len(calls) == 2 and calls[0].startswith(b"$2b$12$") and calls[1].startswith(b"$2b$12$")


@covers(SECTION, "9. lockout is per (account, client) with back-off: others cannot lock the owner out")
def test_failures_from_one_client_do_not_lock_the_owner_out_from_another(login_on, app_db, monkeypatch):
    from_client(monkeypatch, "203.0.113.9")  # the attacker
    at = app()
    for _ in range(auth.MAX_FAILED_LOGINS + 2):
        at = sign_in(at, "ana", "guess-guess-guess")
    assert "Too many failed sign-ins" in at.error[0].value
    from_client(monkeypatch, "198.51.100.7")  # ana, elsewhere
    at = sign_in(app(), "ana", PASSWORDS["ana"])
    assert "Signed in as **ana** (operator)" in [c.value for c in at.sidebar.caption]
    attempt = login_guard.Attempt("ana", "203.0.113.9")
    first = login_guard.wait_seconds(attempt, 0.0)
    count, last = login_guard._failures[("ana", "203.0.113.9")]
    assert count == auth.MAX_FAILED_LOGINS  # refused tries while locked are not counted
    assert login_guard.wait_seconds(attempt, last + 31) == 0.0  # the first wait is 30 s
    login_guard.record_failure(attempt, last + 31)
    assert login_guard.wait_seconds(attempt, last + 31) == pytest.approx(60.0)  # then it doubles
    assert first > 0


@covers(SECTION, "9. audit rows for unknown names are rate-limited")
def test_failures_with_unknown_names_are_audited_at_a_limited_rate(login_on, app_db):
    at = app()
    for n in range(login_guard.UNKNOWN_AUDITS_PER_MINUTE + 6):
        at = sign_in(at, f"nobody{n}", "guess-guess-guess")
        assert [e.value for e in at.error] == ["Wrong username or password."]
    rows = failed_rows(app_db)
    assert len(rows) == login_guard.UNKNOWN_AUDITS_PER_MINUTE
    assert all((r.actor, r.role) == ("anonymous", "viewer") for r in rows)


@covers(SECTION, "13. confirmed: a password with leading or trailing spaces could never sign in; now it can")
def test_a_password_with_outer_spaces_signs_in_as_typed(login_on, app_db):
    from console import users

    spaced = "  spaced secret 42  "
    users.add_user(
        "sam", spaced, "operator", name="Sam", actor="ada", actor_role="admin",
        store=Store(app_db, linger=0), path=login_on,
    )  # fmt: skip
    at = sign_in(app(), "sam", spaced.strip())  # the text without its spaces is another password
    assert [e.value for e in at.error] == ["Wrong username or password."]
    at = sign_in(app(), "sam", spaced)
    assert "Signed in as **sam** (operator)" in [c.value for c in at.sidebar.caption]
