"""A page open in a tab whose user was removed, demoted or timed out can change nothing (issue 13, item 1).

The breaker and config pages used to save in widget callbacks, which Streamlit runs before the app's
sign-in gate, with the name and role the page read on its previous run: a removed operator's open
tab could still switch the global breaker, audited under their name. Here the click comes after the
change of account, through the whole app (console/app.py, login on), and nothing may be written.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from console import auth, users
from data.store import Store
from tests.console.auth_accounts import PASSWORDS, sign_in
from tests.reliability.cases import covers

pytestmark = pytest.mark.apptest
ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "console" / "app.py")
SECTION = "Issue 13: second round"


def open_as(username: str, page: str) -> AppTest:
    """ana's tab: signed in through the form, then on ``page``."""
    at = sign_in(AppTest.from_file(APP, default_timeout=60).run(), username, PASSWORDS[username])
    at.run()
    at.switch_page(str(ROOT / page)).run()
    assert not at.exception
    return at


def mutations(db: Path) -> list:
    """Every audit row of a breaker or config change."""
    rows = Store(db, linger=0).audit_log(limit=1000).items
    return [r for r in rows if r.action.startswith(("breaker.", "config."))]


def _remove(path: Path, store: Store, at: AppTest) -> None:
    users.remove_user("ana", actor="ada", actor_role="admin", store=store, path=path)


def _demote(path: Path, store: Store, at: AppTest) -> None:
    users.set_role("ana", "viewer", actor="ada", actor_role="admin", store=store, path=path)


def _idle(path: Path, store: Store, at: AppTest) -> None:
    at.session_state[auth.SEEN_AT] = time.time() - 31 * 60  # past the 30-minute idle timeout


CHANGES = {"removed": _remove, "demoted to viewer": _demote, "idle past the timeout": _idle}


@covers(SECTION, "1. a removed, demoted or timed-out operator's open tab cannot switch the breaker")
@pytest.mark.parametrize("change", list(CHANGES))
def test_an_open_breaker_tab_of_a_stale_user_cannot_switch_the_breaker(change, login_on, app_db):
    at = open_as("ana", "pages/breaker.py")
    assert at.title[0].value == "Circuit breaker"
    store = Store(app_db, linger=0)
    CHANGES[change](login_on, store, at)
    at.toggle(key="breaker_global_raw").set_value(True)
    at.text_input(key="breaker_global_reason").set_value("from a stale tab")
    next(b for b in at.button if b.label == "Apply global switch").click().run()
    assert not at.exception
    assert store.get_breaker(None) is None  # the global switch was never set
    assert mutations(app_db) == []


@covers(SECTION, "1. a removed, demoted or timed-out operator's open tab cannot save config")
@pytest.mark.parametrize("change", list(CHANGES))
def test_an_open_config_tab_of_a_stale_user_cannot_save(change, login_on, app_db):
    at = open_as("ana", "pages/config.py")
    assert at.title[0].value == "Configuration"
    store = Store(app_db, linger=0)
    CHANGES[change](login_on, store, at)
    at.number_input(key="cfg_v0_min_turns").set_value(99)
    at.text_input(key="cfg_reason").set_value("from a stale tab")
    next(b for b in at.button if b.label == "Validate and save").click().run()
    assert not at.exception
    assert store.config_history() == [] and store.current_config().min_turns != 99
    assert mutations(app_db) == []


@covers(SECTION, "1. the service refuses a page's stale name and role inside a console session")
def test_the_service_layer_checks_who_acts_now_not_who_the_page_says(login_on, app_db):
    """A script run (AppTest) where ana is signed in calls the service as someone else: refused."""

    def script() -> None:
        import streamlit as st

        from console.resources import get_store
        from console.services.breaker import set_global_mode

        st.session_state.update(
            authentication_status=True, username="ana", console_signed_in_at=__import__("time").time()
        )
        for actor, role in (("ada", "admin"), ("ana", "admin"), ("ana", "operator")):
            try:
                set_global_mode(get_store(), raw=True, reason="test", actor=actor, role=role)
            except PermissionError as exc:
                st.write(f"refused {actor} {role}: {exc}")
            else:
                st.write(f"applied {actor} {role}")

    at = AppTest.from_function(script, default_timeout=60).run()
    assert not at.exception
    said = [m.value for m in at.markdown]
    assert said[0].startswith("refused ada admin") and said[1].startswith("refused ana admin")
    assert said[2] == "applied ana operator"
    (row,) = mutations(app_db)
    assert (row.actor, row.role, row.action) == ("ana", "operator", "breaker.set")
