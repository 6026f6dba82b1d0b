"""A concrete option the assistant offered and the user took (core.offer_taken, core.lang.en_offers):
the option, a thing the parser has no type for, is kept as the user's fact with the assistant's span
as evidence (how: accepted); a rejected, unanswered or merely described option is no fact. Each
state test feeds the real parse / extract / merge stages (rules only, no model)."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.en_attributes import noun_slot
from core.lang.en_offers import named_pick, offered_options, option_span
from core.lang.zh_pick import named_pick as zh_named_pick
from core.models import ContextState, Fact, Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 1, 9, 0)

RIDER = "Evergreen has an accident rider for $140 a year for both, which would bring it to $1,120."
TORTE = "They offer a gluten-free chocolate torte for 6 at 38. It's made without nuts."
DEDUCTIBLE = "With a 1,500 dollar limit, MapleCare with a 1,000 dollar deductible comes to about 1,420."


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="offer").state


def _held(state: ContextState, value: str) -> list[Fact]:
    return [f for f in state.facts.values() if f.value == value]


@pytest.mark.parametrize(
    ("text", "options"),
    [
        (RIDER, ["accident rider"]),
        (TORTE, ["gluten-free chocolate torte"]),
        (DEDUCTIBLE, ["1,000 dollar deductible"]),  # "With a 1,500 dollar limit" opens a clause: no option
        ("Cedar with a 500 deductible is 9,700 for both.", ["500 deductible"]),
        ("I can add a late checkout for you.", ["late checkout"]),
        ("Would you like the express delivery?", ["express delivery"]),
        ("There's a fee waiver for spending 3,000 before then.", ["fee waiver"]),
        ("Would you like the accident rider or the fee waiver?", ["accident rider", "fee waiver"]),
        # a search result reported, information, a measure, a request, a farewell: no option
        ("There is a standard car at Diridon Station.", []),
        ("There is a 2 percent chance of rain.", []),
        ("Please check with a pharmacist given his asthma.", []),
        ("Can I have a pick up location?", []),
        ("Have a good rest of the day.", []),
        ("There is a lovely residence called Amber Court for rent.", []),
        ("There is a train at 5 pm.", []),  # one word names a kind, not an option
    ],
)
def test_offer_frames_and_the_option_phrase(text: str, options: list[str]) -> None:
    assert [text[a:b] for a, b in offered_options(text)] == options


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("ok that fits. do the rider", "rider"),
        ("let's go with the torte please", "torte"),
        ("ok the 500 one", "500"),
        ("I'll take the express one", "express"),
        ("ok thanks", ""),
    ],
)
def test_the_words_a_user_takes_an_option_by(text: str, words: str) -> None:
    assert named_pick(text) == words


def test_an_option_taken_by_its_words_is_the_users_fact_with_the_assistants_span() -> None:
    state = _state([("user", "what about accident cover, she fell twice"), ("assistant", RIDER),
                    ("user", "ok that fits. do the rider")])
    (fact,) = _held(state, "accident rider")
    assert fact.role == "user" and fact.kind == "instruction"
    ev = fact.evidence
    assert (ev.idx, ev.role, ev.how) == (1, "assistant", "accepted")
    assert RIDER[ev.start : ev.end] == "accident rider"


def test_a_yes_to_the_one_option_offered_takes_it() -> None:
    state = _state([("user", "a cake, gluten free, chocolate"), ("assistant", TORTE), ("user", "perfect.")])
    assert [f.role for f in _held(state, "gluten-free chocolate torte")] == ["user"]


def test_a_question_about_the_option_leaves_it_standing_for_the_next_yes() -> None:
    state = _state([("user", "too expensive for me. my limit is 1500"), ("assistant", DEDUCTIBLE),
                    ("user", "deductible mean what"),
                    ("assistant", "The deductible is the part you pay yourself first for each claim."),
                    ("user", "ok I understand. this one is ok")])
    assert [f.role for f in _held(state, "1,000 dollar deductible")] == ["user"]


@pytest.mark.parametrize(
    "answer",
    [
        "no, skip the rider",  # rejected
        "how much is the cancer plan alone",  # not answered
        "what's the waiting period",
    ],
)
def test_a_rejected_or_unanswered_offer_is_no_fact(answer: str) -> None:
    state = _state([("user", "what about accident cover"), ("assistant", RIDER), ("user", answer)])
    assert not _held(state, "accident rider")


def test_a_yes_to_another_question_of_the_turn_does_not_take_the_option() -> None:
    offer = "Evergreen has an accident rider for $140 a year. What's your budget?"
    state = _state([("user", "what about accident cover"), ("assistant", offer), ("user", "yes")])
    assert not _held(state, "accident rider")


def test_an_acknowledgement_before_a_new_request_takes_nothing() -> None:
    state = _state([("user", "any extras?"), ("assistant", "The hotel has a rooftop terrace for guests."),
                    ("user", "Okay, thanks. I also want to find a taxi to the airport.")])
    assert not _held(state, "rooftop terrace")


def test_an_option_never_replaces_a_different_value_held_under_its_key() -> None:
    offer = "Cedar with a 500 deductible is 9,700 for both."
    state = _state([("user", "my deductible is 250"), ("assistant", offer), ("user", "ok")])
    assert state.facts["general.deductible"].value == "250"
    assert not state.facts["general.deductible"].history
    assert state.facts["general.deductible_agreed"].value == "500 deductible"


def test_an_attribute_noun_that_is_the_unit_of_the_number_before_it_names_that_number() -> None:
    assert noun_slot("Cedar with a 500 deductible is ") is None
    assert noun_slot("MapleCare with a 1,000 dollar deductible is ") is None
    assert noun_slot("my deductible is ") == "deductible"


@pytest.mark.parametrize(
    "offer",
    ["Would you like the phone number so you can book it?", "It has a moderate price and 0 stars. Book it?"],
)
def test_information_about_the_thing_in_play_is_no_option_a_yes_takes(offer: str) -> None:
    state = _state([("user", "a hotel in the centre"), ("assistant", offer), ("user", "yes")])
    assert not [f for f in state.facts.values() if f.evidence is not None and f.evidence.how == "accepted"]


def test_a_yes_to_alternatives_takes_none_and_a_named_one_is_taken() -> None:
    offer = "Would you like the accident rider or the fee waiver?"
    yes = _state([("user", "any extras for mum?"), ("assistant", offer), ("user", "yes")])
    assert not _held(yes, "accident rider") and not _held(yes, "fee waiver")
    named = _state([("user", "any extras for mum?"), ("assistant", offer), ("user", "let's do the waiver")])
    assert [f.role for f in _held(named, "fee waiver")] == ["user"] and not _held(named, "accident rider")


# --- a short answer that names an option the assistant's last turn said (core.offer_taken._echo_taken)

PLANS = "We have Lite ($10/month, email only), Pro ($25/month, adds phone support) and Team ($60/month)."
CHARGES = "Two charges: Cafe Roma £8.20 at 09:10 and Skyline Travel £310.00 at 23:40. Which is not yours?"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pro", "pro"),
        ("bike rack yes", "bike rack"),
        ("14C fine", "14C"),
        ("Yes early boarding, the kids get restless otherwise.", "early boarding"),
        ("skyline. the cafe was me", "skyline"),
        ("lead-acid, sealed", ""),  # a list of the user's own values, no pick
        ("ok", ""),
    ],
)
def test_the_words_of_a_short_answer_that_names_a_thing(text: str, words: str) -> None:
    assert named_pick(text) == words


@pytest.mark.parametrize(
    ("text", "words", "option"),
    [
        ("Here: 12 Elm St #4 (Old Town, $1,900), 7 Birch Rd #1 (Harbour, $2,100).", "Birch", "7 Birch Rd #1"),
        (CHARGES, "Skyline", "Skyline Travel £310.00"),
        ("I have Friday 7:45 am with Dana.", "Friday", "Friday 7:45"),
        # a bare number after a name is a price
        ("Pine Valley Lodge 420 a night, or Misty Ridge.", "Pine", "Pine Valley Lodge"),
        ("Members get early boarding on every flight.", "early boarding", "early boarding"),
        # the price joined to the option by a word or a mark, with its unit
        ("Our canvases: 12x16 at $120 and 16x20 at $165.", "16x20", "16x20 at $165"),
        ("Mirror Booth: £495, GIF Booth £450.", "Mirror", "Mirror Booth: £495"),
        ("The Glow Jar for £38 per person, or the Duo.", "Glow", "Glow Jar for £38 per person"),
    ],
)
def test_the_whole_option_around_the_words_answered_with(text: str, words: str, option: str) -> None:
    start = text.find(words)
    a, b = option_span(text, start, start + len(words))
    assert text[a:b] == option


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("高级套餐吧", "高级套餐"),
        ("那换储物柜", "储物柜"),
        ("加急件", "加急件"),
        ("要一个", ""),  # a count, no name
        ("就这个了", ""),  # points, names nothing
        ("它对鸡肉过敏吗？", ""),
        ("不用了", ""),
    ],
)
def test_the_words_of_a_short_chinese_answer_that_names_a_thing(text: str, words: str) -> None:
    assert zh_named_pick(text) == words


def test_an_option_of_a_list_named_by_a_word_is_the_users_fact_with_the_assistants_span() -> None:
    state = _state([("user", "what plans do you have"), ("assistant", PLANS), ("user", "pro")])
    (fact,) = _held(state, "Pro")
    assert fact.role == "user" and fact.kind == "instruction"
    ev = fact.evidence
    assert (ev.idx, ev.role, ev.how) == (1, "assistant", "accepted")
    assert PLANS[ev.start : ev.end] == "Pro"


def test_a_listed_item_named_by_a_word_keeps_its_whole_name_and_amount() -> None:
    state = _state([("user", "there's a charge I don't know"), ("assistant", CHARGES),
                    ("user", "skyline. the cafe was me")])
    assert [f.role for f in _held(state, "Skyline Travel £310.00")] == ["user"]


def test_an_option_taken_with_its_price_is_keyed_by_the_thing_not_the_joining_word() -> None:
    canvases = "Our canvases: 12x16 at $120 and 16x20 at $165."
    state = _state([("user", "a portrait of my dog please"), ("assistant", canvases),
                    ("user", "the 16x20. he needs the room")])
    (fact,) = _held(state, "16x20 at $165")
    assert fact.key == "general.choice" and fact.role == "user"


def test_a_chinese_option_named_in_a_short_answer_is_the_users_fact() -> None:
    offer = "配送有普通件和加急件，加急件每单15元。"
    state = _state([("user", "有什么选择"), ("assistant", offer), ("user", "加急件")])
    assert [f.role for f in _held(state, "加急件")] == ["user"]
    offer = "可以送您两个月的停车位，或者换成毛巾服务。"
    swap = _state([("user", "能折现吗"), ("assistant", offer), ("user", "那换停车位")])
    assert [f.role for f in _held(swap, "停车位")] == ["user"]


@pytest.mark.parametrize("answer", ["no, not the pro", "what does pro add", "enterprise"])
def test_a_rejected_asked_about_or_unoffered_option_is_no_fact(answer: str) -> None:
    state = _state([("user", "what plans do you have"), ("assistant", PLANS), ("user", answer)])
    assert not [f for f in state.facts.values() if f.evidence is not None and f.evidence.how == "accepted"]


def test_a_yes_opening_a_later_sentence_takes_the_one_option() -> None:
    offer = "The bridge has electronic tolls only; I can add a toll tag for 2 euros a day."
    state = _state([("user", "we drive to the coast"), ("assistant", offer),
                    ("user", "Oh good that you mention it. Yes please.")])
    assert [f.role for f in _held(state, "toll tag")] == ["user"]


@pytest.mark.parametrize(
    "answer", ["confirm", "yes the second one. reason: duplicate", "Excellent. That'll be all."]
)
def test_an_acceptance_word_or_an_ordinal_names_no_option_of_the_turn(answer: str) -> None:
    offer = "Two charges: the first on Monday, the second on Tuesday. Please confirm, Excellent service."
    state = _state([("user", "I was charged twice"), ("assistant", offer), ("user", answer)])
    assert not [f for f in state.facts.values() if f.evidence is not None and f.evidence.how == "accepted"]


def test_a_slot_the_assistant_proposes_taken_by_a_yes_is_held_whole() -> None:
    offer = "I have Friday 7:45 am with Dana."
    assert [offer[a:b] for a, b in offered_options(offer)] == ["Friday 7:45 am"]
    state = _state([("user", "a session, weekday mornings"), ("assistant", offer), ("user", "ok")])
    (fact,) = _held(state, "Friday 7:45 am")
    assert fact.role == "user" and fact.evidence is not None and fact.evidence.how == "accepted"
    assert fact.key.endswith(".datetime")  # a day and a time: the slot's time, not its day's word
    no = _state([("user", "a session, weekday mornings"), ("assistant", offer), ("user", "no, too early")])
    assert not _held(no, "Friday 7:45 am")


def test_a_negation_in_another_clause_leaves_the_named_option_taken() -> None:
    offer = "Full cover with a waived deductible is 18 euros a day."
    state = _state([("user", "what insurance is there"), ("assistant", offer),
                    ("user", "Yes waived deductible, with kids in the car I don't want any stress.")])
    assert [f.role for f in _held(state, "waived deductible")] == ["user"]


def test_a_model_the_user_names_from_a_priced_list_is_taken_with_its_price() -> None:
    # the model's name read as the user's own name value had kept the pick from being taken, and the
    # price went with the listing into history ("₦580,000" lost); a question after it asks about it
    offer = "We have the Haske DD310 at ₦580,000, the Polar 350 at ₦720,000 and the Haske DD260 at ₦495,000."
    state = _state([("user", "I need a fridge"), ("assistant", offer),
                    ("user", "The Haske DD310. 310 litres is okay. Which colours?")])
    assert [f.role for f in _held(state, "Haske DD310 at ₦580,000")] == ["user"]


def test_a_chinese_model_named_from_a_priced_list_is_taken_with_its_price() -> None:
    offer = "一千块以内。暖阳13片油汀399元，暖阳15片469元，还有小太阳159元。"
    state = _state([("user", "我要买个取暖器"), ("assistant", offer), ("user", "暖阳13片，他房间不大")])
    (fact,) = _held(state, "暖阳13片油汀399元")
    assert fact.key == "general.choice" and fact.role == "user"


def test_a_later_sentence_taking_another_listed_model_picks_again() -> None:
    offer = "一萬五以內。星曜Tab 10是NT$9,990，星曜Tab 11是NT$13,990，iPad是NT$16,900。"
    state = _state([("user", "想買一台平板"), ("assistant", offer), ("user", "星曜Tab 10就好，很OK"),
                    ("assistant", "好的，星曜Tab 10。"),
                    ("user", "欸等等，我媽說手機字太小，那螢幕大一點比較好耶。換星曜Tab 11")])
    (fact,) = _held(state, "星曜Tab 11是NT$13,990")
    assert [h.value for h in fact.history] == ["星曜Tab 10是NT$9,990"]
