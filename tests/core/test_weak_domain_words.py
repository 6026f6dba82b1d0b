"""A word for an activity or a part of a service (入住 check-in, 吃饭 eating, 下雨 rain) names its
domain only when none is in play or the clause asks for something new: said mid-task it is about the
task in play, and switching would split one task's values across two entities, so a later
correction never meets the value it corrects. A service noun (酒店, 餐厅) still switches. Real parse
/ extract / merge stages, rules only."""

from __future__ import annotations

import pytest

from core.lang.zh_kinds import domain_of
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def test_an_activity_word_does_not_switch_the_domain_in_play():
    assert domain_of("入住以后房东要收钥匙押金", "apartment") is None
    assert domain_of("下雨的话就改天", "taxi") is None


def test_an_activity_word_names_a_domain_when_none_is_in_play_or_a_new_thing_is_asked():
    assert domain_of("入住以后房东要收钥匙押金") == "hotel"
    assert domain_of("另外帮我找个吃饭的地方", "hotel") == "restaurant"


def test_a_service_noun_still_switches():
    assert domain_of("再看看附近的餐厅", "hotel") == "restaurant"


def test_a_correction_with_an_activity_word_changes_the_value_of_the_task_in_play():
    st = state_after(
        [
            ("user", "帮我用信用卡付一笔款，给装修公司"),
            ("assistant", "好的，付多少？"),
            ("user", "8000元"),
            ("assistant", "8000元，确认付款吗？"),
            ("user", "不对，改成8600元，多了入住前的保洁费"),
        ]
    )
    amounts = {k: (f.value, [h.value for h in f.history]) for k, f in st.facts.items() if "8" in f.value}
    assert len(amounts) == 1, amounts
    ((value, history),) = amounts.values()
    assert value.startswith("8600") and any(h.startswith("8000") for h in history), amounts
