"""Constraints and goals folded into the state: de-duplicated by text and, with an embedder, by
meaning (a rule or goal said again in other words updates the one held, adds nothing)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

import numpy as np

from core.config import Config
from core.embed import Embedder, is_chinese
from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.models import Constraint, ContextState, Units
from core.values import substitutes_replaced

_WHEN_TYPES = frozenset({"time", "date", "datetime"})


def merge_texts(state: ContextState, units: Units, embedder: Embedder | None, config: Config) -> None:
    """Constraints and goals, de-duplicated by text and, with an embedder, by meaning."""
    for atom in units.constraints:
        replaced_now = (
            old.value for f in state.facts.values() for old in f.history if old.replaced_at == atom.msg_idx
        )
        if substitutes_replaced(atom, replaced_now):
            continue  # "make it 3 nights instead of 2": the 2 is the nights' history, not a rule
        text = atom.negation.text if atom.negation is not None and not atom.pinned else atom.text
        rest = atom.text.replace(atom.negation.text, " ") if atom.negation is not None else ""
        if rest and (any_language().soft_preference(rest) or any_language().negation_pair(rest)):
            text = atom.text  # a negation pair stays whole: "不想要年费高的卡，最好免年费", "no X, but Y"
        elif rest and len(analyzer_for(atom.lang).negations(atom.text)) > 1:
            text = atom.text  # a clause of several rules ("花生不行，我同事花生过敏") is kept whole
        elif rest and any(e.type in _WHEN_TYPES and e.text in rest for e in atom.entities):
            text = atom.text  # a prohibition for a time stays with it: "12点到2点别用吸尘器"
        i = similar(text, [c.text for c in state.constraints], embedder, config.semantic_threshold)
        if i is None:
            state.constraints.append(
                Constraint(text=text, idx=atom.msg_idx, strength=atom.strength, pinned=atom.pinned)
            )
        else:
            state.constraints[i].idx = atom.msg_idx
    for goal in units.goals:
        same_domain = [g for g in state.goals if g.domain == goal.domain]
        i = similar(goal.text, [g.text for g in same_domain], embedder, config.semantic_threshold)
        if i is None:
            state.goals.append(goal.model_copy())


def similar(text: str, others: Sequence[str], embedder: Embedder | None, threshold: float) -> int | None:
    """Index of the first of others that says the same as text (exact, or cosine >= threshold).

    Only others sharing a word stem (or, in Chinese, a character pair) with text are embedded: two
    clauses with no word in common are not the same rule, and the embedding is the costliest step
    of an add() (measured on the dev dialogues and free-form set: no semantic merge without one)."""
    low = text.strip().lower()
    for i, other in enumerate(others):
        if other.strip().lower() == low:
            return i
    if embedder is None or not others:
        return None
    own = stems(text)
    near = [i for i, other in enumerate(others) if own & stems(other)]
    if not near:
        return None
    vecs = embedder.encode([text, *(others[i] for i in near)])
    sims = vecs[1:] @ vecs[0]
    best = int(np.argmax(sims))
    return near[best] if float(sims[best]) >= threshold else None


STEM_WORD = re.compile(r"[^\W\d_]{4,}|\d+", re.UNICODE)


def stems(text: str) -> set[str]:
    """Word stems (first 5 letters of words of 4+ letters, numbers) and Chinese character pairs."""
    low = text.lower()
    out = {w[:5] for w in STEM_WORD.findall(low) if not is_chinese(w)}
    han = [c for c in low if is_chinese(c)]
    return out | {a + b for a, b in pairwise(han)}
