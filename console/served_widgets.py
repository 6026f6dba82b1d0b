"""Widgets that say how a context is served and why it is red: the global-raw banner every page
shows, the served-mode notice of a session, and the metric that set a session's health.

The decisions come from console.services.served (core.served.decide_served) and console.health;
these functions only draw them. User text (an operator's reason) is shown as text.
"""

from __future__ import annotations

import streamlit as st

from console.health import MetricVerdict, Severity
from console.services.metrics import verdict_sentence
from console.services.served import read_switches, served_now
from console.widgets import mode_badge, plain
from core.served import ServedDecision
from data.concurrency import StoreBusyError, StoreError
from data.ops_records import BreakerState
from data.records import ContextSummary
from data.store import Store


def global_raw_banner(store: Store) -> None:
    """A banner while the global switch serves every context raw (nothing when it is off).

    Drawn by the app shell above every page; a store that cannot answer shows no banner here (the
    page itself says the database is busy) rather than breaking the page."""
    try:
        switches = read_switches(store)
    except (StoreBusyError, StoreError):
        return
    if not switches.global_raw or switches.global_state is None:
        return
    state = switches.global_state
    st.error(
        f"Global circuit breaker on: every context is served the raw dialogue, not its compaction "
        f"(set by {plain(state.actor)} at {state.since:%Y-%m-%d %H:%M} UTC: “{plain(state.reason)}”). "
        "Switch it back on the Circuit breaker page.",
        icon=":material/bolt:",
    )


def served_notice(served: ServedDecision, breaker: BreakerState | None) -> None:
    """Why a session is served raw, under its header (nothing when it is served compressed)."""
    if not served.raw:
        return
    if served.reason == "global_switch":
        st.warning(
            "The global switch serves every context raw, this one included. See the Circuit breaker page."
        )
    elif served.reason in ("context_switch", "auto_trip", "breaker"):
        who = (
            f" by {plain(breaker.actor)}: “{plain(breaker.reason)}”"
            if breaker is not None and breaker.mode == "raw"
            else ""
        )
        kind = "automatic trip" if served.reason == "auto_trip" else "circuit breaker"
        st.warning(f"The {kind} serves this context as raw dialogue{who}. See the Circuit breaker page.")
    elif served.reason == "breaker_error":
        st.warning("The breaker could not be read, so the context is served raw (the breaker fails closed).")
    elif served.reason == "compaction_failed":
        st.warning(
            "The last compaction of this context failed, so the model is served the raw dialogue until "
            "the next good one. The Compactions tab says what went wrong; Replay shows the turns."
        )
    elif served.reason == "not_smaller":
        st.info(
            "The compacted context is not smaller than the raw dialogue it would replace, so the model "
            "is served the raw dialogue."
        )
    else:
        st.info("No compaction has run for this context yet: the model is served the raw dialogue.")


def health_reason(culprits: list[MetricVerdict], health: str) -> None:
    """Which metric set the session's health, with its value and healthy band."""
    if not culprits:
        return
    lines = plain("; ".join(verdict_sentence(v) for v in culprits))  # '<' and '%' shown as written
    text = f"Health {health.replace('_', ' ')} because: {lines}. The Metrics page says what each means."
    if culprits[0].severity in (Severity.RED, Severity.ORANGE):
        st.error(text, icon=":material/monitor_heart:")
    else:
        st.warning(text, icon=":material/monitor_heart:")


def served_line(store: Store, summary: ContextSummary) -> None:
    """One line: how the context is served now (Replay shows the past turns; this is the present)."""
    served = served_now(store, summary)
    with st.container(horizontal=True, vertical_alignment="center"):
        mode_badge(served.mode, served.why)
        st.caption(f"Served to the model now: {plain(served.why)}")
