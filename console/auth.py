"""Who is acting in the console: one function, ``current_user() -> (actor, role)``.

Until the reliability issue adds a login, the console runs as a demo operator. The environment can
say otherwise: ``CONSOLE_ROLE`` (viewer | operator | admin) and ``CONSOLE_ACTOR`` (a name for the
audit trail). An unknown role fails closed: the console treats that user as a viewer.

Mutating services call ``console.services.permissions.require_writer`` themselves, so a viewer is
refused in the service layer and not only by a disabled button; ``can_write`` is the same rule for
the UI.
"""

from __future__ import annotations

import logging
import os
from typing import Literal

from console.services.permissions import WRITER_ROLES

Role = Literal["viewer", "operator", "admin"]
ROLES: tuple[Role, ...] = ("viewer", "operator", "admin")
ROLE_ENV_VAR = "CONSOLE_ROLE"
ACTOR_ENV_VAR = "CONSOLE_ACTOR"

log = logging.getLogger(__name__)


def current_user() -> tuple[str, Role]:
    """The acting user as (actor, role); read at call time so tests and shells can switch it."""
    raw = os.environ.get(ROLE_ENV_VAR, "").strip().lower()
    role: Role
    if not raw:
        role = "operator"
    elif raw in ROLES:
        role = raw  # type: ignore[assignment]
    else:
        log.warning("%s=%r is not one of %s; acting as a viewer", ROLE_ENV_VAR, raw, ", ".join(ROLES))
        role = "viewer"
    actor = os.environ.get(ACTOR_ENV_VAR, "").strip() or f"demo-{role}"
    return actor, role


def can_write(role: str) -> bool:
    """True when the role may change state (correct facts, upload CSVs, toggle the breaker)."""
    return role in WRITER_ROLES
