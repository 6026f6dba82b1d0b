"""Config: the engine's settings with what each one does, a validated editor, the history of
changes (with restore), and TOML export and import."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from console.auth import can_write, current_user
from console.resources import get_store
from console.services.config_edit import (
    ConfigEditError,
    export_toml,
    history,
    import_toml,
    parse_config_text,
    restore_version,
    save_edit,
)
from console.services.config_fields import FieldView, describe_fields
from console.widgets import plain

st.title("Configuration")  # first: the reads below do not hold the page's first paint
store = get_store()
actor, role = current_user()
writable = can_write(role)
current = store.current_config()
versions = history(store)
version = versions[0].version if versions else 0
# the version the editor was drawn on in the previous run: a click's edit is made on it, not on
# whatever is newest by the time the click arrives (another operator may have saved meanwhile)
drawn = int(st.session_state.get("cfg_drawn_version", version))
st.session_state["cfg_drawn_version"] = version

st.markdown(
    "The settings of the compaction engine: budgets and triggers, extraction and decay, "
    "validation, and operations (breaker, alert tiers). The ingest and the playground use the "
    "**newest saved version**. An edit is checked as a whole before anything is saved (an error "
    "names the setting), and each save is a new version with who made it and why, so any version "
    "can be restored."
)
st.caption(
    f"Current: version {version} saved by {plain(versions[0].actor)} on {versions[0].at:%Y-%m-%d %H:%M} UTC"
    if versions
    else "Current: the defaults of the design notes (nothing saved yet)."
)
if not writable:
    st.info(f"You are signed in as **{plain(actor)}** ({role}): read only. Operators and admins can edit.")

flash = st.session_state.pop("cfg_flash", None)
if flash:
    (st.success if flash[0] == "success" else st.error)(plain(flash[1]))
field_errors: dict[str, str] = st.session_state.pop("cfg_errors", {})

fields = describe_fields(current)


def _key(name: str, on: int | None = None) -> str:
    # keyed by version: after a save or restore the editor starts from the stored values again
    return f"cfg_v{version if on is None else on}_{name}"


def _widget(f: FieldView) -> None:
    label = f"{f.name}" + (" *" if f.changed_from_default else "")
    help_text = f"{f.description}. Default: {f.default}" + (f". Allowed: {f.limits}" if f.limits else "")
    key, off = _key(f.name), not writable
    if f.kind == "bool":
        st.checkbox(label, value=f.value, key=key, help=help_text, disabled=off)
    elif f.kind == "int":
        st.number_input(label, value=int(f.value), step=1, key=key, help=help_text, disabled=off)
    elif f.kind == "float":
        st.number_input(
            label, value=float(f.value), step=0.01, format="%.4f", key=key, help=help_text, disabled=off
        )
    elif f.kind == "optional_int":
        st.number_input(
            label, value=f.value, step=1, key=key, help=help_text, disabled=off, placeholder="unset (derived)"
        )
    elif f.kind == "choice":
        st.selectbox(
            label, f.choices, index=f.choices.index(str(f.value)), key=key, help=help_text, disabled=off
        )
    elif f.kind == "numbers":
        st.text_input(
            label, value=", ".join(f"{v:g}" for v in f.value), key=key, help=help_text, disabled=off
        )
    else:
        st.text_input(label, value=str(f.value), key=key, help=help_text, disabled=off)
    st.caption(f.description)
    if f.name in field_errors:
        st.error(f"{f.name}: {plain(field_errors[f.name])}")


def _save() -> None:
    edits = {
        f.name: st.session_state[_key(f.name, drawn)]
        for f in fields
        if _key(f.name, drawn) in st.session_state
    }
    try:
        saved, changes = save_edit(
            store,
            edits,
            reason=st.session_state.get("cfg_reason", ""),
            actor=actor,
            role=role,
            base_version=drawn,
        )
    except ConfigEditError as exc:
        st.session_state["cfg_errors"] = exc.errors
        st.session_state["cfg_open_tab"] = "Edit"  # keep the editor open, each error under its field
        listed = "; ".join(f"{name}: {message}" for name, message in exc.errors.items())
        st.session_state["cfg_flash"] = (
            "error",
            f"Nothing saved: {len(exc.errors)} setting(s) invalid ({listed}).",
        )
    except (ValueError, PermissionError) as exc:
        st.session_state["cfg_flash"] = ("error", f"Nothing saved: {exc}")
    else:
        listed = ", ".join(f"{c.name} {c.old} -> {c.new}" for c in changes)
        st.session_state["cfg_flash"] = ("success", f"Saved version {saved.version}: {listed}.")


def _restore() -> None:
    chosen = st.session_state.get("cfg_restore_version")
    try:
        saved, _ = restore_version(
            store,
            int(chosen),
            reason=st.session_state.get("cfg_restore_reason", ""),
            actor=actor,
            role=role,
            base_version=drawn,
        )
    except (ValueError, PermissionError, ConfigEditError) as exc:
        st.session_state["cfg_flash"] = ("error", f"Nothing restored: {exc}")
    else:
        st.session_state["cfg_flash"] = ("success", f"Version {chosen} restored as version {saved.version}.")


if "cfg_open_tab" in st.session_state:  # set by a save in the previous run, before the tabs exist
    st.session_state["cfg_tabs"] = st.session_state.pop("cfg_open_tab")
current_tab, edit_tab, history_tab, files_tab = st.tabs(
    ["Current settings", "Edit", "History", "Export / import"], key="cfg_tabs", on_change="rerun"
)

with current_tab:
    st.caption("Every setting with what it does; * marks a value changed from the default.")
    st.dataframe(
        pd.DataFrame(
            [
                {
                    "group": f.group,
                    "setting": f.name + (" *" if f.changed_from_default else ""),
                    "value": str(f.value),
                    "default": str(f.default),
                    "allowed": f.limits,
                    "what it does": f.description,
                }
                for f in fields
            ]
        ),
        hide_index=True,
        height=(len(fields) + 1) * 35 + 3,  # every setting at once, no inner scrolling
    )

with edit_tab:
    st.caption("Change any values, give a reason, then save. Nothing is saved if any value is invalid.")
    with st.form("cfg_form"):
        for group in dict.fromkeys(f.group for f in fields):
            st.markdown(f"**{group}**")
            columns = st.columns(2)
            for i, f in enumerate(x for x in fields if x.group == group):
                with columns[i % 2]:
                    _widget(f)
        st.text_input("Reason for the change (required)", key="cfg_reason", disabled=not writable)
        saving = st.form_submit_button("Validate and save", disabled=not writable, type="primary")
    if saving:  # in the page's body, after the sign-in gate (a widget callback runs before it)
        _save()
        st.rerun()

with history_tab:
    if not versions:
        st.caption("No version saved yet: the defaults are in use.")
    else:
        st.dataframe(
            pd.DataFrame(
                [
                    {
                        "version": v.version,
                        "saved (UTC)": v.at,
                        "by": v.actor,
                        "reason": v.reason,
                        "changes": "; ".join(f"{c.name}: {c.old} -> {c.new}" for c in v.changes) or "(none)",
                    }
                    for v in versions
                ]
            ),
            hide_index=True,
        )
        with st.form("cfg_restore_form"):
            st.selectbox("Restore version", [v.version for v in versions], key="cfg_restore_version")
            st.text_input("Reason (optional)", key="cfg_restore_reason", disabled=not writable)
            restoring = st.form_submit_button("Restore as the newest version", disabled=not writable)
        if restoring:
            _restore()
            st.rerun()

with files_tab:
    st.download_button(
        "Download the current settings (TOML)",
        export_toml(current),
        file_name=f"compactor-config-v{version}.toml",
        mime="application/toml",
        key="cfg_download",
    )
    st.caption("Use the file with the CLI: python -m core compress INPUT.jsonl --config FILE.toml")
    upload = st.file_uploader(
        "Import settings from a TOML or JSON file", type=["toml", "json"], key="cfg_upload"
    )
    if upload is not None:
        try:
            text = upload.getvalue().decode("utf-8-sig")
            parse_config_text(text, upload.name)
        except ValueError as exc:  # not UTF-8, not TOML/JSON, or a bad setting (named)
            st.error(f"Cannot use {plain(upload.name)}: {plain(exc)}")
        else:
            reason = st.text_input("Reason (required)", key="cfg_import_reason", disabled=not writable)
            if st.button("Save the imported settings", key="cfg_import", disabled=not writable):
                try:
                    saved, changes = import_toml(
                        store,
                        text,
                        name=upload.name,
                        reason=reason,
                        actor=actor,
                        role=role,
                        base_version=drawn,
                    )
                except (ValueError, PermissionError) as exc:
                    st.error(f"Nothing saved: {plain(exc)}")
                else:
                    st.success(f"Saved version {saved.version} ({len(changes)} settings changed).")
