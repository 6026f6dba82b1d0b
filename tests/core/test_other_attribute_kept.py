"""A user's value of a key held by another value replaces it only with evidence that it is the
same attribute (issue 12, item 2): a count in another measure ("2份") never replaces one in its own
("4盒"), nor does one said of another thing as well ("陶粒也加到10袋" after "土拿50袋"), one and many
of a measure ("1 night", "2 nights") are one attribute, and a return ("bring
it back sunday, 6pm") is the end of the rental, never its pick-up time."""

from __future__ import annotations

import pytest

from core.attribute_evidence import budget_beside_price, other_attribute
from core.compressor import Compressor
from core.config import Config
from core.lang.en_entities import extract_entities
from core.models import Fact, FactCandidate, Message

pytestmark = pytest.mark.unit


def _state(turns: list[tuple[str, str]]) -> tuple[set[str], set[str]]:
    """The current values and the replaced values of the state after the turns."""
    session = Compressor(Config()).session("attr")
    for i, (role, text) in enumerate(turns):
        session.add(Message(context_id="attr", idx=i, role=role, text=text), auto_compact=False)
    facts = session.state.facts.values()
    return {f.value for f in facts}, {h.value for f in facts for h in f.history}


@pytest.mark.parametrize(
    "old, new", [("2 nights", "1 night"), ("3 tickets", "1 ticket"), ("4 stars", "1 star")]
)
def test_one_and_many_of_a_measure_are_one_attribute(old: str, new: str):
    cur = Fact(key="hotel.nights", value=old, norm=old, first_idx=0, last_idx=0, vtype="quantity")
    cand = FactCandidate(key="hotel.nights", value=new, norm=new, source_idx=2, vtype="quantity")
    assert not other_attribute(cur, cand)
    assert other_attribute(cur, cand.model_copy(update={"norm": "1 box", "value": "1 box"}))


def test_a_count_in_another_measure_stands_beside_the_held_count():
    current, replaced = _state([
        ("user", "明天家里8个人吃火锅，帮我买菜"),
        ("assistant", "羊肉卷要几盒？"),
        ("user", "4盒"),
        ("assistant", "羊肉卷4盒。虾滑要吗？"),
        ("user", "虾滑2份"),
        ("assistant", "好的，虾滑2份。配送时间？"),
        ("user", "明天下午4点"),
        ("assistant", "好的，明天下午4点。"),
        ("user", "行"),
    ])
    assert "4盒" in current and "4盒" not in replaced


@pytest.mark.parametrize(
    "text, value, slot",
    [
        ("pick up at the airport friday 10am, back monday", "monday", "end_date"),
        ("actually bring it back sunday evening instead, 6pm", "6pm", "end_time"),
        ("actually bring it back sunday evening instead, 6pm", "sunday evening", "end_date"),
        ("pick up at the airport friday 10am, back monday", "10am", "time"),
    ],
)
def test_a_return_is_the_end_of_the_rental(text: str, value: str, slot: str):
    found = {e.text: e.slot for e in extract_entities(text, None)}
    assert found[value] == slot


def test_two_dates_said_together_stand_beside_the_one_date_held():
    # the show is on the 8th; collecting on the 7th and returning on the 9th is a span of its own
    current, replaced = _state([
        ("user", "你好，公司年会节目要租演出服，1月8号晚上用"),
        ("assistant", "您好，请问是什么节目？需要多少套？"),
        ("user", "一个民族舞，8个女生"),
        ("assistant", "傣族舞服每套80元/天。"),
        ("user", "好。1月7号下午拿，1月9号上午还，行吗"),
    ])
    assert "1月8号晚上" in current
    assert "1月8号晚上" not in replaced
    cur = Fact(key="event.date", value="1月8号晚上", norm="1月8号晚上", first_idx=0, last_idx=0, vtype="date")
    said = "1月7号下午, 1月9号上午"
    span = FactCandidate(key="event.date", value=said, norm=said, source_idx=4, vtype="date")
    assert other_attribute(cur, span)
    one = FactCandidate(key="event.date", value="1月9号", norm="1月9号", source_idx=4, vtype="date")
    assert not other_attribute(cur, one)  # one date for the one held: no evidence it is another


@pytest.mark.parametrize(
    ("first", "change", "start", "ends"),
    [
        (
            "Farnborough to Geneva on Thursday the 17th, departing 07:30, returning Saturday the 19th "
            "around 16:00.",
            "One change to the return: he wants to leave Geneva at 13:00 on the 19th, not late afternoon.",
            {"Thursday the 17th", "07:30"},
            {"13:00"},
        ),
        ("We'd leave on the 29th at 09:00, and come back January 3rd.", "Return, the 3rd at noon.",
         {"the 29th", "09:00"}, {"noon"}),
    ],
)
def test_a_sentence_about_the_return_keeps_the_outbound(first, change, start, ends):
    # the way back named as the topic ("to the return:", "Return,"): its day and hour end the trip
    current, replaced = _state([("user", first), ("assistant", "Noted. Names?"), ("user", change)])
    assert start <= current and not start & replaced
    assert ends <= current


