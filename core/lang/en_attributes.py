"""English numbers typed by the attribute they measure, not by a guessed "count".

A bare number is the value of some attribute, and numbers of different attributes must coexist:
"she is 74" (an age) and a later "my limit is 1500" (a budget) are two facts, not one count
replacing another. Three readings, all from the words around the number (general knowledge):

- a relative or a pronoun before it: "Dad is 68, mum 64" -> father_age, mother_age; "she is 74",
  "I'm 20" -> age (a number with no unit after it, at most 120);
- an attribute noun right before it: "my limit is 1500", "income about 900" -> budget, income;
- a bound or a rate around it: "up to 150", "under 2500 a night", "4000 a month", "60 each",
  "$1,200 max": the span keeps its qualifier (it is part of the value: 150 as a ceiling, 4000 per
  month), keyed by the attribute noun before it, else "amount";
- a noun of a sum due right before an amount of money: "Basket total £14.10", "the fee becomes
  £203", "Deposit is 25%, £1,875" -> total, fee, deposit. What a turn reports as the sum the user
  pays is its own attribute: a later delivery charge or a quoted price stands beside it, never
  replaces it (and it is no informational "amount" a tight budget leaves out).

``asked_attribute`` reads the attribute an assistant's question asks for ("How old is your
mother?" -> age, "Budget?" -> budget), so a bare number answering it is keyed by it (core.extract).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from core.lang.asked_nouns import en_asked_noun
from core.lang.currency_before import CURRENCY_BEFORE, currency_before
from core.lang.en_budget_nouns import named_budget
from core.lang.en_kin import KIN
from core.lang.en_lexicon import COUNT_NOUNS, FUNCTION_WORDS
from core.lang.en_name_words import DETERMINERS, is_everyday
from core.lang.en_sums import sums_before
from core.lang.en_units import CURRENCIES
from core.lang.en_values import _CURRENCY_WORDS, _SCALE, Candidate, _money_value
from core.lang.en_values import money as money_amounts
from core.lang.patterns import pattern

# attribute nouns right before a number ("budget 8k", "my limit is 1500") -> slot
ATTRIBUTE_NOUNS = {
    "budget": "budget", "limit": "budget", "max": "budget", "maximum": "budget", "cap": "budget",
    "ceiling": "budget",
    "income": "income", "salary": "income", "earn": "income", "earnings": "income",
    "deductible": "deductible", "deposit": "deposit", "premium": "premium", "tip": "tip",
    "declared value": "value", "insurance value": "value", "insured value": "value", "value": "value",
    "age": "age", "aged": "age", "credit limit": "credit_limit", "spend": "spend", "spending": "spend",
}  # fmt: skip
# what an assistant's question asks for -> slot (checked in order: the first match wins)
_ASKS = (
    (r"\bhow\s+wide\b|\bwidth\b", "width"),  # a size: the answer measures that, not a count
    (r"\bhow\s+(?:tall|high)\b|\bheight\b", "height"),
    (r"\bhow\s+old\b|\bages?\b|\bdate\s+of\s+birth\b", "age"),
    (r"\bcredit\s+limit\b", "credit_limit"),
    (r"\bbudget\b|\b(?:price|spending)\s+limit\b|\bhow\s+much\s+(?:would|do|can|are)\s+you\b", "budget"),
    (r"\bdeclared\s+value\b|\binsurance\s+value\b|\binsured\s+value\b|\bvalue\b", "value"),
    (r"\bincome\b|\bsalary\b|\bearn\b", "income"),
    (r"\bdeductible\b", "deductible"),
    (r"\bdeposit\b", "deposit"),
    (r"\btip\b", "tip"),
    # when one gets there ("What time will you get to the lounge?", "When will you arrive?"): an
    # arrival, not the time of the thing booked or of a flight said before
    (
        r"\b(?:what\s+time|when)\s+(?:will|would|do|can|are|should)\s+(?:you|they|we|he|she)\s+"
        r"(?:get\s+(?:to|there|in|here)|arriv\w*|be\s+(?:there|here|arriving))\b",
        "arrival_time",
    ),
    # when the user moves home ("When do you move in?"): the move's day, not the day of the service
    (r"\bwhen\s+(?:do|are|will)\s+(?:you|they|we)\s+(?:be\s+)?mov(?:e|ing)\b", "move_date"),
    # the sender's address ("Pickup address?"): another attribute than where it goes
    (r"\b(?:pick-?up|sender'?s?|origin|collection|return)\s+address\b", "from_address"),
    # a person: "Who will be the policyholder?", "Beneficiary?", "your mother's full name?", "his name?",
    # "Name for the booking?", "What name should I put it under?" (whom a booking is held for); a
    # bare "Name?", "Names, please?", "Can I get a name?"
    (
        r"^\W*who\b|\bwho\s+(?:will|should|would|is|are)\b|\bpolicyholder\b|\bbeneficiary\b|\bfull\s+name\b|"
        r"\b(?:his|her|their|your)\s+name\b|\bwhat\s+name\b|"
        r"(?:^|[.!?]\s+)(?:and\s+)?(?:a\s+|the\s+)?names?\s*(?:,\s*)?(?:please\s*)?\?|"
        r"\b(?:can|could|may)\s+I\s+(?:have|get|take)\s+(?:a|the|your)\s+names?\b|"
        r"\bname\s+(?:for|on|under)\s+(?:the|this|your)\s+(?:booking|reservation|order|appointment|account|ticket)\b",
        "person",
    ),
)
# a sum due named right before an amount: "Basket total £14.10", "total cost is $54", "the fee becomes
# £203", "Deposit is 25%, £1,875" (a share then what it comes to)
_SUM_BEFORE = re.compile(
    r"\b(?P<noun>total|fees?|deposit|refund|balance|amount\s+(?:due|owed|payable)|bill|estimate|"
    r"savings?|discount|surcharge|supplement|add-?on)"
    r"(?:\s+(?:cost|price|fee|charge|amount|due|bill|payable))?(?:\s+(?:for|on)\s+(?:(?:the|your|my|our|this|that)\s+)?[a-z]+)?\s*"
    r"(?:\d+(?:\.\d+)?\s?%\s*)?"  # the share before its colon ("Deposit 20%: £476")
    r"(?:(?P<would>would|could|might)\s+be\s*|"
    r"(?:is|was|will\s+be|comes\s+to|becomes|is\s+now|now|of|stays(?:\s+at)?|remains(?:\s+at)?|is\s+still|"
    r"unchanged\s+at|:|=)\s*)?"
    r"(?:\d+(?:\.\d+)?\s?%\s*(?:,|-|–|—|or|so)?\s*)?"
    r"(?:just\s+|only\s+|about\s+|around\s+)?$",
    re.IGNORECASE,
)
_SUM_SLOTS = {
    "total": "total", "fee": "fee", "fees": "fee", "deposit": "deposit", "refund": "refund", "balance": "due",
    "amount due": "due", "amount owed": "due", "amount payable": "due", "bill": "bill",
    "estimate": "estimate", "saving": "saving", "savings": "saving", "discount": "saving",
    "surcharge": "extra", "supplement": "extra", "addon": "extra", "add-on": "extra",
}  # fmt: skip
# a bill said as what it would be ("the bill would be about £86"): an estimate beside the bill stated
_HYPOTHETICAL = {"bill": "estimate"}
# the role a word right after an amount names: "£4 a month cheaper", "$20 off", "£30 extra", "a £15
# surcharge": a saving or an add-on's price, never the price or the bill it is taken from or added to
_ROLE_AFTER = re.compile(
    r"^\s*(?:(?P<saving>cheaper|off|less|saving|savings|discount)|(?P<extra>extra|surcharge|supplement))\b",
    re.IGNORECASE,
)
# the same nouns right after the amount they name: "a $200 deposit", "a $35 cancellation fee", "a
# $155 refund", "$683.60 due" (a fee may carry one word of what it is for between; "due to" gives a cause)
_SUM_AFTER = re.compile(
    r"^\s*(?:(?:in\s+)?(?P<noun>total|deposit|refund|due|owed|bill)\b(?!\s+to\b)|(?:[a-z]+\s+)?(?P<fee>fees?)\b)",
    re.IGNORECASE,
)
_N = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# a share or a rate ("0.5% cash back", "3 percent interest"); "100% sure" says how sure, no value
_PERCENT = r"(?<![\w.,$£€¥/-])(?P<n>\d+(?:\.\d+)?)\s?(?:%|percent\b)"
# a percent that reads a likelihood or a measure ("a 6 percent chance of rain", "humidity 19%"): a
# reading the assistant quotes, like "rain (6 mm)", not a value anyone chose
_LIKELIHOOD = re.compile(r"\b(?:chances?|probability|likelihood|odds|humidity)\b", re.IGNORECASE)
_SURE_AFTER = re.compile(r"\s+(?:sure|certain|positive|correct|right|agree)\b", re.IGNORECASE)
# what may follow an age: the end of the clause, a list, "years old", "now"
_AGE_END = r"(?=\s*(?:$|[,.;!?)]|and\b|years?\s+old\b|yrs?\b|y/?o\b|now\b|this\s+year\b))"
_BOUND = (
    r"up\s+to|under|below|at\s+most|no\s+more\s+than|not\s+more\s+than|less\s+than|"
    r"max(?:imum)?(?:\s+of)?|within|not\s+(?:above|over)"
    # going past it refused ("I don't want to go past 475", "won't spend more than $300")
    r"|(?:don['’]?t|do\s+not|won['’]?t|will\s+not|can['’]?t|cannot|not)\s+(?:want\s+to\s+|wanna\s+)?"
    r"(?:go(?:ing)?\s+(?:past|over|above|beyond)|(?:spend|pay)(?:ing)?\s+(?:more\s+than|over|above))"
)
_CUR_SYM = CURRENCY_BEFORE
# a currency's word or code after the amount: these and any of en_units.CURRENCIES ("4,000 lira")
_CUR_WORDS = {"dollars?", "bucks", "euros?", "pounds?", "usd", "eur", "gbp", *CURRENCIES}
_CUR_WORD = "|".join(sorted(_CUR_WORDS, key=len, reverse=True))
_PERIOD = (
    r"month|year|night|week|day|hour|person|head|pax|piece|parcel|box|item|unit|kg|trip|ticket|room"
    # what a price is per besides time: a session, a lesson, a child ("£12.50 a session", "$34 per child")
    r"|session|class|lesson|child|kid|adult|student|guest|visit|copy|pair|bottle|seat|player|game|round"
    r"|course|treatment|portion|plate"
)
_RATE = rf"(?:\s+(?:a|an|per)\s+(?:{_PERIOD})|\s*/\s*(?:{_PERIOD}|mo|yr)|\s+each)"
_TAIL = r"(?:\s+(?:max|maximum|tops|total|in\s+total|all[\s-]+in|all\s+up|all\s+told|inclusive))"
_AMOUNT = (
    rf"(?<![\w.,$£€¥/-])(?:(?P<bound>{_BOUND})\s+)?(?P<sym>{_CUR_SYM})?\s?(?P<n>{_N})(?P<sc>k\b|\s(?:lakhs?|crores?)\b)?\b"
    rf"(?:\s?(?P<cur>{_CUR_WORD})\b)?(?P<rate>{_RATE}(?:{_RATE})?)?(?P<tail>{_TAIL})?\b"
)


@cache
def _kin_age() -> re.Pattern[str]:
    kin = "|".join(sorted((re.escape(k) for k in KIN), key=len, reverse=True))
    return re.compile(
        rf"\b(?P<kin>{kin})(?:\s+(?:is|was|just\s+turned|turned|aged?)|'s)?\s+(?P<n>\d{{1,3}})\b{_AGE_END}",
        re.IGNORECASE,
    )


_PRONOUN_AGE = (
    rf"\b(?:(?:he|she)\s+(?:is|'s|just\s+turned|turned)|(?:he|she)'s|i'?m|i\s+am)\s+(?P<n>\d{{1,3}})\b{_AGE_END}"
)

# a person named mid-sentence and said to be a number ("one of ours, Grace, is 17", "and Lily just
# turned 9"): that person's age, keyed by the name so two people's ages stand side by side
_NAMED_AGE = (
    rf"(?<=[a-z,;] )(?P<name>[A-Z][a-z]+),?\s+(?:is|just\s+turned|turned)\s+(?P<n>\d{{1,3}})\b{_AGE_END}"
)

_THING_BEFORE = DETERMINERS | {"the", "this", "that", "each"}  # "the Gate is 12": a thing, no person
# the same with "is" shortened, anywhere in a sentence ("the boys. Ruby's 11, she reckons"): a name, not
# an everyday word ("Total's 45", "It's 11")
_NAMED_AGE_SHORT = rf"(?<![\w'’])(?P<name>[A-Z][a-z]+)['’]s\s+(?P<n>\d{{1,3}})\b{_AGE_END}"


@cache
def _noun_before() -> re.Pattern[str]:
    nouns = "|".join(sorted((n.replace(" ", r"\s+") for n in ATTRIBUTE_NOUNS), key=len, reverse=True))
    return re.compile(
        rf"\b(?P<noun>{nouns})\s*(?:is|of|was|about|around|roughly|like|maybe|:|=)?\s*(?:is\s+|about\s+|around\s+)?$",
        re.IGNORECASE,
    )


def _scaled(n: str, sc: str | None) -> str:
    v = float(n.replace(",", "")) * (_SCALE[sc.strip().lower()] if sc else 1)  # "20k", "₹2 lakh"
    return str(int(v)) if v == int(v) else str(v)


# a number, with its currency word, right before the attribute noun ("a 500 deductible is 9,700",
# "a 1,000 dollar deductible"): the noun names that number, not the one after it
_OWN_NUMBER = rf"\d(?:\s?(?:{_CUR_WORD}))?\s*$"


def noun_slot(before: str) -> str | None:
    """The attribute slot the words right before a number name ("my limit is " -> budget), or None
    when the noun is the unit of a number said just before it ("a 500 deductible is 9,700")."""
    tail = before[-28:]
    m = _noun_before().search(tail)
    if m is None:
        return None
    if pattern(_OWN_NUMBER, re.IGNORECASE).search(before[: len(before) - len(tail) + m.start()]):
        return None
    return ATTRIBUTE_NOUNS.get(" ".join(m.group("noun").lower().split()))


def attribute_numbers(text: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, type, value, slot) of the numbers of text typed by their attribute (see the
    module doc); a number followed by a counted noun ("up to 4 people") is left to the count finders."""
    out: list[tuple[int, int, str, str, str]] = []
    for m in _kin_age().finditer(text):
        if int(m.group("n")) <= 120:
            out.append(
                (m.start("n"), m.end("n"), "number", m.group("n"), f"{KIN[m.group('kin').lower()]}_age")
            )
    for m in pattern(_PRONOUN_AGE, re.IGNORECASE).finditer(text):
        if int(m.group("n")) <= 120:
            out.append((m.start("n"), m.end("n"), "number", m.group("n"), "age"))
    for m in pattern(_NAMED_AGE).finditer(text):
        before = {w.lower().strip(",;") for w in text[: m.start()].split()[-1:]}
        if int(m.group("n")) <= 120 and not before & _THING_BEFORE:
            out.append((m.start("n"), m.end("n"), "number", m.group("n"), f"{m.group('name').lower()}_age"))
    for m in pattern(_NAMED_AGE_SHORT).finditer(text):
        name = m.group("name").lower()
        if int(m.group("n")) <= 120 and name not in FUNCTION_WORDS and not is_everyday(name):
            out.append((m.start("n"), m.end("n"), "number", m.group("n"), f"{name}_age"))
    for m in pattern(_AMOUNT, re.IGNORECASE).finditer(text):
        qualified = m.group("bound") or m.group("rate") or m.group("tail")
        if not qualified:
            continue
        nxt = re.match(r"\s+([A-Za-z][\w'-]*)", text[m.end() :])
        if nxt and nxt.group(1).lower() not in FUNCTION_WORDS and not (m.group("rate") or m.group("tail")):
            continue  # "up to 4 people", "under 2 hours": a count or a duration of its own
        value = _scaled(m.group("n"), m.group("sc"))
        money = bool(m.group("sym") or m.group("cur"))
        if money:
            cur = currency_before(m.group("sym") or "") or _CURRENCY_WORDS.get((m.group("cur") or "").lower())
            cur = cur or CURRENCIES.get((m.group("cur") or "").lower(), "USD")
            value = _money_value(m.group("n"), m.group("sc"), cur) or value
        ceiling = (m.group("tail") or "").strip().lower().startswith(("max", "tops"))  # "£30 a week tops"
        bound = "<=" if m.group("bound") or ceiling else ""
        role = None if bound else role_after(text[m.end() : m.end() + 24])  # "£4 a month cheaper"
        slot = noun_slot(text[: m.start()]) or role or ("budget" if bound else "amount")
        if slot == "amount" and _IN_ALL_TAIL.search(m.group(0)):
            slot = "total"  # "€4,196 in total": what it all comes to
        out.append((m.start(), m.end(), "money" if money else "number", bound + value, slot))
    amounts = money_amounts(text)
    for i, c in enumerate(amounts):  # "Basket total £14.10", "a $200 deposit": the sum due the noun names
        slot = sum_slot(text[max(0, c.start - 40) : c.start], text[c.end : c.end + 40])
        summed = slot is None and sums_before(text, amounts, i)
        slot = "total" if summed else slot or named_budget(text, c.start, c.end)
        rated = [k for k, (s, _, _, _, was) in enumerate(out) if s == c.start and was == "amount"]
        own = _BUDGET_BEFORE.search(text, max(0, c.start - 24), c.start)  # "Budget only HK$9,000 total"
        if slot == "total" and rated and not own:  # "at £24, so £48 a week", "so $940 total": the sum
            out[rated[0]] = (*out[rated[0]][:4], "total")
        elif slot is not None and not any(s < c.end and c.start < e for s, e, *_ in out):
            out.append((c.start, c.end, "money", c.value, slot))
    for m in pattern(_PERCENT, re.IGNORECASE).finditer(text):  # "0.5%", "1.5 percent": a rate
        near = text[max(0, m.start() - 40) : m.end() + 24]
        if not _SURE_AFTER.match(text, m.end()) and not _LIKELIHOOD.search(near):
            out.append((m.start(), m.end(), "number", f"{m.group('n')}%", "rate"))
    for m in pattern(rf"(?<![\w.,$£€¥/-])(?P<n>{_N})(?P<sc>k)?\b(?![.,]?\d)", re.IGNORECASE).finditer(text):
        slot = noun_slot(text[: m.start()])
        if slot is not None and not any(s <= m.start() < e for s, e, *_ in out):
            out.append((m.start(), m.end(), "number", _scaled(m.group("n"), m.group("sc")), slot))
    return out


