"""Extract-stage work on tool turns: one record per call and result, and values a turn refers to.

A call opens a record (tool, arguments, pending); its result, matched by call_id, completes it with
the status, the result's shape, a digest for a model to read while fresh, and the key values it
keeps once decayed. Records of different calls stay apart: ``get_weather(city=北京)`` and
``get_weather(city=上海)`` are two records, never one value replacing another.

A value inside a result that a later user or assistant turn names (the flight the user picked, the
order id the assistant read out) is promoted to a fact keyed ``tool@tN.path`` (N: the result's
turn), pinned, so it outlives the result's decay; the key names the call, so two calls' values
never replace each other. A list element the turn picks by a distinctive value (an id, a phrase:
"the Contract review with Acme", "the Coffee Grinder") is promoted whole, its other fields too
(the event's id, start and attendees): the next call passes those, not the title the turn named.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from core.embed import is_chinese
from core.models import ActionUnit, ContextState, Evidence, FactCandidate, Message, Units
from core.tools import digest as result_digest
from core.tools import (
    error_text,
    is_id_like,
    is_reference,
    is_write_call,
    leaves,
    result_json,
    scalar_text,
    shape_of,
    summary_values,
    value_index,
)

DETAIL_CHARS = 2000  # the digest a fresh result is rendered with (about 500 tokens)
_TOKEN = re.compile(r"[\w][\w.\-@/:+]*")
_ELEMENT = re.compile(r"^(.*\[\d+\])")  # a path's innermost list element: 'events[20]' of 'events[20].title'
_STEP = re.compile(r'\.?([A-Za-z_]\w*)|\["([^"]*)"\]|\[(\d+)\]')
PICKED_ELEMENTS = 3  # list elements one turn promotes whole
ELEMENT_FIELDS = 8  # fields of a picked element promoted besides the named one


class IndexedValue(NamedTuple):
    """Where a value of a tool result lives: the result's turn, its tool and the path inside it.

    A tuple, not a model: a 9,000-record result indexes tens of thousands of them on the add() path."""

    result_idx: int
    tool: str
    path: str
    value: str
    named: bool = True  # False: a field of an element the turn picked by another of its values


class ToolIndex:
    """The values of a session's tool results by their lowercased text, newest result first to
    win, bounded (MAX_INDEXED): what a later turn's words are looked up in. One-word values are
    found by a dictionary look-up of the turn's words; values of several words (or Chinese) by a
    substring test, so a look-up costs the turn's length, not the index's."""

    MAX_INDEXED = 50_000
    MAX_RESULTS = 32  # results whose data is kept (by reference) to promote a picked element

    def __init__(self) -> None:
        self.words: dict[str, IndexedValue] = {}
        self.phrases: dict[str, IndexedValue] = {}
        self.results: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self.words) + len(self.phrases)

    def add_result(self, message: Message, tool: str) -> None:
        """Index a successful result's values (3+ characters); an error result names nothing."""
        res = message.tool_result
        if res is None or res.status == "error":
            return
        for low, (path, text) in value_index(res.data).items():
            where = IndexedValue(message.idx, tool, path, text)
            table = self.phrases if (" " in low or (not low.isascii() and is_chinese(low))) else self.words
            table.pop(low, None)  # re-inserted: the newest result's path wins and is evicted last
            table[low] = where
        for table in (self.words, self.phrases):
            while len(table) > self.MAX_INDEXED:
                del table[next(iter(table))]
        self.results[message.idx] = res.data
        while len(self.results) > self.MAX_RESULTS:
            del self.results[next(iter(self.results))]

    def referenced(self, text: str) -> list[IndexedValue]:
        """The indexed values a user or assistant turn names, as whole words (or, for phrases and
        Chinese, as a substring), longest first so 'gift_card_7480005' ranks above '7480005'."""
        if not text or not len(self):
            return []
        low = text.lower()
        hits = {t: self.words[t] for t in (w.rstrip(".:-/") for w in _TOKEN.findall(low)) if t in self.words}
        hits |= {p: where for p, where in self.phrases.items() if p in low}
        return sorted(hits.values(), key=lambda h: -len(h.value))

    def picked_elements(self, hits: list[IndexedValue]) -> list[IndexedValue]:
        """The other fields of the list elements the hits pick: a hit names an element when its value
        is distinctive (id-like, several words, Chinese), not a common word ("Zoom", "blue") that
        many elements share. At most PICKED_ELEMENTS elements, ELEMENT_FIELDS fields each."""
        out: list[IndexedValue] = []
        named = {(h.result_idx, h.path) for h in hits}
        picked: set[tuple[int, str]] = set()
        for hit in hits:
            m = _ELEMENT.match(hit.path)
            distinctive = is_id_like(hit.value) or " " in hit.value.strip() or is_chinese(hit.value)
            if m is None or not distinctive or (hit.result_idx, m.group(1)) in picked:
                continue
            element = _at_path(self.results.get(hit.result_idx), m.group(1))
            if not isinstance(element, (dict, list)):
                continue
            picked.add((hit.result_idx, m.group(1)))
            fields = 0
            for sub, value in leaves(element, limit=4 * ELEMENT_FIELDS):
                path = m.group(1) + (sub if sub.startswith("[") else "." + sub)
                if isinstance(value, bool) or (hit.result_idx, path) in named:
                    continue
                out.append(
                    IndexedValue(
                        result_idx=hit.result_idx,
                        tool=hit.tool,
                        path=path,
                        value=scalar_text(value, 80),
                        named=False,
                    )
                )
                fields += 1
                if fields >= ELEMENT_FIELDS:
                    break
            if len(picked) >= PICKED_ELEMENTS:
                break
        return out


