"""A fact named from a tool result (``tool@tN.path``), or corrected by an operator, is rendered
whatever happens to its record: folded into a repeat of the same call, dropped over the tools
budget, past the Completed cap, or gone from the records."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import ActionUnit, ContextState, Fact
from core.render import render
from core.render_tools import summary_text, tool_sections

pytestmark = pytest.mark.unit
WATCHLIST = ["NVDA", "AAPL", "MSFT", "TSLA"]


def read(idx: int, tool: str, args: dict, data: object, write: bool = False) -> ActionUnit:
    """A finished tool record: call at idx, result at idx + 1."""
    return ActionUnit(
        idx=idx,
        tool=tool,
        text=tool,
        call_id=f"c{idx}",
        args=args,
        status="done",
        write=write,
        result_idx=idx + 1,
        shape="list of 4" if isinstance(data, list) else "object",
        detail=str(data),
        summary={"[0]": str(data[0])} if isinstance(data, list) else {},
        result_summary=str(data)[:40],
    )


def corrected(key: str, value: str) -> Fact:
    """A tool-result fact as an operator's correction leaves it: pinned and verified."""
    return Fact(
        key=key,
        value=value,
        norm=value.lower(),
        first_idx=1,
        last_idx=1,
        role="tool",
        pinned=True,
        verified_by_user=True,
        strength="strong",
    )


def all_lines(state: ContextState, budget: int) -> str:
    done, failed, reads, _ = tool_sections(state, set(), budget)
    return "\n".join([*done, *failed, *reads])


def test_a_corrected_fact_of_a_repeat_folded_into_its_newest_call_is_rendered():
    state = ContextState()
    state.actions = [read(0, "get_watchlist", {}, WATCHLIST), read(30, "get_watchlist", {}, WATCHLIST)]
    state.facts["get_watchlist@t1.[0]"] = corrected("get_watchlist@t1.[0]", "AMD")  # the older call's
    text = all_lines(state, 2000)
    assert "get_watchlist() x2" in text and "AMD" in text


def test_a_corrected_fact_of_a_read_dropped_over_budget_is_rendered():
    state = ContextState()
    big = [f"ROW-{i:04d}-" + "x" * 30 for i in range(60)]
    state.actions = [read(10 * i, f"list_{i}", {"page": i}, big) for i in range(6)]
    key = "list_0@t1.[0]"
    state.facts[key] = corrected(key, "ROW-9999")
    _, _, reads, dropped = tool_sections(state, set(), 60)
    assert any(d.endswith("list_0") for d in dropped)  # the record itself goes over budget
    assert "ROW-9999" in "\n".join(reads)


def test_facts_of_writes_past_the_completed_cap_and_of_a_gone_record_are_rendered():
    state = ContextState()
    state.actions = [read(10 * i, "place_order", {"n": i}, {"order_id": i}, write=True) for i in range(15)]
    state.facts["place_order@t1.order_id"] = corrected("place_order@t1.order_id", "ORD-17")
    state.facts["get_watchlist@t999.[0]"] = corrected("get_watchlist@t999.[0]", "AMD")
    text = all_lines(state, 5000)
    assert "place_order(n=0)" not in text  # past the cap of completed records
    assert "ORD-17" in text and "AMD" in text


def test_the_served_context_keeps_a_corrected_fact_of_a_folded_repeat():
    state = ContextState()
    state.actions = [read(0, "get_watchlist", {}, WATCHLIST), read(30, "get_watchlist", {}, WATCHLIST)]
    state.facts["get_watchlist@t1.[0]"] = corrected("get_watchlist@t1.[0]", "AMD")
    rendered = render(state, [], Config(use_embeddings=False), tokens_in=4000)
    assert "AMD" in rendered.text


def test_a_named_value_the_line_shows_is_not_repeated_but_a_correction_always_is():
    state = ContextState()
    state.actions = [read(0, "get_watchlist", {}, WATCHLIST)]
    named = corrected("get_watchlist@t1.[1]", "AAPL")
    named.verified_by_user = False  # a turn named it: the fresh detail already shows it
    state.facts[named.key] = named
    state.facts["get_watchlist@t1.[0]"] = corrected("get_watchlist@t1.[0]", "MSFT")  # shown at [2]
    line = all_lines(state, 2000)
    assert "[1]=AAPL" not in line and "[0]=MSFT" in line


def test_a_write_whose_call_and_result_are_recent_turns_is_completed_without_repeating_them():
    state = ContextState()
    state.actions = [
        read(0, "place_order", {"symbol": "ZETA", "amount": 50}, {"order_id": "ORD-1"}, write=True),
        read(10, "place_order", {"symbol": "NVDA", "amount": 7}, {"order_id": "ORD-2"}, write=True),
    ]
    done, _, _, _ = tool_sections(state, {10, 11}, 2000)
    assert done[0].startswith("t0 place_order(symbol=ZETA, amount=50) -> ") and "ORD-1" in done[0]
    assert done[1] == "t10 place_order -> done, in the recent turns"  # the raw turns show args and result
    done, _, _, _ = tool_sections(state, {11}, 2000)  # the call was folded: the line shows it
    assert done[1].startswith("t10 place_order(symbol=NVDA, amount=7) -> ")


def test_a_summary_writes_the_parent_of_sibling_paths_once():
    summary = {
        "booking_id": "3426812",
        "costs[0]": "400.0",
        "costs[1]": "1000.0",
        "history.b901.card_id": "1234",
        "history.b901.date": "2024-05-21",
        "history.b902.card_id": "99",
        "gaps[0]": "a",
        "gaps[2]": "c",
    }
    text = summary_text(summary)
    assert text == (
        "booking_id=3426812; costs[0..1]=[400.0, 1000.0]; history.b901={card_id=1234; date=2024-05-21}; "
        "history.b902.card_id=99; gaps[0]=a; gaps[2]=c"  # not consecutive: each with its own index
    )
    state = ContextState()
    old = read(0, "get_costs", {"day": 1}, {"costs": [400.0, 1000.0]})
    old.summary = {"costs[0]": "400.0", "costs[1]": "1000.0"}
    state.actions = [old, *(read(10 * i, f"other_{i}", {}, {"a": i}) for i in range(1, 5))]
    assert "t0 get_costs(day=1) -> object: costs[0..1]=[400.0, 1000.0] (summary)" in all_lines(state, 2000)


def test_a_write_whose_short_result_alone_is_a_recent_turn_keeps_its_arguments_not_its_result():
    state = ContextState()
    order = read(10, "place_order", {"symbol": "NVDA", "amount": 7}, {"order_id": "ORD-2"}, write=True)
    state.actions = [order]
    done, _, _, _ = tool_sections(state, {11}, 2000)  # the call was folded, its result is a recent turn
    assert done == ["t10 place_order(symbol=NVDA, amount=7) -> done, result in the recent turns"]
    long = {"order_id": "ORD-3", "lines": [f"item {i}" for i in range(80)]}  # a digest among the turns
    state.actions = [read(10, "place_order", {"symbol": "NVDA"}, long, write=True)]
    state.actions[0].summary = {"order_id": "ORD-3"}
    done, _, _, _ = tool_sections(state, {11}, 2000)
    assert "ORD-3" in done[0] and "result in the recent turns" not in done[0]
