"""Merge stage: fold one message's units into the state (a new state; the old one is untouched).

- A value for a key already held: same value refreshes it; a different value replaces it and the old
  one goes to the fact's history with turn and reason (never silently merged, never lost).
- An assistant value that contradicts what the user stated is held as an *offer* until the user
  accepts it (yes / book it), so the agent's suggestions never overwrite the user's constraints.
- Constraints and goals are de-duplicated semantically (cosine >= semantic_threshold).
- Todos are append-only; actions complete by call id; decisions form a path (core.merge_actions).
- Decay per kind, once per user turn; facts below ``archive_below`` move to the archive, and come
  back when mentioned again (or by :func:`core.decay.recall`).
"""

from __future__ import annotations

from core.address_part import corrected_address_part
from core.agreed_corrected import agreed_beside
from core.alternatives import offered_choice
from core.attribute_evidence import (
    bound_beside_point,
    budget_beside_price,
    other_attribute,
    point_beside_bound,
    reports_reference,
    same_count_before,
)
from core.candidate_keys import settled_candidate
from core.changes import read_back_reworded, says_change
from core.choice_readback import read_back_choice
from core.config import Config
from core.count_readback import read_back_count
from core.dates_beside import date_beside_key
from core.decay import apply_decay
from core.described import describes_held, only_asks
from core.embed import Embedder
from core.fact_versions import new_fact, replace_fact
from core.held_weekday import names_held_day
from core.item_fix import listed_item_corrected, replace_item
from core.kept_day import kept_day
from core.lang.cues import any_language
from core.listed import afternoon_pick, is_item_of, one_of_listed, picked_item, picks_by_norm, result_picks
from core.listed_amounts import one_of_priced_alike
from core.merge_actions import advance_task_state, decline_asked_yes, merge_actions, settle_decline
from core.merge_texts import merge_texts
from core.models import ContextState, DecisionEdge, Fact, FactCandidate, FactVersion, ParsedMessage, Units
from core.name_readback import complete_name, read_back_name
from core.none_found import failed_search_value, rekey_goals, widens_not_found
from core.offer_accepted import settle_acceptance, still_proposed
from core.offer_taken import note_offered_options, take_offered_option
from core.offered_elsewhere import offered_elsewhere
from core.option_said import take_said_option
from core.priced_pick import take_priced_pick
from core.readback_split import AGREED_SUFFIX, split_read_back
from core.recomputed_total import recomputes_total
from core.repeated_name import widen_repeated
from core.repicked import take_repick
from core.retired import note_other_turn, note_user_turn
from core.retired_facts import replace_retired_facts
from core.second_value import drop_restated_over_second, take_after_failure, take_second_values
from core.state_copy import copy_state
from core.tasks import (
    OTHER_TASK_SUFFIX,
    acted_on,
    answer_to_end,
    corrected_domains,
    corrected_elsewhere,
    echoed_elsewhere,
    general_taken_over,
    opens_task,
    other_task,
    said_before_domain,
)
from core.value_roles import answers_added_item, asks_another_role, other_owner
from core.values import day_in_month, same_surface, same_value
from core.weekday_readback import settle_weekdays

STRENGTH_ORDER = {"strong": 0, "medium": 1, "weak": 2}
# the key of a value the user asked about ("what about X") beside a value already acted on
ASKED_SUFFIX = "_asked"
# an assistant value said again in a read-back for the user's yes or in a report of a result (core.reported)
_READ_BACK = frozenset({"confirmed", "reported"})


