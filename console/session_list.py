"""The Sessions list's widgets kept in step with the URL, so a reload or a shared link keeps them.

The widgets' state lives in ``st.session_state`` under the keys of WIDGET_KEYS; the URL holds the
same query as parameters (console.services.session_links). When the URL's list parameters differ
from what this page last wrote there (a pasted link, a link from a chart point, a reload), the
widgets are set from the URL before they are drawn; after they are read, the URL is rewritten.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from console.health import Thresholds
from console.services.session_links import LIST_PARAMS, query_from_params, query_to_params
from console.services.sessions import SessionQuery
from data.records import PointFilter

WIDGET_KEYS = ("s_text", "s_search", "s_tool", "s_source", "s_health", "s_days", "s_sort", "s_order")
_WRITTEN = "_s_url_written"
_BEHIND = "s_behind"
ALL_SOURCES = "All sources"


def _list_params(params: Mapping[str, str]) -> dict[str, str]:
    return {k: str(params[k]) for k in LIST_PARAMS if params.get(k)}


def restore_from_url(thresholds: Thresholds) -> list[str]:
    """Set the widgets from the URL when it asks for another list than the one shown; returns the
    notes about parameters that were dropped (to show as a warning)."""
    wanted = _list_params(st.query_params.to_dict())
    if st.session_state.get(_WRITTEN) == wanted and "s_sort" in st.session_state:
        return []
    query, notes = query_from_params(wanted, thresholds)
    days = tuple(d for d in (query.date_from, query.date_to) if d is not None)
    st.session_state.update(
        {
            "s_text": query.text,
            "s_search": query.search,
            "s_tool": query.tool,
            "s_source": query.source or ALL_SOURCES,
            "s_health": list(query.health),
            "s_days": days[:1] if len(set(days)) == 1 else days,
            "s_sort": query.sort,
            "s_order": "descending" if query.descending else "ascending",
            "s_page_size": query.page_size,
            "s_page": query.page,
            _BEHIND: query.behind,
            "s_signature": None,  # the page must not reset the restored page number
        }
    )
    st.session_state["_s_restored_page"] = query.page
    return notes


def behind() -> PointFilter | None:
    """The chart point whose sessions the list shows, if it came from one."""
    return st.session_state.get(_BEHIND)


def clear_behind() -> None:
    """Show the whole list again, not only the sessions behind a chart point."""
    st.session_state[_BEHIND] = None


def write_to_url(query: SessionQuery) -> None:
    """Put the list's query in the URL (the open session's context_id stays as it is)."""
    params = query_to_params(query)
    if _list_params(st.query_params.to_dict()) != params:
        for key in LIST_PARAMS:
            if key in st.query_params:
                del st.query_params[key]
        st.query_params.update(params)
    st.session_state[_WRITTEN] = params
