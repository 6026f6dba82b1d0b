"""``python -m tests.console.service.held_saves ARGS``: ``python -m console ARGS`` whose DuckDB saves
wait while the file named by ``SERVICE_HOLD_SAVES`` exists (the service answers, its writer holds).

A service process to kill (SIGKILL) between a POST's journal fsync and its COMMIT, without
holding the database file itself (which would also stop the service's cached reads).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from console.cli import main
from data.service_store import ServiceStore


def hold_saves(flag: Path) -> None:
    """Make ServiceStore.save_live wait (polling) while ``flag`` exists, then save as usual."""
    save = ServiceStore.save_live

    def held(self: ServiceStore, items: list) -> list:
        while flag.exists():
            time.sleep(0.01)
        return save(self, items)

    ServiceStore.save_live = held  # type: ignore[method-assign]


if __name__ == "__main__":
    hold_saves(Path(os.environ["SERVICE_HOLD_SAVES"]))
    raise SystemExit(main())
