"""Lowercase names the assistant offers in the position of a name (core.lang.en_names): dialogue text
often writes a venue's name in everyday lowercase words ("university arms hotel", "old schools"),
which neither capitalisation nor the not-everyday-word rules catch. The position tells instead:
"how does X sound?", "I recommend X. It is ...", "I think X would be perfect".
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS
from core.lang.en_name_words import GENERIC_TAIL, LEXICON_WORDS, VALUE_WORDS, NameSpan

_WORDS = r"(?P<n>[a-z][a-z'’]*(?:\s+[a-z][a-z'’]*){0,3})"
# a clause right after that describes the thing just named ("It is located in ...", "they're ...")
_DESCRIBED = r"\s*[.,;!]\s*(?:it|they|this|which)(?:\s+(?:is|are|has|have|offers?)|['’](?:s|re))\b"
_OFFERED = (
    re.compile(rf"\bhow\s+(?:does|do|would)\s+(?:the\s+)?{_WORDS}\s+sound\b", re.I),
    re.compile(
        rf"\b(?:recommend|suggest|how\s+about|what\s+about)\s+(?:the\s+)?{_WORDS}(?={_DESCRIBED})", re.I
    ),
    re.compile(
        rf"\b(?:i\s+think|perhaps|maybe)\s+(?:the\s+)?{_WORDS}\s+(?:would|will)\s+be\s+"
        r"(?:perfect|great|ideal|a\s+good|a\s+great|a\s+nice|a\s+lovely)\b",
        re.I,
    ),
)

# a sentence that opens with the offered thing and says it is one more pick: "Rain is another popular
# option.", "Tide is also popular.", "Cotto is also a good choice": the subject is a name even when it
# is one everyday word, which capitalisation at a sentence start cannot tell
_ANOTHER = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?P<n>[A-Za-z0-9][\w'’&-]*(?:\s+[\w'’&-]+){0,3}?)\s+(?:is|are)\s+"
    r"(?:also\s+(?:an?\s+|very\s+|quite\s+)?|another\s+)"
    r"(?:popular|good|great|nice|fine|lovely|excellent|option|choice|pick|alternative)\b"
)


def _name_like(words: list[str]) -> bool:
    """Two to four lowercase words, none a grammar word, a price or an area word, not all words of
    the value lexicons ("cheap italian", "chinese restaurant" are a search, not a name) nor all
    generic nouns."""
    return (
        2 <= len(words) <= 4
        and all(w.islower() for w in words)
        and not any(w in FUNCTION_WORDS or w in VALUE_WORDS for w in words)
        and not all(w in LEXICON_WORDS or w in GENERIC_TAIL for w in words)
    )


def offered_runs(text: str) -> list[NameSpan]:
    """The lowercase runs the assistant offers in the position of a name (see the module doc)."""
    spans: list[NameSpan] = []
    for rx in _OFFERED:
        for m in rx.finditer(text):
            if _name_like(m.group("n").split()):
                spans.append(NameSpan(m.start("n"), m.end("n"), "cue"))
    for m in _ANOTHER.finditer(text):
        words = m.group("n").lower().split()
        if not any(w in FUNCTION_WORDS for w in words):
            spans.append(NameSpan(m.start("n"), m.end("n"), "cue"))
    return spans
