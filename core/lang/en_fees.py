"""An amount said as the price of a service or an extra beside the thing bought: a fee of its own.

"Delivery to your house within Ibadan is ₦3,500", "Installation is $129", "A spare toner is £45", "He
is GH₵200" after "Would you like a referee?" is no price of the thing the user took: read as one more
value of the amount slot, each such fee replaced the price of the model the user had picked ("₦62,000"
shown only as replaced by the delivery's "₦3,500"). The amount is keyed by what it is for, the noun
that opens its clause ("delivery_fee", "installation_fee", "toner_fee"), when that noun is a service
or an extra of a purchase (not a word before the noun priced: "An insurance valuation is £150"), and
the clause says the amount is its price ("is", "costs", "comes to"); or by the service the seller does
for it ("Our technician installs for AED 150 per seat"), or the spare a pack holds ("A pack of 4 brush
heads is £12" -> head_pack), or the extra a question offers before it ("Would you like a moon filter?
$19." -> filter_fee).
"""

from __future__ import annotations

import re

from core.lang.en_lexicon import FUNCTION_WORDS

# services and extras priced beside the thing bought, with the slot word each is keyed by
_FEES = {
    "delivery": "delivery", "shipping": "delivery", "postage": "delivery", "installation": "installation",
    "install": "installation", "set-up": "setup", "setup": "setup", "assembly": "assembly",
    "fitting": "fitting", "labour": "labour", "labor": "labour", "call-out": "callout",
    "callout": "callout", "removal": "removal", "disposal": "removal", "referee": "referee",
    "warranty": "warranty", "insurance": "insurance", "deposit": "deposit", "toner": "toner",
    "battery": "battery", "tray": "extra", "cover": "extra", "case": "extra", "bag": "extra",
}  # fmt: skip
_OPENS = re.compile(
    r"(?:^|[.!?;]\s*)(?:the\s+|a\s+|an\s+|our\s+)?(?:[a-z-]+\s+){0,2}?"  # "An extra steamer tray is"
    rf"(?P<noun>{'|'.join(sorted(map(re.escape, _FEES), key=len, reverse=True))})s?\b"
    r"(?P<rest>[^.!?;]{0,50}?)\b(?:is|are|costs?|comes\s+to|will\s+be|would\s+be|runs?)\s+"
    r"(?:just\s+|only\s+|another\s+)?$",
    re.IGNORECASE,
)

# the service said as what the seller does for the amount ("Our technician installs for AED 150 per seat",
# "We deliver for £8")
_DOES_FOR = {
    "install": "installation", "deliver": "delivery", "ship": "delivery", "post": "delivery",
    "fit": "fitting", "assemble": "assembly", "mount": "installation",
}  # fmt: skip
_DOES = re.compile(
    rf"\b(?P<verb>{'|'.join(_DOES_FOR)})(?:s|es)?\s+(?:it\s+|them\s+|one\s+|each\s+)?"
    r"(?:by\s+(?:[a-z-]+\s+){1,2}?)?(?:for|at)\s+$",  # "We deliver by boda for 10,000 shillings"
    re.IGNORECASE,
)
# a pack of a consumable or a spare priced on its own ("A pack of 4 brush heads is £12", "a box of 20
# filters costs $15"): the pack's price, keyed by what it holds
_PACK = re.compile(
    r"(?:^|[.!?;]\s*)an?\s+(?:pack|set|box|bag|bottle|roll|pair|tin|carton|refill)\s+of\s+(?:\d+\s+)?"
    r"(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+?)s?\s+(?:is|are|costs?|comes\s+to)\s+(?:just\s+|only\s+)?$",
    re.IGNORECASE,
)
# an extra the seller offers in a question, priced right after it ("Would you like a moon filter? $19.",
# "Do you want the spare kneading paddle? ₱350.", "Shall I add a case for $25?"): the extra's price,
# keyed by its noun; the words before the noun are plain lower-case ones ("the Mauna 6 Dob? $389" offers
# a model, not an extra)
_OFFERED_EXTRA = re.compile(
    r"\b(?i:would\s+you\s+like|do\s+you\s+(?:want|need)|shall\s+(?:i|we)\s+add|can\s+(?:i|we)\s+add"
    r"|(?:want|like)\s+to\s+add|how\s+about)\s+(?:a|an|the|some|our)\s+(?:[a-z][a-z-]*\s+){0,3}?"
    r"(?P<noun>[a-z]{3,}?)s?(?:\s*\?\s*(?i:it['’]s\s+|that['’]s\s+|they['’]re\s+)?|\s+(?:for|at)\s+)"
    r"(?i:just\s+|only\s+|another\s+|an\s+extra\s+)?$"
)
# nouns that name no extra of their own ("Would you like the pink one? $20")
_NO_EXTRA = frozenset({"one", "ones", "thing", "other", "model", "colour", "color", "size", "option"})

