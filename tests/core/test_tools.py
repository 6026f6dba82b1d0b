"""Tool data as structured records: paths, shapes, digests and write verbs (core/tools.py)."""

from __future__ import annotations

import json

import pytest

from core.tools import (
    args_text,
    digest,
    dumps,
    is_key_leaf,
    is_reference,
    is_write_call,
    key_words,
    last_key,
    leaves,
    shape_of,
    summary_values,
    tool_verb,
    value_index,
)

pytestmark = pytest.mark.unit

RESULT = {
    "flights": [{"flight_number": "AA100", "price": 320}, {"flight_number": "UA200", "price": 290}],
    "payment_methods": {"gift_card_7480005": {"balance": 20.5}},
    "MA(5)": [1.5, 2.5],
}


def test_leaves_address_values_by_path_like_code():
    paths = dict(leaves(RESULT))
    assert paths["flights[1].flight_number"] == "UA200"
    assert paths["payment_methods.gift_card_7480005.balance"] == 20.5
    assert paths['["MA(5)"][0]'] == 1.5  # a key that is not an identifier is quoted


def test_leaves_are_bounded_and_breadth_first():
    huge = {"total": 9000, "rows": [{"id": f"r{i}", "name": f"row {i}"} for i in range(9000)]}
    first = list(leaves(huge, limit=5))
    assert first[0] == ("total", 9000)  # a top-level field comes before the nested rows
    assert len(first) == 5


@pytest.mark.parametrize(
    ("data", "status", "shape"),
    [
        ({"a": 1}, "ok", "object"),
        ([1, 2, 3], "ok", "list of 3"),
        ("done", "ok", "text"),
        (None, "ok", "none"),
        ({"error": "no such file"}, "error", "error"),
        (4.5, "ok", "number"),
    ],
)
def test_shape_of(data, status, shape):
    assert shape_of(data, status) == shape


def test_a_result_that_fits_is_its_compact_json_in_full():
    small = {"city": "北京", "temp_c": -3}
    assert digest(small, 200) == json.dumps(small, ensure_ascii=False, separators=(",", ":"))


def test_a_large_result_is_cut_to_its_structure_within_the_budget():
    big = {
        "price": 345.67,
        "MA(5)": [200.0 + i / 10 for i in range(500)],
        "symbols": [f"S{i}" for i in range(900)],
    }
    text = digest(big, 300)
    assert len(text) <= 400
    assert "price=345.67" in text
    assert "[500 numbers 200.0..249.9]" in text  # a long list of numbers as a count and range
    assert "S0" in text and "more" in text  # a long list as its first items and the count left


def test_a_long_listing_of_bare_values_shows_its_head_and_count_whatever_the_budget():
    symbols = [f"SYM{i}" for i in range(1000)]
    text = digest({"watchlist": symbols}, 2000)
    assert len(text) <= 400  # not the 2000 characters the budget allows: a listing, not a record
    assert "SYM0" in text and "+9" in text and "more" in text
    files = [f"file_{i}.txt" for i in range(40)]
    assert all(f in digest({"files": files}, 2000) for f in files)  # a short list is shown whole
    records = [{"id": f"r{i}", "name": f"row {i}"} for i in range(60)]
    assert len(digest(records, 2000)) > 1000  # a list of records keeps the budget's detail


def test_a_long_text_leaf_gets_the_budget_a_lone_field_leaves():
    text = digest({"matching_lines": ["First sentence. " * 3 + "However, the second one matters."]}, 600)
    assert "However, the second one matters." in text


@pytest.mark.parametrize(
    ("name", "write"),
    [
        ("book_flight", True),
        ("cancelOrder", True),
        ("send-message", True),
        ("payments.refund", True),
        ("get_weather", False),
        ("ls", False),
        ("searchFlights", False),
    ],
)
def test_write_calls_are_known_by_the_verb_of_their_name(name, write):
    assert is_write_call(name) is write


def test_tool_verb_splits_every_naming_style():
    assert [tool_verb(n) for n in ("book_flight", "getUser", "list-files", "api.post")] == [
        "book",
        "get",
        "list",
        "post",
    ]


