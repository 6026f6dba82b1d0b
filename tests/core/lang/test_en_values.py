"""The English analyzer's dates, times, money, quantities and counts. Expected values below were
worked out by hand (reference time in en_helpers: Monday 5 January 2026, 12:00)."""

from __future__ import annotations

import pytest

from tests.core.lang.en_helpers import ents, find

pytestmark = pytest.mark.unit


# --- dates and times -------------------------------------------------------------------------------


def test_next_wednesday_at_3pm_is_a_date_and_a_time_against_the_message_time():
    found = [(e.type, e.text, e.value, e.slot) for e in ents("Book it for next Wednesday at 3pm please")]
    # Monday 5 Jan -> the first Wednesday after it is 7 Jan (dateparser's reading of "next Wednesday")
    assert found == [
        ("date", "next Wednesday", "2026-01-07", "date"),
        ("time", "3pm", "15:00", "time"),
    ]


@pytest.mark.parametrize("text", ["March 3rd at 9:30 am", "9:30 am on March 3rd", "march 3rd, 9:30am"])
def test_a_date_next_to_a_time_stays_two_facts(text):
    assert sorted((e.type, e.value) for e in ents(text)) == [("date", "2026-03-03"), ("time", "09:30")]


def test_next_weekday_on_that_weekday_is_a_week_later():
    e = find("next Monday works", "next Monday")
    assert e.value == "2026-01-12"


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("I want to go on March 3rd.", "March 3rd", "2026-03-03"),
        ("Check in on the 9th of March", "the 9th of March", "2026-03-09"),
        ("How about the 12th?", "the 12th", "2026-01-12"),
        ("Leaving tomorrow", "tomorrow", "2026-01-06"),
        ("the day after tomorrow is fine", "the day after tomorrow", "2026-01-07"),
        ("on Friday next week", "Friday next week", "2026-01-16"),
        ("Saturday this week please", "Saturday this week", "2026-01-10"),
        ("on the 9th of this month", "the 9th of this month", "2026-01-09"),
        ("returning 13th of March 2019", "13th of March 2019", "2019-03-13"),
        ("later today", "later today", "2026-01-05"),
        # a part of a month is the month: no day was said ("the middle of January" had been lost)
        ("the middle of January if you can", "the middle of January", "2026-01"),
        ("mid-Feb works", "mid-Feb", "2026-02"),
        ("late december 2027 please", "late december 2027", "2027-12"),
    ],
)
def test_dates_are_iso_against_the_reference(text, surface, value):
    e = find(text, surface)
    assert e.type == "date"
    assert e.value == value
    assert e.slot == ("end_date" if text.startswith("returning") else "date")  # a return ends a trip


def test_date_without_timestamp_uses_a_fixed_reference():
    first = find("call me tomorrow", "tomorrow", ts=None)
    second = find("call me tomorrow", "tomorrow", ts=None)
    assert first.value == second.value == "2026-01-02"  # fixed reference 2026-01-01


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("at 5:30 pm please", "5:30 pm", "17:30"),
        ("the train at 18:45", "18:45", "18:45"),
        ("around half past 6 in the evening", "half past 6 in the evening", "18:30"),
        ("quarter to 10 in the morning", "quarter to 10 in the morning", "09:45"),
        ("at 7 o'clock in the evening", "7 o'clock in the evening", "19:00"),
        ("pick me up at three pm", "three pm", "15:00"),
        ("evening 4:30 works", "evening 4:30", "16:30"),
        ("meet at noon", "noon", "12:00"),
        ("7 in the evening", "7 in the evening", "19:00"),
        ("12 am sharp", "12 am", "00:00"),
    ],
)
def test_times_are_24h(text, surface, value):
    e = find(text, surface)
    assert (e.type, e.value, e.slot) == ("time", value, "time")


