"""What each reliability test proves, and the numbers the tests measure, for docs/reliability.md.

A test names the case it covers with ``@covers(section, case)``; the conftest plugin collects the
cases with each test's outcome, and tests add what they measured to ``NUMBERS`` (inputs fuzzed,
faults injected and survived, rows written and found). ``make reliability`` writes both to a JSON
file that ``tests/reliability/report.py`` turns into the doc.

    >>> @covers("Faults: compaction stages", "an exception in render")
    ... def test_render_fault(numbers): numbers.add("faults injected", 1)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# The sections of the doc, in order (a case names one of them).
SECTIONS = (
    "Bad input: dialogue JSONL",
    "Bad input: CSV corrections",
    "Bad input: CSV exports",
    "Bad input: search fields and SQL",
    "Bad input: property tests",
    "Faults: compaction stages",
    "Faults: storage",
    "Faults: concurrency",
    "Faults: restart",
    "Roles and audit",
    "Issue 13: second round",
)

# Cases proven by tests this suite does not decorate (a file another change owns), by node id
# without the parameter; the recorder (tests/reliability/recorder.py) treats them as decorated.
COVERED_ELSEWHERE: dict[str, tuple[tuple[str, str], ...]] = {
    f"tests/console/test_auth.py::{name}": (("Roles and audit", case),)
    for name, case in (
        ("test_before_sign_in_only_the_form_is_shown", "login: nothing but the form before sign-in"),
        ("test_a_wrong_password_is_refused_and_audited", "login: a wrong password refused and audited"),
        (
            "test_an_unknown_username_is_refused_and_audited_without_a_name",
            "login: an unknown user refused and audited",
        ),
        (
            "test_the_right_password_signs_in_and_opens_the_linked_page",
            "login: the right password signs in",
        ),
        ("test_sign_out_ends_the_session_and_is_audited", "sessions: sign-out ends the session, audited"),
        ("test_a_session_idle_past_the_timeout_is_signed_out", "sessions expire: idle timeout"),
        ("test_the_idle_timeout_is_configurable", "sessions expire: the idle timeout is configurable"),
        (
            "test_a_session_older_than_the_cookie_lifetime_is_signed_out_even_when_busy",
            "sessions expire: cookie lifetime, even when busy",
        ),
        ("test_a_password_reset_ends_the_open_session", "sessions: a password reset ends the session"),
        (
            "test_a_role_change_applies_at_the_next_click_and_a_removed_account_is_signed_out",
            "roles: a role change applies at once, a removed account is signed out",
        ),
        ("test_five_wrong_passwords_lock_the_account", "login: five wrong passwords lock the account"),
        ("test_the_users_page_is_in_the_menu_of_admins_only", "roles: the Users page for admins only"),
        (
            "test_without_a_credentials_file_the_app_says_how_to_make_one",
            "login: no credentials file, the app says how to make one",
        ),
        ("test_an_unknown_auth_mode_still_requires_a_password", "login: an unknown auth mode fails closed"),
        (
            "test_passwords_are_stored_as_bcrypt_hashes_never_plaintext",
            "no plaintext passwords: bcrypt hashes (streamlit-authenticator)",
        ),
        (
            "test_a_plaintext_password_in_the_file_is_refused_naming_the_user",
            "no plaintext passwords: a plaintext entry is refused, naming the user",
        ),
        (
            "test_the_credentials_file_lives_outside_the_repository",
            "credentials in a file outside the repository",
        ),
    )
}


def covers(section: str, case: str) -> Callable[[F], F]:
    """Mark a test as the proof of ``case`` (a parametrized test adds its parameter id to the case)."""
    if section not in SECTIONS:
        raise ValueError(f"unknown section {section!r}; use one of {SECTIONS}")

    def mark(fn: F) -> F:
        fn.__dict__.setdefault("reliability_cases", []).append((section, case))
        return fn

    return mark


class Numbers:
    """Totals the tests measured, by name ("dialogue lines fed", ...); thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.totals: dict[str, float] = {}

    def add(self, name: str, value: float = 1) -> None:
        """Add ``value`` to the total called ``name``."""
        with self._lock:
            self.totals[name] = self.totals.get(name, 0) + value


NUMBERS = Numbers()
