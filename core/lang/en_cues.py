"""English cue words the stages ask about through the analyzer: intents, polite openers, goal
stopwords, declining and accepting an offer, soft preferences, self-doubt, amenities, and the words
that are never a value ("yes", "okay"). Moved here from the stage files (goals, extract, merge,
values) so that a language is added in core/lang alone.

Every pattern is compiled on first use (functools.cache), never at import time.
"""

from __future__ import annotations

import re

from core.lang.en_attributes import asked_attribute, asks_by_name  # noqa: F401  (cues)
from core.lang.en_joined import labelled_numbers, places_at, ranges_to  # noqa: F401  (cues of this module)
from core.lang.en_kin import kin_named  # noqa: F401  (a cue of this module)
from core.lang.en_none_found import finds_none  # noqa: F401  (a cue of this module)
from core.lang.en_offer_replies import (  # noqa: F401  (cues)
    answers_yes,
    joins_slot,
    names_slot,
    pick_position,
    points_at_pick,
    turns_away,
    yes_names_pick,
    yes_no_offers,
)
from core.lang.en_offers import named_pick, offered_options, option_span, points_at_offer  # noqa: F401  (cues)
from core.lang.en_pick import reads_back_pick  # noqa: F401  (a cue of this module)
from core.lang.en_questions import alternatives, asks_yes_no, last_question  # noqa: F401  (cues)
from core.lang.en_self_named import area_after, names_itself  # noqa: F401  (a cue of this module)
from core.lang.patterns import pattern

