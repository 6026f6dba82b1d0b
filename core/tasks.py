"""Tasks in one conversation: which user turn asks for something new, and when a value belongs to
another task than the value its key holds (issue 12, item 2: a value replaces another only with
evidence that it is the same attribute; values of two tasks coexist).

A second intent often lands on the key of the first one (the weather's date, then the flight's; the
event's day, then the rental car's), because the parser carries the domain when a request names
none it knows. Merge keeps such a value beside the held one, under ``key_2``.
"""

from __future__ import annotations

from core.attribute_evidence import other_shape
from core.correction_topics import speaks_of_first
from core.lang.base import SERIES_SLOT_PREFIX, same_service
from core.lang.cues import any_language
from core.lang.registry import analyzer_for
from core.listed import one_of_listed
from core.models import Atom, ContextState, Evidence, Fact, FactCandidate, ParsedMessage
from core.slot_keys import fact_key
from core.values import same_value

# the key of a value said for another task than the value the key holds (a second intent's date
# beside the first one's: the weather's March 12th, the flight's 9th)
OTHER_TASK_SUFFIX = "_2"


def opens_task(state: ContextState, parsed: ParsedMessage) -> int:
    """Where the user's turn asks for something new to be found or booked (the offset of that
    clause in the turn's text), -1 when it does not: a task beside the one in play ("I also need a
    house", "add it to my calendar"), a request naming another domain than the one in play ("find
    me some soccer games" after films), or a request whose values are all for keys not held yet
    ("could you find me a car to go there?"). A request naming the service in play by another word
    ("can you find me a Pool ride?" while a cab is being booked) names no other domain. A request
    restating held keys ("will you find an ENT specialist in SF?" after "a general practitioner in
    Napa") re-searches the task in play, and so does a request naming the domain of a search still
    open (refines_search)."""
    cues = any_language()
    text = parsed.message.text
    for atom in parsed.atoms:
        if atom.negation is not None or not cues.opens_task(atom.text):
            continue
        analyzer = analyzer_for(atom.lang)
        named = analyzer.domain(atom.text, None)
        if cues.adds_task(atom.text):
            return max(0, text.find(atom.text))
        if answers_asked(state, parsed.message.idx, atom):
            continue  # "Please look for two tickets." after "How many tickets?": the value asked for
        # the request names the domain in play (among others it only points at: "a guesthouse in
        # the same area as the restaurant") and that domain's search is still open
        in_play = atom.domain is not None and analyzer.domain(atom.text, atom.domain) == atom.domain
        if in_play and refines_search(state, atom.domain):
            continue
        held = any(fact_key(e, atom.domain) in state.facts for e in atom.entities)
        # a request naming the service in play another way ("a Pool ride" while a cab is booked) is
        # no other domain
        other = named is not None and named != atom.domain and not same_service(named, atom.domain)
        if other or not held:
            return max(0, text.find(atom.text))
    return -1


def answers_asked(state: ContextState, idx: int, atom: Atom) -> bool:
    """True when the clause at turn idx only gives the value the assistant's turn just before asked
    for ("How many tickets would you like?" -> "Please look for two tickets."): every value it names
    is of the asked slot, so its request words ask for the task in play, not a new one."""
    if not state.asked_slot or state.asked_slot_idx != idx - 1 or not atom.entities:
        return False
    return all(fact_key(e, atom.domain).split(".", 1)[-1] == state.asked_slot for e in atom.entities)