def _at_path(data: Any, path: str) -> Any:
    """The value at a path of ``leaves``' form ('events[20]', 'a["x y"][3]'), or None."""
    for name, quoted, index in _STEP.findall(path):
        if index:
            data = data[int(index)] if isinstance(data, list) and int(index) < len(data) else None
        else:
            data = data.get(name or quoted) if isinstance(data, dict) else None
        if data is None:
            return None
    return data


class CallRecord(NamedTuple):
    """The pending record a tool call opens, and whether it repeats a finished call."""

    record: ActionUnit
    repeated: bool


def call_record(message: Message, state: ContextState) -> CallRecord:
    """The pending record a tool call opens, and whether the same call (tool and arguments) was
    already made and finished (a repeat the trigger watches for)."""
    call = message.tool_call
    assert call is not None
    repeated = any(a.tool == call.name and a.args == call.args and a.status == "done" for a in state.actions)
    record = ActionUnit(
        tool=call.name,
        args=dict(call.args),
        idx=message.idx,
        ts=message.ts,
        status="pending",
        call_id=call.call_id,
        write=is_write_call(call.name),
    )
    return CallRecord(record, repeated)


def result_record(message: Message, state: ContextState) -> ActionUnit:
    """The record a tool result completes (merged into its call's by call_id): status, shape,
    digest, the key values of its summary and, for a failed call, the error."""
    res = message.tool_result
    assert res is not None
    call = next((a for a in state.actions if a.call_id == res.call_id and a.call_id), None)
    tool = call.tool if call is not None else "result"
    failed = res.status == "error"
    summary = summary_values(res.data)
    raw = result_json(res)
    ref = next((v for p, v in summary.items() if is_reference(p)), None)
    return ActionUnit(
        tool=tool,
        args=dict(call.args) if call is not None else {},
        idx=call.idx if call is not None else message.idx,
        ts=message.ts or (call.ts if call is not None else None),
        status="failed" if failed else "done",
        call_id=res.call_id,
        result_idx=message.idx,
        result_type=_result_type(res.data, failed),
        result_summary=scalar_text(result_digest(res.data, 160, raw), 160),
        shape=shape_of(res.data, res.status),
        detail=result_digest(res.data, DETAIL_CHARS, raw),
        summary=summary,
        error=error_text(res.data) if failed else "",
        ref=ref,
        write=call.write if call is not None else False,
    )


def _result_type(data: object, failed: bool) -> str:
    if failed:
        return "error"
    if isinstance(data, list):
        return "list"
    if isinstance(data, dict):
        return "record"
    if data is None:
        return "none"
    return "text" if isinstance(data, str) else "ok"


def promoted_facts(hits: list[IndexedValue], idx: int, role: str) -> list[FactCandidate]:
    """Pinned facts for the result values a turn named, keyed by the call (``tool@tN.path``); the
    evidence's text is the value the turn named, empty for a field that came with a picked element."""
    out = []
    for hit in hits:
        key = f"{hit.tool}@t{hit.result_idx}.{hit.path}"
        said = hit.value if hit.named else ""
        where = Evidence(idx=hit.result_idx, role="tool", how="returned", text=said, path=hit.path)
        out.append(
            FactCandidate(
                key=key,
                value=hit.value,
                norm=hit.value.lower(),
                strength="strong",
                kind="tool_data",
                source_idx=idx,
                role="tool",
                pinned=True,
                evidence=where,
            )
        )
    return out


def tool_turn(msg: Message, state: ContextState, units: Units) -> None:
    """The extract stage's units of a tool turn: a call opens its record, a result completes it
    (merge joins them by call_id), with the events the trigger watches (repeat, failure, milestone)."""
    if msg.tool_call is not None:
        record, repeated = call_record(msg, state)
        units.actions.append(record)
        if repeated:
            units.events.append("repeated_action")
    if msg.tool_result is not None:
        record = result_record(msg, state)
        units.actions.append(record)
        if record.ref:
            units.artifacts.append(record.ref)
        if record.status == "failed":
            units.events.append("tool_failure")
        elif record.write:
            units.events.append("milestone")
