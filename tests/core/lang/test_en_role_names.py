"""A person named right after the role they have in the task ("The housekeeper, Rosa Jiménez", "our
instructor Margaret Tully") is keyed by that role, so another person the user names later (the host,
"Mr Sörensen has just added two more guests") never replaces them; a capitalized word that opens a
sentence before an object pronoun ("Bump it to 12") is a verb, never a name."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after
from tests.core.lang.en_helpers import EN, TS, ents, find

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "text, name, slot",
    [
        ("The housekeeper, Rosa Jiménez, she'll be there from 2.", "Rosa Jiménez", "housekeeper_name"),
        ("Sessions are with our instructor Margaret Tully.", "Margaret Tully", "instructor_name"),
        ("Our display manager, Craig Fenwick, can survey on Thursday.", "Craig Fenwick", "manager_name"),
        ("My accountant is Ruth Okafor.", "Ruth Okafor", "accountant_name"),
        # a title did not keep the role: "Ms Farah Haddad" was a person, replaced by the next one named
        ("Our solicitor, Ms Farah Haddad at Haddad Legal, says probate is near.", "Ms Farah Haddad",
         "solicitor_name"),
        ("my neighbour Mrs Papadopoulos has a key", "Mrs Papadopoulos", "neighbour_name"),
    ],
)
def test_a_name_after_its_role_is_keyed_by_the_role(text: str, name: str, slot: str):
    assert find(text, name).slot == slot


@pytest.mark.parametrize(
    "text, name",
    [
        ("I'd like the restaurant Nando's.", "Nando's"),  # a venue type, no role
        ("Book a table at Hotel du Vin for two.", "Hotel du Vin"),
    ],
)
def test_a_venue_or_a_name_without_a_role_is_not_keyed_by_a_role(text: str, name: str):
    assert not (find(text, name).slot or "").endswith(("ant_name", "er_name"))


@pytest.mark.parametrize(
    "text", ["Bump it to 12, please.", "Engrave them with both initials.", "Ring me at noon."]
)
def test_a_verb_opening_a_sentence_before_an_object_pronoun_is_no_name(text: str):
    assert not [e for e in ents(text) if e.type == "name"]


def test_bump_it_to_a_number_is_a_correction():
    assert EN.is_correction("Bump it to 12, please.")


def test_the_host_named_later_never_replaces_the_housekeeper():
    turns = [
        ("user", "I'm the assistant to Martin Sörensen. He is hosting a dinner for 10 guests next Friday."),
        ("assistant", "What time would guests sit down?"),
        ("user", "Seated at 7:45. Service must be finished by 10:30, he has a flight on Saturday morning."),
        ("assistant", "Would you like a wine pairing? It's $75 per guest."),
        ("user", "No wine pairing, thank you. Mr Sörensen supplies his own wine."),
        ("assistant", "Chef Lund will need access to the kitchen from 3:30pm. Who will let her in?"),
        ("user", "The housekeeper, Rosa Jiménez, she'll be there from 2. Her number is 646-555-0137."),
        ("assistant", "Thank you. Please confirm the billing details."),
        ("user", "Ah, hold the order: Mr Sörensen has just added two more guests. Bump it to 12, please."),
        ("assistant", "Twelve guests, $2,400 in total."),
    ]
    state = state_after(turns, TS)
    assert "Rosa Jiménez" not in replaced(state)
    assert "Rosa Jiménez" in {f.value for f in state.facts.values()}


@pytest.mark.parametrize(
    "text, name",
    [
        ("Can we do the Thursday 13:40 with Tomasz Nowak instead?", "Tomasz Nowak"),
        ("Wednesday 16 December at 15:30 with Ruth Adeyemi.", "Ruth Adeyemi"),
    ],
)
def test_the_person_a_slot_is_with_is_not_the_person_it_is_for(text: str, name: str):
    """"with Tomasz Nowak" names who serves, so it replaces the audiologist offered before ("with Ruth
    Adeyemi"), never the name the user gave for the post ("Alison Fenwick-Shaw")."""
    assert find(text, name).slot == "with_name"


def test_a_person_after_with_replaces_the_one_offered_with_and_not_the_users_name():
    turns = [
        ("user", "My dad Gerald Fenwick needs his hearing aid appointment moved to an afternoon."),
        ("assistant", "I have Wednesday 16 December at 15:30 with Ruth Adeyemi."),
        ("user", "the wednesday one please, he likes Ruth"),
        ("assistant", "Booked. What name should go on the parcel?"),
        ("user", "Alison Fenwick-Shaw"),
        ("assistant", "Thank you."),
        ("user", "Can we do the Thursday 13:40 with Tomasz Nowak instead?"),
        ("assistant", "Moved to Thursday 17 December at 13:40 with Tomasz Nowak."),
    ]
    assert "Alison Fenwick-Shaw" not in replaced(state_after(turns, TS))
