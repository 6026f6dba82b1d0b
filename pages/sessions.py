"""Sessions: find a context, see its timeline, rendered context and records."""

from __future__ import annotations

import streamlit as st

from console import served_widgets, session_list, widgets
from console.auth import can_write, current_user
from console.health import Thresholds
from console.resources import get_store
from console.services import session_views as views
from console.services import sessions as svc
from console.services.csv_export import frame_to_csv_bytes
from console.services.session_bulk import (
    MAX_CSV_ROWS,
    MAX_JSONL_CONTEXTS,
    export_csv,
    export_jsonl,
    switch_sessions,
)
from console.services.session_links import describe_point
from console.widgets import badge_text, plain

st.title("Sessions")
st.caption(
    "Every agent context this console stores. Search by context id (a prefix, or paste a full id), "
    "by words of the transcripts and fact values, or by a tool called, and filter by source, health "
    "and last activity (the address bar keeps all of it: reload or share the link); switch several "
    "sessions to raw at once or export the list below the table; click a row to open the session below: its "
    "token timeline with each compaction, the context the model is served now, the compaction audit "
    "records and what operators did. The open session's id is in the address bar: copy the link to share it."
)

store = get_store()
notes = session_list.restore_from_url(Thresholds.from_config(store.current_config()))
if notes:
    st.warning("Some parts of the link were left out: " + plain("; ".join(notes)))

with st.container(border=True):
    c1, c2, c3 = st.columns([3, 3, 2])
    text = c1.text_input("Context id", key="s_text", placeholder="prefix or full id, e.g. sgd-train-1_")
    search = c2.text_input(
        "Search transcripts and facts",
        key="s_search",
        placeholder="words of a turn or a fact value, e.g. san jose",
        help="Any case; matches the current text of every turn and the current value of every fact.",
    )
    tool = c3.text_input("Tool called", key="s_tool", placeholder="tool name, e.g. search_hotel")
    c4, c5, c6 = st.columns([2, 2, 2])
    sources = [session_list.ALL_SOURCES, *store.sources()]
    if st.session_state.get("s_source") not in sources:
        st.session_state["s_source"] = sources[0]
    source = c4.selectbox("Source", sources, key="s_source")
    health = c5.multiselect(
        "Health",
        svc.HEALTH_LABELS,
        key="s_health",
        format_func=lambda h: h.replace("_", " "),
        placeholder="any",
    )
    days = c6.date_input("Last activity (UTC days)", key="s_days", format="YYYY-MM-DD")
    c7, c8, c9, _ = st.columns([2, 2, 2, 3])
    sort = c7.selectbox("Sort by", list(svc.SORT_COLUMNS), format_func=svc.SORT_COLUMNS.get, key="s_sort")
    order = c8.segmented_control("Order", ["descending", "ascending"], key="s_order")
    page_size = c9.selectbox("Rows per page", svc.PAGE_SIZES, key="s_page_size")

point = session_list.behind()
if point is not None:
    note, clear = st.columns([6, 1])
    note.info(f"Showing the sessions behind a chart point: {plain(describe_point(point))}.")
    if clear.button("Show all", key="s_clear_point"):
        session_list.clear_behind()
        st.rerun()

days = days if isinstance(days, tuple) else (days,)
day_from = days[0] if len(days) >= 1 else None
day_to = days[1] if len(days) == 2 else day_from
signature = (text, search, tool, source, tuple(health), str(days), sort, order, page_size, str(point))
if st.session_state.get("s_signature") != signature:  # new filters: back to the first page
    st.session_state["s_signature"] = signature
    st.session_state["s_page"] = st.session_state.pop("_s_restored_page", 1)

query = svc.SessionQuery(
    text=text,
    search=search,
    tool=tool,
    source=None if source == sources[0] else source,
    health=list(health),
    date_from=day_from,
    date_to=day_to,
    sort=sort,
    descending=order != "ascending",
    page=st.session_state.get("s_page", 1),
    page_size=page_size,
    behind=point,
)
try:
    page = svc.search_sessions(store, query)
except ValueError as exc:
    st.error(plain(str(exc)))
    st.stop()
session_list.write_to_url(query)

pages = svc.page_count(page)
if query.page > pages:  # the data shrank under us
    st.session_state["s_page"] = pages
    st.rerun()

if text.strip():
    exact, _ = svc.resolve_context(store, text)
    if exact and exact != widgets.selected_context_id():
        widgets.select_context(exact)  # a pasted id (or a unique prefix) opens the session

