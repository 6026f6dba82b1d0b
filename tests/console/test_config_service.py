"""The config editor's service: descriptions, validated edits naming the field, history, TOML."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.services.config_edit import (
    ConfigEditError,
    export_toml,
    history,
    import_toml,
    parse_config_text,
    restore_version,
    save_edit,
)
from console.services.config_fields import check_edit, describe_fields, diff_configs
from core.config import Config, ConfigError, load_config
from data.store import Store
from tests.console.ops_helpers import open_store

pytestmark = pytest.mark.unit


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(tmp_path / "console.duckdb")


def test_every_field_is_described_with_its_value_default_and_kind() -> None:
    views = {v.name: v for v in describe_fields(Config(decay_factor=0.9))}
    assert set(views) == set(Config.model_fields)
    assert all(v.description for v in views.values())
    decay = views["decay_factor"]
    assert decay.value == 0.9 and decay.default == 0.95 and decay.changed_from_default
    assert decay.kind == "float" and decay.limits == "> 0, <= 1" and decay.group == "Extract and merge"
    assert views["fallback"].kind == "choice" and views["fallback"].choices == ["key_sentence", "raw"]
    assert views["tiers"].kind == "numbers" and views["alert_tiers"].kind == "numbers"
    assert views["max_history_tokens_override"].kind == "optional_int"
    assert views["use_embeddings"].kind == "bool" and views["timezone"].kind == "text"
    assert views["min_turns"].kind == "int" and not views["min_turns"].changed_from_default


@pytest.mark.parametrize(
    ("edits", "field", "words"),
    [
        ({"decay_factor": 1.5}, "decay_factor", "less than or equal to 1"),
        ({"min_turns": -1}, "min_turns", "greater than or equal to 0"),
        ({"min_turns": 3.5}, "min_turns", "not a whole number"),
        ({"fallback": "summary"}, "fallback", "'key_sentence' or 'raw'"),
        ({"tiers": "0.5, 0.3"}, "tiers", "increasing"),
        ({"tiers": "a, b"}, "tiers", "comma-separated list of numbers"),
        ({"key_sentence_weights": "0.5, 0.5"}, "key_sentence_weights", "exactly 3 numbers"),
        ({"alert_tiers": "0.3, 0.2, 0.1"}, "alert_tiers", "increasing"),
        ({"window_tokens": 1000}, "window_tokens", "must exceed"),
        ({"timezone": "Mars/Olympus"}, "timezone", "unknown time zone"),
        ({"max_history_tokens_override": 0}, "max_history_tokens_override", "greater than 0"),
        ({"no_such_setting": 1}, "no_such_setting", "unknown setting"),
    ],
)
def test_a_bad_value_is_an_error_naming_its_field(edits: dict, field: str, words: str) -> None:
    result = check_edit(Config(), edits)
    assert not result.ok and result.config is None
    assert field in result.errors and words in result.errors[field]


def test_a_good_edit_lists_its_changes() -> None:
    result = check_edit(
        Config(),
        {"decay_factor": 0.9, "tiers": "0.2, 0.6, 1", "max_history_tokens_override": "", "min_turns": 8},
    )
    assert result.ok and result.config is not None
    assert result.config.decay_factor == 0.9 and result.config.tiers == [0.2, 0.6, 1.0]
    assert [(c.name, c.old, c.new) for c in result.changes] == [
        ("tiers", [0.3, 0.5, 1.0], [0.2, 0.6, 1.0]),
        ("decay_factor", 0.95, 0.9),
    ]


def test_save_writes_a_version_and_audits_it(store: Store) -> None:
    saved, changes = save_edit(
        store, {"decay_factor": 0.9}, reason="slower decay", actor="ana", role="operator"
    )
    assert saved.version == 1 and [c.name for c in changes] == ["decay_factor"]
    assert store.current_config().decay_factor == 0.9
    audit = store.audit_log(action_prefix="config.").items[0]
    assert audit.actor == "ana" and audit.after["decay_factor"] == 0.9


def test_a_bad_edit_saves_nothing(store: Store) -> None:
    with pytest.raises(ConfigEditError) as err:
        save_edit(store, {"decay_factor": 1.5, "min_turns": 10}, reason="x", actor="ana", role="operator")
    assert "decay_factor" in err.value.errors
    assert store.config_history() == [] and store.current_config() == Config()
    assert store.audit_log().total == 0


def test_viewers_are_refused_and_reason_and_change_are_required(store: Store) -> None:
    with pytest.raises(PermissionError):
        save_edit(store, {"decay_factor": 0.9}, reason="x", actor="vic", role="viewer")
    with pytest.raises(ValueError, match="reason is required"):
        save_edit(store, {"decay_factor": 0.9}, reason=" ", actor="ana", role="operator")
    with pytest.raises(ValueError, match="nothing changed"):
        save_edit(store, {"decay_factor": 0.95}, reason="same", actor="ana", role="operator")
    with pytest.raises(PermissionError):
        restore_version(store, 1, reason="x", actor="vic", role="viewer")
    with pytest.raises(PermissionError):
        import_toml(store, "min_turns = 4", name="c.toml", reason="x", actor="vic", role="viewer")
    assert store.config_history() == []


def test_history_shows_what_each_version_changed(store: Store) -> None:
    save_edit(store, {"decay_factor": 0.9}, reason="one", actor="ana", role="operator")
    save_edit(store, {"min_turns": 10, "decay_factor": 0.8}, reason="two", actor="bo", role="operator")
    views = history(store)
    assert [v.version for v in views] == [2, 1]
    assert {c.name: (c.old, c.new) for c in views[0].changes} == {
        "min_turns": (8, 10),
        "decay_factor": (0.9, 0.8),
    }
    assert [(c.name, c.old, c.new) for c in views[1].changes] == [("decay_factor", 0.95, 0.9)]
    assert views[0].actor == "bo" and views[0].reason == "two"


def test_restore_saves_an_old_version_as_the_newest(store: Store) -> None:
    save_edit(store, {"decay_factor": 0.9}, reason="one", actor="ana", role="operator")
    save_edit(store, {"decay_factor": 0.8}, reason="two", actor="ana", role="operator")
    saved, _ = restore_version(store, 1, reason="", actor="ana", role="operator")
    assert saved.version == 3 and saved.reason == "restore version 1"
    assert store.current_config().decay_factor == 0.9
    with pytest.raises(ValueError, match="no config version 9"):
        restore_version(store, 9, reason="x", actor="ana", role="operator")


def test_toml_export_loads_back_to_the_same_config() -> None:
    config = Config(
        decay_factor=0.9, tiers=[0.2, 1.0], max_history_tokens_override=12000, timezone="Asia/Shanghai"
    )
    text = export_toml(config)
    assert "decay_factor = 0.9" in text
    assert load_config(text=text, fmt="toml") == config


def test_import_names_the_bad_field_and_saves_a_good_file(store: Store) -> None:
    with pytest.raises(ConfigError, match=r"bad\.toml: field 'decay_factor'"):
        import_toml(store, "decay_factor = 2.0", name="bad.toml", reason="x", actor="ana", role="operator")
    with pytest.raises(ConfigError, match="not valid TOML"):
        parse_config_text("decay_factor = = 1", "broken.toml")
    _, changes = import_toml(
        store, "min_turns = 4\n", name="c.toml", reason="tune", actor="ana", role="operator"
    )
    assert store.current_config().min_turns == 4 and [c.name for c in changes] == ["min_turns"]


def test_diff_treats_tuples_and_lists_alike() -> None:
    a = Config().model_dump()
    b = Config().model_dump(mode="json")  # tuples become lists in JSON
    assert diff_configs(a, b) == []
