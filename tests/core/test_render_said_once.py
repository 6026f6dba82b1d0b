"""Render stage: the user's own words shown once (core.render_dedup) - a clause inside another
clause, a Must constraint inside a put-back clause, a clause of nothing but a replaced value its
fact already shows as "(was: ...)"."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import Constraint, ContextState, Fact, FactVersion
from core.render import render
from core.render_dedup import contains_words, said_once

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)


def _fact(key: str, value: str, **kw) -> Fact:
    return Fact(key=key, value=value, norm=value.lower(), first_idx=0, last_idx=0, role="user", **kw)


def _state(constraints: list[str] = ()) -> ContextState:
    old = FactVersion(value="Friday", norm="friday", idx=0, replaced_at=4, reason="corrected by user")
    return ContextState(
        facts={
            "train.date": _fact("train.date", "Saturday", history=[old]),
            "train.destination": _fact("train.destination", "Edinburgh"),
        },
        constraints=[Constraint(text=c, idx=i) for i, c in enumerate(constraints)],
    )


def _line(text: str, label: str) -> str:
    return next((x for x in text.splitlines() if x.startswith(label)), "")


def test_a_clause_inside_a_longer_clause_is_shown_once():
    whole = "my car makes a grinding noise when I brake, which scared me a bit."
    said = [whole, "my car makes a grinding noise when I brake", "which scared me a bit."]
    out = render(_state(), [], CFG, tokens_in=10_000, said=said)
    assert _line(out.text, "User said: ") == f"User said: {whole}"
    assert out.text.count("grinding noise") == 1


def test_a_must_the_put_back_clause_holds_word_for_word_is_not_repeated():
    said = ["no return, I'll fly back", "forward facing seat"]
    out = render(_state(["no return", "no quiet car"]), [], CFG, tokens_in=10_000, said=said)
    assert out.text.count("no return") == 1  # once, inside the user's clause
    assert _line(out.text, "Must: ") == "Must: no quiet car"
    assert _line(out.text, "User said: ") == "User said: no return, I'll fly back | forward facing seat"


def test_a_clause_a_must_holds_word_for_word_is_not_repeated():
    out = render(_state(["NOT anywhere with a restricted view, please"]), [], CFG, 10_000,
                 said=["NOT anywhere with a restricted view", "Callum Reyes"])
    assert out.text.count("restricted view") == 1
    assert _line(out.text, "User said: ") == "User said: Callum Reyes"


def test_a_clause_of_only_a_replaced_value_the_fact_shows_is_left_out():
    out = render(_state(), [], CFG, tokens_in=10_000, said=["Friday", "16-25 railcard"])
    assert "date=Saturday (was: Friday)" in out.text
    assert out.text.count("Friday") == 1  # the fact's marker, not a clause "(was: Friday)" as well
    assert _line(out.text, "User said: ") == "User said: 16-25 railcard"
    # a clause with the user's own words beside the replaced value stays, the value marked
    kept = render(_state(), [], CFG, tokens_in=10_000, said=["london to edinburgh, Friday"])
    assert _line(kept.text, "User said: ") == "User said: london to edinburgh, (was: Friday)"


def test_words_inside_a_longer_number_or_word_are_not_taken_as_shown():
    assert contains_words("no return, I'll fly back", "no return")
    assert not contains_words("call me after 15:00", "5")
    assert not contains_words("no returns", "no return")
    assert contains_words("西看台，千万不要北看台", "千万不要北看台")
    assert said_once(["at 5", "call me after 15:00"]) == ["at 5", "call me after 15:00"]


def test_the_same_clause_twice_is_kept_once_in_its_first_place():
    assert said_once(["16-25 railcard", "the 8:30", "16-25 railcard"]) == ["16-25 railcard", "the 8:30"]


def test_a_fact_a_put_back_clause_shows_as_written_is_not_repeated_as_an_anchor():
    st = _state()
    st.facts["train.passenger"] = _fact("train.passenger", "Leonora Bassett")
    st.facts["train.phone"] = _fact("train.phone", "07404779442")
    said = ["the passenger is Leonora Bassett, phone 07404779442"]
    out = render(st, [], CFG, tokens_in=10_000, said=said)
    assert out.text.count("Leonora Bassett") == 1 and out.text.count("07404779442") == 1
    assert "passenger=" not in out.text and "phone=" not in out.text
    assert "destination=Edinburgh" in out.text  # a short one-word value a clause may say of anything stays
    st.facts["train.destination"].value = "Edinburgh Waverley"
    out = render(st, [], CFG, tokens_in=10_000, said=["to Edinburgh Waverley, Friday"])
    assert "destination=Edinburgh Waverley" not in out.text  # the clause shows it
    assert "date=Saturday (was: Friday)" in out.text  # a fact with an earlier value keeps its anchor

