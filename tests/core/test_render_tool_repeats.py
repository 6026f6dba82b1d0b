"""A fact whose value a tool record's line shows as written is not repeated as an anchor
(core.render_repeats.in_tool_lines), as with a recent raw turn or a clause of the user's."""

from __future__ import annotations

import json

import pytest

from core.config import Config
from core.models import ActionUnit, ContextState, Fact
from core.render import render
from core.render_repeats import in_tool_lines, tools_shown
from core.render_tools import args_unsaid, record_line

pytestmark = pytest.mark.unit


def fact(key: str, value: str, **kw: object) -> Fact:
    return Fact(key=key, value=value, norm=value.lower(), first_idx=0, last_idx=0, role="user", **kw)


def booking() -> ActionUnit:
    data = {"job_id": "DPW-6620", "price_eur": 129.99}
    return ActionUnit(
        idx=4,
        tool="book_plumber",
        call_id="c4",
        args={"name": "Kwame Mensah", "window": "09:00-10:00"},
        status="done",
        write=True,
        result_idx=5,
        shape="object",
        detail=json.dumps(data, separators=(",", ":")),
    )


def test_a_value_a_tool_line_shows_whole_is_shown_there():
    text = tools_shown(["t4 book_plumber(name=Kwame Mensah, start=(was: Ada Lovelace)) -> object {}"])
    assert in_tool_lines(fact("home.name", "Kwame Mensah"), text)
    assert not in_tool_lines(fact("home.name", "Ada Lovelace"), text)  # only as replaced
    assert not in_tool_lines(fact("home.price", "€129.99"), '{"price_eur":129.99}')  # not the currency
    assert not in_tool_lines(fact("home.name", "Kwame Mensah", aliases=["Kwame"]), text)  # its other wording


def test_the_anchor_leaves_out_what_the_completed_line_shows_and_keeps_the_rest():
    state = ContextState(turn=12)
    state.actions = [booking()]
    facts = [fact("home.name", "Kwame Mensah"), fact("home.price", "€129.99"), fact("home.zip", "SE15 4QL")]
    state.facts = {f.key: f for f in facts}
    text = render(state, [], Config(use_embeddings=False), tokens_in=2000).text
    assert "Completed: t4 book_plumber(name=Kwame Mensah" in text
    assert "name=Kwame Mensah|" not in text and "name=Kwame Mensah]" not in text
    assert "€129.99" in text and "SE15 4QL" in text


def test_a_call_argument_the_users_clauses_show_is_named_not_repeated():


    args = {"slot_id": "S-2", "mode": "video", "client": "Tomasz Wójcik", "phone": "07412 558 903"}
    args["rx"] = "RX-448120"
    said = "tomasz wójcik, 07412 558 903, rx RX-448120 | (was: old)"
    shown = args_unsaid(args, said)
    assert shown == "slot_id=S-2, mode=video, rx=RX-448120; client, phone: as the user said"  # the id stays
    assert args_unsaid({"city": "Edinburgh"}, "Edinburgh") == "city=Edinburgh"  # naming it is not shorter
    # not whole in the clause: shown
    assert args_unsaid({"client": "Tomasz Wójcik"}, "Tomasz Wójcikowski") == "client=Tomasz Wójcik"


def test_a_named_value_the_calls_arguments_show_is_not_written_again():


    rec = booking()
    name = fact("book_plumber@t5.engineer", "Kwame Mensah", pinned=True)
    other = fact("book_plumber@t5.job_id", "DPW-9999", pinned=True)
    line = record_line(rec, 1, True, [name, other])
    assert line.count("Kwame Mensah") == 1 and "named: job_id=DPW-9999" in line
