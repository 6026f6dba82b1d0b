"""The coverage guarantee never brings back a user's clause for a value a later value replaced
with evidence, though the history holds that value in other words (the assistant's read-back
"11:15 am" of the user's "11:15"): the clause would show the old value unmarked beside the
fact's "(was: ...)"."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.unproven import is_replaced

pytestmark = pytest.mark.unit

SALON = [
    ("user", "I want to fancy myself up at a salon in Hayward."),
    ("assistant", "There are 3 good salons in Hayward, such as the King of Kutz Barbershop."),
    ("user", "Can you find a different salon for me?"),
    ("assistant", "Sure. Hayward also has Santa Clara Sports Barber Shop."),
    ("user", "Sounds good. I want an appointment there on the 1st of this month."),
    ("assistant", "And at what time?"),
    ("user", "At 11:15, please."),
    (
        "assistant",
        "Okay, I will book an appointment for you at Santa Clara Sports Barber Shop at 11:15 am "
        "on March 1st. Is that accurate?",
    ),
    ("user", "Yes, it is."),
    (
        "assistant",
        "Oh no! I couldn't book that time. Do you instead want to visit Santa Clara Sports Barber Shop "
        "a tiny bit later, at 11:30 am on March 1st?",
    ),
    ("user", "Yes, please book that."),
    ("assistant", "I booked your appointment."),
    ("user", "Thanks! That is all."),
    ("assistant", "Have a fantastic day!"),
    ("user", "Bye."),
    ("assistant", "Bye."),
]


def _state_text(turns: list[tuple[str, str]], context_id: str) -> str:
    """The rendered state (above the recent turns) after a forced compaction of turns."""
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id=context_id)
    return result.rendered.state_text


def test_a_replaced_value_read_back_in_other_words_brings_no_clause_back():
    head = _state_text(SALON, "salon")
    assert "11:30 am (was: 11:15" in head
    assert "At 11:15, please." not in head


def test_a_value_is_replaced_when_it_is_most_of_a_replaced_values_words():
    replaced = {"11:15 am", "the rodeway inn bronx zoo hotel", "citadines opera paris, apart hotel paris"}
    assert is_replaced("11:15", replaced)
    assert is_replaced("Rodeway Inn Bronx Zoo", replaced)
    assert is_replaced("Citadines OpeRa Paris (Apart Hotel Paris)", replaced)
    assert not is_replaced("11", replaced)  # a part of a token is no value of it
    assert not is_replaced("Paris", replaced)  # a small part names a value of its own
    assert not is_replaced("11:30 am", replaced)


def test_one_item_of_a_replaced_list_is_no_replaced_value():
    # a list narrowed to one pick (or replaced as a whole) says nothing of each item the user stated
    replaced = {"61, 59", "the blue horizon, the summit rewards", "医保, 商业险"}
    assert not is_replaced("61", replaced)
    assert not is_replaced("the Blue Horizon", replaced)
    assert not is_replaced("医保", replaced)
    assert is_replaced("61; 59", replaced)  # the same list, written another way


BOOSTER = [
    ("user", "Hello, is this the baby shop on Ngong Road? I need a car seat for my daughter."),
    ("assistant", "Hello! Yes. How old is your daughter?"),
    ("user", "Amani is 5 years, about 19 kilos."),
    ("assistant", "At 5 years she needs a high-back booster. What is your limit?"),
    ("user", "KSh 12,000 max."),
    ("assistant", "The Duma Hi-Back is KSh 9,800. Which colour?"),
    ("user", "Grey. White would be brown in one week on our road."),
    ("assistant", "Grey Duma Hi-Back, noted."),
    ("user", "Thanks."),
    ("assistant", "Anything else?"),
    ("user", "No, that's all."),
]


def test_a_value_replaced_only_as_an_offer_is_owed_while_the_users_fact_holds_it():
    # the assistant's "At 5 years" is an offered duration the user's "in one week" replaced; the
    # user's "Amani is 5 years" is still the child's age, so the clause with her name is owed
    head = _state_text(BOOSTER, "booster")
    assert "5 years" in head
    assert "Amani" in head