first_row = page.offset + 1 if page.items else 0
st.caption(
    f"{first_row:,}–{page.offset + len(page.items):,} of **{page.total:,}** sessions · "
    f"page {query.page} of {pages}"
)
served = svc.served_frame(store, page.items)
wrapped_rows = int((served["why_raw"].astype(str).str.len() > 0).sum()) if "why_raw" in served else 0
grid = widgets.data_grid(
    served,
    key=f"sessions-grid-{hash(signature)}-{query.page}",
    # a row served raw says why on two lines (the reason wraps, not cut): 13 px more each
    height=min(460, 60 + 29 * max(3, len(page.items)) + 14 * wrapped_rows),
    select=True,
    pinned="context_id",
    # wide enough for each header on whole words; the columns up to "Why raw" fit the main column
    # at 1500 px, so a raw row's reason is in view (the last column scrolls)
    widths={
        "context_id": 155,
        "source": 85,
        "lang": 68,
        "turns": 65,
        "raw_tokens": 75,
        "context_tokens": 80,
        "reduction_pct": 70,
        "compactions": 112,
        "health": 70,
        "mode": 100,
        "why_raw": 160,
        "last_activity": 125,
    },
    headers={
        "lang": "Lang",
        "reduction_pct": "Saved %",
        "mode": "Served",
        "why_raw": "Why raw",
        "last_activity": "Last activity (UTC)",
    },
    severity_columns=("health", "mode"),
    wrap=("why_raw",),
)
picked = widgets.selected_row(grid)
picked_id = picked["context_id"] if picked else None
if picked_id and picked_id != st.session_state.get("s_grid_pick"):
    st.session_state["s_grid_pick"] = picked_id
    widgets.select_context(picked_id)

prev_col, next_col, _ = st.columns([1, 1, 6])
if prev_col.button("◀ Previous", disabled=query.page <= 1, width="stretch"):
    st.session_state["s_page"] = query.page - 1
    st.rerun()
if next_col.button("Next ▶", disabled=query.page >= pages, width="stretch"):
    st.session_state["s_page"] = query.page + 1
    st.rerun()

with st.expander("Act on several sessions · export this list", icon=":material/checklist:"):
    flash = st.session_state.pop("s_bulk_flash", None)
    if flash:
        (st.success if flash[0] == "success" else st.error)(plain(flash[1]))
    page_ids = [c.context_id for c in page.items]
    chosen = [] if st.session_state.pop("s_bulk_clear", False) else st.session_state.get("s_bulk_ids", [])
    st.session_state["s_bulk_ids"] = chosen
    pick, all_col = st.columns([6, 1])
    if all_col.button("All on this page", key="s_bulk_all", width="stretch"):
        st.session_state["s_bulk_ids"] = list(dict.fromkeys([*chosen, *page_ids]))
    selected = pick.multiselect(
        "Sessions to switch",
        list(dict.fromkeys([*st.session_state["s_bulk_ids"], *page_ids])),
        key="s_bulk_ids",
        placeholder="pick sessions of this page (the list keeps them while you page on)",
    )
    actor, role = current_user()
    mode_col, reason_col, go_col = st.columns([2, 4, 2], vertical_alignment="bottom")
    to_raw = (
        mode_col.segmented_control("Serve them", ["raw", "compressed"], default="raw", key="s_bulk_mode")
        != "compressed"
    )
    reason = reason_col.text_input("Reason (audited)", key="s_bulk_reason", placeholder="why, for the audit")
    if go_col.button(
        f"Switch {len(selected)} to {'raw' if to_raw else 'compressed'}",
        key="s_bulk_go",
        type="primary",
        disabled=not selected or not can_write(role),
        width="stretch",
    ):
        try:
            done = switch_sessions(store, selected, raw=to_raw, reason=reason, actor=actor, role=role)
        except (ValueError, PermissionError) as exc:
            st.session_state["s_bulk_flash"] = ("error", str(exc))
        else:
            kept = f"; {len(done.unchanged)} already {done.mode}" if done.unchanged else ""
            said = f"Switched {len(done.switched)} session(s) to {done.mode}{kept} (one audited action)."
            st.session_state["s_bulk_flash"] = ("success", said)
            st.session_state["s_bulk_clear"] = True
        st.rerun()
    if not can_write(role):
        st.caption("Operators and admins can switch sessions; you can export.")
    st.caption(
        f"Export every session this search matches ({page.total:,}), not only this page: CSV of the "
        f"table's columns (up to {MAX_CSV_ROWS:,} rows), or JSONL in the dialogue format, one "
        f"conversation a line with its turns and current facts (up to {MAX_JSONL_CONTEXTS:,})."
    )
    csv_col, jsonl_col, _ = st.columns([2, 2, 4])
    # The files are made on click (deferred). on_click="ignore": a click that also reran the page
    # raced its own request, since the rerun drops the clicked button's generator ("Deferred file
    # ... not found") and the download never started (seen under load).
    csv_col.download_button(
        "Download CSV",
        lambda: export_csv(store, query),
        file_name="sessions.csv",
        mime="text/csv",
        icon=":material/download:",
        key="s_export_csv",
        on_click="ignore",
        disabled=not page.total,
    )
    jsonl_col.download_button(
        "Download JSONL",
        lambda: export_jsonl(store, query),
        file_name="sessions.jsonl",
        mime="application/jsonl",
        icon=":material/download:",
        key="s_export_jsonl",
        on_click="ignore",
        disabled=not page.total,
    )

