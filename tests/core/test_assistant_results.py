"""Values the assistant reports or offers that stay current: a result id it reports after an action
("Done. Policy OST-2027-3318."), the price it reports from a result that the user accepts ("... is
£700" -> "fine, book it"), the one of its alternatives a brief answer picks ("10-year pay or 20-year
pay?" -> "10"). Each test feeds the real parse / extract / merge stages (rules only, no model)."""

from __future__ import annotations

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en import EnglishAnalyzer
from core.models import ContextState, Fact, Message, ToolCall, ToolResult
from core.parse import parse_message
from core.render import fact_tier
from core.reported import priced_terms
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Done. Policy OST-2027-3318. Documents go to your email.", "OST-2027-3318"),
        ("Switch scheduled, ticket PC-20270104-88.", "PC-20270104-88"),
        ("Booked, job MV-20913 on Sunday the 13th.", "MV-20913"),
        # a one-character last part: "Confirmation NV-2216-P" was a name
        ("Deposit of $910 charged to the Amex ending 3007. Confirmation NV-2216-P.", "NV-2216-P"),
    ],
)
def test_a_hyphenated_code_is_an_id_not_part_of_a_name(text: str, code: str) -> None:
    found = [(e.type, e.text) for e in EnglishAnalyzer().entities(text, None)]
    assert ("id", code) in found
    assert not any(t == "name" and code in s for t, s in found)


@pytest.mark.parametrize("text", ["COVID-19 rules apply here.", "Commit to fix/WS-4410-search-500 now."])
def test_short_codes_and_codes_inside_a_path_are_no_id(text: str) -> None:
    assert not [e for e in EnglishAnalyzer().entities(text, None) if e.type == "id"]


def test_a_policy_number_the_assistant_reports_is_kept_as_a_reference():
    st = state_after(
        [
            ("user", "renew my parents travel insurance, same plan as last year"),
            ("assistant", "Oceanic Senior Travel for 21 days comes to 1,560. Pay with the card ending 5527?"),
            ("user", "yes"),
            ("assistant", "Done. Policy OST-2027-3318. Documents go to your email."),
        ]
    )
    refs = [f for f in st.facts.values() if f.value == "OST-2027-3318"]
    assert refs and refs[0].key.endswith(".ref")
    assert fact_tier(refs[0]) == 0


def _after(turns: list[Message]) -> ContextState:
    session = Compressor(Config(use_embeddings=False)).session("t")
    for m in turns:
        session.add(m, auto_compact=False)
    return session.state


def _quoted(answer: str, with_tool: bool = True) -> ContextState:
    """A quote the assistant reports (from a tool's result, or not), then the user's answer."""
    turns = [Message(idx=0, role="user", text="can we move on sunday the 13th instead")]
    if with_tool:
        call = ToolCall(call_id="q1", name="quote_move", args={"date": "2026-12-13"})
        turns.append(Message(idx=1, role="assistant", tool_call=call))
        result = ToolResult(call_id="q1", data={"quote_gbp": 700})
        turns.append(Message(idx=2, role="tool", tool_result=result))
    n = len(turns)
    turns.append(Message(idx=n, role="assistant", text="Sunday 13 December is £700 (Sunday rate)."))
    turns.append(Message(idx=n + 1, role="user", text=answer))
    return _after(turns)


def _price(st: ContextState, value: str) -> Fact:
    return next(f for f in st.facts.values() if f.value == value)


def test_the_price_reported_from_a_result_right_before_the_users_yes_is_accepted():
    price = _price(_quoted("fine, book it"), "£700")
    assert price.evidence is not None and price.evidence.how == "accepted"
    assert fact_tier(price) == 1  # rendered with the chosen values, not dropped as information


def test_a_price_reported_without_a_yes_stays_information():
    assert fact_tier(_price(_quoted("hmm, what about saturday"), "£700")) == 2


def test_the_price_quoted_in_the_turn_the_user_says_yes_to_is_accepted_without_a_result():
    # "线上价 4280" -> "行": the proposal the user took, its price a term of it
    price = _price(_quoted("fine, book it", with_tool=False), "£700")
    assert price.evidence is not None and price.evidence.how == "accepted"
    assert fact_tier(price) == 1


def test_a_price_said_before_another_turn_with_no_result_behind_it_stays_information():
    turns = [
        Message(idx=0, role="user", text="can we move on sunday the 13th instead"),
        Message(idx=1, role="assistant", text="Sunday 13 December is £700 (Sunday rate)."),
        Message(idx=2, role="assistant", text="The crew can also come on Saturday afternoon."),
        Message(idx=3, role="user", text="fine, book it"),
    ]
    assert fact_tier(_price(_after(turns), "£700")) == 2


