"""Drawing for the Replay screen: tool records, a rendered context whose values link to their
evidence, a turn's text with an evidence span marked, and the arrow keys that step turns.

Text from dialogues and tools is always escaped (``html.escape`` here, ``plain`` / ``code`` in
markdown): it is shown as text, never as markup.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import streamlit as st
import streamlit.components.v1 as components

from console.services.evidence import Piece, context_pieces, describe, replay_link
from console.services.tool_replay import ToolRecordView
from console.widgets import _ANCHOR_STYLES, code, plain
from core.models import Fact
from core.tools import dumps

PREV_KEY = "replay_prev"  # the widget keys of the stepper's buttons (Streamlit puts them in a class)
NEXT_KEY = "replay_next"
BIG_JSON_CHARS = 1500  # a tool result longer than this opens collapsed, in a scrolling box
_LINK_STYLE = "color:inherit;text-decoration:underline dotted;text-underline-offset:2px;cursor:pointer"
_BOX_STYLE = (
    "font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:0.82rem;line-height:1.55;"
    "white-space:pre-wrap;word-break:break-word;border:1px solid #e0e0e0;border-radius:6px;"
    "padding:10px 12px;background:#fafafa;overflow:auto"
)


def _piece_html(context_id: str, piece: Piece) -> str:
    text = html.escape(piece.text)
    href = replay_link(context_id, piece)
    if href is None:
        return text
    title = describe(piece.evidence) if piece.evidence is not None else f"the call at turn {piece.turn}"
    kind = "fact-link" if piece.evidence is not None else "record-link"
    return (
        f'<a class="evidence-link {kind}" href="{html.escape(href)}" target="_self" '
        f'title="{html.escape(title)}" style="{_LINK_STYLE}">{text}</a>'
    )


def linked_context(
    text: str | None, facts: Mapping[str, Fact], context_id: str, *, max_height: int = 520
) -> None:
    """A rendered context, anchors highlighted, each fact value a link to the turn and span it came
    from (and each tool record's ``tN`` to its call): a click opens that turn in the Replay."""
    if not text:
        st.caption("Nothing rendered yet.")
        return
    parts: list[str] = []
    group: list[Piece] = []

    def flush() -> None:
        if not group:
            return
        body = "".join(_piece_html(context_id, p) for p in group)
        style = _ANCHOR_STYLES.get(group[0].kind)
        if style is None:
            parts.append(body)
        elif group[0].kind == "separator":
            parts.append(f'<span style="{style}">{body}</span>')
        else:
            parts.append(f'<span style="{style};border-radius:4px;padding:0 2px">{body}</span>')
        group.clear()

    for piece in context_pieces(text, facts):
        # an anchor is cut into several pieces of one kind; text pieces stand alone
        if group and (piece.kind != group[0].kind or piece.kind in ("text", "separator") or _starts(piece)):
            flush()
        group.append(piece)
    flush()
    st.html(
        f'<div class="rendered-context linked-context" style="{_BOX_STYLE};max-height:{max_height}px">'
        + "".join(parts)
        + "</div>"
    )
    st.caption("Underlined: a value's source. Click it to open the turn it came from, its span marked.")


def _starts(piece: Piece) -> bool:
    """True for the opening piece of an anchor (a new highlight box starts there)."""
    return piece.text.startswith("[")


def turn_text(text: str, span: tuple[int, int] | None) -> None:
    """A turn's text; with a span (from an evidence link), that span marked."""
    if span is None:
        st.markdown(plain(text))
        return
    a, b = span
    st.html(
        '<div class="turn-text" style="white-space:pre-wrap;word-break:break-word">'
        f"{html.escape(text[:a])}"
        f'<mark class="evidence-span" style="background:#fff59d;padding:0 2px;border-radius:3px">'
        f"{html.escape(text[a:b])}</mark>{html.escape(text[b:])}</div>"
    )


def tool_record(record: ToolRecordView, *, linked_path: str | None = None) -> None:
    """One tool record: the call with its arguments and the result, both as JSON trees; the paths
    the core kept; and what the model reads of it at this turn (detail while fresh, else summary)."""
    status = {"done": "green", "failed": "red", "pending": "gray"}[record.status]
    head = st.columns([3, 2], vertical_alignment="center")
    head[0].markdown(
        f"**{code(record.tool)}** · call {code(record.call_id)} at turn {record.call_idx}"
        + (f" · result at turn {record.result_idx}" if record.result_idx is not None else "")
        + (f" · {plain(record.shape)}" if record.shape else "")
    )
    with head[1]:
        st.badge(record.status, color=status)  # type: ignore[arg-type]
        if record.write:
            st.badge("changes something", color="orange")
        if record.status == "done":  # a failed call is on the Failed line with its error, either way
            st.badge("fresh: read in detail" if record.fresh else "decayed: read as its summary",
                     color="blue" if record.fresh else "violet")  # fmt: skip
    left, right = st.columns(2)
    with left:
        st.markdown("**Arguments**")
        _json_tree(record.args)
    with right:
        st.markdown("**Result**" + (" (error)" if record.status == "failed" else ""))
        if record.status == "pending":
            st.caption("No result yet at this turn.")
        else:
            _json_tree(record.result if record.result is not None else {})
    if record.error:
        st.markdown(f"**Error:** {plain(record.error)}")
    if record.summary:
        st.markdown("**Paths the core kept** (what the model reads once the result decayed)")
        rows = [{"path": path, "value": value} for path, value in record.summary.items()]
        if linked_path is not None:
            for row in rows:
                row["linked"] = "◀ the value you followed" if row["path"] == linked_path else ""
        st.dataframe(rows, hide_index=True, width="stretch")
    if linked_path is not None and linked_path not in record.summary:
        st.caption(f"The linked value is at path {code(linked_path)} of this result.")
    if record.promoted:
        st.markdown(
            "**Named by a later turn** (pinned facts, kept for good)  \n"
            + "\n".join(
                f"- {code(p.key)} = **{plain(p.value)}** (named at turn {p.named_at})"
                for p in record.promoted
            )
        )
    st.markdown("**What the model reads of it now**")
    st.code(record.line, language=None, wrap_lines=True)


def _json_tree(data: object) -> None:
    """A JSON tree; a big one opens one level deep in a scrolling box, so the page stays readable."""
    big = len(dumps(data)) > BIG_JSON_CHARS
    if not big:
        st.json(data, expanded=2)
        return
    st.caption(f"{len(dumps(data)):,} characters of JSON: open the branches you need.")
    with st.container(height=420):
        st.json(data, expanded=1)


def arrow_keys() -> None:
    """Left and right arrow keys click the stepper's buttons (Streamlit has no key events of its own).

    A zero-height component adds one keydown listener to the app's document (kept across reruns);
    keys typed into an input, a select or an editable cell are left alone."""
    components.html(
        f"""<script>
const doc = window.parent.document;
if (!doc.__replayArrows) {{
  doc.__replayArrows = true;
  doc.addEventListener("keydown", (e) => {{
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) ||
              (t.getAttribute && t.getAttribute("role") === "slider"))) return;
    const key = e.key === "ArrowLeft" ? {PREV_KEY!r} : {NEXT_KEY!r};
    const button = doc.querySelector(".st-key-" + key + " button");  // only on the Replay page
    if (button && !button.disabled) {{ e.preventDefault(); button.click(); }}
  }});
}}
</script>""",
        height=0,
    )
