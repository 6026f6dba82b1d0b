"""The key a fact candidate belongs under, settled before merge folds it in (core.merge).

The extract stage keys a value by its domain and slot as the turn alone shows them. The state can
say more: the correction is of the task in play, a name of another shape is another attribute, an
amount is the bill said again, the assistant says back the user's second value of a slot or a day
the user gave an owner (a departure), a bare
number corrects the amount in play. Each rule moves the candidate to the key it belongs under; the
merge then decides whether it replaces, confirms or stands beside what is held there.
"""

from __future__ import annotations

from core.attribute_evidence import name_slot_key
from core.models import ContextState, FactCandidate
from core.number_in_play import amount_in_play, as_amount
from core.sibling_readback import owned_read_back_key, sibling_read_back_key
from core.tasks import corrected_in_play, corrected_key, corrects_last_answer
from core.value_roles import held_amount_key


def settled_candidate(state: ContextState, cand: FactCandidate, asks: bool = False) -> FactCandidate:
    """cand under the key it belongs to in state (asks: its turn asks a question or for a yes, so a
    value it says back is read back for the user's yes, not filed under the user's second value)."""
    if (key := corrected_key(state, cand)) != cand.key:
        cand = cand.model_copy(update={"key": key})
    if (key := name_slot_key(state, cand)) != cand.key:
        # a day, a count and a name the parser could not type are not one attribute: both stand
        cand = cand.model_copy(update={"key": key})
    if (key := held_amount_key(state, cand)) != cand.key:
        # "and the £312 won't be taken?" after "my bill is £312": the bill mentioned again
        cand = cand.model_copy(update={"key": key})
    if not asks and (key := sibling_read_back_key(state, cand)) != cand.key:
        cand = cand.model_copy(update={"key": key})  # the user's second value of the slot said back
    if (key := owned_read_back_key(state, cand)) != cand.key:
        cand = cand.model_copy(update={"key": key})  # "flying on 19 December": the user's departure said back
    if (last := corrects_last_answer(state, cand)) is not None:
        cand = cand.model_copy(update={"key": last})
    if (in_play := corrected_in_play(state, cand)) is not None:
        # a correction read under a frame the talk has not been in: the task in play's value changes
        cand = cand.model_copy(update={"key": in_play})
    if (amount := amount_in_play(state, cand)) is not None:
        # "oh wait it's 975" after "950 euros": the bare number is the amount, with its unit
        cand = as_amount(amount, cand)
    return cand
