"""The business naming itself in its reply to the user's opening turn (core.own_venue): its name is the
venue, a fact beside what the user named first, not an offer the soft budget drops; later replies and
names that do not open a clause are left as they were."""

from __future__ import annotations

from datetime import datetime

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.registry import analyzer_for
from core.models import ContextState, Message

pytestmark = pytest.mark.unit
TS = datetime(2027, 1, 9, 10, 0)


def _state(turns: list[tuple[str, str]]) -> ContextState:
    msgs = [Message(idx=i, role=r, text=t, ts=TS) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs, context_id="own-venue").state


def _facts(state: ContextState) -> dict[str, str]:
    return {k.split(".")[-1]: f.value for k, f in state.facts.items()}


@pytest.mark.parametrize(
    ("user", "reply", "venue"),
    [
        (
            "hi, I run a Girl Scout troop in Dorchester. you do paper cutting classes for kids?",
            "Hi! Yes, Red Scissors Studio on Tyler Street runs papercutting workshops for kids 8 and up.",
            "Red Scissors Studio",
        ),
        (
            "你们这个簇绒地毯是自己用枪打的那种嘛？我跟男朋友想来整一个",
            "是的！云上簇绒工作室，用簇绒枪自己打，三个小时左右。",
            "云上簇绒工作室",
        ),
        (
            "你好，我青岛的，想带我家小嫚儿去潍坊扎风筝，你们那儿能自己做吗",
            "您好！可以的，杨家埠风筝坊有扎风筝体验，从削竹条、糊纸到画画都能自己做。",
            "杨家埠风筝坊",
        ),
        (
            "Good morning. I want one orthopaedic mattress for my parents' bed.",
            "Good morning, Mr Iyer, welcome to SleepWell Mattress Gallery, Indiranagar. What size?",
            "SleepWell Mattress Gallery",
        ),
        # a yes, the name and the street it is on, ending the sentence (it had been an address offered,
        # information the soft budget dropped)
        (
            "bout ye. me and the lads want to try the cryo chamber. yous are on Boucher Road aye?",
            "Hi! Yes, ColdCore Recovery on Boucher Road. Whole-body cryotherapy is three minutes.",
            "ColdCore Recovery on Boucher Road",
        ),
        # the same with the place read as a name of its own, apart from the business's (the user's
        # "Hatteras Auto and Marine" had been the only trace of it, and that in their own clause)
        (
            "Hey there, this Hatteras Auto and Marine in Buxton? My truck won't crank.",
            "Good morning! Yes, Hatteras Auto & Marine in Buxton. We do mobile battery replacement.",
            "Hatteras Auto & Marine",
        ),
        (
            "hey is this peachtree tech hub at ponce city market?? need a smartwatch",
            "Hey! Yes, Peachtree Tech Hub at Ponce City Market. What does he need it for?",
            "Peachtree Tech Hub",
        ),
    ],
)
def test_the_reply_to_the_opening_names_the_venue(user: str, reply: str, venue: str) -> None:
    state = _state([("user", user), ("assistant", reply)])
    assert _facts(state)["venue"] == venue
    assert not any(f.value == venue for f in state.offers.values())


def test_a_later_reply_names_an_option_not_the_venue() -> None:
    state = _state(
        [
            ("user", "hi, can you help me find a pottery class for two?"),
            ("assistant", "Sure. How many hours would you like?"),
            ("user", "about two hours"),
            ("assistant", "Yes, Clayworks Studio runs a two-hour class."),
        ]
    )
    assert "venue" not in _facts(state)


@pytest.mark.parametrize(
    ("lang", "text", "name"),
    [
        ("en", "Hi! Yes, Red Scissors Studio on Tyler Street runs workshops.", "Red Scissors Studio"),
        ("en", "Hi! Yes, Loop & Pile Studio on Jamaica Street.", "Loop & Pile Studio on Jamaica Street"),
        ("zh", "在的～辛苦啦。半日闲水彩工作室有夜间水彩课", "半日闲水彩工作室"),
    ],
)
def test_a_name_opening_its_clause_names_itself(lang: str, text: str, name: str) -> None:
    start = text.index(name)
    assert analyzer_for(lang).names_itself(text, start, start + len(name))


@pytest.mark.parametrize(
    ("lang", "text", "name"),
    [
        ("en", "We often send groups to Red Scissors Studio on Tyler Street.", "Red Scissors Studio"),
        ("en", "Yes, Maria Lopez will teach you.", "Maria Lopez"),  # no venue-type word: a person
        ("en", "Yes, Maria Lopez in Leeds is the tutor.", "Maria Lopez"),  # the place does not end it
        ("zh", "我们推荐杨家埠风筝坊的体验课", "杨家埠风筝坊"),
        ("zh", "您好！张老师会教您", "张老师"),
        # options recommended: a name opening a sentence of its own, judged or listed with another
        ("en", "Certainly. The Lensfield Hotel is located in the centre.", "The Lensfield Hotel"),
        ("zh", "长城脚下的公社是您最好的选择。", "长城脚下的公社"),
        ("zh", "北京植物园，国家图书馆都很不错。", "北京植物园"),
        ("zh", "给你推荐两家，北京市政协会议中心，北京海润艾丽华酒店，都很适合你。", "北京市政协会议中心"),
    ],
)
def test_a_name_inside_a_clause_or_without_a_venue_word_does_not(lang: str, text: str, name: str) -> None:
    start = text.index(name)
    assert not analyzer_for(lang).names_itself(text, start, start + len(name))


