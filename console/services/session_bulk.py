"""Acting on many sessions: switch a selection to raw dialogue or back, export a filtered list.

The switch is one audited action (Store.set_breakers: one transaction, a row per context and one
``breaker.bulk`` row); the console's rules are those of the single switch (console.services.breaker):
a reason is required, viewers are refused, contexts already in the asked mode are left out and said.
The export writes the filtered list as CSV (the grid's columns) or as JSONL in the dialogue format
of ``shared/data/dialogues/README.md`` (``context_id, source, lang, turns``), which the console's
own ingest and the benchmark read back.

    >>> outcome = switch_sessions(store, ["sgd-1", "sgd-2"], raw=True, reason="bad extractor",
    ...                           actor="ana", role="operator")
    >>> outcome.switched
    ['sgd-1', 'sgd-2']
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import BaseModel, Field

from console.services.csv_export import frame_to_csv_bytes
from console.services.permissions import require_actor, require_writer
from console.services.sessions import SessionQuery, search_sessions, served_frame
from core.model_kinds import Mode
from data.queries.bulk import MAX_SELECTION
from data.store import Store

MAX_CSV_ROWS = 100_000
MAX_JSONL_CONTEXTS = 5_000
_PAGE = 5_000


class BulkOutcome(BaseModel):
    """What a bulk switch did."""

    mode: Mode
    batch_id: str = ""
    switched: list[str] = Field(default_factory=list)
    unchanged: list[str] = Field(default_factory=list, description="already in that mode: left as they are")


def switch_sessions(
    store: Store, context_ids: Sequence[str], *, raw: bool, reason: str, actor: str, role: str
) -> BulkOutcome:
    """Switch the selected contexts to raw dialogue (raw=True) or back, in one audited action.

    ValueError when nothing is selected, too many are, the reason is empty or a context is unknown;
    PermissionError for a viewer."""
    mode: Mode = "raw" if raw else "compressed"
    require_writer(role, f"switch {len(context_ids)} sessions to {mode}", actor=actor)
    actor = require_actor(actor)
    ids = list(dict.fromkeys(c.strip() for c in context_ids if c.strip()))
    if not ids:
        raise ValueError("select at least one session to switch")
    if len(ids) > MAX_SELECTION:
        raise ValueError(f"{len(ids)} sessions selected; one action switches at most {MAX_SELECTION}")
    if not reason.strip():
        raise ValueError(f"a reason is required to switch {len(ids)} sessions to {mode}")
    current = {b.context_id: b.mode for b in store.breakers() if b.scope == "context"}
    todo = [cid for cid in ids if current.get(cid, "compressed") != mode]
    outcome = BulkOutcome(mode=mode, unchanged=[cid for cid in ids if cid not in todo])
    if not todo:
        return outcome
    try:
        batch_id, _ = store.set_breakers(mode, todo, reason=reason, actor=actor, role=role)
    except KeyError as exc:
        raise ValueError(f"cannot switch: {exc.args[0]}") from exc
    return outcome.model_copy(update={"batch_id": batch_id, "switched": todo})


def _matching(store: Store, query: SessionQuery, limit: int) -> list:
    """Every context the query matches (in its sort, all pages), up to ``limit``."""
    size = max(1, min(_PAGE, limit))
    items: list = []
    page = 1
    while len(items) < limit:
        found = search_sessions(store, query.model_copy(update={"page": page, "page_size": size}))
        items += found.items
        if len(found.items) < size:
            break
        page += 1
    return items[:limit]


def export_csv(store: Store, query: SessionQuery, limit: int = MAX_CSV_ROWS) -> bytes:
    """The filtered session list (every page, up to ``limit`` rows) as a CSV file, grid columns only."""
    return frame_to_csv_bytes(served_frame(store, _matching(store, query, limit)))


def export_jsonl(store: Store, query: SessionQuery, limit: int = MAX_JSONL_CONTEXTS) -> bytes:
    """The filtered sessions (up to ``limit``) as JSONL in the dialogue format: one conversation a line,
    its latest turns, and the facts the console holds now under ``state`` (not gold annotations)."""
    items = _matching(store, query, limit)
    lines: list[str] = []
    for start in range(0, len(items), 500):
        chunk = items[start : start + 500]
        turns, facts = store.export_rows([c.context_id for c in chunk])
        for c in chunk:
            record = {
                "context_id": c.context_id,
                "source": c.source,
                "lang": c.lang,
                "split": "console",
                "orig_id": c.context_id,
                "turns": turns.get(c.context_id, []),
                "state": {"facts": facts.get(c.context_id, []), "health": c.health, "mode": c.mode},
            }
            lines.append(json.dumps(record, ensure_ascii=False))
    return ("\n".join(lines) + ("\n" if lines else "")).encode("utf-8")