def merge(
    state: ContextState,
    parsed: ParsedMessage,
    units: Units,
    config: Config,
    embedder: Embedder | None = None,
) -> ContextState:
    """The state after one message: units folded in, offers settled, decay applied."""
    merged = copy_state(state)
    msg = parsed.message
    merged.turn = msg.idx
    merged.context_id = merged.context_id or msg.context_id
    if msg.role == "user":
        merged.user_turns += 1
        if any(a.call_id for a in merged.actions):  # what a re-asked call's new value was said in
            merged.user_texts[msg.idx] = msg.text
        merged.retired = note_user_turn(state.retired, msg.text)
        for atom in parsed.atoms:
            if atom.domain:
                merged.domain_turns[atom.domain] = merged.user_turns
        settle_acceptance(merged, parsed, units)
        take_repick(merged, parsed)  # "we take the chocolate brown" after "cream" of the same options
        take_priced_pick(merged, parsed)  # "Full day." after "The full day is $220 a head, the half day ..."
        take_said_option(merged, parsed, units)  # "Petrol, hard out." to "Petrol or battery?"
        take_offered_option(merged, parsed, units)  # "do the rider" after "X has an accident rider"
        take_second_values(merged, msg.idx)
        take_after_failure(merged, msg.idx)
        settle_decline(merged, parsed, units)
        decline_asked_yes(merged, parsed)  # "no" to "Do you want parking?": parking=no
        merged.user_asked_idx = msg.idx if only_asks(parsed, units) else -1
        if says_change(parsed):
            merged.changed_idx = msg.idx
            merged.changed_asks = msg.text.lower() if "?" in msg.text or "？" in msg.text else ""
            merged.changed_read_back = read_back_reworded(state, msg.idx)
        at = opens_task(state, parsed)
        if at >= 0:
            merged.task_idx, merged.task_at = msg.idx, at
    else:
        merged.retired = note_other_turn(state.retired, msg.text)
        asks = any(a.kind == "question" and any_language().asks_end(a.text) for a in parsed.atoms)
        merged.asked_end_idx = msg.idx if asks else merged.asked_end_idx
        merged.asked_more_idx = msg.idx if any_language().offers_more(msg.text) else merged.asked_more_idx
        questions = [a.text for a in parsed.atoms if a.kind == "question"]
        asked = [s for q in questions if (s := any_language().asked_attribute(q))]
        merged.asked_slot, merged.asked_slot_idx = (asked[-1], msg.idx) if asked else ("", -1)
        merged.asked_idx = msg.idx if questions else merged.asked_idx
        if msg.role == "assistant":
            merged.offered_choice = offered_choice(msg.text, msg.idx)
            note_offered_options(merged, parsed)
            if report := any_language().finds_none(msg.text):
                merged.none_found_idx, merged.none_found = msg.idx, report
    corrected = corrected_domains(parsed)
    done = any(a.status == "done" for a in units.actions)
    asks = any(a.kind in ("question", "confirmation") for a in parsed.atoms)
    for cand in answer_to_end(state, parsed, widen_repeated(state, parsed, units.facts)):
        _merge_fact(merged, cand, corrected, done, asks)
    replace_retired_facts(merged, msg)  # "改成24个" after "28个人": the count the correction retired
    if msg.role == "user":
        general_taken_over(merged, msg.idx, state.offers)  # "2 hours" said before the task, replaced under it
    settle_weekdays(merged, units.facts, msg)  # "Wednesday" read back as "Wednesday 16 December"
    if msg.role == "assistant":
        split_read_back(merged, units.facts, msg.idx)
        read_back_choice(merged, msg, units.facts)  # "好的，选择安心老人意外": the user's pick, whole
    merge_texts(merged, units, embedder, config)
    merge_actions(merged, units)
    for art in units.artifacts:
        if art not in merged.artifacts:
            merged.artifacts.append(art)
    for todo in units.todos:
        if not any(t.text == todo.text and not t.done for t in merged.todos):
            merged.todos.append(todo)
    for dec in units.decisions:
        merged.decisions.append(dec)
        if len(merged.decisions) > 1:
            last = len(merged.decisions) - 1
            merged.decision_edges.append(DecisionEdge(src=last - 1, dst=last))
    advance_task_state(merged, parsed, units)
    if msg.role == "user":
        apply_decay(merged, config)
    merged.version += 1
    return merged