def refines_search(state: ContextState, domain: str) -> bool:
    """True when a request naming domain itself, with no cue of a task beside the one in play
    ("also", "as well"), narrows a search of that domain still open: the user said values of that
    domain and nothing of it was acted on (booked, ordered) since ("I am looking for an Indian
    restaurant" after "an expensive restaurant in the centre"; "I am looking for a guesthouse in
    the same area" after "an expensive hotel" found nothing yet), while the assistant waits on the
    user about it (its last turn asked a question: "what type of cuisine?", "would you like a
    recommendation?"). A second booking of the same domain comes after the first one was acted
    on, after the search was closed ("anything else?"), or with such a cue."""
    prefix = f"{domain}."
    said = [
        f for k, f in state.facts.items()
        if k.startswith(prefix) and f.role == "user" and f.status == "active"
    ]
    # the assistant's last turn asked nothing ("anything else?", a plain answer, a booking done):
    # the search is closed, and a request after it starts over
    if not said or state.asked_idx < 0 or state.asked_idx != state.turn:
        return False
    first = min(f.first_idx for f in said)
    return not any(
        a.status == "done" and a.idx >= first and domain in a.tool.lower() for a in state.actions
    )


def corrected_domains(parsed: ParsedMessage) -> frozenset[str]:
    """The domains the turn's corrections name themselves ("make the restaurant booking for 1 pm
    instead"): a correction of a value of that domain, whatever task came between."""
    return frozenset(
        d
        for a in parsed.atoms
        if a.kind == "correction" and (d := analyzer_for(a.lang).domain(a.text, None)) is not None
    )


def other_task(
    state: ContextState, cur: Fact, cand: FactCandidate, corrected: frozenset[str] = frozenset()
) -> bool:
    """True when cand is said for another task than cur's value, with no evidence it restates cur's
    attribute: the user asked for something new to be found or booked after cur was said, or cur's
    value was acted on (booked) and cand is no correction. corrected: the domains the turn's
    corrections name (corrected_domains); a correction naming cur's domain is evidence. A second
    intent's date beside the first one's (the weather's, then the flight's), a rental car's day
    after the event's."""
    if cur.verified_by_user:
        return False  # an operator's verified value gives way to the user saying otherwise, as ever
    if cand.key.endswith(OTHER_TASK_SUFFIX):
        # the second task's value, said in the turn that asks for a third, before the request ("Gloria
        # Bell sounds excellent. Now could you check for an online movie?"): the third's value stands apart
        new_task = _before_request(state, cur) and state.task_idx < cand.source_idx
        return cand.role == "user" and not cand.correction and new_task
    if cand.role not in ("user", "system"):
        # the assistant names another value after its own was acted on ("I have booked warkworth
        # house", then "How about curry prince?" for the meal): a result is no option it replaces
        later = cand.source_idx > cur.last_idx and cur.role == "assistant"
        return later and not (cand.correction or cand.proposes) and acted_on(state, cur)
    if cand.source_idx <= cur.first_idx or (cand.correction and cand.key.split(".", 1)[0] in corrected):
        return False
    if cur.first_idx < state.task_idx < cand.source_idx:
        return True
    if cur.first_idx < state.task_idx == cand.source_idx:
        # the turn that asks for the new task: a correction or question about another value said
        # before that request is the task in play's ("13:15 instead? I also need a hotel")
        return not (_before_request(state, cand) and (cand.correction or cand.asks))
    # (a question about another value beside one acted on stands beside it as key_asked instead)
    return not (cand.correction or cand.asks) and acted_on(state, cur)


def _before_request(state: ContextState, said: Fact | FactCandidate) -> bool:
    """True when a value was said in the turn that asks for the new task, before the request starts."""
    ev = said.evidence
    return ev is not None and ev.idx == state.task_idx and 0 <= ev.start < state.task_at