@pytest.mark.parametrize(
    ("budget", "price", "tier"),
    [
        ("预算人均两百以内", "每位168元", 1),  # weighed against the user's budget: a term
        ("我们两个人", "每位168元", 2),  # no budget held: information
    ],
)
def test_a_price_quoted_while_the_user_holds_a_budget_is_a_term(budget: str, price: str, tier: int) -> None:
    st = _after(
        [
            Message(idx=0, role="user", text=f"你好，想做年画体验，{budget}"),
            Message(idx=1, role="assistant", text=f"{price}，含材料和一张装好的年画。"),
            Message(idx=2, role="user", text="不要拍视频"),
        ]
    )
    assert fact_tier(_price(st, price), priced_terms(st)) == tier


@pytest.mark.parametrize(("booked", "tier"), [(True, 1), (False, 2)])
def test_a_price_quoted_before_a_tool_call_is_done_is_a_term(booked: bool, tier: int) -> None:
    # the price of what the agent then ordered ("63300元", "$389") had been information the soft budget
    # dropped; without a call done since, it stays information
    turns = [
        Message(idx=0, role="user", text="I want the drone with the longer battery"),
        Message(idx=1, role="assistant", text="The Skylark 2 is $389 with two batteries."),
        Message(idx=2, role="user", text="what colours does it come in"),
    ]
    if booked:
        turns += [
            Message(idx=3, role="assistant", tool_call=ToolCall(call_id="c1", name="place_order",
                                                                  args={"model": "Skylark 2"})),
            Message(idx=4, role="tool", tool_result=ToolResult(call_id="c1", data={"order_id": "SK-1120"})),
        ]
    st = _after(turns)
    assert fact_tier(_price(st, "$389"), priced_terms(st)) == tier


@pytest.mark.parametrize(
    ("question", "answer", "picked"),
    [
        ("Basic it is. Premium term: 10-year pay or 20-year pay?", "10", "10-year pay"),
        ("Noted. Which plan: Lotus CI Basic or Harbour Guard CI?", "lotus", "Lotus CI Basic"),
        ("好的。缴费期：10年交还是20年交？", "10年吧", "10年交"),
    ],
)
def test_a_brief_answer_naming_part_of_one_offered_option_picks_it(question, answer, picked):
    st = state_after([("user", "I want cover for my parents"), ("assistant", question), ("user", answer)])
    facts = [f for f in st.facts.values() if f.value == picked]
    assert facts and facts[0].role == "user"
    ev = facts[0].evidence
    assert ev is not None and (ev.idx, ev.role, ev.how, ev.text) == (1, "assistant", "offered", picked)
    assert question[ev.start : ev.end] == picked


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Premium term: 10-year pay or 20-year pay?", "pay"),  # fits both
        ("Premium term: 10-year pay or 20-year pay?", "not sure, what do you suggest for them"),
        ("Would you like me to book it?", "yes"),  # no alternatives
    ],
)
def test_an_answer_that_fits_no_single_option_picks_nothing(question, answer):
    st = state_after([("user", "I want cover for my parents"), ("assistant", question), ("user", answer)])
    assert not [f for f in st.facts.values() if f.evidence and f.evidence.idx == 1 and f.role == "user"]


def test_a_bare_number_that_picks_an_option_replaces_no_count():
    st = state_after(
        [
            ("user", "parents, 61 and 59, want critical illness cover"),
            ("assistant", "Premium term: 10-year pay or 20-year pay?"),
            ("user", "10"),
        ]
    )
    assert "10" not in {f.value for f in st.facts.values()}
    assert not any(v.value == "61, 59" for f in st.facts.values() for v in f.history)


def test_a_name_the_user_says_from_an_option_stays_their_own_value():
    st = state_after(
        [
            ("user", "Make it movies in Santa Clara"),
            ("assistant", "Ok. Perhaps Dumbo, Hellboy, Or Hotel Mumbai?"),
            ("user", "Yeah. I want to see Dumbo"),
        ]
    )
    assert not [k for k in st.facts if k.endswith(".choice")]


def test_a_question_back_picks_no_option():
    st = state_after(
        [
            ("user", "Could you tell me about the Golden Wok?"),
            ("assistant", "It is moderately priced. Would you like a reservation or their telephone number?"),
            ("user", "Can you make the reservation?"),
        ]
    )
    assert not [f for f in st.facts.values() if "reservation" in f.value]


