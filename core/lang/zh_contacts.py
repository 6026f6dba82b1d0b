"""Chinese contacts and identifiers found by rule: phone numbers, e-mails, URLs, references the agent
reports, codes by their shape, train and flight numbers, resident ids, plates and card endings."""

from __future__ import annotations

import re

from core.lang.zh_hit import Hit
from core.lang.zh_lexicon import REF_CUES
from core.lang.zh_plates import plates

_PHONE = re.compile(
    r"(?<![\dA-Za-z])(?:\+?86[- ]?)?"
    r"(?:0\d{2,3}[- ]?\d{7,8}|1[3-9]\d{9}|400[- ]?\d{3}[- ]?\d{4}|\d{3,4}-\d{7,8}"
    # a mobile or a city number in spaced groups: "139 0517 6624", "021 6234 5678"
    r"|1[3-9]\d[- ]\d{4}[- ]\d{4}|0\d{2,3}[- ]\d{4}[- ]\d{4})"
    # not when a group of digits more follows: a longer number ("156 1000 2781 3345", a pet's chip)
    r"(?:转\d{1,5})?(?![\d]|[- ]\d{3})"
)
# A local number without its area code ("电话是64045361-3015", "打57201918"): a phone after a phone cue
_LOCAL_PHONE = re.compile(
    r"(?:电话|号码|联系方式|热线|打)(?:是|为|:|：)?\s*(?P<n>\d{7,8}(?:[-转]\d{1,5})?)(?!\d)"
)
_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
_URL = re.compile(r"https?://[^\s，。！？、）)]+|www\.[^\s，。！？、）)]+")
# a reference the agent reports after a booking or a filing ("预约号ZJ-1208-031", "受理号", "取件码")
_REF = re.compile(
    rf"(?P<cue>{'|'.join(REF_CUES)}|流水号|受理号|申请号|回执号|凭证号|"
    r"取票号|取票码|取件码|提货码|车牌号?|车次|航班号|座位号|房间号|房号)"
    r"(?:是|为|:|：)?\s*(?P<id>[A-Za-z0-9#][A-Za-z0-9#-]{1,24})"
)
# a code in hyphenated parts of capitals and digits, with or without a cue before it ("已下单
# QD-SY-1220-0088", "订单 JP-ENR-77031"): an id by its shape, as in English (core.lang.en_values)
_ID_HYPHENATED = re.compile(
    r"(?<![A-Za-z0-9/-])(?=(?:[A-Z-]*\d){3})[A-Z][A-Z0-9]{0,7}(?:-[A-Z0-9]{1,12}){1,3}(?![A-Za-z0-9-])"
)
# a number in spaced groups after a cue ending in 号 or 码 ("会议号 883 2210 4471"): one id, not
# three counts (a phone number's cue is left to the phone rules)
_SPACED_ID = re.compile(r"(?:号|码)(?:是|为|:|：)?\s*(?P<id>\d{3,4}(?: \d{3,4}){1,4})(?![\d])")
_TRAIN_FLIGHT = re.compile(
    r"(?<![A-Za-z0-9])(?:[GDCZTKYS]\d{1,4}|[A-Z]{2}\d{3,4}|[A-Z]\d[A-Z]?\d{3,4})"
    r"(?![A-Za-z0-9]|航站|号?航楼|口|出口|入口|号线|座|栋|楼|区)"  # T2航站楼, C2口 (an exit), B1栋
)
# a resident identity number by its shape: region (6 digits), birth date (8), order (3), check digit or X
_RESIDENT_ID = re.compile(
    r"(?<![\dA-Za-z])\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])"
)
# the last digits of a card or an account ("尾号6021", "卡号后四位是5510")
_CARD_TAIL = re.compile(r"(?:尾号|后四位|末四位)(?:是|为)?\s*[:：]?\s*(?P<n>\d{3,6}[Xx]?)(?![\dA-Za-z])")


def contacts(text: str) -> list[Hit]:
    """Phones, e-mails, URLs, references, ids, plates and card endings of text, as Hits."""
    out = []
    for m in _PHONE.finditer(text):
        digits = re.sub(r"[^\d转+]", "", m.group(0))
        out.append(Hit(m.start(), m.end(), "phone", digits, "phone", 9))
    for m in _LOCAL_PHONE.finditer(text):
        digits = re.sub(r"[^\d转]", "", m.group("n"))
        out.append(Hit(m.start("n"), m.end("n"), "phone", digits, "phone", 9))
    for m in _EMAIL.finditer(text):
        out.append(Hit(m.start(), m.end(), "email", m.group(0).lower(), "email", 9))
    for m in _URL.finditer(text):
        out.append(Hit(m.start(), m.end(), "url", m.group(0), "url", 9))
    for m in _REF.finditer(text):
        ident = m.group("id")
        if ident.startswith("#") and not any(c.isdigit() for c in ident):
            continue  # "车牌是#CP": a placeholder for a value the data left out, not an identifier
        out.append(Hit(m.start("id"), m.end("id"), "id", ident, "ref", 9))
    for m in _SPACED_ID.finditer(text):
        if re.search(r"(?:电话|手机|联系方式)号?$", text[max(0, m.start() - 4) : m.start()]):
            continue  # "电话号码 139 6200 1111": a phone number
        out.append(Hit(m.start("id"), m.end("id"), "id", m.group("id"), "ref", 9))
    for m in _ID_HYPHENATED.finditer(text):
        out.append(Hit(m.start(), m.end(), "id", m.group(0), "ref", 9))
    for m in _TRAIN_FLIGHT.finditer(text):
        out.append(Hit(m.start(), m.end(), "id", m.group(0), "ref", 5))
    for m in _RESIDENT_ID.finditer(text):  # "身份证号码330102201407035528": whose, never a booking's
        out.append(Hit(m.start(), m.end(), "id", m.group(0).upper(), "id_number", 9))
    out += [Hit(start, end, "id", plate, slot, 9) for start, end, plate, slot in plates(text)]
    for m in _CARD_TAIL.finditer(text):  # "工行卡尾号6021": which card, never a count or a name
        # the cue with the digits: "尾号" left alone was read as a name the next name replaced
        out.append(Hit(m.start(), m.end(), "id", m.group("n"), "account", 9))
    return out
