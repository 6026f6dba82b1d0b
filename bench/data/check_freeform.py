"""Validate the free-form evaluation set, print its statistics, and (with --score) a baseline.

    /work/main/.venv/bin/python bench/data/check_freeform.py            # validate + statistics
    /work/main/.venv/bin/python bench/data/check_freeform.py --score    # also score the core
    /work/main/.venv/bin/python bench/data/check_freeform.py --heldout [--score]   # the held-out set
    /work/main/.venv/bin/python bench/data/check_freeform.py --heldoutN   # held-out set N, 2-36
    /work/main/.venv/bin/python bench/data/check_freeform.py --files A.jsonl B.jsonl [--score]

--heldout checks the frozen held-out set (heldout_dialogues_<lang>.jsonl, built from heldout_src/
with build_freeform.py --src bench/data/heldout_src --out-prefix heldout_dialogues): its own
scenarios, no seed sentences. --heldoutN does the same for held-out set N (heldoutN_src/ ->
heldoutN_dialogues_<lang>.jsonl; heldout_sets.HELDOUT_SETS); --files given exactly one of those
pairs uses its scenarios too.
--files checks any files of the same format the same way.

Checks, per line: it parses with the project's reader (core.formats.parse_line); 12-40
turns; each tool result answers an earlier call (call ids unique); 5-15 final_state slots named
domain.slot; every final_state, corrections and
must_not_replace value occurs literally (case-insensitive) in the transcript (turn texts, tool
args, tool results); a correction's new value is the slot's final value, its turn is a user turn,
its old value was said before it (and not repeated in it) and is no whole token of
another slot's current value;
must_not_replace values are current (inside a final value);
relative_times name a user turn with a ts whose text holds the words; context ids are unique; each
of SEED_SENTENCES (the seed notes' example sentences) occurs in some conversation.

The scorer feeds each conversation (tool turns included) to a core Session, forces one compaction
at the end and reads session.context().text: final-state retention counted outside "(was: ...)"
markers, false supersession (a must_not_replace value shown only inside a "(was: ...)" marker, or
a final value of a never-corrected slot shown only so), corrections handled (the benchmark's rule:
new value present, old never shown unmarked), and token reduction against the raw history as
'role: text' lines with tool calls and results as compact JSON (cl100k).
"""

from __future__ import annotations

import json
import re
import statistics
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.data.heldout_sets import (  # noqa: E402
    HELDOUT_SCENARIOS,
    HELDOUT_SETS,
)
from core.formats import DialogueError, parse_line  # noqa: E402

HERE = Path(__file__).resolve().parent
FILES = (HERE / "freeform_en.jsonl", HERE / "freeform_zh.jsonl")
SCENARIOS = (
    "insurance_parents",
    "credit_card",
    "medical_appointment",
    "food_delivery",
    "weather_travel",
    "logistics",
    "software",
)
SEEDS = ROOT.parent / "shared" / "seeds"  # ../shared/seeds of a worktree (checked when present)
# Example sentences of the project's seed notes (../shared/seeds/*.txt) that the set must contain.
SEED_SENTENCES = (
    "不要香菜、过敏源标注必须醒目",
    "父母是否已投保",
    "推荐三款覆盖高血压的百万医疗险",
    "预算5000元",
    "孩子3岁",
    "过敏源：花生",
    "我不想要年费高的卡，最好免年费",
    "首年免年费，次年收300元",
    "下周三下午3点做核磁",
    "货物需恒温运输",
    "帮我查下昨天北京的天气",
    "那上海呢",
    "对比下两地温差",
    "把刚才三个城市的气温做成表格发我",
    "改成柱状图",
    "查下北京和上海今天天气要带湿度的",
    "所有输出必须用中文",
    "不要调用某外部接口",
    "用户要求使用批量模式",
    "取消批量模式",
    "必须用异步方式",
    "不要电话回访",
    "取消订单并退款到原支付渠道",
    "帮我看看这个单子，血糖是不是偏高？",
    "空腹血糖8.2mmol/L",
    "地中海贫血",
    "年化收益4.5%",
    "起投金额1万",
    "iPhone15价格",
    "我要基础版",
    "增值服务不用了",
    "一直用简体",
    "理赔快吗",
    "要求人工介入",
    "差不多就行",
    "context window exceeded",
    "error running remote compact task",
    "青霉素",
    "头孢",
    "哮喘",
    "糖尿病",
)
SLOT = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
WAS = re.compile(r"\(was: [^()]*(?:\([^()]*\)[^()]*)*\)")


def transcript(rec: dict[str, Any]) -> str:
    """Turn texts, tool args and tool results, one per line (where gold values must occur)."""
    parts = []
    for t in rec["turns"]:
        parts.append(t.get("text") or "")
        for key in ("tool_call", "tool_result"):
            if t.get(key):
                parts.append(json.dumps(t[key], ensure_ascii=False))
    return "\n".join(parts)