_INTENT_CUE = (
    r"\b(book|reserve|find|look(?:ing)? for|search|need|want|get|buy|order|schedule|rent|call|send|pay|"
    r"transfer|check|help|plan|visit|play|set|add|make|recommend|suggest|arrange|organi[sz]e|apply)\b|"
    r"\b(?:i|we)(?:'d|\s+would)\s+like\b"
)
# a want frame asking for a new thing: "I need a taxi", "we would also like to book a table"
_REQUESTS_NEW = (
    r"\b(?:do\s+you\s+have|recommend|suggest)\s+(?:me\s+|us\s+)?(?:a|an|some|any)\b|"
    r"(?<!\bdo\s)(?<!\bdid\s)(?<!\bdoes\s)\b(?:i|we)(?:'m|\s+am|'re|\s+are|'ll|\s+will|\s+do|\s+would)?(?:\s+also|\s+still|\s+just)?(?:\s+need|\s+want|"
    r"(?:'d|\s+would)\s+(?:also\s+)?like|\s+(?:look|search)(?:ing)?\s+for|\s+interested\s+in)\s+(?:\w+\s+)?"
    r"(?:a|an|some|to|one|two|three|four|five|\d+)\b|"
    r"\b(?:get|book|buy|reserve|order|make)\s+(?:me|us)\s+(?:\w+\s+)?"
    r"(?:a|an|some|one|two|three|four|\d+|tickets?)\b|"
    r"\b(?:help\s+me|you)\s+(?:get|book|buy|reserve|make|order)\s+(?:a|an|some|one|two|three|four|\d+)\b"
)
# a clause that opens by changing a value in play: "make it 9am", "actually change the date to ..."
_CHANGES_VALUE = (
    r"^\W*(?:(?:actually|oh|hmm+|wait|sorry|no|ok(?:ay)?|so|and|then|um+|uh+|please)[\s,.!]+)*"
    r"(?:make|change|switch|move|bump|update)\s+(?!sure\b)(?:it|that|this|them|those|the\s+\w+)\b"
)
_POLITE_PREFIX = (
    r"^(?:(?:hi|hello|hey|ok(?:ay)?|yes|yeah|sure|great|thanks?|thank you|please|so|well|also|and|now|"
    r"can you|could you|would you|will you|i would like to|i'd like to|i want to|i need to|i am|i'm|"
    r"i was wondering if|i wonder if|you|me|kindly|would you mind|do you know(?: of| if| whether)?|"
    r"(?:can you |could you )?tell me|know(?: if| whether| of)?|"
    r"i(?:'d| would)\s+(?:kindly\s+)?(?:request|ask)(?:\s+(?:that\s+)?you)?(?:\s+to)?|"
    r"i(?:'d| would)\s+(?:be\s+(?:grateful|thankful|glad|happy|obliged)|(?:really\s+)?appreciate\s+it)\s+"
    r"if\s+you\s+(?:could|would|can|might)(?:\s+please)?)[\s,.!]+)+"
)
# declining what was just offered: "no thanks", "not now", "maybe later"
_POLITE_DECLINE = (
    r"(?i)^(?:no,?\s*(?:thanks|thank\s+you)|nope|not\s+(?:now|yet|right\s+now|at\s+(?:the|this)\s+moment|"
    r"this\s+(?:moment|time)|today)|maybe\s+later|i['’]?ll\s+pass|don['’]?t\s+bother)\b"
)
_BARE_NO = r"(?i)^no\b(?!\s+(?:problem|worries))"
# a reply that opens by agreeing accepts what was just proposed, whatever else it goes on to ask
_ACCEPTANCE = (
    r"(?i)^(?:yes|yeah|yep|yup|sure|ok(?:ay)?|great|perfect|fine|alright|all right|correct|right|go ahead|"
    r"book it|do it|please do|go for it|go on then|go on(?=\s*(?:[.!]|$))|sounds (?:good|great|perfect|fine)|"
    r"i(?:'d| would)\s+(?:really\s+|definitely\s+|very\s+much\s+)?(?:like|love)\s+"
    r"(?:that|this|it)(?=\s*(?:[.!,]|$))|"
    r"that(?:'s| is| would be| will be| sounds| works)\s*"
    r"(?:good|great|fine|perfect|okay|ok|right|correct|wonderful|excellent|amazing|awesome|nice|for me)|"
    # "That should work", "that works.", "this will work for us": the offer fits
    r"(?:that|this|it)\s+(?:(?:should|would|will|could|might)\s+work|works)(?!\s+(?:if|only|unless|but|out)\b)|"
    # "That sounds interesting", "sounds lovely": a liking word after "sounds" (not "too ...")
    r"(?:(?:that|this|it)\s+)?sounds\s+(?:really\s+|very\s+)?"
    r"(?:interesting|nice|lovely|wonderful|excellent|fantastic|ideal|fun|like a plan|about right)|"
    r"let['’]s\s+(?:do|go\s+with|try|book)\s+(?:that|it|this)(?=\s*(?:[.!,]|$))|"
    # "I like that one.", "I'll take that one": the user picks the option just offered
    r"i(?:['’]ll|\s+will)?\s+(?:like|love|take|go\s+with)\s+(?:that|this)(?:\s+one)?(?=\s*(?:[.!,]|$)))\b"
)
_SOFT_PREFERENCE = r"\b(prefer(?:ably)?|ideally|if possible|would rather|i'?d rather)\b"
# what turns the rest of a negated clause into the positive half of a negation pair ("no cilantro,
# but extra lime is fine")
_NEGATION_PAIR = r"\b(?:but|instead|rather|better|fine|okay|ok)\b"
_SELF_DOUBT = (
    r"\b(i'?m not sure|not certain|let me (?:double[- ])?check again|i apologi[sz]e for the confusion|"
    r"i may have made a mistake|correction:)"
)
_OR_CONNECTIVE = r"\b(?:or|either|otherwise)\b"
# the user pointing at their own earlier words ("write my last question in it", "what I said before")
_QUOTES_BACK = (
    r"\bmy\s+(?:last|previous|prior|earlier|first|original|initial)\s+"
    r"(?:question|message|request|sentence|words|instruction|query|prompt)s?\b|"
    r"\b(?:question|request|words|sentence)s?\s+i\s+(?:just\s+|had\s+)?(?:asked|said|wrote|typed)\b|"
    r"\bwhat i (?:just |had )?(?:said|asked|wrote|typed)\b"
)
# asking about another value: "what about X", "how about X?", "and X?" (a short question of its own)
_ASKS_ABOUT_OTHER = (
    r"(?i)^\s*(?:(?:and|so|ok(?:ay)?|hmm|also)[\s,]+)?(?:what|how)\s+about\b|"
    r"^\s*and\s+(?:\S+\s+){0,2}\S+\s*\?\s*$"
)
# a request to find or book something (a search, a booking), unless it points at the thing in play
# ("book it", "find the address", "reserve that one")
_REQUEST = (
    r"(?i)\b(?:(?:find|look(?:ing)?\s+(?:for|up|into)|search(?:ing)?)\b"
    r"(?!\s+(?:me\s+|us\s+)?(?:it|that|this|them|those|one|the|their|his|her|its)\b)|"
    r"(?:book|reserve|rent|hire)\s+(?:me\s+|us\s+)?(?:a|an|some)\b)"
)
# a task beside the one in play: "I also need a house", "a car too", "now ...", "add it to my
# calendar", "something to do there"
_ADDS_TASK = (
    r"(?i)\b(?:also|too|as\s+well|in\s+addition|besides|add|schedule|"
    r"(?:things?|something|anything)\s+(?:\w+\s+){0,2}to\s+do)\b|^\W*now\b"
)
# asking for another option of the search in play: "anything else?", "find something different"
ANOTHER_OPTION = r"(?i)\b(?:else|others?|another|different|again|more|alternatives?|instead)\b"
# a question about the end of a span: "when are you coming back?", "checking out when?", "till what date?"
_ASKS_END = (
    r"(?i)\b(?:return(?:ing)?|com(?:e|ing)\s+back|get(?:ting)?\s+back|check(?:ing)?[\s-]*out|"
    r"drop(?:ping)?[\s-]*off|until|till|end)\b"
)
_DETERMINER = r"(?i)\b(?:the|this|that|our|my|your|same)\s+$"
_FREE_PREFIX = r"^(free)\s*"
# a clause that closes the conversation ("that is all I need today", "I'm all set for now"), at the
# start of the turn or of one of its sentences, after any thanks ("Thank you. That is all I need.",
# "Thanks a lot, that's all."): its "today" is the conversation's, not a value of the task
_CLOSING = (
    r"(?i)(?:^|[.!]\s)\s*(?:(?:ok(?:ay)?|thanks?(?:\s+you)?(?:\s+(?:a\s+lot|so\s+much|very\s+much))?)[,.!]?\s*)?"
    r"(?:no,?\s*)?(?:that(?:'s|\s+is|\s+was|\s+will\s+be|\s+would\s+be|\s+should\s+be)\s+"
    r"(?:all|everything)\b|(?:i\s+think\s+)?(?:i'm|i\s+am|we're|we\s+are)\s+(?:all\s+set|done|good)\b|"
    r"nothing\s+(?:else|more)\b)"
)
# the assistant asks whether the user wants anything more ("Is there anything else I can help you
# with?", "Can I help you with something else?"): a "no" to it closes the conversation
_OFFERS_MORE = (
    r"(?i)\b(?:anything|something)\s+(?:else|more)\b|\bhelp\s+(?:you\s+)?with\s+(?:anything|something)\b"
)
# a value said as a bound of a search ("after 13:30", "arrive by 8:15", "under $150", "4 stars or
# more"): a criterion, not the value of the thing found
_BOUND_BEFORE = (
    r"(?i)\b(?:after|before|by|until|till|(?:no|not)\s+(?:later|earlier)\s+than|later\s+than|"
    r"earlier\s+than|at\s+(?:least|most|the\s+latest|the\s+earliest)|under|over|below|above|"
    r"less\s+than|more\s+than|fewer\s+than|up\s+to|within|between|no\s+more\s+than|"
    r"no\s+less\s+than|max(?:imum)?|min(?:imum)?)\s+(?:of\s+|about\s+|around\s+)?$"
)
_BOUND_AFTER = (
    r"(?i)^\s*(?:or\s+(?:later|earlier|more|less|fewer|higher|lower|above|below|better|after|before|"
    r"so)|and\s+(?:up|above|over|later|after|higher)|\+|at\s+the\s+(?:latest|earliest)|at\s+most|"
    r"at\s+least|max(?:imum)?|min(?:imum)?)\b"
)
_DAY_OF_MONTH = r"\b(\d{1,2})(?:st|nd|rd|th)\b"
_MONTH_NAME = r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b"

