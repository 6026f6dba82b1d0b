"""Replay: one turn of a session through parse / extract / render, and the diff of two compactions."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from console import replay_view, served_widgets, widgets
from console.resources import get_compressor, get_store
from console.services import compaction_diff, recompute
from console.services import replay as svc
from console.services.evidence import facts_of, parse_span
from console.services.tool_replay import record_of_turn, records_at
from console.widgets import code, plain

st.title("Replay")
st.caption(
    "Follow one turn of a session through the pipeline, side by side: what **parse** found in the "
    "message (atoms and entities), what **extract** proposed and how **merge** changed the state, and "
    "what **render** made of it (anchors highlighted; each value links to the turn it came from). Step "
    "with ◀ ▶, the ← → keys or the slider; the turn is in the address bar (`&turn=N`). An agent's tool "
    "calls show as records (arguments and result as JSON trees). Below, compare two compactions "
    "(`&a=`, `&b=` in the address)."
)

store = get_store()
cid = widgets.context_picker(store)
if not cid:
    st.info("Pick a session above (or open one from the Sessions page) to replay it.")
    st.stop()

timeline = store.timeline(cid)
messages = [m.message for m in timeline.messages] if timeline else []
if timeline is not None:
    served_widgets.served_line(store, timeline.context)
recompute_key = f"replay-recomputed:{cid}"
recomputed: svc.SessionReplay | None = st.session_state.get(recompute_key)
steps = recomputed.steps if recomputed else svc.replay_steps(store, cid)

if recomputed is not None:
    note, discard = st.columns([5, 1])
    note.info(
        f"Recomputed now by the core with the current config ({len(recomputed.turns)} turns, "
        f"{recomputed.elapsed_ms:,.0f} ms). Nothing was saved: the stored session is unchanged."
    )
    if discard.button("Discard", width="stretch"):
        st.session_state.pop(recompute_key, None)
        st.rerun()
elif not steps:
    st.warning(
        "This session was stored without stage traces, so there is nothing recorded to replay. "
        "The core can recompute every stage from the stored messages now (with the current config; "
        "nothing is saved)."
    )
    if st.button("Recompute the replay", type="primary", icon=":material/replay:", disabled=not messages):
        bar = st.progress(0.0, text="Preparing the pipeline (the language model loads on first use)…")
        compressor = get_compressor()
        result = recompute.recompute_session(
            messages,
            compressor,
            context_id=cid,
            force_final=False,  # as an ingest would have stored it
            progress=lambda i, n: bar.progress(i / n, text=f"Turn {i} of {n}"),
        )
        st.session_state[recompute_key] = result
        st.rerun()
    st.stop()

# --- which turn ---------------------------------------------------------------------------------

try:
    wanted = int(st.query_params.get("turn", steps[0]))
except ValueError:
    wanted = steps[0]
turn_idx = min(steps, key=lambda s: (abs(s - wanted), s))
st.query_params["turn"] = str(turn_idx)
position = steps.index(turn_idx)


def _go(idx: int) -> None:
    st.query_params["turn"] = str(idx)
    for linked in ("span", "path"):  # an evidence link's mark belongs to the turn it opened
        st.query_params.pop(linked, None)


def _slid() -> None:
    _go(st.session_state["replay_turn"])


if st.session_state.get("replay_turn") != turn_idx:
    st.session_state["replay_turn"] = turn_idx
back, slider, forward = st.columns([1, 8, 1], vertical_alignment="bottom")
back.button(
    "◀ Previous",
    key=replay_view.PREV_KEY,
    disabled=position == 0,
    on_click=_go,
    args=(steps[max(0, position - 1)],),
    width="stretch",
)
if len(steps) > 1:
    slider.select_slider("Turn", options=steps, key="replay_turn", on_change=_slid)
forward.button(
    "Next ▶",
    key=replay_view.NEXT_KEY,
    disabled=position == len(steps) - 1,
    on_click=_go,
    args=(steps[min(len(steps) - 1, position + 1)],),
    width="stretch",
)
replay_view.arrow_keys()

if recomputed is not None:
    turn = recomputed.turn(turn_idx)
    compactions = recomputed.compactions
    final_state = recomputed.state
else:
    compactions = store.compactions(cid, with_state=True)
    turn = svc.load_turn(store, cid, turn_idx, messages=messages, compactions=compactions)
    final_state = store.load_state(cid)
span = parse_span(st.query_params.get("span"), turn.text)
linked_path = st.query_params.get("path")

st.markdown(
    f"**Turn {turn.idx}** · step {position + 1} of {len(steps)} · {turn.role}"
    + (f" · domain {code(turn.domain)}" if turn.domain else "")
)
with st.chat_message(turn.role if turn.role in ("user", "assistant") else "ai"):
    if turn.text:
        replay_view.turn_text(turn.text, span)
    else:
        st.markdown("_(no text: a tool call or result)_")
if span is not None:
    st.caption(f"Marked: characters {span[0]}-{span[1]} of this turn, the evidence of the value followed.")
if turn.missing_stages:
    st.caption(f"No stored output for: {', '.join(turn.missing_stages)}.")

# --- tool records (agent sessions) ----------------------------------------------------------------

records = records_at(final_state, messages, turn.idx)
own_record = record_of_turn(records, turn.idx)
if own_record is not None:
    with st.container(border=True, key="tool-record"):
        st.markdown(f"#### Tool record · {code(own_record.tool)}")
        st.caption(
            "The call and its result as one record, as the core keeps it: arguments and result as JSON "
            "trees, the paths it keeps once the result decayed, and the line the model reads now."
        )
        replay_view.tool_record(own_record, linked_path=linked_path)
if records:
    with st.expander(f"Tool records at this turn ({len(records)}): what the model reads of each"):
        st.code("\n".join(r.line for r in records), language=None, wrap_lines=True)

# --- the three stages -----------------------------------------------------------------------------


def _timing(*stages: str) -> None:
    """The stages' recorded latencies, as a caption under the heading."""
    parts = [f"{s} {turn.latency_ms[s]:.2f} ms" for s in stages if turn.latency_ms.get(s) is not None]
    if parts:
        st.caption(" · ".join(parts))


