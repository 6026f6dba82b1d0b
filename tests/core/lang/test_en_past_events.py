"""A date in a sentence with a subject and a past-tense verb is the day an event happened
(core.lang.en_past_events): the last such day, keyed past_date, so a correction of it ("oh wait, it
was Saturday") changes it and not the date of the visit the user booked in between."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Message

pytestmark = pytest.mark.unit
REF = datetime(2026, 12, 15, 14, 0)  # a Tuesday


def _dates(text: str) -> list[tuple[str, str, str | None]]:
    return [(e.text, e.value, e.slot) for e in extract_entities(text, REF) if e.type == "date"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Someone rear-ended me at a red light on Sunday.", "2026-12-13"),
        ("Oh wait no, it was Saturday.", "2026-12-12"),
        ("it arrived on Monday but the lid was cracked", "2026-12-14"),
        # a named person or "my husband" as the subject ("Malik went to Costco today" had replaced
        # the mounting job's Saturday)
        ("Malik went to Costco today and came back with a 75 inch.", "2026-12-15"),
        ("my husband drove it back on Sunday", "2026-12-13"),
    ],
)
def test_a_date_of_a_past_tense_sentence_is_the_last_such_day(text, value):
    assert [(v, s) for _, v, s in _dates(text)] == [(value, "past_date")]


@pytest.mark.parametrize(
    "text",
    [
        "I need it delivered on Sunday.",
        "I was hoping for Sunday",
        "I booked it for Monday",
        "can you come on Sunday?",
    ],
)
def test_a_date_the_speaker_wants_stays_ahead(text):
    assert [s for _, _, s in _dates(text)] == ["date"]


def test_words_reported_are_no_past_event():
    # what was said may be ahead: "just said" reports it, the flight back is still to come
    said = "my husband just said we're flying back on the 28th instead"
    assert [s for _, _, s in _dates(said)] == ["end_date"]


def test_correcting_the_day_of_the_accident_keeps_the_visit_booked():
    turns = [
        ("user", "I need to file a claim. Someone rear-ended me at a red light on Sunday."),
        ("assistant", "Sorry to hear that. When can the adjuster come? Thursday at 9:00 or 15:00?"),
        ("user", "thursday at 3"),
        ("assistant", "Thursday 17 December at 15:00."),
        ("user", "Oh wait no, it was Saturday. Sorry."),
        ("assistant", "No problem: Saturday, December 12."),
        ("user", "ok"),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=REF + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).state
    current = {f.value.lower() for f in state.facts.values()}
    replaced = {h.value.lower() for f in state.facts.values() for h in f.history}
    # the visit is Thursday, read back with its date ("Thursday 17 December")
    assert "saturday" in current and any(v.startswith("thursday") for v in current)
    assert "thursday" not in replaced and "sunday" in replaced


@pytest.mark.parametrize(
    "text",
    [
        # "Survey booked": a capitalised word and a participle read as a subject and a past verb, and
        # the weekday moved the date a week back, to 2026-12-16 (Wednesday 16 December was 12-23)
        "Survey booked, SRV-88174: Gary Pinnock, Wednesday 23 December at 4:30pm.",
        "Delivery confirmed: Wednesday 23 December.",
    ],
)
def test_a_booked_day_is_the_day_booked(text):
    assert [(v, s) for _, v, s in _dates(text)] == [("2026-12-23", "date")]


def test_a_weekday_with_its_day_of_the_month_is_never_moved_back_a_week():
    assert [v for _, v, _ in _dates("It happened on Wednesday 23 December, I fell.")] == ["2026-12-23"]
