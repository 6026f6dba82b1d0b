"""The stage-trace payloads: what is stored per turn and stage so Replay can show the turn again.

One schema, below the console, for whoever writes traces (the ingest, the compaction service, a
recompute) and whoever reads them (Replay). A turn keeps four payloads:

- parse: the ParsedMessage (``model_dump(mode="json")``);
- extract: the Units;
- merge: :class:`MergePayload`, how the facts moved and the task state after the turn;
- render: :class:`RenderPayload`, the context rendered at a compaction (or a preview), and the
  tokens served and raw after the turn (the bloat of the turn).

    >>> payloads = TurnPayloads(parse=parsed, extract=units, merge=MergePayload(), render=render)
    >>> stage_traces(3, payloads.dump(), {"parse": 0.4})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from core.models import ParsedMessage, Units
from data.records import StageTrace

STAGES = ("parse", "extract", "merge", "render")


class FactChange(BaseModel):
    """How one fact of the state moved: added, changed, decayed, archived, recalled or dropped."""

    key: str
    change: str
    before: str | None = None
    after: str | None = None


class MergePayload(BaseModel):
    """The merge stage of one turn: the fact changes, the events and the state after it."""

    changes: list[FactChange] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list, description="the keys of the changes")
    events: list[str] = Field(default_factory=list, description="trigger events the turn raised")
    task_state: str = ""
    facts: int = Field(0, ge=0, description="live facts after the turn")


class RenderPayload(BaseModel):
    """The render stage of one turn: text and label where a render ran (a compaction or a preview),
    the compaction's seq if one ran, and the tokens served and raw after the turn."""

    text: str | None = None
    tokens: int | None = None
    label: str | None = None
    compaction_seq: int | None = None
    served_tokens: int = Field(0, ge=0, description="tokens the model is served after the turn")
    raw_tokens: int = Field(0, ge=0, description="tokens of the raw dialogue up to the turn")

    def dump(self) -> dict[str, Any]:
        """As stored: a render that did not run has no text, label nor tokens keys."""
        return self.model_dump(exclude_none=True) | {"compaction_seq": self.compaction_seq}


class TurnPayloads(BaseModel):
    """The four payloads of one turn."""

    parse: ParsedMessage
    extract: Units
    merge: MergePayload
    render: RenderPayload

    def dump(self) -> dict[str, Any]:
        """JSON-ready payloads by stage name, as stored and as Replay reads them."""
        return {
            "parse": self.parse.model_dump(mode="json"),
            "extract": self.extract.model_dump(mode="json"),
            "merge": self.merge.model_dump(mode="json"),
            "render": self.render.dump(),
        }


def stage_traces(idx: int, payloads: Mapping[str, Any], latency_ms: Mapping[str, float]) -> list[StageTrace]:
    """One turn's payloads as the StageTrace rows the store keeps, in stage order."""
    return [
        StageTrace(idx=idx, stage=stage, payload=payloads[stage], latency_ms=latency_ms.get(stage))
        for stage in STAGES
        if stage in payloads
    ]
