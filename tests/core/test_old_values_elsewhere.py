"""A value replaced with evidence is not shown as current anywhere else in the context (issue 12):
a user's clause kept verbatim marks the words the old value was said in, a request's domain is
the service it names (not a trip's end point, a "show me" verb or a bare "reservation at"), a
value answering the slot just asked for is no new task, and a bare "no" to a read-back corrects it.
Each test feeds the real stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_domain import find_domain
from core.models import Evidence, Fact, FactVersion, Message
from core.parse import parse_message
from core.replaced import replaced_forms, shown_as_replaced
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_kept_clause_marks_the_short_form_a_replaced_value_was_said_in():
    turns = [
        "I would like to find a rock song to listen to, maybe from the album Your Name.",
        "Found 2 songs from the album Your Name by the Radwimps. Would you like Dream Lantern?",
        "Not my favorite. What about a pop song from the album Happiness Begins?",
        "Sure, Sucker is a big hit from that album.",
        "Great, thanks.",
        "Anything else?",
        "No, that's all.",
        "Have a great day!",
    ]
    roles = ["user", "assistant"] * 4
    messages = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(zip(roles, turns, strict=True))]
    result = Compressor(Config(use_embeddings=False)).compress(messages, force=True, context_id="t")
    text = result.context.text
    said = [line for line in text.splitlines() if line.startswith("User said:") and "Your Name" in line]
    assert said, text
    assert "(was: Your Name)" in said[0]


@pytest.mark.parametrize(
    ("text", "current", "expected"),
    [
        # "show me" is a verb, not a show to see; "another route" asks for another option
        ("Please show me another route.", "bus", None),
        # a service named beside "reservation at" is the one reserved
        ("I want to make a hotel reservation at Chicago Lake Shore checking in the 2nd.", None, "hotel"),
        ("I'd like a reservation at Nopa for two.", None, "restaurant"),
        # "to this event" is where the bus goes, not what the clause asks for
        ("Please look for a bus I can take to this event.", "event", "bus"),
        # one's own balance is a bank's, whatever was talked about before
        ("Sounds awesome. Can you please check my balance for me?", "event", "bank"),
    ],
)
def test_the_domain_a_request_names(text, current, expected):
    assert find_domain(text, current) == expected


def test_a_show_is_still_an_event_when_no_domain_is_current():
    assert find_domain("Find me a show for tonight.", None) == "event"


def test_a_value_answering_the_slot_just_asked_is_no_new_task():
    st = state_after(
        [
            ("user", "Please look for a bus I can take to this event."),
            ("assistant", "Where would you like to leave from and at what time?"),
            ("user", "I would like to leave March 1st from Philly at 3:45 pm."),
            ("assistant", "How many tickets would you like to buy?"),
            ("user", "Please look for two tickets."),
            ("assistant", "Unfortunately I can not buy that ticket. How about the 4:10 pm bus?"),
            ("user", "That is perfect."),
        ]
    )
    fact = st.facts["bus.time"]
    assert fact.value == "4:10 pm"
    assert [v.value for v in fact.history] == ["3:45 pm"]


def test_a_bare_no_to_a_read_back_shows_the_name_it_replaced():
    st = state_after(
        [
            ("user", "I want a hotel reservation at Chicago Lake Shore checking in tomorrow."),
            ("assistant", "What date are you checking out?"),
            ("user", "I am checking out on the 7th of this month."),
            ("assistant", "Confirm: a room at the Chicago Lake Shore Hotel checking out the 7th."),
            ("user", "No, I want to stay at The Westin San Diego Gaslamp Quarter."),
        ]
    )
    fact = st.facts["hotel.name"]
    assert fact.value == "The Westin San Diego Gaslamp Quarter"
    assert fact.evidence is not None and fact.evidence.how == "corrected"
    assert len(shown_as_replaced(fact)) == 1 and "Chicago Lake Shore" in shown_as_replaced(fact)[0]


def test_a_name_said_after_another_without_a_no_still_does_not_show_it_replaced():
    st = state_after(
        [
            ("user", "I want a hotel reservation at Chicago Lake Shore checking in tomorrow."),
            ("assistant", "What date are you checking out?"),
            ("user", "I am checking out on the 7th of this month."),
            ("assistant", "Confirm: a room at the Chicago Lake Shore Hotel checking out the 7th."),
            ("user", "I want to stay at The Westin San Diego Gaslamp Quarter."),
        ]
    )
    fact = st.facts["hotel.name"]
    assert fact.evidence is not None and fact.evidence.how == "said"
    assert shown_as_replaced(fact) == []


def test_one_item_of_a_listed_value_is_no_form_of_it():
    old = FactVersion(
        value="20箱, 18度",
        norm="20箱, 18度",
        idx=2,
        replaced_at=4,
        reason="corrected by user",
        evidence=Evidence(idx=2, role="user", how="corrected", text="20箱"),
    )
    fact = Fact(key="general.count", value="两层", norm="两层", first_idx=4, last_idx=4, history=[old])
    assert replaced_forms(fact) == ["20箱, 18度"]


def test_a_longer_name_opening_with_a_kind_of_venue_is_no_person():
    text = "I need three rooms with Hotel Novotel Paris Vaugirard"
    parsed = parse_message(Message(idx=4, role="user", text=text), "hotel")
    slots = {e.text: e.slot for a in parsed.atoms for e in a.entities}
    assert slots["Hotel Novotel Paris Vaugirard"] != "person"
    parsed = parse_message(Message(idx=4, role="user", text="I'd like a table with Park Jimin"), "restaurant")
    slots = {e.text: e.slot for a in parsed.atoms for e in a.entities}
    assert slots.get("Park Jimin") == "with_name"  # a person: the one the table is with


def test_a_sentence_initial_article_and_an_everyday_word_make_no_name():
    slots = _entities("A Pool ride should do.", "taxi")
    assert slots == {"Pool": ("term", "type")}
    assert _entities("A Madea Family Funeral is great", "movie")["A Madea Family Funeral"][0] == "name"


def test_a_kind_of_ride_said_then_changed_after_a_no_is_shown_replaced():
    st = state_after(
        [
            ("user", "I need a taxi to 87 Fenton Street Suite 210. Its for a group of three."),
            ("assistant", "Great. A Luxury or Regular?"),
            ("user", "A Pool ride should do."),
            ("assistant", "3 for a Pool ride to 87 Fenton Street Suite 210?"),
            ("user", "No, a Luxury ride for two."),
        ]
    )
    fact = st.facts["taxi.type"]
    assert fact.value == "Luxury"
    assert "Pool" in shown_as_replaced(fact)


def _entities(text: str, domain: str) -> dict[str, tuple[str, str | None]]:
    parsed = parse_message(Message(idx=4, role="user", text=text), domain)
    return {e.text: (e.type, e.slot) for a in parsed.atoms for e in a.entities}


def test_a_kind_of_film_after_how_about_is_its_genre_not_a_title():
    assert _entities("How about Mystery movies directed by Orson Welles.", "movie") == {
        "Mystery": ("term", "genre"),
        "Orson Welles": ("name", "person"),
    }
    assert _entities("How about Cotto Restaurant?", "restaurant")["Cotto Restaurant"][0] == "name"
