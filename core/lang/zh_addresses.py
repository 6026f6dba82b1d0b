"""Chinese addresses: the words after an address cue ("地址是…"), a street address by its road and
number ("海淀区中关村大街27号"), a flat in a residential compound by its building, unit and room
("西溪蝶园5幢1单元1102": it had been a name cut before its room and a count "1单")."""

from __future__ import annotations

import re

_ADDRESS_CUE = re.compile(r"地址(?:是|在|为|位于|:|：)+\s*(?P<a>[^\s，。！？,!?；;]{2,40})")
# An address cue followed by a question ("地址是什么", "地址在哪里啊") holds no address
_ADDRESS_QUESTION = re.compile(r"什么|哪|多少|啥|吗|呢|么")
_ADDRESS = re.compile(
    r"(?:[\u4e00-\u9fff]{2,6}[省市])?(?:[\u4e00-\u9fff]{1,4}[区县])?[\u4e00-\u9fff0-9]{1,12}?"
    r"(?:路|街|大街|胡同|巷|道|里)[甲乙丙丁]?\d+号(?:院|楼)?"
    r"(?:[\u4e00-\u9fff]{1,8}?(?:大厦|广场|园|中心|大楼|公寓|小区|花园))?"  # the building ("金蝶软件园")
    r"(?:[A-Za-z0-9]{1,4}(?:座|栋|幢|号楼|楼|层|室|单元))*"  # its block, floor, room ("B座", "9层")
)
# a flat in a residential compound: the compound, its building, unit and room ("西溪蝶园5幢1单元1102",
# "望京花园3号楼2单元502"); the building's number alone ("5号楼") is no address. The verb of sending
# before it ("改送", "送到") is cut (_SEND_BEFORE)
_FLAT = re.compile(
    r"(?:[\u4e00-\u9fff]{1,4}[区县])?[\u4e00-\u9fff]{1,8}?(?:小区|花园|家园|新村|苑|园|府|城|公寓|大厦)"
    r"[A-Za-z]?\d{1,3}(?:号楼|栋|幢|座|号)(?:\d{1,2}单元)?\d{2,4}(?:室|号)?(?!\d)"
)
_SEND_BEFORE = re.compile(r"^(?:改送到|改送|送到|送去|寄到|寄|送|改到|到|住在|在)")


def addresses(text: str) -> list[tuple[int, int, int]]:
    """(start, end, priority) of each address of text: the words after an address cue (priority 7), a
    street address or a flat in a residential compound (6), none overlapping."""
    out = [
        (m.start("a"), m.end("a"), 7)
        for m in _ADDRESS_CUE.finditer(text)
        if not _ADDRESS_QUESTION.search(m.group("a"))
    ]
    for m in _ADDRESS.finditer(text):
        if not any(s < m.end() and m.start() < e for s, e, _ in out):
            out.append((m.start(), m.end(), 6))
    for m in _FLAT.finditer(text):
        start = m.start() + len(cut.group(0)) if (cut := _SEND_BEFORE.match(m.group(0))) else m.start()
        if not any(s < m.end() and start < e for s, e, _ in out):
            out.append((start, m.end(), 6))
    return out
