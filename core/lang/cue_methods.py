"""The cue methods of a LanguageAnalyzer: the cue words the stages ask about (accepting, declining,
fillers, amenities, ...), answered from the language's cue module (en_cues, zh_cues). The answers
over every language are in core.lang.cues (``any_language()``).
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import NamedTuple


class DayOfMonth(NamedTuple):
    """A day of the month found in text: where it starts and the day as written ('11')."""

    start: int
    day: str


class CueMethods:
    """Cue methods of a LanguageAnalyzer, answered from the module in ``_cues``."""

    _cues: ModuleType

    def intent_cue(self, text: str) -> bool:
        """True when the clause names something to do (book, find, 预订, ...)."""
        return self._cues.intent_cue(text)

    def strip_polite_prefix(self, text: str) -> str:
        """text without its polite opener ("Hi, could you ...", "请问")."""
        return self._cues.strip_polite_prefix(text)

    def strip_fillers(self, text: str) -> str:
        """A goal phrase without the fillers that go whole (Chinese 请, 一下, 吧, ...)."""
        return self._cues.strip_fillers(text)

    def is_stopword(self, word: str) -> bool:
        """True for a function word a goal phrase drops (lowercase word)."""
        return word in self._cues.GOAL_STOPWORDS

    def is_light_word(self, word: str) -> bool:
        """True for a function word or a light word (pronoun, 'says', 'fine') that tells nothing of
        what a clause is about (lowercase word): coverage does not look for it in the context."""
        return word in self._cues.GOAL_STOPWORDS or word in self._cues.LIGHT_WORDS

    def light_unit(self, unit: str) -> bool:
        """True for a content unit of a clause (core.shown.content_units) that tells nothing of what it
        speaks of: a Chinese character pair holding a pronoun, a particle or a relative ("我表" of 我表哥
        and 我表嫂, "奶奶"), so a later correction is not matched with a clause by it."""
        return self._cues.light_unit(unit)

    def declines(self, text: str) -> bool:
        """True when text opens by declining an offer ("no thanks", "不用了")."""
        return self._cues.declines(text)

    def bare_no(self, text: str) -> bool:
        """True when text opens with a bare no ("no, ...", "不，")."""
        return self._cues.bare_no(text)

    def accepts(self, text: str) -> bool:
        """True when text opens by agreeing ("yes", "sounds good", "好的")."""
        return self._cues.accepts(text)

    def yes_names_pick(self, text: str) -> bool:
        """True when a yes goes on to name what it takes ("yes to the box", "要视频")."""
        return self._cues.yes_names_pick(text)

    def soft_preference(self, text: str) -> bool:
        """True when the clause softens its values into a preference ("ideally", "最好")."""
        return self._cues.soft_preference(text)

    def negation_pair(self, text: str) -> bool:
        """True when the rest of a negated clause states its positive half ("but", "而是")."""
        return self._cues.negation_pair(text)

    def requests_new(self, text: str) -> bool:
        """True when the clause asks for a new thing ("I need a taxi", "帮我订")."""
        return self._cues.requests_new(text)

    def changes_value(self, text: str) -> bool:
        """True when the clause only changes a value in play ("make it 9am", "改成周三")."""
        return self._cues.changes_value(text)

    def self_doubt(self, text: str) -> bool:
        """True when the speaker doubts what it said ("I'm not sure", "我不确定")."""
        return self._cues.self_doubt(text)

    def quotes_back(self, text: str) -> bool:
        """True when the user points at their own earlier words ("my last question", "我刚才说的")."""
        return self._cues.quotes_back(text)

    def narrates(self, text: str) -> bool:
        """True when the user narrates their next step in the first person ("I'm thinking about...")."""
        return self._cues.narrates(text)

    def or_connective(self, text: str) -> bool:
        """True when text joins alternatives ("or", "或者")."""
        return self._cues.or_connective(text)

    def place_before(self, before: str, at: bool = False) -> bool:
        """True when the words right before a name place it ("a movie at ", "在"): a venue (at: only
        where a thing is or is held, "at ", not where one goes to or comes from)."""
        return self._cues.place_before(before, at)

    def closes(self, text: str) -> bool:
        """True when the clause closes the conversation ("that's all I need today", "就这些")."""
        return self._cues.closes(text)

    def offers_more(self, text: str) -> bool:
        """True when the assistant asks whether the user wants anything more ("Anything else?")."""
        return self._cues.offers_more(text)

    def asks_about_other(self, text: str) -> bool:
        """True when the user asks about another value beside the one in play ("what about X")."""
        return self._cues.asks_about_other(text)

    def opens_task(self, text: str) -> bool:
        """True when the clause asks for something new to be found or booked, not another option
        of the search in play ("could you find me a car?", not "anything else?")."""
        return self._cues.opens_task(text)

    def asks_another(self, text: str) -> bool:
        """True when the clause asks for another option of the search in play ("anything else?",
        "换一个")."""
        return bool(re.search(self._cues.ANOTHER_OPTION, text))

    def adds_task(self, text: str) -> bool:
        """True when the clause names a task beside the one in play ("also", "另外")."""
        return self._cues.adds_task(text)

    def asks_end(self, text: str) -> bool:
        """True when a question asks about the end of a span ("when would you like to return?")."""
        return self._cues.asks_end(text)

    def finds_none(self, text: str) -> str:
        """The words of the reports that a search found nothing ("there are no cinemas ..."), or ""."""
        return self._cues.finds_none(text)

    def reads_back_pick(self, text: str) -> int:
        """Where the pick starts in an assistant turn reading back the user's choice ("好的，选择X"); -1."""
        return self._cues.reads_back_pick(text)

    def offered_options(self, text: str) -> list[tuple[int, int]]:
        """The spans of the concrete options an assistant turn offers ("an accident rider")."""
        return self._cues.offered_options(text)

    def named_pick(self, text: str) -> str:
        """The words a user's turn takes an offered thing by ("do the rider" -> "rider"), or ""."""
        return self._cues.named_pick(text)

    def option_span(self, text: str, start: int, end: int) -> tuple[int, int]:
        """The whole option an assistant's turn says around a user's answer words text[start:end]."""
        return self._cues.option_span(text, start, end)

    def points_at_offer(self, question: str) -> bool:
        """True when a question points at the thing just offered by a pronoun ("Shall I add it?")."""
        return self._cues.points_at_offer(question)

    def yes_no_offers(self, text: str) -> list[tuple[int, int]]:
        """The spans of the things an assistant's yes/no questions offer ("需要接驳车吗？" -> "接驳车")."""
        return self._cues.yes_no_offers(text)

    def points_at_pick(self, text: str) -> bool:
        """True when a short reply takes the offered option by pointing at it ("that one", "就它吧")."""
        return self._cues.points_at_pick(text)

    def pick_position(self, text: str) -> int | None:
        """The place in the offered list a short reply takes ("the 2nd" -> 1), or None."""
        return self._cues.pick_position(text)

    def joins_slot(self, gap: str) -> bool:
        """True when the text between a day and a time joins them into one slot ("December 4 at 10:15")."""
        return self._cues.joins_slot(gap)

    def names_slot(self, reply: str, option: str) -> bool:
        """True when a short reply names an offered slot by its numbers and words ("dec 4", "29号的")."""
        return self._cues.names_slot(reply, option)

    def turns_away(self, text: str) -> bool:
        """True when an agreeing reply goes on with a contrast ("That's good, but ...", "不错，但是...")."""
        return self._cues.turns_away(text)

    def answers_yes(self, reply: str, asked: str) -> bool:
        """True when a reply says yes to the yes/no offer asked ("obviously yes", "要")."""
        return self._cues.answers_yes(reply, asked)

    def asked_attribute(self, text: str) -> str | None:
        """The attribute slot a question asks for ("How old is she?" -> age), or None."""
        return self._cues.asked_attribute(text)

    def names_itself(self, text: str, start: int, end: int, greeted: bool = False) -> bool:
        """True when the name text[start:end] opens a clause as the business answering names itself
        (a venue-type word, a yes or "this is" before it, or right after a greeting what it does)."""
        return self._cues.names_itself(text, start, end, greeted)

    def area_after(self, text: str, end: int) -> int | None:
        """Where the area said right after a business's name starts ("… in Delray Beach", "…在中关村"),
        or None."""
        return self._cues.area_after(text, end)

    def asks_by_name(self, question: str, slot: str) -> bool:
        """True when a question asks for the attribute slot by its noun ("Which city ...?")."""
        return self._cues.asks_by_name(question, slot)

    def kin_named(self, text: str) -> str:
        """The last relative a text names ("mum", "爸爸"), or ""."""
        return self._cues.kin_named(text)

    def asks_yes_no(self, question: str) -> bool:
        """True when a question asks for a yes or a no ("Anything else?", "需要预订吗？"), not a value."""
        return self._cues.asks_yes_no(question)

    def last_question(self, text: str) -> tuple[int, str]:
        """Where the last question of a turn starts and its text, (-1, "") when it asks none."""
        return self._cues.last_question(text)

    def alternatives(self, text: str) -> tuple[str, list[str]]:
        """The label and the options of the alternatives a turn's last question offers ("X or Y?")."""
        return self._cues.alternatives(text)

    def bounds(self, before: str, after: str) -> bool:
        """True when the words before / after a value make it a bound ("after 13:30", "4分以上")."""
        return self._cues.bounds(before, after)

    def ends_with_determiner(self, text: str) -> bool:
        """True when text ends with a definite determiner ("from the ")."""
        return self._cues.ends_with_determiner(text)

    def also_another(self, before: str) -> bool:
        """True when the words before a value say it is of another thing as well ("陶粒也加到")."""
        return self._cues.also_another(before)

    def strip_free(self, text: str) -> str:
        """An amenity without its leading "free" / 免费."""
        return self._cues.strip_free(text)

    def facility_slot(self, text: str) -> str | None:
        """The amenity slot (internet, parking, ...) the lowercase text names, or None."""
        return next((slot for cue, slot in self._cues.FACILITY_SLOTS if cue in text), None)

    def is_non_value(self, text: str) -> bool:
        """True for a lowercase entity text that carries no state ("yes", "okay", "好的")."""
        return text in self._cues.NON_VALUES

    def domain_word(self, text: str) -> str | None:
        """The domain a lowercase domain word names ("hotel", "酒店"), or None."""
        return self._cues.DOMAIN_WORDS.get(text)

    def is_article(self, word: str) -> bool:
        """True for an article a value is compared without ("the", "a")."""
        return word in self._cues.ARTICLES

    def is_indefinite_article(self, word: str) -> bool:
        """True for "a" / "an": "a table" is no count."""
        return word in self._cues.INDEFINITE_ARTICLES

    def is_bare_one(self, word: str) -> bool:
        """True for "one" without a unit (a pronoun, not a count)."""
        return self._cues.is_bare_one(word)

    def yes_no(self) -> tuple[str, str]:
        """The values of a yes/no slot in this language ("yes", "no" / "是", "否")."""
        return self._cues.YES_NO

    def day_of_month(self, text: str) -> DayOfMonth | None:
        """The first day of the month written as such ("the 11th", "11号"), or None."""
        m = self._cues.day_of_month(text)
        return DayOfMonth(m.start(), m.group(1)) if m else None

    def names_month(self, text: str) -> bool:
        """True when text names a month ("March", "3月")."""
        return self._cues.names_month(text)

    def number_multipliers(self) -> dict[str, float]:
        """Suffixes that multiply the number before them ("5k", "5千", "5w")."""
        return self._cues.NUMBER_MULTIPLIERS

    def places_at(self, gap: str) -> bool:
        """True when the words between two names put the first at the second ("X at Y", "X在Y")."""
        return self._cues.places_at(gap)

    def ranges_to(self, gap: str) -> bool:
        """True when the words between two times make them one span ("1pm to 3:30pm", "9点到11点")."""
        return self._cues.ranges_to(gap)

    def labelled_numbers(self, text: str) -> list[str]:
        """The phrases where a noun labels a list of numbers ("boxes 2 and 5"): which, not how many."""
        return self._cues.labelled_numbers(text)

    def numeral_values(self, text: str) -> list[float]:
        """Values of the numerals written in words in text ("五千" -> 5000) the validator reads."""
        return self._cues.numeral_values(text)
