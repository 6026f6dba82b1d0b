"""Values the assistant reads back for the user to confirm are current values (issue 12: assistant
text yields a fact when it confirms a value): an address in "Please confirm ENT visit at 2380 Sutter
Street on march 1st" is where the event is, a chosen value, not contact detail to drop first when
the budget is tight. Real SGD dev dialogues (sgd-train-62_00033, sgd-train-62_00093)."""

from __future__ import annotations

from datetime import datetime

import pytest

from bench.markers import occurs_unmarked
from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)

ENT_VISIT = [
    ("user", "Will you look for a General Practitioner in Napa?"),
    ("assistant", "Alex De Moraes, MD in Napa is a General Practitioner."),
    ("user", "Will you find a ENT Specialist in SF?"),
    ("assistant", "I found 10. Aaron Tward, M.D. in San Francisco is an ENT Specialist."),
    ("user", "That's great."),
    ("assistant", "Schedule a visit?"),
    ("user", "That's fine."),
    ("assistant", "What date?"),
    ("user", "March 5th."),
    ("assistant", "What time?"),
    ("user", "1st of this month at 1 pm."),
    ("assistant", "Please confirm Aaron Tward, M.D. on March 1st at 1 pm."),
    ("user", "Make that four in the evening."),
    ("assistant", "Please confirm appointment on March 1st at 4 pm."),
    ("user", "Super."),
    ("assistant", "I was unable to make the appointment. Try Aaron Tward, M.D. on March 1st at 3:30 pm?"),
    ("user", "Fantastic."),
    ("assistant", "I've scheduled your appointment."),
    ("user", "Will you add it to my calendar?"),
    ("assistant", "What time? Is location at 2380 Sutter Street? Name to use for event?"),
    ("user", "Great. Input ENT visit at quarter past 3 in the afternoon."),
    ("assistant", "Please confirm ENT visit at 2380 Sutter Street on march 1st at 3:15 pm."),
    ("user", "Terrific."),
    ("assistant", "I've added the event."),
    ("user", "Thanks."),
    ("assistant", "Anything else?"),
    ("user", "No. That's it."),
    ("assistant", "Have a wonderful day."),
]
APARTMENT_VISIT = [
    ("user", "I'm looking for an apartment with two bathrooms."),
    ("assistant", "In what area and how many bedrooms?"),
    (
        "user",
        "I'd like 3 bedrooms and I also need a pet friendly place. Somewhere in Santa Clara, I'm thinking.",
    ),
    (
        "assistant",
        "I have 7 options for you. Alderwood Apartments has a 3 bedroom and 2 bath apartment for $3,650 per "
        "month and they are located at 900 Pepper Tree Lane.",
    ),
    ("user", "Is it furnished?"),
    ("assistant", "It is not furnished."),
    ("user", "What's the telephone number there?"),
    ("assistant", "That is 866-472-2645."),
    ("user", "Okay, I'd like to take a look at it."),
    ("assistant", "On what date?"),
    ("user", "I think on Thursday next week."),
    ("assistant", "Confirming an apartment viewing at Alderwood Apartments on March 7th."),
    ("user", "Sorry, try March 5th please."),
    ("assistant", "Confirming a visit to Alderwood Apartments on March 5th."),
    ("user", "Okay, that's good."),
    ("assistant", "The appointment has been set."),
    ("user", "Thank you. Put that on my calendar please at 15:00 and title it house."),
    ("assistant", "Confirming an event called house, March 5th at 3 pm, at 900 Pepper Tree Lane."),
    ("user", "Correct, thank you."),
    ("assistant", "The event has been included on your calendar."),
    ("user", "Thank you very much."),
    ("assistant", "It's my pleasure."),
]


def compress(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="confirmed")


@pytest.mark.parametrize(
    ("turns", "address"),
    [(ENT_VISIT, "2380 Sutter Street"), (APARTMENT_VISIT, "900 Pepper Tree Lane")],
    ids=["please-confirm", "confirming"],
)
def test_an_address_read_back_for_confirmation_stays_in_the_context(turns, address):
    result = compress(turns)
    assert occurs_unmarked(address, result.context.text), result.context.text
    held = [f for f in result.state.facts.values() if f.value.lower().startswith(address.lower())]
    fact = next(f for f in held if f.evidence is not None and f.evidence.how in ("confirmed", "accepted"))
    assert fact.evidence is not None
    said = result.messages[fact.evidence.idx].text
    assert said[fact.evidence.start : fact.evidence.end] == fact.evidence.text


def test_a_phone_number_the_assistant_only_answered_with_stays_informational():
    # "That is 866-472-2645." answers a question; nothing was read back to confirm it
    result = compress(APARTMENT_VISIT)
    phone = next(f for f in result.state.facts.values() if "866-472-2645" in f.value)
    assert phone.evidence is not None and phone.evidence.how == "offered"