def check_record(rec: dict[str, Any], where: str, scenarios: tuple[str, ...] = SCENARIOS) -> list[str]:
    """The problems of one conversation record (empty when it is good)."""
    errs: list[str] = []
    turns, gold = rec.get("turns") or [], rec.get("gold") or {}
    text = transcript(rec).lower()
    if not 12 <= len(turns) <= 40:
        errs.append(f"{len(turns)} turns (need 12-40)")
    if rec.get("scenario") not in scenarios:
        errs.append(f"scenario {rec.get('scenario')!r} not one of {scenarios}")
    calls: set[str] = set()
    for t in turns:
        if t.get("tool_call"):
            cid = t["tool_call"].get("call_id")
            if cid in calls:
                errs.append(f"turn {t['idx']}: call_id {cid!r} used twice")
            calls.add(cid)
        if t.get("tool_result") and t["tool_result"].get("call_id") not in calls:
            errs.append(
                f"turn {t['idx']}: result for call_id {t['tool_result'].get('call_id')!r} before any call"
            )
    state = gold.get("final_state") or {}
    if not 5 <= len(state) <= 15:
        errs.append(f"{len(state)} final_state slots (need 5-15)")
    for slot, value in state.items():
        if not SLOT.match(slot):
            errs.append(f"slot {slot!r} is not domain.slot in lower_snake case")
        if not str(value).strip() or str(value).lower() not in text:
            errs.append(f"final_state {slot}={value!r} not in the transcript")
    for c in gold.get("corrections") or []:
        slot, old, new, turn = c.get("slot"), str(c.get("old", "")), str(c.get("new", "")), c.get("turn")
        for v in (old, new):
            if not v.strip() or v.lower() not in text:
                errs.append(f"correction {slot} value {v!r} not in the transcript")
        clash = [k for k, v in state.items() if k != slot and old.strip() and _has_token(str(v), old)]
        if clash:
            errs.append(
                f"correction {slot} old {old!r} is still current in {clash}: it cannot be scored as replaced"
            )
        if state.get(slot) != new:
            errs.append(f"correction {slot} new {new!r} != final_state {state.get(slot)!r}")
        if not isinstance(turn, int) or not 0 <= turn < len(turns) or turns[turn]["role"] != "user":
            errs.append(f"correction {slot} turn {turn!r} is not a user turn")
        elif old.lower() not in transcript({"turns": turns[:turn]}).lower():
            errs.append(f"correction {slot} old {old!r} not said before turn {turn}")
        elif _has_token(turns[turn]["text"], old):
            errs.append(f"correction {slot} old {old!r} is repeated in the correction turn {turn}")
        elif new.lower() not in transcript({"turns": turns[_offer_start(turns, turn) : turn + 1]}).lower():
            errs.append(
                f"correction {slot} new {new!r} neither in turn {turn} nor in the offer just before it"
            )
    finals = [str(v).lower() for v in state.values()]
    for v in gold.get("must_not_replace") or []:
        if str(v).lower() not in text:
            errs.append(f"must_not_replace {v!r} not in the transcript")
        if not any(str(v).lower() in f for f in finals):
            errs.append(f"must_not_replace {v!r} is not (part of) a current final_state value")
    for r in gold.get("relative_times") or []:
        turn = r.get("turn")
        if not isinstance(turn, int) or not 0 <= turn < len(turns) or turns[turn]["role"] != "user":
            errs.append(f"relative_time {r.get('text')!r}: turn {turn!r} is not a user turn")
            continue
        if str(r.get("text", "")).lower() not in turns[turn]["text"].lower():
            errs.append(f"relative_time {r.get('text')!r} not in turn {turn}")
        if not turns[turn].get("ts"):
            errs.append(f"relative_time {r.get('text')!r}: turn {turn} has no ts")
        try:
            datetime.fromisoformat(str(r.get("value")))
        except ValueError:
            errs.append(f"relative_time {r.get('text')!r}: value {r.get('value')!r} is not ISO")
    return [f"{where} ({rec.get('context_id')}): {e}" for e in errs]


def _has_token(text: str, value: str) -> bool:
    """value occurs in text as a whole token, as the benchmark seeks an old value ("2" is not in "20th")."""
    pattern = re.escape(value.lower())
    if value[:1].isascii() and value[:1].isalnum():
        pattern = r"(?<![0-9a-z])" + pattern
    if value[-1:].isascii() and value[-1:].isalnum():
        pattern += r"(?![0-9a-z])"
    return re.search(pattern, text.lower()) is not None


def _offer_start(turns: list[dict[str, Any]], turn: int) -> int:
    """Where the assistant's offer a user turn answers begins: the non-user turns right before it."""
    i = turn
    while i > 0 and turns[i - 1]["role"] != "user":
        i -= 1
    return i


