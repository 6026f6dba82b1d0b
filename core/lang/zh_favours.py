"""A favour asked as a question in Chinese ("等车的时候能不能顺便洗个车", "接之前能不能给汤圆洗个澡？",
"食谱能不能写得简单点", "能用细一点的针吗"): the user asks for a thing to be done or allowed, which
is the user's instruction, like "请顺便洗个车" (the English rule: core.lang.en_favours). A question for
information, an option or a price list ("能不能告诉我…", "可以查一下吗", "能不能推荐…") is none, nor
is a one-word ask ("能退吗？"), too short to say what the user wants done. The wish may come first and
the ask after it ("不要塑料包装可以吗", "用微信付行不行"): the same favour."""

from __future__ import annotations

import re

# 能不能 / 可不可以 / 能否 / 可否 ask by themselves; 可以 / 能 need a closing 吗 or question mark
_ASKED = re.compile(r"能不能|可不可以|能否|可否")
_MAY = re.compile(r"(?:可以|能)(?!不)")
_ASK_END = re.compile(r"(?:吗|么)?[？?]?\s*$")
# what follows the ask when it asks for information or an option, not for a thing done
_INFO_AFTER = re.compile(
    r"(?:帮我|给我|麻烦|再)?(?:告诉|查|推荐|介绍|说说|说一下|问|看看|看一下|发(?:给)?我|提供|知道|了解|解释|确认|"
    r"是|算|有|给个|报个|报价|选|挑)"
)


# an ask after the wish, closing its sentence ("不要塑料包装可以吗，我未婚妻说…")
# (行 and 好 not closing a word of their own: "去旅行吗", "身体还好吗" ask for information)
_ASK_AFTER = re.compile(
    r"(?:可以吗|可以么|可以不|可不可以|行不行|好不好|(?<![旅进执运流银举发步航飞爬])行吗|(?<![很太还更最友美良爱])好吗|成吗)"
    r"[？?]?(?=[，,。.!！]|$)"
)
MIN_WISH = 3  # characters a wish before its ask needs ("这样好吗" asks an opinion, no favour)


def asks_favour(text: str) -> bool:
    """True when a Chinese question asks for a thing to be done or allowed (module doc)."""
    t = text.strip()
    after = _ASK_AFTER.search(t)
    wish = t[: after.start()].strip(" ，,") if after is not None else ""
    if len(wish) >= MIN_WISH and not _INFO_AFTER.match(wish) and not _ASKED.search(wish):
        return True
    m = _ASKED.search(t)
    if m is None:
        if not t.endswith(("吗", "吗？", "吗?", "么？")):
            return False
        m = _MAY.search(t)
        if m is None:
            return False
    rest = _ASK_END.sub("", t[m.end():])
    return len(rest) >= 2 and not _INFO_AFTER.match(rest)