def test_key_leaves_are_ids_codes_names_amounts_and_dates():
    assert is_key_leaf("flights[0].flight_number", "AA100")
    assert is_key_leaf("booking.total_price", 99)
    assert is_key_leaf("misc", "2026-12-04T19:00")  # a date by its look
    assert is_key_leaf("misc", "GL-48213")  # letters with digits: an id by its look
    assert not is_key_leaf("description", "a nice room with a view")
    assert is_reference("order_id") and is_reference("confirmationCode") and not is_reference("price")


def test_summary_values_keep_the_key_leaves_top_level_first():
    summary = summary_values({"status": "ok", "booking_id": "B77", "note": "thanks", "rows": [{"id": 1}]})
    assert list(summary)[:2] == ["status", "booking_id"]
    assert "note" not in summary


def test_value_index_keeps_the_written_form_by_lowercase():
    index = value_index(RESULT)
    assert index["ua200"] == ("flights[1].flight_number", "UA200")
    assert "20.5" in index  # numbers are indexed as written


def test_args_and_dumps_are_compact_and_keep_non_ascii():
    assert args_text({"city": "上海", "days": 3}) == "city=上海, days=3"
    assert dumps({"城市": "北京"}) == '{"城市":"北京"}'


@pytest.mark.parametrize(
    ("path", "key", "words"),
    [
        ("flights[2].flightNumber", "flightNumber", {"flight", "number"}),
        ("items[3]", "items", {"items"}),
        ('["MA(5)"][7]', "MA(5)", {"ma", "5"}),
        ("orders[0].orderID", "orderID", {"order", "id"}),
        ("HTTPServer", "HTTPServer", {"http", "server"}),
        ('a["x.y"]', "x.y", {"x", "y"}),
        ('a["x.y"].order_id[1][2]', "order_id", {"order", "id"}),
        ("x.a-b", "b", {"b"}),
        ("[4]", "", set()),
        ("", "", set()),
    ],
)
def test_last_key_names_the_innermost_key_whatever_list_positions_follow(path, key, words):
    assert last_key(path) == key
    assert key_words(path) == words


def test_a_large_result_is_serialised_once_and_anew_when_its_data_is_replaced(monkeypatch):
    from core import tools
    from core.models import ToolResult

    calls = []
    real = tools.dumps
    monkeypatch.setattr(tools, "dumps", lambda data: calls.append(1) or real(data))
    big = ToolResult(call_id="c1", data={"rows": [{"id": f"R{i:05d}", "v": i} for i in range(300)]})
    first = tools.result_json(big)
    assert first == real(big.data) and tools.result_json(big) is first
    assert len(calls) == 1  # the second look-up is the cached text
    big.data = {"rows": []}
    assert tools.result_json(big) == '{"rows":[]}'
    small = ToolResult(call_id="c2", data={"ok": True})
    tools.result_json(small)
    tools.result_json(small)
    assert len(calls) == 4  # a small result is not kept: cheaper to serialise again


def test_the_result_cache_is_bounded_by_characters():
    from core.models import ToolResult
    from core.tools import _JsonCache

    cache = _JsonCache()
    cache.MAX_CHARS = 10_000
    results = [ToolResult(call_id=str(i), data={"text": "x" * 3_000}) for i in range(6)]
    for res in results:
        cache.get(res, res.data)
    assert cache.chars <= 10_000 and len(cache.entries) == 3
    assert id(results[-1]) in cache.entries and id(results[0]) not in cache.entries


@pytest.mark.parametrize(
    "value",
    [{"a": 1}, [1, 2, 3], {"k": [True, None, 1.5, "x\"y"]}, {"名前": "東京", "n": [[], {}]}, {1: "int key"}],
)
def test_dumps_within_is_dumps_exactly_when_it_fits(value):
    from core.tools import _dumps_within

    raw = dumps(value)
    assert _dumps_within(value, len(raw)) == raw
    assert _dumps_within(value, len(raw) - 1) is None
