"""The role a value plays in its clause and turn (issue 12, item 2: a value replaces another only
with evidence that it is the same attribute; two roles of one slot coexist).

- Whom a personal value belongs to: a phone number or an e-mail said next to a person ("妈妈马婷，
  136...", "emergency contact: Bob Smith, bob@x.com") is that person's; another person's number
  is another attribute, not a new value of the first.
- Which values a correction cue governs: a turn of several clauses with the cue in one of them
  ("陈总刚说那天上午有会，改成周四下午那个") corrects what that clause names; a value said in an earlier
  clause of the turn without the cue is merely said.
- Which role an amount has: the noun or verb next to it names it (a bill, an estimate, a saving, an
  add-on's price, a deposit: core.lang), so amounts of different roles coexist; an amount said
  with no role word that equals a held amount of a role ("the £312 won't be taken" after "my bill
  is £312") is that amount mentioned again, never a new value of the plain amount slot.
- Which role a question names: the assistant asking for an attribute the user already gave ("Which
  city will you apply in?" after "a conference in Lyon") asks for another role of it; the user's
  bare answer fills that role beside the first value.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from core.lang.cues import any_language
from core.lang.kin_names import kin_before_name
from core.lang.registry import analyzer_for
from core.models import Atom, ContextState, Fact, FactCandidate, OfferedChoice

# value types that belong to one person: another person's is another attribute
PERSONAL_TYPES = frozenset({"phone", "email"})
_WORD = re.compile(r"\w")
# the plain slots an amount with no role word lands on (core.slot_keys), and the roles an amount's
# noun names (core.lang attribute_numbers)
_PLAIN_AMOUNT = frozenset({"amount", "price"})
AMOUNT_ROLES = frozenset({"total", "fee", "deposit", "due", "refund", "bill", "estimate", "saving", "extra"})
# where a clause's parts meet: Chinese punctuation, or ASCII punctuation before a space
_PART_END = re.compile(r"[\uff0c\uff1b\u3002\uff01\uff1f]|[,;!?](?=\s)|\.(?=\s)")


def owner_of(atom: Atom, i: int) -> str:
    """Whom entity i of the clause belongs to when it is a personal value (PERSONAL_TYPES): the
    nearest person named before it in the clause, else the nearest relative word ("mum", "爸爸");
    "" when none is named or the value is of another type."""
    ent = atom.entities[i]
    if ent.type == "name" and ent.start >= 0:
        # a name right after a relative word ("我老婆，吴佳", "my wife, Sarah Lee") is that person's;
        # one a verb stands between ("我爸要做白内障手术") is not
        return kin_before_name(atom.lang, atom.text[: ent.start])
    if ent.type not in PERSONAL_TYPES or ent.start < 0:
        return ""
    for prev in reversed(atom.entities[:i]):
        if prev.type == "name" and 0 <= prev.start < ent.start:
            return prev.text.strip().lower()
    return analyzer_for(atom.lang).kin_named(atom.text[: ent.start])


def owners_from_clause_before(facts: list[FactCandidate], atoms: Sequence[Atom]) -> None:
    """Give a personal value said alone in its clause ("Me, Walt Hendricks. 616-555-0193.") the
    person the clause before it in the turn names last (in place): the number is that person's, so
    a neighbour's number said so later ("Phyllis Danforth can take it. 352-555-0167.") stands beside
    the user's instead of replacing it."""
    before: dict[str, str] = {}
    last = ""
    for atom in atoms:
        before.setdefault(atom.text, last)
        names = [e.text.strip().lower() for e in atom.entities if e.type == "name" and e.text.strip()]
        last = names[-1] if names else last
    for cand in facts:
        ev = cand.evidence
        if ev is None or ev.owner or cand.vtype not in PERSONAL_TYPES or not ev.text:
            continue
        if not _WORD.search(ev.clause.replace(ev.text, " ")):  # the clause says the value and nothing else
            cand.evidence = ev.model_copy(update={"owner": before.get(ev.clause, "")})


def other_owner(cur: Fact, cand: FactCandidate) -> bool:
    """True when cur and cand are personal values of two different people named with them: two
    attributes (the mother's phone and the father's), whatever cue the turn has."""
    old, new = cur.evidence, cand.evidence
    if old and new and cur.vtype == cand.vtype == "name" and old.role == new.role == "user":
        # the user's own name and a relative's named as such are two people's
        return old.owner != new.owner
    return bool(old and new and old.owner and new.owner and old.owner != new.owner)


