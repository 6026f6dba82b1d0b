"""Coverage guarantee (seed 001's validator, with the rule filter's anchors): nothing the user said
goes missing from a compaction.

Every value the user stated in a folded turn (an entity: a number with its unit, money, a date or
time, a name, a place, a term), every negation and every stressed ("must", "务必") clause must be in
the rendered context, as a fact or as the user's clause verbatim, unless a later value replaced it
with evidence (it is then in its fact's history, rendered "(was: ...)"). What is missing comes back
as the user's own clause, whole, so a negation pair ("不想要年费高的卡，最好免年费") stays together.
A newest user turn that points at the user's own earlier words ("write my last question in it")
brings the user turn before it back whole: the words are the value the next step uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from core.coverage_corrections import (
    MIN_PART_UNITS,
    corrected_later,
    corrected_part,
    number_corrected,
    restated_types,
    uncorrected_parts,
    valued_parts,
)
from core.embed import is_chinese
from core.joined_values import unshown_answer_run, unshown_joined
from core.lang.cues import any_language
from core.lang.en_cues import asks_detail_only
from core.lang.registry import analyzer_for
from core.lang.self_answers import names_self
from core.models import Atom, ContextState, ParsedMessage
from core.modified_heads import modified_heads
from core.negation_pairs import before_half_unshown, positive_half_unshown
from core.offered_choices import accepts_only, choices_offered, picked_again
from core.proposals import stated_question
from core.qualified import qualified_parts
from core.render import parse_anchors
from core.replaced import key_domain
from core.shown import (
    MIN_UNITS,
    PART_CUT,
    SHOWN_SHARE,
    WEAK_TYPES,
    content_units,
    content_unshown,
    current_view,
    shows_value,
    topic_words,
    users_view,
)
from core.turn_kinds import after_bare_cue, asks_open, asks_polar, cued, requests, says_nothing
from core.unattributed import shown_unattributed
from core.unproven import guessed_unproven, is_replaced, made_over_names
from core.value_edges import own_words_unshown, untyped_numbers
from core.values import substitutes_replaced, without_article
from core.yes_picks import says_more_than_yes, yes_names_pick

# the clauses that state something (a question, a yes or a greeting states nothing to keep)
CONTENT_KINDS = frozenset({"instruction", "constraint", "preference", "answer", "correction"})
# a clause with a value shown as a fact comes back by its words only when it states something of the
# user's own (a request is the goal line's, its values the facts')
TYPED_KINDS = frozenset({"constraint", "preference", "answer", "correction"})
# a longer clause with a value is a narration or a request: its values are the facts (Chinese counts
# character pairs, about two per word)
MAX_TYPED_UNITS = 10
# a brief answer to the assistant's question ("lead-acid, sealed", "全额") is the value asked for:
# one content word (Chinese: one character pair) is enough to keep it
MIN_ANSWER_UNITS = 1
# a short clause that carries on the request ("and pay monthly", "wait no, full balance") is kept
# from two content words: its connective or correction cue says it is no polite reply ("sounds right")
MIN_CUED_UNITS = 2
_CUT_ENDS = ("，", ",")  # a clause cut before the question of its sentence ends at its comma
_EDGE = " .,!?;\u3002\uff0c\uff01\uff1f\uff1b"  # the punctuation a clause may end with


def _replaced(state: ContextState) -> set[str]:
    """Lowercased values a later value replaced with evidence (they live in fact histories). One
    replaced only as an offer or a result is not, while a fact of the user's in the same task holds
    it: the assistant's "At 4 years he needs a booster" offered a duration the user's "in one week"
    replaced, while their "Baraka is 4 years" is still the son's age."""
    held = {(key_domain(f.key), f.value.lower()) for f in state.facts.values() if f.role == "user"}
    out = set()
    for f in [*state.facts.values(), *state.archive]:
        for v in f.history:
            offered = v.evidence is not None and v.evidence.role != "user"
            if not (offered and (key_domain(f.key), v.value.lower()) in held):
                out.add(v.value.lower())
    return out



