"""Pure scoring functions of the benchmark: a context string and the gold give the scores.

Every match is a case-insensitive substring match of a gold value in the context, so any method
(structured, truncated, verbatim) is scored the same way. Definitions (also in docs/benchmarks.md):

- scored value: a gold final-state value (non-empty) that occurs literally, case-insensitively, in the
  transcript (the turns' texts). Values that never appear in the text ("dontcare", "yes" for free
  wifi) cannot be found by string match in any context and are left out for every method alike.
- final-state retention (strict, the one reported): a scored value counts only where it occurs
  outside every "(was: ...)" marker (bench.markers): a current value shown only as replaced
  is not retained. The loose count (anywhere, markers included) is kept as final_state_retention_loose.
  Joint retention: share of conversations (with at least one scored value) that keep all of theirs
  (strict).
- false supersession: scored current values that occur in the context only inside markers.
- old values shown unmarked: scored corrections whose old value (not also a current final-state
  value) occurs as a whole token outside every marker (occurrences inside the new value excluded).
- must-not-replace shown replaced: gold `must_not_replace` values (those in the transcript) that
  occur as a whole token inside a marker.
- constraint-fact retention: gold facts of kind "constraint" with literal=true, distinct (slot, value),
  found in the context (a replaced value counts too: it was stated by the user).
- correction handled: the new value occurs in the context AND no occurrence of the old value is
  "presented as current", i.e. every occurrence as a whole token (an old "2" is not found inside
  "12:30" or "$23"; outside occurrences of the new value) is preceded
  within 25 characters by a marker (was / previously / formerly / 原 / 之前 / 曾; the core renders a
  replaced value as "(was: OLD)"). Scored for corrections whose new value occurs in the transcript.
- goal covered: one of the goal's content words occurs in the context (see goal_words).
- EID: (retained scored values + covered goals) per 100 context tokens, summed over conversations.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.markers import (
    fold,
    occurs_unmarked,
    old_shown_unmarked,
    only_marked,
    shown_replaced,
    whole_token,
)

MARKER_WINDOW = 25
EN_MARKERS = re.compile(r"\b(?:was|previously|formerly)\b")
ZH_MARKERS = ("原", "之前", "曾")

# Verbs and filler of intent names ("GetCarsAvailable", "find_hotel"): they say nothing of the domain.
GOAL_VERBS = frozenset(
    {"find", "search", "get", "book", "reserve", "buy", "play", "lookup", "look", "check", "add", "schedule"}
    | {"transfer", "make", "request"}
)
GOAL_FILLER = frozenset(["up", "for", "available", "time", "times", "date", "dates", "oneway", "roundtrip"])


def occurs(value: str, text: str) -> bool:
    """True when value occurs in text, case-insensitively (the one match of the benchmark)."""
    v = fold(str(value)).strip()
    return bool(v) and v in fold(text)


def scored_final_values(gold: Mapping[str, Any], transcript: str) -> list[tuple[str, str]]:
    """The (slot, value) pairs of the gold final state that occur literally in the transcript."""
    state = gold.get("final_state") or {}
    return [(slot, str(v)) for slot, v in state.items() if str(v).strip() and occurs(str(v), transcript)]


def literal_constraint_facts(gold: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Distinct (slot, value) of the gold facts the user stated (kind constraint, literal)."""
    seen: dict[tuple[str, str], None] = {}
    for fact in gold.get("facts") or []:
        if fact.get("kind") == "constraint" and fact.get("literal") and str(fact.get("value", "")).strip():
            seen[(str(fact["slot"]), str(fact["value"]))] = None
    return list(seen)


