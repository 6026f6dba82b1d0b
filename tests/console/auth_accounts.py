"""Test accounts for the login tests: a credentials file with an admin, an operator and a viewer.

Hashing is bcrypt at its default cost (a quarter second a password), so the file is made once per
test session and copied into each test's temp folder (``CONSOLE_CREDENTIALS``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from streamlit.testing.v1 import AppTest

from console import users
from data.store import Store

PASSWORDS = {"ada": "ada-admin-pw-1", "ana": "ana-operator-pw-1", "vic": "vic-viewer-pw-1"}
ROLES = {"ada": "admin", "ana": "operator", "vic": "viewer"}


def make_accounts(path: Path, store: Store) -> Path:
    """Write the three test accounts to ``path`` through the admin service (admin first)."""
    for username in ("ada", "ana", "vic"):
        users.add_user(
            username,
            PASSWORDS[username],
            ROLES[username],
            name=username.title(),
            actor="test-setup",
            actor_role="admin",
            store=store,
            source="cli",
            path=path,
        )
    return path


def copy_accounts(template: Path, folder: Path) -> Path:
    """A private copy of the template file (mode kept) in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / "credentials.yaml"
    shutil.copy2(template, target)
    return target


def sign_in(at: AppTest, username: str, password: str) -> AppTest:
    """Fill the login form and press Sign in (one run)."""
    fields = {t.label: t for t in at.text_input}
    fields["Username"].input(username)
    fields["Password"].input(password)
    next(b for b in at.button if b.label == "Sign in").click()
    return at.run()
