"""Venue name runs of English text (core.lang.en_names): the words right before a venue-type noun,
capitalized or not ("lovell lodge", "acorn guest house", "whipple museum of the history of science")."""

from __future__ import annotations

from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.en_name_words import (
    CUISINE_WORDS,
    DATE_WORDS,
    GENERIC_VENUE,
    NUMBER_WORDS,
    VALUE_WORDS,
    VENUE_NOUNS,
    VENUE_SINGLE,
    NameSpan,
    Token,
    business_tail,
    is_everyday,
    leading_all,
    name_word,
    spaced,
)


def venue_runs(text: str, toks: list[Token]) -> list[NameSpan]:
    """'lovell lodge', 'acorn guest house': non-everyday words right before a venue-type noun."""
    spans: list[NameSpan] = []
    lows = [t.low for t in toks]
    for idx in range(1, len(toks)):
        if lows[idx] not in VENUE_SINGLE and lows[idx] not in ("guest", "bed", "swimming", "concert", "b&b"):
            continue
        for noun in VENUE_NOUNS:
            parts = noun.split()
            k = len(parts)
            if lows[idx : idx + k] != parts:
                continue
            j = idx - 1
            while (
                j >= 0
                and idx - j <= 3
                and not toks[j + 1].sent_start
                and spaced(text, toks[j], toks[j + 1])
                and toks[j].text.isalpha()
                and lows[j] not in FUNCTION_WORDS
                and lows[j] not in VALUE_WORDS
                and lows[j] not in NUMBER_WORDS
                and lows[j] not in DATE_WORDS
            ):
                j -= 1
            # drop everyday words on the left: "cars sfo international airport" -> "sfo international ..."
            while j < idx - 1 and is_everyday(lows[j + 1]):
                j += 1
            run = lows[j + 1 : idx]
            if not (
                any(name_word(w) for w in run)
                or (noun not in GENERIC_VENUE and any(w in CUISINE_WORDS for w in run))
            ):
                j = idx - 1
            elif leading_all(text, toks, j, parts[-1]):
                j -= 1
            if j < idx - 1:
                end = idx + k - 1
                # "whipple museum of the history of science"
                while (
                    end + 2 < len(toks)
                    and toks[end + 1].low == "of"
                    and spaced(text, toks[end], toks[end + 1])
                ):
                    q = end + 2
                    if toks[q].low == "the" and q + 1 < len(toks):
                        q += 1
                    if (
                        toks[q].low in FUNCTION_WORDS
                        or toks[q].low in DATE_WORDS
                        or not toks[q].text.isalpha()
                    ):
                        break
                    end = q
                    while (
                        end + 2 < len(toks)
                        and toks[end + 1].low == "and"
                        and toks[end + 2].low not in FUNCTION_WORDS
                    ):
                        end += 2
                end = business_tail(text, toks, end)  # "scudamores punting co"
                spans.append(NameSpan(toks[j + 1].start, toks[end].end, "venue"))
            break
    return spans
