"""Compaction on a copy of the state (part of ``Session.compact``): render, the coverage guarantee,
validate with retries, the key-sentence fallback. Nothing here touches the live session; the
caller swaps the outcome in, or records the failure and keeps the previous compaction.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, NamedTuple

from core.coverage import missing_user_clauses, restated_values
from core.embed import Embedder
from core.goals import strip_opener
from core.models import ContextState
from core.opening import opening_request, quoted_back_turn
from core.readback_lines import read_back_sentences
from core.render import RECENT_SEPARATOR, render, turn_tokens
from core.shown import unshown_guessed
from core.social import without_courtesy
from core.stage_outputs import Rendered, ValidationReport
from core.tokens import count_tokens
from core.validate import key_sentence_fallback, validate

if TYPE_CHECKING:
    from core.session import Session


class CompactionOutcome(NamedTuple):
    """What one compaction on a copy of the state produced, before the swap."""

    rendered: Rendered  # the context to serve
    validation: ValidationReport | None  # None when the consistency check is off
    retries: int  # renders redone after a failed validation
    fallback: bool  # True when the key-sentence fallback replaced a context that never validated


def compact_on_copy(
    session: Session,
    work: ContextState,
    fold_upto: int,
    tokens_in: int,
    reason: str,
    tier: int,
    latency: dict[str, float],
) -> CompactionOutcome:
    embedder = session.compressor.embedder
    check_model(embedder)
    tail = [m for m in session.messages[fold_upto:] if m.role != "system"]
    recent = without_courtesy(tail, session.messages[fold_upto - 1].text if fold_upto else "")
    # a courtesy turn left out is not history the state replaces: it gives the state no budget
    tokens_in -= sum(turn_tokens(m) for m in tail if m not in recent)
    notice = change_notice(session, work, fold_upto, reason, tier)
    t = time.perf_counter()
    first = session.compacted_state is None
    rendered = render(work, recent, session.config, tokens_in, notice, notice_in_context=not first)
    said = missing_user_clauses(rendered.text, session.parsed, fold_upto, work)
    said += quoted_back_turn(rendered.text, session.messages, fold_upto)
    opening = opening_request(rendered.text, session.parsed, fold_upto, work)
    said = opening + [c for c in said if c not in opening]
    restated = restated_values(session.parsed, fold_upto, work) if said else set()
    if said:  # the coverage guarantee: what the user said comes back in their own words
        rendered = render(
            work, recent, session.config, tokens_in, notice, notice_in_context=not first, said=said,
            said_restated=restated,
        )
    # the agent's read-backs of what a brief answer settled, in its words (core.readback_lines)
    if confirmed := read_back_sentences(session.parsed, fold_upto, rendered.text):
        rendered = render(
            work, recent, session.config, tokens_in, notice, notice_in_context=not first, said=said,
            said_restated=restated, confirmed=confirmed,
        )
    # a value said in a guessed slot no clause came back for keeps its anchor (core.shown.unshown_guessed)
    if kept := unshown_guessed(rendered.text, work):
        rendered = render(
            work, recent, session.config, tokens_in, notice, must_include=kept, notice_in_context=not first,
            said=said, said_restated=restated, confirmed=confirmed,
        )
    latency["render"] = _ms(t, time.perf_counter())
    if not session.config.consistency_check:
        return CompactionOutcome(rendered, None, 0, False)
    t = time.perf_counter()
    surfaces = sorted({e.text for p in session.parsed for a in p.atoms for e in a.entities})
    report = validate(rendered, work, session.messages, session.config, embedder, surfaces)
    retries = 0
    while not report.ok and retries < session.config.max_retries:
        retries += 1
        for key in report.missing_facts:  # a value not found in the source is never shown
            work.facts.pop(key, None)
        if report.goal_similarity is not None and report.goal_similarity < session.config.intent_similarity:
            fuller_goals(session, work, whole=retries > 1)
        rendered = render(
            work,
            recent,
            session.config,
            tokens_in,
            notice,
            room=1.0 + 0.5 * retries,
            must_include=kept,
            notice_in_context=not first,
            said=said,
            said_restated=restated,
            confirmed=confirmed,
        )
        report = validate(rendered, work, session.messages, session.config, embedder, surfaces)
    latency["validate"] = _ms(t, time.perf_counter())
    if report.ok:
        return CompactionOutcome(rendered, report, retries, False)
    if session.config.fallback == "raw":
        raise RuntimeError("validation failed: " + "; ".join(report.errors))
    budget = min(
        max(int((1 - session.config.target_ratio) * tokens_in), rendered.tokens),
        session.config.target_compressed_tokens,
    )
    text = key_sentence_fallback(session.parsed[:fold_upto], recent, session.config, budget)
    state_text = text.split(f"\n{RECENT_SEPARATOR}\n", 1)[0]
    fallback = Rendered(
        text=text,
        tokens=count_tokens(text),
        state_text=state_text,
        recent_idx=[m.idx for m in recent],
        change_notice=notice,
    )
    return CompactionOutcome(fallback, report, retries, True)


def check_model(embedder: Embedder | None) -> None:
    """Raise when the config asks for a model that does not work: a compaction made without it
    would keep duplicates and miss drift unseen, so it is refused (recorded as failed, served
    raw) rather than served degraded. The probe embeds the embedder's own name: one model call
    per process, then a cache hit."""
    if embedder is not None:
        embedder.encode([embedder.name])


def fuller_goals(session: Session, work: ContextState, whole: bool) -> None:
    """Goals in more of the user's own words: the request without its polite opener, or
    (whole) the entire turn; a value the user has since replaced is left out ("…")."""
    for goal in work.goals:
        text = next((m.text for m in session.messages if m.idx == goal.idx), goal.text)
        text = text if whole else strip_opener(text)
        for key, surface in goal.values.items():
            fact = work.facts.get(key)
            if fact is not None and fact.history and surface.lower() != fact.value.lower():
                text = text.replace(surface, "…")
        goal.text, goal.values = text, {}


def change_notice(session: Session, work: ContextState, fold_upto: int, reason: str, tier: int) -> str:
    """Two sentences: what this compaction folded and why, and how the facts changed since the last."""
    prev = session.compacted_state.facts if session.compacted_state is not None else {}
    added = [k for k in work.facts if k not in prev]
    changed = [k for k, f in work.facts.items() if k in prev and prev[k].norm != f.norm]
    archived = [k for k in prev if k not in work.facts]
    first = f"Folded t{session.folded_upto}-{fold_upto - 1} ({reason})."
    second = f"+{len(added)} facts" + (f", changed {', '.join(changed[:3])}" if changed else "")
    return f"{first} {second}" + (f", {len(archived)} archived." if archived else ".")


def _ms(start: float, end: float) -> float:
    return round((end - start) * 1000, 3)
