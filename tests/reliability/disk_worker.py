"""A process whose files may not grow past a limit: a full disk, for the storage fault tests.

    python -m tests.reliability.disk_worker ingest DB LIMIT_BYTES -- CONSOLE_ARGS...
    python -m tests.reliability.disk_worker recover DB LIMIT_BYTES

RLIMIT_FSIZE makes every write past LIMIT_BYTES in any file fail with EFBIG (SIGXFSZ ignored), as
a full disk fails writes: DuckDB's WAL write fails inside its commit. ``ingest`` runs
``python -m console`` with the remaining arguments and exits with its status. ``recover`` saves
synthetic contexts in batches until a save fails, lifts the limit ("space freed"), and checks the
same Store reads and saves again; it prints one JSON line with what happened.
"""

from __future__ import annotations

import json
import resource
import signal
import sys
from pathlib import Path


def limit_file_size(limit: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))


def recover(db: Path, limit: int) -> dict:
    from bench.synthetic import synthetic_contexts
    from data.store import Store

    store = Store.open(db, linger=5)
    before = store.find_contexts().total
    bundles = list(synthetic_contexts(600, seed=11))
    limit_file_size(limit)
    saved, error = 0, ""
    try:
        for start in range(0, len(bundles), 20):
            store.save_contexts(bundles[start : start + 20])
            saved += 20
    except Exception as exc:  # reported to the test
        error = f"{type(exc).__name__}: {exc}"
    during = store.find_contexts().total
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    again = [o.status for o in store.save_contexts(bundles[saved : saved + 5])]
    after = store.find_contexts().total
    store.close()
    return {
        "before": before,
        "saved": saved,
        "error": error,
        "during": during,
        "again": again,
        "after": after,
    }


def main() -> int:
    mode, db, limit = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    if mode == "recover":
        print(json.dumps(recover(db, limit)), flush=True)
        return 0
    from console.cli import main as console_main

    limit_file_size(limit)
    return console_main(["--db", str(db), *sys.argv[5:]])


if __name__ == "__main__":
    sys.exit(main())
