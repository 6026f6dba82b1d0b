"""An address given as one line is one address value: its floor, unit and building name stay with
the street ("5F, 88 Century Avenue, Pudong"), a clause that is more than an address line is left as it is."""

from __future__ import annotations

import pytest

from core.lang.en_entities import extract_entities

pytestmark = pytest.mark.unit


def _typed(text: str) -> list[tuple[str, str]]:
    return [(e.type, e.text) for e in extract_entities(text, None)]


@pytest.mark.parametrize(
    "line",
    [
        "5F, 88 Century Avenue, Pudong",
        "Orbit Labs, 3rd floor, 140 Harbour St",
        "Unit 4, 12 Mill Road",
        # two units and no street (each part had been a name or an id of its own)
        "Plot 77, Sector 5, Malviya Nagar",
        "Block 4 Lot 12, Sitio Lahug Verde, Talamban",
    ],
)
def test_an_address_line_is_one_address(line):
    assert _typed(line) == [("address", line)]


@pytest.mark.parametrize(
    "text",
    [
        "West China Research Lab, 17 Renmin South Road, receiving desk",  # a part that is no address part
        "2 adults, 71 North San Pedro Street",  # a count is no part of an address
        "Building 3, Nanshan Science Park, loading dock B",  # no street address in it
        "Gate 12, Terminal 2",  # places at an airport, no address
    ],
)
def test_a_clause_that_is_more_than_an_address_line_keeps_its_values_apart(text):
    assert ("address", text) not in _typed(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("10 Anson Road, #22-05, Singapore", "10 Anson Road, #22-05, Singapore"),  # floor-unit "#22-05"
        ("Deliver to 5 King Street, Unit 5, Leeds", "5 King Street, Unit 5, Leeds"),  # street took the unit
    ],
)
def test_a_unit_the_street_address_runs_over_stays_in_the_line(text, address):
    assert ("address", address) in _typed(text)


def test_a_recipient_before_the_address_line_stays_a_name_of_its_own():
    typed = _typed("Mr. Tan Wei Ming, 10 Anson Road, #22-05, Singapore")
    assert typed == [("name", "Mr. Tan Wei Ming"), ("address", "10 Anson Road, #22-05, Singapore")]


@pytest.mark.parametrize(
    "line",
    [
        "Unit 7, Brookfield Trading Estate, Leeds LS11 8PA",  # no street number: the postcode says it
        "Suite 410, 1500 Commerce St, Dallas TX 75201",  # a state and ZIP code after the street
        "Harbour House, Leeds LS11 8PA",
    ],
)
def test_a_town_with_its_postal_code_makes_a_line_an_address(line):
    assert _typed(line) == [("address", line)]


def test_a_postal_code_in_a_sentence_makes_no_address_line():
    assert ("address", "I met Tom, then Leeds LS11 8PA") not in _typed("I met Tom, then Leeds LS11 8PA")


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("mine and my mom's, 41 and 43 Larkspur Crescent in Kanata.", "41 and 43 Larkspur Crescent"),
        ("we live at 12 & 14 Oak Road", "12 & 14 Oak Road"),
    ],
)
def test_two_neighbouring_house_numbers_are_one_address(text, address):
    """"41 and 43 Larkspur Crescent" (two driveways side by side) was the count 41 and the address 43
    Larkspur Crescent: the first house was lost."""
    assert ("address", address) in _typed(text)
    assert not any(kind == "number" for kind, _ in _typed(text))


def test_a_count_before_a_number_and_an_address_stays_a_count():
    assert _typed("tickets for 2 and 3 nights at 5 Oak Road")[-1] == ("address", "5 Oak Road")


@pytest.mark.parametrize("street", ["12 Cotham Vale", "3 Canal Wharf", "7 Marine Parade", "40 Kings Quay"])
def test_a_street_named_by_a_less_common_street_word_is_an_address(street):
    """"to 12 Cotham Vale" was a name, and the next name the user said replaced it."""
    assert _typed(f"deliver it on the 23rd, to {street}.")[-1] == ("address", street)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "Our address is Unit 4, Kirkstall Industrial Park, Leeds LS5 3BT.",
            "Unit 4, Kirkstall Industrial Park, Leeds LS5 3BT",
        ),
        ("Site address: Flat 3, 22 Mill Road, Cambridge CB1 2AB", "Flat 3, 22 Mill Road, Cambridge CB1 2AB"),
    ],
)
def test_an_address_line_after_the_words_that_say_so_is_one_address(text, address):
    # "Unit 4" was an id that replaced the PO number held as the reference
    assert _typed(text) == [("address", address)]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        # an Australian state and postcode, and the line after a colon that announces it
        (
            "yes printed copy, post to her in Ballarat: 14 Lydiard Street North, Ballarat VIC 3350",
            "14 Lydiard Street North, Ballarat VIC 3350",
        ),
        # the line after the place it leads to, set off by a comma: its unit is no id of the user's
        (
            "Delivery to our warehouse, Unit 7, Brackmills Industrial Estate, Northampton NN4 7PB.",
            "Unit 7, Brackmills Industrial Estate, Northampton NN4 7PB",
        ),
        # a town the parser read with its state ("Dripping Springs, TX") before the ZIP code
        (
            "Address is 4410 Cedar Bend Road, Dripping Springs, TX 78620.",
            "4410 Cedar Bend Road, Dripping Springs, TX 78620",
        ),
    ],
)
def test_the_town_state_and_postcode_stay_in_the_address_line(text, address):
    typed = _typed(text)
    assert ("address", address) in typed
    assert not any(kind == "number" for kind, _ in typed)

