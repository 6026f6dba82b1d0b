"""classify(): every kind of bound, every tier, both sides of every boundary, NO_DATA and bad input.

Expected severities are worked out by hand from the design's table: bloat < 1.2 (strict ceiling),
goal churn <= 1.2 (inclusive ceiling), latency p95 < 50 ms, success rate >= 0.9995 (floor), fact
decay 0.15 - 0.35 (band); tiers 10% / 20% / 30% past the bound, relative to the bound.
"""

from __future__ import annotations

import math

import pytest

from console.health import (
    BLOAT_RATE,
    COMPACTION_SUCCESS_RATE,
    DEFAULT_BOUNDS,
    FACT_DECAY_RATIO,
    GOAL_CHURN_RATE,
    LATENCY_P95_MS,
    Bound,
    Severity,
    Thresholds,
    classify,
    worst,
)
from core.config import Config

pytestmark = pytest.mark.unit
T = Thresholds.default()
OK, WARN, Y, ORG, R, ND = (
    Severity.OK,
    Severity.WARNING,
    Severity.YELLOW,
    Severity.ORANGE,
    Severity.RED,
    Severity.NO_DATA,
)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.0, OK),
        (0.3, OK),
        (1.19, OK),
        (1.2, WARN),  # "< 120%": exactly 120% is already outside
        (1.25, WARN),
        (1.3199, WARN),  # 9.99% past
        (1.32, Y),  # 10% past 1.2
        (1.35, Y),
        (1.4399, Y),
        (1.44, ORG),  # 20% past
        (1.5, ORG),
        (1.5599, ORG),
        (1.56, R),  # 30% past
        (2.0, R),
        (math.inf, R),
        (-math.inf, OK),
    ],
)
def test_bloat_is_a_strict_ceiling(value: float, expected: Severity) -> None:
    assert classify(BLOAT_RATE, value, T) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.0, OK),
        (1.2, OK),  # "<= 1.2": the bound itself is healthy
        (1.2001, WARN),
        (1.3199, WARN),
        (1.32, Y),
        (1.44, ORG),
        (1.56, R),
        (10.0, R),
    ],
)
def test_goal_churn_is_an_inclusive_ceiling(value: float, expected: Severity) -> None:
    assert classify(GOAL_CHURN_RATE, value, T) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [(1.0, OK), (49.99, OK), (50.0, WARN), (54.99, WARN), (55.0, Y), (60.0, ORG), (65.0, R), (500.0, R)],
)
def test_latency_p95_is_a_strict_ceiling_in_ms(value: float, expected: Severity) -> None:
    assert classify(LATENCY_P95_MS, value, T) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1.0, OK),
        (0.9995, OK),  # ">= 99.95%": the bound itself is healthy
        (0.9994, WARN),
        (0.95, WARN),
        (0.9, WARN),  # 9.95% short of 0.9995
        (0.89955, Y),  # exactly 10% short: 0.9995 * 0.9
        (0.85, Y),
        (0.7996, ORG),  # 0.9995 * 0.8
        (0.75, ORG),
        (0.69965, R),  # 0.9995 * 0.7
        (0.0, R),
        (-math.inf, R),
        (math.inf, OK),
    ],
)
def test_success_rate_is_a_floor(value: float, expected: Severity) -> None:
    assert classify(COMPACTION_SUCCESS_RATE, value, T) is expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0.15, OK),  # both ends of the band are healthy
        (0.25, OK),
        (0.35, OK),
        (0.1499, WARN),
        (0.136, WARN),
        (0.135, Y),  # 10% under 0.15
        (0.12, ORG),  # 20% under
        (0.105, R),  # 30% under
        (0.0, R),
        (0.3501, WARN),
        (0.385, Y),  # 10% over 0.35
        (0.42, ORG),
        (0.455, R),
        (1.0, R),
    ],
)
def test_fact_decay_is_a_band_with_both_sides(value: float, expected: Severity) -> None:
    assert classify(FACT_DECAY_RATIO, value, T) is expected


@pytest.mark.parametrize("metric", sorted(DEFAULT_BOUNDS))
@pytest.mark.parametrize("value", [None, math.nan, float("nan")])
def test_missing_values_are_no_data_for_every_metric(metric: str, value: float | None) -> None:
    assert classify(metric, value, T) is ND


def test_integers_are_numbers() -> None:
    assert classify(LATENCY_P95_MS, 49, T) is OK
    assert classify(LATENCY_P95_MS, 65, T) is R


@pytest.mark.parametrize("value", [True, "1.0", [1.0]])
def test_a_value_that_is_not_a_number_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="bloat_rate"):
        classify(BLOAT_RATE, value, T)  # type: ignore[arg-type]


def test_an_unknown_metric_names_itself_and_the_known_ones() -> None:
    with pytest.raises(KeyError, match=r"no healthy bound for metric 'tokens'.*bloat_rate"):
        classify("tokens", 1.0, T)


def test_unknown_metric_fails_even_without_a_value() -> None:
    with pytest.raises(KeyError):
        classify("tokens", None, T)


def test_tiers_come_from_the_config() -> None:
    wide = Thresholds.from_config(Config(alert_tiers=(0.5, 1.0, 2.0)))
    assert classify(BLOAT_RATE, 1.56, wide) is WARN  # 30% past: short of the 50% first tier
    assert classify(BLOAT_RATE, 1.8, wide) is Y
    assert classify(BLOAT_RATE, 2.4, wide) is ORG
    assert classify(BLOAT_RATE, 3.6, wide) is R
    assert Thresholds.from_config(Config()).tiers == (0.1, 0.2, 0.3)


