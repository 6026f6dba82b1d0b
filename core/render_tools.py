"""Render stage, tool part: one line per tool record, typed, within a token budget.

::

    Completed: t5 place_order(symbol=SYNX, amount=150) -> object {"order_id":12446,"status":"Open"}, at 10:30
    Failed: t7 cancel_order(order_id=1) -> error: Order not found
    Tool results (path=value; newest last):
    t1 get_stock_info(symbol=SYNX) -> object {price=345.67; MA(5)=[500 numbers 200.59..248.49]; ...}
    t3 ls() x2 -> list of 9000: [0].name=a.txt; [1].name=b.txt (summary)
    t6 get_costs(day=1) -> object: costs[0..1]=[400.0, 1000.0]; h.b1={card=12; day=2024-05-21} (summary)

A result is shown in full detail while fresh (the last ``FRESH_RESULTS`` results, as seed 004 asks
of API data), then as its summary: the ids, codes, names, amounts and dates it holds, by path. A
value a later turn named (a promoted fact ``tool@tN.path``) stays on its record's line for good, and
when the record has no line (folded into a repeat, dropped over budget, past the Completed cap) on
the "Named results:" line: a named or operator-corrected value never goes with its record.
Successful write calls are the Completed line (one whose call and result are among the recent raw
turns as ``tN tool -> done, in the recent turns``: the turns show its arguments and result); failed
calls the Failed line, never completed (``tN tool(args) -> done, result in the recent turns`` when
only its short result is a recent turn); the same call repeated with the same arguments is one line
with a count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.corrected_args import mark_corrected_args
from core.models import ActionUnit, ContextState, Fact
from core.render_dedup import contains_words
from core.slot_keys import is_promoted_key, record_turn
from core.tokens import count_tokens
from core.tool_narrow import narrow_records
from core.tool_supersede import mark_superseded_args, said_by_user
from core.tools import args_text, is_id_like

FRESH_RESULTS = 3
TOOLS_HEADER = "Tool results (path=value; newest last):"
MAX_COMPLETED_RECORDS = 12
# a result this short is its whole JSON (core.tools.digest): a recent raw turn shows it in full
SHORT_RESULT_CHARS = 400
_LAST_STEP = re.compile(r'(\.[A-Za-z_]\w*|\["[^"]*"\]|\[\d+\])$')


def promoted_by_record(state: ContextState) -> dict[int, list[Fact]]:
    """The promoted facts (``tool@tN.path``) of each record, by the record's result turn N."""
    out: dict[int, list[Fact]] = {}
    for key, fact in state.facts.items():
        if is_promoted_key(key):
            out.setdefault(record_turn(key), []).append(fact)
    return out


def tool_records(state: ContextState) -> list[ActionUnit]:
    """The records of real tool calls (they have a call id), in call order."""
    return [a for a in state.actions if a.call_id]


def _grouped(records: Sequence[ActionUnit]) -> list[tuple[ActionUnit, list[ActionUnit]]]:
    """Records with the same tool, arguments and outcome folded into one, with the group; the
    newest of a group stands for it (its result is the freshest)."""
    groups: dict[tuple[str, str, str, str], list[ActionUnit]] = {}
    for rec in records:
        key = (rec.tool, args_text(rec.args, 10_000), rec.status, rec.detail)
        groups.setdefault(key, []).append(rec)
    return sorted(((g[-1], g) for g in groups.values()), key=lambda rg: rg[0].idx)


def orphan_line(facts: Sequence[Fact]) -> str:
    """The promoted facts whose record has no line of its own (folded into a repeat, dropped over
    budget, past the Completed cap, or gone): 'Named results: tool@tN.path=value; ...'. A fact a
    turn named or an operator corrected is shown whatever happens to its record."""
    return "Named results: " + "; ".join(f"{f.key}={f.value}" for f in facts) if facts else ""


def _split_path(path: str) -> tuple[str, str]:
    """(parent, last step) of a path: 'a.b[2]' -> ('a.b', '[2]'), 'a.b' -> ('a', 'b'), 'a' -> ('', 'a')."""
    match = _LAST_STEP.search(path)
    if match is None or match.start() == 0:
        return "", path
    step = match.group(0)
    return path[: match.start()], step[1:] if step.startswith(".") else step


