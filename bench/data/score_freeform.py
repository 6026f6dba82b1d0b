"""A small scorer of the core on the free-form set (used by check_freeform.py --score).

Each conversation goes to a core Session turn by turn (tool calls and results included, with their
ts), one compaction is forced at the end, and session.context().text is scored:

- retention: final_state values found outside "(was: ...)" markers / all final_state values;
- false supersession: current values (must_not_replace, and final values of slots the user never
  corrected) that appear in the context only inside a "(was: ...)" marker;
- corrections handled: new value present and the old one never shown unmarked (the benchmark's
  bench.metrics.correction_outcome);
- token reduction: 1 - context tokens / raw tokens, the raw history being 'role: text' lines with
  tool calls and results as compact JSON (cl100k, core.tokens.count_tokens).
"""

from __future__ import annotations

import json
import re
import statistics
from typing import Any

from bench.metrics import correction_outcome
from core.compressor import Compressor
from core.config import Config
from core.formats import parse_line
from core.models import Message
from core.render import raw_history
from core.tokens import count_tokens

WAS = re.compile(r"\(was: [^()]*(?:\([^()]*\)[^()]*)*\)", re.IGNORECASE)


def raw_text(messages: list[Message]) -> str:
    """The raw history as raw mode serves it (core.render.raw_history, as the benchmark counts it)."""
    return raw_history(messages)


def score_one(comp: Compressor, rec: dict[str, Any]) -> dict[str, Any]:
    """The numbers of one conversation (see the module docstring)."""
    dlg = parse_line(json.dumps(rec, ensure_ascii=False), 1)
    session = comp.session(dlg.context_id)
    for m in dlg.messages:
        session.add(m, auto_compact=False)
    session.compact(force=True)
    view = session.context()
    ctx = view.text.lower()
    outside = WAS.sub(" ", ctx)
    inside = " ".join(WAS.findall(ctx))
    gold = rec["gold"]
    state = {k: str(v).lower() for k, v in gold["final_state"].items()}
    corrected = {c["slot"] for c in gold.get("corrections") or []}
    current = {v.lower() for v in gold.get("must_not_replace") or []}
    current |= {v for k, v in state.items() if k not in corrected}
    lost = [k for k, v in state.items() if v not in outside]
    false_sup = sorted(v for v in current if v in inside and v not in outside)
    handled = [
        correction_outcome(view.text, str(c["old"]), str(c["new"])).handled
        for c in gold.get("corrections") or []
    ]
    raw = count_tokens(raw_text(dlg.messages))
    return {
        "id": rec["context_id"],
        "lang": rec["lang"],
        "slots": len(state),
        "kept": len(state) - len(lost),
        "lost": lost,
        "false_sup": false_sup,
        "current": len(current),
        "handled": handled,
        "raw": raw,
        "ctx": view.tokens,
        "mode": view.mode,
    }


def score_all(recs: list[dict[str, Any]]) -> str:
    """Score every conversation with the default config; a markdown table per language and overall."""
    comp = Compressor(Config())
    rows = [score_one(comp, r) for r in recs]
    out = [
        "| set | conv. | retention (outside was-markers) | false supersession | corrections handled |"
        " raw tokens, median | context tokens, median | token reduction, mean |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in [*sorted({r["lang"] for r in rows}), "all"]:
        rs = [r for r in rows if name in ("all", r["lang"])]
        slots, kept = sum(r["slots"] for r in rs), sum(r["kept"] for r in rs)
        cur, fs = sum(r["current"] for r in rs), sum(len(r["false_sup"]) for r in rs)
        hd = [h for r in rs for h in r["handled"]]
        red = statistics.mean(1 - r["ctx"] / r["raw"] for r in rs)
        out.append(
            f"| {name} | {len(rs)} | {kept}/{slots} = {kept / slots:.1%} | {fs}/{cur} = {fs / cur:.1%} |"
            f" {sum(hd)}/{len(hd)} | {statistics.median(r['raw'] for r in rs):g} |"
            f" {statistics.median(r['ctx'] for r in rs):g} | {red:.1%} |"
        )
    out.append("")
    for r in rows:
        if r["lost"] or r["false_sup"] or not all(r["handled"]) or r["mode"] != "compressed":
            out.append(
                f"- {r['id']} ({r['mode']}): lost {r['lost']}; shown as replaced {r['false_sup']};"
                f" corrections handled {r['handled']}"
            )
    return "\n".join(out)