def load(
    files: tuple[Path, ...] = FILES, scenarios: tuple[str, ...] = SCENARIOS
) -> tuple[list[dict[str, Any]], list[str]]:
    """All records of the files and every problem found (parse errors, bad gold, duplicate ids)."""
    recs, errs, seen = [], [], {}
    for path in files:
        lang = path.stem.rsplit("_", 1)[-1]
        if not path.exists():
            errs.append(f"{path.name}: missing (run bench/data/build_freeform.py)")
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            where = f"{path.name}:{no}"
            try:
                parse_line(line, no)
            except DialogueError as exc:
                errs.append(f"{path.name}: {exc}")
                continue
            rec = json.loads(line)
            if rec.get("lang") != lang:
                errs.append(f"{where}: lang {rec.get('lang')!r} in the {lang} file")
            cid = rec.get("context_id")
            if cid in seen:
                errs.append(f"{where}: context_id {cid!r} also at {seen[cid]}")
            seen[cid] = where
            errs.extend(check_record(rec, where, scenarios))
            recs.append(rec)
    return recs, errs


def check_seed_sentences(recs: list[dict[str, Any]], seeds_dir: Path = SEEDS) -> list[str]:
    """Each seed sentence occurs in some conversation and (when the seed notes are here) in a seed note."""
    every = "\n".join(transcript(r) for r in recs)
    seeds = "\n".join(p.read_text(encoding="utf-8") for p in sorted(seeds_dir.glob("*.txt")))
    errs = [f"seed sentence {x!r} is in no conversation" for x in SEED_SENTENCES if x not in every]
    if seeds:
        errs += [
            f"seed sentence {x!r} is in no seed note of {seeds_dir}" for x in SEED_SENTENCES if x not in seeds
        ]
    return errs


def stats(recs: list[dict[str, Any]], scenarios: tuple[str, ...] = SCENARIOS) -> str:
    """The set's statistics as markdown (copied into README.md)."""
    out = []
    langs = sorted({r["lang"] for r in recs})
    out.append("| metric | " + " | ".join(langs) + " | all |")
    out.append("|---" * (len(langs) + 2) + "|")

    def row(name: str, fn) -> None:
        out.append(
            f"| {name} | "
            + " | ".join(fn([r for r in recs if r["lang"] == lg]) for lg in langs)
            + f" | {fn(recs)} |"
        )

    def turns(rs):
        n = [len(r["turns"]) for r in rs]
        return f"{statistics.median(n):g} / {min(n)} / {max(n)}"

    def chars(rs):
        return f"{statistics.median(len(transcript(r)) for r in rs):g}"

    def with_corr(rs):
        total = sum(len(r["gold"].get("corrections") or []) for r in rs)
        return f"{total} ({sum(1 for r in rs if r['gold'].get('corrections'))})"

    row("conversations", lambda rs: str(len(rs)))
    row("turns, median / min / max", turns)
    row("characters per conversation, median", chars)
    row("user turns, total", lambda rs: str(sum(t["role"] == "user" for r in rs for t in r["turns"])))
    row("tool calls, total", lambda rs: str(sum(bool(t.get("tool_call")) for r in rs for t in r["turns"])))
    row(
        "final_state slots, total / mean",
        lambda rs: (
            f"{sum(len(r['gold']['final_state']) for r in rs)} / "
            f"{statistics.mean(len(r['gold']['final_state']) for r in rs):.1f}"
        ),
    )
    row("corrections, total (conversations with >= 1)", with_corr)
    row(
        "must_not_replace values, total",
        lambda rs: str(sum(len(r["gold"].get("must_not_replace") or []) for r in rs)),
    )
    row("relative_times, total", lambda rs: str(sum(len(r["gold"].get("relative_times") or []) for r in rs)))
    out.append("")
    out.append("| scenario | " + " | ".join(langs) + " |")
    out.append("|---" * (len(langs) + 1) + "|")
    cnt = Counter((r["scenario"], r["lang"]) for r in recs)
    for sc in scenarios:
        out.append(f"| {sc} | " + " | ".join(str(cnt[(sc, lg)]) for lg in langs) + " |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    """Validate, print statistics, optionally score; exit 1 when any check fails."""
    files, scenarios = FILES, SCENARIOS
    for option, (set_files, set_scenarios) in HELDOUT_SETS.items():
        if option in argv:
            files, scenarios = set_files, set_scenarios
    if "--files" in argv:
        rest = argv[argv.index("--files") + 1 :]
        end = next((i for i, a in enumerate(rest) if a.startswith("--")), len(rest))
        files = tuple(Path(a) for a in rest[:end])
        scenarios = SCENARIOS + HELDOUT_SCENARIOS
        given = {p.resolve() for p in files}
        for set_files, set_scenarios in list(HELDOUT_SETS.values())[1:]:
            if files and given <= set(set_files):
                scenarios = set_scenarios
    recs, errs = load(files, scenarios)
    if files == FILES:
        errs += check_seed_sentences(recs)
    for e in errs:
        print("FAIL", e)
    print(stats(recs, scenarios))
    if errs:
        print(f"\n{len(errs)} problem(s)")
        return 1
    print(f"\nOK: {len(recs)} conversations pass every check")
    if "--score" in argv:
        sys.path.insert(0, str(HERE))
        from score_freeform import score_all

        print(score_all(recs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