def summary_text(summary: dict[str, str]) -> str:
    """A summary's path=value pairs, the runs of siblings written under their parent once:
    ``costs[0]=1.0; costs[1]=2.5`` as ``costs[0..1]=[1.0, 2.5]``, ``h.b901.card=1; h.b901.date=d``
    as ``h.b901={card=1; date=d}`` (the paths stay readable; the parent is not repeated)."""
    runs: list[tuple[str, list[tuple[str, str]]]] = []
    for path, value in summary.items():
        parent, step = _split_path(path)
        if parent and runs and runs[-1][0] == parent:
            runs[-1][1].append((step, value))
        else:
            runs.append((parent, [(step, value)]))
    out = []
    for parent, items in runs:
        index = [int(step[1:-1]) if step[1:-1].isdigit() else -1 for step, _ in items]
        if len(items) < 2 or (min(index) >= 0 and index != list(range(index[0], index[0] + len(index)))):
            out += [f"{parent}{'' if not parent or st.startswith('[') else '.'}{st}={v}" for st, v in items]
        elif min(index) >= 0:  # consecutive list elements
            out.append(f"{parent}[{index[0]}..{index[-1]}]=[{', '.join(v for _, v in items)}]")
        else:
            out.append(f"{parent}={{{'; '.join(f'{step}={value}' for step, value in items)}}}")
    return "; ".join(out)


def args_unsaid(args: dict[str, Any], said: str) -> str:
    """A call's arguments as ``key=value, ...``, those the user's clauses (said) show as written left
    out and named after them: ``slot_id=S-2, mode=video; client, phone: as the user said``. Only a
    text of two words or more, or of eight characters or more, that is no id or code (the call's
    ids stay on its line: the next call passes them), found whole in a clause; all shown when naming
    them would not be shorter."""
    kept: dict[str, Any] = {}
    shown: list[str] = []
    for key, value in args.items():
        text = value.strip() if isinstance(value, str) else ""
        long_enough = " " in text or len(text) >= 8
        if long_enough and not is_id_like(text) and contains_words(said, text):
            shown.append(key)
        else:
            kept[key] = value
    out = args_text(kept)
    short = out + ("; " if out else "") + f"{', '.join(shown)}: as the user said"
    full = args_text(args)
    return short if shown and len(short) < len(full) else full  # never longer than the values


def record_line(
    rec: ActionUnit,
    count: int,
    fresh: bool,
    promoted: Sequence[Fact],
    preview: bool = False,
    shown_raw: bool = False,
    result_shown: bool = False,
    said: str = "",
) -> str:
    """One record: 'tN tool(args) [xK] -> shape detail-or-summary[; named: path=value][, at HH:MM]'.

    preview: a record with nothing addressable to summarise (a list of bare strings) shows its
    short preview instead of its detail (what the budget asks before it drops the record).
    shown_raw: its call and result are among the recent raw turns, which show the arguments and
    the result: the line only says it is done (``tN tool -> done, in the recent turns``).
    result_shown: only its result is a recent raw turn (and short, so shown whole): the line keeps
    the arguments the raw turns no longer show and leaves the result to them.
    said: the user's clauses the context shows (the Must and "User said:" lines): an argument they
    show as written is named, not repeated (args_unsaid)."""
    shown_raw = shown_raw and rec.status == "done"
    args = "" if shown_raw else f"({args_unsaid(rec.args, said)})"
    head = f"t{rec.idx} {rec.tool}{args}" + (f" x{count}" if count > 1 else "")
    if shown_raw:
        body = "done, in the recent turns"
    elif result_shown and rec.status == "done":
        body = "done, result in the recent turns"
    elif rec.status == "pending":
        body = "pending"
    elif rec.status == "failed":
        body = f"error: {rec.error or rec.result_summary}"
    elif preview and not rec.summary and rec.result_summary:
        body = f"{rec.shape}: {rec.result_summary} (preview)"
    elif fresh or not rec.summary:
        body = "ok" if rec.shape in ("none", "") else f"{rec.shape} {rec.detail}"
    else:
        body = f"{rec.shape}: {summary_text(rec.summary)} (summary)"
    # a named value the line already shows (its arguments, a fresh detail or the summary) is not
    # written twice; an operator's correction always is (the line may show the value at another path)
    shown = [f for f in promoted if f.verified_by_user or f.value not in f"{head} {body}"]
    named = [f"{f.key.partition('.')[2]}={f.value}" for f in shown]
    if named:
        body += "; named: " + "; ".join(named)
    when = f", at {rec.ts.strftime('%H:%M')}" if rec.ts else ""
    return f"{head} -> {body}{when}"


