"""Render stage: state -> the short context the model sees, with machine anchors.

Layout (each part only when it has content)::

    [USER_GOAL:goal; goal]
    Completed: 14:05 book restaurant -> ref RVESWV8I
    Failed: ...
    State: CONFIRMING
    [FACT:restaurant.time=18:45] (was: 19:45) [FACT:restaurant.people=2] ...
    Offered: [OFFER:restaurant.time=19:30]
    Must: no spicy food; don't call before 9am
    Next: [ACTION_REQUIRED:book restaurant (missing: restaurant.time)]
    Change: <two sentences>
    --- recent turns ---
    user: ...

Priority when the budget is tight: required actions, then goals, then strong facts (pinned,
user-stated, strong values), then recent facts by weight. A replaced value is only ever shown
marked "(was: ...)".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.config import Config
from core.models import ActionUnit, ContextState, Fact, Message, Rendered, Todo
from core.tokens import count_tokens

RECENT_SEPARATOR = "--- recent turns ---"
_GOAL_RE = re.compile(r"\[USER_GOAL:([^\]]*)\]")
_FACT_RE = re.compile(r"\[FACT:([^=\]\n]+)=([^\]\n]*)\]")
_ACTION_RE = re.compile(r"\[ACTION_REQUIRED:([^\]\n]*)\]")
MAX_GOALS = 3
MAX_COMPLETED = 6


def anchor_value(value: str) -> str:
    """A value made safe inside an anchor: no brackets, no newlines."""
    return " ".join(value.replace("[", "(").replace("]", ")").split())


def message_line(message: Message) -> str:
    """One raw turn as the model sees it: 'role: text' (tool calls and results included)."""
    text = message.text
    if message.tool_call is not None:
        text = (text + " " if text else "") + f"<call {message.tool_call.name} {message.tool_call.args}>"
    if message.tool_result is not None:
        data = str(message.tool_result.data)
        text = (text + " " if text else "") + f"<result {message.tool_result.status} {data[:500]}>"
    for att in message.attachments:
        text += f"\n[{att.label}] {att.text}"
    return f"{message.role}: {text}"


def raw_history(messages: Sequence[Message]) -> str:
    """The raw dialogue as text: one 'role: text' line per turn (also the raw-mode context)."""
    return "\n".join(message_line(m) for m in messages)


def parse_anchors(text: str) -> dict:
    """Goals, facts and required actions read back from the anchors of a rendered context.

    Only the compacted part (before the recent-turns separator) is read, so anchors a user typed
    into a raw turn are never taken for state."""
    head = text.split(RECENT_SEPARATOR, 1)[0]
    goals = [g.strip() for m in _GOAL_RE.finditer(head) for g in m.group(1).split(";") if g.strip()]
    facts = {m.group(1).strip(): m.group(2).strip() for m in _FACT_RE.finditer(head)}
    actions = [m.group(1).strip() for m in _ACTION_RE.finditer(head)]
    return {"goals": goals, "facts": facts, "actions_required": actions}


def fact_priority(fact: Fact) -> tuple[int, float, int]:
    """Sort key: essential facts first (pinned, verified, user-stated, strong), then weight, recency."""
    essential = (
        fact.pinned or fact.verified_by_user or fact.role in ("user", "system") or fact.strength == "strong"
    )
    return (0 if essential else 1, -fact.weight, -fact.last_idx)


def is_essential(fact: Fact) -> bool:
    """Essential facts are rendered whatever the soft budget says."""
    return fact_priority(fact)[0] == 0


def required_actions(state: ContextState) -> list[str]:
    """Open todos with their missing preconditions, and tool calls still waiting for a result."""
    out = []
    for todo in state.todos:
        if todo.done:
            continue
        missing = missing_preconditions(todo, state)
        out.append(f"{todo.text} (missing: {', '.join(missing)})" if missing else todo.text)
    out += [f"await result of {a.tool}" for a in state.actions if a.status == "pending"]
    return list(dict.fromkeys(out))


def missing_preconditions(todo: Todo, state: ContextState) -> list[str]:
    """The fact keys a todo needs that the state does not hold."""
    return [k for k in todo.requires if k not in state.facts]


def _action_line(act: ActionUnit) -> str:
    when = act.ts.strftime("%H:%M") if act.ts else f"t{act.idx}"
    args = ", ".join(f"{v}" for v in list(act.args.values())[:4])
    out = f"{when} {act.tool}" + (f" ({args})" if args else "")
    if act.ref:
        out += f" -> ref {act.ref}"
    elif act.result_summary and act.result_type not in ("text", "none"):
        out += f" -> {act.result_summary[:80]}"
    return out


def render(
    state: ContextState,
    recent: Sequence[Message],
    config: Config,
    tokens_in: int,
    change_notice: str = "",
    room: float = 1.0,
    must_include: Sequence[str] = (),
) -> Rendered:
    """Render the state and the recent raw turns within budget.

    tokens_in: tokens of the history being replaced (sets the soft budget, (1 - target_ratio) of
    it); room: > 1 on a retry, to give facts more space; must_include: fact keys to keep whatever
    the budget (the ones validation found missing)."""
    head: list[str] = []
    anchors: list[str] = []
    goals = _goal_texts(state)
    if goals:
        head.append(f"[USER_GOAL:{'; '.join(goals)}]")
        anchors.append(head[-1])
    done = [a for a in state.actions if a.status == "done"][-MAX_COMPLETED:]
    head += [f"Completed: {_action_line(a)}" for a in done]
    failed = [a for a in state.actions if a.status == "failed"][-2:]
    head += [f"Failed: {_action_line(a)}" for a in failed]
    if state.task_state != "IDLE":
        head.append(f"State: {state.task_state}")
    required = [f"[ACTION_REQUIRED:{anchor_value(r)}]" for r in required_actions(state)]
    musts = [c.text for c in state.constraints]
    recent_text = raw_history(recent)
    fixed = "\n".join([*head, *required, *musts, change_notice, recent_text])
    soft = max(int((1.0 - config.target_ratio) * tokens_in * room), 0)
    hard = int(config.target_compressed_tokens * room)
    used = count_tokens(fixed) + 12
    facts = sorted(state.facts.values(), key=fact_priority)
    shown: list[str] = []
    dropped: list[str] = []
    must = set(must_include)
    for fact in facts:
        piece = _fact_piece(fact)
        cost = count_tokens(piece) + 1
        keep = (
            fact.key in must or (is_essential(fact) and used + cost <= hard) or used + cost <= min(soft, hard)
        )
        if keep:
            shown.append(piece)
            anchors.append(piece.split(" (was:")[0])
            used += cost
        else:
            dropped.append(fact.key)
    offers = [f"[OFFER:{k}={anchor_value(o.value)}]" for k, o in state.offers.items()]
    offer_line = (
        f"Offered: {' '.join(offers)}" if offers and used + count_tokens(" ".join(offers)) <= soft else ""
    )
    body = [*head, *_wrap(shown), offer_line]
    if musts:
        body.append("Must: " + "; ".join(musts))
    if required:
        body.append("Next: " + " ".join(required))
        anchors += required
    if change_notice:
        body.append(f"Change: {change_notice}")
    state_text = "\n".join(line for line in body if line)
    text = state_text + (f"\n{RECENT_SEPARATOR}\n{recent_text}" if recent else "")
    return Rendered(
        text=text,
        tokens=count_tokens(text),
        state_text=state_text,
        recent_idx=[m.idx for m in recent],
        anchors=anchors,
        dropped=dropped,
        change_notice=change_notice,
    )


def rendered_facts(rendered: Rendered) -> dict[str, str]:
    """The facts the rendered context claims as current (key -> value)."""
    return parse_anchors(rendered.text)["facts"]


def _fact_piece(fact: Fact) -> str:
    piece = f"[FACT:{fact.key}={anchor_value(fact.value)}]"
    shown_old = [v for v in fact.history if v.norm != fact.norm and not v.reason.startswith("new value from")]
    if shown_old:
        piece += f" (was: {anchor_value(shown_old[-1].value)})"
    return piece


def _wrap(pieces: list[str], per_line: int = 6) -> list[str]:
    return [" ".join(pieces[i : i + per_line]) for i in range(0, len(pieces), per_line)]


def _goal_texts(state: ContextState) -> list[str]:
    """The most recent open goals (done ones only when nothing is open), one per domain."""
    open_goals = [g for g in state.goals if not g.done] or list(state.goals)
    by_domain: dict[str | None, str] = {}
    for goal in open_goals:
        by_domain.setdefault(goal.domain, anchor_value(goal.text).replace(";", ","))
    return list(by_domain.values())[-MAX_GOALS:]
