"""An offer that names a thing and the venue it is at ("Pup is another popular option. It's happening
at The Irenic.") holds two attributes, the thing's title and the venue's name, never one list of
options a yes cannot take; "the Remo Drive event" names an event, no street. Each state test feeds
the real parse / extract / merge stages of a session (rules only, no model)."""

from __future__ import annotations

import pytest

from core.lang.cues import any_language
from core.lang.en_entities import extract_entities
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _values(turns: list[tuple[str, str]]) -> dict[str, str]:
    return {k: f.value for k, f in state_after(turns).facts.items()}


def test_a_thing_offered_and_the_venue_it_is_at_are_two_values_the_yes_takes():
    facts = _values(
        [
            ("user", "I'd like to see a rock event in San Diego."),
            ("assistant", "Pup is another popular option. It's happening at The Irenic on March 4th."),
            ("user", "That would be great."),
        ]
    )
    assert facts["event.title"] == "Pup"
    assert facts["event.name"] == "The Irenic"


def test_a_venue_hosting_nothing_else_keeps_its_name_and_two_venues_stay_a_list():
    facts = _values([("assistant", "I found 2 events. It's at The Chapel.")])
    assert facts["event.name"] == "The Chapel" and "event.title" not in facts
    both = _values([("assistant", "There are events at The Chapel and at The Fillmore.")])
    assert "event.title" not in both
    listed = _values([("assistant", "I found Granta Lodge at 120, Mill Court at 140 and Riverside Inn at 9")])
    assert "hotel.title" not in listed


def test_only_at_says_where_a_thing_is_held():
    cues = any_language()
    assert cues.place_before("It's happening at ", at=True) and cues.place_before("going to the ")
    assert not cues.place_before("going to the ", at=True)
    # 在 also follows a verb ("写在保单上": written on the policy), so it names no venue of a thing
    assert cues.place_before("我在") and not cues.place_before("除外责任写在", at=True)


def test_a_street_like_name_before_an_event_noun_is_the_events_title():
    ents = extract_entities("There is a Remo Drive event taking place at The Chapel.", None)
    assert [(e.type, e.slot) for e in ents if e.text == "Remo Drive"] == [("name", "title")]
    assert [e.type for e in extract_entities("It is on Trinity Lane.", None)] == ["address"]
