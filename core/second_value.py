"""A user's second value for an attribute, held beside the first, that the user then takes.

The user says a value ("events in Denver"), then another for the same attribute ("also ...
in Boston"; "a bus that will leave from Fresno on the 14th"). When a request for
something new came between, merge cannot tell that the second value is the same attribute's, so
it keeps it beside the first as ``key_2`` (core.tasks). When the assistant then reads the second
value back and the user agrees (held as ``key_agreed``: "2 tickets for the show tomorrow in
Boston?" -> "Yes"), the user has taken the second value for the attribute: the first one is replaced, with
evidence (issue 12, item 2: the same entity and attribute, the user's own later value, and the
user's yes to it).

Only when the first value is the user's own (said, not an offer the user took), and the first
task was still open when the second value came: nothing of its domain was booked, ordered or done
between the two (a first value that was booked is another task's value: the first hotel stay,
then a second one), and the assistant did not close it with "anything else?" between them (the
film the user picked and did not book, then a film to stream: another task). Two counts of
different things ("two bathrooms", "3 bedrooms") are two attributes, whatever key they share.

Two more cases of the same kind: the user restating the held value in the later value's task
(drop_restated_over_second), and a booking the assistant made with another value after reporting
that nothing was available for the user's (take_after_failure).
"""

from __future__ import annotations

from core.attribute_evidence import count_unit
from core.listed import is_item_of
from core.models import ContextState, Fact, FactVersion
from core.values import same_surface, same_value

_AGREED = "_agreed"
_SECOND = "_2"
# how the user's own value was stated (not an assistant's offer the user took)
_SAID = frozenset({"said", "corrected"})


def _same(a: Fact, b: Fact) -> bool:
    return same_value(a.norm, b.norm) or same_surface(a.value, b.value)


def _acted_between(state: ContextState, domain: str, start: int, end: int) -> bool:
    """True when an action of domain finished at a turn in [start, end)."""
    return any(
        a.status == "done" and start <= a.idx < end and domain in a.tool.lower() for a in state.actions
    )


def _unit(fact: Fact) -> str:
    """The counted thing of a quantity ("3 bedrooms" -> "bedroom"); "" for other values."""
    words = fact.value.lower().split()
    if fact.vtype != "quantity":
        return ""
    if len(words) < 2:
        return count_unit(fact.norm)  # "4盒" (4 盒): a measure word written without a space
    last = words[-1]
    return last[:-1] if len(last) > 3 and last.endswith("s") else last


def _takes_second(state: ContextState, held: Fact, second: Fact, agreed: Fact) -> bool:
    """True when the user's yes to agreed takes second's value for held's attribute (module doc)."""
    said = held.evidence is not None and held.evidence.role == "user" and held.evidence.how in _SAID
    users = said and second.role == "user" and second.evidence is not None
    if not users or second.evidence.role != "user" or held.status != "active" or second.history:
        return False
    if _unit(held) and _unit(second) and _unit(held) != _unit(second):
        return False
    if held.last_idx < state.asked_more_idx < second.first_idx:
        return False  # the first task was closed ("anything else?") before the second value
    if held.last_idx == second.first_idx - 1 and any(is_item_of(second.value, a) for a in held.aliases):
        # the turn the second value answers listed it beside the held one ("如果下周一测量…赶得上1月2日"
        # -> "下周一可以"): the two were set side by side as two things, not one replacing the other
        return False
    ordered = held.last_idx < second.first_idx < agreed.first_idx
    if not ordered or not _same(second, agreed) or _same(held, agreed) or _same(held, second):
        return False
    domain = held.key.split(".", 1)[0]
    return not _acted_between(state, domain, held.first_idx, second.first_idx)


