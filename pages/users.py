"""Users (admins only): who may sign in and with which role; add, change role, reset password, remove.

Every change goes through console/users.py (admin check, bcrypt, atomic file write, audit row)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from console import credentials
from console import users as accounts
from console.auth import current_user, forget_failures, is_admin
from console.resources import get_store
from console.services.session_views import audit_frame
from console.widgets import plain

actor, role = current_user()
st.title("Users")
st.markdown(
    "Who may sign in to the console, and what they may do. **Viewers** read every screen; "
    "**operators** also correct facts, upload corrections, switch the circuit breaker, edit the "
    "config and save playground runs; **admins** also manage the accounts on this page. "
    "Passwords are stored as bcrypt hashes only; a new or reset password is shown **once** here."
)
if not is_admin(role):
    st.warning(f"You are signed in as **{plain(actor)}** ({role}): only admins manage users.")
    st.stop()

store = get_store()
try:
    directory = credentials.load_directory()
except credentials.CredentialsError as exc:
    st.error(plain(str(exc)))
    st.stop()
st.caption(
    f"Accounts file: `{directory.path}` (outside the repository). Sessions end after "
    f"{directory.idle_minutes:g} minutes without a click, and {directory.expiry_days:g} day(s) after "
    "signing in."
)

flash = st.session_state.pop("users_flash", None)
if flash:
    kind, message = flash
    (st.success if kind == "ok" else st.error)(message)


def _done(message: str) -> None:
    st.session_state["users_flash"] = ("ok", message)
    st.rerun()


def _password_note(password: str) -> str:
    return f" Password: `{password}` (shown once: hand it over privately; they can sign in now)."


listed = accounts.list_users(directory.path)
st.dataframe(
    pd.DataFrame(listed, columns=["username", "name", "email", "role"]),
    hide_index=True,
    width="stretch",
    key="users_table",
)
names = [u["username"] for u in listed]
who = {"actor": actor, "actor_role": role, "store": store, "path": directory.path}

add, change, reset, remove = st.tabs(["Add", "Change role", "Reset password", "Remove"])
with add, st.form("users_add", clear_on_submit=True):
    c1, c2 = st.columns(2)
    username = c1.text_input("Username", help="lower-case letters, digits and . _ @ -")
    new_role = c2.selectbox("Role", credentials.ROLES, index=0)
    name = c1.text_input("Full name (optional)")
    email = c2.text_input("Email (optional)")
    password = st.text_input(
        "Password (leave empty to generate one)", type="password", help="at least 8 characters"
    )
    if st.form_submit_button("Add user", type="primary"):
        chosen = password or accounts.generate_password()
        try:
            account = accounts.add_user(username, chosen, new_role, name=name, email=email, **who)
        except (ValueError, PermissionError) as exc:
            st.error(plain(str(exc)))
        else:
            _done(f"Added {account.username} ({account.role})." + _password_note(chosen))

with change, st.form("users_role"):
    target = st.selectbox("User", names, key="users_role_user")
    new_role = st.selectbox("New role", credentials.ROLES, key="users_role_role")
    st.caption("Takes effect at the user's next click. The last admin cannot be demoted.")
    if st.form_submit_button("Change role"):
        try:
            account = accounts.set_role(target, new_role, **who)
        except (ValueError, PermissionError) as exc:
            st.error(plain(str(exc)))
        else:
            _done(f"{account.username} is now {account.role}.")

with reset, st.form("users_reset", clear_on_submit=True):
    target = st.selectbox("User", names, key="users_reset_user")
    password = st.text_input("New password (leave empty to generate one)", type="password")
    st.caption("Ends the user's open sessions; they sign in again with the new password.")
    if st.form_submit_button("Reset password"):
        try:
            new_password = accounts.reset_password(target, password or None, **who)
        except (ValueError, PermissionError) as exc:
            st.error(plain(str(exc)))
        else:
            forget_failures(target)
            _done(f"New password for {target}." + _password_note(new_password))

with remove, st.form("users_remove"):
    target = st.selectbox("User", names, key="users_remove_user")
    sure = st.checkbox("Yes, remove this account", key="users_remove_sure")
    st.caption("Their open sessions end at their next click. The last admin cannot be removed.")
    if st.form_submit_button("Remove user"):
        if not sure:
            st.error("Tick the box to confirm the removal.")
        else:
            try:
                accounts.remove_user(target, **who)
            except (ValueError, PermissionError) as exc:
                st.error(plain(str(exc)))
            else:
                _done(f"Removed {target}.")

st.subheader("Account changes and sign-ins")
left, right = st.columns(2)
with left:
    st.caption("Account changes, newest first")
    st.dataframe(audit_frame(store.audit_log(action_prefix="user.", limit=50).items), hide_index=True)
with right:
    st.caption("Sign-ins, sign-outs and ended sessions, newest first")
    st.dataframe(audit_frame(store.audit_log(action_prefix="auth.", limit=50).items), hide_index=True)
