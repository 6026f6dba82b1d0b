"""Render stage, tool part: a listing the conversation narrowed to the option it took shows that option.

``t2 search_venues(...) -> {"results":[{"id":"V-201",...},{"id":"V-318",...},{"id":"V-344",...}]}``
then ``t8 hold_venue(venue_id=V-318, ...)``: the later call took the option V-318, so the listing's
line shows ``"results":[{"id":"V-318",...},"+2 others"]``. The options not taken were what the
agent chose among; once it chose, their fields only cost tokens, and the one taken keeps all of its.

An option (an object in a list of two or more objects) is taken when a later successful call
passes one of its values that no other option of the list holds (an id, a code, a name of several
words, a Chinese name; never a bare word or a small number) as an argument. A failed call took
nothing. One call may take several options (the items of one order). An option a user or assistant
turn named after that call (a promoted fact ``tool@tN.path`` inside it) is back in play and kept
too. A listing no call took from is shown whole, and so is one that several calls took from, one
item each: a work list (the tickets updated one by one), whose every item is still in play. What a
turn read out of an option left out (its name, its price) goes with it, but its id or code stays on
the record's "named:" list (a later call may still pass it), and so does a value an operator
corrected. The summary a decayed record keeps loses the options left out too. A result echoing an
argument of its call (``check(rx=R1) -> {"rx":"R1",...}``) does not repeat it: the call's line shows it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from core.embed import is_chinese
from core.models import ActionUnit, Fact
from core.tools import dumps, is_id_like

MIN_OPTIONS = 2
# a code of words joined by a hyphen or underscore ("ess-plus", "full_board"): one option's name
_COMPOUND_CODE = re.compile(r"[a-z]{2,}(?:[-_][a-z]{2,})+")


def _step(path: str, key: str) -> str:
    """A child's path in ``core.tools.leaves``' form: 'a.b', 'a["x y"]'."""
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f'{path}["{key}"]'


def _scalars(value: Any) -> Iterator[str]:
    """The text of the strings and whole numbers inside a value (lists and objects walked),
    lowercased, spaces collapsed: what one call's argument or one option's field holds."""
    if isinstance(value, dict):
        for v in value.values():
            yield from _scalars(v)
    elif isinstance(value, list):
        for v in value:
            yield from _scalars(v)
    elif isinstance(value, str):
        yield " ".join(value.split()).lower()
    elif isinstance(value, int) and not isinstance(value, bool):
        yield str(value)


def distinctive(text: str) -> bool:
    """True for a value that names one thing: an id or code, several words, a Chinese name."""
    text = text.strip()
    return len(text) >= 3 and (is_id_like(text) or " " in text or is_chinese(text))


def _passable(text: str) -> bool:
    """True for a value a call may pass to name an option: a distinctive one, or a short code with
    letters and digits ('M3', 'R4'), a compound code ('ESS-PLUS'), or a number of four digits or more
    (never 'yes', '2', 'std')."""
    has_digit = any(c.isdigit() for c in text)
    return distinctive(text) or (len(text) >= 2 and has_digit and any(c.isalpha() for c in text)) or (
        text.isdigit() and len(text) >= 4
    ) or _COMPOUND_CODE.fullmatch(text) is not None


def last_passed(records: Sequence[ActionUnit]) -> dict[str, int]:
    """Each argument value (lowercased) of a successful call -> the turn of the last such call that
    passed it (a failed call took nothing: the agent is still choosing)."""
    out: dict[str, int] = {}
    for rec in records:
        if rec.status != "done":
            continue
        for text in _scalars(rec.args):
            out[text] = max(out.get(text, -1), rec.idx)
    return out


class _Taken(NamedTuple):
    """How an option shows it was taken: the turn of the last later call that passed one of its
    values (-1: none did), and whether a turn after a given one named a value inside it."""

    by_call: Callable[[set[str]], int]
    named_after: Callable[[str, int], bool]


def _narrowed(data: Any, path: str, taken: _Taken, dropped: list[str]) -> Any:
    """data with each list of options cut to the ones taken: those a later call passed a value of,
    and those a turn named after that call; the paths of the options left out go to `dropped`."""
    if isinstance(data, dict):
        return {k: _narrowed(v, _step(path, str(k)), taken, dropped) for k, v in data.items()}
    if not isinstance(data, list):
        return data
    items = [_narrowed(v, f"{path}[{i}]", taken, dropped) for i, v in enumerate(data)]
    if len(data) < MIN_OPTIONS or not all(isinstance(v, dict) for v in data):
        return items
    values = [set(_scalars(v)) for v in data]
    counts: dict[str, int] = {}
    for vals in values:
        for v in vals:
            counts[v] = counts.get(v, 0) + 1
    # what no other option holds
    own = [{v for v in vals if counts[v] == 1 and _passable(v)} for vals in values]
    when = [taken.by_call(vals) for vals in own]
    last = max(when)
    if last < 0 or len({t for t in when if t >= 0}) > 1:
        return items  # no call took one, or several calls took one each: a work list, each item in play
    keep = [i for i in range(len(data)) if when[i] >= 0 or taken.named_after(f"{path}[{i}]", last)]
    if len(keep) == len(data):
        return items
    dropped += [f"{path}[{i}]" for i in range(len(data)) if i not in keep]
    return [items[i] for i in keep] + [f"+{len(data) - len(keep)} others"]


def _unechoed(data: Any, args: Mapping[str, Any]) -> Any:
    """A result object without the top-level fields that repeat an argument of its call: the same
    key and value, or a text of six characters or more that an argument holds whole under another
    key (``confirm(slot=2026-12-11 09:00) -> {"time":"2026-12-11 09:00"}``): the call's line shows
    them. A short value ("ok", 2) under another key may mean another thing, and stays."""
    if not isinstance(data, dict):
        return data
    texts = {v.strip().lower() for v in args.values() if isinstance(v, str)}

    def echoed(key: str, value: Any) -> bool:
        if isinstance(value, (str, int, float)) and key in args and args[key] == value:
            return True
        return isinstance(value, str) and len(value.strip()) >= 6 and value.strip().lower() in texts

    kept = {k: v for k, v in data.items() if not echoed(k, v)}
    return kept if kept else data


def _under(path: str, prefixes: Sequence[str]) -> bool:
    """True when path is one of prefixes or inside one ('a[1].b' is inside 'a[1]')."""
    return any(path == d or path.startswith((d + ".", d + "[")) for d in prefixes)


def narrow_record(
    rec: ActionUnit, passed: Mapping[str, int], named: Sequence[Fact]
) -> tuple[ActionUnit, list[str]]:
    """The record with its result's options cut to those taken after it (see the module docstring)
    and the fields echoing its arguments left out (the record itself when nothing changes), and
    the paths of the options left out.

    passed: last_passed of the session's calls; named: the record's promoted facts."""
    if rec.status != "done" or rec.result_idx is None or not rec.detail.startswith(("{", "[")):
        return rec, []
    try:
        data = json.loads(rec.detail)
    except ValueError:
        return rec, []
    after = rec.result_idx
    named_at = [(f.key.partition(".")[2], f.last_idx) for f in named]

    def by_call(values: set[str]) -> int:
        return max((t for t in (passed.get(v, -1) for v in values) if t > after), default=-1)

    def named_after(prefix: str, turn: int) -> bool:
        return any(last > turn and _under(p, [prefix]) for p, last in named_at)

    dropped: list[str] = []
    shown = _unechoed(_narrowed(data, "", _Taken(by_call, named_after), dropped), rec.args)
    detail = dumps(shown)
    if detail == rec.detail:
        return rec, dropped
    summary = {p: v for p, v in rec.summary.items() if not _under(p, dropped)}
    return rec.model_copy(update={"detail": detail, "summary": summary}), dropped


def _came_with(fact: Fact, dropped: Sequence[str]) -> bool:
    """True for a promoted fact of an option left out that goes with it: a name, a price, a rating a
    turn read out among the options (the call took another one), or a field that only came with
    the option when a turn picked it by another value. Its id or code stays (a later call may still
    pass it), and so does a value an operator corrected."""
    if fact.verified_by_user or is_id_like(fact.value):
        return False
    return _under(fact.key.partition(".")[2], dropped)


def narrow_records(
    records: Sequence[ActionUnit], promoted: Mapping[int, Sequence[Fact]]
) -> tuple[list[ActionUnit], dict[int, list[Fact]]]:
    """Every record narrowed (narrow_record), and the promoted facts by result turn without the
    fields of an option left out that came with it when a turn picked it by another value (the
    evidence's text is empty): what a turn named of an option not taken is still shown.

    promoted: the promoted facts by result turn."""
    passed = last_passed(records)
    out: list[ActionUnit] = []
    facts = {turn: list(fs) for turn, fs in promoted.items()}
    for rec in records:
        if rec.result_idx is None:
            out.append(rec)
            continue
        narrowed, dropped = narrow_record(rec, passed, facts.get(rec.result_idx, ()))
        out.append(narrowed)
        if dropped and rec.result_idx in facts:
            facts[rec.result_idx] = [f for f in facts[rec.result_idx] if not _came_with(f, dropped)]
    return out, facts