def take_second_values(state: ContextState, idx: int) -> None:
    """Replace a held value by the user's second value for its attribute when the user agreed at
    turn idx to the assistant's read-back of that second value (see the module docstring). The
    second value takes the held key, the held value goes to its history, the read-back's form stays
    beside it as an alias, and the ``key_2`` and ``key_agreed`` facts are dropped. State is changed
    in place."""
    for key in [k for k in state.facts if k.endswith(_AGREED)]:
        base = key[: -len(_AGREED)]
        agreed, held, second = state.facts[key], state.facts.get(base), state.facts.get(base + _SECOND)
        if held is None or second is None or agreed.last_idx != idx:
            continue
        if not _takes_second(state, held, second, agreed):
            continue
        version = _version_of(held, idx, "the user agreed to the read-back of their later value")
        held.history = [*held.history, version]
        held.value, held.norm, held.evidence = second.value, second.norm, second.evidence
        held.vtype = second.vtype or held.vtype
        held.first_idx, held.last_idx = second.first_idx, max(second.last_idx, agreed.last_idx)
        forms = [a for a in [*second.aliases, agreed.value] if a.lower() not in held.value.lower()]
        held.aliases = list(dict.fromkeys(forms))
        del state.facts[key], state.facts[base + _SECOND]


def drop_restated_over_second(
    state: ContextState, cur: Fact, cand_role: str, idx: int, prev_last: int
) -> None:
    """The user restates, at turn idx, the held value cur of an attribute that also holds a later
    value of theirs beside it (``key_2``), in the task that later value was said for (no request for
    something new since it): the user went back to the held value for the
    task in play ("4 nights" said for a new search, then "try for just 2 nights then?"), so the later
    value is replaced. It moves to cur's history and its ``key_2`` fact is dropped. prev_last: the
    turn cur was last stated before idx. State is changed in place."""
    second = state.facts.get(cur.key + _SECOND)
    if cand_role != "user" or second is None or second.role != "user" or second.history:
        return
    ev = second.evidence
    if ev is None or ev.role != "user" or ev.how not in _SAID or not prev_last < second.first_idx:
        return
    if second.last_idx >= idx or state.task_idx > second.first_idx:
        return  # said in this turn, or a request for something new came after it
    if _unit(cur) and _unit(second) and _unit(cur) != _unit(second):
        return
    version = _version_of(second, idx, "the user restated the held value for the task in play")
    cur.history = [*cur.history, version]
    del state.facts[second.key]


def _booked_with(state: ContextState, domain: str, start: int, end: int) -> bool:
    """True when an action of domain finished at a turn in [start, end]."""
    return _acted_between(state, domain, start, end + 1)


def take_after_failure(state: ContextState, idx: int) -> None:
    """Replace the user's value of an attribute by the assistant's value for it that the user
    agreed to at turn idx (``key_agreed``), when the assistant reported that nothing could be found
    or booked for the user's value ("there are no vacancies for your requested time ... a shorter
    stay?") and then booked with its own value ("I have booked your reservation for one night"):
    the booking that succeeded is the evidence that the attribute now has that value. Only a value
    of the same kind (two counts of the same thing, two dates), the user's own, last said before
    the failure report. State is changed in place."""
    failed = state.none_found_idx
    if failed < 0:
        return
    for key in [k for k in state.facts if k.endswith(_AGREED)]:
        base = key[: -len(_AGREED)]
        agreed, held = state.facts[key], state.facts.get(base)
        if held is None or agreed.last_idx != idx or base + _SECOND in state.facts:
            continue
        ev = held.evidence
        if ev is None or ev.role != "user" or ev.how not in _SAID or held.status != "active":
            continue
        if not held.last_idx < failed < agreed.first_idx or _same(held, agreed):
            continue
        if held.vtype != agreed.vtype or _unit(held) != _unit(agreed):
            continue
        if not _booked_with(state, base.split(".", 1)[0], agreed.first_idx, idx):
            continue
        reason = "nothing was booked for it; the booking made with another value was accepted"
        version = _version_of(held, agreed.first_idx, reason)
        state.facts[base] = agreed.model_copy(update={"key": base, "history": [*held.history, version]})
        del state.facts[key]


def _version_of(fact: Fact, replaced_at: int, reason: str) -> FactVersion:
    """fact's current value as a history entry, replaced at turn replaced_at for reason."""
    return FactVersion(
        value=fact.value,
        norm=fact.norm,
        idx=fact.last_idx,
        replaced_at=replaced_at,
        reason=reason,
        evidence=fact.evidence,
    )
