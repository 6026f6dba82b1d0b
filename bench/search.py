"""Time the Sessions search on a store: what one search of the list costs (the total and one page).

    python -m bench.search --db /tmp/100k.duckdb [--runs 6]

The store is the storage benchmark's (``python -m bench.store --contexts 100000 --db PATH --keep``
writes one). Each case runs ``--runs`` times on one Store; the first run and the median of the
others are printed. The issue's target: a search under 1 s at 100k contexts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from console.services.sessions import SessionQuery, search_sessions
from data.store import Store

CASES = {
    "word in turns and facts ('Madrid')": SessionQuery(search="Madrid"),
    "phrase of a turn ('no cilantro')": SessionQuery(search="no cilantro"),
    "no match ('zanzibar')": SessionQuery(search="zanzibar"),
    "tool called ('search_hotel')": SessionQuery(tool="search_hotel"),
    "words + source filter": SessionQuery(search="Madrid", source="sgd"),
    "words, page 20, sorted by turns": SessionQuery(search="north", sort="turns", page=20),
    "no search (baseline)": SessionQuery(),
}


def main(argv: list[str] | None = None) -> None:
    """Run every case and print first / median milliseconds and the matches."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args(argv)
    if not args.db.is_file():
        raise SystemExit(f"--db: no database file at {args.db}")
    store = Store(args.db, linger=30)
    total = store.find_contexts(limit=1).total
    print(f"{args.db}: {total:,} contexts; load average {os.getloadavg()[0]:.1f}")
    print("| search | matches | first (ms) | median of the next runs (ms) |")
    print("|---|---:|---:|---:|")
    for label, query in CASES.items():
        times = []
        for _ in range(max(2, args.runs)):
            start = time.perf_counter()
            page = search_sessions(store, query)
            times.append(1e3 * (time.perf_counter() - start))
        print(f"| {label} | {page.total:,} | {times[0]:.0f} | {statistics.median(times[1:]):.0f} |")


if __name__ == "__main__":
    main()
