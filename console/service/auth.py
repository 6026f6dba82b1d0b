"""Bearer tokens of the compaction service: made, hashed, checked, with roles.

A token is ``cct_`` + 32 random bytes (URL-safe base64); the store keeps only its SHA-256, so a
copy of the database gives no working token. ``agent`` tokens read and write sessions,
``operator`` tokens may also switch the breaker. A check costs one indexed read; the answer is
cached under the store's change log (console/service/fresh.py: a token created or revoked in
any process bumps it, so a revoked token stops working on the next request), or for ``ttl``
seconds without one. A cache hit reads nothing, so the event loop checks tokens itself.

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

from console.service.fresh import Freshness
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


def bearer(header: str | None) -> str:
    """The token of an ``Authorization: Bearer <token>`` header; AuthError 401 if there is none."""
    if not header:
        raise AuthError(
            401, "no token: send 'Authorization: Bearer <token>' (python -m console api-token create)"
        )
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise AuthError(401, "the Authorization header must be 'Bearer <token>'")
    return value.strip()


class Authenticator:
    """Checks ``Authorization: Bearer <token>`` headers against the store's token hashes."""

    def __init__(self, store: ServiceStore, ttl: float = 1.0, fresh: Freshness | None = None) -> None:
        self.store = store
        self.ttl = ttl
        self.fresh = fresh
        self._cache: dict[str, tuple[object, ApiToken | None]] = {}
        self._lock = threading.Lock()

    def _stamp(self) -> object:
        return self.fresh.version() if self.fresh is not None else int(time.monotonic() // self.ttl)

    def cached(self, token: str) -> tuple[bool, ApiToken | None]:
        """(True, answer) when the answer for ``token`` is cached and still good; reads nothing."""
        with self._lock:
            hit = self._cache.get(token_hash(token))
        if hit is not None and hit[0] == self._stamp():
            return True, hit[1]
        return False, None

    def lookup(self, token: str) -> ApiToken | None:
        """The live token, or None: from the cache, else one read (then cached)."""
        found, answer = self.cached(token)
        if found:
            return answer
        stamp = self._stamp()  # before the read: a revocation during it is seen next time
        answer = self.store.token_for_hash(token_hash(token))
        with self._lock:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[token_hash(token)] = (stamp, answer)
        return answer

    def check(self, header: str | None, *, need: TokenRole, action: str = "") -> ApiToken:
        """The token of an Authorization header if its role may ``need``; AuthError 401/403 otherwise."""
        return self.authorize(self.lookup(bearer(header)), need=need, action=action)

    def authorize(self, token: ApiToken | None, *, need: TokenRole, action: str = "") -> ApiToken:
        """``token`` (looked up) if its role may ``need``; AuthError 401 (None) or 403 otherwise."""
        if token is None:
            raise AuthError(401, "unknown or revoked token")
        if ROLE_RANK.get(token.role, 0) < ROLE_RANK[need]:
            what = f" to {action}" if action else ""
            raise AuthError(403, f"token {token.name!r} has role {token.role!r}; {need} role needed{what}")
        return token
