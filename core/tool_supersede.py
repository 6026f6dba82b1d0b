"""A tool call's argument a later call set anew on the same object is shown as replaced.

``t17 place_order(..., address=A)`` then ``t21 update_address(order_id=X, address=B)`` (X the order
the first call's result named): the first line shows ``address=(was: A)``, the second the current
value, so the old address is never read as current beside the new one. Only scalar arguments of
successful writes are compared, and only when the later call names the same object: one of its
other argument values (4 characters or more) occurs in the earlier call's arguments or result.
A top-level field of an earlier result a later write sets anew is marked the same way:
``t1 get_booking(pnr=X) -> {"flight":"A1",...}`` then ``t9 rebook(pnr=X, flight=B2)`` shows
``"flight":"(was: A1)"`` (the booking's flight is B2 now). A field nested deeper (an option of a
listing) is no field of the object the write names.
A read asked again with one argument changed to a value the user said in between, all its other
arguments the same (``check(vrm=LK19 XOP)``, "sorry, it's LK19 XDP", ``check(vrm=LK19 XDP)``), was
asked of a value the user replaced: its line shows ``vrm=(was: LK19 XOP)``, and a field of its result
that echoes the argument (``"vrm": "LK19 XOP"``) is marked the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from core.embed import is_chinese
from core.lang.cues import any_language
from core.models import ActionUnit, ContextState
from core.tools import args_text

MIN_ID_CHARS = 4  # an argument value short as "1" or "ok" names no object
# a model code inside a longer value ("E7" of "华锐E7", "X8" of "Vireo X8"): the user's shorthand for it
_CODE = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z]{1,3}\d{1,4}[A-Za-z]?(?![A-Za-z0-9_-])")


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float)) and not isinstance(value, bool)


def _record_text(rec: ActionUnit) -> str:
    """What a record says of its object: its arguments and its result (detail and digest)."""
    summary = " ".join(str(v) for v in (rec.summary or {}).values())
    return " ".join([args_text(rec.args, 10_000), rec.detail, rec.result_summary, summary])


def _same_object(earlier: ActionUnit, later: ActionUnit, key: str) -> bool:
    """True when the later call names the earlier call's object by another argument's value."""
    text = _record_text(earlier)
    named = [str(v) for k, v in later.args.items() if k != key and _scalar(v) and len(str(v)) >= MIN_ID_CHARS]
    return any(v in text for v in named)


SaidBetween = Callable[[str, int, int], bool]  # (value, after turn, before turn): the user said it


def _reasked(rec: ActionUnit, later: ActionUnit, said: SaidBetween | None) -> set[str]:
    """The arguments of the read rec that the later read of the same tool asked anew with a value the
    user said between the two, all its other arguments the same (empty when it is another question)."""
    if said is None or rec.write or later.write or later.tool != rec.tool or set(later.args) != set(rec.args):
        return set()
    changed = {k for k, v in rec.args.items() if later.args[k] != v}
    if not changed or not all(_scalar(rec.args[k]) and _scalar(later.args[k]) for k in changed):
        return set()
    return changed if all(said(str(later.args[k]), rec.idx, later.idx) for k in changed) else set()


def mark_superseded_args(records: Sequence[ActionUnit], said: SaidBetween | None = None) -> list[ActionUnit]:
    """The records with each scalar argument a later successful write set anew on the same object,
    or a later read asked anew after the user said its new value (said: core.tool_supersede.said_by_user),
    shown as "(was: old)"; records with nothing set anew are returned as they are."""
    out = []
    for i, rec in enumerate(records):
        done_after = [r for r in records[i + 1 :] if r.status == "done" and r.idx > rec.idx]
        later = [r for r in done_after if r.write]
        reasked = {k for r in done_after for k in _reasked(rec, r, said)} if rec.status == "done" else set()
        marked = dict(rec.args)
        for key, value in rec.args.items():
            if not _scalar(value) or rec.status != "done":
                continue
            anew = [r for r in later if _scalar(r.args.get(key)) and str(r.args[key]) != str(value)]
            if key in reasked or any(_same_object(rec, r, key) for r in anew):
                marked[key] = f"(was: {value})"
        update: dict[str, Any] = {} if marked == rec.args else {"args": marked}
        if rec.status == "done" and later:
            update |= _marked_result(rec, later)
        if reasked:
            update |= _echo_marked(update.get("detail", rec.detail), rec, reasked)
        out.append(rec.model_copy(update=update) if update else rec)
    return out


def _echo_marked(detail: str, rec: ActionUnit, keys: set[str]) -> dict[str, Any]:
    """The detail of a read asked anew with each top-level result field that echoes a re-asked
    argument ("model": "Calder" of check_stock(model=Calder)) shown as "(was: old)"; {} when none."""
    out = detail
    for key, value in _top_fields(detail).items():
        if key in keys and str(value) == str(rec.args.get(key)):
            out = _field_marked(out, key, value)
    return {} if out == detail else {"detail": out}


def _field_marked(detail: str, key: str, value: Any) -> str:
    """detail with the field key's value shown "(was: value)", when the field occurs there once (a
    nested field of the same name is another thing's); detail as it is otherwise."""
    shown = json.dumps(value, ensure_ascii=False)
    field = re.compile(rf'("{re.escape(key)}":\s*){re.escape(shown)}')
    if len(field.findall(detail)) != 1:
        return detail
    was = json.dumps(f"(was: {value})", ensure_ascii=False)
    return field.sub(lambda m: m.group(1) + was, detail)