# --- the open session -----------------------------------------------------------------------------

st.divider()
cid = widgets.selected_context_id()
if not cid:
    st.info("Select a session in the table, or open a link with `?context_id=…`, to see it here.")
    st.stop()
detail = svc.session_detail(store, cid)
if detail is None:
    st.error(f"No context “{plain(cid)}” in this database: the link may be old, or the id mistyped.")
    st.stop()
summary = detail.summary
widgets.select_context(cid)

head, links = st.columns([5, 2])
with head:
    st.subheader(plain(cid), anchor=False)
    badges = st.container(horizontal=True)
    with badges:
        st.badge(badge_text(summary.source) or "no source", color="gray")
        st.badge(badge_text(summary.lang), color="violet")
        widgets.health_badge(summary.health)
        widgets.mode_badge(detail.served_mode, detail.served.why)
with links:
    widgets.page_link("replay", "Replay this session", ":material/slow_motion_video:", {"context_id": cid})
    widgets.page_link("facts", "Facts of this session", ":material/fact_check:", {"context_id": cid})
served_widgets.served_notice(detail.served, detail.breaker)
served_widgets.health_reason(detail.red_because, detail.summary.health)

m1, m2, m3, m4, m5 = st.columns(5)
m1.metric("Turns", summary.turns)
m2.metric("Raw tokens", f"{summary.tokens_raw:,}")
change = None if detail.served.raw else svc.context_change_pct(summary, detail.served_tokens)
m3.metric(
    "Context tokens" + (" (raw)" if detail.served.raw else ""),
    f"{detail.served_tokens:,}",
    delta=None if change is None else f"{change:+.0f}% vs raw",
    delta_color="inverse",
    help="Tokens of the context the model is served now, against the raw dialogue (negative: smaller); "
    "a context served raw is given the raw dialogue (clipped to the window), so nothing is saved.",
)
m4.metric("Compactions", summary.compactions)
m5.metric(
    "Last activity (UTC)", summary.updated_at.strftime("%m-%d %H:%M"), help=summary.updated_at.isoformat()
)

timeline_tab, context_tab, compactions_tab, audit_tab, transcript_tab = st.tabs(
    [
        "Timeline",
        "Rendered context",
        f"Compactions ({len(detail.compactions)})",
        f"Operator audit ({detail.audit_total})",
        f"Transcript ({len(detail.messages)})",
    ]
)
with timeline_tab:
    st.caption(
        "Tokens after each turn: the raw dialogue so far (dotted) and what the model is served (blue). "
        "Diamonds mark compactions (green: validated, orange: fell back to key sentences, red: failed "
        "and the previous context was kept); hover one for its trigger and tokens before → after."
    )
    st.plotly_chart(views.timeline_figure(detail), key="timeline", config={"displaylogo": False})
with context_tab:
    if detail.served.raw:
        st.caption(f"The context the model is given now: the raw dialogue ({plain(detail.served.why)}).")
    else:
        st.caption(
            "The context the model is given now: the compacted state with its machine anchors, "
            "then the last turns verbatim."
        )
        widgets.anchor_legend()
    widgets.rendered_context(detail.rendered, empty="Nothing to serve yet: the context has no turns.")
with compactions_tab:
    st.caption(
        "The audit record of every compaction: why it ran, how much it folded, tokens in and out, "
        "latency, validation."
    )
    comps = views.compactions_frame(detail.compactions)
    st.dataframe(comps, hide_index=True, width="stretch")
    failures = comps[comps["problems"].astype(str).str.len() > 0] if "problems" in comps else comps.iloc[0:0]
    if len(failures):
        st.caption("What went wrong, in full:")
        widgets.wrapped_table(failures[["seq", "problems"]], wrap=("problems",), key="compaction-problems")
with audit_tab:
    st.caption(
        "What operators and automatic rules did to this context (corrections, breaker switches), "
        "newest first."
    )
    audit = views.audit_frame(detail.audit)
    if audit.empty:
        st.caption("No operator action recorded for this context yet.")
    else:
        st.dataframe(audit, hide_index=True, width="stretch")
        st.download_button(
            "Download audit CSV",
            frame_to_csv_bytes(audit),
            file_name=f"audit-{cid}.csv",
            mime="text/csv",
            icon=":material/download:",
        )
with transcript_tab:
    widgets.wrapped_table(views.transcript_frame(detail.messages), wrap=("text",), key="transcript")
