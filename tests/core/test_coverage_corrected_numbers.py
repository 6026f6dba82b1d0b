"""The coverage guarantee never brings back a user's clause whose number a later correction about
the same thing named as the old value beside a new one ("每 500 行写一次" then "每批改成 1000 行吧，500
太碎了"), though the parser typed no entity of either number: the clause would show the old value
unmarked beside its correction."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.shown import PART_CUT

pytestmark = pytest.mark.unit

TURNS = [
    ("user", "帮我改一下导出脚本"),
    ("assistant", "好的，要怎么改？"),
    ("user", "还有，改成分批写入，每 200 行写一次"),
    ("assistant", "已改为分批写入，每批200行。"),
    ("user", "分批的话每批改成 800 行吧，200 太少了"),
    ("assistant", "好的，每批800行。"),
    ("user", "顺便把日志级别调成 info"),
    ("assistant", "已调整。"),
    ("user", "好"),
    ("assistant", "还有别的吗？"),
]


def _head(turns: list[tuple[str, str]]) -> str:
    msgs = [Message(idx=i, role=r, text=t) for i, (r, t) in enumerate(turns)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="batch")
    return result.rendered.state_text


def test_a_clause_whose_number_was_corrected_does_not_come_back():
    head = _head(TURNS)
    assert "每 200 行写一次" not in head
    assert "800" in head


def test_a_clause_whose_number_no_correction_named_still_comes_back():
    turns = [*TURNS[:4], ("user", "分批的话顺便加个进度条吧"), *TURNS[5:]]
    head = _head(turns)
    assert "每 200 行写一次" in head


def test_the_parts_of_a_clause_with_no_corrected_number_still_come_back():
    turns = [
        ("user", "帮我给短信接口加限流"),
        ("assistant", "规则是什么？"),
        ("user", "同一个号码每分钟最多 2 条，每天最多 20 条"),
        ("assistant", "好的。"),
        ("user", "每天改成 30 条吧，20 条太少了"),
        ("assistant", "已改为每天30条。"),
        ("user", "好"),
        ("assistant", "还有别的吗？"),
    ]
    head = _head(turns)
    assert "每分钟最多 2 条" in head
    assert "每天最多 20 条" not in head


def test_a_number_the_parser_typed_nothing_of_is_kept_with_its_clause():
    turns = [
        ("user", "帮我调一下 max_context_tokens 这个配置"),
        ("assistant", "要怎么调？"),
        ("user", "max_context_tokens 设 45000"),
        ("assistant", "好的。"),
        ("user", "再把日志打开"),
        ("assistant", "已打开。"),
        ("user", "好"),
        ("assistant", "还有别的吗？"),
    ]
    assert "45000" in _head(turns)


def test_a_bare_number_corrected_in_the_next_turn_does_not_come_back():
    turns = [
        ("user", "我想办一张信用卡"),
        ("assistant", "好的，已记录。"),
        ("user", "那我申请9000"),
        ("assistant", "好的。"),
        ("user", "想了想还是6000吧，怕自己乱花"),
        ("assistant", "好的，6000。"),
        ("user", "好"),
        ("assistant", "还有别的吗？"),
    ]
    assert "9000" not in _head(turns)


def test_a_brief_want_in_a_request_is_kept_in_the_users_words():
    turns = [
        ("user", "帮我订周二上午广州飞成都的机票，经济舱，要能退改的"),
        ("assistant", "好的，正在查询。"),
        ("user", "好"),
        ("assistant", "查到三个航班。"),
        ("user", "第一个吧"),
        ("assistant", "已预订。"),
    ]
    assert "要能退改的" in _head(turns)


def test_a_bare_domain_word_replaced_in_its_slot_does_not_hide_the_users_clause():
    turns = [
        ("user", "我想注销一张信用卡"),
        ("assistant", "好的，请问是哪张？"),
        ("user", "尾号1234的金卡，年费太贵了"),
        ("assistant", "这张卡还有分期。"),
        ("user", "分期剩下的一次性还清"),
        ("assistant", "好的。"),
        ("user", "年费能退吗"),
        ("assistant", "年费已退。"),
        ("user", "好"),
        ("assistant", "还有别的吗？"),
    ]
    assert "分期剩下的一次性还清" in _head(turns)


def test_what_a_correction_leaves_as_it_is_does_not_hide_the_clause_that_set_it():
    # the correction changes the worker count; its last part restates that batching stays off
    turns = [
        ("user", "帮我修一下导入任务"),
        ("assistant", "好的。"),
        ("user", "先把缓存关了，现在停用缓存，直接读库"),
        ("assistant", "已停用缓存。"),
        ("user", "那 worker 数从 6 改成 3 试试，缓存还是关着"),
        ("assistant", "已改为3。"),
        ("user", "好"),
        ("assistant", "还有别的吗？"),
    ]
    assert "先把缓存关了，现在停用缓存，直接读库" in _head(turns)


def test_a_clause_is_never_cut_at_the_comma_of_a_digit_group():
    """A part is cut at a list's comma, never inside "£1,450": cut there, the service charge whose
    amount a later amount replaced came back as "service charge is £1"."""
    assert PART_CUT.split("service charge is £1,450 a year") == ["service charge is £1,450 a year"]
    assert PART_CUT.split("ages 61, 59") == ["ages 61", " 59"]
    assert PART_CUT.split("1,2,3") == ["1", "2", "3"]
    assert PART_CUT.split("3个人，要海景房") == ["3个人", "要海景房"]
    assert PART_CUT.split("12,000 words, due friday") == ["12,000 words", " due friday"]
