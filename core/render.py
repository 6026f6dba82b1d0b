"""Render stage: state -> the short context the model sees, with machine anchors.

Layout (each part only when it has content)::

    [USER_GOAL:goal; goal]
    Completed: 14:05 book restaurant -> ref RVESWV8I; book taxi
    Failed: ...
    State: CONFIRMING
    [FACT:restaurant.time=18:45 (was: 19:45)|people=2|...]
    [FACT:hotel.name=Acorn House]
    Offered: restaurant.time=19:30
    Must: no spicy food; don't call before 9am
    Next: [ACTION_REQUIRED:book restaurant (missing: restaurant.time)]
    Change: <two sentences>
    --- recent turns ---
    user: ...

Facts of one domain share one anchor: ``[FACT:key=value]`` continued by ``|slot=value`` pairs of the
same domain, so ``[FACT:restaurant.time=18:45|people=2]`` holds restaurant.time and restaurant.people
(it saves a third of the tokens of a fact). A replaced value follows its fact as ``(was: ...)``, the
same value said another way as ``(aka ...)``: ``date=the 11th (aka March 11th)``; the other options
an assistant named beside a name as ``(vs ...)``, never as another name of it.
Priority when the budget is tight: required actions, then goals, then strong facts (pinned,
user-stated, strong values), then recent facts by weight. A replaced value is only ever shown
marked "(was: ...)".
A fact whose value a recent raw turn, a clause of the user's or a tool record's line shows as written
(two words or more, or eight characters or more, with no earlier value or other wording) is not
repeated as an anchor: the anchors then hold less than the whole state.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import TypedDict

from core.config import Config
from core.models import ContextState, Fact, Message
from core.offer_slots import slot_parts
from core.render_actions import actions_line, completed_actions
from core.render_dedup import musts_unsaid, said_once, said_unmust, said_words
from core.render_facts import anchor_value, fact_anchor_lines, fact_anchors, fact_cost
from core.render_goals import goal_texts, goal_told, required_actions
from core.render_repeats import (
    in_recent_turns,
    in_tool_lines,
    repeats_own_slot,
    tools_shown,
    words_of,
)
from core.render_tools import TOOLS_HEADER, tool_sections
from core.replaced import mark_quoted, offer_shown, said_in_guessed_slot
from core.reported import chosen_evidence, offer_rank, priced_terms, reported_offer
from core.slot_keys import INFORMATIONAL_SLOTS, is_promoted_key
from core.stage_outputs import Rendered
from core.tokens import clip_to_tokens, count_tokens
from core.tools import digest, dumps, result_json
from core.when import is_when, written_value

RECENT_SEPARATOR = "--- recent turns ---"
_GOAL_RE = re.compile(r"\[USER_GOAL:([^\]]*)\]")
_FACT_RE = re.compile(r"\[FACT:([^\]\n]*)\]")
_WAS = re.compile(r"(?:\s*\((?:was:|aka|vs) [^()]*\))+\s*$")
_ACTION_RE = re.compile(r"\[ACTION_REQUIRED:([^\]\n]*)\]")


def message_line(message: Message) -> str:
    """One raw turn as the model sees it: 'role: text', tool calls and results as compact JSON in
    full (``<call NAME {args}>``, ``<result STATUS data>``): what raw mode serves, and what "raw
    tokens" count."""
    text = message.text
    if message.tool_call is not None:
        call = message.tool_call
        text = (text + " " if text else "") + f"<call {call.name} {dumps(call.args)}>"
    if message.tool_result is not None:
        res = message.tool_result
        text = (text + " " if text else "") + f"<result {res.status} {result_json(res)}>"
    for att in message.attachments:
        text += f"\n[{att.label}] {att.text}"
    return f"{message.role}: {text}"


