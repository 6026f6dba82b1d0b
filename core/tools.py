"""Tool calls and results as structured records: paths, shapes, digests, write verbs.

A tool result is JSON data, never prose: its values are addressed by path (``flights[2].number``,
``payment_methods.gift_card_7480005.balance``) and summarised by their type and key name, not run
through the English or Chinese entity finder. Everything here is pure and bounded: a 5 MB result
costs a bounded walk (``MAX_LEAVES``), and every rendered digest fits a character budget.

Rules are written for the shape of tool data in general (ids, codes, names, amounts, dates; long
lists of numbers; CRUD verbs in tool names), never for one API's field or tool names.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterator
from typing import Any

from core.lang.vocab import word_set

MAX_LEAVES = 20_000  # scalar leaves walked in one result (a 9,000-record listing has ~50k)
MAX_VALUE_CHARS = 120  # a leaf longer than this is shown cut in a digest
# a list of more than LONG_LIST bare values (symbols, file names) is a listing, not a record: a digest
# shows its first items within LONG_LIST_CHARS and the count (a value a turn names is promoted anyway)
LONG_LIST = 50
LONG_LIST_CHARS = 300
SUMMARY_VALUES = 10  # leaves a decayed result keeps in its summary (besides referenced ones)

# The English words of tool names and payload keys are data (core/lang/data/tool_*.txt): the first
# word of a tool name that says it changes things, the key words whose values an agent passes on or a
# user asks about (identifiers, codes, names, amounts, dates, states), and the words of a reference key.
_ID_LIKE = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9_\-./:]{2,}$|^\d{4,}$")
_DATE_LIKE = re.compile(r"^\d{4}-\d{2}-\d{2}|^\d{1,2}:\d{2}")
_WORDS = re.compile(r"[A-Za-z][a-z]*|[A-Z]+(?![a-z])|\d+")


def dumps(data: Any) -> str:
    """Compact JSON of data as received (keys in their order, non-ASCII kept): the raw form."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError, RecursionError):
        return str(data)


def tool_verb(name: str) -> str:
    """The first word of a tool name, lowercased: 'book_flight' -> 'book', 'getUser' -> 'get'."""
    words = _WORDS.findall(name.split(".")[-1])
    return words[0].lower() if words else name.lower()


def tool_words(name: str) -> set[str]:
    """The lowercased words of a tool or action name: 'book_hotel' and 'book hotel' -> {book, hotel}."""
    return {w.lower() for w in _WORDS.findall(name)}


def is_write_call(name: str) -> bool:
    """True when the tool's name says it changes something (book, order, cancel, update, send, ...)."""
    return tool_verb(name) in word_set("tool_write_verbs.txt")


def leaves(data: Any, limit: int = MAX_LEAVES) -> Iterator[tuple[str, Any]]:
    """(path, scalar) pairs of a JSON value, breadth first, at most limit of them.

    Paths read like code: ``a.b``, ``items[2].id``; a key that is not a plain identifier is quoted
    (``["MA(5)"]``). Breadth first, so a huge nested list still yields its top-level fields."""
    queue: deque[tuple[str, Any]] = deque([("", data)])
    seen = 0
    while queue and seen < limit:
        path, value = queue.popleft()
        if isinstance(value, dict):
            for k, v in value.items():
                queue.append((_join(path, str(k)), v))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                queue.append((f"{path}[{i}]", v))
        elif value is not None:
            seen += 1
            yield path, value


def _join(path: str, key: str) -> str:
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f'{path}["{key}"]'


def shape_of(data: Any, status: str = "ok") -> str:
    """What a result is, for a model: 'error', 'none', 'object', 'list of N', 'text', 'number', ..."""
    if status == "error":
        return "error"
    if data is None:
        return "none"
    if isinstance(data, dict):
        return "object"
    if isinstance(data, list):
        return f"list of {len(data)}"
    if isinstance(data, bool):
        return "boolean"
    if isinstance(data, (int, float)):
        return "number"
    return "text"


def last_key(path: str) -> str:
    """The last named segment of a path: 'flights[2].flight_number' -> 'flight_number'."""
    named = re.findall(r'[A-Za-z_][\w]*|"[^"]*"', path)
    return named[-1].strip('"') if named else ""


def key_words(path: str) -> set[str]:
    """The lowercased words of a path's last key: 'flights[2].flightNumber' -> {'flight', 'number'}."""
    return {w.lower() for w in _WORDS.findall(last_key(path))}


def is_reference(path: str) -> bool:
    """True when a leaf's key says it identifies something the agent may pass on (an id, a code,
    a reference or confirmation number)."""
    return bool(key_words(path) & word_set("tool_reference_words.txt"))


def is_id_like(text: str) -> bool:
    """True for a value that looks like an identifier: letters with digits, or a long number."""
    return bool(_ID_LIKE.match(text))


def is_key_leaf(path: str, value: Any) -> bool:
    """True for the values a summary keeps: ids, codes, names, amounts, dates, states, by the words
    of their key or the look of the value (letters with digits, a long number, a date or time)."""
    if key_words(path) & word_set("tool_key_words.txt"):
        return True
    text = str(value)
    return bool(_ID_LIKE.match(text) or _DATE_LIKE.match(text))