@pytest.mark.parametrize(
    ("user", "reply", "venue", "area"),
    [
        (
            "Wha gwaan. Mi want to sign up mi son fi di abacus class",
            "Hello! Bright Beads Abacus Academy in New Kingston would love to have him. How old is he?",
            "Bright Beads Abacus Academy",
            None,
        ),
        (
            "Hello dear. I'd like to learn mahjong. Is this Golden Tile?",
            "Hello! Yes, this is Golden Tile Mahjong School in Delray Beach. Which style would you like?",
            "Golden Tile Mahjong School",
            "Delray Beach",
        ),
        (
            "你好，问一下你们有没有珠心算启蒙班？",
            "您好！神算子珠心算在中关村，有4-6岁启蒙班和6岁以上基础班。孩子叫什么？",
            "神算子珠心算",
            "中关村",
        ),
        (
            "need a private sound bath for my gf. gift",
            "Happy to help! Solstice Sound Lab offers private sessions of 60 or 90 minutes. Who's it for?",
            "Solstice Sound Lab",
            None,
        ),
        ("我想给她约个塔罗安慰一下", "抱抱你们！星象馆可以线上约塔罗，语音连线。", "星象馆", None),
        (
            "你好，想带两个细路去见圣诞老人，你们可以安排吗？",
            "您好！北极光亲子游可以安排见圣诞老人、拍照。小朋友几岁？",
            "北极光亲子游",
            None,
        ),
    ],
)
def test_right_after_a_greeting_the_business_says_what_it_does(
    user: str, reply: str, venue: str, area: str | None
) -> None:
    """A name with no venue-type word that opens the reply right after its greeting or an exclamation,
    going on with what the business does or where it is, is the venue; the place said right after it
    is its area."""
    facts = _facts(_state([("user", user), ("assistant", reply)]))
    assert facts["venue"] == venue
    assert facts.get("area") == area


@pytest.mark.parametrize(
    ("lang", "text", "name", "greeted"),
    [
        ("en", "Yes, Halo Piercing does cartilage from 16.", "Halo Piercing", False),
        ("en", "Red Thread Crafts can come to you.", "Red Thread Crafts", True),
        ("en", "Cape Kloof Adventures runs guided kloofing trips.", "Cape Kloof Adventures", True),
        ("zh", "锦伞坊在宽窄巷子，有双人油纸伞体验", "锦伞坊", True),
    ],
)
def test_a_business_saying_what_it_does_names_itself(lang: str, text: str, name: str, greeted: bool) -> None:
    start = text.index(name)
    assert analyzer_for(lang).names_itself(text, start, start + len(name), greeted)


@pytest.mark.parametrize(
    ("lang", "text", "name", "greeted"),
    [
        ("en", "Maria Lopez will teach you.", "Maria Lopez", True),  # a person
        ("en", "Acorn Guest House is in the north.", "Acorn Guest House", True),  # described: an option
        ("en", "Red Thread Crafts can come to you.", "Red Thread Crafts", False),  # no greeting, no yes
        ("zh", "张老师可以教您", "张老师", True),
        ("zh", "北京植物园和国家图书馆都很不错。", "北京植物园", True),
        ("zh", "神算子珠心算是不错的选择。", "神算子珠心算", True),
    ],
)
def test_a_person_or_an_option_does_not(lang: str, text: str, name: str, greeted: bool) -> None:
    start = text.index(name)
    assert not analyzer_for(lang).names_itself(text, start, start + len(name), greeted)


def test_a_clause_after_one_that_names_a_value_is_not_right_after_the_greeting() -> None:
    state = _state(
        [
            ("user", "hi, we need a room"),
            ("assistant", "Two rooms for Friday! Maple Leaf Lodge can hold them for you."),
        ]
    )
    assert "venue" not in _facts(state)


@pytest.mark.parametrize(
    ("user", "reply", "later", "venue"),
    [
        (
            "Hi there! Is this North Star Gymnastics in Eagan? I'm looking for a class for my daughter",
            "Hi! Yes, North Star Gymnastics in Eagan. Happy to help. How old is your daughter?",
            "Brynn's six, she's cartwheeling all over the living room",
            "North Star Gymnastics",
        ),
        (
            "Fit like. I'm efter a new mattress. Is this Granite City Beds on George Street?",
            "Morning! Yes, this is Granite City Beds on George Street, Aberdeen. What size is your bed?",
            "14 Rubislaw Den North, AB15 4AL",
            "Granite City Beds on George Street",
        ),
    ],
)
def test_the_user_opening_by_asking_if_this_is_the_business_names_the_venue(
    user: str, reply: str, later: str, venue: str
) -> None:
    """"Is this X?" in the user's opening turn names the business (a name, or a business read as an
    address by its street): its own slot, which a person's name or the user's street address said later
    never replaces."""
    state = _state([("user", user), ("assistant", reply), ("user", later)])
    assert _facts(state)["venue"] == venue
    assert not any(h.value == venue for f in state.facts.values() for h in f.history)


def test_a_later_user_question_or_a_street_address_is_no_venue() -> None:
    state = _state(
        [
            ("user", "hi, I need a cleaner for Friday"),
            ("assistant", "Sure. What's the address?"),
            ("user", "14 Rubislaw Den North. Is this Sparkle Cleaning Services?"),
        ]
    )
    assert "venue" not in _facts(state)
