"""Records of the compaction service's storage: bearer tokens and HMAC signing keys."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

TokenRole = Literal["agent", "operator"]


class ApiToken(BaseModel):
    """A bearer token as stored: its name and role; the token itself is never kept, only its hash."""

    name: str
    role: TokenRole
    created_at: datetime
    created_by: str = ""
    revoked_at: datetime | None = None

    @property
    def live(self) -> bool:
        """True until the token is revoked."""
        return self.revoked_at is None


class ApiKey(BaseModel):
    """An HMAC-SHA256 signing key of the v2 protocol; valid until ``expires_at`` (None: no expiry)."""

    key_id: str
    secret: str = Field(repr=False)
    created_at: datetime
    expires_at: datetime | None = None

    def valid_at(self, now: datetime) -> bool:
        """True while the key may sign requests."""
        return self.expires_at is None or self.expires_at > now
