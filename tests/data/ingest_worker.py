"""An ingest-like writer run as a separate process by the concurrency tests.

    python -m tests.data.ingest_worker DB COUNT BATCH SEED [--hang-in-batch N] [--hold SECONDS]

Saves COUNT synthetic contexts (bench.synthetic, SEED) in batches of BATCH, pausing between
batches while another process waits for the file, as the ingest CLI does. Prints one line per
batch ("saved <n>"). --hang-in-batch N stops inside the N-th batch's transaction, after the
contexts and messages were inserted, and prints "IN_TRANSACTION" (the test then kills it).
--hold SECONDS instead opens the file, holds it and sleeps (to test waiting for a busy file).
"""

from __future__ import annotations

import argparse
import sys
import time

from bench.synthetic import synthetic_contexts
from data.concurrency import RetryPolicy
from data.queries import ingest as ingest_sql
from data.store import Store


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("count", type=int)
    parser.add_argument("batch", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--hang-in-batch", type=int, default=0)
    parser.add_argument("--hold", type=float, default=0.0)
    parser.add_argument("--linger", type=float, default=30.0)
    args = parser.parse_args()
    store = Store(args.db, policy=RetryPolicy(deadline=120), linger=args.linger)
    if args.hold:
        with store.lease.acquire():
            print("HOLDING", flush=True)
            time.sleep(args.hold)
        return
    bundles = list(synthetic_contexts(args.count, seed=args.seed))
    real_insert = ingest_sql.insert_arrow
    for number, start in enumerate(range(0, len(bundles), args.batch), start=1):
        if number == args.hang_in_batch:

            def hang(con, table, data, _real=real_insert):
                _real(con, table, data)
                if table == "messages":
                    print("IN_TRANSACTION", flush=True)
                    time.sleep(600)

            ingest_sql.insert_arrow = hang
        store.yield_to_waiters(max_wait=1.0)
        outcomes = store.save_contexts(bundles[start : start + args.batch])
        print("saved", sum(o.status == "created" for o in outcomes), flush=True)
    store.close()
    print("DONE", flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()
