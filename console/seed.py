"""The demo data ``make run`` loads into an empty database (``python -m console seed``).

data/samples/ holds a few real dialogues and agent sessions from the shared corpora (attribution in
its README) and some sessions of our own, in English and Chinese, with tool calls, tool failures and
corrections. They run through the real core and tell a week of operation:

* **Config v1** (saved first, so the Config page shows what the data was made with):
  ``DEMO_CONFIG``, a small history budget so compactions fire within a 20-turn dialogue, and the
  automatic breaker at the health ceiling (bloat over 120% for 5 minutes).
* Sessions arrive a few hours apart over the past week, the sources interleaved, so every chart
  has a shape over the days.
* **The incident**, about two thirds into the week: an operator saves config v2, compaction tiers
  folding 5% / 10% / 15% of the history instead of 30% / 50% / all, from 140 history tokens. A
  compaction then keeps almost every turn raw *and* adds the state on top, so the compacted context
  grows past the raw dialogue
  (the core serves such a context raw: ``not_smaller``); the sessions of that window whose bloat
  stays over 120% for 5 minutes are switched to raw by the automatic breaker. The operator
  restores the tiers (config v3) and resets those switches; the rest of the week runs on v3.
* One session runs with an embedding model that fails on every call, so the demo also holds failed
  compactions (the audit record, the raw serving, the success rate).

Nothing is invented: every token count, trip and metric comes from running the core on the
samples; only the times (``spread``) and the operator's actions are scripted.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from console.ingest import IngestReport, ingest_files
from console.log_capture import held_note, held_warnings
from core.compressor import Compressor
from core.config import Config
from core.formats import Dialogue, parse_line
from core.models import Message
from data.store import Store

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"
SAMPLE_FILES = (
    "sgd_sample.jsonl",
    "multiwoz_sample.jsonl",
    "crosswoz_sample.jsonl",
    "own_sessions.jsonl",
    "bfcl_sample.jsonl",
)
FAILING_FILE = "failing_session.jsonl"
DEMO_CONFIG = Config(max_history_tokens_override=320, min_turns=6, breaker_bloat=1.2, breaker_seconds=300)
INCIDENT_TIERS = [0.05, 0.1, 0.15]
# v2 also compacts earlier (140 history tokens instead of 320). Stop 22 measured 240 enough (the
# incident's session over 120% for 7 turns); stop 24's smaller states (no goal line the facts show,
# no anchor a recent raw turn shows) left no session over 120% for 5 minutes at 240 or 200. Measured
# on the rules-only seed: the trip happens from 120 to 180; 140 sits inside that range (with the
# model, one session trips and is reset)
INCIDENT_TRIGGER_TOKENS = 140
FAILING_CONFIG = DEMO_CONFIG.model_copy(update={"use_embeddings": True, "fallback": "raw"})
SPREAD = timedelta(days=7)
TURN_GAP = timedelta(seconds=120)
INCIDENT_SLOTS = (0.62, 0.74)  # the share of the week the incident config was in force
SEED_ACTOR = "demo-seed"
OPERATOR = "demo-operator"
V1_REASON = (
    "the demo's configuration: a 320-token history budget and min_turns 6, so compactions fire "
    "within a 20-turn dialogue (the defaults wait for 16000 tokens); the automatic breaker at the "
    "health ceiling, bloat over 120% for 5 minutes"
)
V2_REASON = "gentler, earlier compactions: fold 5% / 10% / 15% of the history per tier, from 140 tokens"
V3_REASON = (
    "incident: with tiers 5/10/15% a compaction kept nearly every turn raw and added the state on "
    "top, bloat went over 120% and the breaker tripped; tiers back to 30% / 50% / all"
)
RESET_REASON = "incident over: tiers restored in config v3, compaction saves tokens again"
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


@dataclass(frozen=True)
class Slot:
    """One demo session's place in the week: its line, its file and when it starts."""

    line: str
    file: str
    start: datetime

    def in_incident(self, now: datetime) -> bool:
        """True when the session starts while the incident config was in force."""
        lo, hi = incident_window(now)
        return lo <= self.start < hi


def incident_window(now: datetime) -> tuple[datetime, datetime]:
    """When config v2 (the bad tiers) was saved and when v3 restored them."""
    start = now - SPREAD
    return start + SPREAD * INCIDENT_SLOTS[0], start + SPREAD * INCIDENT_SLOTS[1]


def schedule(now: datetime, files: Sequence[str] = (*SAMPLE_FILES, FAILING_FILE)) -> list[Slot]:
    """Every sample line with its start time: the files interleaved (one line of each in turn), so
    every source spans the week, then spread evenly over the week before ``now``."""
    queues = [
        [(name, ln) for ln in (SAMPLES / name).read_text(encoding="utf-8").splitlines() if ln.strip()]
        for name in files
    ]
    order: list[tuple[str, str]] = []
    while any(queues):
        for queue in queues:
            if queue:
                order.append(queue.pop(0))
    start = now - SPREAD
    step = SPREAD / len(order)
    return [Slot(line=ln, file=name, start=start + step * n) for n, (name, ln) in enumerate(order)]