def corrected_key(state: ContextState, cand: FactCandidate) -> str:
    """The key a user's correction changes: when the attribute is held twice (a value acted on,
    and a later one said for another task beside it, under ``key_2``), the later one, the value
    in play ("I have booked yippee noodle bar" ... "How about the University Arms Hotel?" ->
    "Actually, book the Alexander Bed and Breakfast instead"); else the candidate's own key."""
    if cand.role not in ("user", "system") or not cand.correction or cand.key.endswith(OTHER_TASK_SUFFIX):
        return cand.key
    cur, later = state.facts.get(cand.key), state.facts.get(f"{cand.key}{OTHER_TASK_SUFFIX}")
    if cur is None and (named := _named_date(state, cand.key)) is not None:
        return named  # "sorry, I mean December 15" after "the exam is on December 14": the exam's date
    if cur is None or later is None or later.last_idx <= cur.last_idx or same_value(cur.norm, cand.norm):
        return cand.key
    if other_shape(later, cand):
        return cand.key  # the later value is a day or a count kept apart from the names
    if speaks_of_first(cur, later, cand):
        return cand.key  # "育儿嫂1月29号就要来" speaks of "育儿嫂从2月初上户", not of the interview day
    return later.key


_NOT_NAMED = ("end_", "past_", "birth_")  # dates keyed by what they end or when they were, not by an event


def _named_date(state: ContextState, key: str) -> str | None:
    """The key of the one date of the domain named by its event ("exam_date": core.lang.en_slot_hints)
    that a correction keyed by its type only (``domain.date``) changes; None when there is not exactly
    one such date."""
    domain, _, slot = key.partition(".")
    if slot not in ("date", "time"):
        return None
    named = [
        f.key
        for f in state.facts.values()
        if f.key.startswith(f"{domain}.") and f.key.endswith(f"_{slot}") and f.role == "user"
        and not f.key.split(".", 1)[1].startswith(_NOT_NAMED)
    ]
    return named[0] if len(named) == 1 else None


def acted_on(state: ContextState, fact: Fact) -> bool:
    """True when an action of the fact's domain finished (a booking, an order, a tool call that
    succeeded: "book train", "book_flight") after the fact was last stated (or with it: "Booked: the
    09:00 on Monday"): the value was acted on, and only a correction changes it."""
    domain = fact.key.split(".", 1)[0]
    done = (a for a in state.actions if a.status == "done" and a.idx >= fact.last_idx)
    return any(domain in a.tool.lower() for a in done)


def answer_to_end(
    state: ContextState, parsed: ParsedMessage, cands: list[FactCandidate]
) -> list[FactCandidate]:
    """The candidates with a user's date said right after the assistant asked about the end of a
    span ("when would you like to return?" -> "On the 11th.") keyed as the end date, when the task
    holds its start date (another value) and no end date yet: the answer is no evidence that the
    start date changed. state: the state before the turn."""
    if parsed.message.role != "user" or state.asked_end_idx < 0 or state.turn != state.asked_end_idx:
        return cands
    out = []
    for cand in cands:
        domain, _, slot = cand.key.partition(".")
        end = f"{domain}.end_{slot}"
        cur = state.facts.get(cand.key)
        answers = slot == "date" and not cand.correction and cur is not None and cur.norm != cand.norm
        if answers and end not in state.facts and not any(c.key == end for c in cands):
            cand = cand.model_copy(update={"key": end})
        out.append(cand)
    return out


def said_before_domain(state: ContextState, cand: FactCandidate) -> Fact | None:
    """The user's value held under ``general.<slot>`` (said before any domain was known: "a good
    place for afternoon tea in the westside") that cand, the first value of that slot for its own
    domain, takes over in the turn that first names that domain ("what about a thai restaurant?"):
    the conversation has named no other domain since, so both are the one search's attribute and
    the later value replaces it. None when there is no such value, or when the domain was known
    before, or the talk went on without one ("8 people" for a pizza order, the address, then
    "vegans are 2 people": another count), or the lead-in already found its thing (the user holds a
    general name: "parkside pools is located in the centre" - "that will work", then "a guesthouse in
    the north": the pool stays in the centre)."""
    domain, _, slot = cand.key.partition(".")
    if cand.role != "user" or domain == "general" or cand.key.endswith(OTHER_TASK_SUFFIX):
        return None
    held = state.facts.get(f"general.{slot}")
    if held is None or held.role != "user" or held.status != "active" or cand.source_idx <= held.last_idx:
        return None
    found = state.facts.get("general.name")
    if found is not None and found.role == "user" and found.first_idx < cand.source_idx:
        return None  # the lead-in found its thing ("parkside pools is in the centre"): its values stay its
    for f in state.facts.values():
        fact_domain = f.key.split(".", 1)[0]
        if fact_domain == domain and f.first_idx < cand.source_idx:
            return None  # the domain was known before: the general value is another attribute
        # another frame named after the lead-in (one named in the same turn, "some Rock Music
        # events on the 13th", is part of it)
        if f.first_idx > held.last_idx and fact_domain not in ("general", domain):
            return None
        if fact_domain == "general" and held.last_idx < f.first_idx < cand.source_idx:
            return None  # the talk went on without a domain: a task of its own, not a lead-in
    return held


