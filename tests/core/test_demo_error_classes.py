"""The demo sessions render without the errors issue 12 quotes, one test per error class.

The sessions are the demo's own (data/samples/own_sessions.jsonl); each is compacted at its end and
the rendered state is read as the model would read it: facts outside "(was: ...)" are current.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from core.compressor import Compressor
from core.config import Config
from core.formats import Dialogue, read_file
from core.session import Session

pytestmark = pytest.mark.unit

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples" / "own_sessions.jsonl"


@cache
def compacted(context_id: str) -> Session:
    """The session compacted after its last turn (rules only: no model)."""
    dialogue = next(d for d in read_file(SAMPLES) if isinstance(d, Dialogue) and d.context_id == context_id)
    session = Compressor(Config(use_embeddings=False)).session(context_id)
    for message in dialogue.messages:
        session.add(message, auto_compact=False)
    record = session.compact(reason="forced", force=True)
    assert not record.failed and session.rendered is not None
    return session


def rendered(context_id: str) -> str:
    """The state text of the session compacted after its last turn."""
    rendered = compacted(context_id).rendered
    assert rendered is not None
    return rendered.state_text


def facts(text: str, domain: str | None = None) -> dict[str, str]:
    """slot -> rendered value (with its markers) of every [FACT:...] line (of one domain's line only
    when domain is given: the taxi has a name of its own)."""
    out: dict[str, str] = {}
    for line in re.findall(r"\[FACT:([^\]\n]*)\]", text):
        head, _, rest = line.partition(".")
        if domain is not None and head != domain:
            continue
        for pair in rest.split("|"):
            slot, _, value = pair.partition("=")
            out[slot] = value
    return out


def test_a_guests_name_never_replaces_the_hotel():
    f = facts(rendered("demo-en-hotel-0001"), "hotel")
    # the one the user picked, not the whole list read out (the last turns say it: no anchor repeats it)
    state = compacted("demo-en-hotel-0001").compacted_state
    assert state is not None
    name = state.facts["hotel.name"]
    assert name.value == "Granta Lodge" and not name.history
    assert f.get("name", "Granta Lodge") == "Granta Lodge"
    # the guest is the booking call's argument: its line shows the name, no anchor repeats it
    assert state.facts["hotel.person"].value == "Dana Whitfield"
    assert f.get("person", "Dana Whitfield") == "Dana Whitfield"
    assert "Dana Whitfield" in rendered("demo-en-hotel-0001").split("--- recent turns ---")[0]


def test_a_price_the_assistant_quoted_never_replaces_nor_joins_the_users_budget():
    text = rendered("demo-en-hotel-0001")
    f = facts(text)
    # the user's ceiling, keyed as the budget with its bound and rate ("at most 150 pounds a night")
    assert f["budget"].startswith("at most 150 pounds a night") and "149" not in f["budget"]
    # 149 was Riverside Inn's price, read out beside the options; the user picked Granta Lodge
    assert "149 pounds" not in text.split("Tool results")[0]


def test_a_corrections_old_value_is_history_not_a_rule():
    text = rendered("demo-en-hotel-0001")
    must = next((line for line in text.splitlines() if line.startswith("Must:")), "")
    assert "instead of 2" not in must and "non-smoking" in must
    assert facts(text)["nights"] == "3 nights (was: 2 nights)"
    assert "User said: Actually, make it 3 nights" not in text


def test_a_finished_booking_reads_as_completed_not_pending():
    text = rendered("demo-en-hotel-0001")
    completed = next(line for line in text.splitlines() if line.startswith("Completed:"))
    assert "book_hotel(" in completed and "GL-48213" in completed
    assert "await result of book hotel" not in text


def test_a_passenger_never_replaces_the_destination_city():
    f = facts(rendered("demo-zh-train-0004"))
    assert f["person"] == "李明"
    assert f["destination"] == "北京"
    assert not any("北京" in v and "was:" in v for v in f.values())
