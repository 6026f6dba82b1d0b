"""Colours as a thing's attribute, in English and Chinese: "Navy colour", "the grey one", "in white",
"Maroon.", "Make it black", "蓝色", "换成咖啡色".

A colour was no value of its own: a capitalised one was a name ("Navy", "Charcoal"), a lowercase one
nothing at all, so "Silver." then "Make it black" was no change of one attribute, and the old colour
stood in the user's quoted words. Typed, a colour is keyed "colour": the user's later colour restates
the attribute (issue 12, item 2: the same attribute and a value of the same type).

English reads a colour word only where it is the value said: with "colour", "one", "finish" or "shade"
after it, after "in" ("do you have it in white?"), or as the whole of a short clause with agreeing or
correcting words at its edges ("Silver.", "Make it black", "ok the grey then"), a colour's own name
before it included ("Racing green.", "in chartwell green"). Inside a longer phrase
it describes something else ("red wine", "White Horse Inn", "Silver does not show dirt"). Chinese reads
a colour by its 色 ("蓝色", "米白色", "咖啡色", "燕麦色", "胡桃木色") where it ends its clause or a particle
follows, never 颜色 (colour itself) or 特色, nor one inside a name ("北京金色夏日商务酒店"); a shade before a
base colour is one without its 色 too ("雾蓝", "浅灰", "哑光黑"), opening its clause or after a word of
picking ("那就雾蓝"), never a colour verb ("就黄了") or the sky ("蓝天").
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.patterns import pattern

_EN_COLOURS = (
    "black white grey gray silver red blue navy green yellow orange pink purple brown beige maroon "
    "charcoal ivory teal turquoise burgundy khaki lilac lavender graphite olive sand slate copper "
    "gold bronze mint coral peach mustard cobalt indigo magenta plum taupe sage oatmeal chocolate aqua "
    "emerald scarlet crimson rust terracotta champagne"
)
_EN_SHADE = r"(?:(?:light|dark|pale|deep|bright|matte?|sky|royal|forest|baby|midnight|space|navy)\s+)?"
# a colour's own name before its base colour, said as the whole value ("Racing green.", "Anthracite
# grey so", "in chartwell green"): one word, no word of grammar
_EN_NAMED_SHADE = r"(?:(?P<named>[A-Za-z]{3,})\s+)?"
_EN_BASE = "|".join(_EN_COLOURS.split())
# two colours joined are one ("grey-blue", "slate grey", "sage green")
_EN_COLOUR = rf"{_EN_SHADE}(?:{_EN_BASE})(?:[-\s](?:{_EN_BASE}))?|rose\s+gold"
_EN_TAIL = r"\s+(?:colou?r|one|finish|shade)\b"
_COLOUR_WORDS = frozenset(("colour", "color", "finish", "shade", "one", "rose"))
_EN_NAMED = re.compile(
    rf"(?<![\w-])(?P<c>{_EN_NAMED_SHADE}(?:{_EN_COLOUR}))(?:(?P<tail>{_EN_TAIL})|(?![\w-]))", re.IGNORECASE
)
# "in white", and the attribute named before it ("change the finish to cherry", "the colour is sand")
_EN_IN = re.compile(r"\bin\s+(?:the\s+)?$|\b(?:colou?r|finish|shade)\s+(?:to|is|in)\s+$", re.IGNORECASE)
# agreeing or correcting words a clause that only names a colour may have at its edges
_EN_EDGE = (
    r"(?:ok(?:ay)?|yes|yeah|yep|so|then|and|or|actually|hmm+|oh|make\s+it|go\s+with|let['’]?s\s+do|"
    r"(?:i|we)(?:['’]ll|\s+will)?\s+(?:take|have|want|go\s+(?:for|with))|take|go\s+for|the|a|in|please|fine|"
    r"is\s+fine|['’]s\s+fine|it\s+is|that|one|instead|"
    r"for\s+me|thanks)"
)
_EN_WHOLE = re.compile(rf"^\W*(?:{_EN_EDGE}(?:\W+|$))*$", re.IGNORECASE)
_CLAUSE = re.compile(r"[^.,;:!?\n]+")

# a shade before a base colour: said without 色 it is a colour all the same ("雾蓝", "浅灰", "奶油黄")
_ZH_SHADE = (
    r"浅|深|淡|亮|哑光|暗|米|藏|天|墨|军|酒|玫瑰|香槟|咖啡|卡其|宝石|象牙|奶油|奶|雾|冰|湖|薄荷|樱花|珊瑚|"
    r"橄榄|石墨|星空|远峰|海军|月光|珍珠|炭|烟|豆沙|燕麦|雪|宝|玫"
)
_ZH_BASE = r"黑|白|灰|银|红|蓝|绿|黄|橙|粉|紫|棕|金|青|褐|驼|杏|咖啡|卡其|香槟"
# said as the value: the clause or a particle after it ("蓝色的", "米白色吧"), not inside a name
# ("北京金色夏日商务酒店"); without 色, opening its clause or after a word of picking ("那就雾蓝", "换成浅灰")
_ZH_SAID = r"(?=$|[的吧啊呀呢了吗就也还款系，,。.！!？?、；;\s)）])"
_ZH_COLOUR = (
    rf"(?<![颜特出角脸景音本])(?:(?:{_ZH_SHADE})?(?:{_ZH_BASE})色|(?:原|红|胡桃|橡)木色|(?<![天宝])(?:{_ZH_SHADE})色"
    rf"|(?:(?<![\u4e00-\u9fff])|(?<=[就成要是选换拿用]))(?:{_ZH_SHADE})(?:{_ZH_BASE})){_ZH_SAID}"
)


def _no_colour_name(word: str | None) -> bool:
    """True when the word before a base colour is no name of the colour: a word of grammar or of
    agreeing ("the", "it", "ok"), or a colour word itself."""
    return word is not None and (
        word.lower() in FUNCTION_WORDS or word.lower() in _COLOUR_WORDS or _EN_WHOLE.match(word) is not None
    )


def en_colours(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each colour English text says as a value (module doc)."""
    out = []
    for clause in _CLAUSE.finditer(text):
        said = clause.group(0)
        for m in _EN_NAMED.finditer(said):
            begin = m.start("c")
            if _no_colour_name(m.group("named")):  # "the grey", "Make it black": a word of grammar
                begin = said.index(m.group("c").split(None, 1)[1], m.end("named"))
            before, after = said[:begin], said[m.end() :]
            whole = _EN_WHOLE.match(before) is not None and _EN_WHOLE.match(after) is not None
            if m.group("tail") or _EN_IN.search(before) or whole:
                start = clause.start() + begin
                value = " ".join(said[begin : m.end("c")].lower().split())
                out.append((start, clause.start() + m.end("c"), "term", value, "colour"))
    return out


def zh_colours(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of each colour Chinese text names by its 色 (module doc)."""
    return [(m.start(), m.end(), "term", m.group(0), "colour") for m in pattern(_ZH_COLOUR).finditer(text)]
