"""A correction reaches what the model is served and what an agent resumes from (issue 13, item 5).

Before: a form, grid or CSV correction changed the facts table only; ``Store.load_state`` (the
state an agent resumes from), the served context ("the context the model is given now") and a
later ingest kept the old value. Real core, real DuckDB file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from console.services.csv_corrections import apply_csv
from console.services.facts import correct_facts
from core.render import RECENT_SEPARATOR, parse_anchors
from data.records import FactCorrection
from data.store import Store
from tests.console.builders import TEST_CONFIG, build_ingest, load_dialogues, seed_store
from tests.reliability.cases import covers

SECTION = "Issue 13: second round"
CID = "sgd-train-1_00000"
KEY = "restaurant.time"
NEW = "12:15 pm"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store.open(tmp_path / "console.duckdb", linger=0)
    store.save_config(TEST_CONFIG, actor="test-setup")  # the config the contexts were built with
    seed_store(store)
    yield store
    store.close()


def served_facts(store: Store, cid: str = CID) -> dict[str, str]:
    """The facts the served context's anchors carry (the compacted part, before the recent turns)."""
    timeline = store.timeline(cid)
    assert timeline is not None and timeline.rendered
    return parse_anchors(timeline.rendered.split(RECENT_SEPARATOR, 1)[0])["facts"]


def correct(store: Store, how: str) -> None:
    if how == "form":
        correction = FactCorrection(
            context_id=CID, key=KEY, new_value=NEW, reason="user called", actor="ana", source="form"
        )
        assert correct_facts(store, [correction], role="operator").applied
    else:
        data = f"context_id,key,new_value,reason\n{CID},{KEY},{NEW},user called\n".encode()
        assert apply_csv(store, data, actor="ana", role="operator").applied


@covers(SECTION, "5. a correction changes the state an agent resumes from and the served context at once")
@pytest.mark.parametrize("how", ["form", "csv"])
def test_a_correction_reaches_the_resumed_state_and_the_served_context(how, store):
    old = store.load_state(CID).facts[KEY].value
    assert served_facts(store)[KEY] == old != NEW
    correct(store, how)
    fact = store.load_state(CID).facts[KEY]
    assert (fact.value, fact.verified_by_user) == (NEW, True)
    assert (fact.history[-1].value, fact.history[-1].actor, fact.history[-1].source) == (old, "ana", how)
    assert served_facts(store)[KEY] == NEW
    served = store.timeline(CID).rendered
    assert f"{NEW} (was: {old}" in served  # shown as a replaced value, never silently
    assert store.get_context(CID).tokens_context > 0


@covers(SECTION, "5. a later ingest keeps a verified value unless the user says it again")
def test_a_reingest_keeps_the_verified_value_until_the_user_restates_it(store):
    correct(store, "form")
    dialogue = next(d for d in load_dialogues() if d.context_id == CID)
    last = dialogue.messages[-1]

    # new turns that do not speak of the time: the operator's value stays everywhere
    more = dialogue.model_copy(deep=True)
    more.messages.append(
        last.model_copy(update={"idx": last.idx + 1, "role": "user", "text": "Thanks a lot."})
    )
    store.save_contexts([build_ingest(more)])
    assert store.load_state(CID).facts[KEY].value == NEW
    assert served_facts(store)[KEY] == NEW
    assert {f.fact.key: f.fact.value for f in store.facts(CID)}[KEY] == NEW

    # the user changes the time again in the dialogue: the dialogue wins, no longer marked verified
    again = more.model_copy(deep=True)
    text = "Sorry, make the restaurant booking for 1 pm instead."
    again.messages.append(last.model_copy(update={"idx": last.idx + 2, "role": "user", "text": text}))
    store.save_contexts([build_ingest(again)])
    fact = store.load_state(CID).facts[KEY]
    assert fact.value == "1 pm" and not fact.verified_by_user
    assert text in store.timeline(CID).rendered  # served as the dialogue has it (a recent turn)
    stored = {f.fact.key: f.fact for f in store.facts(CID)}[KEY]
    assert stored.value == fact.value and not stored.verified_by_user


@covers(SECTION, "5. the next turns of a resumed agent keep the verified value against the assistant")
def test_a_resumed_state_keeps_the_verified_value_against_an_assistant_correction(store):
    from core.merge import _merge_fact
    from core.models import FactCandidate

    correct(store, "form")
    state = store.load_state(CID)  # what an agent resumes from
    turn = state.turn + 1
    bot = FactCandidate(
        key=KEY, value="9:00 am", norm="09:00", role="assistant", source_idx=turn, correction=True
    )
    _merge_fact(state, bot)  # the merge every new turn runs, so the next compaction's input
    assert state.facts[KEY].value == NEW and state.offers[KEY].value == "9:00 am"
    user = FactCandidate(key=KEY, value="1 pm", norm="13:00", role="user", source_idx=turn + 1)
    _merge_fact(state, user)
    assert state.facts[KEY].value == "1 pm" and not state.facts[KEY].verified_by_user