def split_found(
    pairs: Iterable[tuple[str, str]], context: str
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Split (slot, value) pairs into (found in context, lost)."""
    found, lost = [], []
    for pair in pairs:
        (found if occurs(pair[1], context) else lost).append(pair)
    return found, lost


def split_found_strict(
    pairs: Iterable[tuple[str, str]], context: str
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Split (slot, value) pairs into (found outside every "(was: ...)" marker, lost)."""
    found, lost = [], []
    for pair in pairs:
        (found if occurs_unmarked(pair[1], context) else lost).append(pair)
    return found, lost


def must_not_replace_values(gold: Mapping[str, Any], transcript: str) -> list[str]:
    """The gold `must_not_replace` values that occur in the transcript (distinct, in order)."""
    values = [str(v) for v in gold.get("must_not_replace") or [] if str(v).strip()]
    return list(dict.fromkeys(v for v in values if occurs(v, transcript)))


def old_value_scored(corr: Mapping[str, Any], gold: Mapping[str, Any]) -> bool:
    """True when a correction's old value must not be shown as current: it differs from the new
    value and from every current final-state value (a value still current elsewhere may be shown)."""
    old = fold(str(corr.get("old", ""))).strip()
    current = {fold(str(v)).strip() for v in (gold.get("final_state") or {}).values()}
    return bool(old) and old != fold(str(corr.get("new", ""))).strip() and old not in current


def _mask(text: str, value: str) -> str:
    """Blank out whole-token occurrences of value (same length, so offsets stay) in the folded text:
    a new value "1" masks "1", not the 1 of "12" (which would leave a "2" standing alone)."""
    v = fold(value)
    return re.sub(whole_token(v), lambda m: "\0" * len(m.group(0)), text) if v else text


def old_value_marked(context: str, start: int, window: int = MARKER_WINDOW) -> bool:
    """True when a replacement marker precedes the occurrence at `start` within `window` characters."""
    before = fold(context[max(0, start - window) : start])
    return bool(EN_MARKERS.search(before)) or any(m in before for m in ZH_MARKERS)


def unmarked_old_occurrences(context: str, old: str, new: str) -> int:
    """How many times old is shown in the context without a marker (occurrences inside new excluded)."""
    o, n = fold(str(old)).strip(), fold(str(new)).strip()
    if not o:
        return 0
    ctx = fold(context)
    # old "2" inside new "12" is not an occurrence of the old value; new "2" inside old "12" must stay
    masked = _mask(ctx, n) if n and n not in o else ctx
    return sum(1 for m in re.finditer(whole_token(o), masked) if not old_value_marked(ctx, m.start()))


@dataclass(frozen=True)
class CorrectionOutcome:
    """How a context treats one gold correction (old value replaced by new)."""

    new_present: bool
    old_unmarked: int

    @property
    def handled(self) -> bool:
        """New value present and the old one never shown as current."""
        return self.new_present and self.old_unmarked == 0


def correction_outcome(context: str, old: str, new: str) -> CorrectionOutcome:
    """Score one correction against a context (see the module docstring)."""
    return CorrectionOutcome(
        new_present=occurs_unmarked(new, context), old_unmarked=unmarked_old_occurrences(context, old, new)
    )


def scored_corrections(gold: Mapping[str, Any], transcript: str) -> list[dict[str, Any]]:
    """Gold corrections whose new value occurs in the transcript and differs from the old beyond case."""
    out = []
    for corr in gold.get("corrections") or []:
        old, new = str(corr.get("old", "")), str(corr.get("new", ""))
        if new.strip() and fold(old).strip() != fold(new).strip() and occurs(new, transcript):
            out.append(corr)
    return out


def _split_name(goal: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", goal)
    return [w for w in re.split(r"[\s_\-./]+", spaced) if w]


def _stem(word: str) -> str:
    w = fold(word)
    return w[:-1] if w.isascii() and len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def goal_words(goal: str) -> list[str]:
    """The words whose presence covers a goal.

    The goal name is split on CamelCase and underscores ("FindRestaurants" -> find, restaurants;
    "book_taxi" -> book, taxi), lowercased, plural "s" dropped; intent verbs (find, book, get, ...)
    and filler (available, time, ...) are removed, leaving the domain noun ("restaurant", "taxi").
    If nothing is left, the verb-free words are used, then all words. A Chinese goal ("景点") is
    its own word.
    """
    words = [_stem(w) for w in _split_name(goal)]
    content = [w for w in words if w not in GOAL_VERBS and w not in GOAL_FILLER]
    if not content:
        content = [w for w in words if w not in GOAL_VERBS] or words
    return list(dict.fromkeys(content))


def goal_covered(goal: str, context: str) -> bool:
    """True when one of goal_words(goal) occurs in the context (English words at a word start)."""
    ctx = fold(context)
    for word in goal_words(goal):
        if word.isascii():
            if re.search(r"(?<![a-z0-9])" + re.escape(word), ctx):
                return True
        elif word in ctx:
            return True
    return False


def oracle_text(final_state: Mapping[str, Any]) -> str:
    """The gold final state as 'slot: value' lines: the floor a compressor can approach."""
    return "\n".join(f"{slot}: {value}" for slot, value in final_state.items())


def token_reduction(context_tokens: int, raw_tokens: int) -> float:
    """1 - context/raw tokens (negative when the context is longer than the raw history)."""
    return 1.0 - context_tokens / raw_tokens if raw_tokens > 0 else 0.0


def eid(retained_facts: int, covered_goals: int, context_tokens: int) -> float:
    """Effective information density: (retained facts + covered goals) per 100 context tokens."""
    return 100.0 * (retained_facts + covered_goals) / context_tokens if context_tokens > 0 else 0.0


def anchor_form(value: str) -> str:
    """A value as an anchor can carry it: brackets become parentheses, whitespace runs one space."""
    return " ".join(str(value).replace("[", "(").replace("]", ")").split())


def state_consistent(parsed_facts: Mapping[str, str], active_facts: Mapping[str, str]) -> bool:
    """True when the facts parsed back from the anchors equal the state's active facts (key -> value).

    Values are compared in anchor form (an anchor cannot hold brackets or newlines)."""
    parsed = {str(k).strip(): anchor_form(v) for k, v in parsed_facts.items()}
    return parsed == {str(k).strip(): anchor_form(v) for k, v in active_facts.items()}


def anchors_agree(parsed_facts: Mapping[str, str], state_facts: Mapping[str, str]) -> bool:
    """True when every anchored fact exists in the state with the same value (none wrong, none invented).

    Weaker than state_consistent: facts the renderer left out for the budget are not counted against it."""
    state = {str(k).strip(): anchor_form(v) for k, v in state_facts.items()}
    return all(state.get(str(k).strip()) == anchor_form(v) for k, v in parsed_facts.items())


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) with linear interpolation between ranks; NaN for no values."""
    if not values:
        return math.nan
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def ratio(num: float, den: float) -> float:
    """num / den, NaN when den is 0 (shown as 'n/a', never as a fake 0 or 100%)."""
    return num / den if den else math.nan


@dataclass
class ConversationScore:
    """Every count one method's context earns on one conversation."""

    context_id: str
    context_tokens: int
    raw_tokens: int
    oracle_tokens: int
    final_total: int = 0
    final_retained: int = 0  # strict: outside every "(was: ...)" marker
    final_retained_loose: int = 0  # anywhere in the context, markers included
    lost: list[tuple[str, str]] = field(default_factory=list)
    falsely_superseded: list[tuple[str, str]] = field(default_factory=list)
    old_total: int = 0
    old_unmarked: int = 0
    keep_total: int = 0
    keep_replaced: int = 0
    constraint_total: int = 0
    constraint_retained: int = 0
    corrections_total: int = 0
    corrections_new_present: int = 0
    corrections_handled: int = 0
    goals_total: int = 0
    goals_covered: int = 0


def score_conversation(
    context_id: str,
    context: str,
    context_tokens: int,
    gold: Mapping[str, Any],
    transcript: str,
    raw_tokens: int,
    oracle_tokens: int,
) -> ConversationScore:
    """Score one context against its conversation's gold (all counts; rates come from summarize)."""
    final_pairs = scored_final_values(gold, transcript)
    final_found, final_lost = split_found_strict(final_pairs, context)
    loose_found, _ = split_found(final_pairs, context)
    corrections = scored_corrections(gold, transcript)
    olds = [c for c in corrections if old_value_scored(c, gold)]
    keep = must_not_replace_values(gold, transcript)
    cons_found, cons_lost = split_found(literal_constraint_facts(gold), context)
    outcomes = [correction_outcome(context, c["old"], c["new"]) for c in corrections]
    goals = [str(g) for g in gold.get("goals") or []]
    return ConversationScore(
        context_id=context_id,
        context_tokens=context_tokens,
        raw_tokens=raw_tokens,
        oracle_tokens=oracle_tokens,
        final_total=len(final_found) + len(final_lost),
        final_retained=len(final_found),
        final_retained_loose=len(loose_found),
        lost=final_lost,
        falsely_superseded=[p for p in final_pairs if only_marked(p[1], context)],
        old_total=len(olds),
        old_unmarked=sum(old_shown_unmarked(context, str(c["old"]), str(c["new"])) for c in olds),
        keep_total=len(keep),
        keep_replaced=sum(shown_replaced(v, context) for v in keep),
        constraint_total=len(cons_found) + len(cons_lost),
        constraint_retained=len(cons_found),
        corrections_total=len(outcomes),
        corrections_new_present=sum(o.new_present for o in outcomes),
        corrections_handled=sum(o.handled for o in outcomes),
        goals_total=len(goals),
        goals_covered=sum(goal_covered(g, context) for g in goals),
    )


@dataclass
class Summary:
    """One method's scores over one data set (rates in 0..1; NaN where nothing was scored)."""

    conversations: int
    final_state_retention: float  # strict (outside "(was: ...)" markers)
    joint_retention: float  # strict
    final_state_retention_loose: float
    false_supersession: float
    old_unmarked: float
    olds: int
    must_not_replace_replaced: float
    must_not_replace: int
    constraint_retention: float
    correction_new_present: float
    correction_handled: float
    corrections: int
    token_reduction: float
    context_tokens_mean: float
    oracle_overhead: float
    eid: float
    goal_coverage: float


def summarize(scores: Sequence[ConversationScore]) -> Summary:
    """Aggregate conversation scores: value-level rates pooled over all conversations.

    Token reduction and oracle overhead are means of per-conversation ratios; EID pools the counts
    and tokens of all conversations (a per-conversation mean would be dominated by tiny contexts).
    """
    n = len(scores)
    joint_pool = [s for s in scores if s.final_total]
    return Summary(
        conversations=n,
        final_state_retention=ratio(
            sum(s.final_retained for s in scores), sum(s.final_total for s in scores)
        ),
        joint_retention=ratio(sum(s.final_retained == s.final_total for s in joint_pool), len(joint_pool)),
        final_state_retention_loose=ratio(
            sum(s.final_retained_loose for s in scores), sum(s.final_total for s in scores)
        ),
        false_supersession=ratio(
            sum(len(s.falsely_superseded) for s in scores), sum(s.final_total for s in scores)
        ),
        old_unmarked=ratio(sum(s.old_unmarked for s in scores), sum(s.old_total for s in scores)),
        olds=sum(s.old_total for s in scores),
        must_not_replace_replaced=ratio(
            sum(s.keep_replaced for s in scores), sum(s.keep_total for s in scores)
        ),
        must_not_replace=sum(s.keep_total for s in scores),
        constraint_retention=ratio(
            sum(s.constraint_retained for s in scores), sum(s.constraint_total for s in scores)
        ),
        correction_new_present=ratio(
            sum(s.corrections_new_present for s in scores), sum(s.corrections_total for s in scores)
        ),
        correction_handled=ratio(
            sum(s.corrections_handled for s in scores), sum(s.corrections_total for s in scores)
        ),
        corrections=sum(s.corrections_total for s in scores),
        token_reduction=ratio(sum(token_reduction(s.context_tokens, s.raw_tokens) for s in scores), n),
        context_tokens_mean=ratio(sum(s.context_tokens for s in scores), n),
        oracle_overhead=ratio(
            sum(s.context_tokens / s.oracle_tokens for s in scores if s.oracle_tokens),
            sum(1 for s in scores if s.oracle_tokens),
        ),
        eid=eid(
            sum(s.final_retained for s in scores),
            sum(s.goals_covered for s in scores),
            sum(s.context_tokens for s in scores),
        ),
        goal_coverage=ratio(sum(s.goals_covered for s in scores), sum(s.goals_total for s in scores)),
    )
