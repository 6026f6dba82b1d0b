"""A bare hour that replaces the hour of a day-and-hour keeps the day (issue 12, item 2).

"下个礼拜六早上七点" is one value, the day and the hour; "五点半就五点半" then moves the hour only. The
replaced value goes to the history whole, so the day the user still holds was shown only inside
"(was: ...)", a current value shown as replaced. The day comes back as a date fact of its own, in
the user's words ("下个礼拜六", 2027-02-06), beside the new hour; English reads a day and its hour as
two values already, so only a language that joins them says the day's words (LanguageAnalyzer.day_words).
"""

from __future__ import annotations

import re

from core.embed import is_chinese
from core.fact_versions import new_fact
from core.lang.registry import analyzer_for
from core.models import ContextState, Fact, FactCandidate

_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def kept_day(state: ContextState, cur: Fact, cand: FactCandidate) -> Fact | None:
    """The date fact of the day of the user's day-and-hour cur that the bare hour cand replaces, or
    None (module doc): none when the hour's value is not bare, the day is held already, or the
    language says no words of the day."""
    if cur.role != "user" or cur.vtype != "datetime" or cand.vtype != "time":
        return None
    day = _ISO_DAY.match(cur.norm)  # "2026-12-12t07:00": norms are lowercased
    if day is None or day.end() == len(cur.norm) or any(f.norm == day.group(0) for f in state.facts.values()):
        return None
    key = f"{cur.key.rsplit('.', 1)[0]}.date"
    words = analyzer_for("zh" if is_chinese(cur.value) else "en").day_words(cur.value)
    if key in state.facts or not words or not cur.value.startswith(words):
        return None
    evidence = cur.evidence
    if evidence is not None and evidence.start >= 0 and evidence.text.startswith(words):
        evidence = evidence.model_copy(update={"end": evidence.start + len(words), "text": words})
    said = FactCandidate(
        key=key, value=words, norm=day.group(0), strength=cur.strength, kind=cur.kind,
        source_idx=cur.first_idx, role=cur.role, vtype="date", evidence=evidence,
    )  # fmt: skip
    return new_fact(state, said)
