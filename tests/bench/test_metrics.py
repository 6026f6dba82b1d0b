"""The benchmark's scoring functions on hand-made contexts and gold, with scores worked out by hand."""

from __future__ import annotations

import math

import pytest

from bench.metrics import (
    anchors_agree,
    correction_outcome,
    eid,
    goal_covered,
    goal_words,
    literal_constraint_facts,
    occurs,
    oracle_text,
    percentile,
    score_conversation,
    scored_corrections,
    scored_final_values,
    state_consistent,
    summarize,
    token_reduction,
)

pytestmark = pytest.mark.unit

TRANSCRIPT = "\n".join(
    [
        "I want a restaurant in San Jose.",
        "Any cuisine?",
        "Italian. Actually make it Palo Alto, not San Jose.",
        "Booked Il Fornaio for 2 at 7 pm.",
    ]
)
GOLD = {
    "final_state": {
        "Restaurants_1.city": "Palo Alto",
        "Restaurants_1.cuisine": "italian",
        "Restaurants_1.party_size": "2",
        "Restaurants_1.price_range": "moderate",  # never said: not scored
        "Restaurants_1.name": "",  # empty: not scored
    },
    "facts": [
        {"slot": "Restaurants_1.city", "value": "San Jose", "kind": "constraint", "literal": True},
        {"slot": "Restaurants_1.city", "value": "Palo Alto", "kind": "constraint", "literal": True},
        {"slot": "Restaurants_1.city", "value": "Palo Alto", "kind": "constraint", "literal": True},  # dup
        {"slot": "Restaurants_1.cuisine", "value": "Italian", "kind": "constraint", "literal": True},
        {"slot": "Restaurants_1.price_range", "value": "moderate", "kind": "constraint", "literal": False},
        {"slot": "Restaurants_1.party_size", "value": "2", "kind": "accepted", "literal": True},
    ],
    "corrections": [
        {"slot": "Restaurants_1.city", "old": "San Jose", "new": "Palo Alto"},
        {"slot": "Restaurants_1.time", "old": "6 pm", "new": "8 pm"},  # new never said: not scored
        {"slot": "Restaurants_1.cuisine", "old": "italian", "new": "Italian"},  # case only: not scored
    ],
    "goals": ["FindRestaurants", "ReserveRestaurant", "GetWeather"],
}


def test_occurs_is_case_insensitive_and_never_matches_an_empty_value():
    assert occurs("palo ALTO", "in Palo Alto today")
    assert not occurs("Palo Alto", "in San Jose")
    assert not occurs("  ", "anything")


def test_scored_final_values_keep_only_values_written_in_the_transcript():
    assert scored_final_values(GOLD, TRANSCRIPT) == [
        ("Restaurants_1.city", "Palo Alto"),
        ("Restaurants_1.cuisine", "italian"),
        ("Restaurants_1.party_size", "2"),
    ]


def test_literal_constraint_facts_are_distinct_and_user_stated():
    assert literal_constraint_facts(GOLD) == [
        ("Restaurants_1.city", "San Jose"),
        ("Restaurants_1.city", "Palo Alto"),
        ("Restaurants_1.cuisine", "Italian"),
    ]


def test_scored_corrections_need_the_new_value_in_the_transcript_and_a_real_change():
    assert [c["new"] for c in scored_corrections(GOLD, TRANSCRIPT)] == ["Palo Alto"]


def test_a_replaced_value_marked_as_was_is_handled():
    out = correction_outcome("[FACT:restaurant.city=Palo Alto] (was: San Jose)", "San Jose", "Palo Alto")
    assert out.new_present and out.old_unmarked == 0 and out.handled


def test_an_unmarked_old_value_is_presented_as_current():
    out = correction_outcome("user: in San Jose\nuser: make it Palo Alto", "San Jose", "Palo Alto")
    assert out.new_present and out.old_unmarked == 1 and not out.handled


def test_a_missing_new_value_is_not_handled_even_without_the_old_one():
    out = correction_outcome("city: unknown", "San Jose", "Palo Alto")
    assert not out.new_present and out.old_unmarked == 0 and not out.handled


@pytest.mark.parametrize(
    "context, unmarked",
    [
        ("预订 北京饭店 (原: 上海饭店)", 0),
        ("之前是上海饭店，现在北京饭店", 0),
        ("曾选上海饭店; 北京饭店", 0),
        ("上海饭店 和 北京饭店", 1),
    ],
)
def test_chinese_markers_mark_the_old_value(context, unmarked):
    assert correction_outcome(context, "上海饭店", "北京饭店").old_unmarked == unmarked


def test_marker_must_be_a_whole_word_within_25_characters():
    assert correction_outcome("Washington San Jose; Palo Alto", "San Jose", "Palo Alto").old_unmarked == 1
    far = "was " + "x" * 30 + " San Jose; Palo Alto"
    assert correction_outcome(far, "San Jose", "Palo Alto").old_unmarked == 1
    near = "previously booked in San Jose; Palo Alto"
    assert correction_outcome(near, "San Jose", "Palo Alto").old_unmarked == 0


def test_old_value_inside_the_new_value_is_not_an_old_occurrence():
    assert correction_outcome("party of 12", "2", "12").handled
    # masking the new value "1" leaves "12" whole: no stray old "2" appears in a date
    assert correction_outcome("date=2026-12-20|cards=1 (was: 2)", "2", "1").handled
    # the other way round the old value is still found, and it is unmarked
    assert correction_outcome("party of 2 (not 12)", "12", "2").old_unmarked == 1


