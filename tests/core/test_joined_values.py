"""Two values the user joined into one: a weekday range of a recurring thing is one schedule value
(core.lang.en_schedules), and a named person at a named place comes back in the user's words when
the context shows the two names only apart, as does a span of two times (core.joined_values, the
coverage guarantee)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.en_entities import extract_entities
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("daily, Monday to Saturday, early morning", "Monday to Saturday"),
        ("every week, Tuesday through Thursday", "Tuesday through Thursday"),
    ],
)
def test_a_weekday_range_of_a_recurring_thing_is_one_schedule_value(text, days):
    ents = extract_entities(text, TS)
    assert [(e.type, e.text, e.slot) for e in ents if "day" in e.text] == [("time", days, "schedule")]
    assert not any(e.type == "date" for e in ents)


def test_a_weekday_range_with_no_recurrence_stays_two_dates():
    ents = extract_entities("we need a hotel from Monday to Friday", TS)
    assert [e.text for e in ents if e.type == "date"] == ["Monday", "Friday"]


REPORT = [
    ("assistant", "Is there an oncology report?"),
    ("user", "she has the report, from Dr. Alvarez at Mercy Hospital"),
    ("assistant", "Good."),
]


def test_a_person_at_a_place_shown_only_apart_comes_back_in_the_users_words():
    context = "[FACT:hospital.person=Dr. Alvarez|origin=Mercy Hospital]"
    assert "she has the report, from Dr. Alvarez at Mercy Hospital" in missing_clauses(REPORT, context)


def test_a_person_at_a_place_shown_together_is_not_brought_back():
    context = "[FACT:hospital.report=Dr. Alvarez at Mercy Hospital]"
    assert missing_clauses(REPORT, context) == []


def test_the_at_cue_in_both_languages():
    from core.lang.cues import any_language

    cues = any_language()
    assert cues.places_at(" at ") and cues.places_at("在")
    assert not cues.places_at(" and ") and not cues.places_at("和")


@pytest.mark.parametrize(
    ("text", "labelled"),
    [
        ("boxes 2 and 5", ["boxes 2 and 5"]),
        ("rows 3, 4 and 7 please", ["rows 3, 4 and 7"]),
        ("a table for 2 and 3", []),  # a function word labels nothing
        ("nights 2 and 3", []),  # a unit counts, it does not label
    ],
)
def test_a_noun_labels_the_numbers_after_it(text, labelled):
    from core.lang.cues import any_language

    assert any_language().labelled_numbers(text) == labelled


BOXES = [
    ("assistant", "Anything fragile?"),
    ("user", "boxes 2 and 5"),
    ("assistant", "Noted."),
]


def test_labelled_numbers_shown_as_bare_numbers_come_back_in_the_users_words():
    assert "boxes 2 and 5" in missing_clauses(BOXES, "[FACT:shipment.count=2, 5]")
    assert missing_clauses(BOXES, "[FACT:shipment.fragile=boxes 2 and 5]") == []


ORDER = [
    ("assistant", "两份煎饼果子，里面加什么？"),
    ("user", "一份薄脆一份油条，都不要辣"),
    ("assistant", "好的。"),
]


def test_two_counts_written_as_one_run_come_back_when_shown_only_apart():
    apart = "[FACT:general.薄脆=一份薄脆|油条=一份油条]\nMust: 都不要辣"
    assert "一份薄脆一份油条，都不要辣" in missing_clauses(ORDER, apart)
    assert missing_clauses(ORDER, "[FACT:general.fillings=一份薄脆一份油条]\nMust: 都不要辣") == []


SESSION = [
    ("assistant", "When is the all-hands?"),
    ("user", "Thursday December 17, 1pm to 3:30pm Pacific."),
    ("assistant", "Noted."),
]


def test_a_span_of_time_shown_only_as_two_times_comes_back_in_the_users_words():
    # "3:30pm Pacific" was a name ("30pm Pacific") and the end of the span was lost
    assert [e.text for e in extract_entities(SESSION[1][1], TS) if e.type == "time"] == ["1pm", "3:30pm"]
    context = "[FACT:event.date=2026-12-17 (Thursday December 17)|time=1pm|end_time=3:30pm]"
    assert "Thursday December 17, 1pm to 3:30pm Pacific." in missing_clauses(SESSION, context)
    together = "[FACT:event.date=2026-12-17 (Thursday December 17)|time=1pm to 3:30pm Pacific]"
    assert missing_clauses(SESSION, together) == []


def test_the_range_cue_in_both_languages():
    from core.lang.cues import any_language

    cues = any_language()
    assert cues.ranges_to(" to ") and cues.ranges_to(" till ") and cues.ranges_to("到")
    assert not cues.ranges_to(" or ") and not cues.ranges_to("或")
