"""Viewing and editing the engine's Config: field descriptions, validated edits, history, TOML.

The Config type is the only judge of what is valid: an edit is the current config with some fields
replaced, validated as a whole, and every error names its field. Nothing is saved unless the whole
edit is valid; a save is one new version in the store's config history, audited with who and why.

    >>> fields = describe_fields(store.current_config())
    >>> result = check_edit(store.current_config(), {"decay_factor": 1.5})
    >>> result.errors
    {'decay_factor': 'Input should be less than or equal to 1'}
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field, ValidationError

from console.services.permissions import require_actor, require_writer
from core.config import Config, ConfigError, config_to_toml, load_config
from data.queries.ops import StaleConfigError
from data.records import ConfigVersion
from data.store import Store

FieldKind = Literal["bool", "int", "float", "optional_int", "choice", "numbers", "text"]
# the sections of core/config.py, for the screen; a field missing here lands in "other"
GROUPS: dict[str, tuple[str, ...]] = {
    "Budget and trigger": (
        "window_tokens",
        "system_prompt_tokens",
        "tools_tokens",
        "reserve_tokens",
        "history_fraction",
        "max_history_tokens_override",
        "target_compressed_tokens",
        "target_ratio",
        "working_memory_turns",
        "recent_result_tokens",
        "min_turns",
        "tiers",
        "milestone_scan",
        "dynamic_min_fraction",
        "tool_failure_limit",
        "drift_threshold",
        "snapshot_interval",
    ),
    "Extract and merge": (
        "use_embeddings",
        "semantic_threshold",
        "dbscan_eps",
        "dbscan_min_samples",
        "decay_factor",
        "tool_data_turns",
        "tool_data_step",
        "preference_turns",
        "archive_below",
    ),
    "Validate": (
        "consistency_check",
        "intent_similarity",
        "synonym_threshold",
        "max_retries",
        "fallback",
        "key_sentence_weights",
    ),
    "Operations": ("breaker_bloat", "breaker_seconds", "alert_tiers", "timezone"),
}
OTHER_GROUP = "Other"


class FieldView(BaseModel):
    """One Config field as the editor shows it."""

    name: str
    group: str
    kind: FieldKind
    value: Any
    default: Any
    description: str
    limits: str = Field("", description="the allowed range in words, e.g. '> 0, <= 1'")
    choices: list[str] = Field(default_factory=list)

    @property
    def changed_from_default(self) -> bool:
        """True when the current value is not the default."""
        return _same(self.value) != _same(self.default)


class FieldChange(BaseModel):
    """One field's old and new value."""

    name: str
    old: Any
    new: Any