@pytest.mark.parametrize(
    "goal, words",
    [
        ("FindRestaurants", ["restaurant"]),
        ("ReserveRestaurant", ["restaurant"]),
        ("book_taxi", ["taxi"]),
        ("GetCarsAvailable", ["car"]),
        ("SearchRoundtripFlights", ["flight"]),
        ("BuyBusTicket", ["bus", "ticket"]),
        ("GetAvailableTime", ["available", "time"]),
        ("景点", ["景点"]),
    ],
)
def test_goal_words_keep_the_domain_noun(goal, words):
    assert goal_words(goal) == words


def test_goal_covered_by_a_word_at_a_word_start():
    assert goal_covered("FindRestaurants", "Restaurants near me")
    assert goal_covered("book_taxi", "[FACT:taxi.leave=17:00]")
    assert not goal_covered("book_taxi", "a maxitaxi")  # not at a word start
    assert goal_covered("出租", "帮我叫出租车")
    assert not goal_covered("GetWeather", "restaurant in Palo Alto")


def test_token_reduction_eid_and_oracle_text():
    assert token_reduction(25, 100) == pytest.approx(0.75)
    assert token_reduction(150, 100) == pytest.approx(-0.5)
    assert token_reduction(5, 0) == 0.0
    assert eid(3, 1, 50) == pytest.approx(8.0)
    assert eid(3, 1, 0) == 0.0
    assert oracle_text({"hotel.area": "north", "hotel.stars": "4"}) == "hotel.area: north\nhotel.stars: 4"


def test_percentile_interpolates_between_ranks():
    assert percentile([4, 1, 3, 2], 50) == pytest.approx(2.5)
    assert percentile(list(range(1, 21)), 95) == pytest.approx(19.05)
    assert percentile([7.0], 95) == 7.0
    assert math.isnan(percentile([], 50))


def test_state_consistency_compares_values_in_anchor_form():
    assert state_consistent({"a.b": "x (1)"}, {"a.b": "x [1]"})
    assert state_consistent({"a.b": "two words"}, {"a.b": "two\n words"})
    assert not state_consistent({"a.b": "x"}, {"a.b": "x", "a.c": "y"})
    assert not state_consistent({"a.b": "x"}, {"a.b": "z"})


def test_anchors_agree_allows_dropped_facts_but_not_wrong_or_invented_ones():
    state = {"a.b": "x", "a.c": "y"}
    assert anchors_agree({"a.b": "x"}, state)  # a.c dropped for the budget
    assert not anchors_agree({"a.b": "z"}, state)
    assert not anchors_agree({"a.d": "x"}, state)


def test_score_conversation_counts_by_hand():
    context = "[FACT:restaurant.city=Palo Alto] (was: San Jose) Italian, table for 2; restaurant booked"
    s = score_conversation("c1", context, 20, GOLD, TRANSCRIPT, raw_tokens=80, oracle_tokens=10)
    assert (s.final_retained, s.final_total, s.lost) == (3, 3, [])
    assert (s.constraint_retained, s.constraint_total) == (3, 3)
    assert (s.corrections_new_present, s.corrections_handled, s.corrections_total) == (1, 1, 1)
    assert (s.goals_covered, s.goals_total) == (2, 3)  # the two restaurant goals, not GetWeather


def test_summarize_pools_values_and_averages_ratios():
    lossy = "user: Italian in San Jose"
    a = score_conversation("a", lossy, 10, GOLD, TRANSCRIPT, raw_tokens=100, oracle_tokens=10)
    b = score_conversation("b", "Palo Alto italian 2", 40, GOLD, TRANSCRIPT, raw_tokens=100, oracle_tokens=10)
    assert a.lost == [("Restaurants_1.city", "Palo Alto"), ("Restaurants_1.party_size", "2")]
    s = summarize([a, b])
    assert s.final_state_retention == pytest.approx(4 / 6)
    assert s.joint_retention == pytest.approx(0.5)
    assert s.constraint_retention == pytest.approx(4 / 6)  # a: San Jose, Italian; b: Palo Alto, Italian
    assert s.correction_new_present == pytest.approx(0.5)
    assert s.correction_handled == pytest.approx(0.5)  # b: new present, San Jose absent
    assert s.token_reduction == pytest.approx((0.9 + 0.6) / 2)
    assert s.context_tokens_mean == pytest.approx(25)
    assert s.oracle_overhead == pytest.approx((1 + 4) / 2)
    assert s.eid == pytest.approx(100 * (4 + 0) / 50)
    assert s.goal_coverage == 0.0


def test_summarize_reports_nan_where_nothing_was_scored():
    s = score_conversation("x", "ctx", 5, {"final_state": {}}, "text", raw_tokens=10, oracle_tokens=0)
    summary = summarize([s])
    assert math.isnan(summary.final_state_retention)
    assert math.isnan(summary.joint_retention)
    assert math.isnan(summary.oracle_overhead)


def test_an_old_number_inside_another_value_is_not_an_occurrence():
    from bench.metrics import correction_outcome

    ctx = "[FACT:bus.people=1 (was: 2)|time=12:30|price=$23]"
    assert correction_outcome(ctx, "2", "1").handled
    assert not correction_outcome("[FACT:bus.people=1|seats=2]", "2", "1").handled
    assert correction_outcome("改成晚上8点 (was: 晚上7点)", "晚上7点", "晚上8点").handled
