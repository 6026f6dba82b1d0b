"""Options an assistant's turn numbers ("1. Wed 16 Dec 10:00 … 2. Wed 16 Dec 15:30 …", "您想：1 缩短
年限（月供不变）2 减少月供（年限不变）？") and the user's pick of one by its place ("1", "第二个",
"the second one").

An agent often lists what it found as a numbered list; the user answers with the number or an
ordinal. Each option is the item's head: its words up to the first comma, colon, bracket or sentence
end ("麓湖皇冠假日·湖畔厅", "缩短年限"), the details after it (a price, a time) being the turn's other
values. A bare digit picks only from a numbered list (it could be a count elsewhere); an ordinal word
picks from any list of options (core.alternatives).
"""

from __future__ import annotations

import re

# an item's number: at the start, or after a space, a colon or a sentence mark; "1." "1、" "1)" "1 "
_MARK = re.compile(r"(?:^|(?<=[\s:：，,。；;？?！!）)]))(?P<n>[1-9])(?:[.、)）]\s*|\s+)(?=[^\d\s])")
# where an item's head ends: a comma, a bracket, a sentence mark, a colon (not a clock's: "10:00")
_HEAD_END = re.compile(r"[，,（(；;。？?！!\n]|(?<!\d)[:：]|[:：](?!\d)|\s[-–—]\s")
_EMPHASIS = re.compile(r"\*+")
MAX_HEAD = 40  # an option's head is a name or a short phrase, not a sentence
# the label of a choice whose options the turn numbered (core.alternatives): a bare digit picks one
NUMBERED_LABEL = "#"

_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_EN_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3}
_ZH_ORDINAL = re.compile(
    r"^(?:选|要|就)?第(?P<n>[一二三四五六七八九]|[1-9])(?:个|种|家|项|条|位|款|套)?(?:吧|呀|啊|哈)?$"
)
_EN_ORDINAL = re.compile(
    r"^(?:(?:ok|okay|yes|um|hmm)\s+)?(?:the\s+)?(?P<w>first|second|third|fourth|fifth|1st|2nd|3rd)"
    r"(?:\s+(?:one|option|choice))?(?:\s+please)?$"
)
_NUMBER_PICK = re.compile(r"^(?:(?:option|number|no\.?|#|选|要)\s*)?(?P<n>[1-9])(?:\s*(?:号|个|please|吧))?$")
_PUNCT = re.compile(r"[\s.!。！,，]+$")


def numbered_options(text: str) -> tuple[list[str], list[int]]:
    """The heads of the items text numbers 1, 2, ... (two at least, in order) with where each head
    starts in text; empty lists when text numbers no list."""
    marks = [m for m in _MARK.finditer(text)]
    chain: list[re.Match[str]] = []
    for m in marks:
        if int(m.group("n")) == len(chain) + 1:
            chain.append(m)
    if len(chain) < 2:
        return [], []
    options, starts = [], []
    for i, m in enumerate(chain):
        stop = chain[i + 1].start() if i + 1 < len(chain) else len(text)
        body = text[m.end() : stop]
        end = _HEAD_END.search(body)
        head = body[: end.start()] if end else body
        head = _EMPHASIS.sub("", head).strip()
        if not head or len(head) > MAX_HEAD:
            return [], []
        options.append(head)
        starts.append(text.find(head, m.end()))
    return options, starts


def picked_place(answer: str, numbered: bool) -> int | None:
    """The place (0-based) a brief answer picks by number or ordinal ("2", "第二个", "the second
    one"); a bare digit only when the options were numbered (numbered). None for anything else."""
    low = _PUNCT.sub("", answer.strip().lower())
    if m := _ZH_ORDINAL.match(low):
        n = m.group("n")
        return (int(n) if n.isdigit() else _ZH_DIGITS[n]) - 1
    if m := _EN_ORDINAL.match(low):
        return _EN_ORDINALS[m.group("w")] - 1
    if numbered and (m := _NUMBER_PICK.match(low)):
        return int(m.group("n")) - 1
    return None
