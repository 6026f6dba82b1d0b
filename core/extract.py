"""Extract stage: the atoms of one message -> cognitive units (facts, constraints, actions, goals, ...).

Facts are keyed ``domain.slot``: the domain named in (or carried into) the clause, and the slot
hint the analyzer found from cue words, else a default per entity type. The state before the
message is read (never written) to recognise repeated actions, accepted offers and choices.
"""

from __future__ import annotations

import re
from datetime import datetime

from core.alternatives import picked_alternative
from core.answers import answer_entities, named_attribute_entities
from core.bare_corrections import bare_number_correction
from core.echoed_amounts import drop_echoed_amounts
from core.extract_cleanup import (
    drop_kind_references,
    drop_replaced_values,
    join_same_key,
    name_known_entities,
    split_thing_at_venue,
)
from core.goals import GOAL_KINDS, condense_goal, is_goal
from core.interjections import drop_interjections
from core.lang.cues import any_language
from core.lang.time_ranges import is_time_span
from core.model_kinds import FactKind
from core.models import (
    ActionUnit,
    Atom,
    ContextState,
    Decision,
    Entity,
    Evidence,
    FactCandidate,
    Goal,
    ParsedMessage,
    Todo,
    Units,
)
from core.own_venue import after_pleasantries, own_venue_entities
from core.parse import analyzer_for, strength_of
from core.reported import mark_reported, reports_result
from core.slot_keys import BOUNDABLE_TYPES, REQUIRED_SLOTS, facility_fact, fact_key, has_digits, is_value
from core.tool_records import ToolIndex, promoted_facts, tool_turn
from core.value_roles import corrected_from, owner_of, owners_from_clause_before
from core.values import bound_norm, lead_words


def extract(parsed: ParsedMessage, state: ContextState, tool_index: ToolIndex | None = None) -> Units:
    """Cognitive units of one parsed message, given the state before it (read only).

    tool_index: the values of earlier tool results by their text (see core.tool_records); a user or
    assistant turn that names one promotes it to a pinned fact of its call."""
    units = Units()
    role = parsed.message.role
    idx = parsed.message.idx
    if parsed.message.tool_call is not None or parsed.message.tool_result is not None:
        tool_turn(parsed.message, state, units)
    if role in ("user", "assistant") and tool_index:
        hits = tool_index.referenced(parsed.message.text)
        units.facts += promoted_facts(hits + tool_index.picked_elements(hits), idx, role)
    text = parsed.message.text
    cursor = 0
    failed = False  # the assistant reported that the action failed: what it names next is offered instead
    # the assistant reads values back for the user's yes ("Please confirm ENT visit at 2380 Sutter
    # Street on march 1st"): what the turn names is confirmed, not merely mentioned
    confirms = role == "assistant" and any(a.kind == "confirmation" for a in parsed.atoms)
    # "No, I want to stay at X" right after the assistant read values back for the user's yes: the
    # user's values correct what was read back (evidence "corrected", as after a correction cue)
    rejects = role == "user" and any_language().bare_no(text.strip()) and _read_back(state, idx - 1)
    confirms = confirms or rejects
    answering = role == "user" and state.asked_slot and state.turn == state.asked_slot_idx
    for i, atom in enumerate(parsed.atoms):
        atom = named_attribute_entities(answer_entities(atom, state.asked_slot) if answering else atom, state)
        atom = own_venue_entities(atom, state, after_pleasantries(parsed.atoms, i))  # "Hello! X can ..."
        offset = text.find(atom.text, cursor)
        offset = offset if offset >= 0 else text.find(atom.text)
        cursor = offset + len(atom.text) if offset >= 0 else cursor
        atom = drop_interjections(atom, state, not text[: max(offset, 0)].strip())  # "Eish, R11,999."
        atom = drop_echoed_amounts(atom, state)  # "$1,049, are yinz nuts? No."
        if atom.kind in ("greeting", "filler") and (not atom.entities or role == "assistant"):
            continue  # pleasantries; an assistant's "thank you for contacting <service>" names no value
        if role == "user" and any_language().closes(atom.text):
            continue  # "that is all I need for today": the conversation's today, not the task's date
        _facts_of(atom, role, idx, units, text, offset, parsed.message.ts, failed, confirms)
        # a statement that the user's value cannot be had ("only one space left, but ...") offers the
        # clock time named after it in place of the user's, as a failed action does
        failed = failed or (
            role == "assistant"
            and (
                (atom.action is not None and atom.action.status == "failed")
                or (atom.kind != "question" and analyzer_for(atom.lang).proposes_alternative(atom.text))
            )
        )
        if role in ("user", "system") and (atom.negation is not None or atom.pinned):
            units.constraints.append(atom)
        if role == "user" and atom.kind in GOAL_KINDS and is_goal(atom, state, units):
            goal = condense_goal(atom.text, atom.entities)
            values = {fact_key(e, atom.domain): e.text for e in atom.entities if e.text and e.text in goal}
            units.goals.append(Goal(text=goal, idx=idx, domain=atom.domain, values=values))
        if atom.action is not None and (atom.kind not in ("action", "result") or _reports_done(atom, state)):
            _action_of(atom, parsed, state, units)
        if role == "assistant" and any_language().self_doubt(atom.text):
            units.events.append("self_doubt")
    if role == "user":
        owners_from_clause_before(units.facts, parsed.atoms)  # "Me, Walt Hendricks. 616-555-0193."
    reported = role == "assistant" and not confirms and reports_result(parsed, state, units.facts)
    drop_kind_references(units, state, text)
    if role == "user":
        picked_alternative(units, state, parsed)
    if role in ("user", "assistant"):
        name_known_entities(units, state, role)
    if role in ("user", "system", "assistant"):
        negated = [n.target.lower() for a in parsed.atoms for n in analyzer_for(a.lang).negations(a.text)]
        drop_replaced_values(units, state, negated)
    units.facts += bare_number_correction(parsed, state)  # "hmm make it 20000" after "30000"
    split_thing_at_venue(units, text)
    join_same_key(units)
    if reported:  # a result or the read-back of a pick: its values rank with the chosen ones
        mark_reported(units.facts, idx)
    if role == "user":
        _decisions_of(units, state, idx)
    return units


