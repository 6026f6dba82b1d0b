"""Name runs of English text found by what comes before or around them (core.lang.en_names): the
words after a naming, offering or travel cue, a sentence-initial subject before a verb, 'X vs Y'.
"""

from __future__ import annotations

import re
from functools import cache

from core.lang.en_lexicon import (
    FUNCTION_WORDS,
)
from core.lang.en_name_words import (
    CITY_WORDS,
    CONNECTORS,
    CUES,
    DATE_WORDS,
    GENERIC_TAIL,
    LEXICON_WORDS,
    MEDIA_NOUNS,
    NUMBER_WORDS,
    PLACE_PARTS,
    PLAIN_VALUE_WORDS,
    STRONG_START,
    STRONG_STOP,
    VALUE_WORDS,
    VENUE_SINGLE,
    VERB_AFTER,
    NameSpan,
    Token,
    is_cap,
    is_everyday,
    name_word,
    spaced,
)


@cache
def _cue_regex() -> re.Pattern[str]:
    parts = [rf"(?P<{kind}>\b(?:{p}))" for p, kind in CUES]
    return re.compile(r"(?:" + "|".join(parts) + r")\s+(?:the\s+)?(?=\S)", re.IGNORECASE)


def _name_goes_on(toks: list[Token], j: int, text: str) -> bool:
    """After a strong cue, 'for'/'and'/'of' inside a name ('Leave for work') vs. before a value ('at 6')."""
    if toks[j].low not in ("for", "and", "with", "to", "in", "on", "from") or j + 1 >= len(toks):
        return False
    nxt = toks[j + 1]
    return (
        spaced(text, toks[j], nxt)
        and not nxt.sent_start
        and nxt.text.isalpha()
        and nxt.low not in FUNCTION_WORDS
        and nxt.low not in DATE_WORDS
        and nxt.low not in NUMBER_WORDS
        and nxt.low not in ("me", "us", "you", "please", "now", "today", "tomorrow")
    )


def _cue_ends_a_title(m: re.Match[str], kind: str, tok: Token) -> bool:
    """'on the ... album interest you?': after 'album' / 'track' an everyday lowercase word starts
    no title (the cue noun ended one)."""
    return (
        kind == "strong"
        and re.search(r"(?:album|track)\s*$", m.group(0), re.IGNORECASE) is not None
        and tok.text.islower()
        and is_everyday(tok.low)
    )


def _ends_at_venue_noun(text: str, toks: list[Token], q: int) -> bool:
    """'cookhouse and wine shop?': from toks[q], at most three plain words end in a venue noun that
    closes the clause (punctuation or the end of the text follows), so the part after 'and' / '&'
    is the rest of one venue name, not a second item."""
    for r in range(q, min(q + 3, len(toks))):
        tok = toks[r]
        if (
            tok.sent_start
            or not tok.text.isalpha()
            or tok.low in FUNCTION_WORDS
            or (r > q and not spaced(text, toks[r - 1], tok))
        ):
            return False
        if tok.low in VENUE_SINGLE:
            after = text[tok.end : tok.end + 1]
            return after == "" or after in ".?!,;"
    return False


def _connector_continues(text: str, toks: list[Token], q: int, kind: str) -> bool:
    """After one or two connectors, toks[q] carries the name on ("Bank of America",
    "darrys cookhouse and wine shop")."""
    if q >= len(toks) or toks[q].sent_start:
        return False
    tok = toks[q]
    return (
        name_word(tok.low)
        or (is_cap(tok.text) and tok.low not in FUNCTION_WORDS)
        or (kind == "strong" and tok.text.isalpha() and tok.low not in FUNCTION_WORDS)
        or (kind == "weak" and toks[q - 1].low in ("and", "&") and _ends_at_venue_noun(text, toks, q))
    )


def _stops_cue_run(text: str, toks: list[Token], j: int, first: int, kind: str) -> bool:
    """toks[j] ends the run after a cue: a date word, "I" or "please", a function word (after a
    weak cue, or a strong one unless the name goes on), a digit after the first word."""
    t = toks[j]
    if (
        t.low in DATE_WORDS
        or t.low in ("i", "please")
        or (kind != "strong" and t.low in FUNCTION_WORDS and j > first)
        or (kind == "strong" and t.low in STRONG_STOP and j > first and not _name_goes_on(toks, j, text))
        or (j == first and t.low in FUNCTION_WORDS and t.low not in STRONG_START)
    ):
        return True
    return any(ch.isdigit() for ch in t.text) and (j > first or kind == "travel")


