"""A user's yes to what the assistant proposed (an offer held against the user's value, the
assistant's values of the turn before). Moved out of core.merge, which calls it first on a user turn."""

from __future__ import annotations

from core.alternatives import asked_item
from core.attribute_evidence import other_type, point_beside_bound
from core.changes import answers_change
from core.fact_versions import new_fact, replace_fact
from core.lang.cues import any_language
from core.listed import listed
from core.models import ContextState, Fact, FactCandidate, ParsedMessage, Units
from core.offer_slots import WHEN_TYPES
from core.readback_split import AGREED_SUFFIX
from core.replaced import unnumbered_slot
from core.slot_keys import COST_SLOTS, INFORMATIONAL_SLOTS
from core.values import same_surface, same_value

_ACCEPT_KINDS = frozenset({"confirmation", "instruction"})


def settle_acceptance(state: ContextState, parsed: ParsedMessage, units: Units) -> None:
    """A user 'yes' / 'book it' accepts what the assistant proposed: a standing offer (made after the
    user's own value, which it would replace) becomes the value, and the assistant's other values of
    the turn just before become the user's (persistent, as if the user had said them). A list of
    options is never accepted wholesale, and a bare request for another one ("Please show me another
    route.") accepts nothing."""
    atoms, other = parsed.atoms, any_language().asks_another
    accepts = any(a.kind in _ACCEPT_KINDS and not (a.entities or a.negation or other(a.text)) for a in atoms)
    accepts = accepts or any_language().accepts(parsed.message.text.strip())
    if not accepts or any(a.negation is not None for a in atoms):
        return
    idx = parsed.message.idx
    stated = {c.key for c in units.facts}
    for key, offer in list(state.offers.items()):
        if key in stated:
            continue  # the user's own value wins (merged next)
        if _users_own(state, key, offer):
            state.offers.pop(key, None)  # "3月体检前恢复好": the assistant repeating the user's "3月体检"
            continue
        if " | " in offer.norm or len(listed(offer.value)) > 1:
            just = offer.first_idx == idx - 1
            asked = asked_item(state.offered_choice, listed(offer.value), offer.first_idx) if just else None
            if asked is None:
                continue  # options need a pick
            # the yes answers a question that names one of the values offered: that one is taken
            # ("含配送费, 支付宝" offered, "用之前的支付宝付款吗？" -> "对")
            offer = _narrowed(offer, *asked)
        cand = FactCandidate(
            key=key,
            value=offer.value,
            norm=offer.norm,
            strength=offer.strength,
            kind="instruction",
            source_idx=idx,
            role="user",
            vtype=offer.vtype,
        )
        cand.evidence = offer.evidence.model_copy(update={"how": "accepted"}) if offer.evidence else None
        cur = state.facts.get(key)
        # offered for a task the user asked for after stating their value: no evidence it replaces it
        across = cur is not None and cur.first_idx < state.task_idx <= offer.first_idx
        if cur is not None and (same_value(cur.norm, offer.norm) or same_surface(cur.value, offer.value)):
            cur.role, cur.kind = "user", "instruction"
        elif cur is not None and offer.proposes and not (
            point_beside_bound(cur, offer) or across or other_type(cur, offer)
        ):
            # offered in place of the user's value: a yes takes it (a value found for a bound the
            # user searched by stands beside it instead: the 15:17 train for "after 13:30"; a value of
            # another type, a venue offered for the user's city, is no evidence of the same attribute)
            replace_fact(state, cur, cand, "user accepted the assistant's offer")
            state.facts[key].first_idx = offer.first_idx
        elif cur is not None and answers_change(state, cur, offer) and not point_beside_bound(cur, offer):
            # the user said no to or corrected what came before, the assistant's next turn offered this
            # value for the slot and the user took it: it is what the change was for ("No, play it on
            # the display." -> "I'll play it on the TV." -> "perfect"), the user's older value is replaced
            replace_fact(state, cur, cand, "user accepted the value offered for their change")
            state.facts[key].first_idx = offer.first_idx
        elif cur is not None:  # no evidence it replaces the user's value: both stand
            agreed = f"{key}{AGREED_SUFFIX}"
            state.facts[agreed] = new_fact(state, cand.model_copy(update={"key": agreed}))
            state.facts[agreed].first_idx = offer.first_idx
        state.offers.pop(key, None)
    returned = {a.result_idx for a in state.actions if a.result_idx is not None}
    for fact in state.facts.values():
        slot = fact.key.rsplit(".", 1)[-1]
        recent = idx - fact.last_idx <= 2 and " | " not in fact.norm
        if fact.role == "assistant" and recent and slot not in INFORMATIONAL_SLOTS:
            fact.role, fact.kind = "user", "instruction"
        elif fact.role == "assistant" and recent and _quoted_term(fact) and _yes_terms(fact, idx, returned):
            # the one price the assistant quoted in the turn the user says yes to, or reported from a
            # tool's result just before, is what they agreed to pay ("Sunday 13 December is £700" ->
            # "fine, book it"; "线上价 4280" -> "行"): accepted, though still the assistant's (a price
            # said earlier, with no result behind it, stays information)
            fact.evidence = fact.evidence.model_copy(update={"how": "accepted"})


