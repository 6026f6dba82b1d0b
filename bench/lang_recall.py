"""Measure a language analyzer's entity recall against gold dialogue annotations.

``python -m bench.lang_recall FILE.jsonl [--misses OUT.txt]``

Recall: of the gold final-state values that occur literally in the transcript, the share covered by
the surface of some entity or negation the analyzer found in any turn. Cost: tokens of the distinct
entity surfaces joined, over the raw transcript tokens (what a renderer would pay to show them all).
Also prints, per gold slot name, the recall and the slot hints given to the matching entities.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

from bench.conversations import load_conversations
from core.lang.base import LanguageAnalyzer
from core.tokens import count_tokens

REFERENCE_TS = datetime(2026, 1, 5, 12, 0, 0)


def get_analyzer(lang: str) -> LanguageAnalyzer:
    """The analyzer for a language code ('en' or 'zh')."""
    if lang == "zh":
        from core.lang.zh import ChineseAnalyzer

        return ChineseAnalyzer()
    from core.lang.en import EnglishAnalyzer

    return EnglishAnalyzer()


def main(argv: list[str] | None = None) -> int:
    """Run the measurement and print a summary."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--misses", help="write every missed value with its turn to this file")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args(argv)
    miss_lines: list[str] = []
    for file in args.files:
        rows = load_conversations(file, args.limit)
        hits = total = 0
        cost_ratio: list[float] = []
        useful = distinct_total = 0
        per_turn_ms: list[float] = []
        by_slot: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        hints: dict[str, Counter] = defaultdict(Counter)
        for row in rows:
            analyzer = get_analyzer(row.lang)
            surfaces: list[tuple[str, str | None]] = []
            for turn in row.messages:
                t0 = time.perf_counter()
                ents = analyzer.entities(turn.text, REFERENCE_TS)
                negs = analyzer.negations(turn.text)
                per_turn_ms.append((time.perf_counter() - t0) * 1000)
                surfaces += [(e.text, e.slot) for e in ents] + [(n.text, "negation") for n in negs]
            raw = row.raw_text
            distinct = list(dict.fromkeys(s for s, _ in surfaces))
            cost_ratio.append(count_tokens("; ".join(distinct)) / max(1, count_tokens(raw)))
            gold_values = {str(v).lower() for v in row.gold["final_state"].values()}
            gold_values |= {str(f["value"]).lower() for f in row.gold["facts"]}
            gold_values = {g for g in gold_values if g}
            for surface in distinct:
                low = surface.lower()
                distinct_total += 1
                useful += any(g in low or (low in g and len(low) > 2) for g in gold_values)
            low_raw = raw.lower()
            for slot, value in row.gold["final_state"].items():
                v = str(value).lower()
                if not v or v not in low_raw:
                    continue
                total += 1
                name = slot.split(".", 1)[-1]
                by_slot[name][1] += 1
                found = [h for s, h in surfaces if v in s.lower()]
                if found:
                    hits += 1
                    by_slot[name][0] += 1
                    hints[name][found[-1] or "-"] += 1
                else:
                    where = next((t for t in row.messages if v in t.text.lower()), None)
                    miss_lines.append(
                        f"{row.context_id}\t{slot}\t{value}\t"
                        f"{where.role if where else '?'}: {where.text if where else ''}"
                    )
        print(f"== {file}: {len(rows)} conversations")
        print(f"recall {hits}/{total} = {hits / max(1, total):.4f}")
        print(f"cost (entity tokens / raw tokens) median {statistics.median(cost_ratio):.3f}")
        print(f"precision (distinct surfaces matching a gold value) {useful / max(1, distinct_total):.3f}")
        if per_turn_ms:
            q = statistics.quantiles(per_turn_ms, n=20)
            print(f"latency per turn ms: median {statistics.median(per_turn_ms):.2f} p95 {q[-1]:.2f}")
        for name, (h, n) in sorted(by_slot.items(), key=lambda kv: -kv[1][1])[:40]:
            top = ", ".join(f"{k}:{c}" for k, c in hints[name].most_common(3))
            print(f"  {name:28s} {h:4d}/{n:<4d} {h / n:.2f}  hints {top}")
    if args.misses:
        Path(args.misses).write_text("\n".join(miss_lines) + "\n", encoding="utf-8")
        print(f"{len(miss_lines)} misses written to {args.misses}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