def _top_fields(detail: str) -> dict[str, Any]:
    """The scalar top-level fields of a result shown as a JSON object (nothing when cut or not one)."""
    try:
        data = json.loads(detail)
    except ValueError:
        return {}
    return {k: v for k, v in data.items() if _scalar(v)} if isinstance(data, dict) else {}


def _marked_result(rec: ActionUnit, later: Sequence[ActionUnit]) -> dict[str, Any]:
    """The record's detail and summary with each top-level result field a later write on the same
    object set anew shown as "(was: old)"; {} when none is. The field is matched in the detail's
    text only when it occurs there once (a nested field of the same name is another thing's)."""
    detail, summary = rec.detail, dict(rec.summary)
    for key, value in _top_fields(rec.detail).items():
        if key in rec.args:
            continue  # an argument echoed back: marked as an argument
        anew = [r for r in later if _scalar(r.args.get(key)) and str(r.args[key]) != str(value)]
        if not any(_same_object(rec, r, key) for r in anew):
            continue
        marked = _field_marked(detail, key, value)
        if marked == detail:
            continue
        detail = marked
        if summary.get(key) == str(value):
            summary[key] = f"(was: {value})"
    if detail == rec.detail:
        return {}
    return {"detail": detail, "summary": summary}


def superseded_arg_values(state: ContextState) -> set[str]:
    """The argument values of the state's tool calls that a later call set anew on the same object
    (what mark_superseded_args shows as "(was: ...)"), long enough to name something (a "2" or an
    "ok" is no value worth marking in the user's words)."""
    records = [a for a in state.actions if a.call_id]
    out: set[str] = set()
    for rec, marked in zip(records, mark_superseded_args(records, said_by_user(state)), strict=True):
        set_anew = [str(v) for k, v in rec.args.items() if marked.args.get(k) != v]
        out |= {v for v in set_anew if _name_length(v) >= MIN_ID_CHARS}
        out |= {c for v in set_anew for c in _CODE.findall(v) if c != v}
    return out


def _name_length(value: str) -> int:
    """The length of value with a Chinese character counted as two: a character is about a word
    ("马大夫" names a doctor as "Dr Ma" does)."""
    return sum(2 if is_chinese(ch) else 1 for ch in value)


def said_by_user(state: ContextState) -> SaidBetween:
    """Whether the user said a value (a fact's current or earlier value, or inside the words it was
    said in, or as a word of a user turn after a tool call: "Let's go for the Norland 9kg") in a turn
    strictly between two others: the evidence a re-asked read needs. A turn that adds a thing ("also
    her atorvastatin, its RX-448121") asks the tool a second question: it is no such evidence."""
    adding = {idx for idx, text in state.user_texts.items() if any_language().adds_task(text)}
    turns = [(idx, text.lower()) for idx, text in state.user_texts.items() if idx not in adding]
    said: list[tuple[int, str]] = []
    for fact in state.facts.values():
        for version in [*fact.history, fact]:
            evidence = version.evidence
            if evidence is not None and evidence.role == "user" and evidence.idx not in adding:
                said.append((evidence.idx, f"{version.value} {evidence.text}".lower()))

    def between(value: str, after: int, before: int) -> bool:
        low = value.strip().lower()
        if not low:
            return False
        word = re.compile(rf"(?<!\w){re.escape(low)}(?!\w)") if low.isascii() else None
        in_turn = any(after < idx < before and (word.search(t) if word else low in t) for idx, t in turns)
        return in_turn or any(after < idx < before and low in text for idx, text in said)

    return between
