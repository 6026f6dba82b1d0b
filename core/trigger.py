"""Trigger stage: decide when to compact and how deep (tiers).

Static: the history given to the model exceeds ``max_history_tokens``. Dynamic: a milestone (an
action completed), a repeated action or the assistant doubting itself, drift of the user's turns
away from the goal, or ``tool_failure_limit`` failures in a row. Below ``min_turns`` turns (or
fewer than ``min_turns`` new turns since the last compaction, for dynamic events) it is not worth
its cost, and so is a dynamic compaction of a history under half the budget
(``dynamic_min_fraction``). Tiers: the first compaction folds the oldest 30% of the turns, the next
50%, then all but the working memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.config import Config
from core.models import ContextState
from core.stage_outputs import TriggerDecision

DYNAMIC_EVENTS = ("tool_failures", "repeated_action", "self_doubt", "drift", "milestone")


def fold_point(n_messages: int, tier: int, folded: int, config: Config) -> int:
    """Index up to which messages are folded at this tier; never into the working memory."""
    share = config.tiers[min(tier, len(config.tiers) - 1)]
    keep = min(config.working_memory_turns, n_messages)
    upto = n_messages - keep if share >= 1.0 else round(n_messages * share)
    return max(folded, min(upto, n_messages - keep))


def check_trigger(
    state: ContextState,
    n_messages: int,
    history_tokens: int,
    folded: int,
    compactions: int,
    events: Sequence[str],
    config: Config,
    force: bool = False,
) -> TriggerDecision:
    """Whether to compact now, with the reason, the tier and the fold point.

    history_tokens: tokens of the context as it would be served now; folded: messages already
    folded; compactions: successful compactions so far (picks the tier); events: dynamic events
    seen since the last compaction.
    """
    tier = compactions
    if force:
        upto = fold_point(n_messages, len(config.tiers) - 1, folded, config)
        return TriggerDecision(
            fire=upto > 0, reason="forced", tier=tier, fold_upto=upto, history_tokens=history_tokens
        )
    no = TriggerDecision(fire=False, history_tokens=history_tokens)
    if n_messages < config.min_turns:
        return no
    reason = ""
    if history_tokens > config.max_history_tokens:
        reason = f"budget: {history_tokens} > {config.max_history_tokens} tokens"
    elif (
        n_messages - folded >= config.min_turns
        and history_tokens >= config.dynamic_min_fraction * config.max_history_tokens
    ):
        seen = [e for e in DYNAMIC_EVENTS if e in events and (e != "milestone" or config.milestone_scan)]
        reason = seen[0] if seen else ""
        if reason == "tool_failures":
            reason = f"tool_failures: {state.consecutive_failures} in a row"
    if not reason:
        return no
    upto = fold_point(n_messages, tier, folded, config)
    if upto <= folded:
        upto = fold_point(n_messages, tier + 1, folded, config)
    if upto <= folded:
        return no
    return TriggerDecision(fire=True, reason=reason, tier=tier, fold_upto=upto, history_tokens=history_tokens)
