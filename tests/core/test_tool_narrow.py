"""A listing whose option a later call took shows that option (core.tool_narrow)."""

from __future__ import annotations

import json

import pytest

from core.models import ActionUnit, ContextState, Evidence, Fact
from core.render_tools import tool_sections
from core.tool_narrow import narrow_record, narrow_records
from core.tool_records import IndexedValue, promoted_facts

pytestmark = pytest.mark.unit

VENUES = {
    "results": [
        {"id": "V-201", "name": "Orchard Barn", "price": 7400, "capacity": 80},
        {"id": "V-318", "name": "Walled Garden", "price": 6200, "capacity": 65},
        {"id": "V-344", "name": "Priory Lawn", "price": 9100, "capacity": 120},
    ],
    "area": "Bath",
}


def record(
    idx: int, tool: str, args: dict, data: object, status: str = "done", write: bool = False
) -> ActionUnit:
    """A tool record: call at idx, result at idx + 1, the result's JSON as its detail."""
    return ActionUnit(
        idx=idx,
        tool=tool,
        call_id=f"c{idx}",
        args=args,
        status=status,
        write=write,
        result_idx=idx + 1,
        shape="object",
        detail=json.dumps(data, separators=(",", ":")),
        summary={"results[0].id": "V-201", "results[1].id": "V-318", "area": "Bath"},
    )


def named(path: str, value: str, turn: int, said: bool = True) -> Fact:
    """A fact a turn promoted from the search's result (t1); said: the turn named this value itself
    (not a field that came with an element the turn picked by another value)."""
    return Fact(
        key=f"search_venues@t1.{path}",
        value=value,
        norm=value.lower(),
        first_idx=turn,
        last_idx=turn,
        role="tool",
        pinned=True,
        strength="strong",
        kind="tool_data",
        evidence=Evidence(idx=1, role="tool", how="returned", text=value if said else "", path=path),
    )


def search() -> ActionUnit:
    return record(0, "search_venues", {"area": "Bath"}, VENUES)


def test_a_listing_a_later_call_took_from_shows_the_option_taken_only():
    hold = record(8, "hold_venue", {"venue_id": "V-318", "date": "2027-06-26"}, {"hold_id": "H1"}, write=True)
    narrowed = narrow_records([search(), hold], {})[0][0]
    assert "V-318" in narrowed.detail and "Walled Garden" in narrowed.detail
    assert "V-201" not in narrowed.detail and "Priory Lawn" not in narrowed.detail
    assert "+2 others" in narrowed.detail
    assert set(narrowed.summary) == {"results[1].id", "area"}  # the options left out go from the summary


def test_a_failed_call_took_nothing_and_no_call_leaves_the_listing_whole():
    failed = record(8, "hold_venue", {"venue_id": "V-318"}, {"error": "busy"}, status="failed")
    rec, dropped = narrow_record(search(), {}, [])
    assert dropped == [] and "V-201" in rec.detail
    records, _ = narrow_records([search(), failed], {})
    assert "V-201" in records[0].detail and "V-344" in records[0].detail


def test_a_value_many_options_share_or_a_bare_word_takes_none():
    data = {"slots": [{"id": "S-1", "who": "Hannah Brook"}, {"id": "S-2", "who": "Hannah Brook"}]}
    rec = record(0, "slots", {}, data)
    later = record(5, "book", {"solicitor": "Hannah Brook", "mode": "video"}, {"ok": True}, write=True)
    records, _ = narrow_records([rec, later], {})
    assert "S-1" in records[0].detail and "S-2" in records[0].detail


def test_an_option_a_turn_named_after_the_call_is_back_in_play():
    hold = record(8, "hold_venue", {"venue_id": "V-318"}, {"hold_id": "H1"}, write=True)
    later = named("results[0].name", "Orchard Barn", turn=12)
    earlier = named("results[2].name", "Priory Lawn", turn=3)
    records, _ = narrow_records([search(), hold], {1: [later, earlier]})
    assert "V-201" in records[0].detail and "V-318" in records[0].detail
    assert "V-344" not in records[0].detail and "+1 others" in records[0].detail