# a fact still held as current: active, or decayed (weighing less after many turns, not replaced)
_CURRENT = frozenset({"active", "decayed"})


def corrected_elsewhere(state: ContextState, cand: FactCandidate) -> Fact | None:
    """The user's value a user correction replaces when the value was said before any domain was
    known and the correction is read under the task's domain ("这周四上午" held as general.date, then
    "改成下周一上午" read as a hospital date): the slot is held, active and the user's, under
    ``general``, and not in the candidate's own domain. A correction cue says an earlier value of
    the same attribute changes, and a value said with no domain is no other task's. A value held
    under another named domain is that task's ("Actually can you find an attraction called X" after
    a hotel was booked: a new task, the hotel's name stands). None otherwise, and for a guessed
    general name slot that already changed value (general.name: "外地工作", then "地中海贫血"): no
    one attribute to correct (a date said twice, "Monday" then "next monday", still is one)."""
    domain, _, slot = cand.key.partition(".")
    if cand.role != "user" or not cand.correction or cand.key.endswith(OTHER_TASK_SUFFIX):
        return None
    if domain == "general" or cand.key in state.facts:
        return None
    held = state.facts.get(f"general.{slot}")
    churned = bool(held and held.history and held.vtype in ("", "name", "place", "term"))
    if held is None or held.role != "user" or held.status not in _CURRENT or churned:
        return None
    return held


def echoed_elsewhere(state: ContextState, cand: FactCandidate) -> list[Fact]:
    """The user's value said before any domain was known that a user correction of the value held
    under cand's key replaces too: the same slot under ``general``, with the same value as the held
    one (the assistant read "这周四上午" back as "周四" under the task's domain: one attribute, held
    twice). Nothing for a candidate that is no user correction or whose key is not held; nothing
    from another named domain (the car's dates read back for the hotel: the car keeps its own)."""
    domain, _, slot = cand.key.partition(".")
    cur = state.facts.get(cand.key)
    if cand.role != "user" or not cand.correction or cur is None or cand.key.endswith(OTHER_TASK_SUFFIX):
        return []
    held = state.facts.get(f"general.{slot}")
    if domain == "general" or held is None or held.role != "user" or held.status != "active":
        return []
    return [held] if same_value(held.norm, cur.norm) else []


def corrects_last_answer(state: ContextState, cand: FactCandidate) -> str | None:
    """The key of the user's own value the user corrects in their next turn ("五万" under the limit
    asked for, then "不对，三万就够了", which the parser keys as an amount): one value of the same type
    was said in the user's turn just before (the assistant's reply between), and no other; a
    correction cue right after it changes that value, whatever slot its words suggested. None when
    the candidate's key is held, or that turn said no such value or several."""
    if cand.role != "user" or not cand.correction or not cand.vtype or cand.key in state.facts:
        return None
    if any(cand.key.endswith(s) for s in (OTHER_TASK_SUFFIX, "_agreed", "_asked")):
        return None  # already keyed beside a held value of its slot: that slot is what it speaks of
    if cand.key.rpartition(".")[2].startswith(SERIES_SLOT_PREFIX):
        return None  # "最后一次改到19号": the clause names the item of a series it changes
    if cand.key.rpartition(".")[2].endswith(("_date", "_time")):
        return None  # "send it tomorrow morning instead": the parser found whose day it is (send_date)
    held = [f for f in state.facts.values() if f.role == "user" and f.status == "active"]
    if not held:
        return None
    last = max(f.last_idx for f in held)
    if last < state.turn - 1 or last >= cand.source_idx:
        return None
    said = [f for f in held if f.last_idx == last and f.vtype == cand.vtype]
    return said[0].key if len(said) == 1 and said[0].key != cand.key else None


