"""A user's pick of one of the times the assistant read out narrows the list to it, also when the user
says a bare hour whose afternoon reading is the item ("Thursday at 2" of "... 14:00 ...")."""

from __future__ import annotations

import pytest

from core.listed import afternoon_pick, picks_by_norm
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_a_bare_hour_picks_the_listed_afternoon_time():
    st = state_after(
        [
            ("user", "a surveyor please"),
            (
                "assistant",
                "A surveyor can come Wednesday 16 December at 10:00, Thursday 17 December at 14:00, "
                "or Friday 18 December at 09:00.",
            ),
            ("user", "Thursday at 2, I'll drive over from Leeds"),
        ]
    )
    times = [f for f in st.facts.values() if f.vtype == "time"]
    assert [(f.norm, f.history) for f in times] == [("14:00", [])]


@pytest.mark.parametrize(
    ("listing", "pick", "item"),
    [
        ("10:00, 14:00 | 09:00", "02:00", "14:00"),
        ("10:00, 14:00", "10:00", None),  # said as listed: no afternoon reading needed
        ("02:00, 14:00", "02:00", None),  # both readings listed: which one is not known
        ("10:00, 13:00", "02:00", None),
    ],
)
def test_the_afternoon_reading_picks_only_when_it_alone_is_listed(listing, pick, item):
    assert afternoon_pick(listing, pick) == item


def test_a_pick_among_options_is_found_by_its_norm():
    assert picks_by_norm("10:00, 14:00 | 09:00", "09:00")
