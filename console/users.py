"""The console's operators: a YAML credentials file outside the repository, bcrypt-hashed passwords.

The file is the format streamlit-authenticator reads (``cookie`` and ``credentials.usernames``),
plus a ``session`` section (idle timeout). Default path ``~/.config/context-console/credentials.yaml``;
``CONSOLE_CREDENTIALS`` names another. Passwords are hashed with bcrypt (``$2b$12$``, as the
library's ``Hasher``); a plaintext password in the file is refused, never hashed silently. The
cookie signing key is random per file. The file is written atomically (temp file + rename, mode
0600) under a lock, so the admin page and the CLI never lose each other's changes.

Admin changes (add, remove, role, password reset) are refused unless the acting role is admin
(PermissionError), refuse to leave no admin, and are audited in the Store with before and after
(never a hash). If the audit row cannot be written, the file is put back: no unaudited change.

    >>> created = init_demo(path, store)            # [] when the file already exists
    >>> add_user("bo", "a-long-secret", "viewer", actor="ana", actor_role="admin", store=store)
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import secrets
import tempfile
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

from data.records import AuditEntry
from data.store import Store

Role = Literal["viewer", "operator", "admin"]
ROLES: tuple[Role, ...] = ("viewer", "operator", "admin")
CREDENTIALS_ENV_VAR = "CONSOLE_CREDENTIALS"
IDLE_ENV_VAR = "CONSOLE_IDLE_MINUTES"
DEFAULT_PATH = Path("~/.config/context-console/credentials.yaml")
COOKIE_NAME = "context_console_session"
DEFAULT_EXPIRY_DAYS = 1.0
DEFAULT_IDLE_MINUTES = 30.0
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_BYTES = 72  # bcrypt's limit; bcrypt 5 refuses longer input instead of truncating
USERNAME = re.compile(r"^[a-z0-9][a-z0-9._@-]{1,63}$")  # the library lower-cases logins
BCRYPT = re.compile(r"^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$")
REPO_ROOT = Path(__file__).resolve().parent.parent
DEMO_USERS: tuple[tuple[str, str, Role], ...] = (
    ("demo-admin", "Demo admin", "admin"),
    ("demo-operator", "Demo operator", "operator"),
    ("demo-viewer", "Demo viewer", "viewer"),
)

_thread_lock = threading.Lock()


class CredentialsError(ValueError):
    """The credentials file is missing, unreadable or unsafe; the message names the file and the entry."""


class UserAccount(BaseModel):
    """One operator as stored (the hash never leaves this module except to the login library)."""

    username: str
    name: str = ""
    email: str = ""
    role: Role = "viewer"
    password_hash: str = Field(repr=False)
    sessions_valid_after: float = Field(
        0.0, description="unix time; a session signed in before it ends (set by a password reset)"
    )

    def public(self) -> dict[str, Any]:
        """What the audit trail and the admin screen may show: no password hash."""
        return {"username": self.username, "name": self.name, "email": self.email, "role": self.role}


class Directory(BaseModel):
    """The whole credentials file."""

    path: Path
    cookie_name: str = COOKIE_NAME
    cookie_key: str = Field(repr=False)
    expiry_days: float = Field(DEFAULT_EXPIRY_DAYS, gt=0)
    idle_minutes: float = Field(DEFAULT_IDLE_MINUTES, gt=0)
    users: dict[str, UserAccount] = Field(default_factory=dict)

    def authenticator_credentials(self) -> dict[str, Any]:
        """A fresh ``credentials`` dict in streamlit-authenticator's shape (it mutates what it gets)."""
        return {
            "usernames": {
                u.username: {
                    "name": u.name or u.username,
                    "email": u.email,
                    "password": u.password_hash,
                    "roles": [u.role],
                }
                for u in self.users.values()
            }
        }

    def admins(self) -> list[str]:
        """The usernames with the admin role."""
        return [u.username for u in self.users.values() if u.role == "admin"]


# --- reading -----------------------------------------------------------------------------------------


def credentials_path() -> Path:
    """$CONSOLE_CREDENTIALS or ~/.config/context-console/credentials.yaml, read at call time.

    A path inside the repository is refused: credentials must never be committed."""
    raw = os.environ.get(CREDENTIALS_ENV_VAR, "").strip()
    path = Path(raw or DEFAULT_PATH).expanduser().resolve()
    if path.is_relative_to(REPO_ROOT):
        raise CredentialsError(
            f"{path}: the credentials file must live outside the repository ({REPO_ROOT}); "
            f"set {CREDENTIALS_ENV_VAR} to a path such as ~/.config/context-console/credentials.yaml"
        )
    return path


