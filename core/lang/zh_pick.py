"""Chinese cue: an assistant turn that reads back the user's pick ("好的，选择安心老人意外")."""

from __future__ import annotations

from core.lang.patterns import pattern

# an acknowledgement, then a choice verb, opening the turn: what follows is the pick, named whole
_PICK_READ_BACK = (
    r"^\s*(?:好的|好|行|可以|没问题|明白|了解)[，,。！!\s]*(?:已为您|为您|已|那就|就)?(?:选择|选定|选)了?[：:\s]*"
)


def reads_back_pick(text: str) -> int:
    """Where the pick starts in an assistant turn that opens by acknowledging the user's choice and
    naming it ("好的，选择安心老人意外，两人一年918元" -> the offset of "安心老人意外"), or -1."""
    m = pattern(_PICK_READ_BACK).match(text)
    return m.end() if m else -1


def offered_options(text: str) -> list[tuple[int, int]]:
    """The options an assistant turn offers for a yes to take: none read in Chinese. A Chinese pick
    is named by the assistant's read-back (reads_back_pick, core.choice_readback) or by a part of its
    name (core.name_readback); [] always."""
    return []


# an agreeing word, a take verb or a filler at the edges of a short answer that names its pick
# ("年卡吧", "那换储物柜", "就全险", "好，要B套")
_LEAD = (  # (the traditional characters too: "換星曜Tab 11")
    r"^(?:好的|好|行|可以|嗯|对|對|是的|确认|確認|确定|確定|同意|那就|那|就|还是|還是|我要|需要|要|我选|我選|选|選"
    r"|换成|換成|换|換|来|來)+"
)
_TRAIL = r"(?:吧|就行|就好|好了|可以|了)+$"
MAX_ECHO_CHARS = 8


def named_pick(text: str) -> str:
    """The words of a short answer that only names the thing it takes, agreeing words and take
    verbs at its edges cut ("年卡吧" -> "年卡", "那换储物柜" -> "储物柜"): its first clause that says
    more than an agreeing word; "" when that clause asks, negates or is longer than a name."""
    if pattern(r"[？?吗呢]").search(text):
        return ""
    for clause in pattern(r"[，,。.！!；;]+|(?<![A-Za-z])\s+|\s+(?!\d)").split(text):  # "星曜Tab 10" whole
        core = pattern(_TRAIL).sub("", pattern(_LEAD).sub("", clause.strip()))
        if not core:
            continue
        count = pattern(r"[\d一二三四五六七八九十两几半]+[个份张间位只条套次]?").fullmatch(core)
        pointer = pattern(r"^[这那哪它]").match(core)  # "就这个了": points, names nothing
        plain = not pattern(r"[不没别]|[^\w ]").search(core) and len(core) >= 2 and not count and not pointer
        return core if plain and len(core) <= MAX_ECHO_CHARS else ""
    return ""


# the rest of a name the user said the start of ("莲心" of "莲心素食（4.9分）和禅意素斋"): Chinese
# characters up to a mark, a number or a word that joins two options
_NAME_REST = r"(?:(?![和与或及、的还吗呢吧了])[\u4e00-\u9fff])+"


# what an option costs, said after its name in the same stretch of the turn ("路眼A2前后双录699元",
# "星曜Tab 11是NT$13,990"): up to the amount, no mark between
# (not core.lang.currency_before's pattern: its codes follow no word character, and the "款" of
# "窄身款MOP 24,800" is one)
_PRICE_AFTER = (
    r"[^，,。；;！!？?、（）()\n]{0,12}?(?:(?:[A-Z]{1,3}\$|[$¥￥€£₹]|MOP\s?)\d[\d,]*(?:\.\d+)?"
    r"|\d[\d,]*(?:\.\d+)?(?:万日元|日元|块钱|元|块))"
)


def option_span(text: str, start: int, end: int) -> tuple[int, int]:
    """The whole option around the words text[start:end] a user answered with: the name they start
    ("莲心" -> "莲心素食" in "有莲心素食（4.9分）和禅意素斋"), else the words themselves; with the amount
    said after it before any mark ("路眼A1" -> "路眼A1单录399元")."""
    m = None if pattern(r"\d").search(text, start, end) else pattern(_NAME_REST).match(text, end)
    end = m.end() if m else end
    priced = pattern(_PRICE_AFTER).match(text, end)
    return start, priced.end() if priced else end


def points_at_offer(question: str) -> bool:
    """True when a question points at the thing just offered ("要加上这个吗？", "需要它吗？")."""
    return bool(pattern(r"这个|那个|这款|那款|它").search(question))