# a price per unit said right before an amount, and a group or "in all" after it: the amount is the total
_PER_UNIT_BEFORE = re.compile(
    r"\b(?:per\s+[a-z]+|each|a\s+(?:person|head|night|ticket|room))\s*[,;]?\s*(?:so\s+|that's\s+|or\s+)?$",
    re.IGNORECASE,
)
_GROUP_AFTER = re.compile(
    r"^\s*(?:for\s+(?:the\s+)?(?:two|three|four|five|six|both|all|\d+)\b|in\s+all\b|altogether\b)",
    re.IGNORECASE,
)


# a budget noun (ATTRIBUTE_NOUNS) or a bound before an amount: the user's ceiling, never a sum said
_BUDGET_BEFORE = re.compile(
    r"\b(?:" + "|".join(n for n, slot in ATTRIBUTE_NOUNS.items() if slot == "budget") + r"|up\s+to|under)\b",
    re.IGNORECASE,
)
_IN_ALL_TAIL = re.compile(r"\b(?:in\s+total|in\s+all|altogether)$", re.IGNORECASE)
# an amount added to others ("$195 + $144"), and the result of a sum of amounts ("+ $12 = $351")
_ADDEND_AFTER = re.compile(r"^\s*[+＋]")
# what the parts come to: "$195 + $144 + $12 = $351", "at £4.20 is £63, plus £55.50 for the cups: £118.50"
_RESULT_BEFORE = re.compile(
    r"[+＋][^=+]{1,30}=\s*$|\bplus\s+[$£€¥]?\d[^=+:]{0,30}(?::|=|\bis|\bcomes\s+to|\bmakes)\s*$",
    re.IGNORECASE,
)