_cache: dict[Path, tuple[tuple[int, int], Directory]] = {}


def load_directory(path: Path | None = None) -> Directory:
    """The credentials file as a Directory (cached until the file changes).

    CredentialsError names the file and the entry when it is missing, not YAML, or holds a
    password that is not a bcrypt hash."""
    path = path or credentials_path()
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise CredentialsError(
            f"{path}: no credentials file. Create the demo users with `python -m console users init-demo` "
            "(make run does), or an admin with `python -m console users add NAME --role admin`"
        ) from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    directory = _parse(path, path.read_text(encoding="utf-8"))
    _cache[path] = (stamp, directory)
    return directory


def _parse(path: Path, text: str) -> Directory:
    try:
        body = yaml.safe_load(text) or {}
    except yaml.YAMLError as exc:
        raise CredentialsError(f"{path}: not valid YAML: {exc}") from None
    if not isinstance(body, dict):
        raise CredentialsError(f"{path}: expected a mapping with 'cookie' and 'credentials'")
    cookie = body.get("cookie") or {}
    key = str(cookie.get("key") or "")
    if len(key) < 32:
        raise CredentialsError(f"{path}: cookie.key must be a random secret of at least 32 characters")
    users: dict[str, UserAccount] = {}
    entries = ((body.get("credentials") or {}).get("usernames")) or {}
    if not isinstance(entries, dict):
        raise CredentialsError(f"{path}: credentials.usernames must be a mapping of username -> entry")
    for name, entry in entries.items():
        username = str(name).lower()
        if not isinstance(entry, dict):
            raise CredentialsError(f"{path}: user {username!r}: expected a mapping")
        password = str(entry.get("password") or "")
        if not BCRYPT.match(password):
            raise CredentialsError(
                f"{path}: user {username!r}: the password is not a bcrypt hash (plaintext is refused); "
                f"set one with `python -m console users reset-password {username}`"
            )
        roles = [str(r) for r in (entry.get("roles") or [])]
        known = [r for r in ROLES if r in roles]  # the highest known role; unknown roles read only
        users[username] = UserAccount(
            username=username,
            name=str(entry.get("name") or ""),
            email=str(entry.get("email") or ""),
            role=known[-1] if known else "viewer",
            password_hash=password,
            sessions_valid_after=float(entry.get("sessions_valid_after") or 0.0),
        )
    session = body.get("session") or {}
    try:
        return Directory(
            path=path,
            cookie_name=str(cookie.get("name") or COOKIE_NAME),
            cookie_key=key,
            expiry_days=float(cookie.get("expiry_days") or DEFAULT_EXPIRY_DAYS),
            idle_minutes=float(
                os.environ.get(IDLE_ENV_VAR) or session.get("idle_minutes") or DEFAULT_IDLE_MINUTES
            ),
            users=users,
        )
    except ValueError as exc:
        raise CredentialsError(f"{path}: {exc}") from None


# --- writing -----------------------------------------------------------------------------------------


def _dump(directory: Directory) -> str:
    body = {
        "cookie": {
            "name": directory.cookie_name,
            "key": directory.cookie_key,
            "expiry_days": directory.expiry_days,
        },
        "session": {"idle_minutes": directory.idle_minutes},
        "credentials": {
            "usernames": {
                u.username: {
                    "name": u.name,
                    "email": u.email,
                    "password": u.password_hash,
                    "roles": [u.role],
                    "sessions_valid_after": u.sessions_valid_after,
                }
                for u in directory.users.values()
            }
        },
    }
    header = "# Console operators (python -m console users --help). Passwords are bcrypt hashes.\n"
    return header + yaml.safe_dump(body, sort_keys=False, allow_unicode=True)


def _write(path: Path, text: str) -> None:
    """Replace the file atomically with owner-only permissions."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".credentials-", suffix=".tmp")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _cache.pop(path, None)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Serialise read-modify-write of the file across threads and processes."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    lock_path = path.with_name(path.name + ".lock")
    with _thread_lock, os.fdopen(os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600), "r+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


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
    path = path or credentials_path()
    with _locked(path):
        old_text = path.read_text(encoding="utf-8") if path.exists() else None
        directory = _parse(path, old_text) if old_text is not None else new_directory(path)
        username, before, after, account = edit(directory)
        if not directory.admins():
            raise ValueError("refused: the console would be left without an admin")
        _write(path, _dump(directory))
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
                _write(path, old_text)
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
