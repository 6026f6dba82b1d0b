"""Traditional Chinese is read by the same rules as simplified (core/lang/zh_script.py), each value in
the user's own characters: "三月二十號" had been the month alone, "兩點" and "週五" nothing. Cantonese days
and parts of a day ("聽日下晝三點": tomorrow, 3pm) are read as their Mandarin words are."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.lang.registry import analyzer_for
from core.lang.zh_script import simplified

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 30, 14, 40)
ZH = analyzer_for("zh")


def test_the_copy_keeps_every_offset() -> None:
    text = "三月二十號喺珠海長隆擺酒，兩點見"
    assert len(simplified(text)) == len(text)
    assert simplified(text) == "三月二十号喺珠海长隆摆酒，两点见"


@pytest.mark.parametrize(
    ("text", "kind", "surface", "value"),
    [
        ("我係香港嘅新娘，三月二十號喺珠海長隆嗰邊擺酒", "date", "三月二十號", "2027-03-20"),
        ("週五下午兩點可以嗎", "datetime", "週五下午兩點", "2027-02-05T14:00"),
        # Cantonese: 聽日 (tomorrow), 下晝 (afternoon)
        ("可唔可以聽日下晝三點同思敏視像傾吓流程？", "datetime", "聽日下晝三點", "2027-01-31T15:00"),
    ],
)
def test_a_traditional_date_or_time_in_the_users_characters(
    text: str, kind: str, surface: str, value: str
) -> None:
    found = [(e.type, e.text, e.value) for e in ZH.entities(text, TS) if e.type in ("date", "datetime")]
    assert found == [(kind, surface, value)]


def test_a_traditional_negation_and_correction() -> None:
    negs = ZH.negations("請不要放蔥，謝謝")
    assert [n.text for n in negs] == ["請不要放蔥"]  # as "请不要放葱" is read: the whole phrase
    assert ZH.is_correction("時間改成週六")
