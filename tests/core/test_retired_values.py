"""A user's correction retires the one earlier value of the same shape it replaces, though no fact's
history holds that value (issue 12, old values shown unmarked): a quote of the user shows it
"(was: ...)". Values of another shape, or two earlier candidates, are never retired."""

from __future__ import annotations

import pytest

from core.models import ContextState, Fact
from core.replaced import mark_quoted
from core.retired import Retired, note_other_turn, note_user_turn
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _fact(key: str, value: str, idx: int) -> Fact:
    return Fact(key=key, value=value, norm=value, first_idx=idx, last_idx=idx)


def _after(*turns: str) -> Retired:
    record = Retired()
    for text in turns:
        record = note_user_turn(record, text)
    return record


def test_a_region_corrected_with_a_cue_retires_the_region_said_before():
    record = _after(
        "name it ml-training-data, region eu-central-1. versioning on",
        "wait, our GPUs are in eu-west-1, put the bucket there instead",
    )
    assert record.values == ("eu-central-1",)


def test_a_size_changed_to_another_unit_retires_the_old_size():
    record = _after("日志保留改成3天，然后扩到800G", "等下，先扩到1T吧，明年还要迁数据")
    assert "800G" in record.values


def test_a_chinese_count_retires_the_count_of_its_measure_word_only():
    record = _after("我们4个人，住3晚", "改成5个人吧")
    assert record.values == ("4个人",)


def test_a_new_total_retires_the_one_count_of_its_measure_word():
    record = _after("买三张票", "东看台", "我同事也要来，一共四张")
    assert record.values == ("三张",)


@pytest.mark.parametrize("span", ["两个半小时", "三个月", "一个钟头"])
def test_a_span_of_time_in_a_correction_retires_no_count(span: str):
    # "高速要两个半小时 ... 改十点吧": the drive's hours, not a party of two
    record = _after("我和我老婆还有我女儿 三个人", f"哎呀忘了 高速要{span} 那个太早了 改十点吧")
    assert record.values == () and record.pairs == ()


def test_a_correction_naming_the_count_it_replaces_retires_no_other():
    # "5 条" is what the turn replaces (the facts hold that); "1 条" is another limit
    record = _after("每分钟最多1 条，每小时最多5 条", "每小时改成 10 条，5 条太少了")
    assert record.values == ()


def test_a_count_stated_in_a_sentence_without_the_cue_retires_nothing():
    # "make it" corrects the pizzas; "vegans are 2 people" states a part of the party of 8
    record = _after(
        "order pizza for the team, we're 8 people working late",
        "vegans are 2 people, one pizza is not enough. make it 2 vegan and 1 pepperoni",
    )
    assert record.values == ()


def test_english_counts_times_dates_and_amounts_retire_the_one_of_their_shape():
    assert _after("6 jugs of the 5 gallon water", "and 8 jugs not 6").values == ("6 jugs",)
    assert _after("48 students and 6 chaperones", "it's 52 students now. Still 6 chaperones").values == (
        "48 students",
    )
    moved = _after("the survey is on Tuesday 8 December", "can we push it a day to Wednesday 9 December?")
    assert moved.values == ("8 December",)
    assert _after("start at 16:00", "actually 09:30 works better").values == ("16:00",)
    assert _after("budget is £80k", "actually hold on, finance says max £85k").values == ("£80k",)
    assert _after("大概17吨货", "不对，是16.2吨").values == ("17吨",)


def test_an_amount_the_agent_quoted_taken_up_retires_no_amount_of_the_users():
    quoted = note_other_turn(note_user_turn(Retired(), "my bill is $240"), "It's $2 a month cheaper")
    assert note_user_turn(quoted, "actually go paperless, $2 is $2").values == ()


def test_a_count_the_agent_said_before_is_still_the_users_new_count():
    # the venue's capacity read out first; the user's new head count then retires the old one
    said = note_other_turn(note_user_turn(Retired(), "年会大概150人"), "张江假日酒店可容纳180人，每桌4888元")
    assert note_user_turn(said, "人数有变化，总共180人").values == ("150人",)


def test_values_of_another_unit_or_two_earlier_ones_are_not_retired():
    assert _after("8 adults on the boat", "we're actually 9 people").values == ()
    assert _after("£70k to £90k", "actually make it £85k").values == ()
    assert _after("from 3pm to 6pm", "actually 5pm").values == ()


def test_a_bare_number_is_never_a_long_one_nor_one_with_a_measure_word():
    assert _after("我的电话18980012345", "桌数改成36桌").values == ()
    assert _after("call me on 18980012345", "actually make it 36").values == ()


def test_a_bare_number_of_another_length_or_a_single_digit_is_no_correction_of_it():
    # a party of 2, then a street number: no one attribute
    assert _after("there are 2 of us", "Actually, a ride to 659 Merchant Street").values == ()
    assert _after("just 1", "actually make it 2").values == ()


def test_a_bare_number_corrected_retires_the_number_answered_just_before():
    record = _after("32 is enough, it's two of us", "actually keep the 64, we'll need it")
    assert record.values == ("32",)


def test_two_earlier_ids_of_one_shape_leave_nothing_retired():
    record = _after("check orders AB-1234 and AB-5678", "actually it is AB-9012")
    assert record.values == ()


def test_a_value_the_user_said_before_is_a_pick_not_a_correction():
    record = _after("the room is in eu-west-1 or eu-central-1?", "actually eu-west-1")
    assert record.values == ()


def test_no_correction_cue_retires_nothing():
    record = _after("we are 4 people", "3 nights please", "book 2 rooms")
    assert record.values == ()
    assert _after("4个人，3晚", "再订2间房").values == ()


def test_a_retired_value_said_again_is_current_again():
    record = _after("region eu-central-1", "actually eu-west-1", "no, keep eu-central-1 after all")
    assert "eu-central-1" not in record.values


def test_a_quote_of_the_user_shows_the_retired_value_marked():
    state = ContextState(
        retired=_after("region eu-central-1, versioning on", "wait, put it in eu-west-1 instead"),
        facts={"bucket.region": _fact("bucket.region", "eu-west-1", 1)},
    )
    assert mark_quoted(["region eu-central-1, versioning on"], state) == [
        "region (was: eu-central-1), versioning on"
    ]


def test_a_retired_value_a_fact_holds_as_current_stays_unmarked():
    state = ContextState(
        retired=_after("region eu-central-1", "wait, put it in eu-west-1 instead"),
        facts={"kms.region": _fact("kms.region", "eu-central-1", 0)},
    )
    assert mark_quoted(["region eu-central-1"], state) == ["region eu-central-1"]


def test_the_session_state_records_the_value_a_users_correction_retired():
    state = state_after(
        [
            ("user", "I need a bucket for training data, region eu-central-1, versioning on"),
            ("assistant", "Which key should encrypt it?"),
            ("user", "wait, our GPUs are in eu-west-1, put the bucket there instead"),
        ]
    )
    assert state.retired.values == ("eu-central-1",)
    assert mark_quoted(["region eu-central-1, versioning on"], state) == [
        "region (was: eu-central-1), versioning on"
    ]
