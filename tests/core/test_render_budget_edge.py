"""Render stage: the hard budget holds for the whole text, the recent turns' separator and the
cut notice included (the fuzz test once found a context of 601 tokens against a budget of 600)."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import Constraint, ContextState, Message
from core.render import RECENT_SEPARATOR, render

pytestmark = pytest.mark.unit
RECENT = [Message(idx=40, role="user", text="and please keep the receipt for the insurance claim")]


@pytest.mark.parametrize("target", range(90, 260, 7))
def test_a_state_cut_to_its_budget_leaves_room_for_the_recent_turns(target):
    rules = [f"never ship parcel {i} before the customs form {i} is signed by the owner" for i in range(40)]
    state = ContextState(constraints=[Constraint(text=r, idx=i) for i, r in enumerate(rules)])
    cfg = Config(use_embeddings=False, target_compressed_tokens=target)
    out = render(state, RECENT, cfg, tokens_in=50_000)
    assert RECENT_SEPARATOR in out.text and "keep the receipt" in out.text
    assert out.tokens <= target


@pytest.mark.parametrize("target", [325, 334, 343])
def test_put_back_clauses_filling_the_state_leave_room_for_the_separator(target):
    # 20 clauses clipped to what the state may take: before the fix, 338 tokens against 334
    said = [f"Please keep the budget under 40 euros and deliver by Friday. {i}" for i in range(20)]
    cfg = Config(use_embeddings=False, target_compressed_tokens=target)
    out = render(ContextState(), RECENT, cfg, tokens_in=50_000, said=said)
    assert "User said: Please keep the budget" in out.text and "keep the receipt" in out.text
    assert out.tokens <= target
