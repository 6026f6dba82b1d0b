"""Where Session spends its embeddings: only where a result depends on them.

An embedding is the most expensive step of an add() (a MiniLM call per new text), so the drift
check runs only when the trigger could act on a drift, and the intent clusters (which nothing
rendered depends on) are computed when asked for, not inside every compaction.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import core.session
from core.compressor import Compressor
from core.config import Config
from core.embed import NgramEmbedder
from core.models import Message

pytestmark = pytest.mark.unit


class CountingEmbedder:
    """N-gram vectors, counting the texts asked for (so a test sees which adds embed)."""

    name = "counting-ngrams"

    def __init__(self) -> None:
        self.inner = NgramEmbedder()
        self.calls: list[list[str]] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return self.inner.encode(texts)


def user(text: str) -> tuple[str, str]:
    return ("user", text)


def assistant(text: str) -> tuple[str, str]:
    return ("assistant", text)


_TURNS = [
    user("I want to book a table for four people in Cambridge tonight"),
    assistant("Sure, which cuisine would you like?"),
    user("Italian food please, somewhere in the city centre"),
    assistant("Pizza Express in the centre has a table at 19:00."),
    user("What is the weather going to be like in Paris next week"),
    assistant("It will be sunny in Paris next week."),
    user("And how do I renew my passport before the trip abroad"),
    assistant("You can renew it online."),
    user("Tell me about the history of the Roman empire and its emperors"),
    assistant("The Roman empire lasted for centuries."),
]
TURNS = [Message(idx=i, role=role, text=text) for i, (role, text) in enumerate(_TURNS)]


def drift_calls(emb: CountingEmbedder) -> list[list[str]]:
    """The encode calls a drift check makes: the user turn first, then goal turns (or alone)."""
    texts = {m.text for m in TURNS if m.role == "user"}
    return [c for c in emb.calls if c and c[0] in texts]


def test_no_drift_embedding_while_the_dynamic_gate_is_closed():
    # a budget this large keeps the history under half of it: no dynamic event can fire
    emb = CountingEmbedder()
    config = Config(max_history_tokens_override=100_000, min_turns=2)
    session = Compressor(config, embedder=emb).session("closed")
    for m in TURNS:
        session.add(m)
    assert drift_calls(emb) == []
    assert "drift" not in session._events


def test_drift_is_checked_once_the_gate_is_open_and_not_again_while_one_is_pending():
    emb = CountingEmbedder()
    # the gate always open (no history share needed), the budget never exceeded, and a threshold
    # every pair of different turns falls under: each check the session makes finds a drift
    config = Config(
        max_history_tokens_override=100_000, dynamic_min_fraction=0.0, min_turns=2, drift_threshold=1.0
    )
    batch = Compressor(config, embedder=emb).session("batch")
    for m in TURNS:
        assert "drift" not in batch.add(m, auto_compact=False).events
    assert drift_calls(emb) == []  # a batch run never checks drift

    session = Compressor(config, embedder=emb).session("live")
    drifted = [m.idx for m in TURNS if "drift" in session.add(m).events]
    assert drifted and drifted[0] >= config.min_turns
    # no wasted check: every drift embedding found a drift (none made while one was pending)
    assert len(drift_calls(emb)) == len(drifted)
    assert [r.trigger for r in session.records if not r.failed][:1] == ["drift"]


def test_a_compaction_does_not_cluster_intents_and_they_are_computed_when_asked(monkeypatch):
    calls = []
    real = core.session.cluster_intents

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(core.session, "cluster_intents", counted)
    emb = CountingEmbedder()
    session = Compressor(Config(min_turns=2), embedder=emb).session("intents")
    for m in TURNS[:6]:
        session.add(m, auto_compact=False)
    assert session.intents is None  # no compaction yet
    record = session.compact(reason="manual", force=True)
    assert not record.failed and calls == []
    session.add(TURNS[6], auto_compact=False)  # a turn after the compaction is not in its clusters
    clusters = session.intents
    assert len(calls) == 1 and clusters is not None
    expected = real(session.parsed[:6], session.units[:6], emb, session.config)
    assert clusters == expected
    assert max(clusters.turns) < 6
    assert session.intents is clusters and len(calls) == 1  # computed once per compaction


def test_a_failing_clustering_leaves_the_compaction_and_compress_intact(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("clustering exploded")

    monkeypatch.setattr(core.session, "cluster_intents", broken)
    result = Compressor(Config(min_turns=2), embedder=CountingEmbedder()).compress(TURNS, force=True)
    assert result.record is not None and not result.record.failed
    assert result.intents is None and result.mode == "compressed"


def test_compress_without_intents_serves_the_same_context_and_embeds_no_user_turn_ahead():
    user_turns = {m.text for m in TURNS if m.role == "user"}
    lean, full = CountingEmbedder(), CountingEmbedder()
    without = Compressor(Config(min_turns=2), embedder=lean).compress(TURNS, force=True, intents=False)
    with_them = Compressor(Config(min_turns=2), embedder=full).compress(TURNS, force=True)
    assert without.context.text == with_them.context.text
    assert without.intents is None and with_them.intents is not None
    # the full run embeds every user turn in one batch ahead; the lean one never asks for that batch
    assert any(set(c) == user_turns for c in full.calls)
    assert not any(set(c) == user_turns for c in lean.calls)


class BrokenModel:
    """A model whose files went missing: every call raises."""

    name = "broken-model"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        raise RuntimeError("model files missing")


def test_a_compaction_without_the_model_the_config_asks_for_is_refused_and_served_raw():
    # nothing in this compaction needs a vector any more (intents are lazy, drift is gated), so
    # the model is probed explicitly: a broken one must not yield a silently degraded state
    session = Compressor(Config(min_turns=2), embedder=BrokenModel()).session("broken")
    for m in TURNS:
        session.add(m, auto_compact=False)
    record = session.compact(reason="manual", force=True)
    assert record.failed and "model files missing" in (record.error or "")
    served = session.context()
    assert (served.mode, served.reason) == ("raw", "compaction_failed")
    rules_only = Compressor(Config(min_turns=2, use_embeddings=False)).session("rules")
    for m in TURNS:
        rules_only.add(m, auto_compact=False)
    assert not rules_only.compact(reason="manual", force=True).failed  # no model asked, none probed


def test_a_rule_is_compared_by_meaning_only_with_rules_sharing_a_word():
    """merge's de-duplication embeds a clause only next to the kept clauses it shares a word stem
    (or a Chinese character pair) with: clauses with nothing in common are not embedded at all, and
    a paraphrase sharing a word is still found by meaning."""
    from core.merge_texts import similar

    emb = CountingEmbedder()
    kept = ["the room must be non-smoking", "we travel with a dog", "必须靠窗"]
    assert similar("pay by card only", kept, emb, 0.5) is None
    assert emb.calls == []  # nothing in common with any kept clause: no embedding
    emb2 = CountingEmbedder()
    assert similar("a non-smoking room, please", kept, emb2, 0.3) == 0
    assert emb2.calls == [["a non-smoking room, please", "the room must be non-smoking"]]
    emb3 = CountingEmbedder()
    similar("座位必须靠窗", kept, emb3, 0.3)
    assert emb3.calls == [["座位必须靠窗", "必须靠窗"]]
