"""Merge stage: conflicts keep the newest value with history, offers, decay, archive, recall."""

from __future__ import annotations

import pytest

from core.config import Config
from core.decay import recall
from core.extract import extract
from core.merge import merge, same_value
from core.models import ActionMarker, ContextState, Message, ParsedMessage, ToolCall, ToolResult
from core.parse import parse_message
from tests.core.builders import ent, parsed

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)


def run(messages: list[ParsedMessage], state: ContextState | None = None) -> ContextState:
    st = state or ContextState(context_id="t")
    for p in messages:
        st = merge(st, p, extract(p, st), CFG)
    return st


def test_same_value_matches_word_spans_not_substrings():
    assert same_value("worth house", "the worth house guesthouse")
    assert not same_value("2", "12")
    assert not same_value("north", "northampton")
    assert not same_value("a | b", "a")
    assert same_value("centre", "center") and same_value("guest house", "guesthouses")
    assert not same_value("5:30 pm", "5:45 pm") and not same_value("tr1234", "tr1235")
    assert not same_value("monday", "sunday")


def test_conflict_keeps_newest_and_records_old_with_turn_and_reason():
    st = run(
        [
            parsed(0, "user", "A table at 19:45", [ent("time", "19:45", "time")], domain="restaurant"),
            parsed(1, "assistant", "Sorry, none at that time.", domain="restaurant"),
            parsed(
                2,
                "user",
                "Actually make it 18:45",
                [ent("time", "18:45", "time")],
                kind="correction",
                domain="restaurant",
            ),
        ]
    )
    fact = st.facts["restaurant.time"]
    assert fact.value == "18:45"
    assert [(v.value, v.idx, v.replaced_at) for v in fact.history] == [("19:45", 0, 2)]
    assert fact.history[0].reason == "corrected by user"


def test_merge_does_not_mutate_the_input_state():
    st = run([parsed(0, "user", "at 19:45", [ent("time", "19:45", "time")], domain="restaurant")])
    before = st.model_dump()
    merge(
        st,
        parsed(1, "user", "no, 20:00", [ent("time", "20:00", "time")], domain="restaurant"),
        extract(parsed(1, "user", "x"), st),
        CFG,
    )
    assert st.model_dump() == before


def test_assistant_value_is_an_offer_until_the_user_accepts():
    st = run(
        [
            parsed(0, "user", "Book at 7pm", [ent("time", "7pm", "time", "19:00")], domain="restaurant"),
            parsed(
                1,
                "assistant",
                "How about 7:30 pm?",
                [ent("time", "7:30 pm", "time", "19:30")],
                kind="question",
                domain="restaurant",
            ),
        ]
    )
    assert st.facts["restaurant.time"].value == "7pm"
    assert st.offers["restaurant.time"].value == "7:30 pm"
    st = run([parsed(2, "user", "Yes please", kind="confirmation")], st)
    fact = st.facts["restaurant.time"]
    assert fact.value == "7:30 pm" and fact.role == "user"
    assert fact.history[-1].value == "7pm" and "accepted" in fact.history[-1].reason
    assert "restaurant.time" not in st.offers


def test_a_rejected_offer_does_not_replace_the_user_value():
    st = run(
        [
            parsed(0, "user", "Book at 7pm", [ent("time", "7pm", "time", "19:00")], domain="restaurant"),
            parsed(
                1,
                "assistant",
                "How about 9 pm?",
                [ent("time", "9 pm", "time", "21:00")],
                kind="question",
                domain="restaurant",
            ),
            parsed(2, "user", "no, not that late", kind="answer", negation="not that late"),
        ]
    )
    assert st.facts["restaurant.time"].value == "7pm"


def test_user_stated_facts_do_not_decay_but_assistant_facts_do():
    msgs = [
        parsed(0, "user", "in the north", [ent("term", "north", "area")], domain="hotel"),
        parsed(1, "assistant", "Acorn House is there", [ent("name", "Acorn House", "name")], domain="hotel"),
    ]
    msgs += [parsed(2 + i, "user", "hmm", kind="question") for i in range(5)]
    st = run(msgs)
    assert st.facts["hotel.area"].weight == 1.0
    assert st.facts["hotel.name"].weight == pytest.approx(0.95**5, abs=1e-3)