def _merge_fact(
    state: ContextState,
    cand: FactCandidate,
    corrected: frozenset[str] = frozenset(),
    done: bool = False,
    asks: bool = False,
) -> None:
    """Fold one candidate into the facts (corrected: the domains the turn's corrections name; done:
    the turn reports an action that succeeded; asks: the turn asks a question or for a yes)."""
    cand = settled_candidate(state, cand, asks)
    if (name := read_back_name(state, cand)) is not None:
        # "就长乐吧" -> "选择长乐百万防癌医疗": the user's pick read back whole; the rest stays an offer
        if (rest := complete_name(state.facts[cand.key], name, cand)) is None:
            return
        cand = rest
    count = read_back_count(state, cand.key, cand.norm, cand.role, cand.source_idx)
    if count is not None:
        # "I need four" -> "4 tickets": the user's bare count is the read-back slot's value
        del state.facts[count.key]
        said = FactCandidate(
            key=cand.key,
            value=count.value,
            norm=count.norm,
            strength=count.strength,
            kind=count.kind,
            source_idx=count.last_idx,
            role="user",
            evidence=count.evidence,
        )
        _merge_fact(state, said.model_copy(update={"correction": True}))
    cur = state.facts.get(cand.key)
    if cur is None and (failed := failed_search_value(state, cand)) is not None:
        # "no cinemas in the west" -> "maybe a college": what the search is for now, whatever key
        # the parser gave the value it found nothing for
        del state.facts[failed.key]
        replace_fact(state, failed, cand, "nothing was found for it; the user named another")
        rekey_goals(state, failed.key, cand.key)
        return
    if cur is None and (early := said_before_domain(state, cand)) is not None:
        # a value said before its domain was known is the same attribute of that domain's search
        del state.facts[early.key]
        cur = state.facts[cand.key] = early.model_copy(update={"key": cand.key})
    if cur is None and (elsewhere := corrected_elsewhere(state, cand)) is not None:
        # a correction of a value the parser held in another domain's frame: that value changes
        del state.facts[elsewhere.key]
        cur = state.facts[cand.key] = elsewhere.model_copy(update={"key": cand.key})
    if cur is None and corrected_address_part(state, cand):
        return  # "It's Flat 5, same building": the flat of the held address changes
    if cur is None:
        revived = _take_from_archive(state, cand)
        state.facts[cand.key] = revived or new_fact(state, cand)
        _absorb(state, cand, same_count_before(state, cand))
        if cand.role == "user":
            state.offers.pop(cand.key, None)
        return
    if done and cand.role == "assistant" and cur.role == "user" and result_picks(state, cur, cand):
        return  # "14:30, if that fails 13:30" -> "13:30 went well, ref ...": the booking took one
    part = " | " not in cur.norm and is_item_of(cand.value, cur.value)
    if cand.role == "assistant" and cur.role == "user" and part:
        return  # "二等座, 靠过道" read back in part ("靠过道"): one part of what the user said, no new value
    # the user naming one of the options offered ("X or Y") picks it: a choice, no replaced value
    picks = cand.role == "user" and " | " in cur.norm  # "2" of "10:00, 14:00 | 09:00" by its norm, 14:00
    picks = picks and (one_of_listed(cur.value, cand.value) is not None or picks_by_norm(cur.norm, cand.norm))
    if not picks and widens_not_found(state, cur, cand):
        replace_fact(state, cur, cand, "nothing was found for it; the user widened the search")
        return
    later = afternoon_pick(cur.norm, cand.norm) if cand.role == "user" else None
    if later is not None:
        cand = cand.model_copy(update={"norm": later})  # "Thursday at 2" of "10:00, 14:00, 09:00"
    same = same_value(cur.norm, cand.norm) or same_surface(cur.value, cand.value) or later is not None
    same = same or (day_in_month(cur.norm, cand.norm) and not cand.correction)  # "31 march", "end of march"
    if picks or same or names_held_day(cur, cand):  # "大家周日起不来" of the Sunday held: that date
        picked = picked_item(cur, cand, picks)
        if picked is not None:
            # the user picked one of the values listed; what the same turn offered beside the list
            # (a price, a time) belonged to one option or another, so it is no offer to accept
            listed_at = cur.first_idx
            for key, offer in list(state.offers.items()):
                if offer.first_idx == listed_at:
                    state.offers.pop(key)
            exact = picked.lower() == cand.value.strip().lower()
            cur.value, cur.norm = picked, cand.norm if exact else picked.strip().lower()
        elif cand.role == "user" and picks_by_norm(cur.norm, cand.norm):
            # "10点" of the times read out "8:30, 10:00": the user's pick is the value, not the list
            cur.value, cur.norm = cand.value, cand.norm
        elif _reads_back_item(cur, cand):
            # the one of the options it listed that the assistant reports the user took: the value
            cur.value, cur.norm, cur.evidence = cand.value, cand.norm, cand.evidence or cur.evidence
        else:
            _keep_both_forms(cur, cand.value, cand.role == "user")
        stale = state.offers.get(cand.key)
        if cand.role in ("assistant", "user") and stale is not None and stale.first_idx < cand.source_idx:
            # the assistant reads the held value back after offering another for the slot ("USA"
            # from an address, then "confirm ... at Banana Bungalow"), or the user says the held value
            # again after another was read back ("3 nights, is that correct?" -> "for 1 night"): the
            # earlier offer no longer stands for the user's next yes
            state.offers.pop(cand.key)
        if cand.source_idx != cur.last_idx:
            cur.mentions += 1
            drop_restated_over_second(state, cur, cand.role, cand.source_idx, cur.last_idx)
        cur.last_idx, cur.last_turn, cur.weight, cur.status = cand.source_idx, state.user_turns, 1.0, "active"
        cur.pinned = cur.pinned or cand.pinned
        if STRENGTH_ORDER[cand.strength] < STRENGTH_ORDER[cur.strength]:
            cur.strength = cand.strength
        if cand.role == "user" and cur.role != "user":  # the user took up the assistant's value
            cur.role, cur.kind, cur.evidence = "user", cand.kind, cand.evidence or cur.evidence
        elif cur.role == "assistant" and cand.evidence is not None and cand.evidence.how in _READ_BACK:
            cur.evidence = cand.evidence  # read back for the user's yes, or reported as a result
        return
    if (taken := offered_elsewhere(state, cur, cand)) is not None:
        _merge_fact(state, cand.model_copy(update={"key": taken}))  # the offer the user's words take
        return
    if cur.verified_by_user and cand.role != "user":
        # an operator verified the value: only the user saying otherwise replaces it
        state.offers[cand.key] = new_fact(state, cand)
        return
    if other_task(state, cur, cand, corrected) or other_attribute(cur, cand) or other_owner(cur, cand):
        # said for another task than the held value (a request for something new came between, or
        # the held value was acted on), or a value of another kind or another person's: no
        # evidence it is the same attribute; both stand
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{OTHER_TASK_SUFFIX}"}))
        return
    if asks_another_role(state, cur, cand) or answers_added_item(state, cur, cand):
        # the answer to a question for another role of the attribute ("Which city will you apply in?")
        # or for a thing added beside the held one ("add a one-off gift as well?")
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{OTHER_TASK_SUFFIX}"}))
        return
    if describes_held(state, cur, cand):
        # the assistant's answer to the user's question about the thing in play describes it
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{OTHER_TASK_SUFFIX}"}))
        return
    user_held = cur.role == "user" or cur.verified_by_user
    beside = point_beside_bound(cur, cand) or bound_beside_point(cur, cand)
    if cand.role == "user" and ((user_held and beside) or budget_beside_price(cur, cand)):
        # the user names the found thing's value (the 15:17 train) beside the bound they searched by
        # (after 13:30), a bound beside a held time, or a budget beside the price the agent quoted
        # ("£12.50 a session", then "£30 a week tops"): another type of value; both stand
        suffix = AGREED_SUFFIX if cur.bound else OTHER_TASK_SUFFIX
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{suffix}"}))
        return
    if user_held and cand.asks and acted_on(state, cur):
        # "what about glasgow tuesday" after the Monday train was booked: a question about another
        # value, no cue that it replaces the one acted on; both stand
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{ASKED_SUFFIX}", "asks": False}))
        return
    if user_held and reports_reference(cur, cand):
        # a booking or case reference the agent reports is a value of its own, not a proposal for
        # the id the user gave (a passport or account number): both stand
        _merge_fact(state, cand.model_copy(update={"key": f"{cand.key}{OTHER_TASK_SUFFIX}"}))
        return
    options = " | " in cand.norm and " | " not in cur.norm
    # the assistant never replaces what the user said, even in a correction's words ("改为1月9日（周六）"
    # echoing the user's change): it offers, and the user's yes takes it
    offered = (not cand.correction or user_held) and not recomputes_total(state, cur, cand)
    if cand.role not in ("user", "system") and (user_held or options) and offered:
        # the assistant proposes: held as an offer until the user accepts or picks one
        state.offers[cand.key] = new_fact(state, still_proposed(state.offers.get(cand.key), cand))
        return
    if (beside := date_beside_key(state, cur, cand)) is not None:
        _merge_fact(state, cand.model_copy(update={"key": beside}))  # no cue: a date of its own
        return
    if (item := listed_item_corrected(cur, cand)) is not None:
        # "van 3 is XK-1108P", "the evening one at 7pm instead", "换成80克的": one of the list
        replace_item(state, cur, cand, item, _reason(cur, cand))
        return
    echoes = echoed_elsewhere(state, cand) + agreed_beside(state, cand) + same_count_before(state, cand)
    echoes = list({e.key: e for e in echoes}.values())  # one held value may be found twice
    if (day := kept_day(state, cur, cand)) is not None:
        state.facts[day.key] = day  # "下个礼拜六早上七点", then "五点半": the day still holds
    replace_fact(state, cur, cand, _reason(cur, cand))
    _absorb(state, cand, echoes)


