"""A fact's versions are ordered in time as in number, even when the dialogue's clock disagrees.

A version made by the pipeline is stamped with its turn's time, which comes from the dialogue (a
historical import, an agent's clock); a correction is stamped with the Store's clock. Both may go
back against the version before: the later version is then recorded at the earlier one's time,
never before it. (The concurrency test found this: its agents replay dialogues whose turn times
start over.)
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from core.models import FactVersion
from data.records import ContextIngest, FactCorrection
from data.store import Store
from tests.data.conftest import T0, FixedClock, make_context
from tests.reliability.cases import covers

pytestmark = pytest.mark.unit


def times(store: Store, key: str = "hotel.area") -> list[datetime]:
    return [h.at for h in store.fact_history("ctx-1", key)]


def with_area(bundle: ContextIngest, value: str, last_idx: int) -> ContextIngest:
    """The bundle whose hotel.area became ``value`` at turn ``last_idx`` (its chain as before)."""
    area = bundle.state.facts["hotel.area"]
    changed = area.model_copy(
        update={
            "value": value,
            "norm": value,
            "last_idx": last_idx,
            "history": [
                *area.history,
                FactVersion(value=area.value, norm=area.norm, idx=area.last_idx, replaced_at=last_idx),
            ],
        }
    )
    facts = [changed if f.key == "hotel.area" else f for f in bundle.facts]
    return bundle.model_copy(update={"facts": facts})


@covers("Faults: concurrency", "facts' versions ordered in time when the dialogue's turn times go back")
def test_turn_times_going_back_within_a_chain_keep_the_versions_in_time_order(tmp_path):
    bundle = make_context()
    backwards = [
        m.model_copy(update={"ts": T0 + timedelta(minutes=10 - m.idx)}) for m in bundle.messages
    ]  # turn 0 at 09:10, turn 4 at 09:06
    store = Store.open(tmp_path / "db.duckdb", clock=FixedClock(T0 + timedelta(days=1)), linger=0)
    store.save_contexts([bundle.model_copy(update={"messages": backwards})])
    recorded = times(store)
    assert [h.version for h in store.fact_history("ctx-1", "hotel.area")] == [1, 2]
    assert recorded == [T0 + timedelta(minutes=10)] * 2  # version 2 not before version 1
    store.close()


@covers("Faults: concurrency", "a re-ingest after a correction is recorded after the correction")
def test_a_historical_dialogue_corrected_today_and_ingested_again_stays_in_time_order(tmp_path):
    clock = FixedClock(datetime(2026, 1, 5, 12, 0, tzinfo=UTC))  # the dialogue is from 2025
    store = Store.open(tmp_path / "db.duckdb", clock=clock, linger=0)
    store.save_contexts([make_context()])
    [outcome] = store.apply_corrections(
        [FactCorrection(context_id="ctx-1", key="hotel.area", new_value="west", actor="op", source="api",
                        verified=False)]
    ).outcomes  # fmt: skip
    assert outcome.version == 3
    # two more turns (2025 times) and the pipeline now says "east" at turn 7
    more = make_context(turns=8)
    again = with_area(more, "east", last_idx=7)
    clock.now = clock.now + timedelta(minutes=1)
    [saved] = store.save_contexts([again])
    assert saved.status == "updated"
    history = store.fact_history("ctx-1", "hotel.area")
    assert [(h.version, h.new_value, h.source) for h in history] == [
        (1, "north", "pipeline"),
        (2, "centre", "pipeline"),
        (3, "west", "api"),
        (4, "east", "pipeline"),
    ]
    recorded = [h.at for h in history]
    assert recorded == sorted(recorded)
    assert recorded[3] == recorded[2] == datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # not 2025-03-01 09:07
    store.close()


@covers("Faults: concurrency", "a correction is never recorded before the version it replaces")
def test_a_correction_whose_clock_is_behind_the_dialogue_is_recorded_after_the_last_version(tmp_path):
    clock = FixedClock(T0 - timedelta(hours=1))  # the dialogue's clock runs an hour ahead of ours
    store = Store.open(tmp_path / "db.duckdb", clock=clock, linger=0)
    store.save_contexts([make_context()])
    store.apply_corrections(
        [FactCorrection(context_id="ctx-1", key="hotel.area", new_value="west", actor="op", source="form")]
    )
    recorded = times(store)
    assert len(recorded) == 3 and recorded == sorted(recorded)
    assert recorded[2] == T0 + timedelta(minutes=4)
    store.close()
