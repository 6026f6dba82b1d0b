"""The extract stage: a parsed message -> facts keyed domain.slot with their evidence, constraints
kept whole, goals, amenities as yes/no slots; the state before the message is only read."""

from __future__ import annotations

import pytest

from core.extract import extract
from core.models import ContextState, Entity, Goal, Message
from core.parse import parse_message
from core.slot_keys import facility_fact, fact_key, is_value

pytestmark = pytest.mark.unit


def _units(role: str, text: str, state: ContextState | None = None, domain: str | None = None):
    parsed = parse_message(Message(idx=4, role=role, text=text), domain)
    return extract(parsed, state or ContextState())


def _entity(etype: str, text: str, slot: str | None = None) -> Entity:
    return Entity(type=etype, text=text, value=text.lower(), slot=slot)


def test_a_fact_key_is_domain_and_slot() -> None:
    assert fact_key(_entity("term", "north", "area"), "hotel") == "hotel.area"
    assert fact_key(_entity("term", "north", "area"), None) == "general.area"
    # a date with a time is the time slot: "7pm on Friday" and a later "make it 8pm" are one slot
    assert fact_key(_entity("datetime", "Friday 7pm", "datetime"), "restaurant") == "restaurant.time"


@pytest.mark.parametrize(
    "entity, domain, role, expected",
    [
        (_entity("quantity", "a table"), "restaurant", "user", False),  # an article, not a count
        (_entity("quantity", "4 people", "people"), "restaurant", "user", True),
        (_entity("number", "3"), "hotel", "user", True),
        (_entity("number", "3"), "hotel", "assistant", False),  # a number said in passing
        (_entity("number", "one"), "hotel", "user", False),  # "that one": a pronoun
        (_entity("term", "  "), "hotel", "user", False),
    ],
)
def test_what_carries_no_state_is_not_a_value(entity: Entity, domain: str, role: str, expected: bool) -> None:
    assert is_value(entity, domain, role) is expected


def test_an_amenity_is_a_yes_or_no_slot_in_the_language_of_the_turn() -> None:
    wifi = _entity("term", "free wifi", "facility")
    assert facility_fact(wifi, "hotel", False, "en") == ("hotel.internet", "yes")
    assert facility_fact(wifi, "hotel", True, "en") == ("hotel.internet", "no")
    assert facility_fact(wifi, "hotel", True, "zh") == ("hotel.internet", "否")


def test_user_values_become_facts_whose_evidence_points_at_the_words() -> None:
    text = "I need to find a cheap hotel in the north for 4 people."
    units = _units("user", text)
    facts = {f.key: f for f in units.facts}
    assert facts["hotel.area"].value == "north" and facts["hotel.people"].value == "4 people"
    assert facts["hotel.price_range"].value == "cheap"
    for fact in units.facts:
        ev = fact.evidence
        assert (ev.idx, ev.role, ev.how) == (4, "user", "said")
        assert text[ev.start : ev.end] == ev.text == fact.value
        assert fact.kind == "instruction" and fact.source_idx == 4


def test_the_first_intent_for_a_domain_is_a_goal_and_only_the_first() -> None:
    units = _units("user", "I need to find a cheap hotel in the north for 4 people.")
    (goal,) = units.goals
    assert goal.domain == "hotel" and goal.idx == 4 and "north" in goal.text
    assert goal.values.get("hotel.area") == "north"
    state = ContextState(goals=[goal])
    assert _units("user", "I need a hotel with parking.", state).goals == []
    taxi = _units("user", "I also need a taxi to the station.", state, "hotel").goals
    assert [g.domain for g in taxi] == ["taxi"]


def test_a_prohibition_is_a_constraint_kept_whole_not_a_positive_fact() -> None:
    units = _units("user", "No cilantro please.")
    assert [c.text for c in units.constraints] == ["No cilantro please."]
    assert not any("cilantro" in f.value.lower() for f in units.facts)


def test_a_negated_amenity_is_a_no_and_the_other_a_yes() -> None:
    text = "The hotel must have free wifi but no parking."
    facts = {f.key: f.value for f in _units("user", text, domain="hotel").facts}
    assert facts["hotel.internet"] == "yes" and facts["hotel.parking"] == "no"


def test_an_assistant_value_is_an_offer_in_the_domain_the_user_set() -> None:
    units = _units("assistant", "The restaurant Nandos is in the centre.", domain="hotel")
    facts = {f.key: f for f in units.facts}
    assert facts["hotel.name"].value == "Nandos" and facts["hotel.name"].evidence.how == "offered"
    assert units.goals == [] and units.constraints == []  # only the user states goals and rules


def test_the_state_before_the_message_is_read_not_written() -> None:
    state = ContextState(goals=[Goal(text="find hotel", idx=0, domain="hotel")])
    before = state.model_dump()
    _units("user", "Actually make it the south, and I need a taxi at 5pm.", state, "hotel")
    assert state.model_dump() == before


def test_pleasantries_name_no_value() -> None:
    units = _units("user", "Thank you, goodbye!")
    assert units.facts == [] and units.goals == [] and units.constraints == []