_CLOCK = re.compile(r"\d\d:\d\d")


def _facts_of(
    atom: Atom,
    role: str,
    idx: int,
    units: Units,
    text: str = "",
    offset: int = -1,
    ts: datetime | None = None,
    after_failure: bool = False,
    confirms: bool = False,
) -> None:
    """The facts of one clause, each with the span of the turn it came from (offset: where the
    clause starts in the turn's text, -1 when it is not there verbatim) and the turn's time ts.

    after_failure: an earlier clause of the assistant's turn reported that the action failed ("I
    could not book that time."), so a clock time this one names is offered in place of the user's
    ("There is a bus at 9:50 am.", "Try March 1st at 3:30 pm?"); a date it names may be the user's
    own day said another way ("March 8th" for "Friday next week"), so only a cue makes it an offer.
    confirms: the assistant's turn asks the user to confirm what it reads back (evidence "confirmed");
    the user's turn says no to such a read-back (evidence "corrected")."""
    neg = atom.negation
    proposes = role == "assistant" and analyzer_for(atom.lang).proposes_alternative(atom.text)
    # every negation of the clause, not only its first: "不租给养宠物的，也不要群租" forbids both
    negations = [neg, *analyzer_for(atom.lang).negations(atom.text)] if neg is not None else []
    neg_spans = [_span_of(n.text, atom.text) for n in negations]
    kind: FactKind = "tool_data" if role == "tool" else "other"
    if role in ("user", "system"):
        kind = "preference" if any_language().soft_preference(atom.text) else "instruction"
    last_end: dict[str, int] = {}
    # a cue in one part of the clause corrects what that part names, not an earlier part's values
    governed = corrected_from(atom, analyzer_for(atom.lang).is_correction) if atom.kind == "correction" else 0
    for i, ent in enumerate(atom.entities):
        if _annotates(atom.entities[i - 1] if i else None, ent, atom):
            continue
        if not is_value(ent, atom.domain, role) or _definite_reference(ent, atom):
            continue
        negated = ent.start >= 0 and any(a <= ent.start < b for a, b in neg_spans)
        # a bound the negative words say ("No more than $550" -> "<=550 USD"): the value is wanted
        negated = negated and not (ent.value or "").startswith(("<=", ">="))
        if ent.type in ("date", "time", "datetime") and ent.start >= 0 and role == "user":
            negated = negated or analyzer_for(atom.lang).declined_value(atom.text, ent.start, ent.end)
        before = _before_name(atom, i)
        key, value = fact_key(ent, atom.domain, before), ent.text.strip()
        norm = (ent.value or ent.text).strip().lower()
        aliases = []
        number = re.search(r"\d+(?:\.\d+)?", ent.value or "")
        if ent.type in ("quantity", "number") and atom.lang == "en" and number and not has_digits(value):
            aliases = [number.group(0)]  # "four people" (aka 4): the number as a machine reads it
        if ent.slot == "facility":
            key, value = facility_fact(ent, atom.domain, negated, atom.lang)
            norm = value.lower()
        elif negated:
            continue  # kept whole as a constraint instead of a positive fact
        cand = FactCandidate(
            key=key,
            value=value,
            norm=norm,
            strength=strength_of([ent], False, atom.pinned),
            kind=kind,
            source_idx=idx,
            role=atom.role,
            pinned=atom.pinned,
            correction=atom.kind == "correction" and ent.start >= governed,
            aliases=aliases,
            vtype=ent.type,
            evidence=_evidence(ent, atom, idx, text, offset, confirms, ent.start < governed).model_copy(
                update={"ts": ts, "owner": owner_of(atom, i)}
            ),
            proposes=proposes or (role == "assistant" and after_failure and bool(_CLOCK.fullmatch(norm))),
            bound=atom.role in ("user", "system") and _bound(ent, atom.text),
            asks=role == "user" and _asks(atom),
        )
        if key in last_end and ent.start >= 0:
            between = atom.text[last_end[key] : ent.start]
            cand.alternative = any_language().or_connective(between)
        last_end[key] = ent.end
        if kind == "preference":
            units.preference_changes.append(cand)
        units.facts.append(cand)


