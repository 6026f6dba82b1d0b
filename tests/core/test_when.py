"""Times normalised (seed 001, 4.2): a relative date or time the user gave is rendered resolved
against its turn's time, with the user's words after it, kept at weight 1.0 and never dropped."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.decay import fact_weight
from core.models import Evidence, Fact, Message
from core.render import parse_anchors
from core.when import shown_value, written_value

pytestmark = pytest.mark.unit
WED = datetime(2026, 12, 2, 10, 0)  # a Wednesday
FILLER_EN = [
    ("user", "Thanks. Is there anything I should prepare or bring with me on the day?"),
    ("assistant", "Nothing special: bring your documents and please arrive a little early."),
]
FILLER_ZH = [
    ("user", "谢谢，那天我需要准备什么材料或者带什么东西过去吗？"),
    ("assistant", "没有特别的要求，带好证件，提前一点到就可以了。"),
]


def compress(
    first: list[tuple[str, str]], filler: list[tuple[str, str]], ts: datetime | None = WED, cfg=None
):
    turns = first + filler * 6
    msgs = [Message(idx=i, role=r, text=t, ts=ts) for i, (r, t) in enumerate(turns)]
    return Compressor(cfg or Config(use_embeddings=False)).compress(msgs, force=True, context_id="when")


def head(result) -> str:
    assert result.rendered is not None
    return result.rendered.text.split("--- recent turns ---")[0]


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        (
            "I need to book an MRI next Wednesday 3pm.",
            ["2026-12-09 (next Wednesday)", "2026-12-09 15:00 (next Wednesday 3pm)"],
        ),
        ("Please deliver it the day after tomorrow.", ["2026-12-04 (the day after tomorrow)"]),
        # the issue's own example: a clock time said with its day shows the words of both
        ("Book a table for 4 at 7pm Friday.", ["2026-12-04 (Friday)", "2026-12-04 19:00 (7pm Friday)"]),
    ],
)
def test_english_relative_times_are_rendered_resolved_with_the_users_words(said, shown):
    result = compress([("user", said), ("assistant", "Sure, I will arrange that.")], FILLER_EN)
    text = head(result)
    for piece in shown:
        assert piece in text, text
    assert result.validation is None or result.validation.roundtrip_ok


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("我想预约下周三下午3点做核磁共振检查。", "2026-12-09 15:00 (下周三下午3点)"),
        ("后天上午送货到我家可以吗？", "2026-12-04 (后天上午)"),
        ("明天晚上8点提醒我吃降压药。", "2026-12-03 20:00 (明天晚上8点)"),
    ],
)
def test_chinese_relative_times_are_rendered_resolved_with_the_users_words(said, shown):
    result = compress([("user", said), ("assistant", "好的，我来安排。")], FILLER_ZH)
    assert shown in head(result), head(result)


def test_the_anchors_read_back_the_users_words():
    result = compress([("user", "Book a table for 4 at 7pm Friday.")], FILLER_EN)
    facts = parse_anchors(result.rendered.text)["facts"]
    assert result.state.facts["restaurant.time"].value == "7pm"
    assert facts["restaurant.time"] == "7pm Friday"  # the words shown: the time and its day, one phrase
    assert facts["restaurant.date"] == "Friday"
    assert written_value("2026-12-09 15:00 (下周三下午3点)") == "下周三下午3点"
    assert written_value("Granta Lodge (Cambridge)") == "Granta Lodge (Cambridge)"


def test_without_a_turn_time_nothing_is_resolved_against_an_invented_day():
    result = compress([("user", "Book a table for 4 at 7pm Friday.")], FILLER_EN, ts=None)
    text = head(result)
    assert "time=7pm" in text and "date=Friday" in text
    assert "2026-" not in text


def fact(key: str, value: str, norm: str, start: int, ts: datetime | None = WED, role: str = "user") -> Fact:
    ev = Evidence(idx=3, role=role, start=start, end=start + len(value), text=value, ts=ts)
    return Fact(key=key, value=value, norm=norm, first_idx=3, last_idx=3, role=role, evidence=ev)


def test_a_time_carries_the_date_only_when_said_in_one_phrase_with_it():
    time = fact("taxi.time", "7pm", "19:00", 10)
    near = fact("taxi.date", "Friday", "2026-12-04", 14)
    far = fact("taxi.date", "Friday", "2026-12-04", 40)
    assert shown_value(time, [time, near]) == "2026-12-04 19:00 (7pm Friday)"
    assert shown_value(time, [time, far]) == "7pm"
    assert shown_value(fact("taxi.time", "15:00", "15:00", 0)) == "15:00"  # already resolved


def test_a_users_date_keeps_weight_one_however_old():
    cfg = Config(use_embeddings=False)
    date = fact("doctor.date", "next Wednesday", "2026-12-09", 0).model_copy(update={"kind": "preference"})
    assert fact_weight(date, user_turns=40, config=cfg) == 1.0
    offered = fact("doctor.date", "Thursday", "2026-12-03", 0, role="assistant")
    assert fact_weight(offered, user_turns=40, config=cfg) < 1.0


def test_a_users_time_is_never_dropped_by_a_tight_budget():
    cfg = Config(use_embeddings=False, target_compressed_tokens=90)
    first = [
        ("user", "My MRI is next Wednesday 3pm at Riverside Medical Centre, Dr Olsen, ward 4, room 12."),
        (
            "user",
            "I am allergic to penicillin, latex, iodine and shellfish, and I use a wheelchair.",
        ),
    ]
    result = compress(first, FILLER_EN, cfg=cfg)
    assert "2026-12-09 15:00 (next Wednesday 3pm)" in result.rendered.text, result.rendered.text


def test_a_time_restated_with_a_date_shows_the_whole_new_phrase():
    """'make it wednesday 9am' after '09:00 tomorrow': the time keeps its value, the date changes;
    the words the user gave for the new value are one phrase, shown together beside the time."""
    time = fact("logistics.time", "09:00", "09:00", 20).model_copy(update={"aliases": ["9am"]})
    assert time.evidence is not None
    time.evidence = time.evidence.model_copy(update={"start": 20, "end": 23, "text": "9am"})
    day = fact("logistics.date", "wednesday", "2026-12-09", 10)
    text = head_of([time, day])
    assert "(aka wednesday 9am)" in text
    assert parse_anchors(text)["facts"]["logistics.time"] == "09:00"  # the anchors still round-trip


def head_of(facts: list[Fact]) -> str:
    from core.render_facts import fact_piece

    return "[FACT:" + "|".join(fact_piece(f, i == 0, facts) for i, f in enumerate(facts)) + "]"


def test_a_month_said_without_a_day_is_rendered_as_that_month_not_its_first_day():
    # "明年3月" was rendered "2027-03-01 (3月)": a day the user never said
    first = [("user", "帮我报一下明年3月的西湖半程马拉松"), ("assistant", "好的，请提供姓名。")]
    text = head(compress(first, FILLER_ZH))
    assert "2027-03 (3月)" in text and "2027-03-01" not in text
    assert written_value("2027-03 (3月)") == "3月"


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        # a word between the day and the hour: still one phrase, shown whole
        (
            "Next Tuesday at half past ten, if you have it.",
            "2026-12-08 10:30 (Next Tuesday at half past ten)",
        ),
        # the part of the day said before a bare hour sets it: "evening, after 8" is 20:00 (said on a
        # Wednesday morning: this evening)
        ("Can I do it on Wednesday evening, after 8?", "2026-12-02 20:00 (Wednesday evening, after 8)"),
    ],
)
def test_a_day_and_its_hour_with_a_word_between_read_as_one_phrase(said, shown):
    result = compress(
        [("user", "I need a survey."), ("assistant", "When suits you?"), ("user", said)], FILLER_EN
    )
    assert shown in head(result), head(result)
