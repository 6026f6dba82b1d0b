"""End-to-end cases through the real analyzers (rules-only mode): what a user says survives compaction."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult
from core.parse import parse_message
from core.render import parse_anchors

pytestmark = pytest.mark.unit
TS = datetime(2026, 1, 5, 9, 0)  # a Monday


def run(turns: list[tuple[str, str]], **cfg):
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False, **cfg)).compress(msgs, context_id="case")


def head(result) -> str:
    """The compacted part as the compaction rendered it (a context this short is served raw: it
    is not smaller than the raw history, see test_tool_records)."""
    return result.rendered.state_text


FILLER = [("assistant", "Anything else?"), ("user", "No, that's all."), ("assistant", "Goodbye.")]


def test_english_negation_pair_is_kept_whole():
    r = run(
        [
            ("user", "Find me a Thai restaurant, but no spicy food please."),
            ("assistant", "Sure, Bangkok House is nice."),
            *FILLER,
        ]
    )
    assert "no spicy food" in head(r)


def test_chinese_negation_pair_is_kept_whole():
    r = run(
        [
            ("user", "帮我推荐一张信用卡，我不想要年费高的卡。"),
            ("assistant", "好的，推荐您招商银行的卡。"),
            ("user", "好的，谢谢。"),
            ("assistant", "不客气。"),
            ("user", "再见。"),
        ]
    )
    assert "我不想要年费高的卡" in head(r) or "不想要年费高的卡" in head(r)


def test_english_correction_marks_the_old_value():
    r = run(
        [
            ("user", "Book a table for 2 at 7pm on Friday."),
            ("assistant", "Which restaurant?"),
            ("user", "Actually, make it 8pm instead."),
            ("assistant", "OK, 8pm it is."),
            # long enough that the compacted context (its Friday resolved to a date) is the smaller
            ("user", "Could you also check whether they have a vegetarian menu and step-free access?"),
            ("assistant", "They have a vegetarian tasting menu and a ramp at the side entrance."),
            *FILLER,
        ]
    )
    facts = parse_anchors(r.context.text)["facts"]
    assert "8pm" in facts.values() and "7pm" not in facts.values()
    assert "(was: 7pm" in head(r)


def test_chinese_correction_marks_the_old_value():
    r = run(
        [
            ("user", "我想订明天晚上7点的餐厅，两个人。"),
            ("assistant", "好的，请问哪家餐厅？"),
            ("user", "改成晚上8点吧。"),
            ("assistant", "好的，改为晚上8点。"),
            ("user", "谢谢。"),
            ("assistant", "不客气。"),
        ]
    )
    text = head(r)
    assert "8点" in text
    assert "7点" not in text or "was: " in text.split("7点")[0][-20:]


def test_next_wednesday_at_3pm_is_normalised_against_the_message_time():
    atoms = parse_message(Message(idx=0, role="user", text="Call me next Wednesday at 3pm.", ts=TS)).atoms
    values = [e.value for a in atoms for e in a.entities]
    # one datetime, or a date and a time (two slots, so a later "at 4pm" corrects the time only)
    assert any(v.startswith("2026-01-07T15:00") for v in values) or {"2026-01-07", "15:00"} <= set(values)
    zh = parse_message(Message(idx=0, role="user", text="下周三下午3点给我打电话。", ts=TS)).atoms
    assert any(e.value.startswith("2026-01-14T15:00") for a in zh for e in a.entities)


def test_a_repeated_tool_call_is_seen_and_completed_actions_are_listed():
    def call(i: int, cid: str) -> list[Message]:
        return [
            Message(
                idx=i,
                role="assistant",
                text="",
                tool_call=ToolCall(call_id=cid, name="search_flights", args={"to": "Paris"}),
            ),
            Message(idx=i + 1, role="tool", text="", tool_result=ToolResult(call_id=cid, data={"n": 3})),
        ]

    msgs = [Message(idx=0, role="user", text="Find flights to Paris."), *call(1, "a"), *call(3, "b")]
    session = Compressor(Config(use_embeddings=False)).session("tools")
    events = [e for m in msgs for e in session.add(m, auto_compact=False).events]
    assert "repeated_action" in events
    session.compact(force=True)
    assert session.rendered is not None
    assert "search_flights(to=Paris) x2" in session.rendered.text


def test_assistant_self_correction_invalidates_its_old_answer():
    r = run(
        [
            ("user", "When does the museum open?"),
            ("assistant", "The museum opens at 9 am."),
            ("user", "Thanks."),
            ("assistant", "Sorry, correction: the museum opens at 10 am, not 9 am."),
            *FILLER,
        ]
    )
    facts = parse_anchors(r.context.text)["facts"]
    assert "9 am" not in facts.values()


def test_a_pinned_instruction_survives_many_turns_and_is_marked_pinned():
    turns = [("user", "You must always reply in French.")]
    turns += [("assistant", "D'accord."), ("user", "What is the weather like?")] * 12
    r = run(turns)
    pinned = [c for c in r.state.constraints if c.pinned]
    assert pinned and "French" in head(r)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300), role=st.sampled_from(["user", "assistant", "tool", "system"]))
def test_parse_never_crashes_and_offsets_index_the_clause(text, role):
    parsed = parse_message(Message(idx=0, role=role, text=text))
    for atom in parsed.atoms:
        for ent in atom.entities:
            if ent.start >= 0:
                assert atom.text[ent.start : ent.end] == ent.text


def test_a_correction_naming_the_old_value_keeps_only_the_new_one():
    r = run(
        [
            ("user", "I need a dentist appointment on the 12th at noon."),
            ("assistant", "To confirm: an appointment on March 12th at 12 pm?"),
            ("user", "No, I have something on the 12th. Can you schedule it for the 14th instead?"),
            ("assistant", "Sure."),
            *FILLER,
        ]
    )
    facts = parse_anchors(r.context.text)["facts"]
    dates = [v for k, v in facts.items() if k.endswith(".date")]
    assert dates == ["the 14th"], facts
    assert "(was: " in head(r) and "12th" in head(r).split("(was: ")[1]


def test_the_users_day_stays_current_when_the_assistant_restates_it_with_the_month():
    r = run(
        [
            ("user", "I need a hotel room checking in on the 1st."),
            ("assistant", "Which hotel?"),
            ("user", "The Grand Hotel, and check in on the 2nd please."),
            ("assistant", "So 1 room at the Grand Hotel checking in on March 2nd, is that correct?"),
            ("user", "Yes that sounds good."),
            *FILLER,
        ]
    )
    facts = parse_anchors(r.context.text)["facts"]
    date = next(v for k, v in facts.items() if k.endswith(".date"))
    assert date in ("the 2nd", "March 2nd") and "the 2nd" in head(r)
    assert "was: the 1st" in head(r)


def test_a_changed_preference_does_not_decay_when_the_user_moves_on():
    r = run(
        [
            ("user", "I'd like to stream a thriller movie."),
            ("assistant", "I found Pet Sematary. Does that sound good?"),
            ("user", "Something else. Preferably a drama film."),
            ("assistant", "I found Wild Nights. How does that sound?"),
            ("user", "Not now. I want to find an event in Seattle."),
            ("assistant", "What kind of event?"),
            ("user", "A concert please."),
            ("assistant", "I found a concert at the Paramount."),
            ("user", "That works."),
            ("assistant", "Should I buy tickets?"),
            ("user", "No thanks."),
            ("assistant", "Anything else?"),
            ("user", "No, that's all."),
        ]
    )
    assert "drama" in head(r).lower()


def test_a_declined_offer_leaves_the_next_steps():
    offer = [
        ("user", "I need a cheap guesthouse in the north."),
        ("assistant", "Acorn House is a cheap guesthouse in the north. Would you like me to book it?"),
    ]
    declined = run([*offer, ("user", "No thanks, I just need the postcode."), *FILLER])
    assert declined.state.todos and all(t.declined for t in declined.state.todos)
    assert not parse_anchors(declined.context.text)["actions_required"]
    corrected = run([*offer, ("user", "No, for 3 people please."), *FILLER])
    assert not any(t.declined for t in corrected.state.todos)


def test_a_chinese_decline_leaves_the_next_steps():
    r = run(
        [
            ("user", "帮我找一家便宜的酒店。"),
            ("assistant", "如家酒店很便宜，需要帮您预订吗？"),
            ("user", "不用了，谢谢。"),
            ("assistant", "好的。"),
            ("user", "再见。"),
        ]
    )
    assert all(t.declined for t in r.state.todos)
    assert not parse_anchors(r.context.text)["actions_required"]


def test_an_assistants_sign_off_names_no_fact_and_a_negated_clause_is_no_goal():
    r = run(
        [
            ("user", "I want a table at an Italian restaurant. I don't need a reservation."),
            ("assistant", "Pizza Express serves Italian food. Thank you for contacting the Town Info Desk."),
            *FILLER,
        ]
    )
    assert "Town Info Desk" not in head(r)
    closing = run([("user", "I need a taxi to the station."), ("assistant", "Booked."), *FILLER])
    assert not any("that's all" in g for g in parse_anchors(closing.context.text)["goals"])
    assert not any("don't" in g or "reservation" in g for g in parse_anchors(r.context.text)["goals"])


def test_the_goal_line_leaves_out_values_the_facts_already_show():
    r = run(
        [
            ("user", "Book a table for 6 people at 20:00 on Thursday."),
            ("assistant", "Which restaurant?"),
            # turns that push it out of the recent window without closing the conversation (a
            # closing settles the goal: tests/core/test_closing.py)
            ("assistant", "Let me check what is free."),
            ("user", "Sure."),
            ("assistant", "One moment please."),
        ]
    )
    goal = parse_anchors(r.rendered.text)["goals"][0]
    facts = parse_anchors(r.rendered.text)["facts"].values()
    # the time reads back as the user's words for it, said in one phrase with its day
    assert "20:00 on Thursday" in facts and "20:00" not in goal and goal.startswith("Book a table")


def test_closing_the_conversation_declines_the_offers_never_taken_up():
    """MultiWOZ MUL0032's shape: a booking offered, the user asks something else, then closes.
    Nothing is left to do about that offer; an offer the user answered with values still is."""
    asked_else = run(
        [
            ("user", "I need a hotel in the centre."),
            ("assistant", "Cityroomz is a hotel in the centre. Would you like me to make a reservation?"),
            ("user", "Can I just get the address?"),
            ("assistant", "It is on Sleeperz Road. May I help you with anything else?"),
            ("user", "No, that is all for today. Have a nice day."),
            ("assistant", "Thank you. You as well."),
        ]
    )
    assert asked_else.state.todos and all(t.declined for t in asked_else.state.todos)
    assert not parse_anchors(asked_else.context.text)["actions_required"]
    taken = run(
        [
            ("user", "I need a hotel in the centre."),
            ("assistant", "Cityroomz is a hotel in the centre. Would you like me to book it?"),
            ("user", "Yes, for 3 people on Friday."),
            ("assistant", "Anything else?"),
            ("user", "No, that is all for today."),
        ]
    )
    assert taken.state.todos and not any(t.declined for t in taken.state.todos)


def test_a_closing_said_straight_after_the_offer_declines_it():
    r = run(
        [
            ("user", "帮我找一家便宜的酒店。"),
            ("assistant", "如家酒店很便宜，需要帮您预订吗？"),
            ("user", "就这些，谢谢。"),
        ]
    )
    assert r.state.todos and all(t.declined for t in r.state.todos)
