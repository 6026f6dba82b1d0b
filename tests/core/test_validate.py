"""Validate stage: facts in the source with number synonyms, goal similarity, round trip, fallback."""

from __future__ import annotations

import pytest

from core.config import Config
from core.embed import NgramEmbedder
from core.models import ContextState, Fact, Goal, Message
from core.render import render
from core.stage_outputs import Rendered
from core.validate import (
    bigram_similarity,
    key_sentence_fallback,
    numbers_in,
    validate,
    value_in_source,
)
from tests.core.builders import ent, parsed

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)
MSGS = [
    Message(idx=0, role="user", text="Budget 5000元, book a hotel near the station for 2 nights"),
    Message(idx=1, role="assistant", text="Sure."),
]


def test_numbers_resolve_multipliers_and_chinese_numerals():
    assert numbers_in("5k") == {5000.0}
    assert 5000.0 in numbers_in("5000元")
    assert numbers_in("五千") == {5000.0}
    assert numbers_in("两万三") == {23000.0}
    assert numbers_in("三千五百") == {3500.0}
    assert numbers_in("十二") == {12.0}


def test_value_found_literally_or_as_the_same_number():
    src = " ".join(m.text for m in MSGS).lower()
    nums = numbers_in(src)
    assert value_in_source("5k", src, nums)
    assert value_in_source("Station", src, nums)
    assert not value_in_source("6000", src, nums)
    assert not value_in_source("airport", src, nums)


def _state(value: str) -> ContextState:
    return ContextState(
        goals=[Goal(text="book a hotel near the station", idx=0, domain="hotel")],
        facts={"hotel.price": Fact(key="hotel.price", value=value, norm=value, first_idx=0, last_idx=0)},
    )


def test_validation_passes_on_a_faithful_rendering():
    st = _state("5000元")
    report = validate(render(st, MSGS[1:], CFG, 1000), st, MSGS, CFG)
    assert report.ok and report.roundtrip_ok and report.goal_similarity == 1.0


def test_validation_names_a_fact_missing_from_the_source():
    st = _state("7000元")
    report = validate(render(st, [], CFG, 1000), st, MSGS, CFG)
    assert not report.ok and report.missing_facts == ["hotel.price"]


def test_an_invented_goal_fails_the_similarity_check():
    st = _state("5000元")
    st.goals = [Goal(text="launch the rocket to mars", idx=0)]
    report = validate(render(st, [], CFG, 1000), st, MSGS, CFG, embedder=NgramEmbedder())
    assert not report.ok and report.goal_similarity < CFG.intent_similarity


def test_round_trip_detects_a_tampered_anchor():
    st = _state("5000元")
    good = render(st, [], CFG, 1000)
    bad = Rendered(**{**good.model_dump(), "text": good.text.replace("5000元", "5000")})
    assert not validate(bad, st, MSGS, CFG).roundtrip_ok


def test_bigram_similarity_is_a_containment_score():
    assert bigram_similarity("预订酒店", "我想预订一家酒店") == pytest.approx(2 / 3)
    assert bigram_similarity("hotel near station", "a hotel near the station") == 1.0


def test_key_sentence_fallback_prefers_strong_sentences_and_keeps_budget():
    ps = [
        parsed(0, "user", "hello there how are you doing today my friend", kind="question"),
        parsed(1, "user", "I must arrive by 9am on Friday", [ent("time", "9am", "time")], pinned=True),
        parsed(2, "assistant", "ok", kind="answer"),
    ]
    text = key_sentence_fallback(ps, [], CFG, budget=25)
    assert "9am" in text and "hello there" not in text
