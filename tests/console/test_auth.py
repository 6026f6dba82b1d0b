"""Sign-in for real: the app's login form (streamlit-authenticator) against a bcrypt credentials file.

Right and wrong passwords, unknown users, lockout, sign-out, idle and absolute expiry, a password
reset or an account removal ending an open session, role changes at the next click; every event in
the audit trail. The e2e twin (a real browser, the cookie) is tests/e2e/test_login.py.
"""

from __future__ import annotations

import re
import stat
import time
from pathlib import Path

import bcrypt
import pytest
import yaml
from streamlit.testing.v1 import AppTest

from console import auth, auth_cookie, credentials, users
from data.store import Store
from tests.console.auth_accounts import PASSWORDS, copy_accounts, make_accounts, sign_in

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "console" / "app.py")
CID = "sgd-train-1_00000"


@pytest.fixture(scope="session")
def accounts_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("accounts")
    store = Store.open(folder / "setup.duckdb", linger=0)
    path = make_accounts(folder / "credentials.yaml", store)
    store.close()
    return path


@pytest.fixture
def login_on(app_db: Path, accounts_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Login required, the three test accounts, a seeded database; no sign-in memory between tests."""
    path = copy_accounts(accounts_template, tmp_path / "accounts")
    monkeypatch.setenv("CONSOLE_AUTH", "password")
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(path))
    auth.reset_process_memory()
    yield path
    auth.reset_process_memory()


def app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=60)


def signed_in(username: str) -> AppTest:
    """An app session after a successful sign-in and the run that opens the console."""
    at = sign_in(app().run(), username, PASSWORDS[username])
    assert not at.exception
    return at.run()


def auth_rows(db: Path) -> list:
    return Store(db, linger=0).audit_log(action_prefix="auth.", limit=100).items


def cookie_scripts(at: AppTest) -> list[str]:
    """The scripts this run drew to set or delete a cookie in the browser."""
    return [h.proto.body for h in at.html if "document.cookie" in h.proto.body]


def titles(at: AppTest) -> list[str]:
    return [t.value for t in at.title]


@pytest.mark.apptest
def test_before_sign_in_only_the_form_is_shown(login_on, app_db):
    at = app()
    at.query_params["context_id"] = CID
    at.run()
    assert not at.exception
    assert titles(at) == ["Context console"]
    assert [t.label for t in at.text_input] == ["Username", "Password"]
    assert "Sessions" not in titles(at) and not at.sidebar.caption  # no page, no menu, no user
    assert auth_rows(app_db) == []


@pytest.mark.apptest
def test_a_wrong_password_is_refused_and_audited(login_on, app_db):
    at = sign_in(app().run(), "ana", "not-her-password")
    assert not at.exception
    assert [e.value for e in at.error] == ["Wrong username or password."]
    assert titles(at) == ["Context console"]
    assert at.session_state["authentication_status"] is not True
    (row,) = auth_rows(app_db)
    assert (row.action, row.actor, row.role, row.source) == ("auth.login_failed", "ana", "operator", "form")
    assert row.after == {"attempt": 1}
    at.run()  # the next run does not report (or audit) the failure again
    assert not at.error and len(auth_rows(app_db)) == 1


@pytest.mark.apptest
def test_an_unknown_username_is_refused_and_audited_without_a_name(login_on, app_db):
    at = sign_in(app().run(), "mallory", "whatever-password")
    assert [e.value for e in at.error] == ["Wrong username or password."]
    (row,) = auth_rows(app_db)
    assert (row.action, row.actor, row.role) == ("auth.login_failed", "anonymous", "viewer")


@pytest.mark.apptest
def test_the_right_password_signs_in_and_opens_the_linked_page(login_on, app_db):
    at = app()
    at.query_params["context_id"] = CID
    at.run()
    at = sign_in(at, "ana", PASSWORDS["ana"])  # the form's run reruns the app: the page opens
    assert not at.exception and not at.error
    assert titles(at) == ["Sessions"]
    assert any(s.value == CID for s in at.subheader)
    assert "Signed in as **ana** (operator)" in [c.value for c in at.sidebar.caption]
    (row,) = auth_rows(app_db)
    assert (row.action, row.actor, row.role, row.source) == ("auth.login", "ana", "operator", "form")
    assert row.after == {"name": "Ana", "role": "operator"}
    (script,) = cookie_scripts(at)  # the page stores the signed cookie (the same script every run)
    assert credentials.COOKIE_NAME in script and "SameSite=Strict" in script
    assert cookie_scripts(at.run()) == [script]


@pytest.mark.apptest
def test_sign_out_ends_the_session_and_is_audited(login_on, app_db):
    at = signed_in("ana")
    next(b for b in at.sidebar.button if b.label == "Sign out").click()
    at.run()
    assert not at.exception
    assert titles(at) == ["Context console"]
    assert [i.value for i in at.info] == ["You are signed out."]
    assert at.session_state["authentication_status"] is None
    assert [r.action for r in auth_rows(app_db)] == ["auth.logout", "auth.login"]
    logout = auth_rows(app_db)[0]
    assert (logout.actor, logout.role, logout.source, logout.after) == (
        "ana",
        "operator",
        "form",
        {"why": "signed out"},
    )


@pytest.mark.apptest
def test_a_session_idle_past_the_timeout_is_signed_out(login_on, app_db):
    at = signed_in("ana")
    at.session_state[auth.SEEN_AT] = time.time() - 31 * 60  # default idle timeout: 30 minutes
    at.run()
    assert titles(at) == ["Context console"]
    assert "no activity for more than 30 minutes" in at.info[0].value
    expired = auth_rows(app_db)[0]
    assert (expired.action, expired.actor, expired.role, expired.source) == (
        "auth.expire",
        "ana",
        "operator",
        "auto",
    )
    assert expired.after == {"why": "no activity for more than 30 minutes"}
    assert expired.before["signed_in_at"]  # when the session began


@pytest.mark.apptest
def test_the_idle_timeout_is_configurable(login_on, app_db, monkeypatch):
    monkeypatch.setenv("CONSOLE_IDLE_MINUTES", "5")
    at = signed_in("ana")
    at.session_state[auth.SEEN_AT] = time.time() - 4 * 60
    at.run()
    assert titles(at) == ["Sessions"]  # 4 minutes idle: still in
    at.session_state[auth.SEEN_AT] = time.time() - 6 * 60
    at.run()
    assert titles(at) == ["Context console"]
    assert "more than 5 minutes" in at.info[0].value


@pytest.mark.apptest
def test_a_session_older_than_the_cookie_lifetime_is_signed_out_even_when_busy(login_on, app_db):
    at = signed_in("ana")
    at.session_state[auth.SIGNED_IN_AT] = time.time() - 25 * 3600  # cookie expiry: 1 day
    at.run()  # the user clicked a minute ago, but the session began more than a day ago
    assert titles(at) == ["Context console"]
    assert "older than 1 day" in at.info[0].value
    assert auth_rows(app_db)[0].action == "auth.expire"


@pytest.mark.apptest
def test_a_password_reset_ends_the_open_session(login_on, app_db):
    at = signed_in("ana")
    users.reset_password(
        "ana", "a-brand-new-pw", actor="ada", actor_role="admin", store=Store(app_db, linger=0), path=login_on
    )
    at.run()
    assert titles(at) == ["Context console"]
    assert "the password was reset" in at.info[0].value
    at = sign_in(at, "ana", PASSWORDS["ana"])  # the old password no longer works
    assert [e.value for e in at.error] == ["Wrong username or password."]
    at = sign_in(at, "ana", "a-brand-new-pw")
    assert titles(at) == ["Sessions"]


@pytest.mark.apptest
def test_a_role_change_applies_at_the_next_click_and_a_removed_account_is_signed_out(login_on, app_db):
    at = signed_in("ana")
    store = Store(app_db, linger=0)
    users.set_role("ana", "viewer", actor="ada", actor_role="admin", store=store, path=login_on)
    at.run()
    assert "Signed in as **ana** (viewer)" in [c.value for c in at.sidebar.caption]
    assert auth.current_user() == ("anonymous", "viewer")  # outside a Streamlit run: nobody
    users.remove_user("ana", actor="ada", actor_role="admin", store=store, path=login_on)
    at.run()
    assert titles(at) == ["Context console"]
    assert "the account was removed" in at.info[0].value


def with_cookie(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """The browser opens its next session sending the re-authentication cookie ``value``."""
    monkeypatch.setattr(auth_cookie, "browser_cookies", lambda: {credentials.COOKIE_NAME: value})


def issued_cookie(username: str, issued_at: float, key: str | None = None) -> str:
    directory = credentials.load_directory()
    if key is not None:
        directory = directory.model_copy(update={"cookie_key": key})
    return auth_cookie.cookie_token(directory, username, issued_at)


@pytest.mark.apptest
def test_a_reload_with_the_cookie_opens_the_page_without_the_form(login_on, app_db, monkeypatch):
    signed_in("ana")  # this process has seen ana a moment ago
    issued = time.time() - 60
    with_cookie(monkeypatch, issued_cookie("ana", issued))
    at = app()
    at.query_params["context_id"] = CID
    at.run()  # a new browser session (a reload, a new tab)
    assert not at.exception
    assert titles(at) == ["Sessions"] and "Password" not in [t.label for t in at.text_input]
    assert "Signed in as **ana** (operator)" in [c.value for c in at.sidebar.caption]
    assert at.session_state[auth.SIGNED_IN_AT] == pytest.approx(issued)  # the session's start: the password's
    assert [r.action for r in auth_rows(app_db)] == ["auth.login"]  # one sign-in, not two


@pytest.mark.apptest
@pytest.mark.parametrize(
    "case", ["forged", "expired", "after a restart", "after sign-out", "password reset", "removed"]
)
def test_a_stale_or_forged_cookie_is_refused_and_deleted(case, login_on, app_db, monkeypatch):
    first = signed_in("ana")
    issued = time.time() - 60
    cookie = issued_cookie("ana", issued)
    store = Store(app_db, linger=0)
    if case == "forged":
        cookie = issued_cookie("ana", issued, key="f" * 64)
    elif case == "expired":
        cookie = issued_cookie("ana", time.time() - 2 * 86400)
    elif case == "after a restart":
        auth.reset_process_memory()
    elif case == "after sign-out":
        next(b for b in first.sidebar.button if b.label == "Sign out").click()
        first.run()
    elif case == "password reset":
        users.reset_password(
            "ana", "another-pw-123", actor="ada", actor_role="admin", store=store, path=login_on
        )
    else:
        users.remove_user("ana", actor="ada", actor_role="admin", store=store, path=login_on)
    with_cookie(monkeypatch, cookie)
    at = app().run()
    assert not at.exception
    assert titles(at) == ["Context console"] and [t.label for t in at.text_input] == ["Username", "Password"]
    assert at.session_state["authentication_status"] is not True
    assert auth.current_user() == ("anonymous", "viewer")
    if case not in ("forged", "expired"):  # a cookie the server recognises but refuses is deleted
        (script,) = cookie_scripts(at)
        assert "1970" in script and credentials.COOKIE_NAME in script


@pytest.mark.apptest
def test_a_sign_in_interrupted_half_way_fails_closed(login_on, app_db):
    at = app().run()
    at.session_state["authentication_status"] = True  # the library's mark without the gate's
    at.session_state["username"] = "ana"
    at.run()
    assert not at.exception
    assert titles(at) == ["Context console"] and [t.label for t in at.text_input] == ["Username", "Password"]
    assert at.session_state["authentication_status"] is not True
    assert auth_rows(app_db) == []


@pytest.mark.apptest
def test_five_wrong_passwords_lock_the_account(login_on, app_db):
    at = app().run()
    for _ in range(auth.MAX_FAILED_LOGINS):
        at = sign_in(at, "ana", "guess-guess-guess")
    at = sign_in(at, "ana", PASSWORDS["ana"])  # right, but too late
    assert not at.exception
    assert "Too many failed sign-ins with this name" in at.error[0].value
    assert at.session_state["authentication_status"] is not True
    failed = [r for r in auth_rows(app_db) if r.action == "auth.login_failed"]
    assert [r.after["attempt"] for r in failed] == [5, 4, 3, 2, 1]
    other = sign_in(app().run(), "vic", PASSWORDS["vic"])  # other accounts are not locked
    assert "Signed in as **vic** (viewer)" in [c.value for c in other.sidebar.caption]


@pytest.mark.apptest
def test_the_users_page_is_in_the_menu_of_admins_only(login_on, app_db):
    admin = signed_in("ada")
    admin.switch_page(str(ROOT / "pages" / "users.py")).run()
    assert not admin.exception
    assert titles(admin) == ["Users"]
    assert {"ada", "ana", "vic"} <= set(admin.dataframe[0].value["username"])
    operator = signed_in("ana")
    with pytest.raises(ValueError, match="Could not find a navigation page"):  # not in the menu
        operator.switch_page(str(ROOT / "pages" / "users.py"))


@pytest.mark.apptest
def test_without_a_credentials_file_the_app_says_how_to_make_one(app_db, tmp_path, monkeypatch):
    monkeypatch.setenv("CONSOLE_AUTH", "password")
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(tmp_path / "none" / "credentials.yaml"))
    at = app().run()
    assert not at.exception
    assert "python -m console users init-demo" in at.error[0].value
    assert not at.text_input  # no form: nobody could sign in


@pytest.mark.apptest
def test_an_unknown_auth_mode_still_requires_a_password(login_on, monkeypatch):
    monkeypatch.setenv("CONSOLE_AUTH", "none-please")
    at = app().run()
    assert titles(at) == ["Context console"] and [t.label for t in at.text_input] == ["Username", "Password"]


# --- the credentials file ------------------------------------------------------------------------------


@pytest.mark.unit
def test_passwords_are_stored_as_bcrypt_hashes_never_plaintext(login_on):
    text = login_on.read_text(encoding="utf-8")
    entries = yaml.safe_load(text)["credentials"]["usernames"]
    assert set(entries) == set(PASSWORDS)
    for username, entry in entries.items():
        assert re.fullmatch(r"\$2b\$12\$[./A-Za-z0-9]{53}", entry["password"])
        assert bcrypt.checkpw(PASSWORDS[username].encode(), entry["password"].encode())
        assert PASSWORDS[username] not in text
    assert stat.S_IMODE(login_on.stat().st_mode) == 0o600
    assert len(yaml.safe_load(text)["cookie"]["key"]) == 64  # a random signing key per file


@pytest.mark.unit
def test_a_plaintext_password_in_the_file_is_refused_naming_the_user(tmp_path):
    path = tmp_path / "credentials.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "cookie": {"name": "c", "key": "k" * 40, "expiry_days": 1},
                "credentials": {
                    "usernames": {"bob": {"name": "Bob", "password": "hunter2222", "roles": ["admin"]}}
                },
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(credentials.CredentialsError, match=r"user 'bob': the password is not a bcrypt hash"):
        credentials.load_directory(path)


@pytest.mark.unit
def test_the_credentials_file_lives_outside_the_repository(monkeypatch):
    monkeypatch.delenv("CONSOLE_CREDENTIALS")
    default = credentials.credentials_path()
    assert default == Path("~/.config/context-console/credentials.yaml").expanduser().resolve()
    assert not default.is_relative_to(ROOT)
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(ROOT / "data" / "credentials.yaml"))
    with pytest.raises(credentials.CredentialsError, match="outside the repository"):
        credentials.credentials_path()


@pytest.mark.unit
def test_current_user_with_login_off_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    monkeypatch.setenv("CONSOLE_ACTOR", "vic")
    assert auth.current_user() == ("vic", "viewer")
    monkeypatch.setenv("CONSOLE_ROLE", "root")  # unknown: fails closed
    assert auth.current_user()[1] == "viewer"
    monkeypatch.setenv("CONSOLE_AUTH", "password")  # login on, outside a signed-in run: nobody
    monkeypatch.setenv("CONSOLE_ROLE", "admin")
    assert auth.current_user() == ("anonymous", "viewer")