GOAL_STOPWORDS = frozenset(
    (
        "i i'm i'd i'll me my we us our you your it its it's is are am was were be been being a an the "
        "this that these those there here of in on at to for from with by about as into some any please "
        "can could would will shall should do does did have has had got want wanted need needed like "
        "looking look also just so and or but then too very really maybe one which what where when who "
        "how if know tell give help let see"
    ).split()
)
# words that say nothing of what a clause is about: coverage does not look for them in the context
LIGHT_WORDS = frozenset(
    (
        "he she they them him her his hers their theirs he's she's they're we're you're that's "
        "say says said live lives lived go goes going went get gets make makes made take takes put "
        "fine good great okay yes yeah yep sure thanks thank thing things stuff lol now still "
        "not don't doesn't didn't isn't won't can't all both only more most much many"
    ).split()
)
# amenities named many ways, one slot each (general knowledge of what hotels and venues offer)
FACILITY_SLOTS = (
    ("wifi", "internet"), ("wi-fi", "internet"), ("internet", "internet"),
    ("parking", "parking"),
    ("breakfast", "breakfast"),
    ("pool", "pool"),
    ("gym", "gym"),
    ("pet", "pets"),
    ("laundry", "laundry"),
)
NON_VALUES = frozenset({"yes", "no", "ok", "okay", "sure", "none", "nothing", "yeah", "yep", "nope"})
# domain words that are sometimes a slot value of their own domain (hotel.type=hotel), never of another
DOMAIN_WORDS = {
    "hotel": "hotel",
    "restaurant": "restaurant",
    "taxi": "taxi",
    "train": "train",
    "bus": "bus",
    "flight": "flight",
    "attraction": "attraction",
    "movie": "movie",
    "event": "event",
}
ARTICLES = frozenset({"the", "a", "an"})
INDEFINITE_ARTICLES = frozenset({"a", "an"})
YES_NO = ("yes", "no")
# k = thousand ("5k")
NUMBER_MULTIPLIERS = {"k": 1e3, "K": 1e3}


