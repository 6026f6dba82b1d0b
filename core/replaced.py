"""Values a later value replaced, wherever else the rendered context would show them.

A replaced value lives in its fact's history and is shown only inside that fact's ``(was: ...)``
marker. Other lines must not show it as if it were current: an offer that read back the old value
beside the new one ("March 4th instead of the 9th", held as the offer "March 4th, the 9th") shows
only what was not replaced; a user's clause put back verbatim (the coverage guarantee brings it
back for another value it holds) shows a replaced value in it marked: "Leaving at (was: 12:45)
on next Monday".
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from core.lang.joins import LIST_ITEM_GAP
from core.lang.zh_time import shifts_day
from core.listed import LIST_SEPARATOR
from core.models import ContextState, Evidence, Fact
from core.tool_supersede import superseded_arg_values
from core.values import same_surface, same_value, without_article

# a whole token: no letter or digit of a Latin word next to it (Chinese writes no spaces between
# words, so a Chinese value is found inside Chinese text: "改成1月3号" holds "1月3号"; "16个人" not "6个人")
# ... and no part of a longer number: not the "3" of "3:15", "3.5" or "1/3"
_EDGE_BEFORE, _EDGE_AFTER = r"(?<![0-9A-Za-z_])(?<![0-9][:.,/])", r"(?![0-9A-Za-z_])(?![:.,/][0-9])"
NAME_SLOT = "name"  # the slot of a name the parser found no attribute for
UNTYPED = ("", "name", "place", "term")  # the value types that say nothing of the attribute


def guessed_slot(fact: Fact) -> bool:
    """True when fact's slot is one the parser guessed without a task (general.name, general.food):
    one user value after another there is no evidence they are one attribute. A task's own name
    slot (hotel.name) holds the names the user picks among results, one after another."""
    return guessed_key(fact.key)


_NUMBERED = re.compile(r"_\d+$")  # "time_2": a second value of one slot


def key_domain(key: str) -> str:
    """The task of a fact's key ("shopping" of "shopping.age")."""
    return key.split(".", 1)[0]


def unnumbered_slot(key: str) -> str:
    """The slot of a fact key without the number a second value of it got ("hotel.time_2" -> "time")."""
    return _NUMBERED.sub("", key.rpartition(".")[2])


def guessed_key(key: str) -> bool:
    """True for a fact key of the domain the parser guessed without a task (``general.*``)."""
    return key.startswith("general.")


def said_in_guessed_slot(fact: Fact) -> bool:
    """True when fact holds the user's own words in a slot guessed without a task (guessed_slot): the
    parser could not say what attribute the value is, so it is no anchor of its own; the coverage
    guarantee (core.coverage) shows the user's clause that states it instead (issue 12, item 3: a
    span the parser cannot type is not forced into a guessed slot). A typed value (a date resolved,
    an amount, an id) keeps its anchor, and so does one the user took from an offer or a result, or
    corrected: no clause of the user's holds it as the anchor does."""
    ev = fact.evidence
    said = ev is not None and ev.role == "user" and ev.how == "said"
    return said and guessed_slot(fact) and (fact.vtype or "") in UNTYPED


def replaced_by(fact: Fact | None, item: str) -> bool:
    """True when item is a value fact's history holds as replaced (the same value, or the same one
    said another way: 'the 9th' ~ 'March 9th') and fact's current value is not it too."""
    if fact is None or not fact.history:
        return False
    low = item.strip().lower()
    if same_value(fact.norm, low) or same_surface(fact.value, item):
        return False
    return any(same_value(v.norm, low) or same_surface(v.value, item) for v in fact.history)


def offer_shown(offer: Fact, fact: Fact | None) -> str:
    """The offer's value as the Offered line shows it: the items of a listed value that fact (the
    state's fact of the offer's key) replaced are left out; '' when nothing is left."""
    items = [i for i in LIST_SEPARATOR.split(offer.value.strip()) if i]
    kept = [i for i in items if not replaced_by(fact, i)]
    if len(kept) == len(items):
        return offer.value
    return ", ".join(kept)


def without_current(old: str, fact: Fact) -> str:
    """A replaced listed value as its "(was: ...)" marker shows it: without the item that is the
    fact's current value ("07:05, 10:40, 17:15" read out, then "10:40 please": the pick was never
    replaced, the marker says "07:05, 17:15"). A single value is shown as it is."""
    items = [i for i in LIST_SEPARATOR.split(old.strip()) if i]
    kept = [i for i in items if i.strip().lower() != fact.value.strip().lower()]
    return ", ".join(kept) if len(items) > 1 and kept and len(kept) < len(items) else old


