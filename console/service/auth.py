"""Bearer tokens of the compaction service: made, hashed, checked, with roles.

A token is ``cct_`` + 32 random bytes (URL-safe base64); the store keeps only its SHA-256, so a
copy of the database gives no working token. ``agent`` tokens read and write sessions,
``operator`` tokens may also switch the breaker. A check costs one indexed read; the answer is
cached for ``ttl`` seconds (a revoked token stops working within that time, 1 s by default).

    >>> token = new_token()
    >>> store.create_token("agent-1", "agent", token_hash(token), actor="cli:ana")
    >>> Authenticator(store).check(f"Bearer {token}", need="agent").name
    'agent-1'
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time

from data.api_records import ApiToken, TokenRole
from data.service_store import ServiceStore

TOKEN_PREFIX = "cct_"
ROLE_RANK = {"agent": 1, "operator": 2}


class AuthError(Exception):
    """A request refused by auth: 401 (no or unknown token) or 403 (a role that may not do this)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def new_token() -> str:
    """A fresh random bearer token (shown once; only its hash is stored)."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """The SHA-256 (hex) of a token, as stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Authenticator:
    """Checks ``Authorization: Bearer <token>`` headers against the store's token hashes."""

    def __init__(self, store: ServiceStore, ttl: float = 1.0) -> None:
        self.store = store
        self.ttl = ttl
        self._cache: dict[str, tuple[float, ApiToken | None]] = {}
        self._lock = threading.Lock()

    def lookup(self, token: str) -> ApiToken | None:
        """The live token, or None; answers cached for ``ttl`` seconds."""
        digest = token_hash(token)
        now = time.monotonic()
        with self._lock:
            hit = self._cache.get(digest)
        if hit is not None and now - hit[0] < self.ttl:
            return hit[1]
        found = self.store.token_for_hash(digest)
        with self._lock:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[digest] = (now, found)
        return found

    def check(self, header: str | None, *, need: TokenRole, action: str = "") -> ApiToken:
        """The token of an Authorization header if its role may ``need``; AuthError 401/403 otherwise."""
        if not header:
            raise AuthError(
                401, "no token: send 'Authorization: Bearer <token>' (python -m console api-token create)"
            )
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise AuthError(401, "the Authorization header must be 'Bearer <token>'")
        token = self.lookup(value.strip())
        if token is None:
            raise AuthError(401, "unknown or revoked token")
        if ROLE_RANK.get(token.role, 0) < ROLE_RANK[need]:
            what = f" to {action}" if action else ""
            raise AuthError(403, f"token {token.name!r} has role {token.role!r}; {need} role needed{what}")
        return token
