"""The user takes up a value the assistant named without restating it ("How about curry prince?" ->
"That should work, try that for 3 people"): the value is the user's (issue 12: an assistant's value
the user accepts is kept as current). A value the assistant offered and then went back from (it reads
the held value back) is no longer open for the user's next yes. Each test feeds the real parse /
extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.en_cues import accepts
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("That should work, try that for 3 people.", True),
        ("that works.", True),
        ("This will work for us", True),
        ("That sounds interesting. Can I book it?", True),
        ("Sounds lovely!", True),
        ("Let's do that.", True),
        ("I like that one.", True),
        ("I'll take that one", True),
        # British "go on then" took nothing: the cheaper total offered (£5,310) stayed an offer
        ("Go on then, the builder'll do the boards.", True),
        ("go on.", True),
        ("Go for it", True),
        ("go on, tell me more about it", False),
        ("I like that one better than the first?", False),
        ("It would work if it were cheaper.", False),
        ("That sounds too expensive.", False),
        ("Does that work on Sunday?", False),
    ],
)
def test_agreeing_in_other_words_accepts(text: str, expected: bool) -> None:
    assert accepts(text) is expected


def test_a_venue_offered_and_agreed_to_in_other_words_becomes_the_users_value():
    st = state_after(
        [
            ("user", "I am looking for a moderately priced restaurant in the east."),
            ("assistant", "Can I recommend the Rajmahal, at 7 Barnwell Road?"),
            ("user", "Book me a table for 3 at 19:30 on sunday."),
            ("assistant", "I was unable to book that. Is there another time you would consider?"),
            ("user", "Can you try a different restaurant?"),
            ("assistant", "How about curry prince? It is also located in the east."),
            ("user", "That should work, try that for 3 people at 19:30 on sunday."),
        ]
    )
    names = [f.value for f in st.facts.values() if f.role == "user"]
    assert "curry prince" in names
    assert "curry prince" not in [o.value for o in st.offers.values()]


def test_an_offer_the_assistant_went_back_from_is_not_taken_by_a_later_yes():
    st = state_after(
        [
            ("user", "Find me a hotel in Los Angeles."),
            ("assistant", "Would you like Banana Bungalow hostel with a 4.1 rating?"),
            ("user", "This sounds interesting, what is their address?"),
            ("assistant", "You can visit them at 5920 Hollywood Boulevard, Hollywood, CA 90028, USA."),
            ("user", "Could you make a reservation for 1 room please?"),
            ("assistant", "Please confirm your reservation for 1 room at Banana Bungalow hostel."),
            ("user", "Yes, please."),
        ]
    )
    held = [f.value for f in st.facts.values()]
    assert "Banana Bungalow hostel" in held
    assert "USA" not in held
