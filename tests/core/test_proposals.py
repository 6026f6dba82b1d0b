"""A day or hour the user proposes as a question is said (core.proposals): coverage keeps the
user's words ("Friday morning, 10 o'clock?") though the assistant answered with its own form."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang import zh_favours
from core.lang.en_favours import asks_favour
from core.models import Atom, Message
from core.proposals import proposes_when

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 9, 0)


def _rendered(turns: list[tuple[str, str]]) -> str:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    return Compressor(Config(use_embeddings=False)).compress(msgs).rendered.text


def test_a_time_proposed_as_a_question_is_kept_in_the_users_words() -> None:
    text = _rendered([
        ("user", "Three company chops please, a round chop and a signature chop."),
        ("assistant", "Ready in two working days. When would you like to collect?"),
        ("user", "Thursday I have meetings all day. Friday morning, 10 o'clock?"),
        ("assistant", "Friday 11 December at 10am is fine."),
        ("user", "good"),
        ("assistant", "See you then."),
    ])
    assert "Friday morning, 10 o'clock" in text


def test_a_question_about_a_time_proposes_nothing() -> None:
    asks = Atom(msg_idx=0, role="user", kind="question", lang="en", text="What time do you close?")
    assert not proposes_when(asks)


def test_a_favour_asked_as_a_question_is_kept_as_the_users_instruction() -> None:
    text = _rendered([
        ("user", "My dad's MacBook won't start, it shows a folder with a question mark. We need his photos."),
        ("assistant", "Our logical recovery is $299 flat. Where should we copy them?"),
        ("user", "The 1TB drive then. And can you sort the photos into folders by year?"),
        ("assistant", "Yes, we can sort them by year."),
        ("user", "great"),
        ("assistant", "We'll call when it's ready."),
        ("user", "thanks"),
        ("assistant", "You're welcome."),
    ])
    assert "sort the photos into folders by year" in text


@pytest.mark.parametrize(
    ("text", "favour"),
    [
        ("Can Ravi take the box away after?", True),
        ("so can hers be non-alcoholic?", True),
        ("can I pay in two installments?", True),
        ("can you tell me the price?", False),  # a detail asked
        ("Could you check if Friday is free?", False),
        ("could you find me a hotel?", False),  # a new search: the goal line's
        ("Can I get their phone number?", False),
        ("what time do you close?", False),
        ("Can Ravi take the box away after.", False),  # no question
    ],
)
def test_asks_favour(text: str, favour: bool) -> None:
    assert asks_favour(text) is favour


def test_a_favour_asked_in_chinese_is_kept_as_the_users_instruction() -> None:
    """"能不能顺便洗个车" asks a thing done; its "不能" is the question's, never a rule "不能顺便洗个车"."""
    text = _rendered([
        ("user", "你好，我的车左前轮胎扎了钉子，想补一下。"),
        ("assistant", "可以，补胎80元，大概40分钟。您几点到？"),
        ("user", "下午两点到。"),
        ("assistant", "好的，已为您预约今天下午2点。"),
        ("user", "行。等车的时候能不能顺便洗个车"),
        ("assistant", "可以的，洗车30元，补完一起做。"),
        ("user", "好"),
        ("assistant", "好的，下午见。"),
    ])
    assert "顺便洗个车" in text
    assert "不能顺便洗个车" not in text.replace("能不能顺便洗个车", "")


@pytest.mark.parametrize(
    ("text", "favour"),
    [
        ("接之前能不能给汤圆洗个澡？", True),
        ("食谱能不能写得简单点，她看不懂太专业的", True),
        ("能用细一点的针吗", True),
        ("可以开发票吗", True),
        ("能不能告诉我价格", False),  # information asked
        ("可以查一下吗？", False),
        ("这个能退吗？", False),  # one word: what is to be done is not said
        ("是不是智商税啊？", False),
        ("能用细一点的针", False),  # no question
        ("不要塑料包装可以吗，我未婚妻说塑料的不环保", True),  # the wish first, the ask after it
        ("别放香菜行吗", True),
        ("用微信付行不行？", True),
        ("这样好吗", False),  # an opinion asked: too short a wish
        ("你们去旅行吗", False),  # 行 of 旅行: no ask
        ("他身体还好吗", False),
        ("查一下可以吗", False),  # information asked
    ],
)
def test_zh_asks_favour(text: str, favour: bool) -> None:
    assert zh_favours.asks_favour(text) is favour


def test_a_correction_asked_as_a_question_is_kept_with_its_new_value() -> None:
    """"Can we do 8 regular ones instead?" changes the count the assistant proposed: its words came
    back nowhere (a question states nothing), so the 8 regular units were lost."""
    text = _rendered([
        ("user", "I need portable toilets for a beach event, one wheelchair accessible."),
        ("assistant", "For 300 guests we'd suggest 6 standard units plus 1 accessible unit."),
        ("user", "Standard is fine."),
        ("assistant", "Total: $750 + $175 = $925. Shall I book it?"),
        ("user", "Hmm, our treasurer says last year there were lines. Can we do 8 regular ones instead?"),
        ("assistant", "Sure: 8 standard at $125 is $1,000, plus the accessible unit $175, so $1,175."),
        ("user", "Book it."),
        ("assistant", "Booked."),
    ])
    assert "8 regular ones" in text.split("--- recent")[0]


def test_a_prohibition_asked_as_a_favour_in_chinese_is_kept() -> None:
    """"不要塑料包装可以吗" asks a thing not done: the user's rule, kept in the user's words."""
    text = _rendered([
        ("user", "你好，想订婚礼伴手礼，大概120份"),
        ("assistant", "好的，有小罐蜂蜜和茶叶小罐两种。"),
        ("user", "小罐蜂蜜吧。另外……不要塑料包装可以吗，我未婚妻说塑料的不环保"),
        ("assistant", "可以，我们用牛皮纸盒。"),
        ("user", "好的"),
        ("assistant", "好的，稍后把报价发给您。"),
    ])
    assert "不要塑料包装" in text