def total_spans(text: str, amounts: Sequence[Candidate] | None = None) -> list[tuple[int, int]]:
    """The spans of the amounts of a whole message that the amounts before them add up to
    (sums_before), across its sentences ("One firkin at £112. With the stillage at £40 and the juice
    at £38, that is £190."): each sentence alone holds only some of the parts. amounts: the message's
    money, when the caller read it already."""
    amounts = money_amounts(text) if amounts is None else amounts
    return [(c.start, c.end) for i, c in enumerate(amounts) if sums_before(text, amounts, i)]


def sum_slot(before: str, after: str) -> str | None:
    """The slot of a sum due that the noun right before an amount ("total comes to ", "amount due: ")
    or right after it (" deposit", " cancellation fee", " refund", " due") names, or the total a
    price per unit before it and a group after it make ("$300 per person, $600 for two"), or None. What a turn
    reports the user pays or gets back is its own attribute, never the user's budget."""
    if _ADDEND_AFTER.match(after):
        return None  # "Total: $195 + $144 ...": a part of the sum, not the sum
    if _RESULT_BEFORE.search(before):
        return "total"  # "$195 + $144 + $12 = $351": what the parts come to
    m = _SUM_BEFORE.search(before)
    if m is not None:
        slot = _SUM_SLOTS[" ".join(m.group("noun").lower().split())]
        return _HYPOTHETICAL.get(slot, slot) if m.group("would") else slot
    if _PER_UNIT_BEFORE.search(before) and _GROUP_AFTER.match(after):
        return "total"  # "$300 per person, $600 for two": what the party pays in all
    if (role := role_after(after)) is not None:
        return role
    m = _SUM_AFTER.match(after)
    if m is None:
        return None
    noun = (m.group("noun") or "").lower()
    return "fee" if m.group("fee") else "due" if noun in ("due", "owed") else _SUM_SLOTS[noun]