def corrected_from(atom: Atom, is_correction: Callable[[str], bool]) -> int:
    """Where in a correction clause the values the cue governs start: the start of the first part
    of the clause (cut at punctuation) that has both the cue and a value; 0 when the cue's part has
    no value of its own ("actually, 5 people": the cue governs what follows it) or no part alone
    has the cue. is_correction: the clause's language test of a correction cue."""
    starts = [0] + [m.end() for m in _PART_END.finditer(atom.text)]
    ends = [m.start() for m in _PART_END.finditer(atom.text)] + [len(atom.text)]
    for a, b in zip(starts, ends, strict=True):
        if not is_correction(atom.text[a:b]):
            continue
        return a if any(a <= e.start < b for e in atom.entities) else 0
    return 0


def _question_answered(state: ContextState, cur: Fact, cand: FactCandidate) -> OfferedChoice | None:
    """The assistant's question of the turn just before cand when cand, with no correction cue, is
    the user's answer to it and cur is the user's own value; else None."""
    q = state.offered_choice
    if cand.role != "user" or cand.correction or cur.role != "user" or q is None or not q.question:
        return None
    return q if q.idx == cand.source_idx - 1 else None


def asks_another_role(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when cand is the user's answer, with no correction cue, to the assistant's question just
    before it that asks for cand's attribute by name ("Which city will you apply in?", "哪个城市办理？")
    while the user's value of it (cur) was said earlier and the question does not name it: the
    assistant asks for another role of the attribute, so the answer stands beside cur."""
    q = _question_answered(state, cur, cand)
    if q is None or q.options or cur.last_idx >= q.idx:
        return False
    question = q.question.lower()
    if cur.value.strip().lower() in question or state.none_found_idx >= cur.last_idx:
        return False  # a read-back of the held value, or a search for it found nothing since
    slot = cand.key.split(".", 1)[-1]
    return any_language().asks_by_name(q.question, slot)


def answers_added_item(state: ContextState, cur: Fact, cand: FactCandidate) -> bool:
    """True when cand is the user's answer, with no correction cue, to the assistant's question just
    before it that offers to add something beside what is held ("Would you like to add a one-off gift
    as well?", "另外还要加一份吗？"), taking the offer ("Yes, fifty pounds for the night nurses"), while
    cur was said before the question: the value is of the thing added, so both stand beside each
    other. A question naming a number ("the car from March 10th too?") asks whether a value applies
    as well, and an answer that does not say yes ("It should be a guest house" after "a price range as
    well?") gives a value of what is in play."""
    q = _question_answered(state, cur, cand)
    if q is None or cur.first_idx >= q.idx:
        return False  # (the question may read cur back: "Twenty pounds a month it is. ... as well?")
    if any(ch.isdigit() for ch in q.question):
        return False  # "Do you want the car from March 10th too?" asks whether a value applies as well
    cues = any_language()
    said_yes = cand.evidence is not None and cues.accepts(cand.evidence.clause)  # "Yes, fifty pounds ..."
    return said_yes and cues.adds_task(q.question) and not cues.offers_more(q.question)


def held_amount_key(state: ContextState, cand: FactCandidate) -> str:
    """The key of a held amount of a role (AMOUNT_ROLES) in cand's domain whose value cand, an
    amount of money said with no role word, restates ("£4 is £4" after "£4 a month cheaper"); else
    cand's own key. A mention of a held amount is not a new value of the plain amount slot."""
    domain, _, slot = cand.key.rpartition(".")
    if cand.vtype != "money" or slot not in _PLAIN_AMOUNT or cand.bound:
        return cand.key
    for key, fact in state.facts.items():
        held_domain, _, held_slot = key.rpartition(".")
        same_role_family = held_domain == domain and held_slot in AMOUNT_ROLES and fact.vtype == "money"
        if same_role_family and _amount_of(fact.norm) == _amount_of(cand.norm):
            return key
    return cand.key


def _amount_of(norm: str) -> str:
    """The number and currency of a normalized amount ("4 gbp a month" -> "4 gbp")."""
    return " ".join(norm.split()[:2])
