"""A value the assistant booked stays current when it names another value for the same key later
(issue 12, item 2: a value replaces another only with evidence that it is the same attribute): "I
made you a reservation at the acorn guest house", then "I have you booked at mahal of cambridge"
for the meal, keeps the guest house. A user's correction of that attribute changes the value in
play, the later one, never the booked one. Real MultiWOZ dev dialogues (PMUL3888, MUL0142)."""

from __future__ import annotations

from datetime import datetime

import pytest

from bench.markers import occurs_unmarked, only_marked
from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)

GUEST_HOUSE = [
    ("user", "Can you help me find a place to stay? It'll need to have free parking."),
    ("assistant", "they are many. what is your price range and prefered side?"),
    ("user", "I just am looking for a 1 star hotel in the north."),
    (
        "assistant",
        "I'm sorry, there aren't any hotels that meet your criteria. Would you like to try something else?",
    ),
    ("user", "Sure. How about 4 stars?"),
    (
        "assistant",
        "That narrows it down to about 7 options. I have 6 moderately priced ones, and 1 cheaper one. "
        "Do you have a preference?",
    ),
    (
        "user",
        "A moderate priced one will be fine. Any will do. I'll need it booked for Wednesday. "
        "I will be staying 2 nights with 6 people.",
    ),
    (
        "assistant",
        "Okay, I made you a reservation at the acorn guest house. Your reference number is 5MSB4H92. "
        "Can I do anything else for you today?",
    ),
    ("user", "Now i need a place to dine. Cheap and Belgian food sounds good."),
    (
        "assistant",
        "I do not have anything matching that criteria. Is there another type of food you would like to try?",
    ),
    ("user", "How about Indian food?"),
    ("assistant", "What area would you like to be in?"),
    ("user", "The area doesn't matter."),
    (
        "assistant",
        "There are 4 indian restaurants that meet your criteria. I would recommend kohinoor. "
        "I really enjoy their food.",
    ),
    ("user", "Can you reserve a table for me?"),
    ("assistant", "Sure, what day, time, and number of people would you like to book it for?"),
    ("user", "I would like the booking for wednesday at 19:45 for a group of 6"),
    ("assistant", "I have you booked at mahal of cambridge, the reference number is 4B8HXAF2"),
    (
        "user",
        "Lastly, I need a taxi between the two places, I would liek to get to the kohinoor restaurant by the "
        "booked time of 19:45.",
    ),
    ("assistant", "Booking completed! Booked car type: black skoda Contact number: 07910219263"),
    ("user", "thanks for your help and have a good day"),
    ("assistant", "you're very welcome!"),
]
NOODLE_BAR = [
    (
        "user",
        "Can you help me fine a local restaurant? I am looking for a moderately priced place to dine that is "
        "located somewhere near the centre.",
    ),
    (
        "assistant",
        "There are a total of 21 restaurants that match that criteria. Is there a certain style of food you "
        "are wanting?",
    ),
    (
        "user",
        "No particular food style, but I need a reservation for 1 on Saturday at 11:30, once I decide on a "
        "place I will need a reference number.",
    ),
    ("assistant", "Do you have a further preference to reduce the number of acceptable entries?"),
    ("user", "I am also looking for a place to stay. I need a guesthouse with free wifi."),
    (
        "assistant",
        "Booking was successful at yippee noodle bar. The table will be reserved for 15 minutes. "
        "Reference number is: K1103XE1.",
    ),
    ("user", "Thank you! Is there a guesthouse with free parking and wifi nearby?"),
    (
        "assistant",
        "We have the Alexander Bed and Breakfast a 4 star guesthouse in the centre part of town in the cheap "
        "price range. Does this sound acceptable to book?",
    ),
    ("user", "Are there any hotels instead of guesthouses with the same criteria?"),
    (
        "assistant",
        "The University Arms Hotel might be your best bet. It is an expensive 4-star hotel in the center of "
        "town with free wifi and free parking.",
    ),
    (
        "user",
        "Actually, can you please book the Alexander Bed and Breakfast instead? I'll be arriving on Saturday "
        "and need a room for 4 nights. Just one person.",
    ),
    (
        "assistant",
        "I'm sorry, but there are no vacancies for your requested time. "
        "Would you like to try a different day or perhaps a shorter stay?",
    ),
    ("user", "Is it available for a single night stay?"),
    ("assistant", "Yes. I have booked your reservation for one night. The reference number is Q1BD4PP0"),
]


def compress(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="booked")


def test_a_booked_venue_stays_current_beside_the_next_booking():
    text = compress(GUEST_HOUSE).context.text
    assert occurs_unmarked("acorn guest house", text), text
    assert occurs_unmarked("kohinoor", text), text


def test_a_correction_changes_the_value_in_play_not_the_booked_one():
    text = compress(NOODLE_BAR).context.text
    assert occurs_unmarked("yippee noodle bar", text), text
    assert not only_marked("yippee noodle bar", text), text
    assert occurs_unmarked("Alexander Bed and Breakfast", text), text