def _users_own(state: ContextState, key: str, offer: Fact) -> bool:
    """True when the offer's value is one item of several the user listed in another value of the same
    slot ("general.date_2" = "1月20号, 2月, 3月" for an offer "3月" of "general.date"): the assistant said
    a part of the user's own words back, so a yes to it changes nothing. (A whole second value read
    back and agreed to is the user taking it: core.second_value.)"""
    domain, slot = key.rsplit(".", 1)[0] + ".", unnumbered_slot(key)
    said = offer.value.strip().lower()
    facts = state.facts.values()
    siblings = [f for f in facts if f.key != key and f.role == "user" and f.key.startswith(domain)]
    lists = [listed(f.value) for f in siblings if unnumbered_slot(f.key) == slot]
    return any(len(items) > 1 and any(part.strip().lower() == said for part in items) for items in lists)


def _yes_terms(fact: Fact, idx: int, returned: set[int | None]) -> bool:
    """True when the fact was said in the turn right before the user's yes at idx, or in the turn
    right after a tool's result (returned: the turns of the results)."""
    ev = fact.evidence
    return ev is not None and (ev.idx == idx - 1 or ev.idx - 1 in returned)


def _narrowed(offer: Fact, item: str, start: int) -> Fact:
    """The offer of one item of a listed value, with its span in the offering turn."""
    ev = offer.evidence
    if ev is not None:
        ev = ev.model_copy(update={"start": start, "end": start + len(item), "text": item})
    return offer.model_copy(update={"value": item, "norm": item.lower(), "evidence": ev})


def _quoted_term(fact: Fact) -> bool:
    """True for one amount of money the assistant quoted (a price, a total), not a list of them
    ("$1,450 and $1,900": which one the user agreed to is not known)."""
    slot = fact.key.rsplit(".", 1)[-1]
    single = ", " not in fact.norm and " | " not in fact.norm
    return slot in COST_SLOTS and single and fact.evidence is not None


def still_proposed(before: Fact | None, cand: FactCandidate) -> FactCandidate:
    """cand, the assistant's offer of a day or time, marked as proposed in place of the user's value
    when the standing offer it repeats was ("only one space left, but the 2pm session has five",
    then "Sound. 2pm on Saturday 23 January"): said again it is still that alternative, and the
    user's yes to it replaces their own value. Other offers are returned as they are."""
    again = before is not None and before.proposes and not cand.proposes and cand.vtype in WHEN_TYPES
    if again and before is not None and same_value(before.norm, cand.norm):
        return cand.model_copy(update={"proposes": True})
    return cand
