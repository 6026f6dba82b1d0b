"""Validate stage: check a rendered context against its source before it is swapped in.

1. Every fact the context claims exists in the source (string match, or a synonym: the same number
   written another way, "5k" = "5000元" = "五千").
2. Every goal is close to some user turn (cosine > intent_similarity; Chinese and the rules-only
   mode use character-bigram containment instead, as MiniLM does not read Chinese).
3. The state survives a round trip: the anchors parsed back equal what was rendered.

Also the fallback of a failed validation: key-sentence extraction, each sentence scored
0.4 fact density + 0.4 decision weight + 0.2 position decay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from core.config import Config
from core.embed import Embedder, is_chinese
from core.lang.cues import any_language
from core.lang.patterns import pattern
from core.models import Atom, ContextState, Message, ParsedMessage
from core.render import RECENT_SEPARATOR, Anchors, anchor_value, parse_anchors, raw_history
from core.stage_outputs import Rendered, ValidationReport
from core.tokens import count_tokens

_WAS_MARK = re.compile(r"\(was: ([^()]*)\)")  # a replaced value shown marked, the value kept
_DECISION_WEIGHT = {
    "correction": 1.0,
    "constraint": 1.0,
    "instruction": 1.0,
    "confirmation": 0.8,
    "action": 1.0,
    "result": 0.8,
    "preference": 0.8,
    "question": 0.5,
    "answer": 0.5,
}


def numbers_in(text: str) -> set[float]:
    """Numeric values in text with their multipliers ("5k", "5千", "5w") and the numerals written
    in words ("五千") of every language resolved."""
    cues = any_language()
    multipliers = cues.number_multipliers()
    out: set[float] = set()
    for m in _number_pattern(tuple(multipliers)).finditer(text):
        try:
            n = float(m.group(1).replace(",", ""))
        except ValueError:
            continue
        out.add(n * multipliers.get(m.group(2), 1))
    out.update(cues.numeral_values(text))
    return out


def _number_pattern(suffixes: tuple[str, ...]) -> re.Pattern[str]:
    """A number and the one-character multiplier after it, if any."""
    return pattern(r"(\d+(?:[.,]\d+)?)\s*([" + re.escape("".join(suffixes)) + r"]?)")


def source_text(messages: Sequence[Message]) -> str:
    """Everything the facts may come from, lowercased: turns, tool calls and results, attachments."""
    return raw_history(messages).lower()


def value_in_source(
    value: str, source: str, source_numbers: set[float] | Callable[[], set[float]]
) -> bool:
    """True when value occurs in the source literally or as the same number written differently.

    source_numbers may be a function that computes them: scanning a long tool trace for numbers is
    the costly part of a check, and most values are found literally first."""
    low = value.lower().strip()
    if not low or low in source:
        return True
    parts = [p.strip() for p in low.split(",") if p.strip()]
    if len(parts) > 1 and all(p in source for p in parts):
        return True
    nums = numbers_in(value)
    if not nums:
        return False
    return nums <= (source_numbers() if callable(source_numbers) else source_numbers)


def bigram_similarity(a: str, b: str) -> float:
    """Share of a's character bigrams (or words, for English) found in b: a containment score."""

    def grams(s: str) -> set[str]:
        s = s.lower()
        if is_chinese(s):
            chars = [c for c in s if c.isalnum()]
            return {"".join(chars[i : i + 2]) for i in range(len(chars) - 1)} or set(chars)
        return set(re.findall(r"\w+", s))

    ga, gb = grams(a), grams(b)
    return len(ga & gb) / len(ga) if ga else 1.0


def goal_similarity(
    goals: Sequence[str], user_texts: Sequence[str], embedder: Embedder | None, values: Sequence[str] = ()
) -> float | None:
    """The lowest, over goals, of how well the goal is grounded in what the user said.

    A goal made only of the user's own words (or the state's current values: a goal shows a
    corrected value as it is now) is grounded: 1.0. Otherwise, in English with a model, the best
    cosine of the goal to a user turn; in Chinese (MiniLM does not read it) and the rules-only
    mode, the share of its bigrams (or words) found in the user turns and values. A value the goal
    shows as "(was: VALUE)" counts as the VALUE the user said."""
    if not goals or not user_texts:
        return None
    reference = " ".join([*user_texts, *values])
    scores = []
    # a replaced value the goal shows marked (core.replaced.mark_quoted) is still the user's words
    for goal in (_WAS_MARK.sub(r"\1", g) for g in goals):
        contained = bigram_similarity(goal, reference)
        if embedder is None or is_chinese(goal) or contained >= 1.0:
            scores.append(contained)
            continue
        english = [u for u in user_texts if not is_chinese(u)] or list(user_texts)
        vecs = embedder.encode([goal, *english])
        scores.append(float((vecs[1:] @ vecs[0]).max()))
    return round(min(scores), 4)


def synonym_in_source(
    value: str, surfaces: Sequence[str], embedder: Embedder | None, threshold: float
) -> bool:
    """True when value means the same as some value said in the source (cosine >= threshold)."""
    if embedder is None or not surfaces:
        return False
    vecs = embedder.encode([value, *surfaces])
    return float((vecs[1:] @ vecs[0]).max()) >= threshold


