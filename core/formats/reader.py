"""Reading conversation files: JSONL (one record per line, its format detected per line), or one
JSON document: an array of records, an array of messages (one conversation), or one object
(possibly pretty-printed over many lines).

Every reader yields a :class:`Dialogue` per conversation or a :class:`DialogueError` naming the
line (and, inside an array, the element) and the field; a bad record never loses the good ones.

    >>> for item in read_file("traces.jsonl"):
    ...     print(item if isinstance(item, DialogueError) else item.context_id)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core.formats.common import Dialogue, DialogueError, FormatError
from core.formats.record import read_record

_WS = re.compile(r"[ \t\n\r]*")
_BOM = b"\xef\xbb\xbf"


def record_at(obj: Any, line_no: int, where: str = "") -> Dialogue:
    """A decoded record as a Dialogue of that line, or DialogueError naming the line and field."""
    try:
        return read_record(obj, where, line=line_no)
    except FormatError as exc:
        raise DialogueError(line_no, str(exc), exc.path) from exc


def parse_line(line: str, line_no: int) -> Dialogue:
    """One JSONL line as a Dialogue, or DialogueError naming the line and the field."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DialogueError(line_no, f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    except RecursionError as exc:  # the decoder recurses once per level: "[[[[..." exhausts the stack
        raise DialogueError(line_no, "invalid JSON (lists or objects nested too deeply)") from exc
    return record_at(obj, line_no)


def _item(obj: Any, line_no: int, where: str = "") -> Dialogue | DialogueError:
    try:
        return record_at(obj, line_no, where)
    except DialogueError as exc:
        return exc


def read_text(text: str) -> Iterator[Dialogue | DialogueError]:
    """Every conversation of a text (a whole JSON document, else JSONL), in order."""
    text = text.removeprefix("\ufeff")
    whole = whole_document(text)
    if whole is not None:
        yield from whole
        return
    for line_no, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            try:
                yield parse_line(line, line_no)
            except DialogueError as exc:
                yield exc


def whole_document(text: str) -> list[Dialogue | DialogueError] | None:
    """The conversations of a text that is one JSON array or one multi-line object, or None when
    it is not one JSON document (then it is read line by line)."""
    start = _WS.match(text).end()
    if start >= len(text) or text[start] not in "[{":
        return None
    if text[start] == "{":
        first = text[start:].split("\n", 1)[0]
        try:
            json.loads(first)
            return None  # a whole object on the first line: JSONL
        except (json.JSONDecodeError, RecursionError):
            pass
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    line = text.count("\n", 0, start) + 1
    if isinstance(doc, dict):
        return [_item(doc, line)]
    if not doc:
        return [DialogueError(line, "the JSON array is empty")]
    first_item = doc[0]
    if isinstance(first_item, dict) and not {"turns", "messages"} & first_item.keys():
        return [_item(doc, line)]  # an array of messages: one conversation
    return [
        _item(obj, n, f"[{i}]")
        for i, (obj, n) in enumerate(zip(doc, _element_lines(text, start), strict=True))
    ]


def _element_lines(text: str, start: int) -> list[int]:
    """The line each element of the (valid) JSON array starting at ``start`` begins on."""
    decoder = json.JSONDecoder()
    lines, line, seen = [], text.count("\n", 0, start) + 1, start
    pos = start + 1
    while True:
        pos = _WS.match(text, pos).end()
        if text[pos] == "]":
            return lines
        line += text.count("\n", seen, pos)
        seen = pos
        lines.append(line)
        _, pos = decoder.raw_decode(text, pos)
        pos = _WS.match(text, pos).end()
        if text[pos] == ",":
            pos += 1


def read_file(path: str | Path) -> Iterator[Dialogue | DialogueError]:
    """Every conversation of a file, in order. JSONL is streamed line by line (a line that is not
    UTF-8 is named and skipped); a file that is one JSON document is read whole."""
    with open(path, "rb") as fh:
        first = next((raw for raw in fh if raw.strip()), b"")
    if _maybe_whole(first):
        try:
            text = Path(path).read_bytes().decode("utf-8-sig")
        except UnicodeDecodeError:
            text = None
        whole = whole_document(text) if text is not None else None
        if whole is not None:
            yield from whole
            return
    with open(path, "rb") as fh:
        for line_no, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8-sig" if line_no == 1 else "utf-8")
            except UnicodeDecodeError as exc:
                yield DialogueError(line_no, f"invalid UTF-8 at byte {exc.start}")
                continue
            try:
                yield parse_line(text, line_no)
            except DialogueError as exc:
                yield exc


def _maybe_whole(first: bytes) -> bool:
    head = first.removeprefix(_BOM).lstrip()
    if head.startswith(b"["):
        return True
    if not head.startswith(b"{"):
        return False
    try:
        json.loads(head)
    except (ValueError, RecursionError):
        return True  # an object that does not end on its line: maybe pretty-printed
    return False
