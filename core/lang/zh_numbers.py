"""Chinese numerals to numbers ("三" -> 3, "十二" -> 12, "两百五" -> 250, "4.5" -> 4.5)."""

from __future__ import annotations

import re

DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5, "六": 6,
          "七": 7, "八": 8, "九": 9}
UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
FULLWIDTH = str.maketrans("０１２３４５６７８９．", "0123456789.")

# A character class for regexes: Arabic digits or Chinese numeral characters.
NUM_CHARS = "0-9０-９零〇一二两三四五六七八九十百千万"
# the bound a word after an amount sets ("八百以内": at most 800; "五千左右": about 5000)
TAIL_BOUNDS = {"以上": ">=", "起": ">=", "以下": "<=", "以内": "<=", "之内": "<=", "左右": "~", "上下": "~"}


# the one thing a ceiling said before is per, right after it ("五百以内一台", "三十美元以内一个"), ending the
# clause; ZH_ONE alone, before it ("一盏八百以内")
ZH_ONE = r"[一每](?:个|台|盏|件|张|把|套|只|支|瓶|双|部|辆|份|本|条|顶|架|副|箱|块)"
PER_ONE_AFTER = re.compile(rf"{ZH_ONE}(?=$|[\s，。！？、,.!?；;吧呢啊呀哈的])")
# digits with their thousands grouped by commas ("8,980", "12,800.50")
GROUPED = r"\d{1,3}(?:,\d{3})+"
_GROUPED = re.compile(rf"{GROUPED}(?:\.\d+)?")
# a number in Arabic digits, grouped or not ("8,980", "1580", "4.5"): a regex
ARABIC = rf"(?:{GROUPED}(?![\d,])|\d+)(?:\.\d+)?"


def zh_to_number(s: str) -> float | None:
    """Value of an Arabic or Chinese numeral string, None when it is not one.

    Handles mixed forms ("3万", "1千5"), the colloquial "两百五" (= 250) and "十五" (= 15)."""
    s = s.strip().translate(FULLWIDTH)
    if not s:
        return None
    if _GROUPED.fullmatch(s):  # "8,980": thousands grouped by commas
        s = s.replace(",", "")
    try:
        return float(s)
    except ValueError:
        pass
    total = 0.0
    section = 0.0
    digit: float | None = None
    last_unit = 0
    after_unit = False
    i = 0
    while i < len(s):
        ch = s[i]
        if ch.isdigit() or ch == ".":
            j = i
            while j < len(s) and (s[j].isdigit() or s[j] == "."):
                j += 1
            after_unit = after_unit and digit is None
            try:
                digit = float(s[i:j])
            except ValueError:
                return None
            i = j
            continue
        if ch in DIGITS:
            after_unit = after_unit and DIGITS[ch] != 0 and digit is None
            digit = float(DIGITS[ch])
        elif ch in UNITS:
            unit = UNITS[ch]
            if unit == 10000:
                section += digit or 0.0
                total += (section or 1.0) * unit
                section = 0.0
            else:
                section += (digit if digit is not None else 1.0) * unit
            digit = None
            last_unit = unit
            after_unit = True
        else:
            return None
        i += 1
    if digit is not None:
        # "两百五" means 250: a trailing digit after a unit counts one unit lower
        section += digit * (last_unit // 10 if last_unit >= 100 and after_unit else 1)
    return total + section


def fmt_number(x: float) -> str:
    """A number without a useless '.0' ("150" not "150.0", "4.5" stays)."""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# "一个人" / "一位" / "一人" right after an amount or its bound ("320元一个人", "五百以内一个人",
# "260元一位"): the head a price or a limit is per, no count of people
_PER_HEAD = re.compile(r"(?:[元块钱]|以内|以下|之内|左右)\s*$")


def per_head(before: str, count: str) -> bool:
    """True when count ("一个人", "一位") is the head the amount before it is per ("320元一个人")."""
    return count[:1] in ("一", "1") and _PER_HEAD.search(before) is not None