def light_unit(unit: str) -> bool:
    """False: an English content unit is a content word already (core.shown.content_units)."""
    return False


def intent_cue(text: str) -> bool:
    """True when the clause names something to do (book, find, need, recommend, ...)."""
    return bool(pattern(_INTENT_CUE, re.I).search(text))


def strip_polite_prefix(text: str) -> str:
    """text without its polite opener ("Hi, could you ...")."""
    return pattern(_POLITE_PREFIX, re.I).sub("", text)


def declines(text: str) -> bool:
    """True when text opens by declining an offer ("no thanks", "not now", "maybe later")."""
    return bool(pattern(_POLITE_DECLINE).match(text))


def bare_no(text: str) -> bool:
    """True when text opens with a bare "no" (not "no problem")."""
    return bool(pattern(_BARE_NO).match(text))


def accepts(text: str) -> bool:
    """True when text opens by agreeing ("yes", "sounds good", "book it")."""
    return bool(pattern(_ACCEPTANCE).match(text))


def soft_preference(text: str) -> bool:
    """True when the clause softens its values into a preference ("ideally", "if possible")."""
    return bool(pattern(_SOFT_PREFERENCE, re.I).search(text))


def negation_pair(text: str) -> bool:
    """True when the text after a negation states its positive half ("but", "instead")."""
    return bool(pattern(_NEGATION_PAIR, re.I).search(text))


def requests_new(text: str) -> bool:
    """True when the clause asks for a new thing in a want frame ("I need a taxi", "we'd also like
    to book a table"), not an instruction about the task in play ("send the log to me")."""
    return bool(pattern(_REQUESTS_NEW, re.I).search(text))


def changes_value(text: str) -> bool:
    """True when the clause only changes a value already in play ("make it wednesday 9am",
    "actually make the budget 5000", "change that to 3 people"): a correction, never a new goal."""
    return bool(pattern(_CHANGES_VALUE, re.I).search(text))


def self_doubt(text: str) -> bool:
    """True when the speaker doubts what it said ("I'm not sure", "let me check again")."""
    return bool(pattern(_SELF_DOUBT, re.I).search(text))


def quotes_back(text: str) -> bool:
    """True when the user points at their own earlier words ("my last question", "what I said")."""
    return bool(pattern(_QUOTES_BACK, re.I).search(text))


# the user telling what they do or want next ("I'm thinking about...", "let's act on one that..."):
# a request in other words, whose values are the facts
_NARRATION = r"\b(?:i|i['’](?:m|ve|d|ll)|let['’]s|we['’](?:re|ve|d|ll))\b"


def narrates(text: str) -> bool:
    """True when the user narrates what they do or want next in the first person ("I'm thinking
    about...", "let's act on one that..."): a request in other words, not a value of their own."""
    return bool(pattern(_NARRATION, re.I).search(text))


def or_connective(text: str) -> bool:
    """True when text joins alternatives ("or", "either")."""
    return bool(pattern(_OR_CONNECTIVE, re.I).search(text))


_PLACE_BEFORE = r"\b(?:at|in|near|on|to|from)\s+(?:the\s+)?$"
_AT_BEFORE = r"\bat\s+(?:the\s+)?$"


def place_before(before: str, at: bool = False) -> bool:
    """True when the words right before a name place it ("a movie at ", "near the "): a venue (at:
    only where a thing is or is held, "happening at ", not where one goes to or comes from)."""
    return bool(pattern(_AT_BEFORE if at else _PLACE_BEFORE, re.I).search(before.rstrip(" :,") + " "))


