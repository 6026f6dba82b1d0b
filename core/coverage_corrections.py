"""The later corrections a user clause meets, for the coverage check (core.coverage): whether a
correction speaks of what the clause speaks of, which value types and numbers it states anew, and
which parts of the clause no correction touched. A correction is (turn, its topic words, its value
types, its text).
"""

from __future__ import annotations

import re

from core.models import Atom
from core.shown import PART_CUT, WEAK_TYPES, content_units, content_unshown, topic_words
from core.value_groups import passes_by

MIN_PART_UNITS = 2  # an untyped part of a typed clause ("要海景房") is kept from this many units
NUMBER = re.compile(r"(?<![A-Za-z0-9_#/-])\d+(?:[.:]\d+)?(?![A-Za-z0-9_/-])")

Corrections = list[tuple[int, set[str], set[str], str]]


def corrected_later(atom: Atom, corrections: Corrections) -> bool:
    """True when a later correction of the user speaks of what the clause speaks of ("菜要肥牛两份" then
    "肥牛改成三份吧"): the clause holds the old value, and its correction shows the new one. A
    correction that cannot hold the clause's old value does not count (core.value_groups)."""
    units = topic_words(atom.text)
    return any(
        idx > atom.msg_idx and units & said and not passes_by(atom, types, text)
        for idx, said, types, text in corrections
    )


def corrected_part(atom: Atom, part: str, corrections: Corrections) -> bool:
    """True when a later correction speaks of the words of part, an untyped part of atom's clause:
    a correction of the clause's topic ("改成下午3点") leaves the parts it does not speak of owed."""
    return corrected_later(atom.model_copy(update={"text": part, "entities": []}), corrections)


def restated_types(atom: Atom, corrections: Corrections) -> set[str]:
    """The value types a later correction about the same thing states anew ("每小时最多 5 条" then
    "每小时改成 10 条": a count): the clause's values of those types are replaced, not missing."""
    units = set(content_units(atom.text))
    return {t for idx, said, types, _ in corrections if idx > atom.msg_idx and units & said for t in types}


def number_corrected(atom: Atom, corrections: Corrections) -> bool:
    """True when a later correction about the same thing names a number of the clause beside a new
    one ("每 500 行写一次" then "每批改成 1000 行吧，500 太碎了"): the clause states the old value, even
    where the parser typed no entity of it, and its correction shows the new one."""
    numbers = set(NUMBER.findall(atom.text))
    units = set(content_units(atom.text))
    for idx, said, _, text in corrections:
        named = set(NUMBER.findall(text))
        if idx > atom.msg_idx and units & said and numbers & named and named - numbers:
            return True
    return False


def uncorrected_parts(atom: Atom, corrections: Corrections, low: str) -> list[str]:
    """The parts of a clause (cut at commas) that hold a number no later correction named as the
    old value, and whose words the context low does not show ("规则是同一个手机号每分钟最多 1 条" of
    "...每分钟最多 1 条，每小时最多 5 条" after "每小时改成 10 条，5 条太少了")."""
    parts = [x.strip() for x in PART_CUT.split(atom.text)]
    if len(parts) < 2:
        return []
    named = {n for idx, _, _, text in corrections if idx > atom.msg_idx for n in NUMBER.findall(text)}
    return [
        part
        for part in parts
        if NUMBER.search(part)
        and not set(NUMBER.findall(part)) & named
        and content_unshown(part, low, MIN_PART_UNITS)
    ]


def valued_parts(atom: Atom) -> str:
    """The parts of a correction (cut at commas) that hold one of its values (an entity, a number):
    what it changes ("那 worker 数从 8 改成 4 试试" of "...，批量还是关着", whose last part restates
    what stays). The whole clause when no part holds one."""
    parts = [x for x in PART_CUT.split(atom.text) if x.strip()]
    values = [e.text for e in atom.entities if e.text and e.type not in WEAK_TYPES]
    valued = [x for x in parts if NUMBER.search(x) or any(v in x for v in values)]
    return "，".join(valued) if valued else atom.text
