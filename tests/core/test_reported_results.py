"""Results the assistant reports are facts of their own (issue 12 point 3: assistant text yields a
fact when it reports a result): a sum due named by the noun after the amount ("a $200 deposit",
"a $35 cancellation fee", "a $155 refund"), a sum still to pay or coming back in Chinese ("应缴约125元",
"共2799元", "差价155元"), a bill's amount beside the sum due after a review ("金额683.6元" then
"应缴约125元"), and a booking reference the agent reports beside an id the user gave. None of them
is an offer for the user's own value, and none replaces the user's budget. Real parse / extract /
merge / render stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_attributes import attribute_numbers as en_numbers
from core.lang.zh_attributes import attribute_numbers as zh_numbers
from core.models import ActionUnit, ContextState, Fact, Message
from core.parse import analyzer_for
from core.render import parse_anchors, render
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _slots(found: list[tuple[int, int, str, str, str]]) -> dict[str, str]:
    return {slot: value for _s, _e, _kind, value, slot in found}


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Booked for 16. They need a $200 deposit.", "deposit", "200 USD"),
        ("Digital only. Payment is a $100 deposit now.", "deposit", "100 USD"),
        ("Cancelling now carries a $35 cancellation fee.", "fee", "35 USD"),
        ("You'll get a $155 refund within a week.", "refund", "155 USD"),
        ("The amount due is $125.40.", "due", "125.40 USD"),
    ],
)
def test_an_english_sum_is_keyed_by_its_noun_before_or_after(text: str, slot: str, value: str) -> None:
    assert _slots(en_numbers(text)).get(slot) == value


def test_an_offered_extra_with_no_sum_noun_is_no_sum() -> None:
    found = _slots(en_numbers("Would you like the extended gallery with 50 images for $100 more?"))
    assert not {"deposit", "fee", "refund", "due", "total"} & set(found)


@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("实际用气41立方，应缴约125元。", "due", "125 CNY"),
        ("加全家福200元，共2799元。", "total", "2799 CNY"),
        ("本期用气量236立方，金额683.6元。", "total", "683.6 CNY"),
        ("改二等座差价155元会退回原支付渠道。", "refund", "155 CNY"),
    ],
)
def test_a_chinese_sum_due_or_refund_is_keyed_by_its_noun(text: str, slot: str, value: str) -> None:
    assert _slots(zh_numbers(text)).get(slot) == value


@pytest.mark.parametrize("text", ["共3人", "一共5个", "总共两张"])
def test_a_count_after_gong_is_no_sum(text: str) -> None:
    assert not {"total", "due"} & set(_slots(zh_numbers(text)))


def test_the_bill_and_the_sum_due_after_review_both_stand() -> None:
    st = state_after(
        [
            ("user", "这个月燃气费怎么要交680多，平时就一百多"),
            ("assistant", "查到了，本期用气量236立方，金额683.6元。这期是否是估抄？"),
            ("user", "我不知道，11月出差了半个月"),
            ("assistant", "上期结算读数是01832，实际用气41立方，应缴约125元。我给您提交复核。"),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert {"683.6元", "125元"} <= values
    assert "683.6元" not in replaced(st)


def test_a_deposit_the_assistant_reports_does_not_replace_the_users_budget() -> None:
    st = state_after(
        [
            ("user", "dinner for 16 next Thursday, budget $1500 max"),
            ("assistant", "Sakura Hana has a private room, minimum spend $1200."),
            ("user", "book it"),
            ("assistant", "Booked for 16 at Sakura Hana. They need a $200 deposit."),
        ]
    )
    deposits = [f for f in st.facts.values() if f.value == "$200"]
    assert deposits and deposits[0].key.endswith(".deposit") and deposits[0].role == "assistant"
    assert deposits[0].evidence is not None and deposits[0].evidence.text == "$200"
    assert not any("1500" in v for v in replaced(st))


def test_a_reference_the_assistant_reports_stands_beside_the_users_id() -> None:
    st = state_after(
        [
            ("user", "I need a business visa appointment, passport number Z4419827"),
            ("assistant", "Which day works for you?"),
            ("user", "december 4 please"),
            ("assistant", "Appointment reference FRA-BLR-20261204-0377. Bring the original passport."),
        ]
    )
    held = {f.value: f for f in st.facts.values()}
    assert "Z4419827" in held and "FRA-BLR-20261204-0377" in held
    assert held["FRA-BLR-20261204-0377"].role == "assistant"
    assert not any(o.value == "FRA-BLR-20261204-0377" for o in st.offers.values())
    assert "Z4419827" not in replaced(st)


def test_a_reported_deposit_is_rendered_when_the_budget_is_tight() -> None:
    session = Compressor(Config(use_embeddings=False)).session("deposit")
    turns = [
        ("user", "family photos outdoors on the 20th, 4 people"),
        ("assistant", "We have the 20th at 10am or 3pm."),
        ("user", "3pm"),
        ("assistant", "Prints or digital?"),
        ("user", "no prints, digital only"),
        ("assistant", "Digital only. Payment is a $100 deposit now."),
        ("user", "ok, card ending 4412"),
        ("assistant", "Charged. See you on the 20th."),
        ("user", "thanks"),
        ("assistant", "You're welcome."),
    ]
    for idx, (role, text) in enumerate(turns):
        session.add(Message(idx=idx, role=role, text=text), auto_compact=False)
    session.compact(force=True)
    head = session.context().text.split("--- recent turns ---")[0]
    assert "$100" in head


@pytest.mark.parametrize(
    ("lang", "text", "surface"),
    [
        ("zh", "美国签证要求51×51毫米，白底，不能戴眼镜。", "51×51毫米"),
        ("zh", "沙发尺寸220×95×85厘米", "220×95×85厘米"),
        ("en", "US visa photos must be 2x2 inches with a white background.", "2x2 inches"),
        ("en", "The box is 40 x 30 x 20 cm.", "40 x 30 x 20 cm"),
    ],
)
def test_a_size_is_one_value_of_the_size_slot(lang: str, text: str, surface: str) -> None:
    found = [(e.text, e.slot) for e in analyzer_for(lang).entities(text, None)]
    assert (surface, "size") in found


@pytest.mark.parametrize(("lang", "text"), [("en", "a 2x2 grid of photos"), ("zh", "比分2x2")])
def test_two_numbers_joined_by_x_without_a_unit_are_no_size(lang: str, text: str) -> None:
    assert not [e for e in analyzer_for(lang).entities(text, None) if e.slot == "size"]


def test_a_size_the_assistant_states_as_a_requirement_is_kept() -> None:
    st = state_after(
        [
            ("user", "我要拍证件照，美国签证用的"),
            ("assistant", "美国签证要求51×51毫米，白底，不能戴眼镜。数码版还是冲印？"),
            ("user", "都要"),
        ]
    )
    sizes = [f for f in st.facts.values() if f.value == "51×51毫米"]
    assert sizes and sizes[0].key.endswith(".size") and sizes[0].role == "assistant"


def test_a_booking_number_after_a_chinese_reference_cue_is_one_id() -> None:
    text = "已预约，预约号ZJ-1208-031，总价100元。"
    found = [(e.type, e.text) for e in analyzer_for("zh").entities(text, None)]
    assert ("id", "ZJ-1208-031") in found


@pytest.mark.parametrize(
    ("text", "name", "slot"),
    [
        ("my son, Elijah, he's 15", "Elijah", "son_name"),
        ("my daughter Emma is coming too", "Emma", "daughter_name"),
        ("my mum is Ann Lee", "Ann Lee", "mother_name"),
    ],
)
def test_a_relatives_name_is_keyed_by_the_kin_word(text: str, name: str, slot: str) -> None:
    assert (name, slot) in [(e.text, e.slot) for e in analyzer_for("en").entities(text, None)]


def test_a_relatives_name_does_not_replace_the_name_the_lookup_read_back() -> None:
    st = state_after(
        [
            ("user", "hi I want to volunteer over the holidays, my volunteer id is V-33871"),
            ("assistant", "Welcome back, Marisol. Your certificate expired in October."),
            ("user", "warehouse shifts are fine then"),
            ("assistant", "Will anyone join you?"),
            ("user", "my son, Elijah, he's 15"),
        ]
    )
    held = {f.value: f for f in st.facts.values()}
    assert "Marisol" in held and held["Marisol"].role == "assistant"
    assert "Elijah" in held
    assert "Marisol" not in replaced(st)


def test_a_reported_reference_on_the_completed_line_is_not_repeated_as_a_fact() -> None:
    def held(key: str, value: str, role: str) -> Fact:
        return Fact(key=key, value=value, norm=value.lower(), first_idx=0, last_idx=0, role=role)

    st = ContextState(
        facts={
            "train.ref": held("train.ref", "TR0481", "user"),
            "train.ref_2": held("train.ref_2", "O2IGKVWR", "assistant"),
        },
        actions=[ActionUnit(tool="book train", idx=3, status="done", ref="O2IGKVWR")],
    )
    out = render(st, [], Config(use_embeddings=False), tokens_in=10_000)
    assert "O2IGKVWR" in out.text
    assert "ref_2" not in parse_anchors(out.text)["facts"].__repr__()


@pytest.mark.parametrize(
    ("lang", "text", "value"),
    [
        ("zh", "1月12日可以。代办费每人300元，两人600元。", "600 CNY"),
        ("zh", "每晚500元，三晚1500元", "1500 CNY"),
        ("zh", "每瓶460元，4瓶1840元，空瓶回收。", "1840 CNY"),  # any classifier, not only people and nights
        ("en", "It is $300 per person, $600 for two.", "600 USD"),
        ("en", "$45 a night, $135 in all", "135 USD"),
    ],
)
def test_a_groups_price_after_a_unit_price_is_the_total(lang: str, text: str, value: str) -> None:
    found = (zh_numbers if lang == "zh" else en_numbers)(text)
    assert _slots(found).get("total") == value


@pytest.mark.parametrize(
    ("lang", "text"), [("zh", "两人600元以内"), ("en", "tickets are $50 each and $70 for VIP")]
)
def test_a_bound_or_another_option_after_a_unit_price_is_no_total(lang: str, text: str) -> None:
    assert "total" not in _slots((zh_numbers if lang == "zh" else en_numbers)(text))


def test_a_deposit_said_with_its_share_before_the_colon_is_the_deposit() -> None:
    """"Deposit 20%: £476": the share between the noun and its amount leaves the amount the deposit's."""
    found = _slots(en_numbers("Dust sheets on all furniture. Deposit 20%: £476."))
    assert found.get("deposit", "").startswith("476"), found


@pytest.mark.parametrize(
    ("text", "slot"),
    [("这个月气价上调了，每瓶涨了40元，这是统一价。", "extra"), ("这周降了30元，现在每瓶430元。", "saving")],
)
def test_a_chinese_price_change_is_no_price(text: str, slot: str) -> None:
    """By how much a price went up or down ("每瓶涨了40元") stands beside the price, never replaces it."""
    assert slot in _slots(zh_numbers(text)), _slots(zh_numbers(text))


def test_an_amount_before_due_to_is_no_sum_due() -> None:
    assert "due" not in _slots(en_numbers("They charged $50 due to the late return."))
