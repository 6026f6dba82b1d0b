"""The interface every language analyzer implements; the parse stage only talks to this.

Slot hints (``Entity.slot``) and domains are canonical English names shared by all languages, so a
Chinese and an English session produce keys of the same shape (``hotel.price``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from core.lang.cue_methods import DayOfMonth
from core.model_kinds import AtomKind, Lang, Role
from core.models import ActionMarker, Entity, Negation

# Canonical slot hints a language analyzer may put in Entity.slot (None when no cue says which).
# end_date / end_time: the end of a stay, rental or trip (check-out, drop-off, return), kept apart
# from its start so that one never replaces the other. A count of another unit carries its noun as
# the slot ("40 pallets" -> pallet, core.lang.en_units), so counts of two units never share a key.
# birth_date / past_date: a date of birth ("born 14 March 1951") and a date a year or more before the
# message, never the date of the task that a later "next Wednesday" replaces. total / fee / deposit:
# a sum the speaker says is due, kept apart from the user's budget (due: still to pay, refund: paid
# back); bill / estimate / saving / extra: the roles an amount's noun names (a bill stated, a bill
# that would be, a saving or discount, an add-on's price), so amounts of different roles coexist;
# contact: a person named with a phone number or email ("Chloe Nguyen, 0433 555 219"): one to reach,
# and another contact named is another person. schedule: a recurring weekday range; size: measures
# joined by a times sign ("51×51毫米"). due_date: the day a thing falls due or runs out ("the
# certificate runs out on 2 January", "预产期1月3号", "3月5号到期"), never the day of the task.
CONTACT_SLOT = "contact"
# the days of something other than the task (a birth, a past event, a thing falling due): a correction
# of the task's day never retires them by their shape alone (core.retired_facts)
OTHER_DAY_SLOTS = frozenset({"birth_date", "past_date", "due_date"})
# the date of one item of a series named by its place ("第一次改到12月29日": session_1_date,
# "最后一次": session_last_date): that item's, never the date of the whole it belongs to
SERIES_SLOT_PREFIX = "session_"
SLOTS = (
    "time", "date", "datetime", "duration", "people", "count", "nights", "days", "rooms", "stars",
    "rating", "price", "price_range", "area", "food", "type", "name", "city", "origin", "destination",
    "address", "postcode", "phone", "ref", "email", "url", "file", "facility", "genre", "title", "person",
    CONTACT_SLOT,
    "album", "category", "end_date", "end_time", "birth_date", "past_date",
    "airline", "seat_class", "car_type", "item", "amount", "account", "age", "budget", "rate", "other",
    "refundable", "total", "fee", "deposit", "schedule", "due", "refund", "size",
    "bill", "estimate", "saving", "extra", "due_date",
    "wording",  # words in quotes (core.lang.quoted_wording)
    "with_name",  # the person a slot is with ("at 15:30 with Ruth Adeyemi": core.lang.en_slot_hints)
    "items", "diet",  # counts by kind in one list ("2 vegan and 1 pepperoni": core.lang.en_count_lists)
)

# Canonical task domains a language analyzer may return from domain().
DOMAINS = (
    "restaurant", "hotel", "attraction", "train", "taxi", "flight", "bus", "metro", "movie", "event",
    "music", "car_rental", "ride", "weather", "bank", "payment", "doctor", "dentist", "salon",
    "apartment", "home", "travel", "alarm", "calendar", "messaging", "media", "shopping", "police",
    "hospital", "general",
)

# Domains that are one service named two ways (a cab and a ride-share both drive the user somewhere):
# a clause naming one while the other is the task being talked about speaks of that task, so its
# values land on the same keys and a restated value replaces the earlier one.
SAME_SERVICE = (frozenset({"taxi", "ride"}),)


def same_service(a: str | None, b: str | None) -> bool:
    """True when domains a and b differ but name one service (SAME_SERVICE)."""
    return bool(a and b and a != b and any(a in group and b in group for group in SAME_SERVICE))


class LanguageAnalyzer(Protocol):
    """What the parse stage needs from a language. All methods are pure and fast (< 1 ms typical)."""

    lang: Lang

    def split(self, text: str) -> list[str]:
        """Split a turn into clauses/sentences; each is a substring of text, in order, none empty."""
        ...

    def entities(self, text: str, ts: datetime | None) -> list[Entity]:
        """Typed values with surface, normalized value, offsets into text and a slot hint.

        Dates and times are normalized against ts (the message time; now() if None is NOT
        allowed: use a fixed reference so output is deterministic)."""
        ...

    def negations(self, text: str) -> list[Negation]:
        """Prohibitions and dislikes kept whole ('no spicy food', '不要靠窗的座位')."""
        ...

    def amounts_apart(self, text: str) -> dict[tuple[int, int], str]:
        """The spans of a whole message's amounts its sentences read together, each with its slot: totals the
        amounts before them add up to ('£112. With ... £40 and ... £38, that is £190'), and prices of an
        extra a question right before them offers ('Would you like a moon filter? $19.': filter_fee)."""
        ...

    def asked_negations(self, text: str) -> list[Negation]:
        """The negated actions a question asks for ('能不能不砸砖？', 'could you not call before 9?'):
        a request put as a question forbids what it negates, like the same request said plainly."""
        ...

    def asks_favour(self, text: str) -> bool:
        """True when a question asks for a thing to be done or allowed ("can you cut it off?",
        "能不能顺便洗个车"): what it asks done is the user's instruction (core.proposals)."""
        ...

    def kind(self, text: str, role: Role) -> AtomKind:
        """The clause's kind: instruction, constraint, preference, question, answer, ..."""
        ...

    def domain(self, text: str, current: str | None = None) -> str | None:
        """The task domain the clause names (one of DOMAINS), or None. current: the domain of the
        conversation so far; a word that only suggests a domain should not switch away from it."""
        ...

    def pinned(self, text: str) -> bool:
        """True when the user stresses the clause (must, important, make sure, 务必, 一定)."""
        ...

    def is_correction(self, text: str) -> bool:
        """True when the clause replaces an earlier value ('actually', 'instead', '改成')."""
        ...

    def proposes_alternative(self, text: str) -> bool:
        """True when an assistant's clause offers its value in place of the user's ('sorry, 19:45 is
        taken; how about 18:45?', '没有7点的了，8点可以吗'): only then does a yes replace the user's value."""
        ...

    def action(self, text: str, role: Role) -> ActionMarker | None:
        """An action the assistant reports done, failed, pending or offers ('I have booked ...')."""
        ...

    def declined_value(self, text: str, start: int, end: int) -> bool:
        """True when the value at text[start:end] qualifies an action the speaker declines ("I don't
        want to book it today", "今天不订了"): the clause says what will not be done then, so the
        value is no new value of its attribute."""
        ...

    def day_words(self, surface: str) -> str | None:
        """The words of the day in a value said as one day-and-hour phrase ("下个礼拜六" of
        "下个礼拜六早上七点"), or None: when a bare hour replaces the hour, the day still holds."""
        ...

    # The cue words the stages ask about (implemented once by core.lang.cue_methods.CueMethods over the
    # language's <lang>_cues module): a stage file holds no word of any language.

    def intent_cue(self, text: str) -> bool:
        """True when the clause names something to do (book, find, 预订, ...)."""
        ...

    def strip_polite_prefix(self, text: str) -> str:
        """text without its polite opener ("Hi, could you ...", "请问")."""
        ...

    def strip_fillers(self, text: str) -> str:
        """A goal phrase without the fillers that go whole (Chinese 请, 一下, 吧, ...)."""
        ...

    def is_stopword(self, word: str) -> bool:
        """True for a function word a goal phrase drops."""
        ...

    def is_light_word(self, word: str) -> bool:
        """True for a function or light word that tells nothing of what a clause is about."""
        ...

    def light_unit(self, unit: str) -> bool:
        """True for a content unit (core.shown.content_units) that says nothing of a clause's topic."""
        ...

    def declines(self, text: str) -> bool:
        """True when text opens by declining an offer ("no thanks", "不用了")."""
        ...

    def bare_no(self, text: str) -> bool:
        """True when text opens with a bare no."""
        ...

    def accepts(self, text: str) -> bool:
        """True when text opens by agreeing ("yes", "sounds good", "好的")."""
        ...

    def yes_names_pick(self, text: str) -> bool:
        """True when a yes goes on to name what it takes ("yes to the box", "yes anchor it", "要视频"),
        not a courtesy ("yes, that sounds great") nor a request ("yes, please book it")."""
        ...

    def soft_preference(self, text: str) -> bool:
        """True when the clause softens its values into a preference ("ideally", "最好")."""
        ...

    def negation_pair(self, text: str) -> bool:
        """True when the rest of a negated clause states its positive half ("but", "而是")."""
        ...

    def requests_new(self, text: str) -> bool:
        """True when the clause asks for a new thing ("I need a taxi", "帮我订")."""
        ...

    def changes_value(self, text: str) -> bool:
        """True when the clause only changes a value in play ("make it 9am", "改成周三")."""
        ...

    def self_doubt(self, text: str) -> bool:
        """True when the speaker doubts what it said ("I'm not sure", "我不确定")."""
        ...

    def or_connective(self, text: str) -> bool:
        """True when text joins alternatives ("or", "或者")."""
        ...

    def place_before(self, before: str, at: bool = False) -> bool:
        """True when the words right before a name place it ("a movie at ", "在"): a venue (at: only
        where a thing is or is held)."""
        ...

    def closes(self, text: str) -> bool:
        """True when the clause closes the conversation ("that's all I need today", "就这些")."""
        ...

    def offers_more(self, text: str) -> bool:
        """True when the assistant asks whether the user wants anything more ("Anything else?")."""
        ...

    def asks_about_other(self, text: str) -> bool:
        """True when the user asks about another value beside the one in play ("what about glasgow
        tuesday", "and Sunday?", "那上海呢"): a question, no correction of a value acted on."""
        ...

    def opens_task(self, text: str) -> bool:
        """True when the clause asks for something new to be found or booked ("could you find me a
        car?", "I also need a house", "另外帮我订"), not another option of the search in play
        ("anything else?", "换一个") nor the thing in play ("book it")."""
        ...

    def adds_task(self, text: str) -> bool:
        """True when the clause names a task beside the one in play ("also", "too", "另外")."""
        ...

    def asks_another(self, text: str) -> bool:
        """True when the clause asks for another option of the search in play ("anything else?",
        "find something different", "换一个")."""
        ...

    def asks_end(self, text: str) -> bool:
        """True when a question asks about the end of a span ("when would you like to return?",
        "and checking out when?", "几号退房")."""
        ...

    def asks_yes_no(self, question: str) -> bool:
        """True when a question asks for a yes or a no ("Would you like me to book it?", "Anything
        else?", "需要预订吗？"), not for a value ("Delivery address?", "X or Y?", "X还是Y？")."""
        ...

    def last_question(self, text: str) -> tuple[int, str]:
        """Where the last question of a turn starts and its text, (-1, "") when it asks none."""
        ...

    def alternatives(self, text: str) -> tuple[str, list[str]]:
        """The label and the options of the alternatives a turn's last question offers ("Premium
        term: 10-year pay or 20-year pay?", "10年交还是20年交？"); ("", []) when it offers none."""
        ...

    def finds_none(self, text: str) -> str:
        """The words of an assistant's reports that a search found nothing ("there are no cinemas in
        the west", "没有找到川菜馆"), "" when it reports none."""
        ...

    def reads_back_pick(self, text: str) -> int:
        """Where the pick starts in an assistant turn that opens by acknowledging the user's choice
        and naming it ("好的，选择安心老人意外" -> the offset of the name), or -1."""
        ...

    def offered_options(self, text: str) -> list[tuple[int, int]]:
        """The spans of the concrete options an assistant turn offers in an offer frame ("X has an
        accident rider for $140" -> "accident rider"), in order; [] when it offers none."""
        ...

    def named_pick(self, text: str) -> str:
        """The words a user's turn takes an offered thing by ("do the rider" -> "rider"), or ""."""
        ...

    def option_span(self, text: str, start: int, end: int) -> tuple[int, int]:
        """The whole option an assistant's turn says around the words text[start:end] a user answered
        with ("underhill" -> "88 Underhill Ave #2", "Electroworld" -> "Electroworld Online £649.00")."""
        ...

    def points_at_offer(self, question: str) -> bool:
        """True when a question points at the thing just offered by a pronoun ("Shall I add it?")."""
        ...

    def yes_no_offers(self, text: str) -> list[tuple[int, int]]:
        """The spans of the things an assistant's yes/no questions offer ("Would you like us to haul
        away your old couch?" -> "haul away your old couch", "需要接驳车吗？" -> "接驳车")."""
        ...

    def points_at_pick(self, text: str) -> bool:
        """True when a short reply takes the offered option by pointing at it ("that one", "就它吧")."""
        ...

    def pick_position(self, text: str) -> int | None:
        """The place in the offered list a short reply takes ("the 2nd" -> 1, "最后一个" -> -1), or None."""
        ...

    def joins_slot(self, gap: str) -> bool:
        """True when the text between a day and a time joins them into one slot ("December 4 at 10:15")."""
        ...

    def names_slot(self, reply: str, option: str) -> bool:
        """True when a short reply names an offered slot by its numbers and words ("dec 4", "29号的")."""
        ...

    def turns_away(self, text: str) -> bool:
        """True when an agreeing reply goes on with a contrast ("That's good, but ...", "不错，但是...")."""
        ...

    def answers_yes(self, reply: str, asked: str) -> bool:
        """True when a reply says yes to the yes/no offer asked in a way accepts does not read
        ("obviously yes"; "要" to "需要接驳车吗？")."""
        ...

    def asked_attribute(self, text: str) -> str | None:
        """The attribute slot a question asks for ("How old is she?" -> age, "预算多少？" -> budget), or
        None: a bare number answering it is that attribute's value."""
        ...

    def names_itself(self, text: str, start: int, end: int) -> bool:
        """True when the name text[start:end] opens a clause and ends in a venue-type word ("Yes, Red
        Scissors Studio on Tyler Street runs ...", "可以的，杨家埠风筝坊有…"): said in the reply to the
        user's opening turn, the business naming itself (core.own_venue)."""
        ...

    def asks_by_name(self, question: str, slot: str) -> bool:
        """True when a question asks for the attribute slot by its noun ("Which city will you apply
        in?", "在哪个城市办理？"), not for another value in place of one ("what other city")."""
        ...

    def kin_named(self, text: str) -> str:
        """The last relative a text names ("my mum", "爸爸"), or "": whom a value beside it is of."""
        ...

    def bounds(self, before: str, after: str) -> bool:
        """True when the words before / after a value make it a bound of a search ("after 13:30",
        "under $150", "4分以上"): a criterion, never replaced by the value of a thing found."""
        ...

    def also_another(self, before: str) -> bool:
        """True when the words before a value name another thing the value is of as well ("陶粒也加到
        10袋" after "土拿50袋"): a count of that thing, beside the one held."""
        ...

    def ends_with_determiner(self, text: str) -> bool:
        """True when text ends with a definite determiner ("from the ")."""
        ...

    def strip_free(self, text: str) -> str:
        """An amenity without its leading "free" / 免费."""
        ...

    def facility_slot(self, text: str) -> str | None:
        """The amenity slot (internet, parking, ...) the lowercase text names, or None."""
        ...

    def is_non_value(self, text: str) -> bool:
        """True for a lowercase entity text that carries no state ("yes", "好的")."""
        ...

    def domain_word(self, text: str) -> str | None:
        """The domain a lowercase domain word names ("hotel", "酒店"), or None."""
        ...

    def is_article(self, word: str) -> bool:
        """True for an article a value is compared without."""
        ...

    def is_indefinite_article(self, word: str) -> bool:
        """True for an indefinite article ("a table" is no count)."""
        ...

    def is_bare_one(self, word: str) -> bool:
        """True for "one" without a unit (a pronoun, not a count)."""
        ...

    def yes_no(self) -> tuple[str, str]:
        """The values of a yes/no slot in this language."""
        ...

    def day_of_month(self, text: str) -> DayOfMonth | None:
        """The first day of the month written as such ("the 11th", "11号"), or None."""
        ...

    def names_month(self, text: str) -> bool:
        """True when text names a month ("March", "3月")."""
        ...

    def number_multipliers(self) -> dict[str, float]:
        """Suffixes that multiply the number before them ("5k", "5千")."""
        ...

    def numeral_values(self, text: str) -> list[float]:
        """Values of the numerals written in words ("五千" -> 5000)."""
        ...