class EditResult(BaseModel):
    """The outcome of checking an edit: the new Config when valid, else an error per field."""

    config: Config | None = None
    errors: dict[str, str] = Field(default_factory=dict)
    changes: list[FieldChange] = Field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the edit is valid (it may still change nothing)."""
        return self.config is not None and not self.errors


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


def describe_fields(config: Config) -> list[FieldView]:
    """Every Config field with its value, default, description, limits and editor kind, grouped."""
    group_of = {name: group for group, names in GROUPS.items() for name in names}
    views = []
    for name, info in Config.model_fields.items():
        kind, choices = _kind(info.annotation)
        views.append(
            FieldView(
                name=name,
                group=group_of.get(name, OTHER_GROUP),
                kind=kind,
                value=_plain(getattr(config, name)),
                default=_plain(info.default),
                description=info.description or "",
                limits=_limits(info.metadata),
                choices=choices,
            )
        )
    order = [*GROUPS, OTHER_GROUP]
    return sorted(views, key=lambda v: order.index(v.group))


def check_edit(current: Config, edits: dict[str, Any]) -> EditResult:
    """Validate ``current`` with ``edits`` applied; every error names its field, nothing is saved.

    Values may come from widgets as text: numbers lists as "0.3, 0.5, 1.0", an optional number as
    "" for unset. Unknown field names are errors too.
    """
    errors: dict[str, str] = {}
    body = current.model_dump()
    for name, raw in edits.items():
        if name not in Config.model_fields:
            errors[name] = "unknown setting"
            continue
        try:
            body[name] = _coerce(name, raw)
        except ValueError as exc:
            errors[name] = str(exc)
    if errors:
        return EditResult(errors=errors)
    try:
        config = Config.model_validate(body)
    except ValidationError as exc:
        return EditResult(errors=_field_errors(exc))
    extra = console_checks(config)
    if extra:
        return EditResult(errors=extra)
    return EditResult(config=config, changes=diff_configs(current, config))


def diff_configs(old: Config | dict[str, Any], new: Config | dict[str, Any]) -> list[FieldChange]:
    """The fields whose values differ, in field order."""
    a = old.model_dump() if isinstance(old, Config) else old
    b = new.model_dump() if isinstance(new, Config) else new
    return [
        FieldChange(name=name, old=_plain(a.get(name)), new=_plain(b.get(name)))
        for name in Config.model_fields
        if _same(a.get(name)) != _same(b.get(name))
    ]


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
        raise ConfigEditError(_field_errors(exc)) from exc
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


def _kind(annotation: Any) -> tuple[FieldKind, list[str]]:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        return "bool", []
    if annotation is int:
        return "int", []
    if annotation is float:
        return "float", []
    if origin is Literal:
        return "choice", [str(a) for a in args]
    if origin in (list, tuple):
        return "numbers", []
    if origin in (typing.Union, types.UnionType) and int in args and type(None) in args:
        return "optional_int", []
    return "text", []


def _coerce(name: str, raw: Any) -> Any:
    """A widget value as the field's type; ValueError with the reason (pydantic checks the rest)."""
    kind, _ = _kind(Config.model_fields[name].annotation)
    if kind == "numbers" and isinstance(raw, str):
        parts = [p.strip() for p in raw.replace(";", ",").strip("[]() ").split(",") if p.strip()]
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            raise ValueError(f"{raw!r} is not a comma-separated list of numbers") from None
        size = _tuple_size(Config.model_fields[name].annotation)
        if size is not None and len(numbers) != size:
            raise ValueError(f"needs exactly {size} numbers, got {len(numbers)}")
        return numbers
    if kind == "optional_int" and (raw is None or (isinstance(raw, str) and not raw.strip())):
        return None
    if kind in ("int", "optional_int") and isinstance(raw, float):
        if not raw.is_integer():
            raise ValueError(f"{raw:g} is not a whole number")
        return int(raw)
    return raw


def _tuple_size(annotation: Any) -> int | None:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is tuple and args and Ellipsis not in args:
        return len(args)
    return None


def _field_errors(exc: ValidationError) -> dict[str, str]:
    errors: dict[str, str] = {}
    for err in exc.errors():
        loc = [str(p) for p in err["loc"]]
        name = loc[0] if loc else _named_field(err["msg"])
        detail = err["msg"].removeprefix("Value error, ")
        if len(loc) > 1:
            detail = f"item {'.'.join(loc[1:])}: {detail}"
        errors.setdefault(name, detail)
    return errors


def _named_field(message: str) -> str:
    # a whole-config check (window budget, tiers order) names its first field in the message
    return next((name for name in Config.model_fields if name in message), "(config)")


def console_checks(config: Config) -> dict[str, str]:
    """Checks the Config type does not make but the console relies on: a real time zone, and
    alert tiers that classify() accepts (three increasing positive shares)."""
    errors = {}
    try:
        ZoneInfo(config.timezone)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # "Asia" is a folder; a long name, too long a path
        errors["timezone"] = (
            f"unknown time zone {config.timezone!r} (use an IANA name such as UTC or Asia/Shanghai)"
        )
    tiers = list(config.alert_tiers)
    if any(t <= 0 for t in tiers) or sorted(tiers) != tiers:
        errors["alert_tiers"] = "must be three increasing positive shares (yellow < orange < red)"
    return errors


def _limits(metadata: list[Any]) -> str:
    words = []
    for m in metadata:
        for attr, sign in (("gt", ">"), ("ge", ">="), ("lt", "<"), ("le", "<="), ("min_length", "items >=")):
            if getattr(m, attr, None) is not None:
                words.append(f"{sign} {getattr(m, attr)}")
    return ", ".join(words)


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _same(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(float(v) for v in value)
    return value