def scalar_text(value: Any, limit: int = MAX_VALUE_CHARS) -> str:
    """A leaf as a model reads it: strings bare, numbers and booleans as JSON, cut to limit chars."""
    text = value if isinstance(value, str) else json.dumps(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_text(data: Any) -> str:
    """The message of an error result: the 'error'/'message' field of an object, or the text."""
    if isinstance(data, dict):
        for key in ("error", "message", "detail", "reason"):
            if key in data:
                return scalar_text(data[key], 200)
    return scalar_text(dumps(data), 200)


def digest(data: Any, chars: int) -> str:
    """The result written for a model within about `chars` characters: the compact JSON when it
    fits, else its structure with the scalars that fit (``price=345.67; MA(5)=[500 numbers
    200.59..248.49]; stock_list=[AAPL, GOOG, ... +96 more]``)."""
    raw = dumps(data)
    if len(raw) <= chars:
        return raw
    return _structure(data, chars)


def _structure(data: Any, chars: int) -> str:
    if isinstance(data, dict):
        parts: list[str] = []
        used = 0
        items = list(data.items())
        for n, (key, value) in enumerate(items):
            share = max(40, (chars - used - len(str(key)) - 3) // max(1, len(items) - n))
            piece = f"{key}={_value_brief(value, share)}"
            if used + len(piece) > chars and parts:
                parts.append(f"+{len(items) - n} more fields")
                break
            parts.append(piece)
            used += len(piece) + 2
        return "{" + "; ".join(parts) + "}"
    if isinstance(data, list):
        return _list_brief(data, chars)
    return scalar_text(data, chars)


def _value_brief(value: Any, chars: int) -> str:
    if isinstance(value, list):
        return _list_brief(value, chars)
    if isinstance(value, dict):
        raw = dumps(value)
        return raw if len(raw) <= chars else _structure(value, chars)
    return scalar_text(value, max(20, chars))


def _list_brief(items: list[Any], chars: int) -> str:
    """A list as its first items that fit, with the count left; numbers as a count and range."""
    if not items:
        return "[]"
    nums = [x for x in items if isinstance(x, (int, float)) and not isinstance(x, bool)]
    if len(nums) == len(items) and len(items) > 8:
        return f"[{len(items)} numbers {min(nums)}..{max(nums)}]"
    if len(items) > LONG_LIST and not any(isinstance(x, (dict, list)) for x in items[:LONG_LIST]):
        chars = min(chars, LONG_LIST_CHARS)  # a long listing of bare values: its head and the count
    shown: list[str] = []
    used = 16  # room for the ", ... +N more" that follows a cut list
    share = max(60, chars // min(len(items), 8))
    for x in items:
        piece = dumps(x) if isinstance(x, (dict, list)) else scalar_text(x, share)
        if len(piece) > share and isinstance(x, (dict, list)):
            piece = _structure(x, share)
        if used + len(piece) > chars and shown:
            break
        shown.append(piece)
        used += len(piece) + 2
    rest = len(items) - len(shown)
    return "[" + ", ".join(shown) + (f", ... +{rest} more" if rest else "") + "]"


def summary_values(data: Any, limit: int = SUMMARY_VALUES) -> dict[str, str]:
    """path -> value of the key leaves a decayed result keeps (ids, codes, names, amounts, dates),
    the first `limit` in breadth-first order (top-level fields first)."""
    out: dict[str, str] = {}
    for path, value in leaves(data, limit=2000):
        if is_key_leaf(path, value):
            out[path or "value"] = scalar_text(value, 80)
            if len(out) >= limit:
                break
    return out


def value_index(data: Any, limit: int = MAX_LEAVES) -> dict[str, tuple[str, str]]:
    """Lowercased text -> (its path, the text as written), for what a later turn could name: the
    scalar leaves (3+ characters, not a bare boolean) and the keys that are ids themselves
    (``payment_methods.gift_card_7480005``); the first path wins when a text repeats.

    Its own breadth-first walk (not ``leaves``): it sees the keys, and it is on the add() path."""
    out: dict[str, tuple[str, str]] = {}
    queue: deque[tuple[str, Any]] = deque([("", data)])
    seen = 0
    while queue and seen < limit:
        path, value = queue.popleft()
        if isinstance(value, dict):
            for k, v in value.items():
                key = str(k)
                child = _join(path, key)
                if 3 <= len(key) <= MAX_VALUE_CHARS and _ID_LIKE.match(key):
                    out.setdefault(key.lower(), (child, key))
                queue.append((child, v))
        elif isinstance(value, list):
            queue.extend((f"{path}[{i}]", v) for i, v in enumerate(value))
        elif value is not None and not isinstance(value, bool):
            seen += 1
            text = value if isinstance(value, str) else str(value)
            if 3 <= len(text) <= MAX_VALUE_CHARS:
                text = " ".join(text.split()) if not text.isprintable() or "  " in text else text
                out.setdefault(text.lower(), (path or "value", text))
    return out


def args_text(args: dict[str, Any], chars: int = 200) -> str:
    """A call's arguments as ``key=value, ...`` (values compact), cut to about chars."""
    parts = []
    for key, value in args.items():
        shown = dumps(value) if isinstance(value, (dict, list)) else scalar_text(value, 80)
        parts.append(f"{key}={shown}")
    text = ", ".join(parts)
    return text if len(text) <= chars else text[: chars - 1] + "…"
