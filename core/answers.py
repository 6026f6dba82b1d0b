"""Answers to an attribute question: a bare number the user says right after the assistant asked
for an attribute ("How old is your mother?" "she is 74", "Insurance: declared value?" "60 each",
"请问您的姓名、年龄？" "高振宇，45") is that attribute's value, not a guessed count or amount that
would replace the number of another attribute (issue 12: numbers of different attributes coexist).
The attribute is read by the language analyzers (``asked_attribute``) and kept on the state by merge.
"""

from __future__ import annotations

import re

from core.lang.base import SLOTS
from core.lang.joins import joins_list
from core.lang.sizes import SIZE_SLOTS, measures
from core.models import Atom, ContextState, Entity, FactCandidate
from core.parse import strength_of

# slots a number gets when nothing says what it measures: an answer to a question about an attribute
# ("How old is she?" "74") is that attribute's value instead
_GENERIC_NUMBER_SLOTS = frozenset({None, "count", "amount", "price"})
_BARE_DIGITS = re.compile(r"(?<![0-9A-Za-z.,:/#-])\d+(?:\.\d+)?(?![0-9A-Za-z.,:/%-])")
MAX_AGE = 120
# attributes an amount of money never answers
_NOT_MONEY = frozenset({"age", "people", "rooms", "nights", "days"})
PERSON_SLOT = "person"  # the slot of a name answering a question about who
# the slot of an address answering a question about where a thing is sent from ("发件地址？"): the
# address it goes to, asked next, is another attribute and never replaces it
FROM_ADDRESS_SLOT = "from_address"
# the slot of a time answering a question about when one gets there ("What time will you get to the
# lounge?", "几点到贵宾室？"): the flight's or the booking's own time, said before, is another attribute
ARRIVAL_SLOT = "arrival_time"
# the slot of a date answering a question about when one moves home ("When do you move in?" "1 March."):
# the day of the service booked for before it, asked next, is another attribute
MOVE_DATE_SLOT = "move_date"


def answer_entities(atom: Atom, asked: str) -> Atom:
    """The user's clause right after the assistant asked for an attribute ("How old is your
    mother?", "Insurance: declared value?", "预算多少？"), with its bare numbers keyed by that attribute:
    a number the parser gave no slot of its own (a count, an amount) and a run of digits it typed
    not at all ("高振宇，45"). An age is a number up to MAX_AGE; a number with its own slot (a
    relative's age, a count of people, a date) keeps it."""
    if asked == PERSON_SLOT:
        return _person_answer(atom)
    if asked in _TYPED_ANSWERS:
        return _typed_answer(atom, asked)
    if asked in SIZE_SLOTS:
        return _size_answer(atom, asked)
    out: list[Entity] = []
    for ent in atom.entities:
        # an amount of money is no age and no count of people, rooms or nights
        number = ent.type == "number" or (ent.type == "money" and asked not in _NOT_MONEY)
        if number and ent.slot in _GENERIC_NUMBER_SLOTS and _fits(ent.value or ent.text, asked):
            ent = ent.model_copy(update={"slot": asked})
        elif asked == "age" and ent.type == "duration":
            # "孩子多大？" "10个月", "How old is the baby?" "18 months": an age, no length of the booking
            ent = ent.model_copy(update={"slot": asked})
        out.append(ent)
    for m in _BARE_DIGITS.finditer(atom.text):
        if any(e.start <= m.start() < e.end or m.start() <= e.start < m.end() for e in atom.entities):
            continue
        if _fits(m.group(0), asked):
            digits = m.group(0)
            span = {"start": m.start(), "end": m.end()}
            out.append(Entity(type="number", text=digits, value=digits, slot=asked, **span))
    if len(out) == len(atom.entities) and all(a is b for a, b in zip(out, atom.entities, strict=True)):
        return atom
    out.sort(key=lambda e: e.start)
    strength = strength_of(out, atom.negation is not None, atom.pinned)
    return atom.model_copy(update={"entities": out, "strength": strength})


def _size_answer(atom: Atom, asked: str) -> Atom:
    """The user's clause right after the assistant asked for a size ("院门宽多少？" "四米二"), with the
    quantities measured in a unit of that size keyed by it (core.lang.sizes); a bare number or a
    count keeps its slot."""
    out = [
        e.model_copy(update={"slot": asked}) if e.type == "quantity" and measures(e.text, asked) else e
        for e in atom.entities
    ]
    return atom.model_copy(update={"entities": out}) if out != atom.entities else atom


