"""Sessions: find a context, see its timeline, rendered context and records."""

from __future__ import annotations

import streamlit as st

from console import served_widgets, widgets
from console.resources import get_store
from console.services import session_views as views
from console.services import sessions as svc
from console.services.csv_export import frame_to_csv_bytes
from console.widgets import badge_text, plain

st.title("Sessions")
st.caption(
    "Every agent context this console stores. Search by context id (a prefix, or paste a full id) "
    "and filter by source, health and last activity; click a row to open the session below: its "
    "token timeline with each compaction, the context the model is served now, the compaction audit "
    "records and what operators did. The open session's id is in the address bar: copy the link to share it."
)

store = get_store()

with st.container(border=True):
    c1, c2, c3, c4 = st.columns([3, 2, 2, 2])
    text = c1.text_input(
        "Search context id", key="s_text", placeholder="prefix or full id, e.g. sgd-train-1_"
    )
    sources = ["All sources", *store.sources()]
    source = c2.selectbox("Source", sources, key="s_source")
    health = c3.multiselect(
        "Health",
        svc.HEALTH_LABELS,
        key="s_health",
        format_func=lambda h: h.replace("_", " "),
        placeholder="any",
    )
    days = c4.date_input("Last activity (UTC days)", value=(), key="s_days", format="YYYY-MM-DD")
    c5, c6, c7, _ = st.columns([2, 2, 2, 3])
    sort = c5.selectbox("Sort by", list(svc.SORT_COLUMNS), format_func=svc.SORT_COLUMNS.get, key="s_sort")
    order = c6.segmented_control("Order", ["descending", "ascending"], default="descending", key="s_order")
    page_size = c7.selectbox("Rows per page", svc.PAGE_SIZES, index=1, key="s_page_size")

day_from = days[0] if len(days) >= 1 else None
day_to = days[1] if len(days) == 2 else day_from
signature = (text, source, tuple(health), str(days), sort, order, page_size)
if st.session_state.get("s_signature") != signature:  # new filters: back to the first page
    st.session_state["s_signature"] = signature
    st.session_state["s_page"] = 1

query = svc.SessionQuery(
    text=text,
    source=None if source == sources[0] else source,
    health=list(health),
    date_from=day_from,
    date_to=day_to,
    sort=sort,
    descending=order != "ascending",
    page=st.session_state.get("s_page", 1),
    page_size=page_size,
)
try:
    page = svc.search_sessions(store, query)
except ValueError as exc:
    st.error(plain(str(exc)))
    st.stop()

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
grid = widgets.data_grid(
    svc.served_frame(store, page.items),
    key=f"sessions-grid-{hash(signature)}-{query.page}",
    height=min(420, 60 + 29 * max(3, len(page.items))),
    select=True,
    pinned="context_id",
    widths={
        "context_id": 190,
        "source": 90,
        "lang": 68,
        "turns": 65,
        "raw_tokens": 75,
        "context_tokens": 80,
        "reduction_pct": 70,
        "compactions": 120,
        "health": 75,
        "mode": 100,
        "why_raw": 150,
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
    st.dataframe(views.transcript_frame(detail.messages), hide_index=True, width="stretch")