def shown_as_replaced(fact: Fact) -> list[str]:
    """The earlier values of fact the context shows as replaced (its "(was: ...)" marker): not the
    same value as now, not an assistant's proposal the user overrode."""
    # a bare name slot, or any untyped value in a slot guessed without a task (general.*): one value the
    # user said after another there is no evidence they are one attribute
    untyped_guess = guessed_slot(fact) and (fact.vtype or "") in UNTYPED
    unproven_slot = unnumbered_slot(fact.key) == NAME_SLOT or untyped_guess
    # the evidence of the value that replaced each version: the next version's, the last one's the fact's
    replacers = [v.evidence for v in fact.history[1:]] + [fact.evidence] if fact.history else []
    return [
        v.value
        for v, by in zip(fact.history, replacers, strict=True)
        if v.norm != fact.norm
        and not v.reason.startswith(("new value", "user stated another"))
        and not (unproven_slot and _merely_said(by) and not same_model_line(v.value, fact.value))
    ]


def same_model_line(a: str, b: str) -> bool:
    """True when two names are models of one line, told apart by their numbers only ("The Ridge 4",
    "Ridge 6"; "PowerMax 18V", "PowerMax 20V"): the user naming the other is evidence of one attribute."""
    words = [re.findall(r"[^\W\d_]+", without_article(x).lower()) for x in (a, b)]
    numbers = [re.findall(r"\d+(?:\.\d+)?", x) for x in (a, b)]
    return bool(words[0]) and words[0] == words[1] and all(numbers) and numbers[0] != numbers[1]


def replaced_forms(fact: Fact) -> list[str]:
    """The values fact shows as replaced, each with the words it was said in when the held value
    is a longer form of them: the user's "the album Your Name", read back "Your Name by the
    Radwimps" and then replaced, shows the user's "Your Name" as replaced too (a user's clause
    kept verbatim says the shorter form). Not for an item of a listed value."""
    shown = shown_as_replaced(fact)
    out = list(shown)
    # the option as the assistant listed it ("The Ridge 4"), the user's clause without its article
    out += [bare for v in shown if (bare := without_article(v)) != v and any(c.isdigit() for c in bare)]
    for v in fact.history:
        said = v.evidence.text.strip() if v.evidence is not None else ""
        if v.value not in shown or not said or said.lower() == v.value.lower():
            continue
        # one item of a listed value ("20箱, 18度") is no form of it: the others may be what changed
        whole = said.lower() in v.value.lower() and not LIST_SEPARATOR.search(v.value)
        if whole or _user_item_replaced(fact, v.evidence, v.value, v.idx):
            out.append(said)
    return out


def _user_item_replaced(fact: Fact, said: Evidence | None, listing: str, listing_idx: int) -> bool:
    """True when the user's own words of a replaced listed value are one item of it, and the current
    value another: the user's "the 7:05" (said first), the times the assistant then listed ("07:05,
    10:40, 17:15"), then "10:40 please" - the user's item is what the pick replaced. Only in a task's
    own slot, never a guessed one (general.count: the items may be values of different things); a
    current value outside the listing picked no option of it (another appointment's day)."""
    if said is None or said.role != "user" or guessed_slot(fact):
        return False
    low, now = said.text.strip().lower(), fact.value.strip().lower()
    items = [i.lower() for i in LIST_SEPARATOR.split(listing.strip()) if i]
    holding = [i for i in items if low in i]
    # the user's value came first, the listing then named it among options, and the current value
    # is another of them: the user picked another option over their own
    return len(holding) == 1 and holding[0] != now and now in items and said.idx < listing_idx


def _merely_said(evidence: Evidence | None) -> bool:
    """True when the user said the value with no correction cue: in a bare name slot (a name the
    parser found no attribute for) one name after another is no evidence they are one attribute
    ("me, David Ortiz" after the plan taken), so the earlier is not shown as replaced. The assistant
    reading the value back whole ("户号" -> "户号3301029488", its evidence then the read-back's)
    confirms the value, not that it replaced the earlier one."""
    if evidence is None:
        return False
    return (evidence.role == "user" and evidence.how == "said") or evidence.how == "confirmed"