parse_col, extract_col, render_col = st.columns(3)
with parse_col.container(border=True):
    st.markdown("#### ① Parse")
    _timing("parse")
    st.caption(
        "The message cut into atoms: kind, strength and the entities found (type, text → value, slot)."
    )
    if not turn.atoms:
        st.caption("No atoms recorded for this turn.")
    for atom in turn.atoms:
        flags = " · ".join(
            x for x in (atom.strength, "pinned" if atom.pinned else "", atom.domain or "") if x
        )
        st.markdown(f"**{code(atom.kind)}** {plain(flags)}  \n{plain(atom.text)}")
        for e in atom.entities:
            slot = f" (slot {code(e.slot)})" if e.slot else ""
            value = f" → {code(e.value)}" if e.value and e.value != e.text else ""
            st.markdown(f"- {code(e.type)} {plain(e.text)}{value}{slot}")
        if atom.negation:
            st.markdown(f"- negation kept whole: *{plain(atom.negation)}*")
        if atom.action:
            st.markdown(f"- action: {plain(atom.action)}")

with extract_col.container(border=True):
    st.markdown("#### ② Extract & merge")
    _timing("extract", "merge")
    st.caption("Facts the turn proposed, other units found, and how the state's facts changed after merging.")
    st.markdown("**Facts proposed**")
    if turn.proposed:
        for p in turn.proposed:
            flags = ", ".join(
                x
                for x in (
                    p.strength,
                    p.kind,
                    p.role,
                    "correction" if p.correction else "",
                    "negated" if p.negated else "",
                )
                if x
            )
            st.markdown(f"- {code(p.key)} = **{plain(p.value)}** ({flags})")
    else:
        st.caption("No fact proposed by this turn.")
    for label, items in (
        ("Goals", turn.goals),
        ("Actions", turn.actions),
        ("Constraints", turn.constraints),
        ("Todos", turn.todos),
        ("Decisions", turn.decisions),
        ("Events", turn.events),
    ):
        if items:
            st.markdown(f"**{label}**  \n" + "\n".join(f"- {plain(item)}" for item in items))
    st.markdown("**State changes**")
    if turn.changes:
        for c in turn.changes:
            if c.before is not None and c.after is not None and c.before != c.after:
                st.markdown(f"- {code(c.key)} {c.change}: {plain(c.before)} → **{plain(c.after)}**")
            else:
                value = c.after if c.after is not None else c.before
                st.markdown(
                    f"- {code(c.key)} {c.change}" + (f": **{plain(value)}**" if value is not None else "")
                )
    else:
        st.caption("No fact changed on this turn.")
    if turn.task_state:
        st.caption(f"Task state after the turn: {plain(turn.task_state)}")