def _replaced_at(state: ContextState) -> dict[str, int]:
    """Lowercased replaced values -> the last turn a later value replaced them at."""
    out: dict[str, int] = {}
    for f in [*state.facts.values(), *state.archive]:
        for v in f.history:
            out[v.value.lower()] = max(out.get(v.value.lower(), -1), v.replaced_at)
    return out


def _restated(replaced_at: dict[str, int], atom: Atom, after_correction: bool) -> set[str]:
    """The replaced values a user clause states again after their replacement, in a later turn or
    after the correcting clause of its own turn ("use ORD-903 for the commits actually, the epic
    stays ORD-900"): the clause says they still hold for something, so they are owed like any
    value. A correction or a negation restating an old value says it no longer holds ("I said 8pm,
    not 7pm")."""
    if atom.kind == "correction" or atom.negation is not None:
        return set()
    said = {e.text.lower() for e in atom.entities} | {e.value.lower() for e in atom.entities}
    last = atom.msg_idx + 1 if after_correction else atom.msg_idx
    return {v for v in said if replaced_at.get(v, last) < last}


def _named_replaced(state: ContextState) -> set[str]:
    """Lowercased values replaced by a correction, an offer taken or a result (not by another name
    the user merely said next: one name following another in a slot is no evidence they are one)."""
    out = set()
    for f in [*state.facts.values(), *state.archive]:
        ev = f.evidence
        if ev is None or ev.role != "user" or ev.how != "said":
            out |= {v.value.lower() for v in f.history}
    return out


def _states_replaced(atom: Atom, replaced: set[str], named: set[str]) -> bool:
    """True when a value of the clause was replaced since: the clause would show the old value."""
    return any(
        e.text.lower() in (named if e.type in ("name", "place") else replaced)
        or e.value.lower() in (named if e.type in ("name", "place") else replaced)
        for e in atom.entities
        if e.type not in WEAK_TYPES  # a bare domain word ("分期") is no value the clause states
    )


def _states_own(atom: Atom) -> bool:
    """A clause with a value that states something of the user's own ("two vegans, one gluten free"),
    not a request (its values are the facts', its aim the goal line's: "I need a hotel with parking")."""
    chinese = is_chinese(atom.text)
    return (
        atom.kind in TYPED_KINDS
        and len(content_units(atom.text)) <= MAX_TYPED_UNITS * (2 if chinese else 1)
        and not any_language().intent_cue(atom.text)
        and (chinese or not any_language().narrates(atom.text))
    )


def _needs(atom: Atom, replaced: set[str]) -> list[str]:
    """What of a user clause must be in the context: its values, its negation (unless it only
    names the value its correction replaced), or (stressed) the whole clause; a clause with
    nothing of the kind needs nothing."""
    out = [e.text for e in atom.entities if e.text.strip() and e.type not in WEAK_TYPES]
    out += [x for x in modified_heads(atom) if x not in out]  # "private room", not "private" alone
    if atom.negation is not None and not substitutes_replaced(atom, replaced):
        out.append(atom.negation.text)
        # every negation of the clause, not only its first ("花生不行，我同事花生过敏": two prohibitions)
        others = analyzer_for(atom.lang).negations(atom.text) if atom.kind != "question" else []
        out += [n.text for n in others if n.text != atom.negation.text and not n.substitution]
    if atom.pinned:
        out.append(atom.text)
    return out


