"""The demo data ``make run`` loads into an empty database (``python -m console seed``).

data/samples/ holds a few real dialogues from the shared corpora (attribution in its README) and
some sessions of our own, in English and Chinese, with tool calls, tool failures and corrections.
They run through the real core with ``DEMO_CONFIG``: a small history budget, so compactions fire
within a 20-turn dialogue and the timeline, replay and diff screens have something to show. One
session runs with an embedding model that fails on every call, so the demo also holds failed
compactions (the audit record, the raw serving, the success rate).
Sessions are spread over the past week, a few hours apart, so the metric charts have a shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from console.ingest import IngestReport, ingest_files
from console.log_capture import held_note, held_warnings
from core.compressor import Compressor
from core.config import Config
from core.dialogue import Dialogue
from core.models import Message
from data.store import Store

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
SAMPLE_FILES = ("sgd_sample.jsonl", "multiwoz_sample.jsonl", "crosswoz_sample.jsonl", "own_sessions.jsonl")
FAILING_FILE = "failing_session.jsonl"
DEMO_CONFIG = Config(max_history_tokens_override=320, min_turns=6)
FAILING_CONFIG = DEMO_CONFIG.model_copy(update={"use_embeddings": True, "fallback": "raw"})
SPREAD = timedelta(days=7)
TURN_GAP = timedelta(seconds=40)
EXPECTED_WHY = (
    "the demo's failing session runs with an intentionally broken embedding model, so its "
    "compactions are recorded as failed and it is served raw"
)


class UnavailableModel:
    """An embedder whose model cannot be used (say its files went missing): every call raises.

    The demo's failing session runs with it, so its compactions fail the way a real broken
    model makes them fail: recorded, audited, counted, and the context served raw."""

    name = "unavailable-model"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Raise, as a model that failed to load does."""
        raise RuntimeError("the embedding model is unavailable (demo: a broken model)")


def spread_over_week(now: datetime, sessions: int) -> Callable[[Dialogue, int], list[Message]]:
    """A retime function: session n starts n/sessions of the way through the past week."""

    def retime(dialogue: Dialogue, number: int) -> list[Message]:
        start = now - SPREAD + SPREAD * (number / max(1, sessions))
        return [m.model_copy(update={"ts": start + TURN_GAP * i}) for i, m in enumerate(dialogue.messages)]

    return retime


def _count(paths: list[Path]) -> int:
    return sum(1 for p in paths for line in p.read_text(encoding="utf-8").splitlines() if line.strip())


def seed_demo(
    store: Store, *, rules_only: bool = False, quiet: bool = True, now: datetime | None = None
) -> IngestReport:
    """Ingest the demo sessions into ``store``; returns what the ingest did."""
    now = now or datetime.now(UTC)
    files = [SAMPLES / name for name in SAMPLE_FILES]
    failing = [SAMPLES / FAILING_FILE]
    retime = spread_over_week(now, _count(files) + _count(failing))
    config = DEMO_CONFIG.model_copy(update={"use_embeddings": not rules_only})
    main_compressor = Compressor(config)
    report = ingest_files(files, store, main_compressor, retime=retime, clock=lambda: now)
    failing_compressor = Compressor(FAILING_CONFIG, embedder=UnavailableModel())
    offset = report.read

    def retime_after(dialogue: Dialogue, number: int) -> list[Message]:
        return retime(dialogue, offset + number)

    with held_warnings(("core", "console")) as held:  # its warnings are the demo working as designed
        extra = ingest_files(failing, store, failing_compressor, retime=retime_after, clock=lambda: now)
    expected = held_note(held, EXPECTED_WHY)
    return report.model_copy(
        update={
            "read": report.read + extra.read,
            "created": report.created + extra.created,
            "updated": report.updated + extra.updated,
            "unchanged": report.unchanged + extra.unchanged,
            "bad_lines": report.bad_lines + extra.bad_lines,
            "notes": report.notes + extra.notes + expected,
            "failed": report.failed + extra.failed,
            "core_seconds": report.core_seconds + extra.core_seconds,
            "store_seconds": report.store_seconds + extra.store_seconds,
        }
    )