def _person_answer(atom: Atom) -> Atom:
    """The user's clause right after the assistant asked who ("Who will be the policyholder?",
    "What's your mother's full name?"), with the names the parser gave no slot of their own keyed as
    a person: the one asked for, not another value of the bare name slot (a plan, a venue chosen).
    Only the first name is, with those a list joins to it ("Martin Hale, Sofia Brandt", "张三和李四"):
    in "赵一诺，在深圳一家游戏公司做策划" the city and the employer are no people."""
    out: list[Entity] = []
    last_person: Entity | None = None
    for e in atom.entities:
        bare = e.type == "name" and e.slot in (None, "name")
        gap = atom.text[last_person.end : e.start] if last_person is not None else ""
        if bare and (not any(o.slot == PERSON_SLOT for o in out) or joins_list(gap)):
            e = e.model_copy(update={"slot": PERSON_SLOT})
            last_person = e
        out.append(e)
    return rekeyed(atom, out)


# what a question about where a thing is sent from, when one gets there or when one moves home is
# answered by: the entity type and the slots it may have had, keyed by that attribute instead.
# "发件地址？" "Pickup address?": the sender's address, not the one the destination, asked next, fills;
# "几点到贵宾室？": "我们7点半左右能过完安检" never replaces the "9点40" flight said before; "When do you move
# in?" "1 March. want it done before": never the day of the visit booked next
_TYPED_ANSWERS: dict[str, tuple[str, frozenset[str | None] | None]] = {
    FROM_ADDRESS_SLOT: ("address", None),
    ARRIVAL_SLOT: ("time", frozenset({None, "time"})),
    MOVE_DATE_SLOT: ("date", frozenset({None, "date"})),
}


def _typed_answer(atom: Atom, asked: str) -> Atom:
    """The user's clause right after the assistant asked for one of _TYPED_ANSWERS, with its entities of
    that attribute's type keyed by it (any slot they had, or only the listed ones)."""
    kind, slots = _TYPED_ANSWERS[asked]
    out = [
        e.model_copy(update={"slot": asked}) if e.type == kind and (slots is None or e.slot in slots) else e
        for e in atom.entities
    ]
    return rekeyed(atom, out)


def rekeyed(atom: Atom, out: list[Entity]) -> Atom:
    """atom with its entities out (the same entities, some with another slot), or atom itself when no
    slot changed: a clause nothing re-keyed stays the very object the parser made."""
    if all(a.slot == b.slot for a, b in zip(out, atom.entities, strict=True)):
        return atom
    return atom.model_copy(update={"entities": out})


def _fits(value: str, asked: str) -> bool:
    """True when a number can be the value of the asked attribute (an age is at most MAX_AGE)."""
    number = re.search(r"\d+(?:\.\d+)?", value)
    return number is not None and (asked != "age" or float(number.group(0)) <= MAX_AGE)


def person_named(state: ContextState, cand: FactCandidate) -> str | None:
    """The key of the person the user named that cand's name is, whole or after one label word
    ("Beneficiary Tom Reyes" for "Tom Reyes"), or None."""
    low = cand.value.strip().lower()
    for fact in state.facts.values():
        if fact.key.rsplit(".", 1)[-1] != PERSON_SLOT or fact.role != "user":
            continue
        name = fact.value.strip().lower()
        if low == name or (low.endswith(" " + name) and len(low[: -len(name)].split()) == 1):
            return fact.key
    return None


def named_attribute_entities(atom: Atom, state: ContextState) -> Atom:
    """The user's clause with its bare numbers keyed by an attribute a held fact got from a question
    of its own noun (core.lang.asked_nouns: "And your PD?" -> "pd"), when the clause names that
    attribute ("actually PD is 64", "身高改成135"): the value of that attribute, not a count that
    would correct whichever number came last. Nothing when it names none or more than one."""
    bare = any(e.type == "number" and e.slot in _GENERIC_NUMBER_SLOTS for e in atom.entities)
    if atom.role != "user" or not bare:
        return atom
    low = atom.text.lower()
    named = {
        slot
        for fact in state.facts.values()
        if fact.role == "user" and (slot := fact.key.rsplit(".", 1)[-1]) not in SLOTS and _names(low, slot)
    }
    if len(named) != 1:
        return atom
    return answer_entities(atom, named.pop())


def _names(low: str, slot: str) -> bool:
    """True when the lowercase text names the slot's noun: as whole words ("pd", "shoe size"), or
    anywhere in Chinese text ("身高")."""
    words = slot.replace("_", " ")
    if not words.isascii():
        return words in low
    return re.search(rf"(?<![a-z]){re.escape(words)}(?![a-z])", low) is not None