def role_after(after: str) -> str | None:
    """The role the word right after an amount names ("cheaper", "off" -> saving; "extra",
    "surcharge" -> extra), or None: a saving or an add-on's price stands beside the price it changes."""
    m = _ROLE_AFTER.match(after)
    return None if m is None else "saving" if m.group("saving") else "extra"


def asked_attribute(text: str) -> str | None:
    """The attribute a question asks for ("How old is your mother?" -> age, "Insurance: declared
    value?" -> value, "What's your budget?" -> budget), or None."""
    if "?" not in text:
        return None
    for rx, slot in _ASKS:
        if pattern(rx, re.IGNORECASE).search(text):
            return slot
    return asked_count(text) or en_asked_noun(text)


# the typed counts a question can ask for by the noun it counts ("How many rooms?")
_COUNTED_SLOTS = frozenset({"people", "rooms", "nights", "days"})
# "How many are in your group?", "How many of you?", "how many will be going?": a head count asked
# with no counted noun
_HEAD_COUNT = (
    r"\bhow\s+many\s+(?:of\s+(?:you|us)\b|(?:are|is|will)\b[^?]{0,30}\b(?:party|group|going|coming|"
    r"attending|joining|travel+ing|riding)\b)"
)


def asked_count(text: str) -> str | None:
    """The typed count a question asks for ("How many people?", "How many tickets do you need?" ->
    people, "How many rooms?" -> rooms, "How many are in your group?" -> people), or None: a bare
    number answering it is that count, the same attribute as a later "2 in my group" that corrects
    it, not a plain count standing beside it."""
    m = pattern(r"\bhow\s+many\s+(?P<noun>[a-z]+)", re.IGNORECASE).search(text)
    slot = COUNT_NOUNS.get(m.group("noun").lower()) if m else None
    if slot in _COUNTED_SLOTS:
        return slot
    return "people" if pattern(_HEAD_COUNT, re.IGNORECASE).search(text) else None