def test_bounds_are_data_a_custom_metric_can_be_added() -> None:
    t = Thresholds(bounds={"queue_depth": Bound("ceiling", high=100)})
    assert classify("queue_depth", 100, t) is OK
    assert classify("queue_depth", 115, t) is Y


def test_a_bound_of_zero_measures_absolute_distance() -> None:
    t = Thresholds(bounds={"errors": Bound("ceiling", high=0.0)})
    assert classify("errors", 0.0, t) is OK
    assert classify("errors", 0.05, t) is WARN
    assert classify("errors", 0.1, t) is Y
    assert classify("errors", 0.3, t) is R


def test_a_strict_floor_and_a_strict_band() -> None:
    t = Thresholds(bounds={"f": Bound("floor", low=10, inclusive=False), "b": Bound("band", 1, 2, False)})
    assert classify("f", 10.0001, t) is OK
    assert classify("f", 10, t) is WARN
    assert classify("f", 9, t) is Y
    assert classify("b", 1.5, t) is OK
    assert classify("b", 1, t) is WARN
    assert classify("b", 2, t) is WARN
    assert classify("b", 2.2, t) is Y


@pytest.mark.parametrize(
    ("kind", "low", "high"),
    [("ceiling", None, None), ("ceiling", 1.0, 2.0), ("floor", None, None), ("floor", 1, 2), ("band", 2, 1)],
)
def test_a_malformed_bound_is_refused(kind: str, low: float | None, high: float | None) -> None:
    with pytest.raises(ValueError):
        Bound(kind, low=low, high=high)  # type: ignore[arg-type]


@pytest.mark.parametrize("tiers", [(0.1, 0.2), (0.3, 0.2, 0.1), (0.0, 0.1, 0.2), (-0.1, 0.1, 0.2)])
def test_malformed_tiers_are_refused(tiers: tuple[float, ...]) -> None:
    with pytest.raises(ValueError, match="alert tiers"):
        Thresholds(tiers=tiers)  # type: ignore[arg-type]


def test_severity_order_and_alert_flag() -> None:
    assert [s.rank for s in (ND, OK, WARN, Y, ORG, R)] == [0, 1, 2, 3, 4, 5]
    assert not ND.is_alert and not OK.is_alert
    assert WARN.is_alert and Y.is_alert and ORG.is_alert and R.is_alert


def test_worst_of_several() -> None:
    assert worst([OK, Y, WARN]) is Y
    assert worst([ND, OK]) is OK
    assert worst([]) is ND
    assert worst([ND, ND]) is ND


def test_tier_values_for_chart_lines() -> None:
    tv = T.tier_values(FACT_DECAY_RATIO)
    assert tv[Y][0] == pytest.approx(0.135) and tv[Y][1] == pytest.approx(0.385)
    assert tv[R][0] == pytest.approx(0.105) and tv[R][1] == pytest.approx(0.455)
    assert T.tier_values(BLOAT_RATE)[ORG] == (None, pytest.approx(1.44))
    assert T.tier_values(COMPACTION_SUCCESS_RATE)[Y] == (pytest.approx(0.89955), None)


def test_every_tier_line_classifies_as_its_own_tier() -> None:
    for metric in DEFAULT_BOUNDS:
        for severity, (low, high) in T.tier_values(metric).items():
            for edge in (low, high):
                if edge is not None:
                    assert classify(metric, edge, T) is severity, (metric, severity, edge)


def test_describe_says_the_range() -> None:
    assert Bound("ceiling", high=1.2, inclusive=False).describe() == "< 1.2"
    assert Bound("floor", low=0.5).describe() == ">= 0.5"
    assert Bound("band", 0.15, 0.35).describe() == "0.15 - 0.35"
    assert DEFAULT_BOUNDS[BLOAT_RATE].describe() == "< 120%"


def test_the_metric_that_made_a_session_red_is_named_with_its_value_and_band() -> None:
    from console.health import culprits, verdicts
    from console.services.metrics import verdict_sentence

    t = Thresholds.default()
    values = {
        "bloat_rate": 0.4,  # ok
        "fact_decay_ratio": None,  # NO DATA: does not apply, never the culprit
        "goal_churn_rate": 2.0,  # 67% past 1.2: red
        "compaction_success_rate": 1.0,
        "compaction_latency_p50_ms": 3.0,  # no bound: not judged
    }
    judged = verdicts(values, t)
    assert judged[0].metric == "goal_churn_rate"
    assert judged[-1].severity is Severity.NO_DATA
    assert "compaction_latency_p50_ms" not in {v.metric for v in judged}
    [why] = culprits(values, t)
    assert verdict_sentence(why) == "Goal churn rate 2.00 / turn: RED (healthy <= 1.2 per user turn)"
    assert culprits({"bloat_rate": 0.5, "fact_decay_ratio": None}, t) == []  # healthy: nothing to name
    [decay] = [v for v in judged if v.metric == "fact_decay_ratio"]
    assert verdict_sentence(decay) == "Fact decay ratio NO DATA: NO DATA (healthy 15% - 35%)"
