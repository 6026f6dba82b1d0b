"""Circuit breaker: switch the global scope or one context to raw dialogue, with a reason; see and
reset the automatic trips; every change is audited (who, when, why)."""

from __future__ import annotations

from functools import partial

import pandas as pd
import streamlit as st

from console.auth import can_write, current_user
from console.resources import get_store
from console.services.breaker import (
    load_board,
    reset_auto_trip,
    served_mode,
    set_context_mode,
    set_global_mode,
    since_text,
)
from console.widgets import context_picker, plain

st.title("Circuit breaker")  # first: the reads below do not hold the page's first paint
store = get_store()
actor, role = current_user()
writable = can_write(role)
config = store.current_config()

st.markdown(
    "When compression misbehaves (bloated contexts, wrong facts, failed validations), switch it "
    "off: in **raw mode** the agent is given the raw dialogue (clipped to the window) instead of "
    "the compacted context. Switch **every** context at once, or **one** context. Each change "
    "needs a reason and is recorded with who made it and when."
)
st.caption(
    f"Automatic trip: a context whose bloat rate stays over {config.breaker_bloat:.0%} for "
    f"{config.breaker_seconds} s is switched to raw by the system (settings breaker_bloat and "
    "breaker_seconds on the Config page). Automatic trips stay until an operator resets them."
)
if not writable:
    st.info(f"You are signed in as **{plain(actor)}** ({role}): read only. Operators and admins can switch.")


def _apply(change, ok_message: str) -> None:
    """Run a breaker change in the page's body (after the sign-in gate, never in a widget callback,
    which Streamlit runs before the gate); keep the outcome and draw the page again with it."""
    try:
        change()
    except (ValueError, PermissionError, KeyError) as exc:
        st.session_state["breaker_flash"] = ("error", str(exc))
    else:
        st.session_state["breaker_flash"] = ("success", ok_message)
    st.rerun()


def _set_global() -> None:
    raw = st.session_state["breaker_global_raw"]
    _apply(
        lambda: set_global_mode(
            store, raw=raw, reason=st.session_state["breaker_global_reason"], actor=actor, role=role
        ),
        f"Global switch set to {'raw' if raw else 'compressed'}.",
    )


def _set_context(cid: str) -> None:
    raw = st.session_state["breaker_context_raw"]
    _apply(
        lambda: set_context_mode(
            store, cid, raw=raw, reason=st.session_state["breaker_context_reason"], actor=actor, role=role
        ),
        f"Context {cid} set to {'raw' if raw else 'compressed'}.",
    )


def _reset() -> None:
    cid = st.session_state.get("breaker_reset_cid") or ""
    who = {"reason": st.session_state["breaker_reset_reason"], "actor": actor, "role": role}
    if any(b.context_id == cid for b in load_board(store).auto_trips):
        change = partial(reset_auto_trip, store, cid, **who)
    else:
        change = partial(set_context_mode, store, cid, raw=False, **who)
    _apply(change, f"Context {cid} is compressed again.")


flash = st.session_state.pop("breaker_flash", None)
if flash:
    (st.success if flash[0] == "success" else st.error)(plain(flash[1]))

board = load_board(store)

# --- global ---------------------------------------------------------------------------------------
st.subheader("Global switch")
if board.global_raw:
    st.badge("RAW: every context is served raw", color="red")
else:
    st.badge("COMPRESSED", color="green")
st.caption(plain(since_text(board.global_state)))
with st.form("breaker_global_form"):
    st.toggle(
        "Serve every context raw", value=board.global_raw, key="breaker_global_raw", disabled=not writable
    )
    st.text_input("Reason (required)", key="breaker_global_reason", disabled=not writable)
    if st.form_submit_button("Apply global switch", disabled=not writable):
        _set_global()

# --- one context ------------------------------------------------------------------------------------
st.subheader("One context")
cid = context_picker(store, label="Context")
if cid:
    served = served_mode(store, cid)
    st.badge(f"served {served.mode.upper()}", color="red" if served.mode == "raw" else "green")
    st.caption(plain(served.why))
    st.caption("Own switch: " + plain(since_text(served.own)))
    own_raw = served.own is not None and served.own.mode == "raw"
    with st.form("breaker_context_form"):
        st.toggle("Serve this context raw", value=own_raw, key="breaker_context_raw", disabled=not writable)
        st.text_input("Reason (required)", key="breaker_context_reason", disabled=not writable)
        if st.form_submit_button("Apply to this context", disabled=not writable):
            _set_context(cid)
else:
    st.caption("Pick or paste a context id to see how it is served and to switch it.")

# --- contexts in raw mode and automatic trips ---------------------------------------------------------
st.subheader(f"Contexts now in raw mode ({len(board.raw_contexts)})")
if board.raw_contexts:
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "context_id": b.context_id,
                    "since (UTC)": b.since,
                    "set by": "automatic trip" if b.auto else b.actor,
                    "reason": b.reason,
                    "automatic": b.auto,
                }
                for b in board.raw_contexts
            ]
        ),
        hide_index=True,
    )
    st.caption(f"{len(board.auto_trips)} of them tripped automatically.")
    with st.form("breaker_reset_form"):
        st.selectbox(
            "Switch back to compressed",
            [b.context_id for b in board.raw_contexts],
            key="breaker_reset_cid",
            format_func=lambda c: (
                c + ("  (automatic trip)" if any(b.context_id == c for b in board.auto_trips) else "")
            ),
            disabled=not writable,
        )
        st.text_input("Reason (required)", key="breaker_reset_reason", disabled=not writable)
        if st.form_submit_button("Reset to compressed", disabled=not writable):
            _reset()
else:
    st.caption("None: every context with its own switch is compressed.")

# --- history ------------------------------------------------------------------------------------------
st.subheader("Recent changes")
if board.history:
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "at (UTC)": e.at,
                    "who": e.actor,
                    "role": e.role,
                    "what": e.target,
                    "from": (e.before or {}).get("mode", "never set"),
                    "to": (e.after or {}).get("mode", ""),
                    "reason": (e.after or {}).get("reason", ""),
                    "automatic": e.action == "breaker.auto_trip",
                }
                for e in board.history
            ]
        ),
        hide_index=True,
    )
    st.caption(f"Showing {len(board.history)} of {board.history_total} breaker changes (the audit trail).")
else:
    st.caption("No breaker change was ever made.")
