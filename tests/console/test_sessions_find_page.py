"""AppTest of the Sessions list's find-and-act wiring: search, URL state, bulk switch, export."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from data.store import Store

pytestmark = pytest.mark.apptest
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "sessions.py")
CID = "sgd-train-1_00000"


def param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def count_caption(at: AppTest) -> str:
    return next(c.value for c in at.caption if " sessions · page " in c.value)


def test_a_link_with_a_search_sets_the_widgets_and_the_list(app_db):
    at = page(search="free parking", sort="turns", order="asc")
    assert not at.exception
    assert at.text_input(key="s_search").value == "free parking"
    assert at.selectbox(key="s_sort").value == "turns"
    assert "of **1** sessions" in count_caption(at)


def test_typing_a_search_goes_into_the_url_and_back_to_page_one(app_db):
    at = page(size="25")
    at.text_input(key="s_search").input("FEELING HUNGRY").run()
    assert not at.exception
    assert param(at, "search") == "FEELING HUNGRY" and param(at, "size") == "25"
    assert "of **1** sessions" in count_caption(at)
    at.multiselect(key="s_health").select("red").run()
    assert param(at, "health") == "red"
    assert "of **0** sessions" in count_caption(at)


def test_a_tool_name_typed_filters_the_list_and_goes_into_the_url(app_db):
    import random
    from datetime import UTC, datetime

    from bench.synthetic import synthetic_context

    rng = random.Random(5)
    agents = [synthetic_context(rng, datetime(2025, 3, 1, tzinfo=UTC), span_days=0.5) for _ in range(6)]
    Store(app_db, linger=0).save_contexts(agents)
    calling = {b.context_id: {m.tool_call.name for m in b.messages if m.tool_call} for b in agents}
    name = next(n for names in calling.values() for n in names)
    want = sorted(cid for cid, names in calling.items() if name in names)
    assert 0 < len(want) < len(agents)  # the filter narrows the list of 10
    at = page()
    at.text_input(key="s_tool").input(name.upper()).run()
    assert not at.exception
    assert param(at, "tool") == name.upper()
    assert f"of **{len(want)}** sessions" in count_caption(at)
    again = page(tool=name)  # a shared link keeps the filter
    assert again.text_input(key="s_tool").value == name
    assert f"of **{len(want)}** sessions" in count_caption(again)


def test_a_bad_link_parameter_is_named_not_crashed(app_db):
    at = page(health="purple", page="zero")
    assert not at.exception
    assert "health: unknown purple" in at.warning[0].value and "page" in at.warning[0].value
    assert "of **4** sessions" in count_caption(at)


def test_a_bulk_switch_from_the_list_is_one_audited_action(app_db):
    at = page(source="sgd")
    at.button(key="s_bulk_all").click().run()
    assert sorted(at.multiselect(key="s_bulk_ids").value) == ["sgd-train-1_00000", "sgd-train-4_00021"]
    at.text_input(key="s_bulk_reason").input("extractor regression").run()
    at.button(key="s_bulk_go").click().run()
    assert not at.exception
    assert "Switched 2 session(s) to raw" in at.success[0].value
    store = Store(app_db, linger=0)
    assert {store.effective_mode(c) for c in ("sgd-train-1_00000", "sgd-train-4_00021")} == {"raw"}
    assert store.effective_mode("crosswoz-val-3243") == "compressed"
    bulk = store.audit_log(action_prefix="breaker.bulk").items
    assert len(bulk) == 1 and bulk[0].actor == "ana" and bulk[0].after["reason"] == "extractor regression"
    assert at.multiselect(key="s_bulk_ids").value == []


def test_a_bulk_switch_without_a_reason_is_refused(app_db):
    at = page()
    at.multiselect(key="s_bulk_ids").select(CID).run()
    at.button(key="s_bulk_go").click().run()
    assert "reason is required" in at.error[0].value
    assert Store(app_db, linger=0).effective_mode(CID) == "compressed"


def test_viewers_cannot_switch_but_can_export(app_db, monkeypatch):
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = page()
    assert at.button(key="s_bulk_go").disabled
    assert any("you can export" in c.value for c in at.caption)


def test_the_export_buttons_make_their_file_on_click_without_a_rerun(app_db):
    # a click that reran the page raced its own file request: the rerun dropped the button's
    # deferred generator and, under load, the download never started
    at = page(source="sgd")
    buttons = {b.key: b.proto for b in at.get("download_button") if b.key.startswith("s_export_")}
    assert set(buttons) == {"s_export_csv", "s_export_jsonl"}
    assert all(p.deferred_file_id and p.ignore_rerun for p in buttons.values())


def test_a_grid_column_asked_to_wrap_grows_its_row_and_the_others_do_not():
    import pandas as pd

    from console.widgets import grid_options

    why = "an operator switched this context to raw dialogue"
    frame = pd.DataFrame({"context_id": ["a"], "why_raw": [why]})
    columns = {c["field"]: c for c in grid_options(frame, wrap=("why_raw",))["columnDefs"]}
    assert columns["why_raw"]["wrapText"] and columns["why_raw"]["autoHeight"]
    assert not columns["context_id"].get("wrapText") and not columns["context_id"].get("autoHeight")
    assert columns["why_raw"]["headerName"] == "Why raw"  # the header set last is kept


def test_a_wrapped_table_shows_a_long_turn_whole_and_as_text():
    def script() -> None:
        import pandas as pd

        from console.widgets import wrapped_table

        text = "<b>bold?</b> " + "word " * 400
        wrapped_table(pd.DataFrame({"turn": [0], "text": [text]}), wrap=("text",), key="t")

    at = AppTest.from_function(script, default_timeout=30).run()
    body = at.get("html")[0].proto.body
    assert "&lt;b&gt;bold?&lt;/b&gt;" in body and "<b>" not in body
    assert body.count("word ") == 400 and "white-space:pre-wrap" in body


def test_a_chart_point_link_shows_its_sessions_until_show_all(app_db):
    from datetime import datetime

    from data.records import MetricPoint

    Store(app_db, linger=0).add_metrics(
        [
            MetricPoint(
                context_id=CID, source="sgd", metric="bloat_rate", value=1.9, at=datetime(2025, 3, 5, 10)
            )
        ]
    )
    at = page(metric="bloat_rate", at="2025-03-05T00:00", bucket="day", source="sgd")
    assert not at.exception
    assert "behind a chart point" in at.info[0].value and "bloat rate" in at.info[0].value
    assert "of **1** sessions" in count_caption(at)
    at.button(key="s_clear_point").click().run()
    assert param(at, "metric") is None and param(at, "source") == "sgd"
    assert "of **2** sessions" in count_caption(at)
