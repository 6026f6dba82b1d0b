"""An operator's correction of a tool-result fact (``tool@tN.path``) is in the next served context,
whatever the render does with the fact's record: here the record is folded into a later repeat of
the same call (same tool, arguments and result), which used to take the fact with it."""

from __future__ import annotations

import json

import pytest

from console.ingest import ingest_files
from core.compressor import Compressor
from core.config import Config
from data.records import FactCorrection
from data.store import Store

pytestmark = pytest.mark.unit
WATCHLIST = ["NVDA", "AAPL", "MSFT", "TSLA", "AMZN"]


def _call(n: int, name: str, args: dict, result: object) -> list[dict]:
    cid = f"call_{n}"
    return [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]},
        {"role": "tool", "tool_call_id": cid, "content": json.dumps(result)},
    ]  # fmt: skip


def test_a_corrected_fact_of_a_folded_repeat_is_served(tmp_path):
    messages = [{"role": "user", "content": "Show me my watchlist."}]
    messages += _call(1, "get_watchlist", {}, WATCHLIST)
    messages.append({"role": "user", "content": "Tell me more about NVDA then, is it up today?"})
    quote = {"symbol": "NVDA", "price": 875.3, "change": 1.2}
    messages += _call(2, "get_stock_info", {"symbol": "NVDA"}, quote)
    for i in range(6):  # later turns, so the watchlist records are folded into the compacted part
        messages.append({"role": "user", "content": f"Next, what about market news item {i}?"})
        messages.append({"role": "assistant", "content": f"News item {i}: markets were calm."})
    messages.append({"role": "user", "content": "Show me the watchlist again please."})
    messages += _call(3, "get_watchlist", {}, WATCHLIST)  # the same call and result: folded into one line
    messages.append({"role": "assistant", "content": "Your watchlist has 5 symbols."})
    for i in range(6, 9):  # and turns after it, so the repeat is folded too
        messages.append({"role": "user", "content": f"Next, what about market news item {i}?"})
        messages.append({"role": "assistant", "content": f"News item {i}: markets were calm."})
    data = tmp_path / "trace.jsonl"
    data.write_text(json.dumps({"context_id": "wl-1", "messages": messages}) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "console.duckdb", linger=5)
    try:
        config = Config(use_embeddings=False, max_history_tokens_override=200, min_turns=4)
        assert ingest_files([data], store, Compressor(config)).created == 1
        assert "get_watchlist() x2" in store.timeline("wl-1").rendered  # the premise: the repeat folded
        keys = [f.fact.key for f in store.facts("wl-1", with_history=False)]
        # the first call's value the user named
        key = next(k for k in keys if k.startswith("get_watchlist@t2."))
        fix = FactCorrection(
            context_id="wl-1", key=key, new_value="AMD", reason="ticker typo", actor="ana", source="form"
        )
        assert store.apply_corrections([fix], batch_id="b1").applied
        served = store.timeline("wl-1").rendered
        assert "x2" in served and "AMD" in served
    finally:
        store.close()
