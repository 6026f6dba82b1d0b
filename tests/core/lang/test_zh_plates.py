"""A Chinese vehicle plate is an id by its shape (a province's character, the city's letter, five or
six letters and digits, four before a trailer's mark): "湘A 8K317" was a name and "挂车湘A T729挂"
was cut into "挂车湘A" and "T729", so the plates the user gave went missing. The other party's plate
("对方车牌…") is another attribute than the user's own, never its replacement."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import rendered_text

pytestmark = pytest.mark.unit


def _plates(text: str) -> list[tuple[str, str | None]]:
    return [(e.value, e.slot) for e in analyzer_for("zh").entities(text, None) if e.type == "id"]


@pytest.mark.parametrize(
    ("text", "plates"),
    [
        ("湘A 8K317 挂车湘A T729挂 5轴的", [("湘A 8K317", "plate"), ("湘A T729挂", "plate")]),
        ("我的车牌是浙A12345", [("浙A12345", "plate")]),
        ("新能源的，沪AD12345", [("沪AD12345", "plate")]),
        ("车牌粤B·3F82Q，被保险人是我爸", [("粤B·3F82Q", "plate")]),
        ("对方是平安的，对方车牌粤B·9D21L，驾驶员叫彭志强", [("粤B·9D21L", "other_plate")]),
    ],
)
def test_a_plate_is_an_id_with_whose_it_is(text: str, plates: list[tuple[str, str]]) -> None:
    assert _plates(text) == plates


@pytest.mark.parametrize("text", ["京A大厦三楼", "湘A区", "苏A1234", "我在京A座办公"])
def test_too_few_letters_and_digits_make_no_plate(text: str) -> None:
    assert "plate" not in [slot for _, slot in _plates(text)]


def test_the_number_of_axles_is_a_count_not_a_name() -> None:
    ents = analyzer_for("zh").entities("是6轴的", None)
    assert [(e.type, e.value) for e in ents] == [("quantity", "6 轴")]


def test_the_users_plate_stays_beside_the_other_partys() -> None:
    text = rendered_text(
        [
            ("user", "我爸的车被追尾了，要报案"),
            ("assistant", "好的，车牌号是多少？"),
            ("user", "车牌粤B·3F82Q，被保险人是我爸"),
            ("assistant", "对方车辆信息呢？"),
            ("user", "对方是平安的，对方车牌粤B·9D21L"),
            ("assistant", "好的，已登记。"),
            ("user", "嗯"),
            ("assistant", "还有别的吗？"),
        ]
    )
    facts = text.split("--- recent")[0]
    assert "粤B·3F82Q" in facts and "(was: 粤B·3F82Q" not in facts
    assert "粤B·9D21L" in facts