def _next_word_named(text: str, toks: list[Token], j: int) -> bool:
    """'kings lynn', 'Kings Lynn': the next word is a name or city word, cased like this one (so
    an everyday word inside a place name is kept)."""
    t = toks[j]
    nxt = toks[j + 1] if j + 1 < len(toks) and spaced(text, t, toks[j + 1]) else None
    return (
        nxt is not None
        and (name_word(nxt.low) or nxt.low in CITY_WORDS)
        and t.text.islower() == nxt.text.islower()
    )


def _cue_run_end(text: str, toks: list[Token], first: int, kind: str) -> int:
    """The end (exclusive) of the run of words after a cue that starts at first."""
    j = first
    seen_name = False
    while j < len(toks) and j - first < 7:
        t = toks[j]
        if j > first and (t.sent_start or text[toks[j - 1].end : t.start] not in (" ", " & ", "-")):
            break
        if t.low in CONNECTORS and j > first:
            q = j
            while q < len(toks) and q - j < 2 and toks[q].low in CONNECTORS:
                q += 1
            if not _connector_continues(text, toks, q, kind):
                break
            j = q
            continue
        if _stops_cue_run(text, toks, j, first, kind):
            break
        if kind != "strong":
            if t.low in NUMBER_WORDS:
                break
            named = name_word(t.low) or (kind == "travel" and t.low in CITY_WORDS)
            if kind == "travel" and not (
                named
                or t.low in PLACE_PARTS
                or _next_word_named(text, toks, j)
                or (j > first and t.low in VALUE_WORDS)
            ):
                break
            if (
                kind == "weak"
                and seen_name
                and not (named or t.low in LEXICON_WORDS or is_cap(t.text) or t.low in VENUE_SINGLE)
            ):
                break
            seen_name = seen_name or named
        j += 1
    while j > first and toks[j - 1].low in CONNECTORS:
        j -= 1
    return j


def _cue_run_is_name(run: list[Token], kind: str) -> bool:
    """A travel run needs a name or city word; a weak cue's run a word that is no everyday English
    (or two or more words with a lexicon word that is not everyday, not ending generically)."""
    if kind == "travel":
        return any(name_word(t.low) or t.low in CITY_WORDS for t in run)
    if kind != "weak" or any(name_word(t.low) for t in run):
        return True
    if len(run) >= 2 and run[0].low in PLAIN_VALUE_WORDS and run[1].low in MEDIA_NOUNS | GENERIC_TAIL:
        return False  # "how about Mystery movies directed by ...": a kind of the thing, not its name
    return not (
        len(run) < 2
        or run[-1].low in GENERIC_TAIL
        or all(t.low in VALUE_WORDS for t in run)
        or not any(t.low in LEXICON_WORDS and not is_everyday(t.low) for t in run)
    )


# Words that take an infinitive: after them "to" starts a verb ("want to examine ...", "need to annul
# my booking"), not a destination.
_INFINITIVE_TAKERS = frozenset(
    "want wants wanted need needs needed like likes love prefer plan plans planned try tries tried hope "
    "wish intend intends decide decided opt opted able have has had ought used supposed forget forgot "
    "remember trying planning hoping wanting needing".split()
)
# Words after which "to" relates, it does not lead anywhere ("allergic to peanuts", "sensitive to heat")
_RELATION_TO = frozenset(
    "allergic sensitive intolerant averse addicted related similar close next due according prior".split()
)
# Words that open a verb's object: a lowercase word after "to" followed by one is a verb ("to examine
# different alternatives", "to annul my hotel booking"), not a place.
_OBJECT_OPENERS = frozenset(
    "my your our their his her its the a an this that these those it them me us different all some any "
    "every each".split()
)


