"""Options an assistant numbers and the user's pick of one by its place (core.lang.numbered_options,
core.alternatives). The state tests feed the real parse / extract / merge stages (rules only)."""

from __future__ import annotations

import pytest

from core.lang.numbered_options import numbered_options, picked_place
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "heads"),
    [
        ("提前还款后您想：1 缩短年限（月供不变）2 减少月供（年限不变）？", ["缩短年限", "减少月供"]),
        (
            "Available: 1. Wed 16 Dec 10:00, Hannah Brook 2. Wed 16 Dec 15:30, Hannah Brook. The fee is £60.",
            ["Wed 16 Dec 10:00", "Wed 16 Dec 15:30"],
        ),
        ("找到： 1. **锦江宾馆**：4588元/桌，约 9.18 万 2. **湖畔厅**：3988元/桌。", ["锦江宾馆", "湖畔厅"]),
    ],
)
def test_the_heads_of_a_numbered_list_are_options(text: str, heads: list[str]) -> None:
    options, starts = numbered_options(text)
    assert options == heads
    assert [text[s : s + len(o)] for s, o in zip(starts, options, strict=True)] == heads


@pytest.mark.parametrize("text", ["I have 2 rooms and 3 beds.", "利率 4.05%，月供 1 万。", "Only 1. None."])
def test_numbers_in_a_sentence_are_no_list(text: str) -> None:
    assert numbered_options(text) == ([], [])


@pytest.mark.parametrize(
    ("answer", "numbered", "place"),
    [
        ("1", True, 0),
        ("1", False, None),  # a bare digit may be a count where the options are not numbered
        ("第三个吧", False, 2),
        ("the second one", False, 1),
        ("2 people", True, None),
        ("免费那个", True, None),
    ],
)
def test_a_brief_answer_picks_by_place(answer: str, numbered: bool, place: int | None) -> None:
    assert picked_place(answer, numbered) == place


def test_a_digit_picks_a_numbered_option_and_is_no_count() -> None:
    asked = "提前还款后您想：1 缩短年限（月供不变）2 减少月供（年限不变）？"
    st = state_after([("user", "想提前还一部分房贷"), ("assistant", asked), ("user", "1")])
    values = {f.value: f for f in st.facts.values()}
    assert "缩短年限" in values and values["缩短年限"].role == "user"
    assert "1" not in values


def test_a_digit_after_options_not_numbered_picks_nothing() -> None:
    st = state_after([("user", "想提前还一部分房贷"), ("assistant", "缩短年限还是减少月供？"), ("user", "2")])
    assert not [f for f in st.facts.values() if f.value in ("缩短年限", "减少月供")]
