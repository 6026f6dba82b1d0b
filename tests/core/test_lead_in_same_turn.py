"""A date said before any task domain was known, in the same turn as a value of another frame (the
kind of music wanted), is the lead-in of the search the user then names: their own date for that
search replaces it (issue 12: the user restating the same attribute with a value of the same type).
A domain named after the lead-in still keeps it apart. Real parse / extract / merge stages."""

from __future__ import annotations

import pytest

from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _dates(st):
    return {k: (f.value, [v.value for v in f.history]) for k, f in st.facts.items() if k.endswith(".date")}


def test_a_lead_in_date_said_beside_another_frames_value_is_replaced_by_the_searchs_date():
    st = state_after(
        [
            ("user", "Can you find me something fun to do on the 13th? I'd like some Rock Music events."),
            ("assistant", "Sure, which city should I look in?"),
            ("user", "Please check for events in Boston on the 8th of March."),
        ]
    )
    dates = _dates(st)
    assert len(dates) == 1, dates
    ((value, history),) = dates.values()
    assert "8th of March" in value and any("13th" in h for h in history)


def test_a_lead_in_date_stays_when_another_domain_was_named_after_it():
    st = state_after(
        [
            ("user", "Can you find me something fun to do on the 13th of this month?"),
            ("assistant", "Sure. Anything else first?"),
            ("user", "Yes, first I need a hotel in Boston with 2 rooms."),
            ("assistant", "I found the Harbor Inn in Boston."),
            ("user", "Great. Now check for concerts on the 8th of March."),
        ]
    )
    held = [v for v, _ in _dates(st).values()]
    assert any("13th" in v for v in held) and any("8th of March" in v for v in held)