def _infinitive_to(m: re.Match[str], toks: list[Token], first: int, run: list[Token]) -> bool:
    """A lowercase run after a bare 'to' that is a verb: 'to' follows a word taking an infinitive,
    or the run is one word followed by its object ('to annul my booking'). A capitalised place
    ('need to Boston') is left a destination."""
    if m.group(0).strip().lower() not in ("to", "to the") or any(not t.text.islower() for t in run):
        return False
    before = toks[first - 1] if first > 0 else None
    # the cue itself is toks[first - 1] ("to"); the word before it decides
    prev = toks[first - 2] if first > 1 and before is not None and before.low == "to" else None
    if prev is not None and (prev.low in _INFINITIVE_TAKERS or prev.low in _RELATION_TO):
        return True
    after = toks[first + len(run)] if first + len(run) < len(toks) else None
    return (
        len(run) == 1
        and run[0].low not in CITY_WORDS
        and after is not None
        and not after.sent_start
        and after.low in _OBJECT_OPENERS
    )


def cue_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """The words after a naming, offering or travel cue, up to punctuation or a function word."""
    spans: list[NameSpan] = []
    starts = {t.start: i for i, t in enumerate(toks)}
    for m in _cue_regex().finditer(text):
        kind = m.lastgroup or "weak"
        first = starts.get(m.end())
        if first is None or _cue_ends_a_title(m, kind, toks[first]):
            continue
        j = _cue_run_end(text, toks, first, kind)
        if j == first:
            continue
        run = toks[first:j]
        if not _cue_run_is_name(run, kind) or (kind == "travel" and _infinitive_to(m, toks, first, run)):
            continue
        begin = run[0].start
        if kind != "travel" and m.group(0).lower().rstrip().endswith(" the"):
            begin = m.end() - len(re.search(r"the\s+$", m.group(0), re.IGNORECASE).group(0))
        how = "cue"
        if kind == "travel":
            # a capitalized word after to/from that is no known place is as likely a person ("to Emma")
            placey = any(t.low in CITY_WORDS or t.low in PLACE_PARTS or t.text.islower() for t in run)
            how = "travel" if placey else "cue"
        spans.append(NameSpan(begin, run[-1].end, how))
    return spans


def subject_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """A sentence-initial run before a verb: 'kambar is the club ...', 'the missing sock would suit ...'."""
    spans: list[NameSpan] = []
    for i, t in enumerate(toks):
        if not t.sent_start:
            continue
        first = i + 1 if t.low == "the" else i
        j = first
        while (
            j < len(toks)
            and j - first < 6
            and toks[j].low not in VERB_AFTER
            and (j == i or not toks[j].sent_start)
            and (j == first or spaced(text, toks[j - 1], toks[j]))
            and (toks[j].low not in FUNCTION_WORDS or toks[j].low in CONNECTORS)
        ):
            j += 1
        if (
            j == first
            or j >= len(toks)
            or toks[j].low not in VERB_AFTER
            or not spaced(text, toks[j - 1], toks[j])
        ):
            continue
        run = toks[first:j]
        if (
            any(name_word(r.low) and r.text.islower() for r in run)
            and run[0].low not in CONNECTORS
            and run[0].text.isalpha()
        ):
            spans.append(NameSpan(toks[i].start, run[-1].end, "subject"))
    return spans


def versus_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """'giants vs brewers', 'Nycfc vs Dynamo'."""
    spans: list[NameSpan] = []
    for i, t in enumerate(toks):
        if t.low not in ("vs", "versus", "v") or i == 0 or i + 1 >= len(toks):
            continue
        a = i - 1
        while (
            a - 1 >= 0
            and i - a < 3
            and toks[a - 1].low not in FUNCTION_WORDS
            and not toks[a].sent_start
            and spaced(text, toks[a - 1], toks[a])
            # "is hosting Lafc Vs Atlanta United": a lowercase word before a capitalized side is none of it
            and not (toks[a - 1].text.islower() and is_cap(toks[a].text))
        ):
            a -= 1
        b = i + 1
        while (
            b + 1 < len(toks)
            and b - i < 3
            and toks[b + 1].low not in FUNCTION_WORDS
            and (toks[b + 1].text.islower() == toks[i + 1].text.islower() or name_word(toks[b + 1].low))
            and not toks[b + 1].sent_start
            and spaced(text, toks[b], toks[b + 1])
        ):
            b += 1
        if toks[i - 1].low in FUNCTION_WORDS or toks[i + 1].low in FUNCTION_WORDS:
            continue
        spans.append(NameSpan(toks[a].start, toks[b].end, "versus"))
    return spans
