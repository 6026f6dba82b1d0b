"""A later correction that cannot hold a clause's old value does not make the clause stale
(core.value_groups): it restates the clause's value, or states values of another group only."""

from __future__ import annotations

import pytest

from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit


def test_a_correction_restating_the_clauses_value_leaves_the_clause_owed():
    turns = [
        ("user", "我要退款，退到原来的支付宝"),
        ("assistant", "58元已退回支付宝，即时到账。"),
        ("user", "再帮我点一份老乡鸡"),
        ("assistant", "好的，微信支付还是支付宝？"),
        ("user", "用微信付"),
        ("assistant", "好的，微信支付。"),
        ("user", "不对，那个没钱了，还是支付宝吧"),
        ("assistant", "改为支付宝。"),
    ]
    assert "退到原来的支付宝" in missing_clauses(turns, "[FACT:payment.name=支付宝]", ts=None)


def test_a_correction_with_a_new_number_still_makes_the_clause_stale():
    turns = [("user", "加个缓存，TTL 60 秒。"), ("assistant", "好的。"),
             ("user", "TTL 改成 300 吧，徽章不怎么变"), ("assistant", "TTL 已改为300秒。")]
    assert not any("60" in c for c in missing_clauses(turns, "[FACT:dev.ttl=300 (was: 60)]", ts=None))
