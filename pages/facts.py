"""Facts: a context's facts in an editable grid with history, the correction form, CSV corrections."""

from __future__ import annotations

import hashlib

import pandas as pd
import streamlit as st

from console import widgets
from console.auth import can_write, current_user
from console.resources import get_store
from console.services import csv_corrections as csv_svc
from console.services import facts as svc
from console.services.csv_export import frame_to_csv_bytes
from console.widgets import code, plain

st.title("Facts")
st.caption(
    "The facts the engine holds for a context (what it puts in the `[FACT:…]` anchors). Fix one in the "
    "grid (double-click a value, status, strength, pinned or verified cell, then apply), with the form, "
    "or many at once from a CSV file. Every change goes through one correction path: it gets a new "
    "version in the fact's history and an audit entry saying who changed it, when, from where and why."
)

store = get_store()
actor, role = current_user()
writable = can_write(role)
if not writable:
    st.info(f"You are signed in as a {role}: you can look at facts and their history, not change them.")

flash = st.session_state.pop("facts_flash", None)
if flash:
    kind, message = flash
    (st.success if kind == "ok" else st.error)(message)

cid = widgets.context_picker(store)
records = svc.load_facts(store, cid) if cid else []
keys = [r.fact.key for r in records]


def show_history(key: str | None, *, where: str) -> None:
    """The versions of one fact, newest first."""
    record = next((r for r in records if r.fact.key == key), None)
    if record is None:
        return
    st.markdown(f"**History of {code(key)}** · {len(record.history)} version(s)")
    st.dataframe(svc.history_frame(record.history), hide_index=True, width="stretch", key=f"hist-{where}")


grid_tab, form_tab, add_tab, csv_tab = st.tabs(
    ["Facts and history", "Correct one fact", "Add a missed fact", "Correct from a CSV file"]
)

# --- grid and history -----------------------------------------------------------------------------

with grid_tab:
    if not cid:
        st.info("Pick a context above to see its facts.")
    elif not records:
        st.info("This context has no facts stored.")
    else:
        summary = svc.summarize(records)
        cols = st.columns(6)
        for col, (label, value) in zip(
            cols,
            (
                ("Facts", summary.total),
                ("Active", summary.active),
                ("Decayed / archived", summary.decayed),
                ("Verified", summary.verified),
                ("Pinned", summary.pinned),
                ("Corrected by hand", summary.corrected),
            ),
            strict=True,
        ):
            col.metric(label, value)
        shown = svc.facts_frame(records)
        generation = st.session_state.setdefault(f"facts_grid_gen:{cid}", 0)
        editable = {
            "value": str,
            "status": svc.STATUSES,
            "strength": svc.STRENGTHS,
            "pinned": bool,
            "verified": bool,
        }
        grid = widgets.data_grid(
            shown,
            key=f"facts-grid:{cid}:{generation}",
            height=min(560, 75 + 29 * len(shown)),
            select=True,
            editable=editable if writable else None,
            pinned="key",
            widths={
                "key": 190,
                "value": 200,
                "status": 85,
                "strength": 90,
                "pinned": 80,
                "verified": 85,
                "versions": 85,
                "updated_at": 150,
            },
            hidden=("role", "weight", "mentions", "first_turn", "version"),
            headers={
                "versions": "Versions",
                "last_turn": "Last turn",
                "updated_by": "Changed by",
                "source": "Changed from",
                "updated_at": "Changed at (UTC)",
            },
        )
        st.caption("Editable columns are tinted blue. Select a row to see its history below.")
        try:
            pending = (
                svc.grid_corrections(shown, grid.data, context_id=cid, actor=actor, role=role)
                if writable
                else []
            )
        except ValueError as exc:
            pending = []
            st.error(f"Cannot apply this edit: {plain(exc)}")
        if pending:
            with st.container(border=True):
                st.markdown(f"**{len(pending)} unsaved edit(s)**")
                old = {r.fact.key: r.fact for r in records}
                for c in pending:
                    parts = []
                    if c.new_value is not None:
                        parts.append(f"value “{plain(old[c.key].value)}” → “{plain(c.new_value)}”")
                    for name in ("status", "strength", "pinned", "verified"):
                        if getattr(c, name) is not None:
                            parts.append(f"{name} → {getattr(c, name)}")
                    st.markdown(f"- {code(c.key)}: " + ", ".join(parts))
                reason = st.text_input(
                    "Reason for these edits", key=f"grid_reason:{cid}", placeholder=svc.GRID_REASON
                )
                apply_col, discard_col, _ = st.columns([1, 1, 4])
                if apply_col.button("Apply edits", type="primary", key="grid_apply", width="stretch"):
                    batch = svc.grid_corrections(
                        shown, grid.data, context_id=cid, actor=actor, role=role, reason=reason
                    )
                    result = svc.correct_facts(store, batch, role=role)
                    lines = "\n".join(f"- {plain(line)}" for line in svc.describe_outcomes(result))
                    if result.applied:
                        st.session_state["facts_flash"] = (
                            "ok",
                            f"Applied {len(batch)} grid edit(s):\n{lines}",
                        )
                        st.session_state[f"facts_grid_gen:{cid}"] = generation + 1
                        st.session_state["history_key_next"] = batch[0].key
                    else:
                        st.session_state["facts_flash"] = ("error", f"Nothing applied:\n{lines}")
                    st.rerun()
                if discard_col.button("Discard", key="grid_discard", width="stretch"):
                    st.session_state[f"facts_grid_gen:{cid}"] = generation + 1
                    st.rerun()
        picked = widgets.selected_row(grid)
        if picked and picked.get("key") != st.session_state.get("facts_grid_pick"):
            st.session_state["facts_grid_pick"] = picked.get("key")
            st.session_state["history_key"] = picked.get("key")
        if "history_key_next" in st.session_state:  # set by an action of the previous run
            st.session_state["history_key"] = st.session_state.pop("history_key_next")
        if st.session_state.get("history_key") not in keys:
            st.session_state["history_key"] = keys[0]
        st.selectbox("Show the history of", keys, key="history_key")
        show_history(st.session_state["history_key"], where="grid")
        st.download_button(
            "Download these facts (CSV)",
            frame_to_csv_bytes(shown),
            file_name=f"facts-{cid}.csv",
            mime="text/csv",
            icon=":material/download:",
        )