_LUNCH = [
    ("user", "帮我点个午饭外卖，两个人"),
    ("assistant", "好的，想吃什么类型的？"),
    ("user", "川菜吧，但是不要太辣，微辣就行"),
    ("assistant", "微辣川菜。送到哪里？"),
    ("user", "科技园南区8栋1203"),
    ("assistant", "好的，科技园南区8栋1203。附近有两家：蜀香小馆（评分4.8）和川味坊（评分4.5）。"),
    ("user", "蜀香小馆"),
    ("assistant", "想点哪些菜？"),
    ("user", "宫保鸡丁、麻婆豆腐、两碗米饭"),
]
_PAY = "合计86元，含配送费。用之前的支付宝付款吗？"


def test_a_yes_to_a_question_naming_one_of_the_values_offered_takes_that_one():
    st = state_after([*_LUNCH, ("assistant", _PAY), ("user", "对")])
    taken = [f for f in st.facts.values() if f.value == "支付宝"]
    assert taken and taken[0].role == "user"
    ev = taken[0].evidence
    assert ev is not None and ev.how == "accepted" and ev.idx == len(_LUNCH)
    assert _PAY[ev.start : ev.end] == "支付宝"
    assert not [f for f in st.facts.values() if f.value == "含配送费" and f.role == "user"]


def test_without_a_yes_the_values_offered_stay_offers():
    st = state_after([*_LUNCH, ("assistant", _PAY), ("user", "等一下")])
    assert not [f for f in st.facts.values() if f.value == "支付宝" and f.role == "user"]


@pytest.mark.parametrize(
    ("text", "node"),
    [
        ("One failure: tests/test_totals.py::test_round, see log", "tests/test_totals.py::test_round"),
        ("测试通过，tests/integration/t_io.py::test_up 失败。", "tests/integration/t_io.py::test_up"),
        ("see tests/a.py::TestX::test_y[case-1] and app/main.py.", "tests/a.py::TestX::test_y[case-1]"),
    ],
)
def test_a_test_runners_node_id_is_one_id_of_a_test_not_a_file(text: str, node: str) -> None:
    atoms = parse_message(Message(idx=0, role="assistant", text=text)).atoms
    assert ("id", "test", node) in [(e.type, e.slot, e.text) for a in atoms for e in a.entities]


def test_a_failing_test_the_assistant_reports_stands_beside_the_file_the_user_names():
    st = state_after(
        [
            ("user", "the CI is red on my branch, can you take a look?"),
            ("assistant", "One failure: tests/billing/test_totals.py::test_rounding_half_even failed."),
            ("user", "we use banker's rounding. the code is in billing/totals.py I think"),
        ]
    )
    values = {f.value for f in st.facts.values()}
    assert {"tests/billing/test_totals.py::test_rounding_half_even", "billing/totals.py"} <= values


def test_a_brief_answer_naming_part_of_one_listed_name_picks_it():
    st = state_after(
        [
            ("user", "parents, 61 and 59, want critical illness cover"),
            ("assistant", "Within 8,000 total: Lotus CI Basic (3,600) or Harbour Guard CI (4,400)."),
            ("user", "lotus"),
        ]
    )
    picked = [f for f in st.facts.values() if f.value == "Lotus CI Basic"]
    assert picked and picked[0].role == "user"
    assert picked[0].evidence is not None and picked[0].evidence.role == "assistant"
    assert "Harbour Guard CI" not in {f.value for f in st.facts.values()}


def test_a_word_that_fits_several_listed_names_picks_none():
    st = state_after(
        [
            ("user", "parents, 61 and 59, want critical illness cover"),
            ("assistant", "There are Lotus CI Basic and Lotus CI Plus."),
            ("user", "lotus"),
        ]
    )
    assert not [f for f in st.facts.values() if f.value in ("Lotus CI Basic", "Lotus CI Plus")]


def test_a_pick_said_with_too_stands_beside_the_users_own_name():
    # "yes cmyk too": an addition, no correction; the brand the user named stays current
    st = state_after(
        [
            ("user", 'need a logo for my coffee cart. name is "Drift Coffee". launching jan 15'),
            ("assistant", "The cart wrap printer may need a CMYK PDF too."),
            ("user", "yes cmyk too"),
        ]
    )
    drift = [f for f in st.facts.values() if f.value == "Drift Coffee"]
    assert drift and not [f for f in st.facts.values() for h in f.history if h.value == "Drift Coffee"]
    assert "CMYK PDF" in {f.value for f in st.facts.values()}
