"""Render stage: state -> the short context the model sees, with machine anchors.

Layout (each part only when it has content)::

    [USER_GOAL:goal; goal]
    Completed: 14:05 book restaurant -> ref RVESWV8I; t9 book taxi
    Failed: ...
    State: CONFIRMING
    restaurant: [FACT:time=18:45] (was: 19:45) [FACT:people=2] ...
    hotel: [FACT:name=Acorn House] ...
    Offered: restaurant.time=19:30
    Must: no spicy food; don't call before 9am
    Next: [ACTION_REQUIRED:book restaurant (missing: restaurant.time)]
    Change: <two sentences>
    --- recent turns ---
    user: ...

Facts are grouped on one line per domain, and the anchor names the slot only: the key of
``restaurant: [FACT:time=18:45]`` is ``restaurant.time`` (it saves a fifth of the tokens of a fact).
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
_DOMAIN_LINE = re.compile(r"^([^\s:\[\]]+): (?=\[FACT:)")
_ACTION_RE = re.compile(r"\[ACTION_REQUIRED:([^\]\n]*)\]")
MAX_GOALS = 3
MAX_COMPLETED = 6
MAX_WAS = 2  # earlier values shown per fact, newest first


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
    into a raw turn are never taken for state. A fact on a 'domain: ' line gets that domain."""
    head = text.split(RECENT_SEPARATOR, 1)[0]
    goals = [g.strip() for m in _GOAL_RE.finditer(head) for g in m.group(1).split(";") if g.strip()]
    facts: dict[str, str] = {}
    for line in head.splitlines():
        domain = _DOMAIN_LINE.match(line)
        prefix = f"{domain.group(1)}." if domain else ""
        for m in _FACT_RE.finditer(line):
            facts[prefix + m.group(1).strip()] = m.group(2).strip()
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
    out = f"{when} {act.tool}"
    if act.ref:
        out += f" -> ref {act.ref}"
    elif act.result_summary and act.result_type not in ("text", "none"):
        out += f" -> {act.result_summary[:80]}"
    return out


def _actions_line(label: str, actions: Sequence[ActionUnit]) -> str:
    """One line for the actions of a status, repeats of the same tool and ref shown once."""
    seen: dict[tuple[str, str | None], ActionUnit] = {}
    for act in actions:
        seen[(act.tool, act.ref)] = act
    if not seen:
        return ""
    return f"{label}: " + "; ".join(_action_line(a) for a in seen.values())


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
    done = [a for a in state.actions if a.status == "done"]
    head.append(_actions_line("Completed", _without_ref_repeats(done)[-MAX_COMPLETED:]))
    head.append(_actions_line("Failed", [a for a in state.actions if a.status == "failed"][-2:]))
    if state.task_state != "IDLE":
        head.append(f"State: {state.task_state}")
    head = [line for line in head if line]
    required = [f"[ACTION_REQUIRED:{anchor_value(r)}]" for r in required_actions(state)]
    musts = [c.text for c in state.constraints]
    recent_text = raw_history(recent)
    recent_tokens = count_tokens(recent_text) if recent else 0
    # the soft budget is for the compacted part: (1 - target_ratio) of the history it replaces
    soft = max(int((1.0 - config.target_ratio) * max(0, tokens_in - recent_tokens) * room), 0)
    hard = int(config.target_compressed_tokens * room) - recent_tokens
    used = count_tokens("\n".join([*head, *required, *musts, change_notice])) + 8
    shown: list[Fact] = []
    dropped: list[str] = []
    must = set(must_include)
    for fact in sorted(state.facts.values(), key=fact_priority):
        cost = count_tokens(_fact_piece(fact)) + 1
        fits = used + cost <= hard if is_essential(fact) else used + cost <= min(soft, hard)
        if fact.key in must or fits:
            shown.append(fact)
            anchors.append(f"[FACT:{fact.key}={anchor_value(fact.value)}]")
            used += cost
        else:
            dropped.append(fact.key)
    offers = [f"{k}={anchor_value(o.value)}" for k, o in state.offers.items()]
    offer_line = f"Offered: {'; '.join(offers)}" if offers and used + 2 * len(offers) + 2 <= soft else ""
    body = [*head, *_fact_lines(shown), offer_line]
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
    """One fact as shown on its domain line: the slot-only anchor and any marked earlier values."""
    slot = fact.key.split(".", 1)[1] if "." in fact.key else fact.key
    piece = f"[FACT:{slot}={anchor_value(fact.value)}]"
    olds = [v.value for v in fact.history if v.norm != fact.norm and not v.reason.startswith("new value")]
    olds = list(dict.fromkeys(reversed(olds)))[:MAX_WAS]
    if olds:
        piece += f" (was: {'; was: '.join(anchor_value(v) for v in olds)})"
    return piece


def _fact_lines(facts: Sequence[Fact]) -> list[str]:
    """Facts grouped on one line per domain, domains and facts in order of first mention."""
    lines: dict[str, list[Fact]] = {}
    for fact in sorted(facts, key=lambda f: (f.first_idx, f.key)):
        lines.setdefault(fact.key.split(".", 1)[0] if "." in fact.key else "general", []).append(fact)
    return [f"{domain}: " + " ".join(_fact_piece(f) for f in group) for domain, group in lines.items()]


def _without_ref_repeats(actions: Sequence[ActionUnit]) -> list[ActionUnit]:
    """Drop an action without a ref when the same tool later reports one (the confirmation of it)."""
    with_ref = {a.tool for a in actions if a.ref}
    return [a for a in actions if a.ref or a.tool not in with_ref]


def _goal_texts(state: ContextState) -> list[str]:
    """The most recent open goals (done ones only when nothing is open), one per domain."""
    open_goals = [g for g in state.goals if not g.done] or list(state.goals)
    by_domain: dict[str | None, str] = {}
    for goal in open_goals:
        by_domain.setdefault(goal.domain, anchor_value(goal.text).replace(";", ","))
    return list(by_domain.values())[-MAX_GOALS:]