with render_col.container(border=True):
    st.markdown("#### ③ Render")
    _timing("render")
    tokens = f" ({turn.rendered_tokens:,} tokens)" if turn.rendered_tokens else ""
    st.caption((turn.rendered_label or "The model is served the raw dialogue at this turn.") + tokens)
    if turn.rendered:
        in_effect = svc.compaction_in_effect(compactions, turn.idx)
        state = in_effect.state if in_effect is not None and in_effect.state is not None else final_state
        replay_view.linked_context(turn.rendered, facts_of(state), cid)
    preview: recompute.RenderPreview | None = None
    if recomputed is None and not turn.render_ran:
        preview_key = f"replay-preview:{cid}:{turn.idx}"
        if st.button(
            "Preview the render stage at this turn",
            key=f"preview-{turn.idx}",
            icon=":material/preview:",
            help="No compaction ran here. Recompute the session up to this turn (current config, "
            "nothing saved) and render its state.",
        ):
            with st.spinner("Recomputing up to this turn…"):
                st.session_state[preview_key] = recompute.render_preview(
                    messages, turn.idx, get_compressor(), context_id=cid
                )
        preview = st.session_state.get(preview_key)
        if preview is not None:
            st.caption(
                f"{preview.label} ({preview.tokens:,} tokens; recomputed in {preview.elapsed_ms:,.0f} ms)"
            )
            widgets.rendered_context(preview.text, max_height=520)
    if turn.rendered or preview is not None:
        widgets.anchor_legend()

with st.expander("Raw stage output (JSON)"):
    st.json(turn.payloads, expanded=1)

# --- compaction diff ------------------------------------------------------------------------------

st.divider()
st.subheader("Compare two compactions", anchor=False)
st.caption(
    "Pick an earlier (A) and a later (B) compaction: facts added, changed (old → new), decayed (kept in "
    "the archive) and dropped between them, with the tokens each compaction took in and gave out."
)
done = [c for c in compactions if not c.record.failed]
if len(done) < 2:
    st.info("This session has fewer than two successful compactions: nothing to compare yet.")
    st.stop()


def _label(seq: int) -> str:
    c = next(x for x in done if x.record.seq == seq)
    return f"#{seq} at turn {c.record.at_turn} ({plain(c.record.trigger)})"


seqs = [c.record.seq for c in done]


def _seq_param(name: str, default: int) -> int:
    """A compaction number from the address (``&a=``, ``&b=``); a missing or unknown one: the default."""
    raw = st.query_params.get(name, "")
    return int(raw) if raw.isdigit() and int(raw) in seqs else default


def _picked(name: str) -> None:
    st.query_params[name] = str(st.session_state[f"diff_{name}:{cid}"])


for name, default in (("a", seqs[-2]), ("b", seqs[-1])):
    wanted_seq = _seq_param(name, default)
    st.session_state[f"diff_{name}:{cid}"] = wanted_seq  # the address decides (a link, back, reload)
    st.query_params[name] = str(wanted_seq)
pick_a, pick_b = st.columns(2)
seq_a = pick_a.selectbox(
    "Compaction A", seqs, format_func=_label, key=f"diff_a:{cid}", on_change=_picked, args=("a",)
)
seq_b = pick_b.selectbox(
    "Compaction B", seqs, format_func=_label, key=f"diff_b:{cid}", on_change=_picked, args=("b",)
)
a = next(c for c in done if c.record.seq == seq_a)
b = next(c for c in done if c.record.seq == seq_b)
diff = compaction_diff.diff_compactions(a, b)

k1, k2, k3, k4, k5, k6 = st.columns(6)
k1.metric("A: tokens in → out", f"{diff.a.tokens_in:,} → {diff.a.tokens_out:,}")
k2.metric(
    "B: tokens in → out",
    f"{diff.b.tokens_in:,} → {diff.b.tokens_out:,}",
    delta=diff.b.tokens_out - diff.a.tokens_out,
    delta_color="inverse",
)
k3.metric("Added", len(diff.added))
k4.metric("Changed", len(diff.changed))
k5.metric("Decayed", len(diff.decayed))
k6.metric("Dropped", len(diff.dropped))
if diff.basis == "anchors":
    st.caption(
        "These compactions were stored without their states: facts are read back from the rendered anchors."
    )
if diff.rows:
    rows = pd.DataFrame([r.model_dump() for r in diff.rows])[["change", "key", "before", "after", "note"]]
    rows = rows.fillna("—")
    st.dataframe(rows, hide_index=True, width="stretch")
else:
    st.success(f"Same facts with the same values in both ({diff.unchanged} facts).")
with st.expander("The two rendered contexts side by side"):
    left, right = st.columns(2)
    with left:
        st.caption(_label(seq_a))
        widgets.rendered_context(a.rendered)
    with right:
        st.caption(_label(seq_b))
        widgets.rendered_context(b.rendered)
