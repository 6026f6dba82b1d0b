"""The assistant's read-back of the user's pick: "第二个" -> "好的，选择安心老人意外"; "那还是安康吧" ->
"好的，选择安康老年百万医疗". The user picks an offered thing by its place in the list or by a part of
its name; the assistant's next turn acknowledges and names the pick whole. That turn is the evidence
of what the user chose: the whole name becomes a fact the user agreed to (``<slot>_agreed``), so it
does not live only as an offer that the next name in the slot (the plan's tier, an address typed as
a name) pushes out, and the user's own words ("第二个") need not be kept to know the pick.

The language's analyzer finds the read-back (reads_back_pick: an acknowledgement and a choice verb
opening the turn, "好的，选择X"); what stands after it is one of the names the turn offers. English
reads none (see core.lang.en_pick).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.alternatives import ENTITY_SLOTS
from core.embed import is_chinese
from core.lang.registry import analyzer_for
from core.models import ContextState, Evidence, Fact, FactCandidate, Message
from core.readback_split import AGREED_SUFFIX


def _names(cand: FactCandidate) -> list[str]:
    return [i.strip() for i in cand.value.split(", ") if i.strip()]


def read_back_choice(state: ContextState, msg: Message, cands: Sequence[FactCandidate]) -> None:
    """Keep the pick an assistant turn msg reads back (see the module docstring) as the user's agreed
    value of its entity slot; state is changed in place, cands are the turn's candidates. Nothing when
    the user's own value of the slot already is that name (core.name_readback completed it)."""
    if msg.role != "assistant" or not msg.text:
        return
    start = analyzer_for("zh" if is_chinese(msg.text) else "en").reads_back_pick(msg.text)
    if start < 0:
        return
    rest = msg.text[start:]
    for cand in cands:
        if cand.role != "assistant" or cand.source_idx != msg.idx:
            continue
        if cand.key.rsplit(".", 1)[-1] not in ENTITY_SLOTS:
            continue
        picked = [n for n in _names(cand) if rest.startswith(n)]
        if not picked:
            continue
        name = max(picked, key=len)
        held = state.facts.get(cand.key)
        if held is not None and held.role == "user" and held.norm == name.lower():
            return
        key = f"{cand.key}{AGREED_SUFFIX}"
        state.facts[key] = Fact(
            key=key,
            value=name,
            norm=name.lower(),
            kind="instruction",
            first_idx=msg.idx,
            last_idx=msg.idx,
            last_turn=state.user_turns,
            role="user",
            evidence=Evidence(idx=msg.idx, role="assistant", how="confirmed", start=start,
                              end=start + len(name), text=name, ts=msg.ts),
            vtype=cand.vtype,
        )
        return