def recent_line(message: Message, max_tokens: int) -> str:
    """A raw turn within max_tokens: in full when it fits; a tool result cut to its digest, other
    text cut in the middle, each with a note of what was cut (the model must know it is partial)."""
    line = message_line(message)
    total = count_tokens(line)
    if total <= max_tokens:
        return line
    chars = max(80, max_tokens * 3)
    if message.tool_result is not None and not message.text:
        res = message.tool_result
        raw = result_json(res)
        for _ in range(4):  # characters per token vary (JSON digits and quotes): shrink until it fits
            note = f"(cut to a digest: {total} tokens in full)"
            cut = f"{message.role}: <result {res.status} {digest(res.data, chars, raw)}> {note}"
            tokens = count_tokens(cut)
            if tokens <= max_tokens:
                return cut
            chars = max(40, int(chars * max_tokens / tokens * 0.9))
        return clip_to_tokens(cut, max_tokens, keep="start")
    half = max(40, chars // 2)
    cut = f"{line[:half]} …[cut: {total} tokens in full]… {line[-half:]}"
    return cut if count_tokens(cut) <= max_tokens else clip_to_tokens(cut, max_tokens, keep="start")


def raw_history(messages: Sequence[Message]) -> str:
    """The raw dialogue as text: one 'role: text' line per turn (also the raw-mode context)."""
    return "\n".join(message_line(m) for m in messages)


def turn_tokens(message: Message) -> int:
    """Tokens one turn adds to the raw history as served: its 'role: text' line and the newline
    (exactly what the line adds before another turn, see core.tokens.count_joined).

    The one measure of "raw" that served contexts are compared with (bloat, the session timeline)."""
    return count_tokens(message_line(message) + "\n")


class Anchors(TypedDict):
    """The state read back from a rendered context's anchors (a dict, so callers index it)."""

    goals: list[str]  # the [USER_GOAL:...] phrases, in order
    facts: dict[str, str]  # [FACT:...] key -> value as shown (without "(was: ...)" / "(aka ...)")
    actions_required: list[str]  # the [ACTION_REQUIRED:...] texts


def parse_anchors(text: str) -> Anchors:
    """Goals, facts and required actions read back from the anchors of a rendered context.

    Only the compacted part (before the recent-turns separator) is read, so anchors a user typed
    into a raw turn are never taken for state. In ``[FACT:hotel.area=north|stars=4]`` the pairs after
    the first take its domain: hotel.area and hotel.stars."""
    head = text.split(RECENT_SEPARATOR, 1)[0]
    goals = [g.strip() for m in _GOAL_RE.finditer(head) for g in m.group(1).split(";") if g.strip()]
    facts: dict[str, str] = {}
    for m in _FACT_RE.finditer(head):
        domain = ""
        for part in m.group(1).split("|"):
            key, sep, value = part.partition("=")
            if not sep:
                continue
            key = key.strip()
            if "." in key:
                domain = key.split(".", 1)[0]
            elif domain:
                key = f"{domain}.{key}"
            facts[key] = written_value(_WAS.sub("", value).strip())
    actions = [m.group(1).strip() for m in _ACTION_RE.finditer(head)]
    return Anchors(goals=goals, facts=facts, actions_required=actions)


def fact_tier(fact: Fact, terms: Collection[str] = ()) -> int:
    """0: what the user stated or an operator verified (and references the agent produced);
    1: the assistant's or a tool's choice-like values (names, times, dates, prices, ...);
    2: informational values (addresses, phone numbers, ...), unless chosen (core.reported): read back
    for the user to confirm ("Please confirm ENT visit at 2380 Sutter Street"), a reported amount, or
    a price quoted while the user holds a budget or before a tool call done (its key among terms,
    core.reported.priced_terms)."""
    slot = fact.key.rsplit(".", 1)[-1]
    if fact.pinned or fact.verified_by_user or fact.role in ("user", "system") or slot == "ref":
        return 0
    return 2 if slot in INFORMATIONAL_SLOTS and not (chosen_evidence(fact) or fact.key in terms) else 1


def fact_priority(fact: Fact) -> tuple[int, float, int]:
    """Sort key: tier, then weight, then the most recent first."""
    return (fact_tier(fact), -fact.weight, -fact.last_idx)


def is_essential(fact: Fact, terms: Collection[str] = ()) -> bool:
    """Essential facts (tiers 0 and 1: what was stated or chosen) are rendered whatever the soft budget
    says, up to the hard budget; informational values fill what the soft budget leaves."""
    return fact_tier(fact, terms) <= 1


def render(
    state: ContextState,
    recent: Sequence[Message],
    config: Config,
    tokens_in: int,
    change_notice: str = "",
    room: float = 1.0,
    must_include: Sequence[str] = (),
    notice_in_context: bool = True,
    said: Sequence[str] = (),
    said_restated: Collection[str] = (),
    confirmed: Sequence[str] = (),
) -> Rendered:
    """Render the state and the recent raw turns within budget.

    tokens_in: tokens of the history being replaced (sets the soft budget, (1 - target_ratio) of
    it); room: > 1 on a retry, to give facts more space; must_include: fact keys to keep whatever
    the budget (the ones validation found missing); notice_in_context: False keeps the change
    notice in the Rendered record only (the first compaction: the model saw no earlier state to
    compare with, so the notice tells it nothing); said: the user's own clauses the coverage check
    found missing (core.coverage), put back verbatim on a "User said:" line; confirmed: the agent's
    read-backs (core.readback_lines), on an "Agent confirmed:" line."""
    shown_notice = change_notice if notice_in_context else ""
    head: list[str] = []
    anchors: list[str] = []
    goals = [anchor_value(g).replace(";", ",") for g in goal_texts(state)]
    if goals:
        head.append(f"[USER_GOAL:{'; '.join(goals)}]")
        anchors.append(head[-1])
    hard_total = int(config.target_compressed_tokens * room)
    shown_recent = recent_text(recent, hard_total // 2, config.recent_result_tokens)
    recent_tokens = count_tokens(shown_recent) if recent else 0
    # the soft budget is for the compacted part: (1 - target_ratio) of the history it replaces
    soft = max(int((1.0 - config.target_ratio) * max(0, tokens_in - recent_tokens) * room), 0)
    # the hard budget holds the whole text: the recent turns with their separator and the state
    hard = hard_total - (count_tokens(f"\n{RECENT_SEPARATOR}\n{shown_recent}") if recent else 0)
    text_actions = [a for a in state.actions if not a.call_id]
    required = [f"[ACTION_REQUIRED:{anchor_value(r)}]" for r in required_actions(state)]
    recent_idx = {m.idx for m in recent}
    # a constraint the recent raw turns show verbatim is not repeated on the Must line
    musts = [c.text for c in state.constraints if c.idx not in recent_idx]
    # a clause put back for one value may hold another since replaced: that one is shown marked;
    # each of the user's words once (core.render_dedup): a clause inside another, a Must inside a clause
    said_items = said_once([anchor_value(s) for s in mark_quoted(said, state, said_restated)])
    musts = musts_unsaid(musts, said_items)
    said_items = said_unmust(said_items, musts)
    said_line = f"User said: {' | '.join(said_items)}" if said_items else ""
    confirmed_items = [anchor_value(s) for s in mark_quoted(confirmed, state)]
    confirmed_line = f"Agent confirmed: {' | '.join(confirmed_items)}" if confirmed_items else ""
    tools_budget = max(0, min(hard // 2, max(soft, hard // 4)))
    said_text = tools_shown([*musts, *said_items])  # the user's clauses, "(was: ...)" markers left out
    completed, failed, tool_lines, tools_dropped = tool_sections(state, recent_idx, tools_budget, said_text)
    completed_text = actions_line("Completed", completed_actions(text_actions))
    if completed:
        completed_text = (completed_text + "; " if completed_text else "Completed: ") + "; ".join(completed)
    failed_text = actions_line("Failed", [a for a in text_actions if a.status == "failed"][-2:])
    if failed:
        failed_text = (failed_text + "; " if failed_text else "Failed: ") + "; ".join(failed)
    head += [completed_text, failed_text]
    if state.task_state != "IDLE":
        head.append(f"State: {state.task_state}")
    head = [line for line in head if line]
    tools_block = [TOOLS_HEADER, *tool_lines] if tool_lines else []
    fixed_lines = [*head, *required, *musts, said_line, confirmed_line, *tools_block, shown_notice]
    used = count_tokens("\n".join(fixed_lines)) + 8
    shown: list[Fact] = []
    offered: list[Fact] = []
    dropped: list[str] = list(tools_dropped)
    must, (parts, whole) = set(must_include), slot_parts(state.facts.values())
    shown_refs = {a.ref for a in state.actions if a.ref and a.status == "done"}
    candidates = [(f, False) for f in state.facts.values() if not is_promoted_key(f.key)]
    candidates = [(f, o) for f, o in candidates if f.key in must or not said_in_guessed_slot(f)]  # clause
    candidates += [(o, True) for o in state.offers.values()]
    # offers (proposals not taken up yet) rank with informational values: after all stated facts
    held, terms = state.facts.get, priced_terms(state)
    tier = {id(f): max(fact_tier(f, terms), offer_rank(f, o, held(f.key))) for f, o in candidates}
    ranked = sorted(candidates, key=lambda c: (tier[id(c[0])], *fact_priority(c[0])[1:]))
    seen_values: set[tuple[str, str]] = set()
    in_a_domain = {
        (f.key.rsplit(".", 1)[-1], f.value.lower())
        for f in state.facts.values()
        if "." in f.key and not f.key.startswith("general.")
    }
    recent_words = " ".join(words_of(m.text) for m in recent)
    # the user's clauses (Must, "User said:") and the tool lines show a value as written, like a recent turn;
    # not a date or time, whose anchor holds the resolved value they lack ("2026-12-09 15:00")
    clause_words = " | ".join(said_words([*musts, *said_items, *confirmed_items]))
    tool_text = tools_shown([*completed, *failed, *tool_lines])
    for fact, is_offer in ranked:
        if fact.key.rsplit(".", 1)[-1].split("_")[0] == "ref" and fact.value in shown_refs:
            continue  # already on the Completed line
        shown_as_said = in_recent_turns(fact, recent_words) or repeats_own_slot(fact, state)
        shown_elsewhere = in_recent_turns(fact, clause_words) or in_tool_lines(fact, tool_text)
        shown_as_said = shown_as_said or (not is_when(fact) and shown_elsewhere)
        if fact.key not in must and (shown_as_said or fact.key in parts):
            continue  # the recent raw turns, a clause of the user's, its slot's fact or a taken slot show it
        said_in_a_task = (fact.key.split(".", 1)[-1], fact.value.lower()) in in_a_domain
        if fact.key.startswith("general.") and said_in_a_task and not fact.history:
            continue  # said before its task was known; the task's own fact shows it
        domain_value = (fact.key.split(".", 1)[0], fact.value.lower())
        if domain_value in seen_values:
            continue  # the same value under another slot of the domain is shown once
        seen_values.add(domain_value)
        cost = fact_cost(fact) + (2 if is_offer else 0)
        essential = is_essential(fact, terms) and (not is_offer or reported_offer(fact, held(fact.key)))
        fits = used + cost <= hard if essential else used + cost <= min(soft, hard)
        if not is_offer and (fact.key in must or fits or is_when(fact) or fact.key in whole):  # a date: kept
            shown.append(fact)
            used += cost
        elif is_offer and fits:
            offered.append(fact)
            used += cost
        elif not is_offer:
            dropped.append(fact.key)
    shown_offers = [(o, offer_shown(o, state.facts.get(o.key))) for o in offered]
    offers = [f"{o.key}={anchor_value(value)}" for o, value in shown_offers if value]
    offer_line = f"Offered: {'; '.join(offers)}" if offers else ""
    fact_lines = fact_anchor_lines(shown)
    anchors += fact_anchors(shown)
    body = [*head, *fact_lines, offer_line]
    if musts:
        body.append("Must: " + "; ".join(musts))
    said_items = said_once(said_items, "\n".join(fact_lines))  # a replaced value the anchors show
    if said_items:
        body.append(f"User said: {' | '.join(said_items)}")
    body += [confirmed_line, *tools_block]
    if required:
        body.append("Next: " + " ".join(required))
        anchors += required
    if shown_notice:
        body.append(f"Change: {shown_notice}")
    if goals and not any(goal_told(g, "\n".join(fact_lines)) for g in goals):
        body, anchors = body[1:], anchors[1:]  # the facts say what the goal does
    state_text = "\n".join(line for line in body if line)
    if count_tokens(state_text) > max(0, hard):  # the hard budget holds whatever the parts cost
        cut_notice = "\n…[state cut to budget]"
        room_left = max(0, hard - count_tokens(cut_notice) - 1)
        state_text = clip_to_tokens(state_text, room_left, keep="start") + cut_notice
        dropped.append("state: cut to the hard budget")
    text = state_text + (f"\n{RECENT_SEPARATOR}\n{shown_recent}" if recent else "")
    return Rendered(
        text=text,
        tokens=count_tokens(text),
        state_text=state_text,
        recent_idx=[m.idx for m in recent],
        anchors=anchors,
        dropped=dropped,
        change_notice=change_notice,
    )


def recent_text(recent: Sequence[Message], budget: int, result_tokens: int | None = None) -> str:
    """The working-memory turns verbatim, each clipped to its share of `budget` tokens (a share
    a short turn leaves unused goes to the longer ones); a tool result longer than result_tokens
    is shown as its digest whatever the budget (a listing of thousands of rows is data, not
    dialogue)."""
    return "\n".join(recent_lines(recent, budget, result_tokens))


def recent_lines(recent: Sequence[Message], budget: int, result_tokens: int | None = None) -> list[str]:
    """The lines of :func:`recent_text`, one a turn (counted apart with core.tokens.count_joined)."""
    if not recent:
        return []
    lines = [message_line(m) for m in recent]
    costs = [count_tokens(line) for line in lines]
    is_result = [m.tool_result is not None and not m.text for m in recent]
    caps = [result_tokens if result_tokens and res else budget for res in is_result]
    if sum(costs) + len(lines) <= budget and all(c <= cap for c, cap in zip(costs, caps, strict=True)):
        return lines
    share = max(40, budget // len(recent))
    small = sum(c for c in costs if c <= share)
    big = [c for c in costs if c > share]
    share = max(share, (budget - small) // max(1, len(big)) - 1)
    out = []
    for m, line, cost, cap in zip(recent, lines, costs, caps, strict=True):
        limit = min(share, cap)
        out.append(line if cost <= limit else recent_line(m, limit))
    return out


def rendered_facts(rendered: Rendered) -> dict[str, str]:
    """The facts the rendered context claims as current (key -> value)."""
    return parse_anchors(rendered.text)["facts"]