def mark_replaced(
    text: str, state: ContextState, restated: Collection[str] = (), also: Collection[str] = ()
) -> str:
    """text with every value a fact shows as replaced marked "(was: VALUE)" where it stands as a
    whole token, unless some fact holds that value as current (then it may well be meant) or the
    user stated it again after its replacement (`restated`, lowercased: core.coverage). `also`: more
    values the context shows as replaced elsewhere (a tool call's argument a later call set anew,
    core.tool_supersede), so a quote of the user never shows as current what the call line marks.

    A value of a definite type (a count, a date, an amount) is found inside Chinese words too
    ("大概20个人"), a listed one whatever separators the text writes it with ("1月3号，周日" for the
    held "1月3号, 周日"). An untyped one (_untyped) only as a whole word: one name after another is
    weak evidence of one attribute, so its old values are marked only where they stand alone, and
    only those alike the value that replaced them (_alike)."""
    current = {f.value.strip().lower() for f in state.facts.values()} | set(restated)
    typed = {v.strip() for f in state.facts.values() if not _untyped(f) for v in replaced_forms(f)}
    untyped = [f for f in state.facts.values() if _untyped(f)]
    named = {v.strip() for f in untyped for v in replaced_forms(f) if _alike(v, f)} - typed
    typed |= {v.strip() for v in also}
    typed, named = ({v for v in vs if v and v.lower() not in current} for vs in (typed, named))
    if not typed and not named:
        return text
    # one pass, longest first: a shorter value is never marked again inside a longer one's marker
    parts = [rf"{_EDGE_BEFORE}{_listed_pattern(v)}{_EDGE_AFTER}" for v in typed]
    parts += [rf"(?<!\w){re.escape(v)}(?!\w)" for v in named]
    ordered = sorted(zip([*typed, *named], parts, strict=True), key=lambda vp: len(vp[0]), reverse=True)
    pattern = re.compile("|".join(p for _, p in ordered), re.IGNORECASE)
    return pattern.sub(lambda m: _marked(m, text), text)


def _marked(m: re.Match[str], text: str) -> str:
    """The replaced value m found in text, marked, unless the text before it makes it another day
    ("后天" inside "大后天", "周三" inside "下周三")."""
    found = m.group(0)
    return found if shifts_day(text[max(0, m.start() - 2) : m.start()], found) else f"(was: {found})"


def _alike(old: str, fact: Fact) -> bool:
    """True when an untyped value and the one that replaced it look like values of one attribute:
    both holding digits (a time, a count or a code for another), Chinese ones ending in the same
    character (单人间 -> 双人间, 胡桃色 -> 白橡木色), Latin ones both capitalised (a name for a name:
    Marco -> Jade Thompson) or ending in the same word (private room -> twin room). Unlike ones
    (intermediate -> private, 楼下邻居姓陈 -> 东方雨虹) may be values of two attributes the parser held
    under one guessed slot: a quote is not marked for them."""
    slot = fact.key.split(".", 1)[-1]
    if not guessed_slot(fact) and not slot.startswith(NAME_SLOT):
        return True  # a task's own attribute (attraction.type: museum -> park): one value after another
    old, new = old.strip(), fact.value.strip()
    if not old or not new:
        return False
    if any(c.isdigit() for c in old) and any(c.isdigit() for c in new):
        return True  # a time, a number or a code for another
    if not old.isascii() or not new.isascii():
        return old[-1] == new[-1]
    if old[0].isupper() and new[0].isupper():
        return True
    return old.lower().split()[-1] == new.lower().split()[-1]


def replaced_alike(fact: Fact, old: str) -> bool:
    """True when old, a value fact replaced, may be rewritten as fact's current value in a quote:
    a typed value always; an untyped one (a name) only when the two look alike (_alike), since one
    name after another is weak evidence of one attribute ("每一步都微信告诉我" is no "陈昊")."""
    return not _untyped(fact) or _alike(old, fact)


def _untyped(fact: Fact) -> bool:
    """True for a value of no definite type (a name, a place, a term, or none read) or one held
    under the untyped name slot and its kin (name_2, name_agreed): one such value after another is
    weak evidence that one attribute changed."""
    slot = fact.key.split(".", 1)[-1]
    return fact.vtype in UNTYPED or slot == NAME_SLOT or slot.startswith(f"{NAME_SLOT}_")


def _listed_pattern(value: str) -> str:
    """A regex for value, its list items joined by any list separator (ASCII or full-width) or joining
    word: the held "Monday, Wednesday" is the user's "Monday and Wednesday"."""
    items = [re.escape(i) for i in LIST_SEPARATOR.split(value) if i]
    return LIST_ITEM_GAP.join(items) if len(items) > 1 else re.escape(value)


def mark_quoted(texts: Sequence[str], state: ContextState, restated: Collection[str] = ()) -> list[str]:
    """texts (the user's words the context quotes: a goal, clauses put back verbatim) each with its
    replaced values marked (mark_replaced), the arguments a later tool call set anew among them, and
    the values a user's correction retired though no fact's history holds them (core.retired): a
    quote never shows as current what a fact's or a call's "(was: ...)" marker shows as replaced."""
    if not texts:
        return []
    also = superseded_arg_values(state) | set(state.retired.values)
    return [mark_replaced(text, state, restated, also) for text in texts]