def corrected_in_play(state: ContextState, cand: FactCandidate) -> str | None:
    """The key of the user's value that a user correction read under a domain the conversation has
    not been in changes ("Actually let's change the date too - I'm looking at my calendar ... Change
    it to the 14th" while a salon appointment is booked: the parser keys the date as the calendar's):
    a correction cue says an earlier value changes, the new frame holds nothing it could change, and
    the task in play (the domain of the turn just before) holds the user's value of that slot, of
    the same type. None when the turn asks for a new task, when the candidate's domain holds any
    value (it is a task of its own), or when the task in play holds no such value."""
    domain, _, slot = cand.key.partition(".")
    if cand.role != "user" or not cand.correction or not cand.vtype or state.task_idx == cand.source_idx:
        return None
    if any(cand.key.endswith(s) for s in (OTHER_TASK_SUFFIX, "_agreed", "_asked")):
        return None
    if any(k.split(".", 1)[0] == domain for k in state.facts):
        return None
    recent = [f for f in state.facts.values() if f.last_idx >= cand.source_idx - 1]
    in_play = {f.key.split(".", 1)[0] for f in recent} - {"general"}
    if len(in_play) != 1:
        return None
    held = state.facts.get(f"{in_play.pop()}.{slot}")
    if held is None or held.role != "user" or held.status != "active" or held.vtype != cand.vtype:
        return None
    return held.key


def general_taken_over(state: ContextState, idx: int, offers: dict[str, Fact]) -> None:
    """Fold the user's value held under ``general.<slot>`` into the task's own fact of that slot when
    that fact held the same value, read back by the agent, and the user replaced it in turn idx: "a
    court ... 2 hours" (said before the task was known), "2 hours is $56" read back under the task,
    then "ok 90 minutes then", the alternative the agent offered (offers: the offers held before the
    turn). One value in both frames is one attribute: the general copy would show the old value as
    current beside the new one. The task's fact keeps it in its history, said by the user and
    corrected. A new value the agent did not offer may be another thing's ("march 9" for a banquet
    after a league's "January 5")."""
    for key, fact in list(state.facts.items()):
        domain, _, slot = key.partition(".")
        own = domain != "general" and not key.endswith(OTHER_TASK_SUFFIX)
        if not own or (fact.role, fact.last_idx) != ("user", idx):
            continue
        offer = offers.get(key)
        taken = offer is not None and (
            same_value(offer.norm, fact.norm) or one_of_listed(offer.value, fact.value) is not None
        )
        if not taken:
            continue
        held = state.facts.get(f"general.{slot}")
        if held is None or held.role != "user" or held.status != "active" or same_value(held.norm, fact.norm):
            continue
        # the task's frame held it as the agent's read-back ("2 hours is $56"), not as the user's own
        # words (those may be another attribute's value the parser put there)
        past = [
            i
            for i, v in enumerate(fact.history)
            if v.norm == held.norm and v.replaced_at == idx and _read_back(v.evidence)
        ]
        if not past:
            continue
        del state.facts[held.key]
        version = fact.history[past[-1]]
        update = {"reason": "corrected by user", "evidence": held.evidence or version.evidence}
        fact.history[past[-1]] = version.model_copy(update=update)


def _read_back(evidence: Evidence | None) -> bool:
    """True for a value the agent said (read back or reported), not the user."""
    return evidence is not None and evidence.role == "assistant"