# --- the form -------------------------------------------------------------------------------------

with form_tab:
    if not cid or not records:
        st.info("Pick a context with facts above to correct one of them.")
    else:
        st.caption(
            "Give the right value and say why. The fact is marked verified by a user, and the old value "
            "stays in its history."
        )
        values = {r.fact.key: r.fact.value for r in records}
        if st.session_state.pop("form_reset", False):  # a saved correction empties the form
            st.session_state["form_value"] = ""
            st.session_state["form_reason"] = ""
        with st.form("correction_form"):
            key = st.selectbox("Fact", keys, format_func=lambda k: f"{k} = {values[k]}", key="form_key")
            new_value = st.text_input("New value", key="form_value")
            reason = st.text_input(
                "Reason", key="form_reason", placeholder="e.g. the user confirmed 7:30 pm by phone"
            )
            submitted = st.form_submit_button("Save correction", type="primary", disabled=not writable)
        if submitted:
            try:
                correction = svc.form_correction(
                    records,
                    context_id=cid,
                    key=key,
                    new_value=new_value,
                    reason=reason,
                    actor=actor,
                    role=role,
                )
                result = svc.correct_facts(store, [correction], role=role)
            except (ValueError, PermissionError) as exc:
                st.error(plain(str(exc)))
            else:
                lines = "\n".join(f"- {plain(line)}" for line in svc.describe_outcomes(result))
                if result.applied:
                    st.session_state["facts_flash"] = ("ok", f"Correction saved:\n{lines}")
                    st.session_state["history_key_next"] = key
                    st.session_state["form_reset"] = True
                    st.session_state[f"facts_grid_gen:{cid}"] = (
                        st.session_state.get(f"facts_grid_gen:{cid}", 0) + 1
                    )
                else:
                    st.session_state["facts_flash"] = ("error", f"Nothing saved:\n{lines}")
                st.rerun()
        show_history(st.session_state.get("form_key", keys[0]), where="form")

# --- a fact the pipeline missed ------------------------------------------------------------------

with add_tab:
    if not cid:
        st.info("Pick a context above to add a fact to it.")
    else:
        st.caption(
            "A value the dialogue holds but the pipeline did not extract: give its key (e.g. "
            "restaurant.area), the value and where it comes from. It goes the same way as a correction: "
            "checked, saved in one transaction, verified by a user, audited, and served to the model."
        )
        if st.session_state.pop("add_reset", False):
            for name in ("add_key", "add_value", "add_reason"):
                st.session_state[name] = ""
        with st.form("add_fact_form"):
            new_key = st.text_input("Key", key="add_key", placeholder="domain.slot, e.g. hotel.parking")
            new_value = st.text_input("Value", key="add_value")
            why = st.text_input("Reason", key="add_reason", placeholder="e.g. the user said it in turn 4")
            added = st.form_submit_button("Add fact", type="primary", disabled=not writable)
        if added:
            try:
                event = svc.added_fact(
                    records, context_id=cid, key=new_key, value=new_value, reason=why, actor=actor, role=role
                )
                result = svc.correct_facts(store, [event], role=role)
            except (ValueError, PermissionError) as exc:
                st.error(plain(str(exc)))
            else:
                lines = "\n".join(f"- {plain(line)}" for line in svc.describe_outcomes(result))
                if result.applied:
                    st.session_state["facts_flash"] = ("ok", f"Fact added:\n{lines}")
                    st.session_state["history_key_next"] = event.key
                    st.session_state["add_reset"] = True
                    st.session_state[f"facts_grid_gen:{cid}"] = (
                        st.session_state.get(f"facts_grid_gen:{cid}", 0) + 1
                    )
                else:
                    st.session_state["facts_flash"] = ("error", f"Nothing saved:\n{lines}")
                st.rerun()

