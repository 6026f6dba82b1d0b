"""Build the held-out agent traces (`python -m bench.data.agent_heldout.build`): the traces of
`traces_*.py`, each cut before its tool calls, written as OpenAI chat or Anthropic Messages records
with the gold of the calls right after each cut.

Gold as ``../shared/data/agent_traces/README.md`` defines it: ``needed`` are the scalar argument
values of the next calls (strings and numbers of 3+ characters, not yes/no/true/false) that occur
literally (case-insensitive) in the trace so far; ``needed_from_history`` those not in the last
user message. Deterministic: the large results come from seeded generators in the trace modules.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
NOT_VALUES = {"yes", "no", "true", "false"}

# a trace: {"id", "domain", "lang", "format": "openai"|"anthropic", "system", "steps": [...]}
# a step: ("user", text) | ("assistant", text) | ("calls", text_or_None, [(name, args, result, ok)])


def scalars(value: Any) -> Iterator[str]:
    """The scalar values inside call arguments, as the gold compares them (str of each leaf)."""
    if isinstance(value, dict):
        for v in value.values():
            yield from scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from scalars(v)
    elif isinstance(value, bool) or value is None:
        return
    else:
        text = str(value)
        if len(text) >= 3 and text.lower() not in NOT_VALUES:
            yield text


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def history_text(steps: list) -> str:
    """Everything a value can occur in: user and assistant text, call arguments, results."""
    parts: list[str] = []
    for step in steps:
        if step[0] in ("user", "assistant"):
            parts.append(step[1])
        else:
            parts.append(step[1] or "")
            for name, args, result, _ok in step[2]:
                parts += [name, dumps(args), dumps(result)]
    return "\n".join(parts).lower()


def gold(steps: list, nxt: tuple) -> dict[str, Any]:
    """The gold of a cut before the calls step `nxt`, with `steps` the trace before it."""
    history = history_text(steps)
    last_user = next((s[1] for s in reversed(steps) if s[0] == "user"), "").lower()
    needed = list(
        dict.fromkeys(v for _n, args, _r, _o in nxt[2] for v in scalars(args) if v.lower() in history)
    )
    return {
        "next_calls": [{"name": n, "args": a} for n, a, _r, _o in nxt[2]],
        "needed": needed,
        "needed_from_history": [v for v in needed if v.lower() not in last_user],
    }


def openai_messages(trace: dict, steps: list) -> list[dict]:
    out: list[dict] = [{"role": "system", "content": trace["system"]}]
    n = 0
    for step in steps:
        if step[0] in ("user", "assistant"):
            out.append({"role": step[0], "content": step[1]})
            continue
        calls, results = [], []
        for name, args, result, _ok in step[2]:
            n += 1
            cid = f"call_{trace['id']}_{n}"
            calls.append(
                {"id": cid, "type": "function", "function": {"name": name, "arguments": dumps(args)}}
            )
            results.append({"role": "tool", "tool_call_id": cid, "content": dumps(result)})
        out.append({"role": "assistant", "content": step[1], "tool_calls": calls})
        out += results
    return out


def anthropic_messages(trace: dict, steps: list) -> list[dict]:
    out: list[dict] = []

    def add(role: str, blocks: list[dict]) -> None:
        if out and out[-1]["role"] == role:  # Messages alternate: a user text after results joins them
            out[-1]["content"] += blocks
        else:
            out.append({"role": role, "content": blocks})

    n = 0
    for step in steps:
        if step[0] in ("user", "assistant"):
            add(step[0], [{"type": "text", "text": step[1]}])
            continue
        uses, results = [], []
        if step[1]:
            uses.append({"type": "text", "text": step[1]})
        for name, args, result, ok in step[2]:
            n += 1
            uid = f"toolu_{trace['id']}_{n:02d}"
            uses.append({"type": "tool_use", "id": uid, "name": name, "input": args})
            block = {"type": "tool_result", "tool_use_id": uid, "content": dumps(result)}
            if not ok:
                block["is_error"] = True
            results.append(block)
        add("assistant", uses)
        add("user", results)
    return out


def cuts(trace: dict) -> Iterator[dict]:
    """One record per calls step, after a first one, whose next calls need a value."""
    steps = trace["steps"]
    for i, step in enumerate(steps):
        if step[0] != "calls" or not any(s[0] == "calls" for s in steps[:i]):
            continue
        g = gold(steps[:i], step)
        if not g["needed"]:
            continue
        record: dict[str, Any] = {
            "context_id": f"heldout-{trace['id']}-c{i}",
            "source": "heldout-" + trace["domain"],
        }
        record["lang"] = trace["lang"]
        if trace["format"] == "openai":
            record["messages"] = openai_messages(trace, steps[:i])
        else:
            record["system"] = trace["system"]
            record["messages"] = anthropic_messages(trace, steps[:i])
        record["gold"] = g
        yield record


def main() -> None:
    from bench.data.agent_heldout import traces_ops, traces_shop

    files = {"heldout_shop.jsonl": traces_shop.TRACES, "heldout_ops.jsonl": traces_ops.TRACES}
    for name, traces in files.items():
        lines = [json.dumps(r, ensure_ascii=False) for t in traces for r in cuts(t)]
        (HERE / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {name}: {len(lines)} cuts of {len(traces)} traces")


if __name__ == "__main__":
    main()
