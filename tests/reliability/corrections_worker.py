"""Another process reading and correcting facts while the test writes, for the concurrency test.

    python -m tests.reliability.corrections_worker DB SECONDS SEED

For SECONDS: lists contexts, reads a timeline and a context's facts, and applies one correction
to a random fact (source 'api', actor 'worker'). Prints one JSON line per applied correction
({"cid", "key", "value", "version"}) and a last line {"done": n, "reads": n, "busy": n}.
"""

from __future__ import annotations

import json
import random
import sys
import time

from data.concurrency import RetryPolicy, StoreBusyError
from data.records import FactCorrection
from data.store import Store


def main() -> int:
    db, seconds, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    store = Store(db, policy=RetryPolicy(deadline=60), linger=0.2)
    end = time.monotonic() + seconds
    done = reads = busy = 0
    print(json.dumps({"started": True}), flush=True)
    while time.monotonic() < end:
        try:
            contexts = store.find_contexts(limit=50).items
            reads += 1
            if not contexts:
                continue
            cid = rng.choice(contexts).context_id
            store.timeline(cid)
            facts = store.facts(cid, with_history=False)
            reads += 2
            if not facts:
                continue
            record = rng.choice(facts)
            value = f"worker-{seed}-{done}"
            correction = FactCorrection(
                context_id=cid,
                key=record.fact.key,
                new_value=value,
                reason="worker",
                actor="worker",
                source="api",
            )
            result = store.apply_corrections([correction])
        except StoreBusyError:
            busy += 1
            continue
        if result.applied:
            outcome = result.outcomes[0]
            print(
                json.dumps({"cid": cid, "key": record.fact.key, "value": value, "version": outcome.version}),
                flush=True,
            )
            done += 1
    store.close()
    print(json.dumps({"done": done, "reads": reads, "busy": busy}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
