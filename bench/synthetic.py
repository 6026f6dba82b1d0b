"""Synthetic ingest results shaped like real ones, for the storage benchmark and the tests.

Deterministic for a seed. A context has 12-28 turns (20 on average, so 100k contexts are about
2M messages), tool calls and results, per-turn parse / extract / merge traces with payloads of
realistic size, facts with corrections in their history, one or two compactions with their state
and rendered context, and health-metric samples. No core stage runs: this measures the Store.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

from core.models import ContextState, Fact, FactVersion, Message, ToolCall, ToolResult
from core.stage_outputs import CompactionRecord, ValidationReport
from data.records import CompactionEntry, ContextIngest, MetricPoint, StageTrace

SOURCES = (("sgd", "en"), ("multiwoz21", "en"), ("crosswoz", "zh"), ("agent", "en"))
HEALTH = ("ok", "ok", "ok", "ok", "warning", "critical", "no_data")
SLOTS = {
    "restaurant": {"area": ["north", "south", "centre", "east"], "food": ["italian", "thai", "indian"],
                   "people": ["2", "3", "4", "6"], "time": ["18:30", "20:15"], "day": ["monday", "friday"]},
    "hotel": {"area": ["north", "west", "centre"], "stars": ["3", "4", "5"], "price": ["cheap", "moderate"],
              "nights": ["2", "3", "5"], "parking": ["yes", "no"]},
    "flight": {"from": ["London", "Paris", "Beijing"], "to": ["Madrid", "Shanghai", "Berlin"],
               "budget": ["5000", "800", "1200"], "date": ["2025-03-14", "2025-04-02"]},
}  # fmt: skip
ZH_TEXT = (
    "我想订一家{v}的餐厅，不要香菜。",
    "预算大概{v}元左右。",
    "好的，已经帮您查到了{v}。",
    "请问还需要什么？",
)
EN_TEXT = (
    "I'd like something in the {v} please, no cilantro.",
    "Can you make it {v} instead? The budget is firm.",
    "I found {v} for you. Shall I book it?",
    "Anything else I can help you with today?",
)
METRICS = ("bloat_rate", "fact_decay_ratio", "goal_churn_rate", "compaction_latency_ms")


def synthetic_context(rng: random.Random, start: datetime, span_days: float = 30.0) -> ContextIngest:
    """One synthetic context's complete ingest result."""
    source, lang = rng.choice(SOURCES)
    cid = f"{source}-{uuid.UUID(int=rng.getrandbits(128))}"
    domain = rng.choice(list(SLOTS))
    slots = SLOTS[domain]
    t0 = start + timedelta(seconds=rng.uniform(0, span_days * 86400))
    n_turns = rng.randint(12, 28)
    texts = ZH_TEXT if lang == "zh" else EN_TEXT
    messages: list[Message] = []
    traces: list[StageTrace] = []
    for idx in range(n_turns):
        role = "user" if idx % 2 == 0 else "assistant"
        slot = rng.choice(list(slots))
        value = rng.choice(slots[slot])
        text = rng.choice(texts).format(v=value) + (
            " " + "detail " * rng.randint(0, 20) if lang == "en" else ""
        )
        call = result = None
        if role == "assistant" and rng.random() < 0.2:
            call = ToolCall(call_id=f"c{idx}", name=f"search_{domain}", args={slot: value})
        if role == "user" and idx > 0 and rng.random() < 0.1:
            result = ToolResult(call_id=f"c{idx - 1}", status="ok", data={"count": rng.randint(0, 9)})
        ts = t0 + timedelta(seconds=30 * idx)
        messages.append(
            Message(
                context_id=cid,
                idx=idx,
                role=role,
                text=text,
                ts=ts,
                tokens=max(1, len(text) // 4),
                tool_call=call,
                tool_result=result,
                attachments=[],
            )
        )
        entity = {
            "type": "term",
            "text": value,
            "value": value.lower(),
            "start": 0,
            "end": len(value),
            "slot": slot,
        }
        atoms = [
            {
                "msg_idx": idx,
                "role": role,
                "kind": "constraint" if role == "user" else "answer",
                "text": text,
                "lang": lang,
                "entities": [entity],
                "strength": "strong",
            }
        ]
        traces.append(
            StageTrace(
                idx=idx,
                stage="parse",
                payload={"lang": lang, "atoms": atoms},
                latency_ms=rng.uniform(0.2, 2.0),
            )
        )
        traces.append(
            StageTrace(
                idx=idx,
                stage="extract",
                payload={
                    "facts": [
                        {"key": f"{domain}.{slot}", "value": value, "norm": value.lower(), "source_idx": idx}
                    ],
                    "goals": [],
                    "actions": [],
                },
                latency_ms=rng.uniform(0.1, 1.0),
            )
        )
        traces.append(
            StageTrace(
                idx=idx,
                stage="merge",
                payload={"changed": [f"{domain}.{slot}"], "turn": idx},
                latency_ms=rng.uniform(0.05, 0.5),
            )
        )
    facts = _facts(rng, domain, slots, n_turns)
    compactions, metrics = _compactions(rng, cid, source, facts, n_turns, t0)
    rendered = "\n".join(f"[FACT:{f.key}={f.value}]" for f in facts)
    return ContextIngest(
        context_id=cid,
        source=source,
        lang=lang,
        created_at=t0,
        health=rng.choice(HEALTH),
        messages=messages,
        traces=traces,
        facts=facts,
        compactions=compactions,
        metrics=metrics,
        state=ContextState(context_id=cid, turn=n_turns - 1, facts={f.key: f for f in facts}),
        rendered=rendered,
        tokens_context=len(rendered) // 4,
    )


def _facts(rng: random.Random, domain: str, slots: dict[str, list[str]], n_turns: int) -> list[Fact]:
    facts = []
    for slot, values in slots.items():
        first = rng.randrange(0, n_turns)
        history = []
        if rng.random() < 0.25 and first + 2 < n_turns:  # a corrected value: one earlier version
            old = rng.choice(values)
            history.append(
                FactVersion(
                    value=old, norm=old.lower(), idx=first, replaced_at=first + 2, reason="user correction"
                )
            )
            first += 2
        value = rng.choice(values)
        facts.append(
            Fact(
                key=f"{domain}.{slot}",
                value=value,
                norm=value.lower(),
                strength=rng.choice(["strong", "medium"]),
                kind="instruction",
                status=rng.choice(["active", "active", "active", "decayed"]),
                weight=round(rng.uniform(0.3, 1.0), 3),
                first_idx=first,
                last_idx=first,
                history=history,
            )
        )
    return facts


def _compactions(
    rng: random.Random, cid: str, source: str, facts: list[Fact], n_turns: int, t0: datetime
) -> tuple[list[CompactionEntry], list[MetricPoint]]:
    entries, points = [], []
    n = 1 if n_turns < 20 else 2
    for seq in range(1, n + 1):
        at_turn = min(n_turns - 1, 8 + (seq - 1) * 8 + rng.randint(0, 3))
        tokens_in = rng.randint(800, 4000)
        tokens_out = int(tokens_in * rng.uniform(0.2, 0.6))
        total = rng.uniform(3, 40)
        failed = rng.random() < 0.005
        fallback = not failed and rng.random() < 0.01
        record = CompactionRecord(
            context_id=cid,
            seq=seq,
            at_turn=at_turn,
            trigger=rng.choice(["tokens", "milestone", "drift"]),
            tier=seq - 1,
            fold_upto=at_turn - 2,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            ratio=tokens_out / tokens_in,
            latency_ms={"parse": total * 0.3, "render": total * 0.2, "total": total},
            validation=ValidationReport(ok=not fallback and not failed),
            fallback=fallback,
            failed=failed,
            change_notice=f"Folded turns 0-{at_turn - 2}; kept {len(facts)} facts.",
            created_at=t0 + timedelta(seconds=30 * at_turn),
        )
        state = ContextState(context_id=cid, turn=at_turn, facts={f.key: f for f in facts[: 2 + seq]})
        rendered = "Goal: book.\n" + "\n".join(f"[FACT:{f.key}={f.value}]" for f in facts[: 2 + seq])
        entries.append(CompactionEntry(record=record, state=state, rendered=rendered))
        at = record.created_at
        values = (tokens_out / tokens_in, rng.uniform(0.1, 0.4), rng.uniform(0.2, 1.5), total)
        for metric, value in zip(METRICS, values, strict=True):
            points.append(MetricPoint(metric=metric, value=value, at=at, idx=at_turn, source=source))
    return entries, points


def synthetic_contexts(n: int, seed: int = 7, start: datetime | None = None) -> Iterator[ContextIngest]:
    """``n`` synthetic contexts, deterministic for ``seed``, spread over 30 days from ``start``."""
    rng = random.Random(seed)
    start = start or datetime(2025, 1, 1, tzinfo=UTC)
    for _ in range(n):
        yield synthetic_context(rng, start)
