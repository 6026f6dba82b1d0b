"""The Replay screen's compaction side: a rendered context cut into its anchors (for highlighting)
and the facts added, changed, decayed and dropped between two compactions.

    >>> diff = diff_compactions(replay.compactions[0], replay.compactions[-1])
    >>> [r.key for r in diff.changed]
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from core.models import Fact
from core.render import RECENT_SEPARATOR, parse_anchors
from core.stage_outputs import CompactionRecord
from data.records import StoredCompaction

_ANCHOR = re.compile(r"\[(USER_GOAL|FACT|ACTION_REQUIRED):([^\]\n]*)\]")


# --- anchors --------------------------------------------------------------------------------------


class Segment(BaseModel):
    """A piece of a rendered context: plain text, an anchor (goal, fact, action) or the separator."""

    kind: Literal["text", "goal", "fact", "action", "separator"]
    text: str


def anchor_segments(text: str) -> list[Segment]:
    """The rendered context cut into plain text and anchors, for highlighting.

    Only the compacted part (before the recent-turns separator) holds anchors, as the core reads
    them; brackets a user typed into a recent turn stay plain text."""
    head, sep, tail = text.partition(RECENT_SEPARATOR)
    kinds = {"USER_GOAL": "goal", "FACT": "fact", "ACTION_REQUIRED": "action"}
    out: list[Segment] = []
    pos = 0
    for m in _ANCHOR.finditer(head):
        if m.start() > pos:
            out.append(Segment(kind="text", text=head[pos : m.start()]))
        out.append(Segment(kind=kinds[m.group(1)], text=m.group(0)))  # type: ignore[arg-type]
        pos = m.end()
    if pos < len(head):
        out.append(Segment(kind="text", text=head[pos:]))
    if sep:
        out.append(Segment(kind="separator", text=sep))
        if tail:
            out.append(Segment(kind="text", text=tail))
    return out


# --- compaction diff ------------------------------------------------------------------------------


class FactDiffRow(BaseModel):
    """One fact's difference between two compactions."""

    key: str
    change: Literal["added", "changed", "decayed", "dropped"]
    before: str | None = None
    after: str | None = None
    note: str = ""


class CompactionDiff(BaseModel):
    """What changed between compaction A and compaction B."""

    a: CompactionRecord
    b: CompactionRecord
    added: list[FactDiffRow] = Field(default_factory=list)
    changed: list[FactDiffRow] = Field(default_factory=list)
    decayed: list[FactDiffRow] = Field(default_factory=list)
    dropped: list[FactDiffRow] = Field(default_factory=list)
    unchanged: int = 0
    basis: Literal["state", "anchors"] = Field(
        "state", description="state: the stored states; anchors: read back from the rendered texts"
    )

    @property
    def rows(self) -> list[FactDiffRow]:
        """Every difference, grouped by kind."""
        return [*self.added, *self.changed, *self.decayed, *self.dropped]


def _live_and_faded(c: StoredCompaction) -> tuple[dict[str, str], dict[str, str]]:
    if c.state is not None:
        live = {k: f.value for k, f in c.state.facts.items() if f.status == "active"}
        faded: dict[str, str] = {k: f.value for k, f in c.state.facts.items() if f.status != "active"}
        faded.update({f.key: f.value for f in c.state.archive if f.key not in live})
        return live, faded
    return dict(parse_anchors(c.rendered or "")["facts"]), {}


def _norms(c: StoredCompaction) -> dict[str, str]:
    if c.state is None:
        return {}
    facts: dict[str, Fact] = c.state.facts
    return {k: f.norm for k, f in facts.items()}


def diff_compactions(a: StoredCompaction, b: StoredCompaction) -> CompactionDiff:
    """Facts added, changed, decayed and dropped from compaction A to compaction B.

    added: live in B, not live in A ("recalled" when A had archived it); changed: live in both
    with another value; decayed: live in A, decayed or archived in B; dropped: live in A, gone
    from B altogether. Without stored states, facts are read back from the rendered anchors."""
    live_a, faded_a = _live_and_faded(a)
    live_b, faded_b = _live_and_faded(b)
    norms_a, norms_b = _norms(a), _norms(b)
    basis: Literal["state", "anchors"] = "state" if a.state is not None and b.state is not None else "anchors"
    diff = CompactionDiff(a=a.record, b=b.record, basis=basis)
    for key, value in live_b.items():
        if key not in live_a:
            note = "recalled from the archive" if key in faded_a else ""
            diff.added.append(FactDiffRow(key=key, change="added", after=value, note=note))
        else:
            same = norms_a.get(key, live_a[key].casefold()) == norms_b.get(key, value.casefold())
            if same and live_a[key] == value:
                diff.unchanged += 1
            else:
                diff.changed.append(FactDiffRow(key=key, change="changed", before=live_a[key], after=value))
    for key, value in live_a.items():
        if key in live_b:
            continue
        if key in faded_b:
            diff.decayed.append(FactDiffRow(key=key, change="decayed", before=value, after=faded_b[key]))
        else:
            diff.dropped.append(FactDiffRow(key=key, change="dropped", before=value))
    for rows in (diff.added, diff.changed, diff.decayed, diff.dropped):
        rows.sort(key=lambda r: r.key)
    return diff
