"""An assistant turn that reports a result or reads back the user's pick: its values are state.

The issue's rule: assistant text yields a fact only when it reports a result, offers a concrete
option or confirms a user value. An assistant turn is a report when

- its own words say an action is done ("已下单 QD-SY-1220-0088，4764 元", "Reserved. Reference
  NW-7740-2291"): an action marker of status done;
- it comes right after the result of a call that changed something (a booking, an application):
  it tells the user what that call did ("Application SUN-APP-0931. £150 deposit.");
- it names again one of the values an earlier assistant turn listed as options ("£295/mo, £420/mo"
  -> the user: "dedicated then" -> "Dedicated desk, £420/mo from 4 Jan"), or a value it already
  reported so: it reads back the option the user took, with its terms (a price, a rate);
- it names again the one value it quoted in its turn before the user's reply ("... comes to £21,300"
  -> "The solid tiled roof then" -> "Very good: solid tiled roof, £21,300"; "价格相应是3680元" -> "换成金色的"
  -> "价格不变，还是3680元"): the quote stands after the user's turn, a term of what goes ahead.

The values of such a turn keep the evidence how "reported" (core.extract). Merging, a reported value
that is one item of the options the assistant listed under its key narrows the held list to it (the
others were options, never values: no history). Rendering, the amounts of a report rank with the
chosen values (core.render.fact_tier), and an offer reported so (one value with a number: a rate, a
price, a time, held beside the user's own value of the slot) is kept like an essential fact, so the
terms the user agreed to are not dropped with those of the options not taken. A reported value
replaces no value of the user's: an offer stays beside it, and a quoted price is another slot than
the user's budget. A turn that only narrates a search's listing is no report (several values of one
slot, none of them picked); nor is a price merely quoted.
"""

from __future__ import annotations

import re

from core.listed import listed
from core.models import ContextState, Fact, FactCandidate, ParsedMessage
from core.slot_keys import BUDGET_SLOT, COST_SLOTS, is_promoted_key
from core.values import same_value


def reports_result(parsed: ParsedMessage, state: ContextState, cands: list[FactCandidate]) -> bool:
    """True when the assistant turn parsed reports a result or reads back a pick (module docstring);
    state is the state before it, cands the turn's fact candidates."""
    msg = parsed.message
    if msg.role != "assistant" or not msg.text:
        return False
    if any(a.action is not None and a.action.status == "done" and not a.action.call_id for a in parsed.atoms):
        return True
    if any(a.write and a.status == "done" and a.result_idx == msg.idx - 1 for a in state.actions):
        return True
    return any(_names_listed_option(state, c, msg.idx) for c in cands)


def _names_listed_option(state: ContextState, cand: FactCandidate, idx: int) -> bool:
    """True when cand, a single value, is one item of a list of values an earlier assistant turn
    offered under the same key (the options it read out)."""
    if cand.role != "assistant" or len(listed(cand.value)) > 1:
        return False
    for held in (state.facts.get(cand.key), state.offers.get(cand.key)):
        if held is None or held.evidence is None or held.evidence.role != "assistant":
            continue
        if held.evidence.how == "reported" and same_value(cand.norm, held.norm):
            return True  # the option already read back, named again (a summary of what was done)
        quoted_before_reply = held.evidence.how == "offered" and held.evidence.idx == idx - 2
        if quoted_before_reply and same_value(cand.norm, held.norm):
            return True  # the quote of the turn before the user's reply, named again: its term taken
        items = listed(held.value)
        earlier = held.evidence.idx < idx and len(items) > 1
        if earlier and any(same_value(cand.norm, i.lower()) for i in items):
            return True
    return False


def mark_reported(cands: list[FactCandidate], idx: int) -> None:
    """Give the assistant's values of turn idx (offered, not read back for a yes) the evidence how
    "reported" (in place)."""
    for cand in cands:
        ev = cand.evidence
        if cand.source_idx == idx and ev is not None and ev.role == "assistant" and ev.how == "offered":
            cand.evidence = ev.model_copy(update={"how": "reported"})


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def reported_term(fact: Fact) -> bool:
    """True for the amounts an assistant turn reported as a result or with the option the user took:
    several of one report are each a term of it ("€3,000 refundable deposit ... Total back to €9,970,
    first instalment €4,985"); options merely listed are no report (reports_result)."""
    ev = fact.evidence
    return ev is not None and ev.how == "reported" and fact.key.rsplit(".", 1)[-1] in COST_SLOTS


def chosen_evidence(fact: Fact) -> bool:
    """True when the fact's evidence makes an informational value chosen: read back for the user's
    yes, accepted by the user, or an amount reported with a result or a pick."""
    ev = fact.evidence
    return ev is not None and (ev.how in ("confirmed", "accepted") or reported_term(fact))


def priced_terms(state: ContextState) -> frozenset[str]:
    """The keys of the amounts the assistant quoted, one each ("每位168元", "£103"), while the user holds
    a budget ("预算人均两百以内", "Keep it under £120"), or before a tool call the agent made and got done
    ("The Skylark 2 is $389", then place_order): terms the user weighs against that budget or the
    price of what was then acted on, not pieces of information. Not an amount that is one of several
    results a tool listed ("Granta Lodge at 120, Mill Court at 140 and Riverside Inn at 149"): that is an
    option's price; nor a tool's own value (a promoted key, slot_keys.is_promoted_key), which its tool
    line shows."""
    facts = state.facts.values()
    tool_listed = [f.value for f in facts if is_promoted_key(f.key) and "[" in f.key]
    listed_numbers = {n for value in tool_listed for n in _NUMBER.findall(value)}
    quoted = [
        f
        for f in facts
        if f.role == "assistant"
        and not is_promoted_key(f.key)
        and f.key.rsplit(".", 1)[-1] in COST_SLOTS
        and len(listed(f.value)) == 1
        and not listed_numbers & set(_NUMBER.findall(f.value))
    ]
    if any(f.role == "user" and f.key.rsplit(".", 1)[-1] == BUDGET_SLOT for f in facts):
        return frozenset(f.key for f in quoted)
    # the last amount quoted, when a tool call was made and done after it: the price acted on (an
    # earlier quote may have been revised since)
    acted = max((a.idx for a in state.actions if a.status == "done" and a.call_id), default=-1)
    last = max(quoted, key=lambda f: f.last_idx, default=None)
    return frozenset({last.key}) if last is not None and last.last_idx < acted else frozenset()


def reported_offer(fact: Fact, held: Fact | None = None) -> bool:
    """True for an offer (a value proposed beside the user's own, never replacing it) that an
    assistant turn reported with a result or with the option the user took ("Nationwide product
    transfer, 5-year fix at 4.05%" after "ok then nationwide 5 year"): kept whatever the soft budget.
    Only one value with a number in it (a rate, a price, a time): words such a turn names beside its
    values ("已下单", "工单") or several values of one slot tell no term of what was agreed; nor does
    the user's own value said back ("a table for 4" for held "4 people", same numbers)."""
    ev = fact.evidence
    one = len(listed(fact.value)) == 1 and any(ch.isdigit() for ch in fact.value)
    said_back = held is not None and _NUMBER.findall(held.value) == _NUMBER.findall(fact.value)
    return ev is not None and ev.how == "reported" and one and not said_back


def offer_rank(fact: Fact, is_offer: bool, held: Fact | None = None) -> int:
    """The lowest tier an offer (a value proposed, not taken up) ranks at when rendered: with the
    informational values (2), unless it was reported with a result or a pick (0); held: the fact
    held under its key."""
    return 2 if is_offer and not reported_offer(fact, held) else 0
