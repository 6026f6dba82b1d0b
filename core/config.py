"""The one configuration of the engine, with the defaults of the source notes.

Load it from TOML or JSON with :func:`load_config`; every field carries its description so the
console can show it next to the editor.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class ConfigError(ValueError):
    """A configuration file or value that cannot be used; the message names the field."""


class Config(BaseModel):
    """Every tunable of the pipeline. Defaults come from the design notes."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # --- budget and trigger ---
    window_tokens: int = Field(32000, gt=0, description="the model's context window")
    system_prompt_tokens: int = Field(2000, ge=0, description="tokens taken by the system prompt")
    tools_tokens: int = Field(4000, ge=0, description="tokens taken by tool definitions")
    reserve_tokens: int = Field(6000, ge=0, description="reserve for the current input and tool results")
    history_fraction: float = Field(
        0.8, gt=0, le=1, description="share of the history budget at which compaction triggers"
    )
    max_history_tokens_override: int | None = Field(
        None, gt=0, description="set to fix max_history_tokens instead of deriving it from the window"
    )
    target_compressed_tokens: int = Field(5000, gt=0, description="hard budget of the rendered context")
    target_ratio: float = Field(
        0.65, ge=0, lt=1, description="token reduction the renderer aims for with optional sections"
    )
    working_memory_turns: int = Field(3, ge=0, le=20, description="last raw turns appended verbatim")
    recent_result_tokens: int = Field(
        800, ge=50, description="a tool result among the recent turns longer than this is shown as its digest"
    )
    min_turns: int = Field(8, ge=0, description="below this many turns compaction is not worth its cost")
    tiers: list[float] = Field(
        [0.3, 0.5, 1.0], min_length=1, description="share of history folded by the 1st, 2nd, later compaction"
    )
    milestone_scan: bool = Field(True, description="compact when a milestone (completed action) is reached")
    dynamic_min_fraction: float = Field(
        0.5,
        ge=0,
        le=1,
        description="dynamic events compact only when history is at least this share of max_history_tokens "
        "(below half the threshold a compaction costs more than it saves)",
    )
    tool_failure_limit: int = Field(3, ge=1, description="tool failures in a row that trigger compaction")
    drift_threshold: float = Field(
        0.25, ge=0, le=1, description="user-turn similarity to the goal below which the topic drifted"
    )
    snapshot_interval: int = Field(3, ge=1, description="turns between state snapshots kept for replay")

    # --- extract and merge ---
    use_embeddings: bool = Field(True, description="False gives the rules-only scheme (no model)")
    semantic_threshold: float = Field(0.82, ge=0, le=1, description="cosine at or above: the same unit")
    dbscan_eps: float = Field(0.35, gt=0, description="DBSCAN eps (cosine distance) for intent clusters")
    dbscan_min_samples: int = Field(2, ge=1, description="DBSCAN min_samples for intent clusters")
    decay_factor: float = Field(0.95, gt=0, le=1, description="per-turn weight factor of ordinary facts")
    tool_data_turns: int = Field(3, ge=1, description="tool/API data decays over this many turns")
    tool_data_step: float = Field(0.2, ge=0, le=1, description="weight lost per turn by tool/API data")
    preference_turns: int = Field(5, ge=1, description="preferences decay linearly over this many turns")
    archive_below: float = Field(0.3, ge=0, le=1, description="a fact whose weight falls below is archived")

    # --- validate ---
    consistency_check: bool = Field(True, description="validate each compaction before swapping it in")
    intent_similarity: float = Field(0.7, ge=0, le=1, description="goal line vs user turns cosine floor")
    synonym_threshold: float = Field(0.85, ge=0, le=1, description="cosine at which two values are synonyms")
    max_retries: int = Field(2, ge=0, le=5, description="render retries with more room for facts")
    fallback: Literal["key_sentence", "raw"] = Field("key_sentence", description="what a failed check uses")
    key_sentence_weights: tuple[float, float, float] = Field(
        (0.4, 0.4, 0.2), description="fact density, decision weight, position decay"
    )

    # --- operations ---
    breaker_bloat: float = Field(2.0, gt=0, description="bloat rate that trips the breaker automatically")
    breaker_seconds: int = Field(300, ge=0, description="how long bloat must last before the auto trip")
    alert_tiers: tuple[float, float, float] = Field(
        (0.1, 0.2, 0.3), description="yellow, orange, red: share past a healthy bound"
    )
    timezone: str = Field("UTC", description="zone for relative dates when a turn has no timestamp")

    @model_validator(mode="after")
    def _check(self) -> Config:
        if self.history_budget <= 0:
            raise ValueError("window_tokens must exceed system_prompt_tokens + tools_tokens + reserve_tokens")
        if any(not 0 < t <= 1 for t in self.tiers) or sorted(self.tiers) != list(self.tiers):
            raise ValueError("tiers must be increasing shares in (0, 1]")
        return self

    @property
    def history_budget(self) -> int:
        """Tokens the window leaves for history: window - system - tools - reserve."""
        return self.window_tokens - self.system_prompt_tokens - self.tools_tokens - self.reserve_tokens

    @property
    def max_history_tokens(self) -> int:
        """History tokens at which compaction triggers (16000 with the defaults)."""
        if self.max_history_tokens_override is not None:
            return self.max_history_tokens_override
        return int(self.history_budget * self.history_fraction)


def load_config(path: str | Path | None = None, text: str | None = None, fmt: str | None = None) -> Config:
    """Read a Config from a TOML or JSON file (or text); raise ConfigError naming the bad field."""
    if path is None and text is None:
        return Config()
    if text is None:
        p = Path(path)  # type: ignore[arg-type]
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{p}: cannot read config: {exc}") from exc
        fmt = fmt or ("json" if p.suffix.lower() == ".json" else "toml")
    fmt = fmt or ("json" if text.lstrip().startswith("{") else "toml")
    where = str(path) if path else "config"
    try:
        raw = json.loads(text) if fmt == "json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{where}: not valid {fmt.upper()}: {exc}") from exc
    except RecursionError as exc:  # both parsers recurse once per level of nesting
        raise ConfigError(f"{where}: not valid {fmt.upper()}: lists or tables nested too deeply") from exc
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected a table of settings, got {type(raw).__name__}")
    if "max_history_tokens" in raw:  # the notes' name for the trigger threshold
        raw.setdefault("max_history_tokens_override", raw.pop("max_history_tokens"))
    try:
        return Config.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(config)"
        raise ConfigError(f"{where}: field '{field}': {first['msg']}") from exc


def config_to_toml(config: Config) -> str:
    """Write a Config as TOML text (only simple types occur, so a small writer suffices)."""
    lines = []
    for name, value in config.model_dump().items():
        if value is None:
            continue
        lines.append(f"{name} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)