# --- CSV ------------------------------------------------------------------------------------------

with csv_tab:
    st.caption(
        f"One correction per row, with the header `{csv_svc.HEADER_HELP}` (reason optional). Commas, "
        "semicolons or tabs; UTF-8 (with or without BOM) or UTF-16. Every row is checked first and shown "
        "as old → new; if any row is wrong, nothing is applied and the bad rows are named by their line "
        "in the file. Apply writes all rows in one transaction."
    )
    template_facts = records if cid else []
    st.download_button(
        "Download a template" + (" with this context's facts" if template_facts else ""),
        csv_svc.template_csv(template_facts),
        file_name=f"corrections-{cid or 'template'}.csv",
        mime="text/csv",
        icon=":material/download:",
    )
    upload_gen = st.session_state.setdefault("csv_upload_gen", 0)
    upload = None
    if writable:  # a preview costs the server work: operators and admins only
        upload = st.file_uploader(
            f"Corrections file (at most {csv_svc.MAX_CSV_ROWS:,} rows)",
            type=["csv", "txt", "tsv"],
            key=f"csv_upload:{upload_gen}",
        )
    else:
        st.caption("Operators and admins can upload a corrections file; you can download the template.")
    if upload is not None:
        data = upload.getvalue()
        digest = hashlib.sha256(data).hexdigest()
        # the versions of the preview drawn in the previous run: the one the operator read
        shown_before = st.session_state.get("csv_seen")
        preview = csv_svc.preview_csv(store, data, actor=actor, role=role)
        read = (
            shown_before[1] if shown_before and shown_before[0] == digest else csv_svc.seen_versions(preview)
        )
        st.session_state["csv_seen"] = (digest, csv_svc.seen_versions(preview))
        if preview.file_error:
            st.error(f"{plain(upload.name)}: {plain(preview.file_error)}")
        else:
            st.caption(f"{plain(upload.name)}: read as {preview.encoding}, {preview.delimiter}-separated.")
            m1, m2, m3, m4 = st.columns(4)
            m1.metric("Rows", len(preview.rows))
            m2.metric("Changes", len(preview.changes))
            m3.metric("No change", sum(r.status == "no change" for r in preview.rows))
            m4.metric("Errors", len(preview.errors))
            table = pd.DataFrame([r.model_dump() for r in preview.rows])
            table[["old_value", "new_value"]] = table[["old_value", "new_value"]].fillna("—")
            if preview.errors:
                st.error(
                    f"{len(preview.errors)} row(s) cannot be applied, so nothing will be: fix them and "
                    "upload the file again. "
                    + "; ".join(f"line {r.line}: {plain(r.error)}" for r in preview.errors[:5])
                    + (" …" if len(preview.errors) > 5 else "")
                )
                errors = table[table["status"] == "error"][
                    ["line", "context_id", "key", "new_value", "error"]
                ]
                st.dataframe(errors.head(1000), hide_index=True, width="stretch", key="csv_errors")
            else:
                st.success(
                    "Every row is valid." + (" Review the changes and apply." if preview.changes else "")
                )
            st.markdown("**Preview**: every row as old → new")
            shown_rows = table[["line", "status", "context_id", "key", "old_value", "new_value", "reason"]]
            st.dataframe(shown_rows.head(1000), hide_index=True, width="stretch", key="csv_preview")
            if len(table) > 1000:
                st.caption(
                    f"Showing the first 1,000 of {len(table):,} rows; download the full preview below."
                )
            st.download_button(
                "Download the preview (CSV)",
                csv_svc.preview_csv_bytes(preview),
                file_name="corrections-preview.csv",
                mime="text/csv",
            )
            can_apply = writable and preview.ok and bool(preview.changes)
            if st.button(
                f"Apply all {len(preview.rows)} rows", type="primary", disabled=not can_apply, key="csv_apply"
            ):
                try:
                    outcome = csv_svc.apply_csv(store, data, actor=actor, role=role, seen=read)
                except PermissionError as exc:
                    st.error(plain(str(exc)))
                else:
                    if outcome.applied and outcome.batch:
                        st.session_state["facts_flash"] = (
                            "ok",
                            f"Applied {outcome.changed} correction(s) from {plain(upload.name)} "
                            "in one transaction "
                            f"(batch {outcome.batch.batch_id[:8]}).",
                        )
                        st.session_state["csv_upload_gen"] = upload_gen + 1
                        if cid:
                            st.session_state[f"facts_grid_gen:{cid}"] = (
                                st.session_state.get(f"facts_grid_gen:{cid}", 0) + 1
                            )
                    else:
                        refused = (
                            [(o.row, o.error) for o in outcome.batch.errors]
                            if outcome.batch
                            else [(r.line, r.error) for r in outcome.preview.errors]
                        )
                        detail = (
                            "; ".join(f"line {n}: {plain(e)}" for n, e in refused) or "rows became invalid"
                        )
                        st.session_state["facts_flash"] = (
                            "error",
                            f"Nothing applied from {plain(upload.name)}: {detail}",
                        )
                    st.rerun()