def tool_sections(
    state: ContextState, recent_idx: set[int], budget: int, said: str = ""
) -> tuple[list[str], list[str], list[str], list[str]]:
    """(completed, failed, result lines, dropped) for the records, within `budget` tokens.

    A read whose result is among the recent raw turns is left to them; a write always shows on
    the Completed line. Over budget, fresh details give way to summaries, oldest first, then the
    oldest reads with nothing to summarise show their preview, then the oldest reads go (named
    in `dropped`)."""
    promoted = promoted_by_record(state)
    marked = mark_corrected_args(mark_superseded_args(tool_records(state), said_by_user(state)), state)
    records, promoted = narrow_records(marked, promoted)
    results = [r.result_idx for r in records if r.result_idx is not None]
    fresh_from = sorted(results)[-FRESH_RESULTS] if len(results) >= FRESH_RESULTS else -1
    completed, failed, reads = [], [], []
    for rec, group in _grouped(records):
        count = len(group)
        in_recent = rec.result_idx in recent_idx or (rec.result_idx is None and rec.idx in recent_idx)
        # the facts named from any result of the group, under its newest record's line
        mine = [f for r in group for f in promoted.get(r.result_idx if r.result_idx is not None else -1, [])]
        fresh = (rec.result_idx or -1) >= fresh_from
        if rec.status == "failed":
            failed.append((rec, count, fresh and not in_recent, mine))
        elif rec.write and rec.status == "done":
            completed.append((rec, count, fresh and not in_recent, mine))
        elif not in_recent or mine or count > 1:  # a repeat's count is news the raw turns lack
            reads.append((rec, count, fresh and not in_recent, mine))
    owned = {id(f) for group in (completed, failed, reads) for item in group for f in item[3]}
    orphans = [f for facts in promoted.values() for f in facts if id(f) not in owned]
    orphans += [f for item in completed[:-MAX_COMPLETED_RECORDS] for f in item[3]]
    orphans += [f for item in failed[:-3] for f in item[3]]
    completed, failed = completed[-MAX_COMPLETED_RECORDS:], failed[-3:]
    dropped: list[str] = []

    def raw_turns(rec: ActionUnit) -> bool:  # its call and result are both recent raw turns
        return rec.idx in recent_idx and rec.result_idx in recent_idx

    def result_turn(rec: ActionUnit) -> bool:  # its result is a recent raw turn, short enough to show whole
        return rec.result_idx in recent_idx and len(rec.detail) <= SHORT_RESULT_CHARS

    def lines() -> tuple[list[str], list[str], list[str]]:
        orphans.sort(key=lambda f: (record_turn(f.key), f.key))
        return (
            [
                record_line(*c, shown_raw=raw_turns(c[0]), result_shown=result_turn(c[0]), said=said)
                for c in completed
            ],
            [record_line(*f, said=said) for f in failed],
            [line for line in [orphan_line(orphans)] if line] + [record_line(*r, said=said) for r in reads],
        )

    def cost(parts: tuple[list[str], list[str], list[str]]) -> int:
        done, fail, res = parts
        return count_tokens("\n".join([*done, *fail, TOOLS_HEADER if res else "", *res]))

    parts = lines()
    for group in (reads, completed, failed):  # details give way to summaries, oldest first
        for i, item in enumerate(group):
            if cost(parts) <= budget:
                break
            if item[2] and item[0].summary:
                group[i] = (item[0], item[1], False, item[3])
                parts = lines()
    for i, item in enumerate(reads):  # then a read with no summary shows its preview, oldest first
        if cost(parts) <= budget:
            break
        if not item[0].summary and item[0].result_summary:
            reads[i] = (*item[:4], True)
            parts = lines()
    while reads and cost(parts) > budget:  # then the oldest reads go, their named facts stay
        rec, _, _, mine, *_ = reads.pop(0)
        orphans.extend(mine)
        dropped.append(f"t{rec.idx} {rec.tool}")
        parts = lines()
    done, fail, res = parts
    return done, fail, res, dropped
