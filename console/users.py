"""The console's operators: accounts in the credentials file (console.credentials), bcrypt-hashed
passwords (``$2b$12$``, as streamlit-authenticator's ``Hasher``), a random cookie key per file.

Admin changes (add, remove, role, password reset) are refused unless the acting role is admin
(PermissionError), refuse to leave no admin, and are audited in the Store with before and after
(never a hash). If the audit row cannot be written, the file is put back: no unaudited change.

    >>> created = init_demo(path, store)            # [] when the file already exists
    >>> add_user("bo", "a-long-secret", "viewer", actor="ana", actor_role="admin", store=store)
"""

from __future__ import annotations

import re
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from console.credentials import (
    ROLES,
    Directory,
    Role,
    UserAccount,
    credentials_path,
    dump,
    load_directory,
    locked,
    parse_directory,
    write,
)
from data.ops_records import AuditEntry
from data.store import Store

MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_BYTES = 72  # bcrypt's limit; bcrypt 5 refuses longer input instead of truncating
USERNAME = re.compile(r"^[a-z0-9][a-z0-9._@-]{1,63}$")  # the library lower-cases logins
DEMO_USERS: tuple[tuple[str, str, Role], ...] = (
    ("demo-admin", "Demo admin", "admin"),
    ("demo-operator", "Demo operator", "operator"),
    ("demo-viewer", "Demo viewer", "viewer"),
)


def hash_password(password: str) -> str:
    """A bcrypt hash (``$2b$12$``) of ``password`` after the length rules.

    The same call streamlit-authenticator's Hasher makes (bcrypt.hashpw with a fresh salt), without
    importing Streamlit into the CLI; the library verifies it with bcrypt.checkpw at sign-in."""
    import bcrypt

    check_password_rules(password)
    return bcrypt.hashpw(password.encode("utf-8"), bcrypt.gensalt()).decode("ascii")


def check_password_rules(password: str, username: str = "") -> None:
    """ValueError unless the password has 8+ characters, fits bcrypt's 72 bytes, differs from the name."""
    if len(password.strip()) < MIN_PASSWORD_CHARS:
        raise ValueError(f"the password needs at least {MIN_PASSWORD_CHARS} characters")
    if len(password.encode("utf-8")) > MAX_PASSWORD_BYTES:
        raise ValueError(f"the password is longer than {MAX_PASSWORD_BYTES} bytes (bcrypt's limit)")
    if username and password.strip().lower() == username.lower():
        raise ValueError("the password must not be the username")


def generate_password() -> str:
    """A random password for a new or reset account (shown once to whoever set it)."""
    return secrets.token_urlsafe(12)


def new_directory(path: Path) -> Directory:
    """An empty directory with a fresh random cookie key (not written)."""
    return Directory(path=path, cookie_key=secrets.token_hex(32))


# --- admin changes -----------------------------------------------------------------------------------


def require_admin(role: str, action: str) -> None:
    """PermissionError unless ``role`` is admin (managing operators is the admin's job only)."""
    if role != "admin":
        raise PermissionError(f"role {role!r} may not {action}: admins only")


def _change(
    path: Path | None,
    store: Store,
    *,
    actor: str,
    actor_role: str,
    action: str,
    what: str,
    source: str,
    edit: Any,
) -> UserAccount | None:
    """Lock, load, apply ``edit(directory) -> (username, before, after, account)``, write, audit.

    If the audit row cannot be written the previous file is put back and the error raised."""
    require_admin(actor_role, what)
    actor = (actor or "").strip()
    if not actor:
        raise ValueError("no actor: every change must say who made it")
    from console.auth import confirm_acting  # auth reads the credentials this module writes

    confirm_acting(actor, actor_role, what)
    path = path or credentials_path()
    with locked(path):
        old_text = path.read_text(encoding="utf-8") if path.exists() else None
        directory = parse_directory(path, old_text) if old_text is not None else new_directory(path)
        username, before, after, account = edit(directory)
        if not directory.admins():
            raise ValueError("refused: the console would be left without an admin")
        write(path, dump(directory))
        try:
            store.record_audit(
                AuditEntry(
                    at=store.clock(),
                    actor=actor,
                    role=actor_role,
                    action=action,
                    target=f"user:{username}",
                    source=source,
                    before=before,
                    after=after,
                )
            )
        except BaseException:
            if old_text is None:
                path.unlink(missing_ok=True)
            else:
                write(path, old_text)
            raise
    return account


def _existing(directory: Directory, username: str) -> UserAccount:
    account = directory.users.get((username or "").strip().lower())
    if account is None:
        raise ValueError(f"no user {username!r}")
    return account


