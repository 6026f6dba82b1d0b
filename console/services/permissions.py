"""Who may change things: viewers read; operators and admins change facts, breaker and config."""

from __future__ import annotations

WRITER_ROLES = frozenset({"operator", "admin"})


def require_writer(role: str, action: str) -> None:
    """Raise PermissionError unless ``role`` may perform a mutating ``action`` (fails closed).

    An unknown or empty role is refused like a viewer.
    """
    if role not in WRITER_ROLES:
        raise PermissionError(f"role {role!r} may not {action}: operators and admins only")


def require_actor(actor: str) -> str:
    """The actor's name stripped; ValueError when nobody is named (every change says who made it)."""
    name = (actor or "").strip()
    if not name:
        raise ValueError("no actor: every change must say who made it")
    return name