def missing_user_clauses(
    text: str, parsed: Sequence[ParsedMessage], upto: int, state: ContextState
) -> list[str]:
    """The user's clauses (of turns before `upto`, the folded ones) holding a value, negation or
    stressed instruction that `text` does not show (outside its "(was: ...)" markers) and that was
    not replaced, in turn order, each once. The clause after a negation, when it states the
    preference that goes with it ("最好免年费" after "不想要年费高的卡"), counts as part of it."""
    low = current_view(text)
    own = users_view(low)
    anchors = parse_anchors(text)["facts"]
    all_replaced = _replaced(state)
    all_named = _named_replaced(state)
    all_proven = all_replaced - guessed_unproven(state, parsed)
    replaced_at = _replaced_at(state)
    corrections = [
        (p.message.idx, topic_words(valued_parts(a)), {e.type for e in a.entities}, a.text)
        for p in parsed
        if p.message.role == "user"
        for a in p.atoms
        if a.kind == "correction"
    ]
    users = [p.message.idx for p in parsed if p.message.role == "user"]
    later = [(p.message.idx, topic_words(a.text)) for p in parsed for a in p.atoms if a.role == "user"]
    # a correction with a number in the user's next turn replaces that turn's untyped number
    # ("那我申请8000" then "想了想还是5000吧")
    bare = {p.message.idx for p in parsed for a in p.atoms if a.kind == "correction" and untyped_numbers(a)}
    renumbered = {before for before, after in pairwise(users) if after in bare}
    # a user turn whose next turn opens on a correction ("yeah minimum payment autopay", then "wait
    # no, full balance"): what it said was taken back
    opens_correction = {p.message.idx for p in parsed if p.atoms and p.atoms[0].kind == "correction"}
    corrected_next = {before for before, after in pairwise(users) if after in opens_correction}
    out: list[str] = []
    offer = ""  # the turn before lays out choices without asking (core.offered_choices)
    opening = _opening_turn(parsed)  # the user's first turn states the task: its short clauses count
    asked = False  # the turn before is the assistant's question: a brief answer is its value
    polar = False  # the turn before asks a yes or a no: an answer saying more states its own value
    for p in parsed:
        if p.message.role == "assistant" and p.message.text.strip():
            asked, polar = asks_open(p.message.text), asks_polar(p.message.text)
            offer = "" if asked else choices_offered(p.message.text)
            asked = asked or bool(offer)
            continue
        if p.message.idx >= upto or p.message.role != "user":
            continue
        (answers, asked), (detailed, polar) = (asked, False), (polar, False)
        picked, offer = offer, ""  # the choices laid out that a brief turn picks among
        after_negation = False
        corrected = False  # an earlier clause of this turn is a correction
        before: Atom | None = None  # the clause before, in this turn
        for at, atom in enumerate(p.atoms):
            # the question a statement of the opening turn was cut from ("我家柯基8个月了，...，" + "能训吗")
            # asks for the task: it comes back with it
            cut_from = p.message.idx == opening and before is not None and before.text.endswith(_CUT_ENDS)
            opens = p.message.idx == opening and atom.kind == "question" and (_states_task(atom) or cut_from)
            stated = stated_question(atom)
            if opens or stated is not None:
                # the opening request asked as a question states the task ("我家柯基8个月了，能训吗"); a
                # day or hour proposed as a question ("Friday morning, 10 o'clock?") is said (core.proposals)
                atom = stated or atom.model_copy(update={"kind": "constraint"})
            before, prior = atom, before
            if before_half_unshown(prior, atom, own) and prior is not None and prior.text not in out:
                out.append(prior.text)  # "3rd floor. no elevator": the sentence before is the pair's want
            said_again = _restated(replaced_at, atom, corrected)
            corrected = corrected or atom.kind == "correction"
            replaced, named, proven = (x - said_again for x in (all_replaced, all_named, all_proven))
            if atom.negation is None and not atom.pinned and number_corrected(atom, corrections):
                # its value was corrected since: the clause would show the old one; its other parts
                # ("每分钟最多 1 条" beside the corrected "每小时最多 5 条") still state the user's own
                after_negation = False
                out += [x for x in uncorrected_parts(atom, corrections, own) if x not in out]
                continue
            needs = _needs(atom, replaced)
            # a later correction of what the clause speaks of ("科技园南区8栋1203", then "地址改成
            # 科技园南区6栋大堂") replaced its numbers with the rest of it
            if (
                atom.kind in CONTENT_KINDS
                and p.message.idx not in renumbered
                and not corrected_later(atom, corrections)
            ):
                needs += untyped_numbers(atom)
            if after_negation and atom.negation is None and (atom.kind == "preference" or atom.entities):
                needs.append(atom.text)  # the positive half of a negation pair
            after_negation = atom.negation is not None
            # a value is replaced only with evidence (a correction, an offer taken, a result, the
            # task's own slot restated): one value the user said after another in a slot guessed
            # without a task ("其中一份加俩鸡蛋", then "一杯无糖") leaves the first owed
            shown_now = [n for n in needs if shows_value(without_article(n.lower()), low)]
            gone = made_over_names(atom, proven, replaced)  # a name a request made over asked for
            needs = [n for n in needs if n not in shown_now and n not in gone and not is_replaced(n, proven)]
            restated = restated_types(atom, corrections)
            needs = [n for n in needs if not any(e.text == n and e.type in restated for e in atom.entities)]
            # a clause the parser typed nothing of comes back by its words; one with a value is the
            # value rule's (a number or date may have been corrected since: its clause would show it)
            # a clause whose words mostly are not shown comes back whole: untyped ("she has diabetes
            # and one time heart problem"), or typed in part only ("two vegans, one gluten free":
            # the count is a fact, what it counts is not)
            # a yes naming what it takes ("yes to the box") states the user's pick (core.yes_picks)
            replying = yes_names_pick(atom, p.atoms[at + 1 :], p.message.idx in corrected_next, later)
            says_more = says_more_than_yes(atom, MIN_ANSWER_UNITS if replying else MIN_UNITS)
            typed = any(not (says_more and e.type in WEAK_TYPES) for e in atom.entities)
            brief = answers and not says_nothing(atom.text) and not requests(atom.text)
            # a pick among choices a later correction picks again among ("interim", then "actually
            # the full service") is no value of the user's now
            brief = brief and not (picked and picked_again(atom.text, picked, corrections, p.message.idx))
            # a yes to ways laid out picks none unless it names a word of one ("Yes, actually.")
            brief = brief and not (picked and accepts_only(atom.text, picked))
            cue = cued(atom) or after_bare_cue(p.atoms, at)  # "scratch that. ... pay as you go, every lesson"
            least = MIN_ANSWER_UNITS if brief else MIN_CUED_UNITS if cue else MIN_UNITS
            if p.message.idx == opening:
                # "stone chip on my windscreen"; the task's own question cut from it ("能训吗") however short
                least = min(least, MIN_ANSWER_UNITS if cut_from else MIN_CUED_UNITS)
            if detailed and not any_language().declines(atom.text) and not requests(atom.text):
                least = min(least, MIN_CUED_UNITS)  # "she has a severe peanut allergy" to "any conditions?"
            # a correction is shown only with the value it sets, not by the words of what it changes
            # ("the regular one should be oat too" is not shown by "type=regular"); a brief answer
            # the parser typed nothing of only by all its words ("skip them this time" is not shown
            # by "time=noon"; "5 pm would be perfect" is by "time=5 pm")
            share = 1.0 if atom.kind == "correction" or (brief and not atom.entities) else SHOWN_SHARE
            if replying and not typed:
                least, share = MIN_ANSWER_UNITS, 1.0  # one content word, shown only by all of them
            stale_value = _states_replaced(atom, proven, named)
            stale = stale_value or corrected_later(atom, corrections)
            if (
                (atom.kind in CONTENT_KINDS or says_more if not typed else _states_own(atom))
                and not needs
                and not stale
                and not asks_detail_only(atom.text)  # a request for a detail holds no value of theirs
                and content_unshown(atom.text, own, least, share)
            ):
                needs.append(atom.text)
            if not stale and atom.kind in CONTENT_KINDS:
                needs += unshown_joined(atom, low)  # "Monday to Saturday" shown as two dates apart
                needs += unshown_answer_run(atom, low) if brief else []  # "180 days to glacier"
            if not needs and not stale and atom.kind in CONTENT_KINDS and positive_half_unshown(atom, own):
                needs.append(atom.text)  # a negation pair stays whole ("a rental car, not a campervan")
            elif not needs and not stale and atom.kind in CONTENT_KINDS and shown_unattributed(atom, anchors):
                needs.append(atom.text)  # its values sit in guessed slots (core.unattributed)
            elif not needs and not stale and atom.kind in TYPED_KINDS and not requests(atom.text) and (
                own_words_unshown(atom, own, MAX_TYPED_UNITS, corrections, later)
            ):
                needs.append(atom.text)  # a value shown without the word beside it ("2 bed" of "2 bed flat")
            elif not needs and brief and names_self(atom.text):
                needs.append(atom.text)  # "Also me." to "the trustee?": the speaker is the value
            if needs and atom.text not in out and atom.text.lower() not in low:
                out.append(atom.text)
            elif typed and not needs and stale_value and atom.kind in CONTENT_KINDS:
                # a clause stating a replaced value ("flat 3, 2nd floor no lift"): its other parts
                # still state the user's own ("2nd floor no lift")
                olds = [e.text.lower() for e in atom.entities if is_replaced(e.text, proven)]
                parts = [x for x in untyped_parts(atom, own) if not any(old in x.lower() for old in olds)]
                out += [part for part in parts if part not in out]
            elif typed and not needs and not stale_value and atom.kind in CONTENT_KINDS:
                # a later correction of the clause's topic leaves the parts it does not speak of
                # a brief answer's part is the value asked for from one unit ("白雪，后四位302X")
                parts = untyped_parts(atom, own, MIN_ANSWER_UNITS if brief else MIN_PART_UNITS)
                parts = [x for x in parts if not (stale and corrected_part(atom, x, corrections))]
                if atom.kind not in TYPED_KINDS:
                    # of a request, only a brief want names a value the user set ("要直飞"); its
                    # other parts are the request's wording, its values the facts'
                    parts = [x for x in parts if any_language().intent_cue(x)]
                else:  # the words beside a shown value that say more of it ("豆浆都要无糖的吧")
                    parts += [x for x in qualified_parts(atom, own) if x not in parts]
                out += [part for part in parts if part not in out]
    return out


