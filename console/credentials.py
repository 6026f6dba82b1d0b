"""The console's credentials file: operators with bcrypt hashes, outside the repository.

The file is the format streamlit-authenticator reads (``cookie`` and ``credentials.usernames``),
plus a ``session`` section (idle timeout). Default path ``~/.config/context-console/credentials.yaml``;
``CONSOLE_CREDENTIALS`` names another (read at call time). A plaintext password in the file is
refused, never hashed silently. Written atomically (temp file + rename, mode 0600) under a lock
held across threads and processes; read through a cache that notices a changed file. The
changes an admin makes (console.users) go through ``locked`` + ``write``.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, Field

Role = Literal["viewer", "operator", "admin"]
ROLES: tuple[Role, ...] = ("viewer", "operator", "admin")
CREDENTIALS_ENV_VAR = "CONSOLE_CREDENTIALS"
IDLE_ENV_VAR = "CONSOLE_IDLE_MINUTES"
DEFAULT_PATH = Path("~/.config/context-console/credentials.yaml")
COOKIE_NAME = "context_console_session"
DEFAULT_EXPIRY_DAYS = 1.0
DEFAULT_IDLE_MINUTES = 30.0
BCRYPT = re.compile(r"^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$")
REPO_ROOT = Path(__file__).resolve().parent.parent

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
    directory = parse_directory(path, path.read_text(encoding="utf-8"))
    _cache[path] = (stamp, directory)
    return directory


def parse_directory(path: Path, text: str) -> Directory:
    """The text of a credentials file as a Directory; CredentialsError names the file and entry."""
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


def dump(directory: Directory) -> str:
    """The Directory as the YAML text of the file."""
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


def write(path: Path, text: str) -> None:
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
def locked(path: Path) -> Iterator[None]:
    """Serialise read-modify-write of the file across threads and processes."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    lock_path = path.with_name(path.name + ".lock")
    with _thread_lock, os.fdopen(os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600), "r+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
