"""Tool calls and results as structured records: paths, shapes, digests, write verbs.

A tool result is JSON data, never prose: its values are addressed by path (``flights[2].number``,
``payment_methods.gift_card_7480005.balance``) and summarised by their type and key name, not run
through the English or Chinese entity finder. Everything here is pure and bounded: a 5 MB result
costs a bounded walk (``MAX_LEAVES``), and every rendered digest fits a character budget.

Rules are written for the shape of tool data in general (ids, codes, names, amounts, dates; long
lists of numbers; CRUD verbs in tool names), never for one API's field or tool names.

``leaves``, ``summary_values`` and ``value_index`` each keep their own breadth-first loop: one
shared generator walker, measured on every tool result of the agent traces, made them 16-80%
slower (a generator step per node and paths written twice), and the last two run on every add().
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Iterator
from functools import lru_cache
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
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Za-z][a-z]*|\d+")  # "orderID" -> order, ID


def dumps(data: Any) -> str:
    """Compact JSON of data as received (keys in their order, non-ASCII kept): the raw form."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError, RecursionError):
        return str(data)


class _JsonCache:
    """The compact JSON of the last large results seen, by object: a result is serialised on its
    add (its raw tokens), in every compaction that shows it among the recent turns, and in raw
    mode; a 30 KB listing costs milliseconds each time. An entry holds its result and data, so an
    id is never reused while cached; a result whose data is replaced is serialised anew (data
    changed in place is not seen: results are records of what a tool returned, never edited)."""

    MIN_CHARS = 2_000  # smaller results are cheaper to serialise than to keep
    MAX_CHARS = 16_000_000  # total characters kept

    def __init__(self) -> None:
        self.entries: OrderedDict[int, tuple[Any, Any, str]] = OrderedDict()
        self.chars = 0
        self.lock = threading.Lock()

    def get(self, holder: Any, data: Any) -> str:
        with self.lock:
            hit = self.entries.get(id(holder))
            if hit is not None and hit[0] is holder and hit[1] is data:
                self.entries.move_to_end(id(holder))
                return hit[2]
        raw = dumps(data)
        if len(raw) >= self.MIN_CHARS:
            with self.lock:
                old = self.entries.pop(id(holder), None)
                self.chars -= len(old[2]) if old is not None else 0
                self.entries[id(holder)] = (holder, data, raw)
                self.chars += len(raw)
                while self.chars > self.MAX_CHARS and len(self.entries) > 1:
                    self.chars -= len(self.entries.popitem(last=False)[1][2])
        return raw


_RESULT_JSON = _JsonCache()


def result_json(result: Any) -> str:
    """``dumps(result.data)`` of a tool result (an object with a ``data`` attribute), cached."""
    return _RESULT_JSON.get(result, result.data)


def tool_verb(name: str) -> str:
    """The first word of a tool name, lowercased: 'book_flight' -> 'book', 'getUser' -> 'get'."""
    words = _WORDS.findall(name.split(".")[-1])
    return words[0].lower() if words else name.lower()


def tool_words(name: str) -> set[str]:
    """The lowercased words of a tool or action name: 'book_hotel' and 'book hotel' -> {book, hotel}."""
    return {w.lower() for w in _WORDS.findall(name)}


def is_write_call(name: str) -> bool:
    """True when the tool's name says it changes something (book, order, cancel, update, send, ...),
    or does it again: 're' before such a verb (rebook, resend, reassign) changes things too."""
    verb, writes = tool_verb(name), word_set("tool_write_verbs.txt")
    return verb in writes or (verb.startswith("re") and verb[2:] in writes)


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
    base = path
    while base.endswith("]"):  # list positions name nothing: 'a["MA(5)"][7]' is a["MA(5)"]'s key
        cut = base.rfind("[")
        if cut < 0 or not base[cut + 1 : -1].isdigit():
            break
        base = base[:cut]
    tail = base[base.rfind(".") + 1 :]
    if '"' not in base and tail.isidentifier() and tail.isascii():
        return tail  # the common shape, without a regex (this runs once per leaf of a result)
    return _quoted_last_key(base)


@lru_cache(maxsize=4096)
def _quoted_last_key(path: str) -> str:
    named = re.findall(r'[A-Za-z_][\w]*|"[^"]*"', path)
    return named[-1].strip('"') if named else ""