def _absorb(state: ContextState, cand: FactCandidate, echoes: list[Fact]) -> None:
    """The values held under other keys that cand replaces too (the same value in another domain's
    frame, a count of the same measure said before the domain was known): into cand's history."""
    for echo in echoes:
        del state.facts[echo.key]
        state.facts[cand.key].history.append(
            FactVersion(
                value=echo.value,
                norm=echo.norm,
                idx=echo.last_idx,
                replaced_at=cand.source_idx,
                reason=_reason(echo, cand),
                evidence=echo.evidence,
            )
        )


def _keep_both_forms(fact: Fact, other: str, by_user: bool = True) -> None:
    """One value written two ways keeps both: the longer form when it contains the other ('Olive
    Garden' in 'Olive Garden Italian Restaurant'), else the other as an alias ('center' / 'centre',
    'NY' / 'New York', 'the 11th' / 'March 11th'). A list the assistant reads out that names the
    value among others ("Cambridge, Ely" for the user's "ely") is no longer form of it: the value
    stays, the list beside it as an alias (the user listing alternatives, "14:30, 13:30", still
    widens it)."""
    low, other_low = fact.value.lower(), other.lower()
    if low == other_low or other_low in low:
        return
    if low in other_low and (by_user or not is_item_of(fact.value, other)):
        fact.value = other
    else:
        fact.aliases = [other]


