"""Tool calls and results through the pipeline: one record per call, decay, promotion, failures,
repeats, write calls, budgets that hold, raw mode in full, system prompts passed through."""

from __future__ import annotations

import json

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message, ToolCall, ToolResult
from core.render import RECENT_SEPARATOR

pytestmark = pytest.mark.unit
CFG = Config(use_embeddings=False)


class Trace:
    """Builds a trace turn by turn: user text, a call with its result, assistant text."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def user(self, text: str) -> Trace:
        self.messages.append(Message(idx=len(self.messages), role="user", text=text))
        return self

    def assistant(self, text: str) -> Trace:
        self.messages.append(Message(idx=len(self.messages), role="assistant", text=text))
        return self

    def call(self, name: str, args: dict, data: object, status: str = "ok") -> Trace:
        cid = f"c{len(self.messages)}"
        self.messages.append(
            Message(
                idx=len(self.messages),
                role="assistant",
                tool_call=ToolCall(call_id=cid, name=name, args=args),
            )
        )
        self.messages.append(
            Message(
                idx=len(self.messages),
                role="tool",
                tool_result=ToolResult(call_id=cid, status=status, data=data),
            )
        )
        return self


def compress(trace: Trace, config: Config = CFG):
    return Compressor(config).compress(trace.messages, force=True, context_id="t")


def state_part(text: str) -> str:
    return text.split(RECENT_SEPARATOR, 1)[0]


MUSEUMS = ("Fitzwilliam", "Kettle's Yard", "Whipple", "Sedgwick", "Polar", "Scott")


def padded(trace: Trace, n: int = 6) -> Trace:
    """Later turns, so the records of interest are folded (not among the recent raw turns)."""
    for name in MUSEUMS[:n]:
        trace.user(f"Next, please tell me about the {name} museum and what it is known for.")
        trace.assistant(f"The {name} museum is known for its collections and its quiet reading rooms.")
    return trace


def test_three_lookups_of_three_cities_stay_three_records_and_none_is_replaced():
    trace = Trace().user("What's the weather in 北京, 上海 and 广州 this Friday? I need it for packing.")
    for city, temp in (("北京", -3), ("上海", 6), ("广州", 18)):
        trace.call("get_weather", {"city": city, "date": "2026-12-04"}, {"city": city, "temp_c": temp})
    result = compress(padded(trace))
    head = state_part(result.context.text)
    lines = [line for line in head.splitlines() if "get_weather" in line]
    for city, line in zip(("北京", "上海", "广州"), lines, strict=True):
        assert f"get_weather(city={city}, date=2026-12-04)" in line and "was:" not in line
    assert len([a for a in result.state.actions if a.tool == "get_weather"]) == 3


def test_json_results_never_become_guessed_slots():
    trace = Trace().user("Find me flights from New York to Atlanta on the 14th.")
    trace.call(
        "search_flights",
        {"origin": "JFK", "destination": "ATL"},
        {
            "flights": [
                {"flight_number": "DL14", "seats": 10, "card": "Visa"},
                {"flight_number": "AA1", "seats": 1},
            ]
        },
    )
    result = compress(padded(trace))
    tool_keys = [k for k, f in result.state.facts.items() if f.role == "tool"]
    assert tool_keys == []  # nothing from the result is a fact until a later turn names it
    head = state_part(result.context.text)
    assert "people=14, 10, 1" not in head and "name=Visa" not in head
    assert "search_flights(origin=JFK, destination=ATL)" in head


def test_a_value_a_later_turn_names_is_promoted_and_outlives_the_results_decay():
    trace = Trace().user("Show me my payment methods.")
    trace.call(
        "get_payment_methods",
        {"user_id": "u1"},
        {"payment_methods": {"gift_card_7480005": {"balance": 20}, "credit_card_1111": {"last4": "1111"}}},
    )
    trace.user("Use gift_card_7480005 for the order, please.")
    for i in range(4):  # four later results: the payment methods result decays to its summary
        trace.call("get_order_status", {"order_id": f"#W{i}"}, {"order_id": f"#W{i}", "status": "pending"})
    result = compress(padded(trace, 4))
    key = "get_payment_methods@t2.payment_methods.gift_card_7480005"
    promoted = [f for k, f in result.state.facts.items() if k.startswith("get_payment_methods@t2.")]
    assert promoted and promoted[0].pinned and promoted[0].value == "gift_card_7480005"
    assert promoted[0].key.startswith(key.rsplit(".", 1)[0])
    line = next(
        line for line in state_part(result.context.text).splitlines() if "get_payment_methods" in line
    )
    assert "(summary)" in line and "gift_card_7480005" in line


def test_fresh_results_in_detail_older_ones_as_their_summary():
    trace = Trace().user("Check the five shipments for me.")
    for i in range(5):
        trace.call(
            "track_shipment",
            {"tracking_id": f"TRK{i}00"},
            {
                "tracking_id": f"TRK{i}00",
                "status": "in transit",
                "eta": f"2026-12-0{i + 2}",
                "note": "x" * 40,
            },
        )
    result = compress(padded(trace, 2))
    lines = [line for line in state_part(result.context.text).splitlines() if "track_shipment" in line]
    assert len(lines) == 5
    assert all("(summary)" in line for line in lines[:2])  # the two oldest
    assert all("(summary)" not in line and '"note"' in line for line in lines[2:])  # the last three in full


def test_a_failed_call_is_failed_with_its_error_and_never_completed():
    trace = Trace().user("Cancel order 1 please.")
    trace.call("cancel_order", {"order_id": "1"}, {"error": "Order not found"}, status="error")
    result = compress(padded(trace))
    head = state_part(result.context.text)
    assert "Failed: t1 cancel_order(order_id=1) -> error: Order not found" in head
    assert "Completed" not in head
    assert result.state.consecutive_failures == 1


def test_a_repeated_call_is_flagged_and_rendered_once_with_its_count():
    trace = Trace().user("What's the balance?")
    for _ in range(3):
        trace.call("get_balance", {"account": "A-1"}, {"balance": 100})
    session = Compressor(CFG).session("rep")
    events = []
    for m in padded(trace).messages:
        events += session.add(m, auto_compact=False).events
    assert events.count("repeated_action") == 2
    session.compact(force=True)
    head = state_part(session.context().text)
    assert head.count("get_balance(account=A-1)") == 1 and "get_balance(account=A-1) x3" in head


def test_a_successful_write_call_is_completed_and_closes_its_todo():
    trace = Trace().user("Book the Granta Lodge for 2 nights from Friday for Dana Whitfield.")
    trace.assistant("Shall I book Granta Lodge for you?")
    trace.call(
        "book_hotel",
        {"hotel": "Granta Lodge", "nights": 2},
        {"booking_id": "GL-48213", "status": "confirmed"},
    )
    result = compress(padded(trace))
    head = state_part(result.context.text)
    assert "Completed:" in head and "book_hotel(hotel=Granta Lodge, nights=2)" in head and "GL-48213" in head
    assert "await result" not in head
    assert all(t.done for t in result.state.todos if "book" in t.text)


def test_a_huge_result_keeps_the_context_within_budget_with_the_constraint_and_the_named_record():
    rows = [{"id": f"P{i:05d}", "name": f"Product {i}", "price": round(5 + i * 0.37, 2)} for i in range(9000)]
    assert len(json.dumps(rows)) > 500_000
    for as_text in (False, True):
        trace = Trace().user("List every product. I must not spend more than 40 euros in total.")
        trace.call("list_products", {"category": "all"}, json.dumps(rows) if as_text else rows)
        trace.assistant("P00042 (Product 42) is the best match for you.")
        trace.user("Great, add P00042 to the cart.")
        result = compress(padded(trace, 3))
        view = result.context
        assert view.mode == "compressed", view.reason
        assert result.rendered.tokens <= CFG.target_compressed_tokens
        assert view.tokens <= CFG.target_compressed_tokens
        assert "40 euros" in view.text and "P00042" in view.text


def test_raw_mode_serves_tool_data_in_full_as_compact_json():
    data = {"rows": [{"id": i, "text": "lorem ipsum " * 5} for i in range(40)]}
    trace = Trace().user("List the rows.").call("list_rows", {}, data)
    session = Compressor(CFG, breaker=lambda cid: True).session("raw")
    for m in trace.messages:
        session.add(m)
    view = session.context()
    assert view.mode == "raw" and view.reason == "breaker"
    assert json.dumps(data, separators=(",", ":")) in view.text  # in full, not cut at 500 characters


def test_raw_mode_clips_a_history_over_the_window_from_its_oldest_end():
    config = Config(use_embeddings=False, window_tokens=13000)  # 1000 tokens of history
    trace = Trace()
    for i in range(60):
        trace.user(f"Turn {i}: the quick brown fox jumps over the lazy dog again and again.")
    session = Compressor(config, breaker=lambda cid: True).session("clip")
    for m in trace.messages:
        session.add(m)
    view = session.context()
    assert view.tokens <= config.history_budget
    assert view.text.endswith("Turn 59: the quick brown fox jumps over the lazy dog again and again.")
    assert "Turn 0:" not in view.text


def test_a_compaction_not_smaller_than_raw_is_served_raw_and_the_record_says_why():
    trace = Trace().user("Hi, a table for two at 7pm please.").assistant("Booked, ref AB12CD.")
    session = Compressor(CFG).session("small")
    for m in trace.messages:
        session.add(m, auto_compact=False)
    record = session.compact(force=True)
    view = session.context()
    assert view.mode == "raw" and view.reason == "not_smaller"
    assert view.tokens <= session.raw_history_tokens()
    assert (
        record.validation is not None and "not smaller than the raw history" in record.validation.served_raw
    )


def test_a_system_prompt_is_passed_through_verbatim_and_counted_apart():
    system = "You are a travel agent. Never book without the user's explicit yes."
    trace = Trace()
    trace.messages.append(Message(idx=0, role="system", text=system))
    trace.user("Find me a hotel in Cambridge under 150 pounds a night.")
    trace.call(
        "search_hotels",
        {"city": "Cambridge", "max_price": 150},
        [{"name": f"H{i}", "price": 100 + i} for i in range(60)],
    )
    result = compress(padded(trace))
    text = result.context.text
    assert text.startswith(f"system: {system}\n")
    assert result.context.system_tokens > 0
    assert not any("explicit" in f.value for f in result.state.facts.values())
    assert text.count(system) == 1


def test_a_list_element_picked_by_a_distinctive_value_is_promoted_whole():
    hotels = [
        {"hotel_id": f"HTL-{4100 + i}", "name": f"{n} Inn", "city": "Paris", "price": 120 + 7 * i}
        for i, n in enumerate(["Riverside", "Old Mill", "Lantern", "Harbour", "Chestnut", "Bellfield"])
    ]
    trace = Trace().user("Find me a hotel in Paris for two nights.")
    trace.call("search_hotels", {"city": "Paris"}, {"hotels": hotels, "next_cursor": "c_2"})
    trace.user("The Lantern Inn sounds good, I'll take it.")
    for i in range(4):  # later results: the search decays to its summary (the first elements only)
        trace.call("get_weather", {"day": i}, {"day": i, "forecast": "sunny"})
    result = compress(padded(trace, 4))
    keys = {k for k in result.state.facts if k.startswith("search_hotels@t2.")}
    assert {"search_hotels@t2.hotels[2].hotel_id", "search_hotels@t2.hotels[2].price"} <= keys
    assert "HTL-4102" in state_part(result.context.text)  # the id the booking call passes on
    # a value many elements share picks none of them
    common = Trace().user("Find me a hotel in Paris for two nights.")
    common.call("search_hotels", {"city": "Paris"}, {"hotels": hotels})
    common.user("Paris is fine, any of them.")
    facts = compress(padded(common, 4)).state.facts
    assert not any(".hotel_id" in k for k in facts)
