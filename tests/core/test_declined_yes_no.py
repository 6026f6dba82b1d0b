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


def test_a_bare_buyao_declines_the_thing_offered_and_a_later_yes_does_not_take_it():
    # "不要" alone read as an answer: the snack offer stood, and the "行" to the next offer took it
    values = _values(
        [
            ("user", "明天下午小包，4个人"),
            ("assistant", "学生价46.4元。需要加小吃吗？"),
            ("user", "不要"),
            ("assistant", "好的。中包（5-8人）学生价78.4元。"),
            ("user", "行"),
        ]
    )
    assert "小吃" not in values.values()


def test_buyao_before_a_thing_is_a_prohibition_not_a_decline():
    from core.lang.zh_cues import declines

    assert declines("不要") and declines("不要了，谢谢") and declines("不加了")
    assert not declines("不要香菜") and not declines("不要太辣的")
