"""Keep the warnings of an expected failure out of the log, counted, so a run can say so once.

The demo seed runs one session with an intentionally broken embedding model: each of its turns
warns (the drift check skipped, the batch embedding failed). Those warnings are the demo working as
designed, and a first ``make run`` should not print them as if something were wrong.

    >>> with held_warnings(("core", "console")) as held:
    ...     run_the_failing_session()
    >>> held.count
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager


class HeldWarnings(logging.Handler):
    """Counts the warning records it is given, and the distinct messages (without their values)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.kinds: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        """Count one record (nothing is printed)."""
        self.count += 1
        self.kinds.add(str(record.msg).split(":", 1)[0].split("(", 1)[0].strip())


@contextmanager
def held_warnings(loggers: Sequence[str]) -> Iterator[HeldWarnings]:
    """While the block runs, warnings of ``loggers`` (and their children) go to a counter instead
    of the log; the loggers are put back as they were afterwards, whatever happens."""
    held = HeldWarnings()
    saved = []
    for name in loggers:
        logger = logging.getLogger(name)
        saved.append((logger, logger.propagate))
        logger.addHandler(held)
        logger.propagate = False
    try:
        yield held
    finally:
        for logger, propagate in saved:
            logger.removeHandler(held)
            logger.propagate = propagate


def held_note(held: HeldWarnings, why: str) -> list[str]:
    """The one line that says the held warnings were expected, and why (none when none were held)."""
    if not held.count:
        return []
    kinds = "; ".join(sorted(held.kinds))
    return [f"{held.count} expected warnings kept out of the log ({kinds}): {why}"]
