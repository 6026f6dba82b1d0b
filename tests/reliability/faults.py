"""Fault injection inside the core's stages, for the tests and for a worker process to be killed in.

Each stage is reached through the name ``core.session`` (or, for the compaction's render and
validate, ``core.compaction``) calls it by, so only a live session's
own call fails (the replay screen's previews keep working). The injected stage runs for real
first, then fails: a fault after the stage did its work is the harder case for atomicity.

    >>> with inject("render", at_turn=18) as fault:
    ...     session.add(message)          # the compaction at turn 18 renders, then raises
    >>> fault.fired
    1
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import core.compaction
import core.session

# stage -> (the name core.session calls it by, (args) -> (context_id, turn) of the call)
STAGES: dict[str, tuple[str, Callable[[tuple[Any, ...]], tuple[str, int]]]] = {
    "parse": ("parse_message", lambda a: (a[0].context_id, a[0].idx)),
    "extract": ("extract", lambda a: (a[0].message.context_id, a[0].message.idx)),
    "merge": ("merge", lambda a: (a[1].message.context_id, a[1].message.idx)),
    "render": ("render", lambda a: (a[0].context_id, a[0].turn)),
    "validate": ("validate", lambda a: (a[1].context_id, a[1].turn)),
}
ADD_STAGES = ("parse", "extract", "merge")  # run by Session.add on every message
COMPACTION_STAGES = ("render", "validate")  # run by a compaction


class StageFault(RuntimeError):
    """The injected failure."""


@dataclass
class Fault:
    """Where to fail and what happened: fires once, at the first call for the context at or after at_turn."""

    stage: str
    at_turn: int
    context_id: str | None = None
    kill: bool = False
    fired: int = 0
    fired_at: int | None = None


def stage_module(stage: str) -> Any:
    """The module whose call of the stage is patched: a compaction's stages run in core.compaction."""
    return core.compaction if stage in COMPACTION_STAGES else core.session


@contextlib.contextmanager
def inject(stage: str, at_turn: int, context_id: str | None = None, kill: bool = False) -> Iterator[Fault]:
    """Make ``stage`` fail once (raise StageFault, or SIGKILL this process) inside the block."""
    name, where = STAGES[stage]
    module = stage_module(stage)
    real = getattr(module, name)
    fault = Fault(stage=stage, at_turn=at_turn, context_id=context_id, kill=kill)

    def faulty(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        cid, turn = where(args)
        if fault.fired or turn < at_turn or (context_id is not None and cid != context_id):
            return result
        fault.fired, fault.fired_at = 1, turn
        if kill:
            os.kill(os.getpid(), signal.SIGKILL)
        raise StageFault(f"injected fault in {stage} at turn {turn}")

    setattr(module, name, faulty)
    try:
        yield fault
    finally:
        setattr(module, name, real)
