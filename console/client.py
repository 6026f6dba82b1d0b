"""A small Python client of the compaction service (httpx), and a LangGraph / LangChain pre-model hook.

    >>> with CompactionClient("http://127.0.0.1:8700", token) as client:
    ...     client.post_messages("ctx-42", [{"role": "user", "content": "Book a table for 2 at 7pm"}])
    ...     client.context("ctx-42")["text"]

With ``key_id`` and ``secret`` (``python -m console api-key rotate``) the client speaks the v2
protocol: it fetches the server's version_hash once, keeps a Lamport clock per context (above
the last the server applied: a refused clock raises :class:`StaleClock` with the server's last,
and the clock moves past it) and signs every body with HMAC-SHA256. Without them it speaks v1 and
the server answers with a warning.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import httpx


class CompactionError(RuntimeError):
    """The service refused a request; ``status`` and the server's ``error`` text."""

    def __init__(self, status: int, error: str, payload: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status}: {error}")
        self.status, self.error, self.payload = status, error, payload or {}


class StaleClock(CompactionError):
    """A v2 clock the server had passed already; nothing was applied. ``last`` is the server's clock."""

    @property
    def last(self) -> int:
        """The last clock the server applied to the context."""
        return int(self.payload.get("last_lamport", 0))


class CompactionClient:
    """Calls the service's endpoints; v2 when given a signing key, v1 otherwise."""

    def __init__(
        self,
        base_url: str = "http://127.0.0.1:8700",
        token: str = "",
        *,
        key_id: str | None = None,
        secret: str | None = None,
        session_id: str | None = None,
        timeout: float = 30.0,
        http: httpx.Client | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.key_id, self.secret = key_id, secret
        self.session_id = session_id or str(uuid.uuid4())
        self.http = http or httpx.Client(base_url=self.base_url, timeout=timeout)
        self.http.headers["Authorization"] = f"Bearer {token}"
        self._version_hash: str | None = None
        self._clocks: dict[str, int] = {}

    def __enter__(self) -> CompactionClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connections."""
        self.http.close()

    @property
    def v2(self) -> bool:
        """True when the client signs its requests (protocol v2)."""
        return bool(self.key_id and self.secret)

    def _answer(self, response: httpx.Response) -> dict[str, Any]:
        try:
            payload = response.json()
        except ValueError:
            payload = {"error": response.text}
        if response.status_code >= 400:
            error = str(payload.get("error") or payload.get("detail") or response.text)
            kind = (
                StaleClock if response.status_code == 409 and "last_lamport" in payload else CompactionError
            )
            raise kind(response.status_code, error, payload)
        return payload

    def _post_signed(self, path: str, body: dict[str, Any], context_id: str | None) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if self.v2:
            if self._version_hash is None:
                self._version_hash = self.version()["version_hash"]
            body = {
                **body,
                "protocol": "v2",
                "session_id": self.session_id,
                "version_hash": self._version_hash,
            }
            if context_id is not None:
                body["lamport"] = self._clocks.get(context_id, 0) + 1
            else:
                body["lamport"] = 0
            raw = json.dumps(body).encode("utf-8")
            assert self.secret is not None and self.key_id is not None
            headers["X-Key-Id"] = self.key_id
            headers["X-Compaction-Signature"] = hmac.new(
                self.secret.encode(), raw, hashlib.sha256
            ).hexdigest()
        else:
            raw = json.dumps(body).encode("utf-8")
        try:
            answer = self._answer(self.http.post(path, content=raw, headers=headers))
        except StaleClock as exc:
            if context_id is not None:
                self._clocks[context_id] = max(self._clocks.get(context_id, 0), exc.last)
            raise
        if context_id is not None and self.v2:
            self._clocks[context_id] = body["lamport"]
        return answer

    def post_messages(self, context_id: str, messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Append messages to a context: {"context_id", "added", "compacted", "mode", "idx", ...}."""
        return self._post_signed(
            f"/v1/sessions/{context_id}/messages", {"messages": list(messages)}, context_id
        )

    def context(self, context_id: str) -> dict[str, Any]:
        """The context to give the model now: context_id, text, tokens, mode, fallback, reason."""
        return self._answer(self.http.get(f"/v1/sessions/{context_id}/context"))

    def session(self, context_id: str) -> dict[str, Any]:
        """A stored context's turns, mode, compactions and last activity."""
        return self._answer(self.http.get(f"/v1/sessions/{context_id}"))

    def compress(self, messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """One-shot compression of a message list; nothing is stored."""
        return self._post_signed("/v1/compress", {"messages": list(messages)}, None)

    def set_breaker(self, mode: str, reason: str, context_id: str | None = None) -> dict[str, Any]:
        """Switch one context (or every context) to 'raw' or 'compressed'; operator tokens only."""
        path = f"/v1/breaker/{context_id}" if context_id else "/v1/breaker"
        return self._answer(self.http.put(path, json={"mode": mode, "reason": reason}))

    def version(self) -> dict[str, Any]:
        """The server's engine version, config hash and version_hash."""
        return self._answer(self.http.get("/v1/version"))


def _as_turn(message: Any) -> dict[str, Any]:
    """A LangChain message (object or dict) as the service's turn: role and text."""
    if isinstance(message, dict):
        role = message.get("role") or message.get("type") or "user"
        content = message.get("content", message.get("text", ""))
    else:
        role, content = getattr(message, "type", "user"), getattr(message, "content", "")
    if isinstance(content, list):  # content blocks: keep their text
        content = "\n".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return {"role": role, "text": str(content)}


def pre_model_hook(client: CompactionClient, context_id: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A LangGraph pre-model hook (``create_react_agent(..., pre_model_hook=...)``): posts the messages
    the service has not seen yet, and gives the model the served context in place of the history,
    as ``llm_input_messages`` (the graph's own message list is left as it is)."""
    seen = 0

    def hook(state: dict[str, Any]) -> dict[str, Any]:
        nonlocal seen
        messages = list(state.get("messages", []))
        fresh = [_as_turn(m) for m in messages[seen:]]
        fresh = [t for t in fresh if t["text"].strip()]
        if fresh:
            client.post_messages(context_id, fresh)
        seen = len(messages)
        served = client.context(context_id)
        return {"llm_input_messages": [{"role": "system", "content": served["text"]}]}

    return hook
