"""Whether a user's new value for a held key can be the same attribute at all (issue 12, item 2: a
value replaces another only with evidence: the same entity and attribute, and a correction cue or
the user restating the attribute with a value of the same type; otherwise both stand).

The parser keys many values by their type alone (a count), so two values of one key may be two
attributes: the boxes of one item and the portions of another. Without a correction cue, a count in
one measure ("4盒", "3 boxes") is not replaced by a count in another ("2份", "2 packs"): a different
measure counts a different thing (one and many of a measure, "1 night" and "2 nights", are one).
So too in the catch-all name slot, where the parser puts a short answer it could not type: a day of
the month ("18号"), a count and a name there are three attributes, each kept under its own key. And a
term in capitals ("UPI") and a person's name ("Sudipta Banerjee") are two.
(A date said relative to the talk after a calendar date, "this weekend" after "feb 1", was tried
as another kind too: in the dev dialogues users re-search with such dates, "what about next
Wednesday?", so the kind of a date is no evidence either way.)
"""

from __future__ import annotations

import re

from core.lang.base import CONTACT_SLOT
from core.lang.cues import any_language
from core.listed import LIST_SEPARATOR
from core.models import ContextState, Fact, FactCandidate
from core.replaced import unnumbered_slot
from core.values import lead_words

_GUESSED_NAME = "general.name"  # the catch-all slot of a short answer the parser could not type
# the kinds value_shape tells apart
DAY_SHAPE, COUNT_SHAPE, NAME_SHAPE = "date", "number", "name"
_SHORT_COUNT = re.compile(r"\d+(?:\.\d+)?\s*(?:[^\W\d_]{1,2}|[a-z]+)?", re.I)
_SHORT_TAIL = 2  # characters after a day of the month that leave it a day ("18号吧", "3rd")
_COUNT = re.compile(r"^\s*\d+(?:\.\d+)?\s*(?P<unit>\S.*)?$")
# an id that is a thing's label, a word and its number ("flat 3", "Room 21", "gate B12"), never the
# same attribute as a code ("PQ-65012", "RC-2026-118"): a room is no quote, a flat no care-home id
_LABEL_ID = re.compile(r"[^\W\d_]{2,}\.?\s+#?\d[\w-]*")
# a term written in capitals ("UPI", "NHS", "GST"): a thing's name, never a person's of several words
_ACRONYM = re.compile(r"[A-Z]{2,5}")


def other_attribute(cur: Fact, cand: FactCandidate) -> bool:
    """True when cand, a user's value with no correction cue for cur's key, is of another kind than
    cur (see the module doc), or cur is a person the user named to be reached (a name with a phone
    number or email: core.lang.base.SLOTS "contact"; the user, then a relative to call), so nothing
    shows it is the same attribute: both stand."""
    if cand.role not in ("user", "system"):
        return False
    if cur.vtype == cand.vtype == "quantity" and _also_another(cand):
        return True  # "陶粒也加到10袋" after "土拿50袋": a cue to change, but of another thing's count
    if cand.correction:
        return False
    if cur.role == "user" and unnumbered_slot(cur.key) == CONTACT_SLOT:
        return True  # "me, Hannah Fenwick, 0412 555 309" then "her grandma, Judith Fenwick, 0438 555 772"
    if cand.vtype != cur.vtype:
        return False
    if cur.vtype == "quantity":
        old, new = count_unit(cur.norm), count_unit(cand.norm)
        return bool(old and new and old != new)
    if cur.vtype == "id":  # a label and a code
        return bool(_LABEL_ID.fullmatch(cur.value.strip())) != bool(_LABEL_ID.fullmatch(cand.value.strip()))
    if cur.vtype == "name" and bool(_ACRONYM.fullmatch(cur.value.strip())) != bool(
        _ACRONYM.fullmatch(cand.value.strip())
    ):
        return True  # "Payment by UPI", then the user's name "Sudipta Banerjee": two attributes
    if cur.vtype in ("date", "datetime"):
        # two dates said together ("1月7号下午拿，1月9号上午还": a pick-up and a return) are a span of
        # their own, not a new value of the one date held ("1月8号晚上用", the show)
        held, said = (len(LIST_SEPARATOR.split(v.strip())) for v in (cur.value, cand.value))
        return held == 1 and said > 1
    return False


def _also_another(cand: FactCandidate) -> bool:
    """True when cand's clause names, before it, another thing it is of as well ("陶粒也加到10袋")."""
    ev = cand.evidence
    at = ev.clause.find(ev.text) if ev is not None and ev.text else -1
    return at > 0 and any_language().also_another(ev.clause[:at])


def reports_reference(cur: Fact, cand: FactCandidate) -> bool:
    """True when cand is an id the assistant or a tool reports ("Appointment reference
    FRA-BLR-20261204-0377", "复核单号FH20261209-0417") for a key whose held id the user gave (a
    passport or account number): the agent's reference is a result of its own, never an offer to
    replace the user's number. The assistant restating the user's id in other case or spacing is the
    same value (merge sees that before asking)."""
    ids = cand.vtype == "id" and cur.vtype == "id"
    return cand.role in ("assistant", "tool") and ids and not cand.correction


