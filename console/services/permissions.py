"""Who may change things: viewers read; operators and admins change facts, breaker and config."""

from __future__ import annotations

WRITER_ROLES = frozenset({"operator", "admin"})


def require_writer(role: str, action: str, *, actor: str) -> None:
    """Raise PermissionError unless ``actor`` in ``role`` may perform a mutating ``action`` now.

    An unknown or empty role is refused like a viewer. Inside a console session the name and role
    are checked again against the session as it is at this moment (console.auth.confirm_acting):
    a page's click may arrive after its user was removed, demoted or timed out.
    """
    if role not in WRITER_ROLES:
        raise PermissionError(f"role {role!r} may not {action}: operators and admins only")
    from console.auth import confirm_acting  # auth imports this module: at call time

    confirm_acting(actor, role, action)


def require_actor(actor: str) -> str:
    """The actor's name stripped; ValueError when nobody is named (every change says who made it)."""
    name = (actor or "").strip()
    if not name:
        raise ValueError("no actor: every change must say who made it")
    return name
