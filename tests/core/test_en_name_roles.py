"""English names that are no person and no pick (issue 12, item 2: never across roles): a thanks in
another language ("Merci"), the means of paying ("by FPS"), the name of the user's bill or company
("billing name Hale Ventures"). Each was a value of the bare name or person slot and replaced the
user's own contact or venue."""

from __future__ import annotations

import pytest

from core.lang.en import EnglishAnalyzer
from tests.core.builders import replaced, state_after

pytestmark = pytest.mark.unit


def _found(text: str) -> list[tuple[str, str, str | None]]:
    return [(e.type, e.text, e.slot) for e in EnglishAnalyzer().entities(text, None)]


@pytest.mark.parametrize(
    "text",
    # "Grazie mille!" was the name that closed a card-terminal order (name=Grazie mille)
    ["Done. Merci.", "Ok. Gracias!", "Great, Danke.", "Grazie mille!", "Muchas gracias!", "Vielen Dank!"],
)
def test_a_thanks_in_another_language_is_no_name(text: str) -> None:
    assert not [f for f in _found(text) if f[0] == "name"]


@pytest.mark.parametrize(
    ("text", "name", "slot"),
    [
        ("Perfect. I pay the deposit by FPS.", "FPS", "payment_method"),
        ("paying via Zelle", "Zelle", "payment_method"),
        ("company amex ending 3007. billing name Hale Ventures", "Hale Ventures", "billing_name"),
        ("Company name is Acme Ltd", "Acme Ltd", "company_name"),
        ("songs by Adele", "Adele", "person"),  # a maker is still a person
    ],
)
def test_a_name_after_a_means_of_paying_or_an_owned_name_has_that_role(text: str, name: str, slot: str):
    assert ("name", name, slot) in _found(text)


def test_the_means_of_paying_and_a_thanks_never_replace_the_users_name_or_venue() -> None:
    turns = [
        ("user", "Three company chops please, pickup at your Wing On Centre shop."),
        ("assistant", "Of course. Your name for the order?"),
        ("user", "My name is Antoine Lefèvre, mobile 9126 4478."),
        ("assistant", "Order CH-66205. A deposit of HK$430 is due now."),
        ("user", "Perfect. I pay the deposit by FPS."),
        ("assistant", "Thank you. Our FPS ID is 1029 3384."),
        ("user", "Done. Merci."),
    ]
    state = state_after(turns)
    current = {f.value for f in state.facts.values()}
    assert "Antoine Lefèvre" in current and "Antoine Lefèvre" not in replaced(state)
    assert "Merci" not in current


def test_one_of_the_users_own_names_said_again_leaves_the_others() -> None:
    # the passengers the user listed are no options: "Mori is 6'4" picks none of them
    turns = [
        ("user", "need a balloon ride for 4"),
        ("assistant", "Private for 4, $1,640. Passenger names?"),
        ("user", "Martin Hale, Sofia Brandt, Kenji Mori, Luis Ortega"),
        ("assistant", "Weights? The limit is 250 lb per person."),
        ("user", "all under 250. Mori is 6'4 if that matters"),
    ]
    state = state_after(turns)
    names = ("Martin Hale", "Sofia Brandt", "Kenji Mori", "Luis Ortega")
    assert any(all(n in f.value for n in names) for f in state.facts.values())