def test_tool_data_decays_over_three_turns_then_is_archived_and_recalled():
    tool = parsed(0, "tool", "result", [ent("money", "$42", "count")], domain="bank")
    st = run([tool, *[parsed(1 + i, "user", "ok?", kind="question") for i in range(3)]])
    assert st.facts["bank.count"].weight == pytest.approx(0.4)
    st = run([parsed(4, "user", "ok?", kind="question")], st)
    assert "bank.count" not in st.facts
    assert [f.key for f in st.archive] == ["bank.count"] and st.archive[0].status == "archived"
    back, found = recall(st, "bank.count")
    assert back.facts["bank.count"].status == "active" and found and not back.archive
    assert st.archive, "recall returns a new state; the old one keeps its archive"


def test_preference_decays_linearly_and_resets_when_repeated():
    pref = parsed(0, "user", "ideally somewhere quiet", [ent("term", "quiet", "type")], kind="preference")
    st = run([pref, *[parsed(1 + i, "user", "and?", kind="question") for i in range(2)]])
    assert st.facts["general.type"].kind == "preference"
    assert st.facts["general.type"].weight == pytest.approx(1 - 2 / 5)
    st = run([parsed(3, "user", "ideally quiet", [ent("term", "quiet", "type")], kind="preference")], st)
    assert st.facts["general.type"].weight == 1.0


def test_pinned_fact_never_decays():
    st = run(
        [
            parsed(0, "tool", "must keep", [ent("id", "A-1", "ref")], pinned=True),
            *[parsed(1 + i, "user", "go on", kind="question") for i in range(10)],
        ]
    )
    assert st.facts["general.ref"].weight == 1.0


def test_negated_values_become_constraints_not_facts():
    st = run(
        [
            parsed(
                0,
                "user",
                "no cilantro please",
                [ent("term", "cilantro", "food", start=3)],
                negation="no cilantro",
                domain="restaurant",
            )
        ]
    )
    assert "restaurant.food" not in st.facts
    assert [c.text for c in st.constraints] == ["no cilantro"]


def test_tool_call_completes_by_call_id_and_state_machine_moves():
    call = parse_message(
        Message(idx=0, role="assistant", tool_call=ToolCall(call_id="c1", name="search", args={"q": "x"}))
    )
    st = run([call])
    assert st.task_state == "EXECUTING" and st.actions[0].status == "pending"
    res = parse_message(
        Message(idx=1, role="tool", tool_result=ToolResult(call_id="c1", data={"hits": ["a", "b"]}))
    )
    st = run([res], st)
    assert st.task_state == "IDLE" and st.actions[0].status == "done" and len(st.actions) == 1
    record = st.actions[0]
    assert (record.tool, record.args, record.result_idx, record.shape) == ("search", {"q": "x"}, 1, "object")


def test_consecutive_tool_failures_are_counted_and_reset_on_success():
    fail = [
        parsed(i, "assistant", "failed", kind="answer", action=ActionMarker(verb="pay", status="failed"))
        for i in range(3)
    ]
    st = run(fail)
    assert st.consecutive_failures == 3
    st = run(
        [parsed(3, "assistant", "done", kind="answer", action=ActionMarker(verb="pay", status="done"))], st
    )
    assert st.consecutive_failures == 0


def test_todos_are_append_only_and_marked_done_by_a_matching_action():
    offer = parsed(
        0, "assistant", "Shall I book it?", domain="hotel", action=ActionMarker(verb="book", status="offered")
    )
    st = run([offer, offer.model_copy(update={"message": offer.message.model_copy(update={"idx": 1})})])
    assert [t.text for t in st.todos] == ["book hotel"]
    done = parsed(
        2, "assistant", "I have booked it", domain="hotel", action=ActionMarker(verb="book", status="done")
    )
    st = run([done], st)
    assert st.todos[0].done and len(st.todos) == 1


