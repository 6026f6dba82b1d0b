"""Saving the engine's Config: validated edits, history, restore, TOML import and export.

Nothing is saved unless the whole edit is valid (console/services/config_fields.py checks it, every
error naming its field); a save is one new version in the store's config history, audited with who
and why.

    >>> version, changes = save_edit(store, {"decay_factor": 0.9}, reason="slower decay",
    ...                              actor="ana", role="operator")
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from console.services.config_fields import (
    EditResult,
    FieldChange,
    check_edit,
    console_checks,
    diff_configs,
    field_errors,
)
from console.services.permissions import require_actor, require_writer
from core.config import Config, ConfigError, config_to_toml, load_config
from data.ops_records import ConfigVersion
from data.queries.ops import StaleConfigError
from data.store import Store


class VersionView(BaseModel):
    """A saved config version with what it changed compared with the version before it."""

    version: int
    actor: str
    reason: str
    at: Any
    changes: list[FieldChange]


class ConfigEditError(ValueError):
    """An edit that cannot be saved; ``errors`` maps each bad field to its message."""

    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


class StaleEditError(ValueError):
    """An edit made on a version that is no longer the newest; says what changed meanwhile."""


def save_edit(
    store: Store,
    edits: dict[str, Any],
    *,
    reason: str,
    actor: str,
    role: str,
    base_version: int | None = None,
) -> tuple[ConfigVersion, list[FieldChange]]:
    """Check an edit against the stored config and save it as a new version; viewers refused.

    ``base_version`` is the version the editor showed (0: the defaults). Only the settings the edit
    changes from that version are applied (a diff, not the whole form), and if another version was
    saved since, nothing is saved: StaleEditError says who changed what meanwhile. Raises
    ConfigEditError (field -> message) for an invalid edit, ValueError without a reason or when
    nothing changes. Returns the saved version and its changes.
    """
    require_writer(role, "edit the configuration", actor=actor)
    actor = require_actor(actor)
    current = store.current_config()
    if base_version is not None:
        refuse_if_stale(store, base_version)
        base = config_at(store, base_version)
        on_base = check_edit(base, edits)
        if not on_base.ok:
            raise ConfigEditError(on_base.errors)
        assert on_base.config is not None
        edits = {c.name: getattr(on_base.config, c.name) for c in on_base.changes}
    result = check_edit(current, edits)
    if not result.ok:
        raise ConfigEditError(result.errors)
    return _save(store, current, result, reason=reason, actor=actor, role=role, base_version=base_version)


def latest_version(store: Store) -> int:
    """The newest saved version's number (0 when only the defaults were ever used)."""
    versions = store.config_history(limit=1)
    return versions[0].version if versions else 0


def config_at(store: Store, version: int) -> Config:
    """The settings of a saved version (version 0: the defaults)."""
    if version == 0:
        return Config()
    found = next((v for v in store.config_history(limit=10_000) if v.version == version), None)
    if found is None:
        raise ValueError(f"no config version {version}")
    return Config.model_validate(found.config)


def refuse_if_stale(store: Store, base_version: int) -> None:
    """StaleEditError naming each version saved after ``base_version`` and what it changed."""
    newer = [v for v in history(store, limit=10_000) if v.version > base_version]
    if not newer:
        return
    meanwhile = "; ".join(
        f"version {v.version} by {v.actor}: "
        + (", ".join(f"{c.name} {c.old} -> {c.new}" for c in v.changes) or "no change")
        for v in reversed(newer)
    )
    raise StaleEditError(
        f"the configuration changed since you opened it (you edited version {base_version}; "
        f"{meanwhile}). Nothing was saved: reload the page and make your change again"
    )


def import_toml(
    store: Store,
    text: str,
    *,
    name: str,
    reason: str,
    actor: str,
    role: str,
    base_version: int | None = None,
) -> tuple[ConfigVersion, list[FieldChange]]:
    """Save a whole Config read from TOML or JSON text as a new version (ConfigError names the field).

    ``base_version``: the version the operator saw; a newer one refuses the import (StaleEditError)."""
    require_writer(role, "edit the configuration", actor=actor)
    actor = require_actor(actor)
    if base_version is not None:
        refuse_if_stale(store, base_version)
    config = parse_config_text(text, name)
    current = store.current_config()
    extra = console_checks(config)
    if extra:
        raise ConfigEditError(extra)
    result = EditResult(config=config, changes=diff_configs(current, config))
    return _save(
        store,
        current,
        result,
        reason=reason,
        actor=actor,
        role=role,
        source="upload",
        base_version=base_version,
    )


def parse_config_text(text: str, name: str = "upload") -> Config:
    """A Config from TOML or JSON text (by the file name's suffix, else by its first character)."""
    fmt = "json" if name.lower().endswith(".json") else ("toml" if name.lower().endswith(".toml") else None)
    try:
        return load_config(text=text, fmt=fmt)
    except ConfigError as exc:
        raise ConfigError(str(exc).replace("config:", f"{name}:", 1)) from exc


def restore_version(
    store: Store, version: int, *, reason: str, actor: str, role: str, base_version: int | None = None
) -> tuple[ConfigVersion, list[FieldChange]]:
    """Save an earlier version's settings again as the newest version (refused if stale, as save_edit)."""
    require_writer(role, "edit the configuration", actor=actor)
    actor = require_actor(actor)
    if base_version is not None:
        refuse_if_stale(store, base_version)
    found = next((v for v in store.config_history(limit=10_000) if v.version == version), None)
    if found is None:
        raise ValueError(f"no config version {version}")
    current = store.current_config()
    try:
        config = Config.model_validate(found.config)
    except ValidationError as exc:
        raise ConfigEditError(field_errors(exc)) from exc
    result = EditResult(config=config, changes=diff_configs(current, config))
    return _save(
        store,
        current,
        result,
        reason=reason or f"restore version {version}",
        actor=actor,
        role=role,
        base_version=base_version,
    )


def history(store: Store, limit: int = 50) -> list[VersionView]:
    """Saved versions, newest first, each with its changes against the one before (or the defaults)."""
    versions = store.config_history(limit=limit + 1)
    views = []
    for i, v in enumerate(versions[:limit]):
        before = versions[i + 1].config if i + 1 < len(versions) else Config().model_dump(mode="json")
        views.append(
            VersionView(
                version=v.version,
                actor=v.actor,
                reason=v.reason,
                at=v.at,
                changes=diff_configs(before, v.config),
            )
        )
    return views


def export_toml(config: Config) -> str:
    """The config as TOML text, loadable again with core.config.load_config."""
    return config_to_toml(config)


# --- helpers ---------------------------------------------------------------------------------------


def _save(
    store: Store,
    current: Config,
    result: EditResult,
    *,
    reason: str,
    actor: str,
    role: str,
    source: str = "form",
    base_version: int | None = None,
) -> tuple[ConfigVersion, list[FieldChange]]:
    if not reason.strip():
        raise ValueError("a reason is required to change the configuration")
    if not result.changes:
        raise ValueError("nothing changed: the edit equals the current configuration")
    assert result.config is not None
    try:
        saved = store.save_config(
            result.config,
            actor=actor,
            role=role,
            reason=reason.strip(),
            source=source,
            expected_version=base_version,
        )
    except StaleConfigError:  # saved by someone else between the check above and this transaction
        assert base_version is not None
        refuse_if_stale(store, base_version)
        raise
    return saved, result.changes
