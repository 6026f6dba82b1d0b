"""A name the user picks by a part of it, read back whole by the assistant: "就长乐吧" -> "好的，选择
长乐百万防癌医疗". The user names an offered plan, card or venue by its first words; the assistant's
next turn says the one name that holds them. That name is what the user picked: the user's fact
takes it (the user's words stay an alias), so a later phrase does not leave only the stub.

Only Chinese: there a short form is a clipped name ("长乐", "安康"), while an English part is a word
that many names share.
"""

from __future__ import annotations

from core.alternatives import ENTITY_SLOTS
from core.embed import is_chinese
from core.models import ContextState, Evidence, Fact, FactCandidate


def read_back_name(state: ContextState, cand: FactCandidate) -> str | None:
    """The one name of the assistant's candidate cand (under an entity key, the names it said in a
    list "A, B") that is the user's value for that key: the name itself, when cand lists it among
    others, or the one name that holds it as a strict part ("长乐" in "长乐百万防癌医疗") when the user
    said it in the turn just before. None otherwise (no name or several hold it)."""
    if cand.role != "assistant" or cand.key.rsplit(".", 1)[-1] not in ENTITY_SLOTS:
        return None
    cur = state.facts.get(cand.key)
    if cur is None or cur.role != "user" or cur.status != "active":
        return None
    said = cur.value.strip().lower()
    if len(said) < 2 or ", " in said or not is_chinese(said):
        return None
    items = [i.strip() for i in cand.value.split(", ") if i.strip()]
    same = [i for i in items if i.lower() == said]
    if same:
        return same[0] if len(items) > 1 else None  # the held name among others offered beside it
    fuller = [i for i in items if said in i.lower()]
    return fuller[0] if len(fuller) == 1 and cur.last_idx == cand.source_idx - 1 else None


def complete_name(fact: Fact, name: str, cand: FactCandidate) -> FactCandidate | None:
    """Give the user's fact the whole name the assistant read back (the user's words kept as an
    alias; the evidence moves to the assistant's span when the candidate's evidence is that name).
    Returns the candidate with the other names it listed, still offered, or None for none."""
    if fact.value != name and fact.value not in fact.aliases:
        fact.aliases.append(fact.value)
    fact.value, fact.norm = name, name.lower()
    ev = cand.evidence
    if ev is not None and ev.text == name:
        fact.evidence = Evidence(idx=ev.idx, role="assistant", how="confirmed", start=ev.start, end=ev.end,
                                 text=name, ts=ev.ts)
    rest = [i.strip() for i in cand.value.split(", ") if i.strip() and i.strip() != name]
    if not rest:
        return None
    value = ", ".join(rest)
    return cand.model_copy(update={"value": value, "norm": value.lower(), "evidence": None})