def _opening_turn(parsed: Sequence[ParsedMessage]) -> int:
    """The index of the user's first turn that states anything beyond a greeting, when the agent has
    said no value before it (-1 otherwise): the task in the user's words ("stone chip on my
    windscreen. can it be repaired"), whose short clauses are the facts of the task. A first turn
    that answers what the agent said ("sounds right" to a booking read back) is a reply."""
    for p in parsed:
        if p.message.role != "user":
            if any(a.entities for a in p.atoms):
                return -1
            continue
        if any(a.kind != "greeting" for a in p.atoms):
            return p.message.idx
    return -1


def _states_task(question: Atom) -> bool:
    """True when a question of the opening turn says what the task is about: it holds a value, or
    enough words to state something beside asking ("is it fragile?" asks only)."""
    return bool(question.entities) or len(content_units(question.text)) >= MIN_UNITS


def restated_values(parsed: Sequence[ParsedMessage], upto: int, state: ContextState) -> set[str]:
    """Lowercased replaced values a user clause (of a turn before `upto`) states again after their
    replacement (_restated): a clause put back for them shows them unmarked, as the user said them."""
    replaced_at = _replaced_at(state)
    out: set[str] = set()
    for p in parsed:
        if p.message.role != "user" or p.message.idx >= upto:
            continue
        corrected = False
        for atom in p.atoms:
            out |= _restated(replaced_at, atom, corrected)
            corrected = corrected or atom.kind == "correction"
    return out


def untyped_parts(atom: Atom, low: str, least: int = MIN_PART_UNITS) -> list[str]:
    """The parts of a typed clause (cut at commas) that hold none of its values nor a negation and
    whose words the context low does not show ("订12月31号到1月3号的酒店，3个人，要海景房": the dates
    and the count are facts, "要海景房" is kept in the user's words). A part that is a value's
    neighbour only ("at the latest") has too few content units to be kept."""
    parts = [x.strip() for x in PART_CUT.split(atom.text)]
    if len(parts) < 2:
        return []
    out = []
    for part in parts:
        negated = atom.negation is not None and atom.negation.text in part
        if negated or any(e.text and (e.text in part or part in e.text) for e in atom.entities):
            continue
        if requests(part):
            continue  # a request is the goal line's ("帮我推荐一个吧"), no value the user set
        if content_unshown(part, low, least):
            out.append(part)
    return out

