"""Managing operators: the admin service (console/users.py), `python -m console users`, the Users page."""

from __future__ import annotations

import threading
from pathlib import Path

import bcrypt
import pytest
import yaml
from streamlit.testing.v1 import AppTest

from console import credentials, users
from console.cli import main
from data.store import Store
from tests.reliability.cases import covers

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "pages" / "users.py")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "console.duckdb", linger=0)


@pytest.fixture
def accounts(tmp_path: Path, store: Store) -> Path:
    """A credentials file with admin 'ada' and operator 'ana'."""
    path = credentials.credentials_path()
    users.add_user(
        "ada", "ada-admin-pw-1", "admin", actor="setup", actor_role="admin", store=store, path=path
    )
    users.add_user(
        "ana", "ana-operator-pw", "operator", actor="setup", actor_role="admin", store=store, path=path
    )
    return path


def admin(store: Store, path: Path) -> dict:
    return {"actor": "ada", "actor_role": "admin", "store": store, "path": path}


def hash_of(path: Path, username: str) -> str:
    return yaml.safe_load(path.read_text())["credentials"]["usernames"][username]["password"]


@covers("Roles and audit", "admins manage operators; anyone else is refused, nothing changes")
@pytest.mark.unit
@pytest.mark.parametrize("role", ["operator", "viewer", "", "ADMIN"])
def test_only_admins_manage_users_and_a_refusal_changes_nothing(accounts, store, role):
    before = accounts.read_bytes()
    who = {"actor": "ana", "actor_role": role, "store": store, "path": accounts}
    calls = [
        lambda: users.add_user("bo", "bo-password-1", "viewer", **who),
        lambda: users.remove_user("ada", **who),
        lambda: users.set_role("ana", "admin", **who),
        lambda: users.reset_password("ada", "new-password-1", **who),
    ]
    for call in calls:
        with pytest.raises(PermissionError, match="admins only"):
            call()
    assert accounts.read_bytes() == before
    assert store.audit_log(action_prefix="user.").total == 2  # the two set-up rows only


@covers("Roles and audit", "each user-admin change audited with before and after, never a hash")
@pytest.mark.unit
def test_each_admin_change_is_audited_with_before_and_after_and_never_a_hash(accounts, store):
    who = admin(store, accounts)
    users.add_user("bo", "bo-password-1", "viewer", name="Bo", **who)
    users.set_role("bo", "operator", **who)
    users.reset_password("bo", "bo-password-2", **who)
    users.remove_user("bo", **who)
    rows = store.audit_log(action_prefix="user.", limit=4).items[::-1]
    assert [r.action for r in rows] == ["user.add", "user.role", "user.password_reset", "user.remove"]
    assert {(r.actor, r.role, r.source, r.target) for r in rows} == {("ada", "admin", "form", "user:bo")}
    assert rows[0].before is None and rows[0].after["role"] == "viewer"
    assert (rows[1].before["role"], rows[1].after["role"]) == ("viewer", "operator")
    assert rows[2].after["password"] == "changed" and rows[2].after["sessions_ended"] is True
    assert rows[3].before["username"] == "bo" and rows[3].after is None
    assert "$2b$" not in str([(r.before, r.after) for r in rows])


@covers("Roles and audit", "the last admin can be neither removed nor demoted")
@pytest.mark.unit
def test_the_last_admin_can_be_neither_removed_nor_demoted(accounts, store):
    who = admin(store, accounts)
    with pytest.raises(ValueError, match="without an admin"):
        users.remove_user("ada", **who)
    with pytest.raises(ValueError, match="without an admin"):
        users.set_role("ada", "operator", **who)
    users.set_role("ana", "admin", **who)
    users.set_role("ada", "operator", **who)  # another admin exists now
    assert credentials.load_directory(accounts).admins() == ["ana"]


