"""One item of a held list corrected leaves the other items standing (core.item_fix): the plates of
vans 1 and 2 were shown as replaced when the user fixed van 3's."""

from __future__ import annotations

import pytest

from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit

_LISTED = [
    ("user", "need tags for my vans"),
    ("assistant", "Sure. The plates?"),
    ("user", "van 1 Ford, plate XJ-4471M. van 2 Ford, plate XJ-4472M. van 3 Ram, plate XK-1180P"),
    ("assistant", "Noted the three plates."),
]


def test_a_mistyped_item_is_corrected_in_place() -> None:
    st = state_after([*_LISTED, ("user", "hold on, van 3 is XK-1108P. numbers flipped")])
    values = [f.value for f in st.facts.values()]
    assert "XJ-4471M, XJ-4472M, XK-1108P" in values
    assert replaced(st) == {"XK-1180P"}


@pytest.mark.parametrize("reply", ["hold on, the plate is XK-9999Q", "hold on, it's XJ-4471M"])
def test_a_value_like_no_item_or_equal_to_one_fixes_no_item(reply: str) -> None:
    # no item is within two characters of the new value (or it is one of them unchanged): no item of
    # the list is replaced on its own
    st = state_after([*_LISTED, ("user", reply)])
    assert not [v for v in replaced(st) if ", " not in v]
    assert "XJ-4471M, XJ-4472M, XK-1108P" not in [f.value for f in st.facts.values()]


_VISITS = [
    ("user", "I'm arranging home care for my father, two visits a day"),
    ("assistant", "What times would suit?"),
    ("user", "8am and 6pm. 45 min each."),
    ("assistant", "Noted, 8am and 6pm."),
]


def _times(st) -> list[tuple[str, list[str]]]:
    return [(f.value, [v.value for v in f.history]) for f in st.facts.values() if f.key.endswith(".time")]


def test_a_corrected_time_replaces_the_listed_time_of_its_half_of_the_day() -> None:
    # "the evening one" is the visit of the evening, no hour: only the 6pm changes, 8am still stands
    st = state_after([*_VISITS, ("user", "oh and can the evening one be at 7pm instead")])
    assert _times(st) == [("8am, 7pm", ["6pm"])]


def test_a_corrected_time_with_no_listed_time_of_its_half_replaces_the_listing() -> None:
    # both listed times are in the morning: no one of them is the one the 2pm corrects
    visits = [*_VISITS[:2], ("user", "8am and 10am. 45 min each."), ("assistant", "Noted, 8am and 10am.")]
    st = state_after([*visits, ("user", "actually make it 2pm instead")])
    assert [value for value, _ in _times(st)] == ["2pm"]


def test_a_corrected_quantity_replaces_the_listed_quantity_of_its_unit() -> None:
    # the whole listing had gone to history, so "10箱" and "20盒", never changed, showed as replaced
    st = state_after([
        ("user", "要订办公用品"),
        ("assistant", "好的，需要哪些？"),
        ("user", "A4复印纸70克，10箱；黑色中性笔0.5mm，20盒"),
        ("assistant", "都有货。"),
        ("user", "复印纸换成80克的，老板嫌太薄"),
    ])
    assert replaced(st) == {"70克"}
    assert any(f.value.startswith("80克") and "10箱" in f.value for f in st.facts.values())
