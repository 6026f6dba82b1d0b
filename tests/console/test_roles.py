"""A viewer changes nothing: refused in the service layer on every mutating path, and every
mutating control of every page is disabled or absent with an explanation (AppTest), also for a
viewer who signed in through the real login form. Operators are refused the user admin."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from console import auth, credentials, users
from console.services import breaker, config_edit, csv_corrections, facts, playground, transcripts
from core.config import Config
from data.records import FactCorrection
from data.store import Store
from tests.console.auth_accounts import PASSWORDS, copy_accounts, make_accounts, sign_in
from tests.reliability.cases import covers

CID = "sgd-train-1_00000"
NOW = datetime(2025, 3, 2, 12, 0)  # the seeded_store's clock
ROOT = Path(__file__).resolve().parents[2]
VIEWER = {"actor": "vic", "role": "viewer"}


def _form(store: Store) -> None:
    records = facts.load_facts(store, CID)
    c = facts.form_correction(
        records, context_id=CID, key="restaurant.city", new_value="Oakland", reason="x", **VIEWER
    )
    facts.correct_facts(store, [c], role="viewer")


def _grid(store: Store) -> None:
    shown = facts.facts_frame(facts.load_facts(store, CID))
    edited = shown.copy()
    edited.loc[edited["key"] == "restaurant.city", "value"] = "Oakland"
    facts.correct_facts(store, facts.grid_corrections(shown, edited, context_id=CID, **VIEWER), role="viewer")


def _smuggled(store: Store) -> None:
    # a viewer passing off a correction labelled operator
    c = FactCorrection(context_id=CID, key="restaurant.city", new_value="Oakland", source="form", actor="vic")
    facts.correct_facts(store, [c], role="viewer")


def _csv(store: Store) -> None:
    csv_corrections.apply_csv(
        store, f"context_id,key,new_value\n{CID},restaurant.city,Oakland\n".encode(), **VIEWER
    )


def _trip(store: Store) -> None:
    samples = [(NOW - timedelta(seconds=400), 3.0), (NOW, 3.0)]
    breaker.check_auto_trip(store, CID, samples, Config(), now=NOW)  # the system may; the viewer then may not


def _reset(store: Store) -> None:
    _trip(store)
    breaker.reset_auto_trip(store, CID, reason="x", **VIEWER)


def _save_run(store: Store) -> None:
    transcript = transcripts.parse_transcript("user: a table for 2\nassistant: which area?\n", "pg-v")[0]
    run = playground.run_playground(transcript, Config(use_embeddings=False))
    playground.save_run(store, transcript, run, **VIEWER)


def _admin(call: Callable[..., Any], *args: Any) -> Callable[[Store], None]:
    def run(store: Store) -> None:
        call(*args, actor="vic", actor_role="viewer", store=store, path=credentials.credentials_path())

    return run


SERVICE_PATHS: dict[str, Callable[[Store], None]] = {
    "form correction": _form,
    "grid edit": _grid,
    "correction labelled operator": _smuggled,
    "csv upload": _csv,
    "breaker, one context": lambda s: breaker.set_context_mode(s, CID, raw=True, reason="x", **VIEWER),
    "breaker, global": lambda s: breaker.set_global_mode(s, raw=True, reason="x", **VIEWER),
    "breaker, reset of a trip": _reset,
    "config form": lambda s: config_edit.save_edit(s, {"decay_factor": 0.9}, reason="x", **VIEWER),
    "config restore": lambda s: config_edit.restore_version(s, 1, reason="x", **VIEWER),
    "config file upload": lambda s: config_edit.import_toml(
        s, "min_turns = 4", name="c.toml", reason="x", **VIEWER
    ),
    "playground save": _save_run,
    "add user": _admin(users.add_user, "bo", "bo-password-1", "viewer"),
    "remove user": _admin(users.remove_user, "ada"),
    "change role": _admin(users.set_role, "ada", "viewer"),
    "reset password": _admin(users.reset_password, "ada", "new-password-1"),
}


def snapshot(store: Store) -> tuple:
    """Everything a mutation could change."""
    return (
        [(r.fact.key, r.fact.value, r.version) for r in store.facts(CID)],
        [(b.scope, b.context_id, b.mode, b.auto) for b in store.breakers() if not b.auto],
        [v.version for v in store.config_history()],
        store.get_context("pg-v"),
        [(e.action, e.actor) for e in store.audit_log(limit=1000).items if e.actor != "auto-breaker"],
        credentials.credentials_path().read_bytes(),
    )


@covers("Roles and audit", "a viewer is refused in the service layer on each mutating path, nothing changes")
@pytest.mark.unit
@pytest.mark.parametrize("name", list(SERVICE_PATHS))
def test_a_viewer_is_refused_in_the_service_layer_and_nothing_changes(name, seeded_store):
    config_edit.save_edit(
        seeded_store, {"min_turns": 6}, reason="a version to restore", actor="ana", role="operator"
    )
    users.add_user(
        "ada",
        "ada-admin-pw-1",
        "admin",
        actor="setup",
        actor_role="admin",
        store=seeded_store,
        path=credentials.credentials_path(),
    )
    before = snapshot(seeded_store)
    with pytest.raises(PermissionError, match="'viewer' may not"):
        SERVICE_PATHS[name](seeded_store)
    assert snapshot(seeded_store) == before  # (the system's own automatic trip is left out)


# --- the UI --------------------------------------------------------------------------------------------

# page -> (labels of the controls that change something, text that explains the read-only view)
MUTATING_CONTROLS: dict[str, tuple[set[str], str]] = {
    "facts": ({"Save correction", "Apply edits"}, "you can look at facts and their history, not change them"),
    "breaker": (
        {
            "Apply global switch",
            "Apply to this context",
            "Reset to compressed",
            "Serve every context raw",
            "Serve this context raw",
        },
        "read only. Operators and admins can switch",
    ),
    "config": (
        {"Validate and save", "Restore as the newest version"},
        "read only. Operators and admins can edit",
    ),
    "users": ({"Add user", "Change role", "Reset password", "Remove user"}, "only admins manage users"),
}


def controls(at: AppTest) -> list:
    return [*at.button, *at.toggle]


def check_read_only(at: AppTest, page: str) -> None:
    labels, explanation = MUTATING_CONTROLS[page]
    assert not at.exception
    shown = " ".join(e.value for e in [*at.info, *at.warning, *at.caption])
    assert explanation in shown, f"{page}: no explanation of the read-only view"
    mutating = [c for c in controls(at) if c.label in labels]
    assert all(c.disabled for c in mutating), (
        f"{page}: enabled {[c.label for c in mutating if not c.disabled]}"
    )


@covers(
    "Roles and audit", "a viewer is refused in the UI (AppTest): each mutating control disabled or absent"
)
@pytest.mark.apptest
@pytest.mark.parametrize("page", list(MUTATING_CONTROLS))
def test_every_mutating_control_is_disabled_or_absent_for_a_viewer(page, app_db, monkeypatch):
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=60)
    at.query_params["context_id"] = CID
    at.run()
    check_read_only(at, page)
    if page in ("facts", "breaker", "config"):  # shown, but disabled
        assert any(c.label in MUTATING_CONTROLS[page][0] for c in controls(at))


@covers("Roles and audit", "viewers read: the playground runs, its save is not offered")
@pytest.mark.apptest
def test_a_viewer_can_run_the_playground_but_is_not_offered_the_save(app_db, monkeypatch):
    monkeypatch.setenv("CONSOLE_ROLE", "viewer")
    at = AppTest.from_file(str(ROOT / "pages" / "playground.py"), default_timeout=60).run()
    at.text_area(key="pg_text").set_value("user: a table for 2 at 7pm\nassistant: which area?\n")
    at.button(key="pg_run").click().run()
    assert not at.exception
    assert not [b for b in at.button if b.key == "pg_save"]
    assert any("read only: operators and admins can save runs" in c.value for c in at.caption)


@covers("Roles and audit", "a viewer signed in through the login form gets read-only pages")
@pytest.mark.apptest
def test_a_viewer_signed_in_through_the_form_gets_the_read_only_pages(app_db, tmp_path, monkeypatch):
    store = Store(app_db, linger=0)
    path = make_accounts(tmp_path / "accounts" / "credentials.yaml", store)
    monkeypatch.setenv("CONSOLE_AUTH", "password")
    monkeypatch.setenv("CONSOLE_CREDENTIALS", str(copy_accounts(path, tmp_path / "copy")))
    monkeypatch.setenv("CONSOLE_ROLE", "admin")  # ignored with login on: the file says viewer
    auth.reset_process_memory()
    at = AppTest.from_file(str(ROOT / "console" / "app.py"), default_timeout=60).run()
    at = sign_in(at, "vic", PASSWORDS["vic"]).run()
    assert "Signed in as **vic** (viewer)" in [c.value for c in at.sidebar.caption]
    for page in ("facts", "breaker", "config"):
        at.switch_page(str(ROOT / "pages" / f"{page}.py")).run()
        check_read_only(at, page)
    auth.reset_process_memory()