@pytest.mark.parametrize(
    ("reply", "accepted"),
    [
        ("That's good.", True),
        ("Sure, could you also find a taxi?", True),
        ("好的，谢谢。", True),
        ("That's all I need.", False),
        ("What is the address?", False),
        ("No, not that one.", False),
    ],
)
def test_a_reply_that_opens_by_agreeing_accepts_the_standing_offer(reply, accepted):
    st = run(
        [
            parsed(0, "user", "Book at 7pm", [ent("time", "7pm", "time", "19:00")], domain="restaurant"),
            parsed(
                1,
                "assistant",
                "How about 7:30 pm?",
                [ent("time", "7:30 pm", "time", "19:30")],
                kind="question",
                domain="restaurant",
            ),
        ]
    )
    kind = "question" if reply.endswith("?") else "answer"
    neg = "not that one" if reply.startswith("No") else None
    st = run([parsed(2, "user", reply, kind=kind, negation=neg)], st)
    assert (st.facts["restaurant.time"].value == "7:30 pm") is accepted


def test_one_value_said_two_ways_is_an_alias_not_a_correction():
    st = run(
        [
            parsed(
                0,
                "user",
                "Tickets for NY on the 11th",
                [ent("place", "NY", "city"), ent("date", "the 11th", "date", "2026-01-11")],
                domain="event",
            ),
            parsed(
                1,
                "assistant",
                "3 tickets in New York on March 11th?",
                [ent("place", "New York", "city"), ent("date", "March 11th", "date", "2026-03-11")],
                kind="question",
                domain="event",
            ),
        ]
    )
    assert (st.facts["event.city"].value, st.facts["event.city"].aliases) == ("NY", ["New York"])
    assert (st.facts["event.date"].value, st.facts["event.date"].aliases) == ("the 11th", ["March 11th"])
    assert not st.facts["event.date"].history and not st.offers


def test_a_preference_stays_while_its_task_is_talked_about_and_fades_after():
    pref = parsed(0, "user", "preferably in the north", [ent("term", "north", "area")], domain="hotel")
    on_topic = [
        parsed(1 + i, "user", "and the hotel price?", kind="question", domain="hotel") for i in range(6)
    ]
    st = run([pref, *on_topic])
    assert st.facts["hotel.area"].weight == 1.0
    off_topic = [
        parsed(7 + i, "user", "what about a taxi?", kind="question", domain="taxi") for i in range(5)
    ]
    st = run(off_topic, st)
    assert "hotel.area" not in st.facts and [f.key for f in st.archive] == ["hotel.area"]


def test_a_time_is_not_the_same_value_as_a_list_of_other_times():
    """'15:00' shared the digits of '15:10, 16:00', so the user's 3pm took the assistant's listed
    times as an alias: 'time=3pm (aka 3:10pm, 4pm)'."""
    assert not same_value("15:00", "15:10, 16:00")
    assert same_value("15:00", "15:00, 16:00")
    assert not same_value("2026-03-01", "2026-03-01, 2026-03-02") or same_value("2026-03-01", "2026-03-01")


def _session_facts(turns: list[tuple[str, str]]) -> dict[str, str]:
    """The facts after a session (its topic tracking gives the assistant's turns their domain)."""
    from core.compressor import Compressor

    session = Compressor(CFG).session("t")
    for i, (role, text) in enumerate(turns):
        session.add(Message(idx=i, role=role, text=text))
    return {k: f.value for k, f in session.state.facts.items()}


def test_a_user_picking_one_listed_option_by_part_of_its_name_narrows_to_it():
    """'Take the United one' of 'Delta DL123 ..., United UA45 ...': before, the whole list became
    the user's value with 'the United' as its alias, and the offered times joined the user's time."""
    facts = _session_facts(
        [
            ("user", "I'd like to fly to Boston next Wednesday at 3pm."),
            ("assistant", "Delta DL123 at 3:10pm costs $520, United UA45 at 4pm is $480."),
            ("user", "Take the United one."),
            ("assistant", "Booked United UA45 on Wednesday at 4pm, confirmation QX7Z9."),
        ]
    )
    names = [v for k, v in facts.items() if k.endswith(".name")]
    assert names == ["United UA45"], facts
    times = [v for k, v in facts.items() if k.endswith(".time")]
    assert "3pm" in times and not any("3:10" in t for t in times), facts
