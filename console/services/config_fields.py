"""The engine's Config as the editor sees it: field descriptions, checked edits, differences.

The Config type is the only judge of what is valid: an edit is the current config with some fields
replaced, validated as a whole, and every error names its field (console/services/config_edit.py
saves what passes, with its history and audit).

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

from core.config import Config

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
        return EditResult(errors=field_errors(exc))
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


def field_errors(exc: ValidationError) -> dict[str, str]:
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
