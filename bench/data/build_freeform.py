"""Assemble the hand-written free-form conversations (bench/data/src/*.txt) into the JSONL files.

The conversations are written by hand in a compact line format so that the author does not count
turn indices or repeat JSON boilerplate; this script only converts, it adds no content:

    === ff-en-insurance-001 | insurance_parents | 2026-12-01T09:30:00+08:00
    U: a user turn                      (U(label): ... names the turn for the gold block)
    A: an assistant turn
    CALL c1 get_weather {"city": "Beijing"}       (an assistant turn with a tool call)
    RESULT c1 ok {"temp_c": -3}                   (a tool turn; status ok or error)
    GOLD
    {"final_state": {...}, "corrections": [{"slot": .., "old": .., "new": .., "turn": "label"}], ...}

The header's time (optional) is the first turn's ts; each later turn is one minute after the
previous one. A gold "turn" may be a label or an index. Lines starting with '#' are comments.
Output: bench/data/freeform_<lang>.jsonl, lang taken from the context id (ff-<lang>-...).

    python bench/data/build_freeform.py
    python bench/data/build_freeform.py --src bench/data/heldout_src --out-prefix heldout_dialogues
"""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
HEADER = re.compile(r"^===\s*(\S+)\s*\|\s*(\S+)\s*(?:\|\s*(\S+))?\s*$")
SPEAKER = re.compile(r"^(U|A)(?:\(([\w-]+)\))?:\s?(.*)$")
CALL = re.compile(r"^CALL\s+(\S+)\s+(\S+)\s+(\{.*\})\s*$")
RESULT = re.compile(r"^RESULT\s+(\S+)\s+(ok|error)\s+(.+)$")
GAP = timedelta(minutes=1)


class SourceError(ValueError):
    """A source line that cannot be converted; the message names file and line."""


def parse_source(path: Path) -> list[dict[str, Any]]:
    """The conversations of one source file, as dialogue records (gold turn labels resolved)."""
    records: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    gold_lines: list[str] | None = None

    def finish() -> None:
        if cur is None:
            return
        if gold_lines is None:
            raise SourceError(f"{path}: {cur['context_id']} has no GOLD block")
        try:
            gold = json.loads("\n".join(gold_lines))
        except json.JSONDecodeError as exc:
            raise SourceError(f"{path}: {cur['context_id']} GOLD is not JSON: {exc}") from exc
        labels = cur.pop("_labels")
        for key in ("corrections", "relative_times"):
            for item in gold.get(key) or []:
                t = item.get("turn")
                if isinstance(t, str):
                    if t not in labels:
                        raise SourceError(f"{path}: {cur['context_id']} gold {key} names unknown turn {t!r}")
                    item["turn"] = labels[t]
        cur["gold"] = gold
        base = cur.pop("_ts")
        if base:
            t0 = datetime.fromisoformat(base)
            for turn in cur["turns"]:
                turn["ts"] = (t0 + GAP * turn["idx"]).isoformat()
        records.append(cur)

    for no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.rstrip()
        where = f"{path.name}:{no}"
        m = HEADER.match(line)
        if m:
            finish()
            cid, scenario, ts = m.groups()
            lang = cid.split("-")[1] if cid.count("-") >= 2 else ""
            cur = {
                "context_id": cid,
                "source": "freeform",
                "lang": lang,
                "scenario": scenario,
                "turns": [],
                "_labels": {},
                "_ts": ts,
            }
            gold_lines = None
            continue
        if not line.strip() or (line.lstrip().startswith("#") and gold_lines is None):
            continue
        if cur is None:
            raise SourceError(f"{where}: text before the first === header")
        if gold_lines is not None:
            gold_lines.append(line)
            continue
        if line.strip() == "GOLD":
            gold_lines = []
            continue
        idx = len(cur["turns"])
        if m := SPEAKER.match(line):
            who, label, text = m.groups()
            if label:
                if label in cur["_labels"]:
                    raise SourceError(f"{where}: label {label!r} used twice")
                cur["_labels"][label] = idx
            role = "user" if who == "U" else "assistant"
            cur["turns"].append({"idx": idx, "role": role, "text": text.strip()})
        elif m := CALL.match(line):
            call_id, name, args = m.groups()
            try:
                cur["turns"].append(
                    {
                        "idx": idx,
                        "role": "assistant",
                        "text": "",
                        "tool_call": {"call_id": call_id, "name": name, "args": json.loads(args)},
                    }
                )
            except json.JSONDecodeError as exc:
                raise SourceError(f"{where}: CALL args are not JSON: {exc}") from exc
        elif m := RESULT.match(line):
            call_id, status, data = m.groups()
            try:
                cur["turns"].append(
                    {
                        "idx": idx,
                        "role": "tool",
                        "text": "",
                        "tool_result": {"call_id": call_id, "status": status, "data": json.loads(data)},
                    }
                )
            except json.JSONDecodeError as exc:
                raise SourceError(f"{where}: RESULT data is not JSON: {exc}") from exc
        else:
            raise SourceError(f"{where}: not a U:/A:/CALL/RESULT/GOLD line: {line[:60]!r}")
    finish()
    return records


def build(src_dir: Path = HERE / "src", out_dir: Path = HERE, prefix: str = "freeform") -> dict[str, int]:
    """Convert every source file (in name order) and write one JSONL per language; counts per file.

    prefix names the outputs (<prefix>_<lang>.jsonl), so a second set (the held-out one,
    heldout_src/ -> heldout_dialogues_<lang>.jsonl) is built by the same code.
    """
    by_lang: dict[str, list[dict[str, Any]]] = {}
    for path in sorted(src_dir.glob("*.txt")):
        for rec in parse_source(path):
            by_lang.setdefault(rec["lang"], []).append(rec)
    counts = {}
    for lang, recs in sorted(by_lang.items()):
        out = out_dir / f"{prefix}_{lang}.jsonl"
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
        counts[out.name] = len(recs)
    return counts


def _args(argv: list[str]) -> dict[str, Any]:
    """build() keyword arguments from --src DIR and --out-prefix PREFIX (defaults: the free-form set)."""
    opts: dict[str, Any] = {}
    for flag, key in (("--src", "src_dir"), ("--out-prefix", "prefix")):
        if flag in argv:
            value = argv[argv.index(flag) + 1]
            opts[key] = Path(value) if key == "src_dir" else value
    return opts


if __name__ == "__main__":
    try:
        for name, n in build(**_args(sys.argv[1:])).items():
            print(f"{name}: {n} conversations")
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