def retime_from(slots: Sequence[Slot]) -> Callable[[Dialogue, int], list[Message]]:
    """A retime function for an ingest of ``slots`` (in that order): turns TURN_GAP apart from the
    slot's start."""

    def retime(dialogue: Dialogue, number: int) -> list[Message]:
        start = slots[number].start
        return [m.model_copy(update={"ts": start + TURN_GAP * i}) for i, m in enumerate(dialogue.messages)]

    return retime


@contextmanager
def store_time(store: Store, at: datetime) -> Iterator[None]:
    """Stamp what the store writes in the block (config versions, breaker switches) at ``at``."""
    before = store.clock
    store.clock = lambda: at.astimezone(UTC).replace(tzinfo=None)
    try:
        yield
    finally:
        store.clock = before


def _ingest(
    slots: Sequence[Slot], store: Store, compressor: Compressor, folder: Path, now: datetime
) -> IngestReport:
    """Ingest ``slots`` (already in time order) through the console's ingest, as one file."""
    if not slots:
        return IngestReport()
    path = folder / f"part-{slots[0].start:%Y%m%d%H%M%S}.jsonl"
    path.write_text("".join(s.line + "\n" for s in slots), encoding="utf-8")
    if not isinstance(compressor.embedder, UnavailableModel):
        return ingest_files([path], store, compressor, retime=retime_from(slots), clock=lambda: now)
    with held_warnings(("core", "console")) as held:  # its warnings are the demo working as designed
        report = ingest_files([path], store, compressor, retime=retime_from(slots), clock=lambda: now)
    return report.model_copy(update={"notes": report.notes + held_note(held, EXPECTED_WHY)})


SUMMED = ("read", "created", "updated", "unchanged", "bad_lines", "failed", "notes")
SUMMED += ("core_seconds", "store_seconds", "auto_trips")


def _added(total: IngestReport, part: IngestReport) -> IngestReport:
    return total.model_copy(update={name: getattr(total, name) + getattr(part, name) for name in SUMMED})


def warm_up(compressor: Compressor, slot: Slot) -> None:
    """Run the core once over a sample, keeping nothing: the first compaction of a process pays
    one-off costs (imports, the model's first pass, ~4 s here) that a running service pays once at
    start, so without this the demo's latency chart would show a start-up, not a week."""
    dialogue = parse_line(slot.line, 1)
    compressor.compress(dialogue.messages, context_id="warm-up")


def seed_demo(
    store: Store, *, rules_only: bool = False, quiet: bool = True, now: datetime | None = None
) -> IngestReport:
    """Ingest the demo week into ``store`` (see the module docstring); returns what the ingest did."""
    now = now or datetime.now(UTC)
    config = DEMO_CONFIG.model_copy(update={"use_embeddings": not rules_only})
    incident = config.model_copy(
        update={"tiers": INCIDENT_TIERS, "max_history_tokens_override": INCIDENT_TRIGGER_TOKENS}
    )
    slots = schedule(now)
    opened, closed = incident_window(now)
    main = Compressor(config)
    bad = Compressor(incident, embedder=main.embedder)
    failing = Compressor(FAILING_CONFIG, embedder=UnavailableModel())
    report = IngestReport()
    warm_up(main, slots[0])
    with store_time(store, now - SPREAD - timedelta(hours=1)):
        store.save_config(config, actor=SEED_ACTOR, role="admin", reason=V1_REASON, source="seed")
    with tempfile.TemporaryDirectory(prefix="demo-seed-") as tmp:
        folder = Path(tmp)
        before = [s for s in slots if s.start < opened]
        during = [s for s in slots if s.in_incident(now)]
        after = [s for s in slots if s.start >= closed]
        for part in _runs(before, failing, main):
            report = _added(report, _ingest(part[1], store, part[0], folder, now))
        with store_time(store, opened):
            store.save_config(incident, actor=OPERATOR, role="operator", reason=V2_REASON, source="form")
        for slot in during:  # one at a time: an automatic trip is stamped when its session ended
            compressor = failing if slot.file == FAILING_FILE else bad
            end = slot.start + TURN_GAP * max(0, len(json.loads(slot.line).get("turns") or []) - 1)
            with store_time(store, min(end, closed)):
                part = _ingest([slot], store, compressor, folder, now)
            report = _added(report, part)
        tripped = [b.context_id for b in store.breakers("raw") if b.auto and b.context_id]
        with store_time(store, closed):
            store.save_config(config, actor=OPERATOR, role="operator", reason=V3_REASON, source="form")
        for n, cid in enumerate(sorted(tripped), start=1):
            with store_time(store, closed + timedelta(minutes=5 * n)):
                store.set_breaker(
                    "compressed", context_id=cid, reason=RESET_REASON, actor=OPERATOR, role="operator"
                )
        for part in _runs(after, failing, main):
            report = _added(report, _ingest(part[1], store, part[0], folder, now))
    return report


def _runs(
    slots: Sequence[Slot], failing: Compressor, main: Compressor
) -> Iterator[tuple[Compressor, list[Slot]]]:
    """Consecutive slots grouped by the compressor they run with (the failing file has its own)."""
    group: list[Slot] = []
    current: Compressor | None = None
    for slot in slots:
        compressor = failing if slot.file == FAILING_FILE else main
        if current is not None and compressor is not current:
            yield current, group
            group = []
        current = compressor
        group.append(slot)
    if current is not None and group:
        yield current, group
