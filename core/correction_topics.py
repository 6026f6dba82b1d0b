"""Which of two held values of one attribute a user's correction speaks of, by the words of the
clauses they were said in (issue 12, item 2: a value replaces another only with evidence that it is
the same attribute).

A correction keyed by its type alone (a date) while the attribute is held twice (the day the helper
starts, "育儿嫂从2月初上户", and a later interview day, "下周二下午，视频面试") changes the later one by
default (core.tasks.corrected_key). When the correction's clause shares words with the earlier
value's clause and none with the later one's ("育儿嫂1月29号就要来"), it names the earlier one. Only the
part of each clause that holds the value counts (cut at its commas).
"""

from __future__ import annotations

from core.models import Evidence, Fact, FactCandidate
from core.shown import PART_CUT, topic_words


def clause_topics(evidence: Evidence | None, whole: bool = False) -> set[str]:
    """The topic words of the part of its clause a value was said in (cut at commas: a long opening
    clause speaks of many things; whole: the whole clause), without the value's own words."""
    if evidence is None or not evidence.clause or not evidence.text:
        return set()
    parts = [evidence.clause] if whole else PART_CUT.split(evidence.clause)
    part = next((x for x in parts if evidence.text in x), "")
    return topic_words(part.replace(evidence.text, " "))


def speaks_of_first(first: Fact, second: Fact, cand: FactCandidate) -> bool:
    """True when cand's clause shares topic words with first's clause and none with second's."""
    said = clause_topics(cand.evidence)
    return bool(said & clause_topics(first.evidence)) and not said & clause_topics(second.evidence)