def _span_of(part: str, text: str) -> tuple[int, int]:
    """Where part stands in text (the whole text when it is not there verbatim)."""
    at = text.find(part)
    return (at, at + len(part)) if at >= 0 else (0, len(text))


def _before_name(atom: Atom, i: int) -> str | None:
    """The clause's text before entity i (None when it is not there verbatim). A name listed right
    after another name, joined only by punctuation ("at Stern Auditorium / Perelman Stage"), reads
    the words before the first: the place cue of the list places every name of it."""
    ent = atom.entities[i]
    if ent.start < 0:
        return None
    j = i
    while j > 0:
        prev, gap = atom.entities[j - 1], atom.text[atom.entities[j - 1].end : atom.entities[j].start]
        if prev.type != "name" or prev.start < 0 or not _JOINER.fullmatch(gap):
            break
        j -= 1
    return atom.text[: atom.entities[j].start]


_JOINER = re.compile(r"\s*[/,&]\s*")


def _annotates(prev: Entity | None, ent: Entity, atom: Atom) -> bool:
    """True for a date in brackets right after another date: the weekday of the date before it
    ("1月9日（周六）", "Jan 9 (Saturday)"), the same day said twice, not a second value."""
    if prev is None or prev.type != "date" or ent.type != "date" or prev.end < 0 or ent.start < 0:
        return False
    between = atom.text[prev.end : ent.start].strip()
    return between in ("(", "（") and atom.text[ent.end : ent.end + 1] in (")", "）")


def _asks(atom: Atom) -> bool:
    """True for a user clause that asks about a value rather than states it: a question ("what's
    singapore like on the 21st?") or "what about X", never a correction ("how about 7 instead")."""
    if atom.kind == "correction":
        return False
    return atom.kind == "question" or any_language().asks_about_other(atom.text)


def _bound(ent: Entity, clause: str) -> bool:
    """True when an amount, rating, count, duration or time is said as a bound or range of a search
    ("after 13:30", "arrive by 8:15", "700-800元", "4分以上"): a criterion the user set, of another
    type than the value of the thing found for it (the train's 15:17, the hotel's 775元). Asked for
    the user's clauses only: what the assistant says ("arriving by 07:27") is a found value."""
    if ent.type not in BOUNDABLE_TYPES:
        return False
    if bound_norm((ent.value or ent.text).strip().lower()):
        return True
    if ent.type == "time" and is_time_span(ent.text):
        return True  # "party 2 til 4": a window, not the hour the room opens ("from 12")
    if ent.start < 0:
        return False
    before = clause[max(0, ent.start - 24) : ent.start] + lead_words(ent.text)  # "after 13:30": said with it
    if any(any_language().bounds("", ent.text[-n:]) for n in (1, 2, 3) if len(ent.text) > n):
        return True  # "2点以后": the bound said inside the value's own words
    return any_language().bounds(before, clause[ent.end : ent.end + 16])


def _definite_reference(ent: Entity, atom: Atom) -> bool:
    """True for a domain word the clause uses to point at the entity already in play ("from the
    hotel to the restaurant"): a reference, not a new value of the type slot."""
    if ent.type != "term" or ent.start < 0 or atom.domain is None:
        return False
    word = ent.text.lower().rstrip("s")
    if word not in (atom.domain, *atom.domain.split("_")):
        return False
    return any_language().ends_with_determiner(atom.text[max(0, ent.start - 12) : ent.start])


