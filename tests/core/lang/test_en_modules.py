"""The English analyzer's modules called directly (test_en.py goes through EnglishAnalyzer): each
finder's values and offsets, so a change inside one module is caught where it is made."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from core.lang import (
    en_action_markers,
    en_counts,
    en_dates,
    en_discourse,
    en_domain,
    en_names,
    en_negations,
    en_numbers,
    en_phrases,
    en_times,
    en_values,
)

pytestmark = pytest.mark.unit
MONDAY = datetime(2026, 1, 5, 12, 0)


@pytest.mark.parametrize(
    "text, value",
    [
        ("one thousand seven hundred and eighty", 1780),
        ("twenty-five", 25),
        ("a hundred", 100),
        ("two thousand five hundred", 2500),
        ("banana", None),
        ("", None),
    ],
)
def test_spelled_out_numbers(text: str, value: int | None) -> None:
    assert en_numbers.words_to_int(text) == value


def test_numbers_with_digits_ordinals_and_their_shortest_text() -> None:
    assert en_numbers.to_number("1,250.5") == 1250.5
    assert en_numbers.to_number("3rd") == en_numbers.to_number("third") == 3.0
    assert en_numbers.to_number("seven") == 7.0 and en_numbers.to_number("soon") is None
    assert en_numbers.format_number(4.0) == "4" and en_numbers.format_number(12.5) == "12.5"


def test_times_are_24_hour_and_a_bare_hour_after_a_cue_is_weaker() -> None:
    text = "Meet at 7pm or at 19:30, or at 7"
    spans = {text[s.start : s.end]: s for s in en_times.find_times(text)}
    assert spans["7pm"].value == "19:00" and not spans["7pm"].cued
    assert spans["19:30"].value == "19:30"
    assert spans["7"].value == "07:00" and spans["7"].cued


def test_digits_to_digits_is_a_ratio_or_a_range_not_minutes_to_an_hour() -> None:
    """ "1 to 1" lessons are no time, "9 to 5" starts at 9 (not 4:51); a clock says "ten to six"."""
    assert en_times.find_times("i'd do better 1 to 1, once a week") == ()
    assert [t.value for t in en_times.find_times("full day 9 to 5")] == ["09:00"]  # a range, from 9
    assert [t.value for t in en_times.find_times("ten to six")] == ["05:50"]
    assert [t.value for t in en_times.find_times("5 minutes to 6")] == ["05:55"]
    assert [t.value for t in en_times.find_times("20 past 4")] == ["04:20"]


def test_a_range_of_hours_with_a_dash_starts_at_its_first_hour() -> None:
    """ "tomorrow 1-3pm" is a window from 13:00 (it was 3pm alone, its start lost), as "1 to 3pm" is."""
    spans = {(s.start, s.end): s.value for s in en_times.find_times("pickup tomorrow 1-3pm")}
    assert spans[(16, 21)] == "13:00"
    assert en_times.find_times("ages 3-5") == ()


def test_a_count_after_a_period_word_is_no_time() -> None:
    """'sat night, 4 of us': the party, not 04:00; 'evening 4:30' stays a time."""
    assert [t for t in en_times.find_times("any homestay for fri and sat night, 4 of us, 2 rooms")] == []
    assert "16:30" in [t.value for t in en_times.find_times("evening 4:30 please")]


def test_dates_resolve_against_the_reference_day() -> None:
    text = "tomorrow, on 12 March, or next Wednesday"
    spans = {text[s.start : s.end]: s.value for s in en_dates.find_dates(text, MONDAY)}
    assert spans["tomorrow"] == "2026-01-06"
    assert spans["12 March"] == "2026-03-12"
    wednesday = date.fromisoformat(spans["next Wednesday"])
    assert wednesday.weekday() == 2 and 0 < (wednesday - MONDAY.date()).days <= 14


@pytest.mark.parametrize(
    ("text", "first", "second", "first_day", "second_day"),
    [
        ("we're away 4 to 8 January", "4", "8 January", "2027-01-04", "2027-01-08"),
        ("5th-7th January", "5th", "7th January", "2027-01-05", "2027-01-07"),
        ("January 4 to 8", "January 4", "8", "2027-01-04", "2027-01-08"),
    ],
)
def test_two_days_sharing_one_month_are_two_dates_of_it(
    text: str, first: str, second: str, first_day: str, second_day: str
) -> None:
    """"4 to 8 January" read only the 8th as a date (the 4 was a time or nothing): the range lost
    its first day and the month of the other."""
    spans = {text[s.start : s.end]: s.value for s in en_dates.find_dates(text, datetime(2026, 12, 1, 9))}
    assert (spans[first], spans[second]) == (first_day, second_day)


@pytest.mark.parametrize("text", ["Jan 4 to 8pm", "March the 3rd", "from 4 to 8 people"])
def test_a_day_range_needs_a_month_and_no_hour(text: str) -> None:
    spans = {text[s.start : s.end] for s in en_dates.find_dates(text, MONDAY)}
    assert "8" not in spans and "4" not in spans and "3rd" not in spans


def test_negations_keep_cue_and_target_whole() -> None:
    found = en_negations.find_negations("No cilantro, and I don't want a window seat.")
    assert [(n.cue, n.target) for n in found] == [("No", "cilantro"), ("don't want", "a window seat")]


def test_phrase_lookup_finds_the_longest_phrase_at_each_word() -> None:
    assert en_phrases.phrase_key("  L.A.  ") == "l.a"
    table = {"new york": 1, "new york city": 2, "city": 3}
    assert en_phrases.max_words(table) == 3
    text = "I fly to New York City"
    found = en_phrases.find_phrases(text, table, 3)
    assert (9, 22, "new york city") in found and (18, 22, "city") in found
    assert "new york" not in {key for _, _, key in found}  # the longer phrase wins at "New"


def test_sentences_split_at_their_ends() -> None:
    got = en_discourse.split_sentences("I need a hotel. It should be cheap! Is parking free?")
    assert got == ["I need a hotel.", "It should be cheap!", "Is parking free?"]


def test_discourse_cues() -> None:
    assert en_discourse.is_correction("Actually, make it 8pm instead.")
    assert not en_discourse.is_correction("It is 8pm.")
    assert en_discourse.is_pinned("It must be vegetarian.")
    assert not en_discourse.is_pinned("Vegetarian would be nice.")
    assert en_discourse.proposes_alternative("Would you like to try the Golden Wok instead?")
    assert not en_discourse.proposes_alternative("Your table is booked.")


def test_the_domain_is_named_or_kept() -> None:
    assert en_domain.find_domain("I need a taxi to the station") == "taxi"
    assert en_domain.find_domain("I need a hotel in the north") == "hotel"
    assert en_domain.find_domain("nothing to see here") is None


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("I want to watch a movie tonight", "movie"),
        ("we could watch it at the Regal", "movie"),
        # a noun of watching names no film
        ("I want to book whale watching for my parents", None),
        ("Is this Bay Breeze Whale Watch at Fisherman's Wharf?", None),
    ],
)
def test_watch_names_a_film_only_as_the_verb_of_seeing_one(text: str, domain: str | None) -> None:
    assert en_domain.find_domain(text) == domain


def test_an_assistant_action_is_done_or_offered() -> None:
    done = en_action_markers.find_action("I have booked the table for you.", "assistant")
    offered = en_action_markers.find_action("Shall I book it?", "assistant")
    assert done is not None and (done.verb, done.status) == ("book", "done")
    assert offered is not None and (offered.verb, offered.status) == ("book", "offered")


def test_money_is_normalised_to_amount_and_currency() -> None:
    text = "It costs $1,200 or 300 EUR"
    found = {text[c.start : c.end]: c for c in en_values.money(text)}
    assert found["$1,200"].value == "1200 USD" and found["300 EUR"].value == "300 EUR"
    assert {c.type for c in found.values()} == {"money"}


def test_quantities_carry_their_unit_as_the_slot() -> None:
    text = "a table for 4 people, two rooms"
    found = {text[c.start : c.end]: c for c in en_counts.quantities(text) if c.type == "quantity"}
    assert (found["4 people"].value, found["4 people"].slot) == ("4 people", "people")
    assert (found["two rooms"].value, found["two rooms"].slot) == ("2 rooms", "rooms")


def test_names_are_found_by_capitals_and_venue_words() -> None:
    text = "I am staying at the Acorn Guest House with John Smith."
    spans = {(text[n.start : n.end], n.how) for n in en_names.find_names(text)}
    assert ("Acorn Guest House", "venue") in spans
    assert any(surface == "John Smith" for surface, _ in spans)
    assert en_names.is_everyday("table") and not en_names.is_everyday("acorn")


def test_a_verb_after_an_infinitive_to_is_no_destination() -> None:
    """'want to examine different alternatives', 'need to annul my booking': the words after 'to'
    are a verb and its object, not a place (they became destination=examine / annul before)."""
    for text in (
        "I need to schedule a flight soon and want to examine different alternatives.",
        "I also need to annul my hotel booking.",
        "We plan to reconsider the whole trip.",
    ):
        assert [text[n.start : n.end] for n in en_names.find_names(text)] == [], text
    for text, place in (
        ("I need a train to cambridge the day after", "cambridge"),
        ("i need to book a taxi to ballare", "ballare"),
        ("I would like to travel to ely on saturday", "ely"),
    ):
        spans = {(text[n.start : n.end], n.how) for n in en_names.find_names(text)}
        assert (place, "travel") in spans, text


def test_budget_as_a_noun_names_no_price_range() -> None:
    """'my budget is $500' states an amount; it read as price_range=cheap before. 'a budget hotel'
    still is one."""
    from core.lang.en_terms import terms

    def price_ranges(text: str) -> list[str]:
        return [c.value for c in terms(text) if c.slot == "price_range"]

    assert price_ranges("No red-eye flights please, and my budget is $500.") == []
    assert price_ranges("We have a budget of 300 dollars.") == []
    assert price_ranges("I want a budget hotel in the north") == ["cheap"]
    assert price_ranges("is it budget?") == ["cheap"]


def test_a_sentence_opening_verb_starts_no_name() -> None:
    """'Write my last question in it.' gave general.name=Write, which then 'replaced' a real value;
    'Booked United UA45 ...' gave the name 'Booked United UA45'."""
    for text, names in (
        ("Write my last question in it.", []),
        ("Booked United UA45 on Friday at 4pm.", ["United UA45"]),
        ("Found Delta DL123 at 3pm.", ["Delta DL123"]),
        ("Update the ticket please.", []),
    ):
        assert sorted({text[n.start : n.end] for n in en_names.find_names(text)}) == names, text


def test_a_verb_like_genre_word_with_its_object_is_the_verb() -> None:
    """'Go ahead and play the movie.' gave movie.genre=play (the 'and' before it read as a list), which
    then replaced the user's genre 'comedy'. 'a play this week' and 'music, play or dance' still name
    the kind."""
    from core.lang.en_terms import terms

    def genres(text: str) -> list[str]:
        return [c.value for c in terms(text) if c.slot in ("genre", "category")]

    assert genres("Go ahead and play the movie.") == []
    assert genres("Sure, and play it on the TV.") == []
    assert "play" in genres("I would like to see a play this week.")
    assert "play" in genres("Do you like music, play or dance?")


def test_a_request_question_turns_down_the_value_after_its_contrastive_not() -> None:
    """ "can the teacher be Spain Spanish not Latin American?" asks for one value and rejects the other;
    a question of fact ("do you not have parking?") rejects nothing."""
    from core.lang.en_negations import asked_negations

    asked = asked_negations("Oh one thing, can the teacher be Spain Spanish not Latin American?")
    assert [n.target for n in asked] == ["Latin American"]
    blue = asked_negations("could you make it the blue one, not the grey one?")
    assert [n.target for n in blue] == ["the grey one"]
    assert asked_negations("do you not have parking?") == []
    assert asked_negations("is there no cheap place?") == []
    assert [n.target for n in asked_negations("can you not call before 9?")] == ["call before 9"]


def test_a_number_after_the_noun_it_labels_is_no_count() -> None:
    """"flat 5", "news item 6", "gate 12" name a thing; "5 tickets", "party of 6", "just 2" count."""
    numbers = en_counts.numbers
    for labelled in ("sorry its flat 5.", "what about market news item 6?", "gate 12 please", "room 305"):
        assert numbers(labelled) == [], labelled
    assert [c.value for c in numbers("just 2 please")] == ["2"]
    assert [c.value for c in numbers("a table for 4")] == ["4"]


def test_a_labelled_number_is_an_identifier_of_its_own() -> None:
    """ "flat 5" is one id, so "flat 3" then "sorry its flat 5" is one attribute corrected."""
    assert [(c.value, c.type) for c in en_counts.labelled_numbers("sorry its flat 5.")] == [("flat 5", "id")]
    assert en_counts.labelled_numbers("a table for 4") == []