def _reason(cur: Fact, cand: FactCandidate) -> str:
    if cand.role in ("user", "system"):
        if " | " in cur.norm:
            return "user chose among the offered options"
        return "corrected by user" if cand.correction or cur.role == "user" else "user stated another value"
    if cand.correction:
        return "assistant corrected its answer"
    return f"new value from {cand.role}"


def _take_from_archive(state: ContextState, cand: FactCandidate) -> Fact | None:
    for i, old in enumerate(state.archive):
        if old.key == cand.key and same_value(old.norm, cand.norm):
            fact = state.archive.pop(i)
            fact.status, fact.weight, fact.mentions = "active", 1.0, fact.mentions + 1
            fact.last_idx, fact.last_turn = cand.source_idx, state.user_turns
            return fact
    return None


def _reads_back_item(cur: Fact, cand: FactCandidate) -> bool:
    """True when cand, an assistant's value reported with the option the user took (core.reported), is
    one item of the options its held value cur read out ("£295/mo, £420/mo"), or one of the prices it
    listed said again alone ("₦48,000, ₦62,000", then "The Crisp 5L, ₦62,000": core.listed_amounts)."""
    if cur.role != "assistant":
        return False
    if cand.vtype == "money":  # a total and its rate ("€1,040 at €1.04") are no options
        return cand.role == "assistant" and one_of_priced_alike(cur, cand)
    return cand.evidence is not None and cand.evidence.how == "reported" and is_item_of(cand.value, cur.value)
