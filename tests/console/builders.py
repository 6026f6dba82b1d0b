"""Test contexts for the console, built with the real core from real dialogues.

``build_ingest`` runs a dialogue through the console's ingest (``console.ingest_bundle.build_bundle``: the
core turn by turn, compactions where the triggers fire) and bundles messages, stage traces, facts,
compactions, metrics and state as ``Store.save_contexts`` takes them. ``TEST_CONFIG`` makes
compactions fire within a 20-turn dialogue (small history budget), so timelines and diffs have
several of them.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from console.ingest_bundle import build_bundle
from core.compressor import Compressor
from core.config import Config
from core.formats import Dialogue, parse_line
from data.records import ContextIngest
from data.store import Store

DIALOGUES = Path(__file__).resolve().parent / "data" / "dialogues.jsonl"
TEST_CONFIG = Config(use_embeddings=False, max_history_tokens_override=320, min_turns=6)
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def load_dialogues() -> list[Dialogue]:
    """The four test dialogues (two SGD, one MultiWOZ, one CrossWOZ), timestamped a minute apart."""
    out = []
    for n, line in enumerate(DIALOGUES.read_text(encoding="utf-8").splitlines(), start=1):
        d = parse_line(line, n)
        start = T0 + timedelta(hours=n)
        d.messages = [m.model_copy(update={"ts": start + timedelta(minutes=m.idx)}) for m in d.messages]
        out.append(d)
    return out


def build_ingest(
    dialogue: Dialogue, compressor: Compressor | None = None, health: str | None = None
) -> ContextIngest:
    """A dialogue's complete ingest result, made as ``python -m console ingest`` makes it (real core)."""
    compressor = compressor or Compressor(TEST_CONFIG)
    bundle = build_bundle(dialogue, compressor, source=dialogue.source, now=T0)
    return bundle.model_copy(update={"health": health}) if health else bundle


def seed_store(store: Store, *, without_traces: tuple[str, ...] = ()) -> list[ContextIngest]:
    """Save the test dialogues; contexts named in without_traces are stored with no stage traces."""
    healths = ("ok", "yellow", "ok", "red")
    bundles = []
    for dialogue, health in zip(load_dialogues(), healths, strict=True):
        bundle = build_ingest(dialogue, health=health)
        if dialogue.context_id in without_traces:
            bundle = bundle.model_copy(update={"traces": []})
        bundles.append(bundle)
    store.save_contexts(bundles)
    return bundles


AGENT_SAMPLE = Path(__file__).resolve().parents[2] / "data" / "samples" / "bfcl_sample.jsonl"
AGENT_ID = "bfcl-multi_turn_base_110-t5"  # trading and tickets: results later turns name (promoted facts)


def agent_ingest(context_id: str = AGENT_ID) -> ContextIngest:
    """One agent session of the demo sample (BFCL, tool calls and results), built by the real core."""
    for n, line in enumerate(AGENT_SAMPLE.read_text(encoding="utf-8").splitlines(), start=1):
        dialogue = parse_line(line, n)
        if dialogue.context_id == context_id:
            start = T0 + timedelta(days=1)
            dialogue.messages = [
                m.model_copy(update={"ts": start + timedelta(minutes=m.idx)}) for m in dialogue.messages
            ]
            return build_ingest(dialogue)
    raise KeyError(f"{context_id!r} is not in {AGENT_SAMPLE}")
