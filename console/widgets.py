"""Widgets the console's pages share: the context picker, a data grid, the rendered context, badges.

The selected context lives in ``st.query_params["context_id"]`` (so a link opens it) and is also
remembered for the browser session (so switching pages keeps it and puts it back in the URL).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pandas as pd
import streamlit as st
from st_aggrid import AgGrid, AgGridReturn, GridOptionsBuilder
from streamlit.errors import StreamlitAPIException

from console.services.compaction_diff import anchor_segments
from console.services.sessions import recent_context_ids, resolve_context
from data.store import Store

PAGES_DIR = Path(__file__).resolve().parent.parent / "pages"
CONTEXT_PARAM = "context_id"
_PICKER_KEY = "context_picker"
_REMEMBERED = "_context_id"
_CANDIDATES = "_context_candidates"
HEALTH_COLOURS = {
    "ok": "green",
    "warning": "yellow",
    "yellow": "yellow",
    "orange": "orange",
    "red": "red",
    "no_data": "gray",
}
_SEVERITY_CSS = {
    ".sev-ok": {"color": "#1b5e20 !important", "font-weight": "600"},
    ".sev-warning, .sev-yellow": {"background-color": "#fff8c5 !important"},
    ".sev-orange": {"background-color": "#ffe0b2 !important"},
    ".sev-red": {"background-color": "#ffcdd2 !important", "font-weight": "600"},
    ".sev-no_data": {"color": "#757575 !important"},
    ".mode-raw": {"background-color": "#ffcdd2 !important", "font-weight": "600"},
}
_ANCHOR_STYLES = {
    "goal": "background:#e3f2fd;border:1px solid #90caf9;color:#0d47a1",
    "fact": "background:#e8f5e9;border:1px solid #a5d6a7;color:#1b5e20",
    "action": "background:#fff3e0;border:1px solid #ffcc80;color:#e65100",
    "separator": "display:block;color:#9e9e9e;border-top:1px dashed #bdbdbd;margin:6px 0;padding-top:4px",
}


# --- the selected context -------------------------------------------------------------------------


def selected_context_id() -> str | None:
    """The context in the URL, else the one picked earlier in this browser session."""
    return st.query_params.get(CONTEXT_PARAM) or st.session_state.get(_REMEMBERED)


# --- text from outside, in markdown ---------------------------------------------------------------

# everywhere; "_" only at a word's edge (inside a word it never emphasises); ":" before a letter
_MARKDOWN = re.compile(r"[\\`*{}\[\]<!|~$&]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|:(?=[A-Za-z])")
_LINE_START = re.compile(r"^([ \t]*)(?:([#>+\-=])|(\d+)([.)]))", re.MULTILINE)
_AUTOLINK = re.compile(r"(?i)(?:https?|ftp|mailto|file|www)(?=[:.])|@")
_WORD_JOINER = "\u2060"


def plain(text: object) -> str:
    """``text`` (from a dialogue, a file, a URL or a user) as markdown that shows exactly that text.

    The characters that make markdown (links and images, emphasis, strike-through, code, HTML,
    maths, tables, ``:colour[...]`` and ``:emoji:``) are backslash-escaped, and so is a line that
    would start a heading, quote or list; an invisible word joiner after ``http``, ``www`` and ``@``
    stops Streamlit from turning a bare address into a live link. Line breaks stay line breaks."""
    escaped = _AUTOLINK.sub(lambda m: m.group(0) + _WORD_JOINER, str(text))
    escaped = _MARKDOWN.sub(lambda m: "\\" + m.group(0), escaped)
    escaped = _LINE_START.sub(
        lambda m: m.group(1) + (f"\\{m.group(2)}" if m.group(2) else f"{m.group(3)}\\{m.group(4)}"), escaped
    )
    return escaped.replace("\n", "  \n")


def badge_text(text: object, limit: int = 60) -> str:
    """A short label from outside for a badge (which shows escapes as they are): markdown marks removed."""
    return re.sub(r"[\\`*_{}\[\]<>!|~$&:#]", "", str(text))[:limit]


def code(text: object) -> str:
    """``text`` as an inline code span (shown verbatim, never a link), whatever backticks it holds."""
    raw = " ".join(str(text).split("\n"))
    fence = "`" * (max((len(r) for r in re.findall(r"`+", raw)), default=0) + 1)
    return f"{fence} {raw} {fence}" if fence != "`" or raw[:1] == " " else f"`{raw}`"


def select_context(context_id: str | None) -> None:
    """Make ``context_id`` the selected context (URL and session); None clears it."""
    if context_id:
        st.query_params[CONTEXT_PARAM] = context_id
        st.session_state[_REMEMBERED] = context_id
    else:
        st.query_params.pop(CONTEXT_PARAM, None)
        st.session_state.pop(_REMEMBERED, None)
    st.session_state.pop(_CANDIDATES, None)


def _on_pick(store: Store) -> None:
    typed = st.session_state.get(_PICKER_KEY)
    if not typed:
        select_context(None)
        return
    chosen, candidates = resolve_context(store, str(typed))
    if chosen:
        select_context(chosen)
    else:
        st.session_state[_CANDIDATES] = (str(typed), candidates)


def context_picker(store: Store, *, label: str = "Context") -> str | None:
    """A searchable context selector bound to the URL; returns the selected, existing context id.

    Lists the 200 most recently active contexts; any other id (or a unique prefix of one) can be
    typed or pasted. A link with an unknown id says so instead of showing an empty screen."""
    wanted = selected_context_id()
    if wanted and st.query_params.get(CONTEXT_PARAM) != wanted:
        st.query_params[CONTEXT_PARAM] = wanted  # back into the URL after a page switch
    options = recent_context_ids(store)
    if wanted and wanted not in options:
        options.insert(0, wanted)
    if st.session_state.get(_PICKER_KEY) != wanted:
        st.session_state[_PICKER_KEY] = wanted
    st.selectbox(
        label,
        options,
        index=None,
        key=_PICKER_KEY,
        placeholder="Pick a recent context, or type / paste a context_id (a unique prefix is enough)",
        accept_new_options=True,
        on_change=_on_pick,
        args=(store,),
    )
    pending = st.session_state.get(_CANDIDATES)
    if pending:
        typed, candidates = pending
        if candidates:
            st.warning(f"{len(candidates)} contexts start with “{plain(typed)}”; pick one:")
            cols = st.columns(min(len(candidates), 4))
            for i, cid in enumerate(candidates):
                cols[i % len(cols)].button(
                    plain(cid), key=f"candidate-{cid}", on_click=select_context, args=(cid,)
                )
        else:
            st.warning(f"No context id starts with “{plain(typed)}”.")
    if wanted and store.get_context(wanted) is None:
        st.error(f"No context “{plain(wanted)}” in this database: the link may be old, or the id mistyped.")
        return None
    return wanted


def page_link(page: str, label: str, icon: str, query_params: Mapping[str, str]) -> None:
    """A link to another console page (``page`` is its file stem: "replay", "facts", ...).

    When the page runs on its own (a test of one page, without the app's navigation), the link
    is a plain URL to the same place."""
    try:
        st.page_link(str(PAGES_DIR / f"{page}.py"), label=label, icon=icon, query_params=dict(query_params))
    except StreamlitAPIException:
        st.markdown(f"[{label}](/{page}?{urlencode(dict(query_params))})")


# --- grids ----------------------------------------------------------------------------------------


def data_grid(
    frame: pd.DataFrame,
    *,
    key: str,
    height: int | None = 360,
    select: bool = False,
    editable: Mapping[str, Sequence[str] | type] | None = None,
    page_size: int | None = None,
    pinned: str | None = None,
    widths: Mapping[str, int] | None = None,
    hidden: Sequence[str] = (),
    severity_columns: Sequence[str] = (),
    headers: Mapping[str, str] | None = None,
    wrap: Sequence[str] = (),
) -> AgGridReturn:
    """An AG Grid over ``frame``: sortable, filterable, resizable columns.

    select: single-row selection (read ``.selected_rows``); editable: column -> allowed values
    (a dropdown), ``bool`` (a checkbox) or ``str`` (free text); severity_columns are coloured by
    health (ok, warning, yellow, orange, red, no_data) and mode (raw); widths are minimum widths in
    pixels (the columns share the grid's width); headers default to the column name in words;
    wrap: columns whose text wraps onto more lines (the row grows) instead of being cut."""
    options = grid_options(
        frame,
        select=select,
        editable=editable,
        page_size=page_size,
        pinned=pinned,
        widths=widths,
        hidden=hidden,
        severity_columns=severity_columns,
        headers=headers,
        wrap=wrap,
    )
    css: dict[str, dict[str, str]] = dict(_SEVERITY_CSS)
    css[".editable-cell"] = {"background-color": "#f3f8ff !important"}
    css[".editable-header"] = {"font-style": "italic"}
    css[".wrapped-cell"] = {"line-height": "1.35 !important", "padding-top": "4px", "padding-bottom": "4px"}
    return AgGrid(
        frame.copy(),  # st_aggrid adds its ::auto_unique_id:: column to the frame it is given
        gridOptions=options,
        height=height,
        key=key,
        theme="streamlit",
        custom_css=css,
        update_on=["cellValueChanged", "selectionChanged"],
        show_toolbar=False,
        show_download_button=False,
    )


def grid_options(
    frame: pd.DataFrame,
    *,
    select: bool = False,
    editable: Mapping[str, Sequence[str] | type] | None = None,
    page_size: int | None = None,
    pinned: str | None = None,
    widths: Mapping[str, int] | None = None,
    hidden: Sequence[str] = (),
    severity_columns: Sequence[str] = (),
    headers: Mapping[str, str] | None = None,
    wrap: Sequence[str] = (),
) -> dict[str, Any]:
    """The AG Grid options of ``data_grid`` (its arguments, same meaning), kept apart to be tested."""
    builder = GridOptionsBuilder.from_dataframe(frame)
    builder.configure_default_column(
        sortable=True, filter=True, resizable=True, editable=False, wrapHeaderText=True, autoHeaderHeight=True
    )
    if select:
        builder.configure_selection("single", use_checkbox=False)
    if page_size:
        builder.configure_pagination(paginationAutoPageSize=False, paginationPageSize=page_size)
    for column, spec in (editable or {}).items():
        if spec is bool:
            builder.configure_column(column, editable=True, cellDataType="boolean")
        elif spec is str:
            builder.configure_column(column, editable=True, cellEditor="agTextCellEditor")
        else:
            builder.configure_column(
                column,
                editable=True,
                cellEditor="agSelectCellEditor",
                cellEditorParams={"values": list(spec)},
            )
        builder.configure_column(column, headerClass="editable-header", cellClass="editable-cell")
    if pinned:
        builder.configure_column(pinned, pinned="left")
    for column in hidden:
        builder.configure_column(column, hide=True)
    for column in severity_columns:
        rules = {f"sev-{label}": f"x == '{label}'" for label in HEALTH_COLOURS}
        rules["mode-raw"] = "x == 'raw'"
        builder.configure_column(column, cellClassRules=rules)
    for column in wrap:
        builder.configure_column(column, wrapText=True, autoHeight=True, cellClass="wrapped-cell")
    for column in frame.columns:  # last: configure_column resets the header to the field name
        builder.configure_column(str(column), header_name=(headers or {}).get(column, _header(str(column))))
    options = builder.build()
    options["autoSizeStrategy"] = {
        "type": "fitGridWidth",
        "defaultMinWidth": 70,
        "columnLimits": [{"colId": c, "minWidth": w} for c, w in (widths or {}).items()],
    }
    options["suppressCellFocus"] = False
    options["stopEditingWhenCellsLoseFocus"] = True
    return options


def _header(column: str) -> str:
    words = column.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def selected_row(response: AgGridReturn) -> dict[str, Any] | None:
    """The selected row of a single-selection grid, or None."""
    rows = response.selected_rows
    if rows is None or len(rows) == 0:
        return None
    return rows.iloc[0].to_dict()


# --- rendered context and badges ------------------------------------------------------------------


def rendered_context(
    text: str | None, *, empty: str = "Nothing rendered yet.", max_height: int = 460
) -> None:
    """A rendered context with its anchors highlighted (goals blue, facts green, required actions orange)."""
    if not text:
        st.caption(empty)
        return
    parts = []
    for segment in anchor_segments(text):
        escaped = html.escape(segment.text)
        style = _ANCHOR_STYLES.get(segment.kind)
        if style is None:
            parts.append(escaped)
        elif segment.kind == "separator":
            parts.append(f'<span style="{style}">{escaped}</span>')
        else:
            parts.append(f'<span style="{style};border-radius:4px;padding:0 2px">{escaped}</span>')
    body = "".join(parts)
    st.html(
        f'<div class="rendered-context" style="font-family:ui-monospace,SFMono-Regular,Menlo,monospace;'
        f"font-size:0.82rem;line-height:1.55;white-space:pre-wrap;word-break:break-word;"
        f"border:1px solid #e0e0e0;border-radius:6px;padding:10px 12px;background:#fafafa;"
        f'max-height:{max_height}px;overflow:auto">{body}</div>'
    )


def wrapped_table(frame: pd.DataFrame, *, wrap: Sequence[str], max_height: int = 520, key: str = "") -> None:
    """A read-only table whose ``wrap`` columns show their whole text, wrapped (a dataframe cell cuts a
    long turn or error message at the cell's edge). Every cell is shown as text, never as HTML."""
    head = "".join(
        f'<th style="text-align:left;padding:4px 8px">{html.escape(_header(str(c)))}</th>'
        for c in frame.columns
    )
    rows = []
    for values in frame.itertuples(index=False, name=None):
        cells = []
        for column, value in zip(frame.columns, values, strict=True):
            style = (
                "white-space:pre-wrap;word-break:break-word;min-width:240px"
                if column in wrap
                else "white-space:nowrap"
            )
            text = "" if value is None or (isinstance(value, float) and value != value) else str(value)
            cells.append(f'<td style="padding:4px 8px;vertical-align:top;{style}">{html.escape(text)}</td>')
        rows.append(f'<tr style="border-top:1px solid #eeeeee">{"".join(cells)}</tr>')
    st.html(
        f'<div class="wrapped-table" data-key="{html.escape(key)}" style="max-height:{max_height}px;'
        'overflow:auto;border:1px solid #e0e0e0;border-radius:6px;font-size:0.85rem">'
        f'<table style="border-collapse:collapse;width:100%"><thead style="background:#fafafa">'
        f"<tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def anchor_legend() -> None:
    """One line saying what the highlight colours mean."""
    chips = [
        ("goal", "[USER_GOAL:…]", "goal"),
        ("fact", "[FACT:…]", "facts"),
        ("action", "[ACTION_REQUIRED:…]", "required action"),
    ]
    parts = [
        f'<span style="{_ANCHOR_STYLES[kind]};border-radius:4px;padding:0 4px">{chip}</span> {label}'
        for kind, chip, label in chips
    ]
    st.html(
        '<div style="font-size:0.8rem;color:#616161">'
        + " &nbsp; ".join(parts)
        + " &nbsp; below the dashed line: the last raw turns, verbatim</div>"
    )


def health_badge(health: str) -> None:
    """The health label as a coloured badge."""
    st.badge(health.replace("_", " "), color=HEALTH_COLOURS.get(health, "gray"))  # type: ignore[arg-type]


def mode_badge(mode: str, reason: str = "") -> None:
    """Compressed (blue) or raw dialogue (red) as a badge; hovering says why raw."""
    if mode == "raw":
        st.badge("served raw", icon=":material/bolt:", color="red", help=reason or None)
    else:
        st.badge("compressed", icon=":material/compress:", color="blue")


def user_caption(actor: str, role: str) -> None:
    """Who is acting, for the sidebar."""
    st.caption(f"Signed in as **{plain(actor)}** ({plain(role)})")