@covers("Roles and audit", "bad user names and passwords refused with the reason")
@pytest.mark.unit
@pytest.mark.parametrize(
    ("username", "password", "message"),
    [
        ("ana", "long-enough-1", "already exists"),
        ("Bad Name", "long-enough-1", "username 'bad name'"),
        ("x", "long-enough-1", "2-64 characters"),
        ("bo", "short", "at least 8 characters"),
        ("bo", "密" * 25, "longer than 72 bytes"),
        ("bo-bo-bo", "BO-BO-BO", "must not be the username"),
    ],
)
def test_bad_names_and_passwords_are_refused_with_the_reason(accounts, store, username, password, message):
    before = accounts.read_bytes()
    with pytest.raises(ValueError, match=message):
        users.add_user(username, password, "viewer", **admin(store, accounts))
    assert accounts.read_bytes() == before


@covers("Roles and audit", "a reset password is a new bcrypt hash")
@pytest.mark.unit
def test_a_reset_password_is_a_new_bcrypt_hash_and_a_generated_one_is_returned(accounts, store):
    old = hash_of(accounts, "ana")
    new = users.reset_password("ana", **admin(store, accounts))
    assert len(new) >= 16
    assert hash_of(accounts, "ana") != old
    assert bcrypt.checkpw(new.encode(), hash_of(accounts, "ana").encode())
    assert credentials.load_directory(accounts).users["ana"].sessions_valid_after > 0


@covers("Roles and audit", "a user change whose audit row cannot be written is undone")
@pytest.mark.unit
def test_a_change_whose_audit_row_cannot_be_written_is_undone(accounts):
    before = accounts.read_bytes()

    class Broken:
        def clock(self):
            from datetime import datetime

            return datetime(2025, 1, 1)

        def record_audit(self, entry):
            raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        users.add_user(
            "bo", "bo-password-1", "viewer", actor="ada", actor_role="admin", store=Broken(), path=accounts
        )
    assert accounts.read_bytes() == before


@covers("Roles and audit", "concurrent user-admin changes lose nothing")
@pytest.mark.unit
def test_concurrent_admin_changes_lose_nothing(accounts, store):
    errors: list[BaseException] = []

    def add(i: int) -> None:
        try:
            users.add_user(f"user{i}", f"password-{i:04d}", "viewer", **admin(store, accounts))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=add, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert {f"user{i}" for i in range(6)} <= set(credentials.load_directory(accounts).users)
    assert store.audit_log(action_prefix="user.add").total == 2 + 6


@covers("Roles and audit", "make run: a demo operator, credentials printed once")
@pytest.mark.unit
def test_cli_init_demo_prints_working_passwords_once_and_never_overwrites(tmp_path, capsys):
    db = tmp_path / "cli.duckdb"
    assert main(["--db", str(db), "users", "init-demo"]) == 0
    out = capsys.readouterr().out
    printed = dict(
        (line.split()[0], line.split("password: ")[1]) for line in out.splitlines() if "password: " in line
    )
    assert set(printed) == {"demo-admin", "demo-operator", "demo-viewer"}
    path = credentials.credentials_path()
    for username, password in printed.items():
        assert bcrypt.checkpw(password.encode(), hash_of(path, username).encode())
    roles = {u["username"]: u["role"] for u in users.list_users(path)}
    assert roles == {"demo-admin": "admin", "demo-operator": "operator", "demo-viewer": "viewer"}
    before = path.read_bytes()
    assert main(["--db", str(db), "users", "init-demo"]) == 0
    assert "password" not in capsys.readouterr().out and path.read_bytes() == before
    rows = Store(db, linger=0).audit_log(action_prefix="user.add").items
    assert len(rows) == 3 and {r.source for r in rows} == {"cli"} and rows[0].actor.startswith("cli:")