def test_a_result_field_echoing_an_argument_is_not_repeated():
    rec = record(0, "check_refill", {"rx": "RX-448120"}, {"rx": "RX-448120", "drug": "Amlodipine"})
    narrowed, _ = narrow_record(rec, {}, [])
    assert narrowed.detail == '{"drug":"Amlodipine"}'


def test_what_a_turn_read_out_of_an_option_left_out_goes_with_it_but_its_id_stays():
    state = ContextState()
    hold = record(8, "hold_venue", {"venue_id": "V-318"}, {"hold_id": "H1"}, write=True)
    state.actions = [search(), hold]
    facts = [
        named("results[0].name", "Orchard Barn", turn=3),
        named("results[0].id", "V-201", turn=3),
        named("results[0].capacity", "80", turn=3, said=False),
        named("results[1].name", "Walled Garden", turn=3),
    ]
    state.facts = {f.key: f for f in facts}
    text = "\n".join(line for part in tool_sections(state, set(), 2000)[:3] for line in part)
    assert "Walled Garden" in text and "V-201" in text  # the option taken; the id of one left out
    assert "Orchard Barn" not in text and "capacity=80" not in text


def test_several_calls_taking_one_item_each_leave_the_work_list_whole():
    tickets = {"tickets": [{"id": "TK-1", "subject": "invoice"}, {"id": "TK-2", "subject": "timeout"},
                           {"id": "TK-3", "subject": "double charge"}]}
    rec = record(0, "list_tickets", {}, tickets)
    first = record(5, "update_ticket", {"ticket_id": "TK-3"}, {"ok": True}, write=True)
    second = record(9, "comment_ticket", {"ticket_id": "TK-2"}, {"ok": True}, write=True)
    assert "TK-1" in narrow_records([rec, first, second], {})[0][0].detail
    one_call = record(5, "book_service", {"items": ["TK-2", "TK-3"]}, {"ok": True}, write=True)
    detail = narrow_records([rec, one_call], {})[0][0].detail  # one call took two: the items it ordered
    assert "TK-1" not in detail and "TK-2" in detail and "TK-3" in detail and "+1 others" in detail


def test_a_field_of_a_picked_element_has_no_words_of_the_turn_as_evidence():


    hit = IndexedValue(1, "search_venues", "results[1].name", "Walled Garden")
    came = IndexedValue(1, "search_venues", "results[1].id", "V-318", named=False)
    facts = {f.key: f for f in promoted_facts([hit, came], 3, "user")}
    assert facts["search_venues@t1.results[1].name"].evidence.text == "Walled Garden"
    assert facts["search_venues@t1.results[1].id"].evidence.text == ""


def test_a_result_field_repeating_an_argument_under_another_key_is_not_repeated():
    args = {"slot": "2026-12-11 09:00-11:00", "rooms": 2}
    data = {"order_no": "DG-1", "time": "2026-12-11 09:00-11:00", "qty": 2, "status": "ok"}
    narrowed, _ = narrow_record(record(0, "confirm_order", args, data), {}, [])
    assert json.loads(narrowed.detail) == {"order_no": "DG-1", "qty": 2, "status": "ok"}  # short ones stay


def test_an_option_named_by_a_compound_code_is_taken_by_a_call_passing_it():
    """'ESS-PLUS' (words joined by a hyphen, no digit) names one option as an id does; a bare word
    ('standard') still takes none."""
    data = {
        "packages": [
            {"code": "ESS-PLUS", "usd": 899, "plan": "basic"},
            {"code": "PRO-GLASS", "usd": 749, "plan": "standard"},
        ]
    }
    book = record(9, "book_install", {"package": "ESS-PLUS"}, {"account": "A-1"}, write=True)
    records, _ = narrow_records([record(0, "packages", {}, data), book], {})
    assert "ESS-PLUS" in records[0].detail and "PRO-GLASS" not in records[0].detail
    by_word = record(9, "book_install", {"plan": "standard"}, {"account": "A-1"}, write=True)
    records, _ = narrow_records([record(0, "packages", {}, data), by_word], {})
    assert "ESS-PLUS" in records[0].detail and "PRO-GLASS" in records[0].detail
