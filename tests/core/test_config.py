"""Config: the notes' defaults, TOML and JSON loading, errors that name the field."""

from __future__ import annotations

import pytest

from core.config import Config, ConfigError, config_to_toml, load_config

pytestmark = pytest.mark.unit


def test_defaults_are_the_notes_values():
    c = Config()
    assert (c.max_history_tokens, c.target_compressed_tokens, c.working_memory_turns, c.min_turns) == (
        16000,
        5000,
        3,
        8,
    )
    assert (c.semantic_threshold, c.decay_factor, c.snapshot_interval) == (0.82, 0.95, 3)
    assert c.tiers == [0.3, 0.5, 1.0] and (c.dbscan_eps, c.dbscan_min_samples) == (0.35, 2)
    assert c.key_sentence_weights == (0.4, 0.4, 0.2) and c.target_ratio == 0.65
    assert (c.intent_similarity, c.max_retries, c.fallback, c.synonym_threshold) == (
        0.7,
        2,
        "key_sentence",
        0.85,
    )
    assert (c.breaker_bloat, c.breaker_seconds, c.alert_tiers) == (2.0, 300, (0.1, 0.2, 0.3))


def test_every_field_is_described():
    assert all(f.description for f in Config.model_fields.values())


def test_toml_and_json_round_trip_and_the_notes_name_is_accepted(tmp_path):
    c = Config(min_turns=4, tiers=[0.2, 1.0])
    assert load_config(text=config_to_toml(c), fmt="toml") == c
    p = tmp_path / "c.json"
    p.write_text('{"max_history_tokens": 900, "consistency_check": false}')
    loaded = load_config(p)
    assert loaded.max_history_tokens == 900 and not loaded.consistency_check


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("min_turns = 'x'", "field 'min_turns'"),
        ("tiers = [0.5, 0.3]", "tiers must be increasing"),
        ("unknown_knob = 1", "field 'unknown_knob'"),
        ("window_tokens = 100", "window_tokens must exceed"),
        ("= broken", "not valid TOML"),
    ],
)
def test_bad_config_names_the_field(text, message):
    with pytest.raises(ConfigError, match=message):
        load_config(text=text, fmt="toml")
