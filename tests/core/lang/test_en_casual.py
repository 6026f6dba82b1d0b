"""Casual English (long agent-trace requests, logistics and shopping talk): words of the language are
never names, and a count of any unit or an amount in any currency is a typed value."""

from __future__ import annotations

import pytest

from core.lang.en_name_words import derived_word, is_everyday
from core.lang.en_units import singular, unit_counts
from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


def _entities(text: str) -> list[tuple[str, str | None, str]]:
    return [(e.type, e.slot, e.text) for e in analyzer_for("en").entities(text, None)]


@pytest.mark.parametrize("word", ["assortment", "placement", "prevailing", "accompanying", "cancellation"])
def test_a_word_with_a_derivational_ending_is_everyday_english(word: str) -> None:
    assert derived_word(word) and is_everyday(word)


@pytest.mark.parametrize("word", ["sing", "king", "ming", "beijing", "cotto", "nandos"])
def test_a_short_stem_is_no_derived_word(word: str) -> None:
    assert not derived_word(word)


@pytest.mark.parametrize(
    "text",
    [
        # gave shopping.name=Accompanying, general.name=the assortment / the prevailing market
        "Accompanying this thought, I'd kindly request you to proceed with placing the buy order for me.",
        "I wish to take a peek at the assortment in my stock watchlist.",
        "I'm contemplating acquiring 100 shares at the prevailing market rate.",
    ],
)
def test_casual_english_words_are_no_names(text: str) -> None:
    assert not [e for e in _entities(text) if e[0] == "name"]


def test_names_still_found_by_capitals_and_cues() -> None:
    assert ("name", "name", "Golden Wok") in _entities("Book a table at Golden Wok for tonight")
    assert any(e[0] == "name" and e[2] == "cotto" for e in _entities("how about cotto?"))


@pytest.mark.parametrize(
    "text, kind, surface, slot",
    [
        ("we need 40 pallets of frozen seafood moved", "quantity", "40 pallets", "pallet"),
        ("acquiring 100 shares at market rate", "quantity", "100 shares", "share"),
        ("euro pallets, about 800 kg each", "quantity", "800 kg", "kg"),
        ("and 2 jasmine rice", "quantity", "2 jasmine rice", "rice"),
        ("budget is 20k baht for the trip", "money", "20k baht", "amount"),
        ("it costs 500 CHF", "money", "500 CHF", "amount"),
    ],
)
def test_a_count_of_a_unit_or_an_amount_in_a_currency_is_typed(
    text: str, kind: str, surface: str, slot: str
) -> None:
    assert (kind, slot, surface) in _entities(text)


def test_a_measure_before_a_noun_is_how_big_the_thing_is_not_how_many() -> None:
    # "a 20 lb cat" is the cat's weight: keyed apart from "three cats", which it must not replace
    assert [s for *_, s in unit_counts("it must fit a 20 lb cat!!")] == ["cat_weight"]
    assert [s for *_, s in unit_counts("a 55 inch screen")] == ["screen_size"]
    st = state_after([("user", "we have three cats"), ("assistant", "Any must-haves?"),
                      ("user", "it must fit a 20 lb cat")])  # fmt: skip
    assert not [f for f in st.facts.values() if "three cats" in [v.value for v in f.history]]


def test_an_amount_in_a_currency_is_normalised() -> None:
    assert [(v, s) for _, _, _, v, s in unit_counts("20k baht")] == [("20000 THB", "amount")]


@pytest.mark.parametrize(
    "text", ["at 5 pm", "the 5th", "just 2 please", "There are 33 trains", "140 Harbour St", "18 years old"]
)
def test_no_unit_is_read_from_times_ordinals_results_or_names(text: str) -> None:
    assert unit_counts(text) == []


def test_singular_by_ending() -> None:
    assert [singular(w) for w in ("pallets", "boxes", "batteries", "rice", "glass")] == [
        "pallet",
        "box",
        "battery",
        "rice",
        "glass",
    ]


