"""Counts of a named thing the user restates ("加十个罐头" then "那我要九个罐头"; "three people" then
"make that four people"): a count keyed by what it counts, for core.retired.

A count says which attribute it sets only through the thing after it: "十个罐头" and "九个罐头" are
both the number of cans, "三个人" and "四个人" both the party, while "两个" alone or "5 minutes"
(a span of time, said of anything) name no attribute. The count must close its clause ("那就四个
人了。", "the 16 pound.") to be a restated value: a count that opens a statement about some of
them ("两个人不吃辣", "2 people are vegetarian") describes a part, not the whole. A turn that adds
("再来两个", "another 2 jugs") adds to the count, it does not restate it.
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS, MONTH_ABBR, MONTHS, UNITS, WEEKDAYS
from core.lang.zh_numbers import per_head, zh_to_number

_ZH_DIGITS = "一二两三四五六七八九十百千"  # the numerals of a count (core.lang.zh_numbers reads them)
# the measure words of people: their count is the party, whatever word follows ("三个人逗号", "四位")
_ZH_PEOPLE = "个人|位|名|口人"
_ZH_MEASURE = "个|张|桌|间|箱|台|件|份|辆|套|本|瓶|盒|条|只|双|杯|包|桶|袋|罐|支|把|盆|束|块"
# particles and words that end a noun run after a measure word ("九个罐头。", "四个人了")
_ZH_STOP = "了的吧呢吗啊呀哦嘛就都也和跟还没不是在要给先再又就好行对"
_ZH_THING = re.compile(
    rf"(?<![\d{_ZH_DIGITS}.])(?:\d+|[{_ZH_DIGITS}]+)\s*(?:(?P<people>{_ZH_PEOPLE})"
    rf"|(?P<measure>{_ZH_MEASURE})(?P<noun>[^\W\d{_ZH_STOP}]{{1,3}}))"
)
# what may follow a count that closes its clause: particles, then a clause end
_ZH_CLOSES = re.compile(rf"[{_ZH_STOP}]{{0,2}}\s*(?:[，,。．.！!？?；;～~…]|逗号|句号|$)")
_ZH_ADDS = re.compile(
    rf"再(?:来|加|要|订|买)|另外|又(?:有|来|加)|多(?:加|要|来)|还要|追加|(?<![参增])加(?=[\d{_ZH_DIGITS}])"
)

_EN_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
_EN_THING = re.compile(
    rf"(?<![\w.,:/\-£$€])(?:{_EN_NUMBER})\s+(?P<noun>[A-Za-z][a-z]{{2,}})\b", re.IGNORECASE
)
# words after a number that name no thing counted: spans of time and distance, months and days (a date)
_EN_MEASURES = frozenset(
    "second seconds sec secs minute minutes min mins hour hours hrs day days week weeks month months"
    " year years night nights time times mile miles metre metres meter meters".split()
) | frozenset((*MONTHS, *MONTH_ABBR, *WEEKDAYS))
_EN_CLOSES = re.compile(r"\s*(?:now|then|instead|please|total|in total|all in|altogether)?\s*(?:[,.;!?]|$)")
_EN_ADDS = re.compile(r"\b(?:another|more|extra|also|additional|plus|too|as well)\b", re.IGNORECASE)


def count_value(count: str) -> int | None:
    """The number a count says ("two bags" -> 2, "十五个" -> 15, "12个" -> 12); None past what it reads."""
    head = re.match(rf"\d+|[A-Za-z]+|[{_ZH_DIGITS}]+", count.strip())
    if head is None:
        return None
    word = head.group(0).lower()
    value = UNITS.get(word) if word.isalpha() and word.isascii() else zh_to_number(word)
    return int(value) if value is not None else None


def _singular(noun: str) -> str:
    low = noun.lower()
    return low[:-1] if len(low) > 3 and low.endswith("s") and not low.endswith("ss") else low


def _clause(text: str, m: re.Match[str]) -> str:
    """The clause a count closes: from the last clause mark before it to its end."""
    before = re.split(r"[,.;!?，。；！？]|逗号|句号", text[: m.start()])[-1]
    return before + m.group(0)


def _asks(text: str, end: int) -> bool:
    """True when the sentence the count ends in is a question ("decaf for one of the two bags?")."""
    sentence = re.split(r"[.!。！;；\n]|句号", text[end:], maxsplit=1)[0]  # a dictated "句号" ends one too
    return bool(re.search(r"[?？]|问号", sentence))


def counted_things(text: str) -> list[tuple[str, str, bool]]:
    """The (thing, count, adds) triples of a user turn's counts that close their clause and name what
    they count, unless the sentence asks (module doc); adds: the clause adds to a count ("加十个罐头"
    is the first count of cans, or ten more of them)."""
    out: list[tuple[str, str, bool]] = []
    for m in _ZH_THING.finditer(text):
        if not _ZH_CLOSES.match(text, m.end()) or _asks(text, m.end()):
            continue
        if m.group("people") and per_head(text[: m.start()], m.group(0)):
            continue  # "五百以内一个人": the head the limit is per
        thing = "people" if m.group("people") else m.group("measure") + m.group("noun")
        count = m.group(0) if m.group("people") else m.group(0)[: m.start("noun") - m.start()]
        out.append((thing, count.strip(), bool(_ZH_ADDS.search(_clause(text, m)))))
    for m in _EN_THING.finditer(text):
        noun = m.group("noun").lower()
        if noun in FUNCTION_WORDS or noun in _EN_MEASURES or not _EN_CLOSES.match(text, m.end()):
            continue
        if not _asks(text, m.end()):
            out.append((_singular(noun), m.group(0).strip(), bool(_EN_ADDS.search(_clause(text, m)))))
    return out
