"""Chinese cues of a yes/no offer of a thing and of the short replies that take an offered option.

A yes/no question offers the thing it names ("需要接驳车吗？", "要加一个头皮护理吗？", "要不要发票？"): a
yes takes it, and so does the bare verb of the question said back (the Chinese way of answering
yes: "要", "加", "需要"). So does a question asking to confirm a thing ("确认是一类卡吗？"). A
question naming a person ("要我帮您查吗？") or pointing back ("需要这个吗？") offers no new thing.
A short reply takes an offered option by pointing at it ("就它吧", "那个") or by its place
("第二个", "最后一个").
"""

from __future__ import annotations

from core.lang.patterns import pattern

# "需要接驳车吗", "要加一个头皮护理吗", "要不要发票": the verb, a measure, then the thing
_YES_NO_OFFER = (
    r"(?:需要|要不要|想要|要)(?:再)?(?:加装|加|办|买|订|开|预留|安排|配)?(?:一个|一份|一张|一套|一次|个|份|张)?"
    r"(?P<x>[\u4e00-\u9fff]{2,8}?)(?:吗|么)?[？?]"
)
_NOT_A_THING = r"[我你您他她它这那哪什怎么几多少帮给让去来看查问说订预定]"
# a question that asks the user to confirm a thing ("确认是一类卡吗？", "是本人名下的卡对吧？"): a yes
# states it
_CONFIRM_OFFER = r"(?:确认|确定)?是(?P<x>[\u4e00-\u9fffA-Za-z0-9]{2,10}?)(?:吗|么|对吗|对吧|是吧)[？?]"


# a recommendation of a quoted name: "推荐“云眠”硬质乳胶床垫" offers 云眠 for a yes
_RECOMMENDED = r"(?:推荐|建议)(?:您|你)?(?:选|用|试试|考虑)?[“\"「『](?P<x>[^”\"」』]{1,12})[”\"」』]"


def yes_no_offers(text: str) -> list[tuple[int, int]]:
    """The spans of the things an assistant turn offers for a yes: a yes/no question's thing
    ("需要接驳车吗？" -> "接驳车") and a quoted name it recommends ("推荐“云眠”床垫" -> "云眠");
    [] when none (module doc)."""
    spans = [m.span("x") for m in pattern(_RECOMMENDED).finditer(text)]
    for m in [*pattern(_YES_NO_OFFER).finditer(text), *pattern(_CONFIRM_OFFER).finditer(text)]:
        if pattern(_NOT_A_THING).search(m.group("x")) or pattern(r"还是|或").search(m.group("x")):
            continue
        spans.append(m.span("x"))
    return spans


_LEAD = r"^(?:好的?|行|嗯|对|那)?[，,\s]*(?:就|那就|要|选|我要|我选|就要|就选)?"
_TRAIL = r"(?:吧|了|就行|就好|可以|好了)?[。！!.\s]*$"
_THAT = rf"{_LEAD}(?:它|这个|那个|这一个|那一个|这款|那款|这场|那场){_TRAIL}"


def points_at_pick(text: str) -> bool:
    """True when a short reply takes the offered option by pointing at it ("就它吧", "那个")."""
    return bool(pattern(_THAT).match(text.strip()))


_NUMERALS = {"一": 0, "二": 1, "两": 1, "三": 2, "四": 3, "五": 4, "1": 0, "2": 1, "3": 2, "4": 3, "5": 4}
_PLACE = (
    rf"{_LEAD}(?:第(?P<n>[一二三四五1-5])(?:个|种|项|场|档|家|款|套|个时间)?|(?P<last>最后(?:一个|那个)?))"
    rf"{_TRAIL}"
)


def pick_position(text: str) -> int | None:
    """The place in the offered list a short reply takes ("第二个" -> 1, "最后一个" -> -1), else None."""
    m = pattern(_PLACE).match(text.strip())
    if m is None:
        return None
    return -1 if m.group("last") else _NUMERALS[m.group("n")]


_PARTICLES = r"[吧啊呀的格了哈嗯。！!，,\s]+"  # 格: the Wu 的 ("要格")
MAX_ECHO = 2  # the verb said back: "要", "加", "需要"


def answers_yes(reply: str, asked: str) -> bool:
    """True when a reply opens on the verb of the yes/no question asked, said back alone ("要" to
    "需要接驳车吗？", "加" to "要加一个头皮护理吗？", "要，一定要，小孩子..."): the Chinese yes to such a
    question; what follows its first clause says more."""
    first = pattern(r"[，,。！!；;]").split(reply.strip(), maxsplit=1)[0]
    core = pattern(_PARTICLES).sub("", first)
    if not 0 < len(core) <= MAX_ECHO or pattern(r"[不没别]").search(core):
        return False
    # the words of the question before its thing ("需要", "要加一个")
    return any(core in asked[m.start() : m.start("x")] for m in pattern(_YES_NO_OFFER).finditer(asked))


def turns_away(text: str) -> bool:
    """True when an agreeing reply goes on with a contrast ("不错，但是有没有便宜点的"): the polite way
    of not taking what was offered."""
    return bool(pattern(r"但|不过|可是").search(text))


# what may stand between the day and the time of one slot ("12月29日 19:00", "周三到周四")
_SLOT_JOIN = r"[\s,，、]*(?:-|–|—|到|至)?[\s,，、]*"
# characters of a date or time unit and filler a reply names a slot with ("29号的" for "29日")
_SLOT_UNITS = frozenset("号日月点时分周的那个场")


def joins_slot(gap: str) -> bool:
    """True when the text between a day and a time joins them into one slot ("12月29日 19:00")."""
    return bool(pattern(_SLOT_JOIN).fullmatch(gap))


def names_slot(reply: str, option: str) -> bool:
    """True when a short reply names the slot option by its numbers ("29号的" of "12月29日晚上7点"): it
    holds a number, each number is one of the option's, each other character one of the option's or
    a unit of a date or time."""
    said = pattern(r"\d+|[^\d\s，,。！!]").findall(reply)
    numbers = {n.lstrip("0") for n in pattern(r"\d+").findall(option)}
    if not any(t.isdigit() for t in said):
        return False
    return all(t.lstrip("0") in numbers if t.isdigit() else (t in option or t in _SLOT_UNITS) for t in said)
