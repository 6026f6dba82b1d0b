"""When two written values are one value: word containment, spelling variants, abbreviations, the
same day of the month with and without the month. Shared by extract (a correction naming the old
value beside the new) and merge (refresh or replace)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from core.embed import is_chinese
from core.lang.cues import any_language
from core.models import Atom

_WORD = re.compile(r"\w+", re.U)
# normalized dates and times ("2026-03-02", "2026-03-02T15:00", "15:00"): equal or not, never "contained"
_ISO_WHEN = re.compile(r"\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d(?::\d\d)?)?|\d{1,2}:\d\d(?::\d\d)?")
_ISO_MONTH = re.compile(r"\d{4}-\d\d")  # a year and month, alone or opening a date
_DIGIT = re.compile(r"\d")


_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
HALF_DAY = 12 * 60  # minutes: a 12-hour clock's hour read in the afternoon is this much later


def clock_minutes(norm: str) -> int | None:
    """Minutes after midnight of a normalised clock time ("18:00" -> 1080); None for anything else."""
    hit = _CLOCK.fullmatch(norm.strip())
    return int(hit.group(1)) * 60 + int(hit.group(2)) if hit else None


def same_value(a: str, b: str) -> bool:
    """True when two normalized values name the same thing: 'worth house' ~ 'the worth house',
    'toronto pearson airport' ~ 'toronto pearson international airport', '1 room' ~ '1 rooms'.

    The words of the shorter (plural s dropped, articles ignored) must all occur in the longer, as
    many times (so '2026-01-01' is not in '2026-01-02'); normalized dates and times must be equal."""
    if a == b:
        return True
    if " | " in a or " | " in b or (_ISO_WHEN.fullmatch(a) and _ISO_WHEN.fullmatch(b)):
        return False
    if _ISO_WHEN.fullmatch(a) or _ISO_WHEN.fullmatch(b):
        # a date or time against a list of them ("15:00" ~ "15:10, 16:00"): the same only when one
        # of the items is that very value, never by shared digits
        single, other = (a, b) if _ISO_WHEN.fullmatch(a) else (b, a)
        return single in (item.strip() for item in re.split(r"[,;]", other))
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return False
    short, long_ = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    bare = len(short) == 1 and short[0].isdigit() and long_[0] == short[0]
    if bare and not any(map(_DIGIT.search, long_[1:])):
        return True  # "3" ~ "3 people": the number said again without its unit
    if len("".join(short)) < 3 or is_chinese(a) != is_chinese(b):
        return False
    if not Counter(short) - Counter(long_) or (len(wa) == len(wb) and all(map(_spelling_variant, wa, wb))):
        return True
    pairs = list(zip(wa, wb, strict=False))
    if len(wa) == len(wb) and any(x == y for x, y in pairs) and all(_word_or_short(x, y) for x, y in pairs):
        return True  # "london liverpool st" ~ "london liverpool street": a word and its abbreviation
    return _spelling_variant("".join(wa), "".join(wb))  # "guest house" ~ "guesthouses", "night club"


# a normalized bound ">=4", "<=500 cny", "~200 cny", or a range "700-800 cny", "pt3h-pt4h"
_BOUND_PREFIX = re.compile(r"^(?:>=|<=|~)")
_RANGE = re.compile(r"\d\w*\s*-\s*[a-z]{0,2}\d", re.I)


def lead_words(value: str) -> str:
    """The words of a value before its first digit ("after " of "after 13:30", "" of "13:30"): the
    bound a value is said with when the bound is part of its words."""
    return _DIGIT.split(value, maxsplit=1)[0]


def bound_norm(norm: str) -> bool:
    """True when a normalized value is a bound or a range of amounts, ratings or durations (an ISO
    date, "2026-03-02", is a point, not a range)."""
    return bool(_BOUND_PREFIX.search(norm) or (_RANGE.search(norm) and not _ISO_MONTH.search(norm)))


def _spelling_variant(a: str, b: str) -> bool:
    """The same word spelled another way: one edit or one swap apart in a word of 5+ letters
    ('centre' ~ 'center', 'theatre' ~ 'theater')."""
    if a == b:
        return True
    if min(len(a), len(b)) < 5 or abs(len(a) - len(b)) > 1 or _has_digit(a + b):
        return False  # numbers, times, codes differ by one character and are different values
    return _edit_distance(a, b) <= 1


def _word_or_short(a: str, b: str) -> bool:
    """The same word, spelled another way or abbreviated: 'st' ~ 'street', 'rd' ~ 'road', 'ave' ~
    'avenue' (the short form's letters, first and last kept, in order in a longer word)."""
    if _spelling_variant(a, b):
        return True
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if not (2 <= len(short) <= 4 < len(long_)) or _has_digit(a + b) or short[0] != long_[0]:
        return False
    if not (long_.startswith(short) or short[-1] == long_[-1]):
        return False
    rest = iter(long_)
    return all(ch in rest for ch in short)


def _has_digit(text: str) -> bool:
    return any(ch.isdigit() for ch in text)


def _edit_distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one)."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cost = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, prev2[j - 2] + 1)
            cur.append(cost)
        prev2, prev = prev, cur
    return prev[-1]


def same_surface(a: str, b: str) -> bool:
    """True when two written values are one value said two ways, though their normalized forms
    differ: an abbreviation and its words ("NY" ~ "New York"), or the same day of the month with
    and without the month ("the 11th" ~ "March 11th", "11号" ~ "3月11号")."""
    a, b = a.strip(), b.strip()
    for short, long_ in ((a, b), (b, a)):
        words = re.findall(r"[A-Za-z]+", long_)
        if short.isalpha() and short.isupper() and 2 <= len(short) == len(words) >= 2:
            return short.lower() == "".join(w[0] for w in words).lower()
    cues = any_language()
    day_a, day_b = cues.day_of_month(a), cues.day_of_month(b)
    if day_a and day_b and day_a.day == day_b.day:
        return not (_names_month(a) and _names_month(b))
    return False


def _names_month(text: str) -> bool:
    return bool(any_language().names_month(text) or _ISO_MONTH.search(text))


def without_article(value: str) -> str:
    """value without its leading article: "the Cambridge Belfry" -> "Cambridge Belfry", "The Ridge 4"
    -> "Ridge 4"."""
    first, sep, rest = value.partition(" ")
    return rest if sep and rest.strip() and any_language().is_article(first.lower()) else value


def _words(value: str) -> list[str]:
    words = [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in _WORD.findall(value)]
    cues = any_language()
    return [w for w in words if not cues.is_article(w)]


def substitutes_replaced(atom: Atom, old_values: Iterable[str]) -> bool:
    """True for a correction clause whose substitution negation ("3 nights instead of 2", "rather
    than Y") names one of old_values, the values the correction replaced: its "not Y" is already
    the fact's history, so it is neither a constraint to keep nor a clause the context must show.
    A substitution that replaced nothing ("tea rather than coffee") is a real dislike: False."""
    neg = atom.negation
    target = neg.target.strip().lower() if neg is not None else ""
    if neg is None or not neg.substitution or atom.kind != "correction" or not target:
        return False
    word = re.compile(rf"(?<!\w){re.escape(target)}(?!\w)")
    return any(word.search(old.lower()) for old in old_values)


def day_in_month(held: str, said: str) -> bool:
    """True when said is a month alone ("2027-03", from "the end of March") and held a day in it
    ("2027-03-31", from "31 March"): the month said again, not another date."""
    return bool(_ISO_MONTH.fullmatch(said)) and held.startswith(said + "-")
