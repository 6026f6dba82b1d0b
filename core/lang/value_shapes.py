"""Value shapes and cues for core.retired: which values of a user's turns are of one shape (a size
with its unit, a Chinese count with its measure word, an id of one letter/digit shape), and the
Chinese correction cues the analyzers' is_correction leaves out. No import of core.models: a
Retired record is a field of core.models.ContextState."""

from __future__ import annotations

import re

_ZH_DIGITS = "一二两三四五六七八九十百千"
# a size: a number and a storage unit ("800G", "1T", "500 GB", "2tb")
_SIZE = re.compile(r"(?<![0-9A-Za-z_.])\d+(?:\.\d+)?\s*(?:[KMGTP](?:i?B)?|[kmgtp]i?b)(?![A-Za-z])")
# a Chinese count and its measure word ("20个人", "三张", "两桌"); a date, time or money unit is none
_MEASURE = "个人|个|位|名|人|张|桌|间|晚|夜|箱|台|件|份|辆|套|本|瓶|盒|条|只|双|杯|层"
_ZH_COUNT = re.compile(rf"(?<![\d{_ZH_DIGITS}.])(?:\d+|[{_ZH_DIGITS}]+)\s*(?:{_MEASURE})")
# an id: letters and digits joined by - _ . / or : ("eu-central-1", "v2.14.0"), both kinds in it
_ID_CHAR = r"[0-9A-Za-z_\-./:]"
_ID = re.compile(
    rf"(?<!{_ID_CHAR})(?={_ID_CHAR}*\d)(?={_ID_CHAR}*[A-Za-z])[A-Za-z0-9]+(?:[-_./:][A-Za-z0-9]+)+"
)
# the Chinese cues the shared correction cue leaves out: "等下，" (wait,), 改 before a count
# ("改三桌"), a new total ("一共四张", "总共180人")
_ZH_CUE = re.compile(
    rf"^等(?:一)?下|[，,]\s*等(?:一)?下|等等[，,]|(?<!修)改(?=[\d{_ZH_DIGITS}])|[一总]共(?=[\d{_ZH_DIGITS}])"
)


def _shape_of_id(token: str) -> str:
    return re.sub(r"\d+", "9", re.sub(r"[A-Za-z]+", "a", token))


def shaped_values(text: str) -> list[tuple[str, str]]:
    """The (shape, value) pairs of text: sizes, Chinese counts keyed by their measure word, ids
    keyed by their letter/digit shape."""
    out = [("size", m.group(0)) for m in _SIZE.finditer(text)]
    for m in _ZH_COUNT.finditer(text):
        measure = m.group(0).lstrip(f"0123456789{_ZH_DIGITS} ")
        out.append((f"count:{measure[:1]}", m.group(0)))
    sized = {v for _, v in out}
    ids = [m.group(0) for m in _ID.finditer(text)]
    out += [(f"id:{_shape_of_id(v)}", v) for v in ids if v not in sized]
    return out


def extra_correction_cue(text: str) -> bool:
    """True for the Chinese correction cues is_correction leaves out: "等下，" (wait,), 改 right
    before a count ("改三桌"), a new total ("一共四张", "总共180人")."""
    return bool(_ZH_CUE.search(text))
