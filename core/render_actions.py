"""Render stage, the Completed and Failed lines of the actions the dialogue reports (not tool calls:
those are core.render_tools').

::

    Completed: 14:05 book restaurant -> ref RVESWV8I; book taxi

An action shows its clock time when the turn had one; a turn index says nothing to the model (it
never sees turn numbers in a compacted context), so it is left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.models import ActionUnit

MAX_COMPLETED = 6


def action_line(act: ActionUnit) -> str:
    """One action: its clock time (when known), its tool, its ref or typed result."""
    out = f"{act.ts.strftime('%H:%M')} {act.tool}" if act.ts else act.tool
    if act.ref:
        out += f" -> ref {act.ref}"
    elif act.result_summary and act.result_type not in ("text", "none"):
        out += f" -> {act.result_summary[:80]}"
    return out


def actions_line(label: str, actions: Sequence[ActionUnit]) -> str:
    """One line for the actions of a status, repeats of the same tool and ref (or the same line)
    shown once."""
    seen: dict[tuple[str, str | None], ActionUnit] = {}
    for act in actions:
        seen[(act.tool, act.ref)] = act
    if not seen:
        return ""
    return f"{label}: " + "; ".join(dict.fromkeys(action_line(a) for a in seen.values()))


def without_ref_repeats(actions: Sequence[ActionUnit]) -> list[ActionUnit]:
    """Drop an action without a ref when the same tool, or the same turn, reports one with a ref
    ("I confirmed and booked it, ref X": one completed action)."""
    with_ref = {a.tool for a in actions if a.ref} | {a.idx for a in actions if a.ref}
    return [a for a in actions if a.ref or (a.tool not in with_ref and a.idx not in with_ref)]


def completed_actions(actions: Sequence[ActionUnit]) -> list[ActionUnit]:
    """The done actions the Completed line shows: the last MAX_COMPLETED, ref repeats dropped."""
    return without_ref_repeats([a for a in actions if a.status == "done"])[-MAX_COMPLETED:]
