"""Playground: paste or upload a transcript, run the pipeline with the current config, and look at
what every stage did with every turn; optionally save the run as a session."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from console.auth import can_write, current_user
from console.health import Thresholds
from console.resources import breaker_hook, get_embedder, get_store
from console.services.metrics import METRICS, SEVERITY_STYLE, format_value
from console.services.playground import (
    PlaygroundRun,
    atom_rows,
    entity_rows,
    run_playground,
    save_run,
    served_why,
    state_rows,
    unit_rows,
    unit_summary,
)
from console.services.transcripts import DialogueError, read_transcripts, read_upload
from console.widgets import plain

RULES_ONLY = "Rules only (no model, instant)"
WITH_MODEL = "With embeddings (loads the MiniLM model on first use, a few seconds)"
EXAMPLE = (
    "user: I need a table for 2 at 7pm on Friday, no spicy food.\n"
    "assistant: Sure, which area would you like?\n"
    "user: The north please. Actually make it 3 people.\n"
    "assistant: I found Golden Dragon in the north for 3 people at 7pm. Shall I book it?"
)

store = get_store()
actor, role = current_user()

st.title("Playground")
st.markdown(
    "Try the compaction pipeline on any dialogue. Paste **plain lines** (`user: ...`, "
    "`assistant: ...`; an indented line continues the turn above) or the **dialogue JSONL** (one "
    'conversation per line: `{"context_id": ..., "turns": [{"role": ..., "text": ...}]}`), or upload '
    "a file. **Run** takes every turn through parse, extract, merge and trigger, as a live agent "
    "session does, and compacts when the trigger fires; below you can step through each turn's "
    "stages and read the context the model would be served. Nothing is saved unless you ask."
)


def _use_example() -> None:
    st.session_state["pg_text"] = EXAMPLE


pasted = st.text_area("Transcript", height=180, key="pg_text", placeholder=EXAMPLE)
st.button("Use the example", key="pg_example", on_click=_use_example)
uploaded = st.file_uploader("...or upload a .jsonl / .txt file", type=["jsonl", "json", "txt"], key="pg_file")
left, right = st.columns(2)
context_id = left.text_input(
    "Context id (optional)",
    key="pg_cid",
    help="Used for plain lines, or to override the id of a single JSONL conversation. The breaker "
    "is asked with this id, so a context switched to raw is served raw here too.",
)
mode = right.radio("Pipeline", [RULES_ONLY, WITH_MODEL], key="pg_mode")
compact_at_end = st.checkbox(
    "Compact after the last turn even if the trigger does not fire",
    value=True,
    key="pg_force",
    help="Short transcripts stay below min_turns; this shows render and validation for them anyway.",
)

if st.button("Run", type="primary", key="pg_run"):
    st.session_state.pop("pg_result", None)
    try:
        if uploaded is not None:
            parsed = read_upload(uploaded.getvalue(), uploaded.name, context_id or None)
        else:
            parsed = read_transcripts(pasted, context_id or None)
    except DialogueError as exc:
        st.error(f"Cannot read the transcript: {plain(exc)}")
        st.stop()
    transcript = parsed.transcripts[0]
    notes = [f"Skipped {plain(problem)}" for problem in parsed.errors] + [
        plain(w) for w in transcript.warnings
    ]
    if len(parsed.transcripts) > 1:
        notes.append(
            f"{len(parsed.transcripts)} conversations in the input; ran the first: "
            f"{plain(transcript.context_id)}."
        )
    config = store.current_config().model_copy(update={"use_embeddings": mode == WITH_MODEL})
    with st.spinner("Loading the model and running the pipeline..." if mode == WITH_MODEL else "Running..."):
        embedder = get_embedder() if mode == WITH_MODEL else None
        try:
            st.session_state["pg_result"] = run_playground(
                transcript,
                config,
                embedder=embedder,
                breaker=breaker_hook(store),
                compact_at_end=compact_at_end,
            )
        except Exception as exc:  # a playground shows what broke instead of a traceback page
            st.error(f"The pipeline failed on this transcript: {type(exc).__name__}: {plain(exc)}")
            st.stop()
    st.session_state["pg_notes"] = notes
    st.session_state["pg_transcript"] = transcript

run: PlaygroundRun | None = st.session_state.get("pg_result")
if run is None:
    st.caption("Paste the example above (or your own dialogue) and press Run.")
    st.stop()

# --- summary ----------------------------------------------------------------------------------------
for note in st.session_state.get("pg_notes", []):
    st.warning(note)
st.subheader(f"Result for {plain(run.context_id)}", anchor=False)
cols = st.columns([1, 1.2, 1.2, 1.4, 2.2])  # room for "compressed" and the embedder name
cols[0].metric("Turns", len(run.turns))
cols[1].metric("Raw dialogue", f"{run.tokens_raw} tokens")
cols[2].metric("Served context", f"{run.served.tokens} tokens")
cols[3].metric(
    "Served as",
    run.served.mode,
    help="raw: the breaker, no compaction yet, a failed one, or one not smaller than the raw history",
)
cols[4].metric("Embeddings", run.embedder)
if run.served.mode == "raw":
    st.warning(
        f"Served {served_why(run)}. The model would see the raw dialogue, not the compacted state."
    )
thresholds = Thresholds.from_config(run.config)
severities = run.health.severities(thresholds)
values = run.health.values()
badges = []
for metric, severity in severities.items():
    colour, label = SEVERITY_STYLE[severity][1], SEVERITY_STYLE[severity][2]
    badges.append(f":{colour}-badge[{METRICS[metric].title}: {format_value(metric, values[metric])} {label}]")
st.markdown(" ".join(badges))

# --- one turn, stage by stage -------------------------------------------------------------------------
st.subheader("Stages, turn by turn")
idx = st.select_slider(
    "Turn",
    options=[t.idx for t in run.turns],
    value=run.turns[-1].idx,
    key="pg_turn",
    format_func=lambda i: f"{i} ({run.turns[i].message.role})",
)
turn = run.turns[idx]
st.markdown(f"**{turn.message.role}:** {plain(turn.message.text)}")
st.caption("Latency: " + ", ".join(f"{k} {v:.2f} ms" for k, v in turn.latency_ms.items()))

parse_tab, extract_tab, merge_tab, trigger_tab, render_tab, validate_tab = st.tabs(
    ["1 Parse", "2 Extract", "3 Merge", "4 Trigger", "5 Render", "6 Validate"],
    key="pg_stage",
    on_change="rerun",  # the chosen stage stays open while stepping through the turns
)
with parse_tab:
    st.caption(
        f"The turn split into atoms (language {turn.parsed.lang}, domain {turn.parsed.domain or '-'})."
    )
    st.dataframe(pd.DataFrame(atom_rows(turn)), hide_index=True)
    entities = entity_rows(turn)
    st.caption(f"Entities ({len(entities)}), as written and normalized:")
    st.dataframe(pd.DataFrame(entities), hide_index=True)
with extract_tab:
    st.caption("The cognitive units this turn proposes for the state.")
    st.dataframe(pd.DataFrame(unit_rows(turn)), hide_index=True)
    st.markdown("\n".join(f"- {name}: {plain(line)}" for name, line in unit_summary(turn).items()))
with merge_tab:
    st.caption(f"The state after this turn (task state {turn.task_state}); changed keys are marked.")
    st.dataframe(pd.DataFrame(state_rows(turn)), hide_index=True)
with trigger_tab:
    d = turn.trigger
    if d.fire:
        st.success(f"Fired: {plain(d.reason)} (tier {d.tier}, folds turns before {d.fold_upto}).")
    else:
        st.info(
            f"Did not fire: {d.history_tokens} history tokens; compaction starts at min_turns and the budget."
        )
    if turn.compaction is not None and turn.compaction.trigger == "forced":
        st.caption("A forced compaction ran after the last turn (the checkbox above).")
with render_tab:
    if turn.rendered is None:
        st.caption("No compaction at this turn: pick the last turn, or a turn where the trigger fired.")
    else:
        st.caption(
            "The context as the model sees it; anchors like [FACT:...] are read back by the validator."
        )
        st.code(turn.rendered.text, language=None, wrap_lines=True)
        if turn.rendered.dropped:
            st.caption("Left out for the budget: " + plain("; ".join(turn.rendered.dropped)))
        if turn.rendered.change_notice:
            st.caption("Change notice: " + plain(turn.rendered.change_notice))
with validate_tab:
    record = turn.compaction
    if record is None:
        st.caption("No compaction at this turn.")
    elif record.failed:
        st.error(f"The compaction failed: {plain(record.error)}. The context is served raw until a good one.")
    elif record.validation is None:
        st.caption("Validation is off (consistency_check).")
    else:
        v = record.validation
        (st.success if v.ok else st.error)(
            ("Passed" if v.ok else "Failed: " + plain("; ".join(v.errors)))
            + (f" after {record.retries} retries" if record.retries else "")
            + (" - served the key-sentence fallback" if record.fallback else "")
        )
        st.json(v.model_dump(mode="json"), expanded=False)

# --- served context and anchors ------------------------------------------------------------------------
st.subheader("The context served to the model")
st.caption(f"mode {run.served.mode}" + (f" ({run.served.reason})" if run.served.reason else ""))
st.code(run.served.text, language=None, wrap_lines=True)
if run.anchors:
    st.caption("Anchors read back from the rendered context:")
    st.json(run.anchors, expanded=False)

# --- save ----------------------------------------------------------------------------------------------
st.subheader("Save as a session")
if not can_write(role):
    st.caption(f"{plain(actor)} ({role}) is read only: operators and admins can save runs.")
else:
    st.caption(
        "Stores the transcript as the ingest would, with this run's settings: turns, every stage, facts, "
        "compactions where the trigger fires (not the forced final one) and metrics. It then appears "
        "under Sessions and Replay."
    )
    if st.button("Save as session", key="pg_save"):
        try:
            embedder = get_embedder() if run.config.use_embeddings else None
            transcript = st.session_state["pg_transcript"]
            outcome = save_run(store, transcript, run, actor=actor, role=role, embedder=embedder)
        except (ValueError, PermissionError) as exc:
            st.error(plain(str(exc)))
        else:
            st.success(
                f"Saved {plain(run.context_id)} ({outcome.status}, {outcome.messages_written} turns written)."
            )