def key_words(path: str) -> frozenset[str]:
    """The lowercased words of a path's last key: 'flights[2].flightNumber' -> {'flight', 'number'}."""
    return _words_of_key(last_key(path))


@lru_cache(maxsize=8192)
def _words_of_key(key: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORDS.findall(key))


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
    return bool(key_words(path) & word_set("tool_key_words.txt")) or _looks_like_key(str(value))


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


def digest(data: Any, chars: int, raw: str | None = None) -> str:
    """The result written for a model within about `chars` characters: the compact JSON when it
    fits, else its structure with the scalars that fit (``price=345.67; MA(5)=[500 numbers
    200.59..248.49]; stock_list=[AAPL, GOOG, ... +96 more]``). raw: ``dumps(data)`` when the
    caller has it already (a large result is serialised once)."""
    raw = dumps(data) if raw is None else raw
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
        raw = _dumps_within(value, chars)
        return raw if raw is not None else _structure(value, chars)
    return scalar_text(value, max(20, chars))


def _dumps_within(value: Any, chars: int) -> str | None:
    """``dumps(value)`` when it is at most chars long, else None, without serialising a large
    value: a walk that stops once the keys and scalars seen already exceed chars (their text is
    a lower bound of the JSON's length) rules it out first."""
    seen, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            seen += 2 * len(item)
            for k, v in item.items():
                seen += len(str(k))
                stack.append(v)
        elif isinstance(item, list):
            seen += len(item)
            stack.extend(item)
        else:
            seen += len(str(item))
        if seen > chars:
            return None
    raw = dumps(value)
    return raw if len(raw) <= chars else None


def _list_brief(items: list[Any], chars: int) -> str:
    """A list as its first items that fit, with the count left; numbers as a count and range."""
    if not items:
        return "[]"
    if len(items) > 8 and set(map(type, items)) <= {int, float}:  # numbers only (not bool), walked in C
        return f"[{len(items)} numbers {min(items)}..{max(items)}]"
    if len(items) > LONG_LIST and not any(isinstance(x, (dict, list)) for x in items[:LONG_LIST]):
        chars = min(chars, LONG_LIST_CHARS)  # a long listing of bare values: its head and the count
    shown: list[str] = []
    used = 16  # room for the ", ... +N more" that follows a cut list
    share = max(60, chars // min(len(items), 8))
    for x in items:
        if isinstance(x, (dict, list)):
            piece = _dumps_within(x, share) or _structure(x, share)
        else:
            piece = scalar_text(x, share)
        if used + len(piece) > chars and shown:
            break
        shown.append(piece)
        used += len(piece) + 2
    rest = len(items) - len(shown)
    return "[" + ", ".join(shown) + (f", ... +{rest} more" if rest else "") + "]"


def summary_values(data: Any, limit: int = SUMMARY_VALUES) -> dict[str, str]:
    """path -> value of the key leaves a decayed result keeps (ids, codes, names, amounts, dates),
    the first `limit` in breadth-first order (top-level fields first), among the first 2,000 leaves.

    ``leaves`` with ``is_key_leaf``, walked here with each leaf's key at hand and its path written
    only when it is kept: this runs on every tool result an agent adds."""
    out: dict[str, str] = {}
    key_set = word_set("tool_key_words.txt")
    # (parent path or None for the root, key or list position, the key its words come from, value)
    queue: deque[tuple[str | None, str | int, str, Any]] = deque([(None, "", "", data)])
    seen = 0
    while queue and seen < 2000:
        parent, step, key, value = queue.popleft()
        if isinstance(value, dict):
            path = _path_of(parent, step)
            queue.extend((path, str(k), str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            path = _path_of(parent, step)
            queue.extend((path, i, key, v) for i, v in enumerate(value))
        elif value is not None:
            seen += 1
            if _words_of_key(key) & key_set or (type(value) is not float and _looks_like_key(str(value))):
                out[_path_of(parent, step) or "value"] = scalar_text(value, 80)
                if len(out) >= limit:
                    break
    return out


def _path_of(parent: str | None, step: str | int) -> str:
    if parent is None:
        return ""
    return f"{parent}[{step}]" if isinstance(step, int) else _join(parent, step)


def _looks_like_key(text: str) -> bool:
    return bool(_ID_LIKE.match(text) or _DATE_LIKE.match(text))


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