# --- money, quantities, numbers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "surface", "value"),
    [
        ("send $1,630 to Amir", "$1,630", "1630 USD"),
        ("it costs 45.50 dollars", "45.50 dollars", "45.50 USD"),
        ("about one hundred and eighty bucks", "one hundred and eighty bucks", "180 USD"),
        ("the fee is £20", "£20", "20 GBP"),
        ("a budget of $5k", "$5k", "5000 USD"),
        # an ISO code or a country's dollar before the amount is part of it ("AED 1,370" had been a
        # name "AED" beside a number "1,370 in total")
        ("so AED 1,370 in total", "AED 1,370 in total", "1370 AED"),
        ("SGD 1,200 max", "SGD 1,200 max", "<=1200 SGD"),
        ("it was NZ$450 each", "NZ$450 each", "450 NZD"),
        ("S$ 80 for the two", "S$ 80", "80 SGD"),
        # other currencies' symbols, and the Indian scales and digit groups
        ("the total is ₪100 with the seam", "₪100", "100 ILS"),
        ("The Legacy package is ₹1,80,000.", "₹1,80,000", "180000 INR"),
        ("Our budget is ₹2 lakh maximum, kindly note.", "₹2 lakh maximum", "<=200000 INR"),
        ("it comes to TT$1,280 in total", "TT$1,280 in total", "1280 TTD"),
        # rupees written before the amount, with or without the abbreviation's period
        ("Not more than Rs. 5,000 all in", "Not more than Rs. 5,000 all in", "<=5000 RS"),
        ("It's Rs 1,000 and takes about an hour", "Rs 1,000", "1000 RS"),
        # the New Taiwan dollar, Macau's pataca, the ringgit and the shilling by their letters, and
        # the rand before thousands (each had been a name "MOP", "RM" or no money at all)
        ("星曜Tab 11 is NT$13,990 now", "NT$13,990", "13990 TWD"),
        ("the chair is MOP 24,800 with delivery", "MOP 24,800", "24800 MOP"),
        ("the suite is RM 4,500", "RM 4,500", "4500 MYR"),
        ("it is KSh 2,000 a month", "KSh 2,000 a month", "2000 KES"),
        ("the Kalk Bay with a parasol is R8,299", "R8,299", "8299 ZAR"),
        # the Ghanaian cedi and the Nepali rupee (a name "GH" and a number; no money at all)
        ("A half pitch is GH₵900 for two hours", "GH₵900", "900 GHS"),
        ("the 2.8L is NPR 5,600 with a steel pot", "NPR 5,600", "5600 NPR"),
        # any dollar its country writes with its letters before the sign (had been "$3,000", USD)
        ("BDS$3,000 and not a cent more", "BDS$3,000 and not a cent more", "<=3000 BBD"),
        ("The ferry is EC$45 each way", "EC$45 each", "45 XCD"),
        ("it's XY$120", "XY$120", "120 XY$"),
        # the symbol after the amount, as French and much of Europe write it (no money had been read)
        ("In total, 5 220 $ for the two of you.", "5 220 $", "5220 USD"),
        ("le menu est à 12,50 € par personne", "12,50 €", "12.50 EUR"),
    ],
)
def test_money(text, surface, value):
    e = find(text, surface)
    assert (e.type, e.value) == ("money", value)


@pytest.mark.parametrize(
    "text",
    [
        # pounds that weigh (each had been £45 / £25, joined to the price of the telescope in the amount slot)
        "It does weigh about 45 pounds all together.",
        "The 8-inch is $529 and it's about 45 pounds.",
    ],
)
def test_pounds_of_weight_are_no_money(text):
    assert ("quantity", "weight") in [(e.type, e.slot) for e in ents(text) if "pounds" in e.text]
    assert not [e for e in ents(text) if e.type == "money" and "pounds" in e.text]


def test_pounds_without_a_word_of_weight_are_money():
    assert find("That's 45 pounds, sir", "45 pounds").value == "45 GBP"


@pytest.mark.parametrize("text", ["The R2 is the one with GPS", "the R350 model", "RM is the room manager"])
def test_a_model_code_is_no_money(text):
    assert not [e for e in ents(text) if e.type == "money"]


def test_a_symbol_before_a_digit_opens_the_next_amount():
    found = [(e.text, e.value) for e in ents("sizes 5 $10 each") if e.type == "money"]
    assert found == [("$10 each", "10 USD")]


@pytest.mark.parametrize("text", ["we won 5 games", "the Eur 5 line", "Rs is fine", "the rs 5 line"])
def test_a_word_spelled_like_a_code_is_no_currency(text):
    assert [e for e in ents(text) if e.type == "money"] == []


@pytest.mark.parametrize(
    ("text", "surface", "value", "slot"),
    [
        ("a table for 4 people", "4 people", "4 people", "people"),
        ("I need two rooms", "two rooms", "2 rooms", "rooms"),
        ("for 5 nights", "5 nights", "5 nights", "nights"),
        ("a 4 star hotel", "4 star", "4 star", "stars"),
        ("three tickets please", "three tickets", "3 tickets", "people"),
        ("2 seats in the back", "2 seats", "2 seats", "people"),
        ("we are 7 peeps", "7 peeps", "7 people", "people"),
        ("there will be 6 of us", "6 of us", "6 people", "people"),
    ],
)
def test_quantities_with_slot_hints(text, surface, value, slot):
    e = find(text, surface)
    assert (e.type, e.value, e.slot) == ("quantity", value, slot)