# a question for another value in place of one ("what other city", "which day instead")
_ANOTHER = r"\b(?:instead|else|other|another)\b"
# a question for a day or an hour: "when ...", or a noun asked alone ("Start?", "Takedown?", "Delivery
# day?"); a word asking for a yes ("OK?", "Right?") asks for no value
_ASKS_WHEN = (
    r"^\s*when\b|^\s*(?!(?:ok|okay|right|correct|alright|fine|good|sure|deal|yes|no|agreed|confirmed?|done|"
    r"anything|and|so|then|really|sorry|pardon|hello|hi)\b)[a-z]+(?:[\s-][a-z]+)?\s*\??\s*$"
)
_MOMENT_SLOTS = frozenset({"date", "time", "datetime"})


def asks_by_name(question: str, slot: str) -> bool:
    """True when a question asks for the attribute slot by its noun ("Which city will you apply
    in?" -> city, "what departure date" -> date), not for another value in place of one ("what
    other city", "which day instead")."""
    if pattern(_ANOTHER, re.IGNORECASE).search(question):
        return False
    if slot in _MOMENT_SLOTS and pattern(_ASKS_WHEN, re.IGNORECASE).search(question):
        return True  # "When may we collect?", "Start?": the day or hour of what the question names
    return bool(re.search(rf"\b(?:which|what)\s+(?:\w+\s+)?{re.escape(slot)}\b", question, re.IGNORECASE))