@pytest.mark.parametrize("moment", ["Quiz is fine at 8.", "The speeches at 7:30 please."])
def test_a_time_inside_the_users_span_is_a_moment_of_it_not_a_new_start(moment):
    # "6pm to 10pm", then a bare "at 8" for one item of the evening: the start stays 6pm
    current, replaced = _state(
        [
            ("user", "Games night on Thursday 17th, 6pm to 10pm, around 14 people."),
            ("assistant", "A hosted quiz round is £60 and runs 45 minutes."),
            ("user", moment),
        ]
    )
    assert {"6pm", "10pm"} <= current and "6pm" not in replaced


def test_a_time_outside_the_span_still_moves_its_start():
    current, replaced = _state(
        [
            ("user", "Games night on Thursday 17th, 6pm to 10pm, around 14 people."),
            ("assistant", "Booked for 6pm."),
            ("user", "make it 5pm instead"),
        ]
    )
    assert "5pm" in current and "6pm" in replaced


def test_a_value_set_for_another_holder_stands_beside_the_first():
    # "Only for him. Mine 50 ml is enough.": his bottle stays 100 ml, hers is 50 ml
    current, replaced = _state(
        [
            ("user", "Can we upgrade the bottles to 100 ml?"),
            ("assistant", "Yes! 100 ml is +€40 per person"),
            ("user", "Only for him. Mine 50 ml is enough."),
        ]
    )
    assert {"100 ml", "50 ml"} <= current and "100 ml" not in replaced


def test_an_uncued_day_and_hour_stands_beside_an_hour_of_another_day():
    # the class starts at 2pm on the 3rd; the visit is Wednesday evening: neither replaces the other
    current, replaced = _state(
        [
            ("user", "3号上午本来就没课，下午2点才开始"),
            ("assistant", "那正好。需要先上门看一下吗？"),
            ("user", "这周三晚上8点后可以，下课了"),
        ]
    )
    assert "下午2点" in current and "下午2点" not in replaced


@pytest.mark.parametrize(
    "old, new, other",
    [
        ("PQ-65012", "flat 3", True),  # a quote's code, then the neighbour's flat: two attributes
        ("RC-2026-118", "Room 21", True),
        ("PJ-2215", "PJ-2216", False),  # a code for a code
        ("Room 12", "Room 21", False),  # a room for a room
    ],
)
def test_a_label_id_and_a_code_are_two_attributes(old: str, new: str, other: bool):
    cur = Fact(key="home.ref", value=old, norm=old.lower(), first_idx=0, last_idx=0, vtype="id")
    cand = FactCandidate(key="home.ref", value=new, norm=new.lower(), source_idx=2, vtype="id", role="user")
    assert other_attribute(cur, cand) is other


@pytest.mark.parametrize(
    "turns, kept",
    [
        ([("user", "种植土拿50袋"), ("assistant", "好的，50袋。"), ("user", "陶粒也加到10袋")],
         {"50袋", "10袋"}),
        ([("user", "I'll take 40 bags"), ("assistant", "40 bags."), ("user", "and the bark also 10 bags")],
         {"40 bags", "10 bags"}),
    ],
)
def test_a_count_said_of_another_thing_as_well_stands_beside_the_held_count(turns, kept):
    current, replaced = _state(turns)
    assert kept <= current and not replaced


def test_a_count_changed_without_another_thing_still_replaces():
    turns = [("user", "种植土拿50袋"), ("assistant", "好的，50袋。"), ("user", "我也改成40袋吧")]
    current, replaced = _state(turns)
    assert "40袋" in current and "50袋" in replaced


def _name(value: str, key: str = "payment.person") -> tuple[Fact, FactCandidate]:
    return (
        Fact(key=key, value="UPI", norm="upi", first_idx=3, last_idx=3, vtype="name"),
        FactCandidate(key=key, value=value, norm=value.lower(), source_idx=9, vtype="name"),
    )


def test_a_term_in_capitals_and_a_persons_name_are_two_attributes():
    # "Payment by UPI at month end", then the user's name asked for: UPI is no name it replaced
    cur, cand = _name("Sudipta Banerjee")
    assert other_attribute(cur, cand)
    # a term for a term, or a correction, is still one attribute
    assert not other_attribute(cur, _name("NEFT")[1])
    assert not other_attribute(cur, cand.model_copy(update={"correction": True}))


def test_the_users_budget_stands_beside_the_price_the_agent_quoted():
    # "It's £12.50 a session", then "£30 a week tops is what I can do": the budget is no new price
    current, replaced = _state([
        ("user", "I need an after-school place for my daughter, Monday and Wednesday"),
        ("assistant", "We have space on both. It's £12.50 a session, snack included."),
        ("user", "Snack's fine. £30 a week tops is what I can do"),
        ("assistant", "Two sessions at £12.50 is £25 a week, under your £30."),
    ])
    assert "£12.50 a session" in current and "£30 a week tops" in current
    assert not replaced & {"£12.50 a session", "£30 a week tops"}


def test_budget_beside_price_needs_the_agents_point_and_the_users_bound():
    price = Fact(key="club.amount", value="£12.50", norm="12.50 gbp", first_idx=1, last_idx=1, vtype="money")
    price = price.model_copy(update={"role": "assistant"})
    budget = FactCandidate(
        key="club.amount", value="£30 tops", norm="<=30 gbp", source_idx=2, vtype="money", bound=True
    )
    assert budget_beside_price(price, budget)
    assert not budget_beside_price(price, budget.model_copy(update={"correction": True}))
    assert not budget_beside_price(price.model_copy(update={"role": "user"}), budget)
    assert not budget_beside_price(price, budget.model_copy(update={"bound": False}))
