"""Open vocabularies as data: the word lists and keyword tables of core/lang/data/, read once per
file (functools.cache) when the analyzer that needs them is first made, never at ``import core``.

Formats (UTF-8; ``#`` starts a comment line, blank lines are skipped):
- ``.txt``: one entry per line (an entry may hold spaces: "new york");
- ``.tsv``: ``entry<TAB>value`` per line (a word and its slot, domain or tags);
- ``.toml``: ordered tables (``[[strong]] domain = ... pattern = ...``).
core/lang/data/README.md gives each file's source; tests/core/lang/test_vocab.py rejects duplicates.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any


class VocabularyError(ValueError):
    """A data file of core/lang/data is missing or malformed (the message names file and line)."""


def _text(name: str) -> str:
    try:
        return files("core.lang").joinpath("data", name).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise VocabularyError(f"core/lang/data/{name}: no such vocabulary file") from exc


@cache
def entries(name: str) -> tuple[str, ...]:
    """The entries of a .txt list, in file order."""
    return tuple(
        line.strip() for line in _text(name).splitlines() if line.strip() and not line.startswith("#")
    )


@cache
def word_set(name: str) -> frozenset[str]:
    """The entries of a .txt list as a set."""
    return frozenset(entries(name))


@cache
def by_length(name: str) -> tuple[str, ...]:
    """The entries of a .txt list, longest first (so a suffix match prefers 大酒店 to 酒店)."""
    return tuple(sorted(set(entries(name)), key=lambda w: (-len(w), w)))


@cache
def pairs(name: str) -> tuple[tuple[str, str], ...]:
    """The (entry, value) rows of a .tsv table, in file order."""
    out = []
    for n, line in enumerate(_text(name).splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        entry, sep, value = line.partition("\t")
        if not sep or not entry.strip() or not value.strip():
            raise VocabularyError(f"core/lang/data/{name}:{n}: expected 'entry<TAB>value', got {line!r}")
        out.append((entry.strip(), value.strip()))
    return tuple(out)


def tagged(name: str, tag: str) -> frozenset[str]:
    """The entries of a .tsv table whose comma-separated tags include tag."""
    return frozenset(entry for entry, tags in pairs(name) if tag in tags.split(","))


@cache
def table(name: str) -> dict[str, Any]:
    """A .toml table."""
    try:
        return tomllib.loads(_text(name))
    except tomllib.TOMLDecodeError as exc:
        raise VocabularyError(f"core/lang/data/{name}: {exc}") from exc
