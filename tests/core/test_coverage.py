"""The coverage guarantee: what the user said in a folded turn is in the compacted context, as a
fact or as the user's clause verbatim, unless a later value replaced it with evidence."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.coverage import content_unshown, missing_user_clauses
from core.models import Message
from core.parse import parse_message
from core.turn_kinds import asks_open
from tests.core.builders import missing_clauses

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)
CARD = [
    ("user", "我想办一张信用卡。我不想要年费高的卡，最好免年费。"),
    ("assistant", "好的，请问您平时主要在哪些场景消费？"),
    ("user", "主要是网购和加油，每个月大概五千元。"),
    ("assistant", "明白了，我为您查一下合适的卡。"),
    ("user", "另外额度最好不低于三万。"),
    ("assistant", "好的，已记录，请耐心等待，我统一核对后回复您。"),
    ("user", "好的，谢谢。"),
    ("assistant", "不客气。"),
]


def state_part(result) -> str:
    return result.rendered.state_text


def test_a_negation_pair_stays_whole_in_the_users_words():
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(CARD)]
    result = Compressor(Config(use_embeddings=False)).compress(msgs, context_id="card")
    head = state_part(result)
    assert "不想要年费高的卡" in head and "最好免年费" in head
    assert "耐心等待" not in head and "统一核对" not in head  # assistant filler is no fact


def test_a_negation_pair_with_a_reason_after_it_stays_whole():
    """"只发短信，不要打电话，我开会": what the user wants instead of the prohibition is kept beside it,
    though a reason follows the pair (the Must line alone showed "不要打电话")."""
    turns = [
        ("user", "报案，车被剐了，停车场里，对方跑了"),
        ("assistant", "报案号RC-20261216-0533。联系电话？"),
        ("user", "139 1610 4462，只发短信，不要打电话，我开会"),
        ("assistant", "好的，已备注。"),
        ("user", "好"),
        ("assistant", "不客气。"),
    ]
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    head = state_part(Compressor(Config(use_embeddings=False)).compress(msgs, context_id="sms"))
    assert "只发短信，不要打电话" in head


def test_missing_clauses_are_the_users_own_and_skip_what_is_shown_or_replaced():
    parsed = [
        parse_message(
            Message(idx=0, role="user", text="No cilantro please, and the delivery must arrive by 7pm.")
        ),
        parse_message(Message(idx=1, role="assistant", text="Noted, 7pm it is.")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:food.time=7pm]", parsed, upto=2, state=state)
    assert missing and all(c in parsed[0].message.text for c in missing)  # verbatim, the user's
    assert any("cilantro" in c for c in missing)
    shown = "Must: No cilantro please, and the delivery must arrive by 7pm."
    assert missing_user_clauses(shown, parsed, upto=2, state=state) == []
    assert missing_user_clauses("(was: no cilantro) 7pm", parsed, upto=2, state=state)  # marked is not shown
    assert missing_user_clauses("", parsed, upto=0, state=state) == []  # nothing folded, nothing owed


def test_a_turn_pointing_at_the_users_earlier_words_brings_that_turn_back_whole():
    """The next call writes the user's earlier turn verbatim ("write my last question in it"): the
    turn is no value, negation or stressed clause, so only the pointing-back cue keeps it."""
    from core.models import ToolCall, ToolResult

    asked = "Create a file name based on the number of bytes used. It should be in 'number.pdf' format."
    listing = {"files": [{"name": f"report_{i:03d}.txt", "bytes": 1000 + i} for i in range(60)]}
    turns: list[Message] = [Message(idx=0, role="user", text="Open the VisionX folder and list it.")]
    ls_call = ToolCall(call_id="a", name="ls", args={"a": True})
    turns.append(Message(idx=1, role="assistant", tool_call=ls_call))
    turns.append(Message(idx=2, role="tool", tool_result=ToolResult(call_id="a", status="ok", data=listing)))
    turns.append(Message(idx=3, role="user", text=asked))
    touch = ToolCall(call_id="b", name="touch", args={"file_name": "3354.pdf"})
    turns.append(Message(idx=4, role="assistant", tool_call=touch))
    turns.append(Message(idx=5, role="tool", tool_result=ToolResult(call_id="b", status="ok", data=None)))
    for follow_up, kept in (
        ("Finally, in that file, write my last question in it.", True),
        ("Finally, in that file, write the word done in it.", False),
    ):
        msgs = [*turns, Message(idx=6, role="user", text=follow_up)]
        result = Compressor(Config(use_embeddings=False)).compress(msgs, force=True, context_id="q")
        assert result.context.mode == "compressed", result.context.reason
        assert (asked in result.context.text) is kept  # only a turn pointing back costs the tokens


def test_the_pointing_back_cue_in_both_languages_and_not_on_a_message_to_someone():
    from core.lang.cues import any_language

    cues = any_language()
    assert cues.quotes_back("Write my last question in it.")
    assert cues.quotes_back("Put what I said before into the note.")
    assert cues.quotes_back("把我刚才说的那句话写进文件里。")
    assert cues.quotes_back("把上一个问题发给他。")
    assert not cues.quotes_back("Please delete the last message to Alice.")
    assert not cues.quotes_back("删除发给小王的最后一条消息。")


@pytest.mark.parametrize(
    "said",
    ["she has diabetes and one time heart problem, they put stent", "她有糖尿病，前年心脏放过支架"],
    ids=["en", "zh"],
)
def test_a_clause_the_parser_typed_nothing_of_comes_back_in_the_users_words(said):
    parsed = [
        parse_message(Message(idx=0, role="user", text=said)),
        parse_message(Message(idx=1, role="assistant", text="Thank you. / 好的。")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:insurance.type=visitor]", parsed, upto=2, state=state)
    assert missing and all(c in said for c in missing)
    assert any("stent" in c or "支架" in c for c in missing)
    assert missing_user_clauses("User said: " + said, parsed, upto=2, state=state) == []


def test_a_clause_with_a_number_a_yes_or_a_question_is_not_brought_back_by_its_words():
    parsed = [
        parse_message(Message(idx=0, role="user", text="around 3000 a year for both")),
        parse_message(Message(idx=1, role="user", text="yes that's fine")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    # the number is the value rule's business (a correction may have replaced it); a yes or a
    # question states nothing to keep
    assert missing_user_clauses("budget=3000 a year", parsed, upto=2, state=state) == []
    assert not content_unshown("could you tell me where the parking entrance is?", "")
    assert not content_unshown("请把那边的营业时间和停车位置发给我？", "")
    assert content_unshown("请把那边的营业时间和停车位置发给我", "")


def test_a_clause_typed_only_in_part_comes_back_in_the_users_words():
    """The count is a fact, what it counts is not: "two vegans, one gluten free" shown as
    "food=gluten free" loses who is vegan, so the clause comes back whole."""
    said = "two vegans, one gluten free, rest eat anything."
    parsed = [
        parse_message(Message(idx=0, role="user", text=said)),
        parse_message(Message(idx=1, role="assistant", text="Noted.")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert missing_user_clauses("[FACT:food.food=gluten free]", parsed, upto=2, state=state) == [said]


def test_a_clause_the_user_corrected_later_is_not_brought_back_with_its_old_value():
    turns = ["鸳鸯锅，一边清汤一边麻辣，麻辣那边特辣", "好的", "改成全清汤吧，不要麻辣了"]
    parsed = [
        parse_message(Message(idx=i, role="user" if i != 1 else "assistant", text=t))
        for i, t in enumerate(turns)
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:food.food=全清汤]", parsed, upto=3, state=state)
    assert not any("特辣" in c for c in missing), missing  # the replaced wish is not said again
    alone = Compressor(Config(use_embeddings=False)).compress([parsed[0].message]).state
    assert missing_user_clauses("[FACT:food.food=全清汤]", parsed[:1], upto=1, state=alone)  # uncorrected


def test_a_request_with_a_value_is_left_to_the_goal_and_facts():
    """Only a clause stating something of the user's own comes back by its words: a request's
    values are facts and its aim is the goal line ("I need ... free parking" costs no clause)."""
    said = "I need information on a hotel that includes free parking please."
    parsed = [parse_message(Message(idx=0, role="user", text=said))]
    state = Compressor(Config(use_embeddings=False)).compress([parsed[0].message]).state
    assert missing_user_clauses("[FACT:hotel.parking=yes]", parsed, upto=1, state=state) == []


def test_a_value_a_later_correction_restates_is_not_brought_back_as_missing():
    """"每小时最多 5 条" then "每小时改成 10 条": the count was corrected, so the first clause (and its
    old count) does not come back although "5 条" is shown nowhere as current."""
    turns = ["规则是每分钟最多 1 条，每小时最多 5 条", "好的", "产品刚说每小时改成 10 条"]
    parsed = [
        parse_message(Message(idx=i, role="user" if i != 1 else "assistant", text=t))
        for i, t in enumerate(turns)
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    missing = missing_user_clauses("[FACT:messaging.count=10 条]", parsed, upto=3, state=state)
    assert not any("5 条" in c for c in missing), missing


@pytest.mark.parametrize(
    ("said", "correction", "context", "owed"),
    [
        # "我表嫂...改成镜框吧" corrects the mount, not the gift: the two share only "我表" (a pronoun's
        # pair); the gift's purpose was shown only as replaced, and nothing brought its clause back
        (
            "我父亲写了一幅字，四尺整张的，想装裱一下，送给我表哥做新婚礼物",
            "等下，我表嫂说家里是新中式装修，卷轴不好看，改成镜框吧",
            "[FACT:general.name=镜框]",
            "新婚礼物",
        ),
        # "我爸说奶奶睡眠浅，还是单人间吧" changes the room, not her meals: the two share only "奶奶" and
        # "爸说", a relative and who said it
        (
            "奶奶吃饭要软一点，她牙不好，还有她不吃羊肉",
            "我爸说奶奶睡眠浅，还是单人间吧，贵点就贵点",
            "[FACT:general.type=单人间]\nMust: 不吃羊肉",
            "软一点",
        ),
    ],
)
def test_a_correction_sharing_only_a_pronoun_or_a_relative_with_a_clause_leaves_it_owed(
    said: str, correction: str, context: str, owed: str
):
    """A Chinese character pair holding a pronoun or a relative says nothing of what a clause speaks
    of, so a later correction is not matched with the clause by it."""
    turns = [("user", said), ("assistant", "好的，已备注。"), ("user", correction)]
    missing = missing_clauses(turns, context, ts=None)
    assert any(owed in c for c in missing), missing


def test_a_latin_word_in_a_chinese_clause_ties_it_to_its_correction():
    from core.coverage import content_units

    assert "ttl" in content_units("加个缓存，TTL 60 秒。")


def test_a_long_narration_with_a_value_is_left_to_its_facts():
    said = (
        "I've recently compiled an extensive log of outcomes from my latest scientific experiment "
        "into a file titled 'experiment_log.txt'."
    )
    parsed = [parse_message(Message(idx=0, role="user", text=said))]
    state = Compressor(Config(use_embeddings=False)).compress([parsed[0].message]).state
    assert missing_user_clauses("[FACT:general.file=experiment_log.txt]", parsed, upto=1, state=state) == []


def test_the_user_telling_what_they_will_do_is_left_to_its_facts():
    said = "I'm contemplating acquiring 100 shares at the prevailing market rate."
    parsed = [parse_message(Message(idx=0, role="user", text=said))]
    state = Compressor(Config(use_embeddings=False)).compress([parsed[0].message]).state
    assert missing_user_clauses("[FACT:general.count=100 shares]", parsed, upto=1, state=state) == []


def test_a_clause_is_shown_by_its_words_only_together_in_one_fact():
    """A clause's words scattered over the context (a tool call's arguments, other facts) do not show
    what the user said; the clause verbatim does, and so do its words together in one fact."""
    said = "keep everything upright, no stacking of the server boxes, and the whole lot needs to stay dry"
    scattered = (
        "completed: book(notes=upright; no stacking of server boxes; keep dry)\n"
        "[fact:shipment.items=3 rack servers|lot=whole]\nmust: no stacking of the server boxes"
    )
    assert content_unshown(said, scattered)
    assert not content_unshown(said, "notes: " + said.replace(" the ", "\n the  "))
    assert not content_unshown(said, "[fact:a=b|rule=keep everything upright, stay dry, no stacking]")


def test_a_brief_answer_to_the_assistants_question_comes_back_in_the_users_words():
    """"lead-acid, sealed" answers "lithium-ion or lead-acid?": two words, but the value asked for;
    the same words said with no question before (and not in the opening turn, which states the task)
    are too little to keep."""
    turns = [
        ("assistant", "Is the battery lithium-ion or lead-acid?"),
        ("user", "lead-acid, sealed"),
        ("assistant", "Noted."),
    ]
    parsed = [parse_message(Message(idx=i, role=r, text=t)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    shown = "[FACT:shipment.item=UPS]"
    assert missing_user_clauses(shown, parsed, upto=3, state=state) == ["lead-acid, sealed"]
    told = parse_message(Message(idx=0, role="assistant", text="The UPS ships on Monday."))
    plain = [told, parsed[1]]  # no question before it
    assert missing_user_clauses("[FACT:shipment.item=UPS]", plain, upto=3, state=state) == []


def test_an_untyped_part_of_a_typed_clause_comes_back_in_the_users_words():
    """The dates and the count of "订12月31号到1月3号的酒店，3个人，要海景房" are facts; "要海景房" is in
    no fact, so that part comes back, not the whole clause."""
    said = "订12月31号到1月3号的酒店，3个人，要海景房"
    parsed = [
        parse_message(Message(idx=0, role="user", text=said, ts=TS)),
        parse_message(Message(idx=1, role="assistant", text="好的。")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    shown = "[FACT:hotel.date=12月31号|end=1月3号|people=3个人]"
    assert missing_user_clauses(shown, parsed, upto=2, state=state) == ["要海景房"]
    assert missing_user_clauses(shown + " 要海景房", parsed, upto=2, state=state) == []


@pytest.mark.parametrize(
    "text, open_",
    [
        ("Is the battery lithium-ion or lead-acid?", True),
        ("Noted. Delivery address?", True),
        ("Any allergies to medication?", True),
        ("自动还款卡尾号6021，全额还款还是最低还款？", True),
        ("Anything else?", False),
        ("Would you like me to book it?", False),
        ("需要帮您预订吗？", False),
        ("Noted.", False),
    ],
)
def test_an_open_question_asks_for_a_value_a_yes_no_question_does_not(text: str, open_: bool):
    assert asks_open(text) is open_


def test_a_brief_no_or_a_request_after_a_question_is_not_kept_by_its_words():
    for said in ["Nope!", "No preference."]:
        turns = [("assistant", "Which area would you like?"), ("user", said), ("assistant", "Ok.")]
        parsed = [parse_message(Message(idx=i, role=r, text=t)) for i, (r, t) in enumerate(turns)]
        state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
        assert missing_user_clauses("", parsed, upto=3, state=state) == []


def test_a_value_shown_without_its_leading_article_is_shown():
    parsed = [
        parse_message(Message(idx=0, role="user", text="I need a taxi from the Cambridge Belfry.")),
        parse_message(Message(idx=1, role="assistant", text="Sure, when do you want to leave?")),
    ]
    state = Compressor(Config(use_embeddings=False)).compress([p.message for p in parsed]).state
    assert missing_user_clauses("[FACT:taxi.origin=Cambridge Belfry]", parsed, upto=2, state=state) == []
    assert missing_user_clauses("[FACT:taxi.origin=Belfry Hotel]", parsed, upto=2, state=state)
