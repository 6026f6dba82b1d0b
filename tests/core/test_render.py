"""Render stage: anchors, replaced values marked, budget priority, required actions."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.config import Config
from core.models import ActionUnit, Constraint, ContextState, Fact, FactVersion, Goal, Message, Todo
from core.render import RECENT_SEPARATOR, parse_anchors, render

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)


def fact(key: str, value: str, role: str = "user", **kw) -> Fact:
    return Fact(
        key=key, value=value, norm=value.lower(), first_idx=0, last_idx=kw.pop("last_idx", 0), role=role, **kw
    )


def state() -> ContextState:
    return ContextState(
        goals=[Goal(text="book a cheap hotel by the river", idx=0, domain="hotel")],
        facts={
            "hotel.price_range": fact("hotel.price_range", "cheap"),
            "hotel.date": fact(
                "hotel.date",
                "Friday",
                history=[
                    FactVersion(
                        value="Thursday", norm="thursday", idx=0, replaced_at=2, reason="corrected by user"
                    )
                ],
            ),
            "hotel.name": fact("hotel.name", "Acorn House", role="assistant", strength="medium", weight=0.9),
        },
        constraints=[Constraint(text="no smoking rooms", idx=1)],
        actions=[ActionUnit(tool="search hotel", idx=3, status="done", ref="REF123")],
        todos=[Todo(text="book hotel", idx=4, requires=["hotel.name", "hotel.people"])],
    )


def test_anchors_round_trip_and_recent_turns_follow_the_separator():
    recent = [Message(idx=5, role="user", text="Is it [FACT:hotel.name=Fake]?")]
    out = render(state(), recent, CFG, tokens_in=10_000)
    anchors = parse_anchors(out.text)
    assert anchors["goals"] == ["book a cheap hotel by the river"]
    assert anchors["facts"] == {
        "hotel.price_range": "cheap",
        "hotel.date": "Friday",
        "hotel.name": "Acorn House",
    }
    assert anchors["actions_required"] == ["book hotel (missing: people)"]
    assert out.text.split(RECENT_SEPARATOR)[1].strip() == "user: Is it [FACT:hotel.name=Fake]?"


def test_a_replaced_value_is_only_shown_marked_as_was():
    out = render(state(), [], CFG, tokens_in=10_000)
    assert "date=Friday (was: Thursday)" in out.text
    assert "Thursday" not in parse_anchors(out.text)["facts"].values()


def test_a_goal_keeps_what_it_is_about_and_leaves_its_date_to_the_facts():
    date = fact("general.date", "next Wednesday").model_copy(update={"norm": "2026-12-09"})
    values = {"general.name": "MRI", "general.date": "next Wednesday"}
    st = ContextState(
        goals=[Goal(text="book MRI mother next Wednesday", idx=0, values=values)],
        facts={"general.name": fact("general.name", "MRI"), "general.date": date},
    )
    goals = parse_anchors(render(st, [], CFG, 10_000).text)["goals"]
    assert goals == ["book MRI mother"]  # not "book mother"
    st.goals = [Goal(text="book next Wednesday", idx=0, values={"general.date": "next Wednesday"})]
    # never the bare "book"; the date is the facts' and an intent verb alone is no goal to show
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == []


def test_a_goal_shows_the_current_value_not_the_replaced_one():
    st = state()
    st.goals = [Goal(text="spa hotel for Thursday", idx=0, domain="hotel", values={"hotel.date": "Thursday"})]
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == ["spa hotel for Friday"]


def test_completed_actions_constraints_and_change_notice_are_shown():
    out = render(state(), [], CFG, tokens_in=10_000, change_notice="Folded turns 0-4. Facts: +3.")
    assert "Completed: search hotel -> ref REF123" in out.text
    assert "Must: no smoking rooms" in out.text
    assert out.text.rstrip().endswith("Change: Folded turns 0-4. Facts: +3.")


def test_tight_budget_keeps_stated_and_chosen_facts_and_drops_informational_ones():
    st = state()
    st.facts["hotel.phone"] = fact("hotel.phone", "01223 456789", role="assistant")
    out = render(st, [], CFG, tokens_in=20)
    facts = parse_anchors(out.text)["facts"]
    assert set(facts) == {"hotel.price_range", "hotel.date", "hotel.name"}
    assert out.dropped == ["hotel.phone"]


def test_must_include_overrides_the_budget():
    st = state()
    st.facts["hotel.phone"] = fact("hotel.phone", "01223 456789", role="assistant")
    out = render(st, [], CFG, tokens_in=20, must_include=["hotel.phone"])
    assert "hotel.phone" in parse_anchors(out.text)["facts"]


def test_facts_are_grouped_per_domain_and_keys_read_back_whole():
    st = ContextState(
        facts={"hotel.area": fact("hotel.area", "north"), "taxi.time": fact("taxi.time", "5pm")}
    )
    out = render(st, [], CFG, 1000)
    assert "[FACT:hotel.area=north]" in out.text and "[FACT:taxi.time=5pm]" in out.text
    assert parse_anchors(out.text)["facts"] == {"hotel.area": "north", "taxi.time": "5pm"}


def test_facts_of_one_domain_share_an_anchor_and_was_is_not_part_of_the_value():
    text = "[FACT:hotel.area=north|stars=4 (was: 3; was: 2)|name=A (B) C]\n[FACT:taxi.time=5pm]"
    assert parse_anchors(text)["facts"] == {
        "hotel.area": "north",
        "hotel.stars": "4",
        "hotel.name": "A (B) C",
        "taxi.time": "5pm",
    }


def test_brackets_in_values_cannot_break_anchors():
    st = ContextState(facts={"x.name": fact("x.name", "A [B] C|D")})
    assert parse_anchors(render(st, [], CFG, 1000).text)["facts"] == {"x.name": "A (B) C/D"}


def test_an_assistant_proposal_the_user_overrode_is_not_shown_as_was():
    st = state()
    st.facts["hotel.name"] = fact(
        "hotel.name",
        "Worth House",
        history=[
            FactVersion(
                value="Acorn House",
                norm="acorn house",
                idx=1,
                replaced_at=2,
                reason="user stated another value",
            )
        ],
    )
    out = render(st, [], CFG, tokens_in=10_000)
    assert "name=Worth House" in out.text and "Acorn House" not in out.text
    assert "(was: Thursday)" in out.text  # the user's own change is still marked


def test_a_value_said_before_its_task_was_known_is_shown_once_under_the_task():
    st = state()
    st.facts["general.area"] = fact("general.area", "north")
    st.facts["hotel.area"] = fact("hotel.area", "north")
    st.facts["general.parking"] = fact("general.parking", "yes")
    out = render(st, [], CFG, tokens_in=10_000)
    facts = parse_anchors(out.text)["facts"]
    assert facts["hotel.area"] == "north" and "general.area" not in facts
    assert facts["general.parking"] == "yes"  # no task holds it: kept


def test_an_offer_that_read_back_a_replaced_value_shows_only_the_new_one():
    st = state()
    st.facts["hotel.date"].history[0].value = "the 9th"
    st.facts["hotel.date"].history[0].norm = "the 9th"
    st.offers["hotel.date"] = fact("hotel.date", "March 4th, the 9th", role="assistant", last_idx=3)
    out = render(st, [], CFG, tokens_in=10_000)
    assert "Offered: hotel.date=March 4th" in out.text
    assert "the 9th" not in out.text.replace("(was: the 9th)", "")
    st.offers["hotel.date"] = fact("hotel.date", "the 9th", role="assistant", last_idx=3)
    assert "Offered:" not in render(st, [], CFG, tokens_in=10_000).text  # nothing left to offer


def test_a_clause_put_back_verbatim_shows_a_value_since_replaced_marked():
    said = ["I want it on Thursday, in the north, and cheap."]
    out = render(state(), [], CFG, tokens_in=10_000, said=said)
    line = next(x for x in out.text.splitlines() if x.startswith("User said: "))
    assert line == "User said: I want it on (was: Thursday), in the north, and cheap."
    st = state()
    st.facts["hotel.end_date"] = fact("hotel.end_date", "Thursday")  # current elsewhere: left as said
    out = render(st, [], CFG, tokens_in=10_000, said=said)
    assert "User said: I want it on Thursday, in the north" in out.text


def test_a_completed_action_shows_no_turn_index_but_its_clock_time():
    st = state()
    st.actions.append(
        ActionUnit(tool="book taxi", idx=7, status="done", ts=datetime(2026, 3, 1, 14, 5, tzinfo=UTC))
    )
    line = next(x for x in render(st, [], CFG, 10_000).text.splitlines() if x.startswith("Completed:"))
    assert line == "Completed: search hotel -> ref REF123; 14:05 book taxi"


def test_a_goal_the_facts_already_show_or_with_no_content_word_is_not_shown():
    st = state()
    st.goals = [Goal(text="looking for a cheap hotel", idx=0, domain="hotel")]  # cheap, hotel: the facts
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == []
    st.goals = [Goal(text="I…", idx=0, domain="hotel")]
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == []
    pool = "looking for a cheap hotel with a pool"
    st.goals = [Goal(text=pool, idx=0, domain="hotel")]
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == [pool]
    st.goals = [Goal(text="add cartId to the deps", idx=0, domain="hotel")]  # words on two lines
    st.facts["hotel.note"] = fact("hotel.note", "deps")
    st.actions.append(ActionUnit(tool="edit cartId", idx=6, status="done"))
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == ["add cartId to the deps"]
    st.actions.append(ActionUnit(tool="add cartId to deps", idx=7, status="done"))  # not a fact line
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == ["add cartId to the deps"]


def test_a_fact_the_recent_turns_show_as_said_is_not_repeated_as_an_anchor():
    st = state()
    st.facts["hotel.phone"] = fact("hotel.phone", "01223 456789", role="assistant")
    st.facts["hotel.stars"] = fact("hotel.stars", "4", role="assistant")
    recent = [Message(idx=9, role="assistant", text="Acorn House has 4 stars, phone 01223 456789.")]
    facts = parse_anchors(render(st, recent, CFG, 10_000).text)["facts"]
    assert "hotel.phone" not in facts and "hotel.name" not in facts  # the turn shows them
    assert facts["hotel.stars"] == "4"  # a bare number the turn may say of anything stays
    assert "hotel.date" in facts  # a replaced value keeps its "(was: ...)"
    kept = render(st, recent, CFG, 10_000, must_include=["hotel.phone"])
    assert "hotel.phone" in parse_anchors(kept.text)["facts"]


def test_a_done_goal_is_not_shown():
    st = state()
    st.goals = [Goal(text="book a hotel by the river", idx=0, domain="hotel", done=True)]
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == []
    st.goals.append(Goal(text="call a taxi to the airport", idx=5, domain="taxi"))
    assert parse_anchors(render(st, [], CFG, 10_000).text)["goals"] == ["call a taxi to the airport"]
