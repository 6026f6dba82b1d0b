"""A count said before any domain was known ("大概 20 桌") is replaced by the user's later count of the
same measure under a domain's key ("要 24 桌"): one counted thing (core.attribute_evidence)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)


def _compressed(later: str):
    turns = [
        ("user", "我们打算明年五一办婚礼，在成都，大概 20 桌，预算 10 万以内。"),
        ("assistant", "好的，我帮您查一下成都五一可订的酒店宴会厅。"),
        ("user", "要有户外草坪"),
        ("assistant", "锦江宾馆锦绣厅有草坪，4588元/桌。"),
        ("user", later),
        ("assistant", "好的。"),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs)


def test_a_later_count_of_the_same_measure_replaces_the_early_one() -> None:
    text = _compressed("亲戚比想的多，酒店要订 24 桌").rendered.text
    assert "24 桌" in text
    assert "20 桌" not in text.replace("(was: 20 桌)", "")


def test_a_count_of_another_measure_leaves_it() -> None:
    text = _compressed("酒店再订 2 间房").rendered.text
    assert "20 桌" in text.replace("(was: 20 桌)", "")


def test_a_part_of_the_party_leaves_the_head_count() -> None:
    """ "vegans are 2 people" after "we're 8 people": a part of the party, not a new head count."""
    turns = [
        ("user", "order pizza for the team, we're 8 people working late"),
        ("assistant", "Sure. Which restaurant, and any dietary needs?"),
        ("user", "Napoli Express. some are vegan"),
        ("assistant", "How many vegans?"),
        ("user", "vegans are 2 people"),
        ("assistant", "Noted."),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    text = Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text
    assert "(was: 8 people)" not in text
