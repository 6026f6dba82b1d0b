"""Every value has evidence, and a value replaces another only with evidence (issue: dialogue state
you can trust): a yes to an assistant's restatement keeps the user's value; a yes to an
alternative the assistant offered in its place replaces it."""

from __future__ import annotations

from datetime import datetime

import pytest

from bench.markers import occurs_unmarked, only_marked
from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.render import parse_anchors

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
FLAGS = ("yes", "no", "是", "否")


def run(turns: list[tuple[str, str]]):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="ev")


HOTEL = [
    ("user", "I need a hotel in Cambridge for 2 nights from Friday, under 150 pounds a night."),
    ("assistant", "Granta Lodge is 149 pounds a night and has free parking. Shall I book it?"),
    ("user", "Yes please, book it for Dana Whitfield."),
    ("assistant", "Done: Granta Lodge is booked for Dana Whitfield, reference GL-48213."),
    ("user", "And a table for 2 at 19:45 on Friday near the hotel."),
    ("assistant", "Sorry, 19:45 is fully booked at Midsummer House. How about 18:45 instead?"),
    ("user", "Yes, that works."),
    ("assistant", "Your table at Midsummer House is booked for 18:45, reference MH-221."),
]
ZH = [
    ("user", "帮我订明天晚上7点的餐厅，两个人，预算300元以内。"),
    ("assistant", "不好意思，7点已订满，8点可以吗？"),
    ("user", "可以。"),
    ("assistant", "好的，已为您预订明天晚上8点，两位。"),
]


@pytest.mark.parametrize("turns", [HOTEL, ZH], ids=["en", "zh"])
def test_every_rendered_value_is_traced_to_its_turn_and_span(turns):
    result = run(turns)
    assert result.rendered is not None
    shown = parse_anchors(result.rendered.text)["facts"]
    assert shown
    for key in shown:
        fact = result.state.facts[key]
        ev = fact.evidence
        assert ev is not None, key
        message = result.messages[ev.idx]
        assert message.role == ev.role
        assert message.text[ev.start : ev.end] == ev.text, (key, ev)
        forms = [fact.value.lower(), *(a.lower() for a in fact.aliases)]
        if fact.value in FLAGS:  # a facility flag: its span is the facility the turn named
            continue
        assert ev.text.lower() in forms or any(ev.text.lower() in f for f in forms), (key, ev.text, forms)


def test_a_price_the_assistant_quoted_never_replaces_the_users_budget():
    result = run(HOTEL)
    text = result.rendered.text
    assert occurs_unmarked("150 pounds", text) and not only_marked("150 pounds", text)
    assert "(was: 150" not in text


def test_a_yes_to_an_alternative_offered_in_place_of_the_users_value_replaces_it():
    result = run(HOTEL)
    times = {k: f for k, f in result.state.facts.items() if f.value == "18:45"}
    assert times, result.rendered.text
    fact = next(iter(times.values()))
    assert [v.value for v in fact.history] == ["19:45"]
    assert fact.evidence is not None and fact.evidence.how == "accepted"
    assert fact.history[0].evidence is not None and fact.history[0].evidence.idx == 4  # the user's turn


def test_a_yes_to_a_restatement_keeps_the_users_value_beside_the_assistants_form():
    result = run(
        [
            ("user", "I'd like something on March 1st. I'm searching for music events around NY."),
            ("assistant", "The event is Buddy Guy, which will begin at 7:30 pm today at Sony Hall."),
            ("user", "Sounds great."),
            ("assistant", "Shall I book tickets for you?"),
        ]
    )
    text = result.rendered.text
    assert occurs_unmarked("March 1st", text) and not only_marked("March 1st", text)
    assert "today" in text  # the assistant's form stands beside it, unmarked too


def test_an_arrival_time_and_a_departure_time_are_two_attributes():
    result = run(
        [
            ("user", "I need a train to King's Lynn on Thursday, and I need to arrive by 21:00."),
            ("assistant", "TR1234 leaves at 5:11 and arrives at 6:09."),
            ("user", "Please get me a ticket for one that leaves at 5:11 a.m and send me the reference."),
            ("assistant", "Booked, reference AB12CD."),
        ]
    )
    text = result.rendered.text
    assert occurs_unmarked("21:00", text) and not only_marked("21:00", text)


def test_the_domain_word_as_a_reference_does_not_replace_the_type():
    result = run(
        [
            ("user", "I would really like a guesthouse in the west, please."),
            ("assistant", "Hobsons House is a guesthouse in the west. Shall I book it?"),
            ("user", "Yes. I also need a taxi from the hotel to the restaurant by 19:00."),
            ("assistant", "Your taxi is booked, a red Skoda."),
        ]
    )
    text = result.rendered.text
    assert occurs_unmarked("guesthouse", text) and "(was: guesthouse" not in text


def test_values_after_a_goal_clause_keep_their_span_in_the_turn():
    """The goal phrase of a turn's first clause must not stand in for the turn's text when the
    spans of its later clauses are looked up."""
    text = "I need a taxi to the station. It should pick me up from Granta Lodge at 5pm."
    result = run([("user", text)])
    assert result.state.goals, result.state
    for key in ("taxi.origin", "taxi.time"):
        ev = result.state.facts[key].evidence
        assert ev is not None and ev.start >= 0, (key, ev)
        assert text[ev.start : ev.end] == ev.text == result.state.facts[key].value