def _role(role: str) -> Role:
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}, not {role!r}")
    return role  # type: ignore[return-value]


def add_user(
    username: str,
    password: str,
    role: str,
    *,
    name: str = "",
    email: str = "",
    actor: str,
    actor_role: str,
    store: Store,
    source: str = "form",
    path: Path | None = None,
) -> UserAccount:
    """Add an operator with a bcrypt-hashed password; ValueError for a taken or malformed name."""
    username = (username or "").strip().lower()
    if not USERNAME.match(username):
        raise ValueError(
            f"username {username!r}: 2-64 characters of a-z, 0-9 and . _ @ -, starting with a letter or digit"
        )
    check_password_rules(password, username)
    checked_role = _role(role)

    def edit(directory: Directory) -> tuple[str, Any, Any, UserAccount]:
        if username in directory.users:
            raise ValueError(f"user {username!r} already exists")
        account = UserAccount(
            username=username,
            name=name.strip(),
            email=email.strip(),
            role=checked_role,
            password_hash=hash_password(password),
        )
        directory.users[username] = account
        return username, None, account.public(), account

    account = _change(
        path,
        store,
        actor=actor,
        actor_role=actor_role,
        action="user.add",
        what="add users",
        source=source,
        edit=edit,
    )
    assert account is not None
    return account


def remove_user(
    username: str,
    *,
    actor: str,
    actor_role: str,
    store: Store,
    source: str = "form",
    path: Path | None = None,
) -> None:
    """Remove an operator (their open sessions end at their next click); never the last admin."""

    def edit(directory: Directory) -> tuple[str, Any, Any, None]:
        account = _existing(directory, username)
        del directory.users[account.username]
        return account.username, account.public(), None, None

    _change(
        path,
        store,
        actor=actor,
        actor_role=actor_role,
        action="user.remove",
        what="remove users",
        source=source,
        edit=edit,
    )


def set_role(
    username: str,
    role: str,
    *,
    actor: str,
    actor_role: str,
    store: Store,
    source: str = "form",
    path: Path | None = None,
) -> UserAccount:
    """Change an operator's role (effective at their next click); never demotes the last admin."""
    checked_role = _role(role)

    def edit(directory: Directory) -> tuple[str, Any, Any, UserAccount]:
        account = _existing(directory, username)
        if account.role == checked_role:
            raise ValueError(f"{account.username} is already {checked_role}: nothing to change")
        before = account.public()
        account.role = checked_role
        return account.username, before, account.public(), account

    account = _change(
        path,
        store,
        actor=actor,
        actor_role=actor_role,
        action="user.role",
        what="change roles",
        source=source,
        edit=edit,
    )
    assert account is not None
    return account


def reset_password(
    username: str,
    password: str | None = None,
    *,
    actor: str,
    actor_role: str,
    store: Store,
    source: str = "form",
    path: Path | None = None,
    now: float | None = None,
) -> str:
    """Set a new password (a generated one when none is given) and end the user's open sessions.

    Returns the new password so it can be shown once; the audit row records only that it changed."""
    new = password if password is not None else generate_password()
    stamp = now if now is not None else datetime.now().timestamp()

    def edit(directory: Directory) -> tuple[str, Any, Any, UserAccount]:
        account = _existing(directory, username)
        check_password_rules(new, account.username)
        account.password_hash = hash_password(new)
        account.sessions_valid_after = stamp
        after = {**account.public(), "password": "changed", "sessions_ended": True}
        return account.username, account.public(), after, account

    _change(
        path,
        store,
        actor=actor,
        actor_role=actor_role,
        action="user.password_reset",
        what="reset passwords",
        source=source,
        edit=edit,
    )
    return new


def list_users(path: Path | None = None) -> list[dict[str, Any]]:
    """Every operator without the hash, sorted by name (for the admin screen and the CLI)."""
    return [u.public() for u in sorted(load_directory(path).users.values(), key=lambda u: u.username)]


def init_demo(store: Store, *, actor: str, path: Path | None = None) -> list[tuple[str, str, Role]]:
    """Create the credentials file with a demo admin, operator and viewer, random passwords.

    Returns (username, password, role) for each, to print once; [] (and nothing written) when the
    file already exists. Audited as user.add rows from the CLI."""
    path = path or credentials_path()
    if path.exists():
        return []
    created: list[tuple[str, str, Role]] = []
    for username, name, role in DEMO_USERS:
        password = generate_password()
        # the first account is the admin: add it as the bootstrap admin of an empty file
        add_user(
            username,
            password,
            role,
            name=name,
            actor=actor,
            actor_role="admin",
            store=store,
            source="cli",
            path=path,
        )
        created.append((username, password, role))
    return created