@covers("Roles and audit", "user admin from the CLI: add, set role, reset, remove")
@pytest.mark.unit
def test_cli_add_set_role_reset_and_remove(tmp_path, capsys, monkeypatch):
    db = tmp_path / "cli.duckdb"
    assert main(["--db", str(db), "users", "init-demo"]) == 0
    capsys.readouterr()
    assert main(["--db", str(db), "users", "add", "bo", "--role", "operator", "--name", "Bo"]) == 0
    assert "added bo (operator), password: " in capsys.readouterr().out
    assert main(["--db", str(db), "users", "set-role", "bo", "viewer"]) == 0
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("typed-password-1\n"))
    assert main(["--db", str(db), "users", "reset-password", "bo", "--password-stdin"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "new password for bo"  # a typed one is not echoed
    assert bcrypt.checkpw(b"typed-password-1", hash_of(credentials.credentials_path(), "bo").encode())
    assert main(["--db", str(db), "users", "remove", "demo-admin"]) == 1  # the only admin
    assert "without an admin" in capsys.readouterr().err
    assert main(["--db", str(db), "users", "remove", "bo"]) == 0
    assert main(["--db", str(db), "users", "remove", "nobody"]) == 1
    assert "no user 'nobody'" in capsys.readouterr().err
    assert main(["--db", str(db), "users", "list"]) == 0
    listed = capsys.readouterr().out
    assert "demo-operator" in listed and "demo-admin" in listed and "bo " not in listed


# --- the Users page ----------------------------------------------------------------------------------


@pytest.fixture
def page_env(accounts, tmp_path, monkeypatch) -> Path:
    db = tmp_path / "console.duckdb"  # the same file as the ``store`` fixture
    monkeypatch.setenv("CONSOLE_DB", str(db))
    monkeypatch.setenv("CONSOLE_ROLE", "admin")
    monkeypatch.setenv("CONSOLE_ACTOR", "ada")
    return db


def form_button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


@covers("Roles and audit", "the Users page: an admin adds a user, sees the password once")
@pytest.mark.apptest
def test_an_admin_adds_a_user_and_sees_the_password_once(page_env, accounts):
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    assert not at.exception
    assert at.title[0].value == "Users"
    assert set(at.dataframe[0].value["username"]) == {"ada", "ana"}
    fields = {t.label: t for t in at.text_input}
    fields["Username"].input("bo")
    at.selectbox[0].select("operator")
    form_button(at, "Add user").click()
    at.run()
    assert not at.exception
    message = at.success[0].value
    password = message.split("Password: `")[1].split("`")[0]
    assert message.startswith("Added bo (operator).")
    assert bcrypt.checkpw(password.encode(), hash_of(accounts, "bo").encode())
    assert "bo" in set(at.dataframe[0].value["username"])
    at.run()
    assert not at.success  # shown once
    row = Store(page_env, linger=0).audit_log(action_prefix="user.add", limit=1).items[0]
    assert (row.actor, row.role, row.source, row.after["role"]) == ("ada", "admin", "form", "operator")


@covers("Roles and audit", "the Users page refuses the last admin's demotion with the reason")
@pytest.mark.apptest
def test_the_page_refuses_the_last_admins_demotion_with_the_reason(page_env, accounts):
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    at.selectbox(key="users_role_user").select("ada")
    at.selectbox(key="users_role_role").select("viewer")
    form_button(at, "Change role").click()
    at.run()
    assert "without an admin" in at.error[0].value
    assert credentials.load_directory(accounts).users["ada"].role == "admin"


@covers("Roles and audit", "the Users page: non-admins get an explanation and no controls")
@pytest.mark.apptest
@pytest.mark.parametrize("role", ["operator", "viewer"])
def test_non_admins_get_an_explanation_and_no_controls(page_env, monkeypatch, role):
    monkeypatch.setenv("CONSOLE_ROLE", role)
    at = AppTest.from_file(PAGE, default_timeout=30).run()
    assert not at.exception
    assert f"({role}): only admins manage users" in at.warning[0].value
    assert not at.button and not at.text_input and not at.dataframe