def _read_back(state: ContextState, idx: int) -> bool:
    """True when the assistant's turn idx read values back: it named a value the user holds again
    ("I have 2 rooms at the Chicago Lake Shore Hotel"), or asked the user to confirm its own."""
    if any(f.role == "user" and f.last_idx == idx and f.first_idx < idx for f in state.facts.values()):
        return True
    said = [f.evidence for f in [*state.facts.values(), *state.offers.values()]]
    return any(ev is not None and ev.how == "confirmed" and ev.idx == idx for ev in said)


def _evidence(
    ent: Entity,
    atom: Atom,
    idx: int,
    text: str,
    offset: int,
    confirms: bool = False,
    ungoverned: bool = False,
) -> Evidence:
    """Where the entity's value sits in its turn: the span from the clause offset and the entity's
    place in the clause, checked against the text (else the first occurrence of its surface).
    confirms: an assistant's turn that reads its values back for the user's yes; a user's turn that
    opens with a bare no to such a read-back (its values are said as corrections); ungoverned: the
    value stands in a part of a correction clause before the cue's (core.value_roles), merely said."""
    said = "corrected" if (atom.kind == "correction" and not ungoverned) or confirms else "said"
    offered = "confirmed" if confirms else "offered"
    how = {"assistant": offered, "tool": "returned"}.get(atom.role, said)
    start = offset + ent.start if offset >= 0 and ent.start >= 0 else -1
    if start < 0 or text[start : start + len(ent.text)] != ent.text:
        start = text.find(ent.text)
    end = start + len(ent.text) if start >= 0 else -1
    found = ent.text if start >= 0 else ""
    return Evidence(idx=idx, role=atom.role, how=how, start=start, end=end, text=found, clause=atom.text)


def _reports_done(atom: Atom, state: ContextState) -> bool:
    """True for an assistant's own words that an action is done ("Booked: table for 4, reference
    ZZ-772", "Submitted."), unless they only narrate a tool call's result the state already holds
    (a structured action with the same ref, or one that finished in the last two turns)."""
    marker = atom.action
    if atom.role != "assistant" or marker is None or marker.status != "done" or marker.call_id or marker.tool:
        return False
    for act in state.actions:
        if act.call_id and act.status == "done" and (act.ref == marker.ref or act.idx >= atom.msg_idx - 2):
            return False
    return True


def _action_of(atom: Atom, parsed: ParsedMessage, state: ContextState, units: Units) -> None:
    marker = atom.action
    assert marker is not None
    ts = parsed.message.ts
    idx = parsed.message.idx
    refs = [e.text for e in atom.entities if e.type == "id"]
    if marker.ref:
        refs.insert(0, marker.ref)
    units.artifacts += [r for r in refs if r not in units.artifacts]
    if marker.status == "offered":
        domain = atom.domain or "general"
        units.todos.append(Todo(text=f"{marker.verb} {domain}".strip(), idx=idx, requires=_required(domain)))
    elif marker.status in ("done", "failed", "pending"):
        tool = (
            f"{marker.verb} {atom.domain}" if atom.domain and atom.domain not in marker.verb else marker.verb
        )
        args = {f.key.split(".", 1)[1]: f.value for f in units.facts if f.source_idx == idx}
        units.actions.append(
            ActionUnit(
                tool=tool,
                args=args,
                idx=idx,
                ts=ts,
                status=marker.status,
                result_summary=atom.text[:160],
                result_type="text",
                ref=refs[0] if refs else None,
            )
        )
    if marker.status == "failed":
        units.events.append("tool_failure")
    elif marker.status == "done" and atom.kind != "action":
        units.events.append("milestone")


def _required(domain: str) -> list[str]:
    return [f"{domain}.{slot}" for slot in REQUIRED_SLOTS.get(domain, ())]


def _decisions_of(units: Units, state: ContextState, idx: int) -> None:
    """A user value that picks one of several options the assistant offered is a decision."""
    for cand in units.facts:
        offered = state.facts.get(cand.key) or state.offers.get(cand.key)
        if offered is None or " | " not in offered.norm:
            continue
        options = offered.value.split(", ")
        chosen = next((o for o in options if o.lower() == cand.value.lower()), None)
        if chosen:
            units.decisions.append(
                Decision(
                    text=f"{cand.key}: chose {chosen}",
                    idx=idx,
                    chosen=chosen,
                    alternatives=[o for o in options if o != chosen],
                )
            )