def test_bare_number_after_table_for_is_people():
    e = find("Book a table for 2 at 7pm.", "2")
    assert (e.value, e.slot) == ("2", "people")
    assert find("Book a table for 2 at 7pm.", "7pm").value == "19:00"


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("I'll need four.", "four"),
        ("It is just me, so 1.", "1"),
        ("Yes 5 please.", "5"),
        ("I'm travelling with 4", "4"),
    ],
)
def test_bare_numbers_that_answer_are_kept(text, surface):
    assert find(text, surface).type == "number"


@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("Please buy tickets to that event. I will need 4.", "people"),
        ("How many nights? 3 please", "nights"),
        ("I will need 4.", None),
    ],
)
def test_a_bare_number_counts_the_noun_its_turn_names(text, slot):
    assert [(e.type, e.slot) for e in ents(text)] == [("number", slot)]


@pytest.mark.parametrize(
    "text",
    [
        "I found 10 hotels for you.",  # a count of results
        "I have two. Do you prefer the west?",
        "Can you book me one?",  # a pronoun
        "There is a 29 percent chance of rain and it will be 91 degrees.",
        "Their phone number is 1 40 51 38 38.",  # pieces of a phone number
        "Is it from 2012?",  # a year
        "It's 1 of 10 options.",
    ],
)
def test_bare_numbers_that_are_no_values_are_left_out(text):
    assert [e.text for e in ents(text) if e.type == "number"] == []


@pytest.mark.parametrize("text", ["I need a table at 7pm", "Book a room there", "a star of 4 please"])
def test_an_article_is_not_a_count(text):
    assert [e.text for e in ents(text) if e.type == "quantity"] == []


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("I want to pick it up on March 3rd and drop it off on March 5th", "March 3rd", "March 5th"),
        ("a house from March 1st to March 2nd", "March 1st", "March 2nd"),
        ("check in on the 3rd and check out on the 7th", "the 3rd", "the 7th"),
        ("Leaving March 1st, returning March 4th", "March 1st", "March 4th"),
        ("It departs at 6:20 pm and returns at 7:45 pm", "6:20 pm", "7:45 pm"),
        ("Pick it up at 10 am; I'll return the car at 5 pm", "10 am", "5 pm"),
        ("I arrive on Friday and will leave the hotel on next Monday.", "Friday", "next Monday"),
    ],
)
def test_the_end_of_a_stay_or_trip_has_its_own_slot(text, start, end):
    assert find(text, start).slot in ("date", "time")
    assert find(text, end).slot in ("end_date", "end_time")


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("He wants them up until after Orthodox Christmas, January 7, at least.", "January 7"),
        ("Keep it till Chinese New Year, February 17.", "February 17"),
    ],
)
def test_a_date_after_the_occasion_it_dates_ends_what_until_says(text, end):
    # "January 7" was the installation's date, and replaced it
    assert find(text, end).slot == "end_date"


@pytest.mark.parametrize(
    ("text", "surface"),
    [
        ("Change it to March 5th please", "March 5th"),
        ("I want to leave the hotel by 7:15.", "7:15"),  # a taxi's departure
        ("I can't leave until 21:30", "21:30"),
    ],
)
def test_a_changed_date_or_a_departure_is_not_an_end(text, surface):
    assert find(text, surface).slot in ("date", "time")


@pytest.mark.parametrize(
    "text, span",
    [
        ("yes I think 4 cans per court?", "4 cans per court"),
        ("hmm actually make it 3 cans a court, we're not pros lol", "3 cans a court"),
        ("2 bottles per table", "2 bottles per table"),
    ],
)
def test_a_count_per_thing_is_one_quantity_not_an_address(text: str, span: str):
    # "4 cans per court" was an address ("Court" a street suffix) and "3 cans" a count apart
    found = [(e.type, e.text) for e in ents(text) if e.type in ("quantity", "address")]
    assert found == [("quantity", span)]


def test_a_lot_is_no_thing_a_count_is_per():
    assert [e.text for e in ents("3 towels a lot") if e.type == "quantity"] == ["3 towels"]


@pytest.mark.parametrize(("text", "surface", "slot"), [("Yes, the 128GB, put it.", "128GB", "storage"),
                                                       ("the 2000W one please", "2000W", "power")])
def test_a_measure_with_a_unit_symbol_is_no_code(text, surface, slot):
    # "128GB" had been a reference code, so "64GB" then "the 128GB" were two attributes, not a change
    e = find(text, surface)
    assert (e.type, e.slot) == ("quantity", slot)
