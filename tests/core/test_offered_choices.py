"""A brief user turn after choices laid out without a question is a pick the coverage guarantee
keeps (core.offered_choices), unless a later correction picks again among the same choices."""

from __future__ import annotations

import pytest

from core.offered_choices import accepts_only, choices_offered, picked_again
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit

_PACKAGES = "Hi! Our packages: Classic booth 3 hours £395, Mirror booth 3 hours £495, GIF booth 3 hours £450."


def test_two_prices_or_two_times_lay_out_choices_one_or_none_do_not():
    assert choices_offered(_PACKAGES) == _PACKAGES
    assert choices_offered("Thursday 10 December, we have 8-10am or 10am-12pm.")
    assert choices_offered("推荐：自由划 2 小时 150 元/人；教练带队环湖 3 小时 260 元/人。")
    assert not choices_offered("The deposit is £100, refundable.")
    assert not choices_offered("Thanks, we will see you then.")


def test_a_brief_pick_among_choices_laid_out_comes_back():
    turns = [("user", "I need a photo booth for my wedding"), ("assistant", _PACKAGES), ("user", "mirror")]
    assert "mirror" in missing_clauses(turns, "[FACT:event.type=wedding]")
    offer = "推荐：自由划 150 元/人；教练带队 260 元/人。"
    zh = [("user", "千岛湖皮划艇团建"), ("assistant", offer), ("user", "带教练的")]
    assert "带教练的" in missing_clauses(zh, "[FACT:general.name=千岛湖皮划艇团建]")


def test_a_pick_a_later_correction_picks_again_among_the_same_choices_does_not_come_back():
    turns = [
        ("user", "MOT due end of month, can you do it with a service"),
        ("assistant", "Yes. MOT plus interim service is £149, or MOT plus full service £219."),
        ("user", "interim"),
        ("assistant", "Interim service and MOT. Which day?"),
        ("user", "on second thought do the full service, it's been 2 years"),
    ]
    assert "interim" not in missing_clauses(turns, "[FACT:car.service=full service]")


def test_a_correction_of_something_else_leaves_the_pick_standing():
    offer = "Yes. MOT plus interim service is £149, or MOT plus full service £219."
    corrections = [(5, set(), set(), "actually make it friday not thursday")]
    assert not picked_again("interim", offer, corrections, 2)
    assert picked_again("interim", offer, [(5, set(), set(), "do the full service instead")], 2)
    assert not picked_again("interim", offer, [(1, set(), set(), "do the full service instead")], 2)


def test_items_enumerated_with_the_enumeration_comma_lay_out_choices():
    """"保温杯有黑、白、蓝三色。" then "白色": the pick was dropped as a brief turn answering nothing."""
    offer = "好的。保温杯有黑、白、蓝三色。"
    assert choices_offered(offer) == offer
    assert not choices_offered("好的，已记录。")
    turns = [("user", "想订入职礼包"), ("assistant", offer), ("user", "白色")]
    assert "白色" in missing_clauses(turns, "[FACT:general.count=10套]")


@pytest.mark.parametrize(
    "offer",
    [
        "We can collect it in its case for the fee, or you can drop it at our workshop in Tewkesbury.",
        "That's above the limit. You can bring them in or send them in our insured postal pack.",
        "可以上门取件，也可以您自己送到店里。",
        "For the surgery, we offer local anesthetic, nitrous, or IV sedation.",
        "It's €1,390 per person, each of you driving your own sled. Or you can share one.",
    ],
)
def test_two_ways_stated_lay_out_choices(offer):
    assert choices_offered(offer) == offer


@pytest.mark.parametrize(
    "text",
    [
        "Call or text us any time.",
        "We have your booking for Friday.",
        "Thanks, Anna, or should I say Dr Lee?",  # a question is asked, not laid out
        "Thanks. Or you can't?",
    ],
)
def test_an_or_that_offers_no_way_to_take_lays_out_nothing(text):
    assert not choices_offered(text)


def test_a_brief_pick_of_two_ways_stated_comes_back():
    """"Collection, please." after "We can collect it ..., or you can drop it ..." had been dropped: no
    question asked for it, and two content words are too few for a turn answering nothing."""
    turns = [
        ("user", "my mother's sewing machine needs a service"),
        ("assistant", "We can collect it for £20, or you can drop it at our workshop in Tewkesbury."),
        ("user", "Collection, please."),
    ]
    assert "Collection, please." in missing_clauses(turns, "[FACT:general.item=sewing machine]")


def test_a_yes_to_ways_laid_out_picks_none_unless_it_names_one():
    offer = "You can collect it from the shop, or we can deliver it for £5."
    assert accepts_only("Yes, actually.", offer)
    assert not accepts_only("yes, delivery please", offer.replace("deliver it", "do delivery"))
    assert not accepts_only("Collection, please.", offer)
    turns = [("user", "a new lamp please"), ("assistant", offer), ("user", "Yes, actually.")]
    assert "Yes, actually." not in missing_clauses(turns, "[FACT:general.item=lamp]")


def test_a_brief_pick_of_the_way_said_after_or_comes_back():
    """"Sharing one, taking turns." after "... each of you driving your own sled. Or you can share one."
    had been dropped: the second way opened its own sentence."""
    turns = [
        ("user", "a husky safari for our honeymoon"),
        ("assistant", "It's €1,390 per person, each of you driving your own sled. Or you can share one."),
        ("user", "Sharing one, taking turns."),
    ]
    assert "Sharing one, taking turns." in missing_clauses(turns, "[FACT:general.trip=husky safari]")
