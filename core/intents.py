"""Intent clusters of the user turns (part of the extract stage).

User turns are embedded (MiniLM for English, character n-grams for Chinese) and clustered with
DBSCAN on cosine distance (eps 0.35, min_samples 2). Each cluster keeps one representative turn,
its first; a turn that introduced a new strong fact is always kept as well.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, Field

from core.config import Config
from core.embed import Embedder, is_chinese
from core.models import ParsedMessage, Units


class IntentClusters(BaseModel):
    """Cluster label per user turn (-1: noise, a cluster of its own), representatives, kept turns."""

    turns: list[int] = Field(default_factory=list, description="message idx of each user turn")
    labels: list[int] = Field(default_factory=list)
    representatives: list[int] = Field(default_factory=list)
    kept: list[int] = Field(default_factory=list)


def substantive(text: str) -> bool:
    """True for a user turn that can state an intent: four words or more (six characters of Chinese).
    "Yes please", "Thanks!" are not clustered (nor embedded for it)."""
    if is_chinese(text):
        return sum(ch.isalnum() for ch in text) >= 6
    return len(text.split()) >= 4


def cluster_intents(
    parsed: Sequence[ParsedMessage], units: Sequence[Units], embedder: Embedder | None, config: Config
) -> IntentClusters:
    """Cluster the user turns by meaning and pick the turns worth keeping."""
    user = [
        (p, u)
        for p, u in zip(parsed, units, strict=True)
        if p.message.role == "user" and substantive(p.message.text)
    ]
    if not user:
        return IntentClusters()
    turns = [p.message.idx for p, _ in user]
    if embedder is None or len(user) < config.dbscan_min_samples:
        labels = [-1] * len(user)
    else:
        from sklearn.cluster import DBSCAN

        vecs = embedder.encode([p.message.text for p, _ in user])
        dist = np.clip(1.0 - vecs @ vecs.T, 0.0, 2.0)
        labels = (
            DBSCAN(eps=config.dbscan_eps, min_samples=config.dbscan_min_samples, metric="precomputed")
            .fit_predict(dist)
            .tolist()
        )
    reps: list[int] = []
    seen: set[int] = set()
    for turn, label in zip(turns, labels, strict=True):
        if label == -1 or label not in seen:
            reps.append(turn)
            seen.add(label)
    strong_new = [p.message.idx for p, u in user if any(f.strength == "strong" for f in u.facts)]
    kept = sorted(set(reps) | set(strong_new))
    return IntentClusters(turns=turns, labels=labels, representatives=reps, kept=kept)
