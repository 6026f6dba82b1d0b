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
)


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