# a thing named with "too" / "also" / "as well" right before the value: "the bark also 10 bags"
_ALSO_ANOTHER = r"(?i)\b(?:the|my|our)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:too|also|as\s+well)\b[^,.;!?]*$"


def also_another(before: str) -> bool:
    """True when the clause before a value names another thing the value is of, as well as the held one."""
    return bool(pattern(_ALSO_ANOTHER).search(before))


def ends_with_determiner(text: str) -> bool:
    """True when text ends with a definite determiner ("from the ", "this ")."""
    return bool(pattern(_DETERMINER).search(text))


def asks_about_other(text: str) -> bool:
    """True when the clause asks about another value beside the one in play ("what about glasgow
    tuesday", "how about the weekend?", "and Sunday?"): exploring, not correcting."""
    return bool(pattern(_ASKS_ABOUT_OTHER).search(text))


# a detail of the thing in play ("the reference number", "their phone number and postcode", "the
# travel time"), and the words a request for one is made of besides
_DETAIL = (
    r"(?i)\b(?:(?:contact|reference|ref|confirmation|booking|phone|telephone)\s+(?:numbers?|no\.?|#)|"
    r"numbers?|address(?:es)?|phones?|post\s*codes?|zip\s*codes?|car\s+types?|entrance\s+fees?|"
    r"(?:travel|departure|arrival)\s+times?|prices?|costs?|fees?|ref)\b"
)
_DETAIL_REQUEST_WORDS = frozenset(
    """i i'll i'd i'm we yes ok okay also too as well please and the their its a an your me us can could
    may would will need want like get have give know lastly then thanks thank you to of it that for just
    be able let tell send provide my our them each both with on reservation booking""".split()
)


def asks_detail_only(text: str) -> bool:
    """True when the clause asks only for details of the thing in play ("I need the reference number
    as well", "Can I also get their phone number and postcode?"): no new thing to find or book."""
    rest = re.sub(pattern(_DETAIL).pattern, " ", text, flags=re.IGNORECASE)
    left = re.findall(r"[a-z']+", rest.lower())
    return rest != text and all(w in _DETAIL_REQUEST_WORDS for w in left)


def opens_task(text: str) -> bool:
    """True when the clause asks for something new to be found or booked ("could you find me a car
    to go there?", "I also need a house"), not another option of the search in play ("anything
    else?", "search again"), the thing in play ("book it") nor a detail of it ("I need the reference
    number as well")."""
    if pattern(ANOTHER_OPTION).search(text) or asks_detail_only(text):
        return False
    return bool(pattern(_REQUEST).search(text) or (adds_task(text) and intent_cue(text)))


def asks_end(text: str) -> bool:
    """True when a question asks about the end of a span ("when would you like to return?",
    "and checking out when?", "till what date do you need the car?")."""
    return bool(pattern(_ASKS_END).search(text))


def adds_task(text: str) -> bool:
    """True when the clause names a task beside the one in play ("also", "too", "as well")."""
    return bool(pattern(_ADDS_TASK).search(text))


def closes(text: str) -> bool:
    """True when the clause closes the conversation ("that's all I need today", "I'm all set")."""
    return bool(pattern(_CLOSING).search(text))


def offers_more(text: str) -> bool:
    """True when the assistant asks whether the user wants anything more ("Anything else?")."""
    return bool(pattern(_OFFERS_MORE).search(text))


def bounds(before: str, after: str) -> bool:
    """True when the words around a value make it a bound of a search: before ends with "after",
    "by", "under", "at least" ..., or after opens with "or later", "or more", "and up" ..."""
    return bool(pattern(_BOUND_BEFORE).search(before) or pattern(_BOUND_AFTER).search(after))


def strip_free(text: str) -> str:
    """An amenity without its leading "free"."""
    return pattern(_FREE_PREFIX).sub("", text)


def day_of_month(text: str) -> re.Match[str] | None:
    """The first ordinal day of the month ("the 11th")."""
    return pattern(_DAY_OF_MONTH).search(text)


def names_month(text: str) -> bool:
    """True when text names a month ("March", "sep")."""
    return bool(pattern(_MONTH_NAME, re.I).search(text))


def strip_fillers(text: str) -> str:
    """text as it is: an English goal drops its function words one by one (GOAL_STOPWORDS)."""
    return text


def is_bare_one(word: str) -> bool:
    """True for "one" without a unit: a pronoun ("that one"), not a count."""
    return word == "one"


def numeral_values(text: str) -> list[float]:
    """Numbers spelled as words are read by the entity stage; the validator needs none here."""
    return []
