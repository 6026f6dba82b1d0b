"""The amounts of an assistant's report of a done change are each a term of it (core.reported): a
deposit, a total and a first payment said in one report are kept whatever the soft budget, not
dropped as information because one slot holds three of them; so is the quote of the option the user
takes, named again right after their reply."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.reported import chosen_evidence

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
TURNS = [
    ("user", "We'd like to hire the Lakeside barn for a wedding on 12 June, about 80 guests."),
    ("assistant", "The barn is free on 12 June. Hire is €6,200, catering from €45 a head. Shall I hold it?"),
    ("user", "yes please hold it, and we'll do our own catering"),
    ("assistant", "Held under reference LB-4471 until Friday. Without catering the total is €6,200."),
    ("user", "can we add the evening lights package?"),
    ("assistant", "Done: no lights, a €300 deposit held at check-in. Back to €6,200, first half €3,100."),
    ("user", "great"),
    ("assistant", "Anything else?"),
    ("user", "no that's all"),
    ("assistant", "Lovely, see you in June!"),
]


def test_the_amounts_of_one_report_are_all_kept() -> None:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(TURNS)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs)
    amounts = [f for f in result.state.facts.values() if "€3,100" in f.value]
    assert amounts and all(f.evidence is not None and f.evidence.how == "reported" for f in amounts)
    state = result.rendered.text.split("--- recent turns ---")[0]
    assert "€300" in state and "€3,100" in state


QUOTE_TAKEN = [
    ("user", "We want a lean-to conservatory on the back of the house, 4 by 3 metres."),
    ("assistant", "With a glass roof it comes to £19,450. Would you like a survey?"),
    ("user", "Our neighbour says theirs is like an oven in July. What would the other roof cost?"),
    ("assistant", "A solid tiled roof with two Velux windows comes to £21,300."),
    ("user", "The solid tiled roof with the Velux windows, then."),
    ("assistant", "Very good: solid tiled roof with two Velux windows, £21,300. Shall I arrange a survey?"),
    ("user", "yes, next week"),
    ("assistant", "I'll be in touch."),
]


def test_a_quote_named_again_after_the_users_reply_is_a_term_taken() -> None:
    """The price of the option the user takes, said again right after their reply ("Very good: ...,
    £21,300"), is a term of what goes ahead, chosen, not a quote among others."""
    msgs = [
        Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(QUOTE_TAKEN)
    ]
    result = Compressor(Config(use_embeddings=False)).compress(msgs)
    quoted = [f for f in result.state.facts.values() if "£21,300" in f.value]
    assert quoted and all(chosen_evidence(f) for f in quoted)  # kept whatever the soft budget
