"""How often something happens, in English and Chinese: "every week", "every two weeks", "once a week",
"twice a month", "3 times per week", "weekly", "fortnightly", "every other Tuesday", "Tuesdays".

A frequency is an attribute of its own (a cleaner every week, lessons once a week); read as a
duration ("two weeks"), or in Chinese as a weekday ("每两周一次" holds "周一"), it took another
attribute's key and lost the words that make it a rate. The span is typed "frequency" (slot
"frequency"), its value the words as said, lowercased. Chinese: 每周, 每两周一次, 一周两次, 每月一次, 隔周,
每周二, 每天.
"""

from __future__ import annotations

import re

from core.lang.en_numbers import DIGITS_PATTERN, NUMBER_WORDS_PATTERN

_UNIT = r"(?:day|week|month|year|fortnight|morning|evening|night|weekend|hour)"
_DAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)"
)
_N = rf"(?:{DIGITS_PATTERN}|{NUMBER_WORDS_PATTERN})"
_PLURAL_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days"
_FREQUENCY = re.compile(
    rf"\b(?:"
    rf"(?:every|each)\s+(?:other\s+|{_N}\s+|second\s+|third\s+)?(?:{_UNIT}|{_DAY})s?"
    rf"|(?:once|twice|thrice|{_N}\s+times?)\s+(?:a|an|per|every|each)\s+{_UNIT}"
    rf"|(?:daily|weekly|fortnightly|biweekly|bi-weekly|monthly|quarterly|yearly|annually|nightly)"
    # a weekday in the plural is every such day ("Tuesdays", "Mondays and Wednesdays", "weekdays")
    rf"|{_PLURAL_DAY}(?:\s*(?:,|and|&|or)\s*{_PLURAL_DAY})*|weekdays|weekends"
    rf")\b",
    re.IGNORECASE,
)


_DAYS_ONLY = re.compile(rf"(?:{_PLURAL_DAY}|weekdays|weekends)\b.*", re.IGNORECASE)


def frequency_slot(value: str) -> str:
    """The slot of a frequency: "days" for the days it falls on ("tuesdays", "weekdays"), which
    stand beside how often ("once a week" on "tuesdays"); "frequency" for the rest."""
    return "days" if _DAYS_ONLY.fullmatch(value) else "frequency"


def en_frequencies(text: str) -> list[tuple[int, int, str]]:
    """The frequency spans of text: (start, end, value as said, lowercased)."""
    return [(m.start(), m.end(), m.group(0).lower()) for m in _FREQUENCY.finditer(text)]


_ZH_NUM = r"[\d一二两三四五六七八九十几]+"
_ZH_UNIT = r"(?:天|日|晚|周|星期|礼拜|个?月|年|季度|小时)"
_ZH_FREQUENCY = re.compile(
    rf"(?:每(?:{_ZH_NUM}个?)?{_ZH_UNIT}(?:[一二三四五六日天](?![点号日次]))?(?:{_ZH_NUM}次)?"
    rf"|[一每]{_ZH_UNIT}{_ZH_NUM}次|隔(?:天|周|月))"
)


_ZH_DAYS_ONLY = re.compile(r"每(?:周|星期|礼拜)[一二三四五六日天]")


def zh_frequency_slot(value: str) -> str:
    """The slot of a Chinese frequency: "days" for the weekday it falls on ("每周三"), which stands
    beside how often ("每周两次"); "frequency" for the rest."""
    return "days" if _ZH_DAYS_ONLY.fullmatch(value) else "frequency"


def zh_frequencies(text: str) -> list[tuple[int, int, str]]:
    """The Chinese frequency spans of text: (start, end, value as said)."""
    return [(m.start(), m.end(), m.group(0)) for m in _ZH_FREQUENCY.finditer(text)]
