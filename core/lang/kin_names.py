"""The relative a name is given for: "我老婆，吴佳", "my wife, Sarah Lee", "my son is called Tom" (for
core.value_roles). Only a relative word right before the name counts: one a verb stands between
("我爸要做白内障手术") names no one."""

from __future__ import annotations

import re

from core.lang.registry import analyzer_for

REACH = 12  # characters before a name a relative word may stand in ("my wife, " and a space)
# what may stand between a relative word and the name: a pause, "叫" / "是" / "is" / "named"
_NAME_LEAD = re.compile(r"(?:[\s,，:：]|叫|是|\bis\b|\bnamed\b|\bcalled\b)*$", re.IGNORECASE)


def kin_before_name(lang: str, before: str) -> str:
    """The relative word ("wife", "老婆") that the text right before a name ends with, else ''."""
    near = _NAME_LEAD.sub("", before[-REACH:])
    kin = analyzer_for(lang).kin_named(near)
    return kin if kin and near.lower().endswith(kin) else ""
