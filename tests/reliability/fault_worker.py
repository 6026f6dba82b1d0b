"""An ingest that kills itself inside a core stage, run as a separate process by the fault tests.

    python -m tests.reliability.fault_worker DB CONFIG STAGE AT_TURN CONTEXT_ID FILE.jsonl

Runs ``python -m console ingest FILE --batch 1`` in this process with ``STAGE`` patched to send
SIGKILL to the process at the first call for CONTEXT_ID at or after turn AT_TURN (see faults.py).
Exits by the signal; exits 3 if the stage was never reached.
"""

from __future__ import annotations

import sys

from console.cli import main as console_main
from tests.reliability.faults import inject


def main() -> int:
    db, config, stage, at_turn, context_id, path = sys.argv[1:7]
    with inject(stage, int(at_turn), context_id, kill=True):
        console_main(["--db", db, "ingest", path, "--config", config, "--batch", "1", "--quiet"])
    return 3


if __name__ == "__main__":
    sys.exit(main())
