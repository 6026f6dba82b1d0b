"""A business naming itself ("这里是五道口的拾光手工皂", "我们是陶溪川的瓷补金缮工坊", "我哋係靜浮觀塘店"),
or the user asking if it is the one they mean ("沙坡尾这家微光蜡烛研究所是不是能做蜡烛？", "桂林路这家…是吧").

The name right after the cue is the venue the user deals with, in full up to the clause's end (the
segmenter may read a character of it as a verb: 拾 of 拾光); a place before its 的 there is the venue's
area. Both are values of their own slots (venue, area), so a person's or a dish's name the user says
never replaces them, nor they the user's. A venue name opening a clause of the reply to the user's
opening turn, with what it has or runs after it ("可以的，杨家埠风筝坊有扎风筝体验"), names the business too
(``names_itself``, read by core.own_venue).
"""

from __future__ import annotations

import re

from core.lang.zh_name_tokens import TITLED_PERSON, venue_suffix

SELF_NAMED_SLOTS = frozenset({"venue", "area"})

# "here is" cues; "我们是" (we are) names a business only with its area ("我们是陶溪川的瓷补金缮工坊"):
# alone it is what the speakers are ("我们是三个女生", "我们是回族")
_HERE = r"(?:这里是|这边是|我们这里是|我们这边是|本店是|我哋系|我哋係)"
_WE = r"我们是"
_AREA_WORDS = r"[^，,。！？!?；;的\s\d]{2,8}"
_END = r"(?<!的)(?=[，,。！？!?；;\s]|$)"
_NAME = re.compile(
    rf"(?:{_HERE}|{_WE}(?={_AREA_WORDS}的))(?:(?P<area>{_AREA_WORDS})的)?(?P<name>[\u4e00-\u9fffA-Za-z]{{2,12}}){_END}"
)

# the user asking whether this is the business they mean: a place, "this one" (这家, 那家), the name, and
# the question ("是不是", "是吧", "吗"); 这个 / 那个 are too common a filler ("那个太早了") to point alone
_ASKED = re.compile(
    r"(?P<area>[\u4e00-\u9fff]{2,5}?)(?:这家|那家)(?P<name>[\u4e00-\u9fffA-Za-z]{2,12}?)"
    r"(?=\s*(?:是不是|是吧|吗|对吧|对不对|嘛|[？?]))"
)
_FORMS = (_NAME, _ASKED)


def self_named_spans(text: str, blocked: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the names a business gives itself in text and of their areas, none overlapping a
    blocked span."""
    spans = [m.span(g) for rx in _FORMS for m in rx.finditer(text) for g in ("area", "name") if m.group(g)]
    return [(a, b) for a, b in spans if not any(s < b and a < e for s, e in blocked)]


def self_named_slot(text: str, start: int, end: int) -> str | None:
    """"venue" for a name a business gives itself, "area" for the place before its 的
    ("这里是五道口的拾光手工皂": area 五道口, venue 拾光手工皂); None for any other name."""
    for m in (m for rx in _FORMS for m in rx.finditer(text)):
        if m.span("name") == (start, end):
            return "venue"
        if m.group("area") and m.start("area") <= start and end <= m.end("area"):
            return "area"
    return None


# where a clause opens: the text's start or right after a mark ("您好！可以的，杨家埠风筝坊有…")
_CLAUSE_OPENS = "，,。！!？?～~；;：: \n"
# what follows a business naming itself: what it has or runs ("杨家埠风筝坊有扎风筝体验",
# "青柳水彩画室的户外写生体验", "云上簇绒工作室，用簇绒枪自己打"); a name judged or listed
# ("…是不错的选择", "北京植物园，国家图书馆都很不错", "北京市政协会议中心，北京海润艾丽华酒店及服务公寓，
# 都很适合你", "…评分4.7") is an option recommended
_SELF_AFTER = re.compile(r"有|的|[，,](?P<next>[^，,。！？!?；;]*)")
# right after a greeting, the business also says where it is or what it can do ("您好！北極光親子遊可以
# 安排…", "您好！神算子珠心算在中关村，…", "泉城结艺坊每天都有…"): the name needs no venue-type word then
_GREETED_AFTER = re.compile(r"在[^，,。！？!?；;和]{2,10}[，,。！!]|可以|能|每天|天天|提供|专门|有")
_LISTED = re.compile(r"和|都|也")
# the place right after a business's name ("神算子珠心算在中关村，"): its area
_AREA_AFTER = re.compile(r"在(?=[\u4e00-\u9fff]{2,8}[，,。！!])")


def names_itself(text: str, start: int, end: int, greeted: bool = False) -> bool:
    """True when the name text[start:end] opens a clause, ends in a venue-type word and goes on with
    what it has or runs ("可以的，杨家埠风筝坊有扎风筝体验", "是的！云上簇绒工作室，用簇绒枪自己打"): in the
    reply to the user's opening turn, the business answering names itself (core.own_venue). Right
    after a greeting (greeted), a name opening the clause with where it is or what it can do names the
    business whatever its last word ("您好！北極光親子遊可以安排見聖誕老人")."""
    if not (start == 0 or text[start - 1] in _CLAUSE_OPENS):
        return False
    name = text[start:end]
    suffix = venue_suffix(name)
    business = suffix is not None or (len(name) >= 4 and not TITLED_PERSON.match(name))  # not "张老师"
    acts = _GREETED_AFTER.match(text, end) is not None and not _LISTED.match(text, end)
    if greeted and start == 0 and business and acts:
        return True
    if suffix is None:
        return False
    after = _SELF_AFTER.match(text, end)
    nxt = after.group("next") if after else None
    return after is not None and (nxt is None or not (_LISTED.search(nxt[:12]) or venue_suffix(nxt)))


def area_after(text: str, end: int) -> int | None:
    """Where the area named right after a business's name starts ("神算子珠心算在中关村，": at 中), or
    None."""
    m = _AREA_AFTER.match(text, end)
    return m.end() if m else None