# the service named right after the amount in a sum ("₦62,000 plus ₦3,500 delivery", "$10 engraving
# and $14 courier"): the amount is that service's fee
_SERVICES_AFTER = {**_FEES, "courier": "delivery", "engraving": "engraving", "gift-wrapping": "wrapping"}
_NAMED_AFTER = re.compile(
    rf"\s+(?:for\s+)?(?P<noun>{'|'.join(sorted(map(re.escape, _SERVICES_AFTER), key=len, reverse=True))})\b",
    re.IGNORECASE,
)
_SUMMED_BEFORE = re.compile(r"(?:\bplus|\band|\bwith|[,+])\s*$", re.IGNORECASE)


def fee_after(text: str, start: int, end: int) -> str | None:
    """The slot of the amount at start..end when a sum names it by the service after it ("plus ₦3,500
    delivery" -> "delivery_fee"), else None."""
    m = _NAMED_AFTER.match(text, end)
    if m is None or not _SUMMED_BEFORE.search(text, 0, start):
        return None
    return f"{_SERVICES_AFTER[m.group('noun').lower()]}_fee"


# the words that may follow a fee's noun before its amount: grammar and places ("Delivery inside the
# Ring Road is NPR 200"); a noun there is what is priced ("An insurance valuation is £150")
_OPENS_PLACE = FUNCTION_WORDS | {"inside", "outside", "beyond", "throughout", "under", "over", "across"}


def fee_slot(text: str, start: int) -> str | None:
    """The slot of the amount starting at start when its clause opens with a service or an extra and
    says the amount is its price (module doc: "Installation is $129" -> "installation_fee"), else None."""
    before = text[:start]
    if (does := _DOES.search(before)) is not None:
        return f"{_DOES_FOR[does.group('verb').lower()]}_fee"
    if (pack := _PACK.search(before)) is not None:
        return f"{pack.group('noun').lower()}_pack"
    if (extra := offered_extra(text, start)) is not None:
        return extra
    m = _OPENS.search(before)
    if m is None or re.search(r"\d", m.group("rest")):
        return None  # "Delivery on the 12th is ...": another value in between
    head = m.group("rest").split()[:1]
    if head and head[0].lower() not in _OPENS_PLACE:
        return None  # "An insurance valuation is £150": the noun after it is what is priced
    return f"{_FEES[m.group('noun').lower()]}_fee"


def offered_extra(text: str, start: int) -> str | None:
    """The slot of the amount starting at start when a question offering an extra stands right before it,
    in its sentence or the one before ("Would you like a moon filter? $19." -> "filter_fee"), else None."""
    m = _OFFERED_EXTRA.search(text, 0, start)
    if m is None or m.group("noun") in _NO_EXTRA:
        return None
    return f"{_FEES.get(m.group('noun'), m.group('noun'))}_fee"


def paid_for(text: str, start: int, end: int) -> str | None:
    """The fee slot of the amount at start..end, by the service its clause opens with or a sum names
    after it (fee_slot, fee_after); None for the price of the thing bought."""
    return fee_slot(text, start) or fee_after(text, start, end)