def count_unit(norm: str) -> str:
    """The measure of a normalized count, singular ("4 盒" -> "盒", "2 nights" -> "night"), "" when none."""
    m = _COUNT.match(norm)
    unit = (m.group("unit") or "").strip().lower() if m else ""
    return unit[:-1] if len(unit) > 3 and unit.endswith("s") and not unit.endswith("ss") else unit


def point_beside_bound(cur: Fact, new: FactCandidate | Fact) -> bool:
    """True when new is a point value (a price quoted, a departure time found) and cur is a bound or
    range the user searched by ("700-800元", "after 13:30"), with no correction cue: two types of
    value for one slot, so new is not evidence that the criterion changed."""
    # only the user changes what they search by: an assistant's "no, it is 3.8" to "is it 4.5 or
    # more?" corrects the found thing's value, not the criterion
    correction = isinstance(new, FactCandidate) and new.correction and new.role in ("user", "system")
    return cur.bound and not new.bound and not correction


def budget_beside_price(cur: Fact, new: FactCandidate) -> bool:
    """True when the user, with no correction cue, states a bound of money (a budget: "£30 a week
    tops") where the agent's quoted amount is held ("It's £12.50 a session"): the user's limit is no
    new value of the price quoted, nor the price one of the budget (issue 12, item 2)."""
    money = cur.vtype == new.vtype == "money"
    return money and cur.role == "assistant" and not cur.bound and new.bound and not new.correction


def bound_beside_point(cur: Fact, new: FactCandidate) -> bool:
    """True when the user, with no correction cue, says a time bound with its word ("please call after
    10am") where a point time is held ("thursday at 3pm"): another type of value, no evidence it
    replaces the point one."""
    lead = lead_words(new.value)
    said_with = bool(lead) and any_language().bounds(lead, "")  # "after 10am", not "3点左右"
    times = cur.vtype == new.vtype == "time"  # a budget "up to 10000" restates the budget "8000"
    return times and new.bound and said_with and not cur.bound and not new.correction


def other_type(cur: Fact, new: Fact | FactCandidate) -> bool:
    """True when the two values were read as entities of different types (a city and a venue)."""
    return bool(cur.vtype and new.vtype and cur.vtype != new.vtype)


def value_shape(value: str) -> str:
    """The kind a short value's shape shows: "date" when it is a day of the month ("18号", "the 18th",
    with at most a word's tail after it), "number" when it is a count (digits and a short measure:
    "3位", "2 boxes"), "name" otherwise (a phrase opening with a count, "8个人吃火锅", is no count)."""
    text = value.strip()
    day = any_language().day_of_month(text)
    opens = day is not None and (day.start == 0 or any_language().is_article(text[: day.start].strip()))
    if day is not None and opens and len(text[day.start + len(day.day) + 1 :].strip()) <= _SHORT_TAIL:
        return DAY_SHAPE
    return COUNT_SHAPE if _SHORT_COUNT.fullmatch(text) else NAME_SHAPE


def other_shape(held: Fact, cand: FactCandidate) -> bool:
    """True when cand, a value of the catch-all name slot, and held, a value of that slot's family
    ("general.name_2"), are of different shapes (value_shape): a day is corrected by a day, so a
    correction's name never goes to the slot a day was moved to."""
    if not cand.key.startswith(_GUESSED_NAME) or not held.key.startswith(_GUESSED_NAME):
        return False
    return value_shape(held.value) != value_shape(cand.value)


def name_slot_key(state: ContextState, cand: FactCandidate) -> str:
    """The key for a value the parser put in the catch-all name slot: that slot when it is free or
    holds a value of the same shape (value_shape), else the first numbered one ("general.name_2")
    that is free or holds that shape. A day of the month, a count and a name are not one attribute,
    so one never replaces the other there, even in a correction's words: a correction names what
    it corrects, and a day is corrected by a day."""
    if cand.key != _GUESSED_NAME or cand.role not in ("user", "system"):
        return cand.key
    shape = value_shape(cand.value)
    key, n = _GUESSED_NAME, 1
    while (held := state.facts.get(key)) is not None and value_shape(held.value) != shape:
        n += 1
        key = f"{_GUESSED_NAME}_{n}"
    return key


def same_count_before(state: ContextState, cand: FactCandidate) -> list[Fact]:
    """The user's count said before any domain was known (``general.<slot>``, "大概 20 桌") that cand,
    the user's count of the same measure under a domain's key ("要 24 桌"), restates with another
    number: one counted thing (a table is counted in tables), so the earlier count is replaced too.
    Nothing for a count with no measure, a measure another held count of the domain uses, or one
    said after cand."""
    domain, _, slot = cand.key.partition(".")
    if cand.role != "user" or domain == "general" or cand.vtype not in ("quantity", "number"):
        return []
    if slot == "people":
        return []  # a head count may be a part of the party ("vegans are 2 people" of "we're 8 people")
    unit = count_unit(cand.norm)
    held = state.facts.get(f"general.{slot}")
    if not unit or held is None or held.role != "user" or held.status != "active":
        return []
    if held.last_idx >= cand.source_idx or count_unit(held.norm) != unit or held.norm == cand.norm:
        return []
    return [held]
