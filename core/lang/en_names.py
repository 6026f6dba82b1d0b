"""Proper names in English text: venues, people, titles, events, places.

Three phenomena, each a rule:
- capitalized runs ("The Golden Curry", "Whipple Museum of the History of Science", "Nycfc vs Dynamo",
  "Dr. Vahid Feiz", "25 Lusk"), minus sentence-initial everyday words ("Can", "The restaurant");
- lowercase names before a venue-type noun ("lovell lodge", "acorn guest house");
- lowercase names after a naming cue ("a place called ali baba", "the name is bridge guest house").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.lang.en_lexicon import (
    AREAS,
    COMMON_WORDS,
    CUISINES,
    MONTHS,
    PRICE_WORDS,
    TENS,
    UNITS,
    VENUE_TYPES,
    WEEKDAYS,
)

_TOKEN = re.compile(r"(?:[A-Za-z]\.){2,}|[A-Za-z0-9À-ÿ]+(?:['’][A-Za-z]+)*(?:[-][A-Za-z0-9À-ÿ]+)*|&")
_CONNECTORS = frozenset("of the and & de del la le du da di von van der den at on in vs vs. y for a an "
                        "by to with".split())
_ABBREV = frozenset("dr mr mrs ms st mt ft jr sr prof rev gen col capt lt sgt".split())
_SUFFIX_AFTER_COMMA = frozenset("md m.d. jr sr inc llc ltd phd dds dmd co corp".split())
# Words that start a sentence as grammar, never as part of a name that follows.
_STARTERS = frozenset(
    """i i'm i'd i'll i've is are was were am be can could would will shall should may might must do
    does did have has had what when where which who whom whose why how yes yeah yep no nope not ok okay
    sure thanks thank please hi hello hey bye goodbye great good perfect alright awesome excellent fine
    cool wonderful so and but or also then actually sorry unfortunately well oh ah um hmm just now if
    as because since while although though that this these those there here it its it's my your our
    their his her we they you he she me us them find book search reserve get make show tell give help
    let let's check look see try go need want like would could any some all every each no none one
    how's what's where's there's that's here's who's i'll we'll you'll they'll ok, glad from to for in
    on at with by of about after before between into over under up down out via per than""".split()
)
_DATE_WORDS = frozenset([*WEEKDAYS, *MONTHS, "today", "tomorrow", "tonight", "yesterday"])
_NUMBER_WORDS = frozenset([*UNITS, *TENS, "hundred", "thousand"])
_NAMING_CUES = re.compile(
    r"\b(?:called|named|name\s+is|name\s+was|name's|known\s+as|titled|entitled)\s+", re.IGNORECASE)
_LEXICON_WORDS = frozenset(w for phrase in [*PRICE_WORDS, *AREAS] for w in phrase.split())
_CUISINE_WORDS = frozenset(CUISINES)
_VENUE_NOUNS = tuple(sorted(VENUE_TYPES, key=len, reverse=True))
_GENERIC_VENUE = frozenset("restaurant restaurants place places hotel hotels house homes hall centre center "
                           "station airport terminal bar pub cafe club park parks pool attraction "
                           "attractions college colleges museum museums theatre theater cinema "
                           "cinemas church churches gallery galleries spa gym school market".split())


@dataclass(frozen=True)
class NameSpan:
    """A proper-name span: offsets and how it was found ('caps', 'venue', 'cue')."""

    start: int
    end: int
    how: str


@dataclass(frozen=True)
class _Tok:
    text: str
    start: int
    end: int
    sent_start: bool


def _tokens(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    prev_end = 0
    prev_text = ""
    for m in _TOKEN.finditer(text):
        gap = text[prev_end : m.start()]
        boundary = not toks or bool(re.search(r"[!?:;\n\"“(]|\.(?!\w)", gap))
        if boundary and toks and "." in gap and not re.search(r"[!?:;\n\"“(]", gap):
            # "Dr. Vahid", "B. Scott": the period ends an abbreviation or an initial, not a sentence
            if prev_text.lower() in _ABBREV or (len(prev_text) == 1 and prev_text.isupper()):
                boundary = False
        toks.append(_Tok(m.group(0), m.start(), m.end(), boundary))
        prev_end, prev_text = m.end(), m.group(0)
    return toks


def _is_cap(tok: str) -> bool:
    return tok[:1].isupper() or (tok[:1].isdigit() and any(c.isalpha() for c in tok) and tok[-1:].isupper())


def _cap_word(tok: _Tok, nxt: _Tok | None) -> bool:
    """Whether tok can be part of a capitalized name run."""
    t = tok.text
    low = t.lower()
    if not _is_cap(t):
        return False
    if low in ("i", "i'm", "i'd", "i'll", "i've") or low in _DATE_WORDS:
        return False
    if low in ("am", "pm") or (t.isupper() and low in ("am", "pm", "ok")):
        return False
    if tok.sent_start:
        if low in _STARTERS and not (low == "the" and nxt is not None and _is_cap(nxt.text)):
            return False
        if low in COMMON_WORDS and low != "the":
            return nxt is not None and _is_cap(nxt.text) and nxt.text.lower() not in _STARTERS and \
                not nxt.sent_start
    return True


def _gap_ok(text: str, a: _Tok, b: _Tok) -> bool:
    gap = text[a.end : b.start]
    if gap in (" ", "-", " - ", " & "):
        return True
    if gap == ". " and (a.text.lower() in _ABBREV or (len(a.text) == 1 and a.text.isupper())):
        return True
    return gap in (", ", " , ") and b.text.lower().replace(".", "") in {s.replace(".", "") for s in _SUFFIX_AFTER_COMMA}


def _caps_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    spans: list[NameSpan] = []
    i, n = 0, len(toks)
    while i < n:
        nxt = toks[i + 1] if i + 1 < n else None
        lead_digit = toks[i].text[:1].isdigit() and nxt is not None and _is_cap(nxt.text) \
            and text[toks[i].end : nxt.start] == " " and not nxt.sent_start and len(toks[i].text) <= 4
        if not (_cap_word(toks[i], nxt) or lead_digit):
            i += 1
            continue
        j = i
        last_cap = i
        while j + 1 < n:
            b = toks[j + 1]
            if b.sent_start or not _gap_ok(text, toks[j], b):
                break
            if _cap_word(b, toks[j + 2] if j + 2 < n else None) and not b.sent_start:
                j += 1
                last_cap = j
                continue
            # up to two lowercase connectors between capitalized words: "Museum of the History"
            k = j + 1
            while k < n and k - j <= 2 and toks[k].text.lower() in _CONNECTORS and toks[k].text.islower() \
                    and _gap_ok(text, toks[k - 1], toks[k]):
                k += 1
            if k > j + 1 and k < n and _gap_ok(text, toks[k - 1], toks[k]) and _is_cap(toks[k].text) \
                    and toks[k].text.lower() not in _DATE_WORDS and toks[k].text != "I":
                j = k
                last_cap = j
                continue
            break
        start_tok = toks[i]
        # a lowercase "the" just before the run belongs to many venue names ("the Lucky Star")
        begin = start_tok.start
        if i > 0 and toks[i - 1].text.lower() == "the" and text[toks[i - 1].end : start_tok.start] == " ":
            begin = toks[i - 1].start
        if not (last_cap == i and toks[i].text.lower() == "the"):
            spans.append(NameSpan(begin, toks[last_cap].end, "caps"))
        i = last_cap + 1
    return spans


def _name_word(low: str) -> bool:
    """A lowercase word that can belong to a name: not everyday English, not a value word."""
    return (low not in COMMON_WORDS and low not in _LEXICON_WORDS and low not in _NUMBER_WORDS
            and low not in _DATE_WORDS and not low.isdigit() and len(low) > 1)


def _venue_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """'lovell lodge', 'acorn guest house': non-everyday words right before a venue-type noun."""
    spans: list[NameSpan] = []
    low_toks = [t.text.lower() for t in toks]
    for idx in range(1, len(toks)):
        for noun in _VENUE_NOUNS:
            parts = noun.split()
            k = len(parts)
            if low_toks[idx : idx + k] != parts:
                continue
            j = idx - 1
            while j >= 0 and idx - j <= 3 and not toks[j + 1].sent_start and \
                    text[toks[j].end : toks[j + 1].start] == " " and toks[j].text.isalpha() and \
                    (_name_word(low_toks[j]) or (low_toks[j] in _CUISINE_WORDS and noun not in _GENERIC_VENUE)):
                j -= 1
            if j < idx - 1:
                spans.append(NameSpan(toks[j + 1].start, toks[idx + k - 1].end, "venue"))
            break
    return spans


def _cue_runs(text: str, toks: list[_Tok]) -> list[NameSpan]:
    """'called ali baba': the words after a naming cue up to punctuation or an everyday word."""
    spans: list[NameSpan] = []
    for m in _NAMING_CUES.finditer(text):
        first = next((i for i, t in enumerate(toks) if t.start >= m.end()), None)
        if first is None:
            continue
        j = first
        while j < len(toks) and j - first < 6:
            low = toks[j].text.lower()
            if j > first and (toks[j].sent_start or text[toks[j - 1].end : toks[j].start] not in (" ", " & ")):
                break
            if low in ("the", "a", "an") and j == first:
                j += 1
                continue
            if low in _CONNECTORS and j > first and j + 1 < len(toks) and _name_word(toks[j + 1].text.lower()):
                j += 1
                continue
            if not (_name_word(low) or low in _CUISINE_WORDS or low in _VENUE_NOUNS):
                break
            j += 1
        if j > first and not (j == first + 1 and toks[first].text.lower() in ("the", "a", "an")):
            spans.append(NameSpan(toks[first].start, toks[j - 1].end, "cue"))
    return spans


@lru_cache(maxsize=8192)
def find_names(text: str) -> tuple[NameSpan, ...]:
    """Every proper-name span found by the three rules (overlaps allowed; the caller keeps the longest)."""
    toks = _tokens(text)
    if not toks:
        return ()
    return tuple(_caps_runs(text, toks) + _venue_runs(text, toks) + _cue_runs(text, toks))