def validate(
    rendered: Rendered,
    state: ContextState,
    messages: Sequence[Message],
    config: Config,
    embedder: Embedder | None = None,
    surfaces: Sequence[str] = (),
) -> ValidationReport:
    """Check facts against the source, goals against the user turns, and the anchor round trip.

    surfaces: the entity surfaces parsed from the source, for the synonym check of a value that is
    in the source neither literally nor as the same number."""
    anchors = parse_anchors(rendered.text)
    source = source_text(messages)
    nums = lru_cache(maxsize=1)(lambda: numbers_in(source))
    errors: list[str] = []
    missing = []
    for key, value in anchors["facts"].items():
        fact = state.facts.get(key)
        if fact is not None and (fact.verified_by_user or (fact.norm in any_language().yes_no_values())):
            continue  # an operator's correction, or an amenity's yes/no, need not be in the dialogue
        if not value_in_source(value, source, nums) and not synonym_in_source(
            value, surfaces, embedder, config.synonym_threshold
        ):
            missing.append(key)
    if missing:
        errors.append(f"facts not found in the source: {', '.join(missing)}")
    user_texts = [m.text for m in messages if m.role == "user" and m.text.strip()]
    values = [f.value for f in state.facts.values()]
    sim = goal_similarity(anchors["goals"], user_texts, embedder, values)
    if sim is not None and sim < config.intent_similarity:
        errors.append(f"goal similarity {sim:.2f} < {config.intent_similarity}")
    diff = _roundtrip_diff(anchors, rendered)
    if diff:
        errors.append("anchors do not round-trip: " + "; ".join(diff[:5]))
    return ValidationReport(
        ok=not errors,
        missing_facts=missing,
        goal_similarity=sim,
        roundtrip_ok=not diff,
        roundtrip_diff=diff,
        errors=errors,
    )


def _roundtrip_diff(anchors: Anchors, rendered: Rendered) -> list[str]:
    """Differences between the anchors rendered and the anchors read back."""
    expected: dict[str, str] = {}
    for anchor in rendered.anchors:
        if anchor.startswith("[FACT:"):
            key, _, value = anchor[6:-1].partition("=")
            expected[key] = value
    diff = [
        f"{k}: rendered {v!r}, read {anchors['facts'].get(k)!r}"
        for k, v in expected.items()
        if anchors["facts"].get(k) != v
    ]
    diff += [f"{k}: read but not rendered" for k in anchors["facts"] if k not in expected]
    return diff


def expected_facts(state: ContextState, rendered: Rendered) -> dict[str, str]:
    """The state's facts that the rendered context shows, as they should read back."""
    shown = set(parse_anchors(rendered.text)["facts"])
    return {k: anchor_value(f.value) for k, f in state.facts.items() if k in shown}


def _position_scores(atoms: Sequence[Atom]) -> list[float]:
    """1.0, 0.7, 0.5, then 1/k for the k-th sentence of the same domain (the notes' position decay)."""
    seen: dict[str | None, int] = {}
    out = []
    for atom in atoms:
        k = seen.get(atom.domain, 0)
        seen[atom.domain] = k + 1
        out.append((1.0, 0.7, 0.5)[k] if k < 3 else 1.0 / (k + 1))
    return out


def key_sentence_fallback(
    parsed: Sequence[ParsedMessage], recent: Sequence[Message], config: Config, budget: int
) -> str:
    """Context of the highest-scoring sentences within budget, in dialogue order, then the recent turns.

    Score = w1 * fact density (entities per token, capped at 1) + w2 * decision weight of the kind
    + w3 * position decay within its domain; a sentence with a strong fact is always a candidate."""
    w_fact, w_decision, w_position = config.key_sentence_weights
    atoms = [a for p in parsed for a in p.atoms if a.kind not in ("greeting", "filler")]
    positions = _position_scores(atoms)
    scored = []
    for i, atom in enumerate(atoms):
        density = min(1.0, 4 * len(atom.entities) / max(1, count_tokens(atom.text)))
        score = (
            w_fact * density + w_decision * _DECISION_WEIGHT.get(atom.kind, 0.2) + w_position * positions[i]
        )
        if atom.strength == "strong" or atom.negation is not None:
            score += 1.0
        scored.append((score, i))
    recent_text = raw_history(recent)
    used = count_tokens(recent_text) + 8
    keep: set[int] = set()
    for _score, i in sorted(scored, key=lambda s: (-s[0], s[1])):
        line = f"{atoms[i].role}: {atoms[i].text}"
        cost = count_tokens(line) + 1
        if used + cost <= budget:
            keep.add(i)
            used += cost
    lines = ["[KEY_SENTENCES]", *(f"{atoms[i].role}: {atoms[i].text}" for i in sorted(keep))]
    text = "\n".join(lines)
    return text + (f"\n{RECENT_SEPARATOR}\n{recent_text}" if recent else "")