@pytest.mark.parametrize(
    "text, place",
    # "the" of "the Bodega Bay weather" is the weather's, not the place's (a name qualifying a noun)
    [("The San Carlos weather.", "The San Carlos"), ("check the Bodega Bay weather", "Bodega Bay")],
)
def test_a_name_before_a_weather_word_is_a_place(text: str, place: str) -> None:
    # typed a name, it was never replaced by the city asked next ("How about in LAX")
    assert ("place", "city", place) in _entities(text)


@pytest.mark.parametrize(
    "text, slot",
    [("Margaret Olsen, born 14 March 1951", "birth_date"), ("Walter Brooks, 22 June 1946", "past_date")],
)
def test_a_date_of_birth_or_of_the_past_is_not_the_tasks_date(text: str, slot: str) -> None:
    # keyed as the date, the appointment's "next Wednesday" showed it as replaced
    assert [e[1] for e in _entities(text) if e[0] == "date"] == [slot]
    assert [e[1] for e in _entities("next Wednesday at 3pm") if e[0] == "date"] == ["date"]


@pytest.mark.parametrize("text", ["one of us is vegetarian", "one room must have twin beds"])
def test_one_member_a_clause_speaks_of_is_no_count(text: str) -> None:
    # as counts they replaced "3 people" and "2 rooms"
    assert not [e for e in _entities(text) if e[0] in ("quantity", "number")]
    assert ("quantity", "rooms", "1 room") in _entities("1 room please")


@pytest.mark.parametrize(
    "text, person",
    [
        ("I like adventure movies, and my favorite director is Ronald Neame.", "Ronald Neame"),
        ("Hi, could you play some Justin Bieber songs for me please?", "Justin Bieber"),
    ],
)
def test_who_made_a_work_is_a_person_not_its_title(text: str, person: str) -> None:
    # as a title, the film or song found next showed the director or singer as replaced
    assert ("name", "person", person) in _entities(text)
    assert ("name", "album", "the Madness") in _entities("Anything from the Madness album?")


@pytest.mark.parametrize(
    "text, surface",
    [
        ("Your usual card ending 3301?", "card ending 3301"),
        ("yes the card ending in 3301", "card ending in 3301"),
        ("the last four digits are 3301", "3301"),
        ("Use the Amex ending 3301.", "Amex ending 3301"),  # the brand with its digits: one card
    ],
)
def test_a_cards_last_digits_are_an_account_never_a_count_or_a_reference(text: str, surface: str) -> None:
    assert ("id", "account", surface) in _entities(text)
    # apart, the brand was a name the next name the user said replaced ("Amex" -> "Maya")
    assert not any(kind == "name" and value in surface for kind, _, value in _entities(text))
    assert next(e for e in analyzer_for("en").entities(text, None) if e.type == "id").value == "3301"


@pytest.mark.parametrize(
    "text",
    [
        "Wish I had better news for you but they are all booked for that length of stay.",
        "The hotel is booked up on Monday.",
    ],
)
def test_a_place_booked_by_others_is_a_failed_booking(text: str) -> None:
    # read as done, the user's next "how about just for 1 night?" was kept beside the 2 nights
    from core.lang.en_action_markers import find_action

    marker = find_action(text, "assistant")
    assert marker is not None and marker.status == "failed"
    assert find_action("Your rooms are all booked, reference XYZ.", "assistant").status == "done"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("create a document titled 'TeamNotes.txt' for keeping track of ideas", "TeamNotes.txt"),
        ("rename it to 'final draft.docx' please", "final draft.docx"),
        ("the bug is in src/app/main.py, line 40", "src/app/main.py"),
        ("attach report_2024.pdf to the email", "report_2024.pdf"),
    ],
)
def test_a_file_name_is_one_value_with_its_extension(text, value):
    """A file name or path is an id kept as written: 'TeamNotes.txt' was the title 'TeamNotes'."""
    found = [(e.text, e.slot) for e in analyzer_for("en").entities(text, None)]
    assert (value, "file") in found


def test_a_decimal_or_an_abbreviation_is_no_file_name():
    found = analyzer_for("en").entities("I paid 3.50 at 5 p.m. e.g. today, see www.acme.com", None)
    assert not [e for e in found if e.slot == "file"]
