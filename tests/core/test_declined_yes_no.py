"""A user's "no" to the assistant's yes/no question about a facility ("Do you want parking?") is a
no: the yes the question's word was read as must not stand (issue 12: a value the user declined is
never shown as wanted). Real stages, rules only."""

from __future__ import annotations

from tests.core.builders import state_after


def _values(turns: list[tuple[str, str]]) -> dict[str, str]:
    return {k.rsplit(".", 1)[-1]: f.value for k, f in state_after(turns).facts.items()}


def test_a_no_to_a_yes_no_question_about_a_facility_is_a_no():
    values = _values(
        [
            ("user", "2 seats for the final on Sunday"),
            ("assistant", "Row 8, $120 each. Do you want parking? It's $40."),
            ("user", "no, we'll come by bus"),
            ("assistant", "Okay."),
        ]
    )
    assert values.get("parking") == "no"


def test_a_yes_to_the_same_question_stays_a_yes():
    values = _values(
        [
            ("user", "2 seats for the final on Sunday"),
            ("assistant", "Row 8, $120 each. Do you want parking? It's $40."),
            ("user", "yes please"),
            ("assistant", "Okay."),
        ]
    )
    assert values.get("parking") == "yes"


def test_a_no_in_chinese_to_a_question_about_a_facility_is_a_no():
    values = _values(
        [
            ("user", "订两张周日的票"),
            ("assistant", "好的。需要停车位吗？"),
            ("user", "不用了，我们坐地铁"),
            ("assistant", "好的。"),
        ]
    )
    assert values.get("parking") == "否"
