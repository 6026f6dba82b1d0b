"""The v1 / v2 protocol of a remote compaction coordinator (seed 004, section 4).

A request body may say ``"protocol": "v1"`` or ``"v2"`` (none: v1, the old clients).

* v2 carries ``session_id``, ``version_hash`` (the engine version and the config hash the client
  expects the server to run), ``lamport`` (a Lamport clock: the messages of several workers of one
  agent apply in one order; a clock not above the last applied is refused, deterministically) and
  an HMAC-SHA256 of the raw body in ``X-Compaction-Signature`` (hex, ``sha256=`` prefix allowed)
  with the signing key's id in ``X-Key-Id``. During a rotation two keys are valid at once
  (the older for 7 days by default, ``ServiceStore.rotate_key``).
* v1 is served by the v1 path (no ordering, no signature) with a ``warning`` field and an
  ``X-Compaction-Warning`` header; a server started ``--protocol v2-only`` refuses it with the
  error v2 clients know: "remote compaction v2 expected: ...".

    >>> body = json.dumps({"protocol": "v2", "session_id": "s", "version_hash": vh, "lamport": 1,
    ...                    "messages": [...]}).encode()
    >>> headers = {"X-Key-Id": "k1", "X-Compaction-Signature": sign(body, secret)}
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from importlib import metadata
from typing import Any, Literal

from core.config import Config
from data.api_records import ApiKey

ProtocolMode = Literal["v1+v2", "v2-only"]
PROTOCOL_MODES: tuple[ProtocolMode, ...] = ("v1+v2", "v2-only")
V2_FIELDS = ("session_id", "version_hash", "lamport")
V2_HEADERS = ("X-Compaction-Signature", "X-Key-Id")
V1_WARNING = "v1 client detected: served by the v1 path (unsigned, unordered); send protocol v2"
EXPECTED = "remote compaction v2 expected"


class ProtocolError(Exception):
    """A request the protocol refuses; ``message`` names what is missing or wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


@dataclass(frozen=True)
class Envelope:
    """What the protocol check found: the protocol served, and for v2 the session, clock and key."""

    protocol: Literal["v1", "v2"]
    session_id: str | None = None
    lamport: int | None = None
    key_id: str | None = None
    warning: str | None = None

    @property
    def clock(self) -> tuple[str, int] | None:
        """(session_id, lamport) of a v2 request, for the store; None for v1."""
        if self.protocol != "v2" or self.session_id is None or self.lamport is None:
            return None
        return self.session_id, self.lamport


def engine_version() -> str:
    """The installed package's version (the source tree's when not installed)."""
    try:
        return metadata.version("context-compactor")
    except metadata.PackageNotFoundError:
        return "0.1.0+src"


def config_hash(config: Config) -> str:
    """SHA-256 (first 16 hex digits) of the config as JSON: two servers with the same hash compact alike."""
    return hashlib.sha256(config.model_dump_json().encode("utf-8")).hexdigest()[:16]


def version_hash(config: Config) -> str:
    """'<engine version>+<config hash>': what a v2 client must expect to be served by this server."""
    return f"{engine_version()}+{config_hash(config)}"


def sign(body: bytes, secret: str) -> str:
    """The HMAC-SHA256 of ``body`` under ``secret``, hex: the X-Compaction-Signature of a v2 request."""
    return hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def _header(headers: Mapping[str, str], name: str) -> str | None:
    value = headers.get(name) or headers.get(name.lower())
    return value.strip() if value and value.strip() else None


def check(
    body: Mapping[str, Any],
    raw: bytes,
    headers: Mapping[str, str],
    *,
    mode: ProtocolMode,
    expected_version: str,
    keys: Sequence[ApiKey],
    now: datetime,
) -> Envelope:
    """The envelope of a request, or ProtocolError (400 missing or malformed v2 fields, 401 a bad,
    unknown or expired key, 409 a version_hash this server does not run)."""
    protocol = body.get("protocol", "v1")
    if protocol not in ("v1", "v2"):
        raise ProtocolError(400, f"field 'protocol' must be 'v1' or 'v2', not {protocol!r}")
    if protocol == "v1":
        if mode == "v2-only":
            raise ProtocolError(
                400,
                f"{EXPECTED}: this server is v2-only and got a v1 request (missing "
                f'{", ".join((*V2_FIELDS, *V2_HEADERS))}; send "protocol": "v2")',
            )
        return Envelope("v1", warning=V1_WARNING)
    missing = [f for f in V2_FIELDS if body.get(f) is None] + [
        h for h in V2_HEADERS if not _header(headers, h)
    ]
    if missing:
        raise ProtocolError(400, f"{EXPECTED}: missing {', '.join(missing)}")
    session_id, lamport, expected = body["session_id"], body["lamport"], body["version_hash"]
    if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > 512:
        raise ProtocolError(400, f"{EXPECTED}: field 'session_id' must be a non-empty string (<= 512 chars)")
    if isinstance(lamport, bool) or not isinstance(lamport, int) or lamport < 0:
        raise ProtocolError(400, f"{EXPECTED}: field 'lamport' must be an integer >= 0, not {lamport!r}")
    if not isinstance(expected, str):
        raise ProtocolError(400, f"{EXPECTED}: field 'version_hash' must be a string")
    key_id = _header(headers, "X-Key-Id") or ""
    key = next((k for k in keys if k.key_id == key_id), None)
    if key is None:
        raise ProtocolError(401, f"remote compaction v2: unknown signing key {key_id!r} (X-Key-Id)")
    if not key.valid_at(now):
        raise ProtocolError(
            401,
            f"remote compaction v2: signing key {key_id!r} expired at {key.expires_at:%Y-%m-%d %H:%M} UTC",
        )
    given = (_header(headers, "X-Compaction-Signature") or "").removeprefix("sha256=")
    if not hmac.compare_digest(given.lower(), sign(raw, key.secret)):
        raise ProtocolError(
            401,
            f"remote compaction v2: bad signature: X-Compaction-Signature is not the HMAC-SHA256 "
            f"of the body under key {key_id!r}",
        )
    if expected != expected_version:
        raise ProtocolError(
            409,
            f"remote compaction v2: version_hash mismatch: the request expects {expected!r}, "
            f"this server runs {expected_version!r}",
        )
    return Envelope("v2", session_id=session_id.strip(), lamport=lamport, key_id=key_id)
