"""AppTest of the served mode and the health reason on the screens: the banner every page shows
while the global switch is on, the session header and token counts of a context served raw, and a
red session naming the metric that made it red."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from data.records import ContextIngest
from data.store import Store

pytestmark = pytest.mark.apptest
ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "console" / "app.py")
SESSIONS = str(ROOT / "pages" / "sessions.py")
CID = "sgd-train-1_00000"


def sessions_page(**params: str) -> AppTest:
    at = AppTest.from_file(SESSIONS, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def test_the_global_switch_is_a_banner_on_every_page_and_raw_tokens_on_the_session(app_db: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception
    assert not any("Global circuit breaker on" in e.value for e in at.error)
    store = Store(app_db, linger=0)
    store.set_breaker("raw", reason="incident 7", actor="bo")
    for page in ("sessions", "metrics", "facts"):
        at = AppTest.from_file(APP, default_timeout=60).run()
        if page != "sessions":
            at.switch_page(str(ROOT / "pages" / f"{page}.py")).run()
        assert not at.exception
        banner = [e.value for e in at.error if "Global circuit breaker on" in e.value]
        assert banner and "bo" in banner[0] and "incident 7" in banner[0], page
    at = sessions_page(context_id=CID)
    assert not at.exception
    metrics = {m.label: m for m in at.metric}
    raw = store.get_context(CID).tokens_raw
    budget = store.current_config().history_budget
    assert metrics["Context tokens (raw)"].value == f"{min(raw, budget):,}"  # raw tokens, no -35%
    assert any("global switch serves every context raw" in w.value for w in at.warning)
    assert any("the raw dialogue (raw: the global switch" in c.value for c in at.caption)


def test_a_red_session_names_the_metric_that_made_it_red(
    app_db: Path, seed_bundles: list[ContextIngest]
) -> None:
    bundle = next(b for b in seed_bundles if b.context_id == CID)
    red = bundle.model_copy(
        update={
            "context_id": "red-session",
            "messages": [m.model_copy(update={"context_id": "red-session"}) for m in bundle.messages],
            "metrics": [],
            "compactions": [],
            "health": "red",
            "health_metrics": {"bloat_rate": 1.9, "fact_decay_ratio": None, "goal_churn_rate": 0.5},
        }
    )
    Store(app_db, linger=0).save_context(red)
    at = sessions_page(context_id="red-session")
    assert not at.exception
    [why] = [e.value.replace("\\", "") for e in at.error if "because" in e.value]  # markdown escapes off
    assert "Context bloat rate 190.0%: RED (healthy < 120%)" in why
    assert "fact decay" not in why  # NO DATA never makes a session red
    # a healthy session names nothing
    at = sessions_page(context_id=CID)
    assert not any("because" in e.value for e in at.error)


def test_replay_says_how_the_context_is_served_now(app_db: Path) -> None:
    replay = str(ROOT / "pages" / "replay.py")
    at = AppTest.from_file(replay, default_timeout=60)
    at.query_params["context_id"] = CID
    at.run()
    assert not at.exception
    assert any(c.value == "Served to the model now: compressed" for c in at.caption)
    Store(app_db, linger=0).set_breaker("raw", context_id=CID, reason="drill", actor="bo")
    at = AppTest.from_file(replay, default_timeout=60)
    at.query_params["context_id"] = CID
    at.run()
    assert any(
        c.value == "Served to the model now: raw: an operator switched this context to raw dialogue"
        for c in at.caption
    )
