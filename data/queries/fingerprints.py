"""A turn's content hash and a context's fingerprint: what makes a re-ingest idempotent.

Pure (no database). A message's JSON columns are serialised once (:func:`prepare_turn`) and its
content hashed from them; a context's fingerprint is one hash over its (idx, turn hash) pairs, so
an ingest or the service recognises a conversation stored unchanged before running the core on
it. :mod:`data.queries.ingest_rows` builds the rows from the prepared turns.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from pydantic_core import to_json

from core.models import Message
from data.queries.columns import to_utc_naive


class _Turn(NamedTuple):
    """A message with what its row needs: normalised time, JSON columns, content hash.

    A NamedTuple rather than a frozen dataclass: one is built per message on the hot path, and a
    frozen dataclass's __init__ costs several times a tuple's (measured).
    """

    message: Message
    ts: datetime | None
    tool_call: bytes | None
    tool_result: bytes | None
    attachments: bytes | None
    content_hash: str


def prepare_turn(m: Message) -> _Turn:
    """Serialise a message's JSON columns once and hash its content from them.

    The hash covers what was said and done (role, text, time, tool call/result, attachments), not
    the position or the token count, so re-ingesting the same turn compares equal.
    """
    ts = m.ts
    if ts is not None and ts.tzinfo is not None:
        ts = to_utc_naive(ts)
    call = None if m.tool_call is None else to_json(m.tool_call)
    result = None if m.tool_result is None else to_json(m.tool_result)
    attachments = to_json(m.attachments) if m.attachments else None
    # Each part followed by a 0x1f separator, hashed in one call (the digest of the part-by-part
    # updates it replaced, so stored fingerprints stay valid).
    content = b"\x1f".join(
        (
            m.role.encode(),
            m.text.encode(),
            ts.isoformat().encode() if ts else b"",
            call or b"",
            result or b"",
            attachments or b"",
            b"",
        )
    )
    return _Turn(m, ts, call, result, attachments, hashlib.blake2b(content, digest_size=16).hexdigest())


def context_fingerprint(hashes: Sequence[tuple[int, str]]) -> str:
    """One hash over a context's (idx, turn hash) pairs: equal fingerprints mean nothing to do."""
    digest = hashlib.blake2b(digest_size=16)
    for idx, turn_hash in sorted(hashes):
        digest.update(f"{idx}:{turn_hash};".encode())
    return digest.hexdigest()


class RunningFingerprint:
    """``context_fingerprint`` kept turn by turn as a context grows (the service's live sessions):
    its digest is fed in idx order, so a save need not hash the whole history again. A turn out of
    order (an idx not above the last) makes it unknown (None): the writer computes it whole then."""

    def __init__(self) -> None:
        self._digest: Any = hashlib.blake2b(digest_size=16)
        self._last = -1

    def add(self, message: Message) -> None:
        """Feed one turn (its content hash, as stored)."""
        if self._digest is None:
            return
        if message.idx <= self._last:
            self._digest = None
            return
        self._last = message.idx
        self._digest.update(f"{message.idx}:{prepare_turn(message).content_hash};".encode())

    def hexdigest(self) -> str | None:
        """The fingerprint of the turns fed so far, or None once one came out of order."""
        return None if self._digest is None else self._digest.hexdigest()


def messages_fingerprint(messages: Sequence[Message]) -> str:
    """The fingerprint a context with these turns is stored under (to skip unchanged work early)."""
    return context_fingerprint([(m.idx, prepare_turn(m).content_hash) for m in messages])
