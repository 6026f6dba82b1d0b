"""The project's own format: ``{"context_id", "turns": [{"role", "text", "ts", "tool_call",
"tool_result", "attachments"}]}`` (``shared/data/dialogues/README.md``; ``content`` is read where
``text`` is missing, and roles may be written as the aliases of ROLE_ALIASES)."""

from __future__ import annotations

from typing import Any

from core.formats.common import ROLE_ALIASES, ROLES, FormatError, MessageBuilder, at, result_status


def read_turns(turns: list, builder: MessageBuilder, where: str = "turns") -> None:
    """Each turn of the list added to ``builder``; FormatError naming ``turns[i]`` and the field."""
    for i, turn in enumerate(turns):
        _turn(turn, at(where, f"[{i}]"), builder)


def _turn(turn: Any, where: str, builder: MessageBuilder) -> None:
    if not isinstance(turn, dict):
        raise FormatError(where, f"expected an object, got {type(turn).__name__}")
    role = turn.get("role")
    if not isinstance(role, str):
        raise FormatError(at(where, "role"), "missing or not a string")
    role = ROLE_ALIASES.get(role.strip().lower(), role.strip().lower())
    if role not in ROLES:
        raise FormatError(at(where, "role"), f"unknown role {turn.get('role')!r} (use {', '.join(ROLES)})")
    result = turn.get("tool_result")
    if isinstance(result, dict) and result.get("status") is None:  # the format did not say: infer it
        result = {**result, "status": result_status(result.get("data"))}
    builder.add(
        where,
        role,
        turn.get("text", turn.get("content", "")),
        ts=turn.get("ts"),
        tool_call=turn.get("tool_call"),
        tool_result=result,
        attachments=turn.get("attachments"),
    )
