"""Lazy access to jieba: the dictionary is loaded once, on first use, with its logging silenced.

jieba prints to stderr and spends about a second building its prefix dictionary; neither may happen
at import time, so every caller goes through ``tokens()`` which loads it behind a lock.
"""

from __future__ import annotations

import logging
import threading
from functools import lru_cache
from typing import Any

_lock = threading.Lock()
_posseg: Any = None


def _load() -> Any:
    """Import and initialise jieba's POS tokenizer once (thread-safe), silencing its log output."""
    global _posseg
    if _posseg is None:
        with _lock:
            if _posseg is None:
                import jieba
                import jieba.posseg as posseg

                jieba.setLogLevel(logging.WARNING)
                logging.getLogger("jieba").setLevel(logging.WARNING)
                jieba.initialize()
                _posseg = posseg
    return _posseg


@lru_cache(maxsize=8192)
def tokens(text: str) -> tuple[tuple[str, str, int], ...]:
    """jieba POS tokens of text as (word, flag, start offset), dictionary only (no HMM: fast, stable).

    Unknown characters come out one per token; the name chunker joins them, so the HMM's guesses at
    new words are not needed and its POS tags for them are unreliable anyway."""
    posseg = _load()
    out: list[tuple[str, str, int]] = []
    pos = 0
    for pair in posseg.cut(text, HMM=False):
        out.append((pair.word, pair.flag, pos))
        pos += len(pair.word)
    return tuple(out)


def word_freq(word: str) -> int:
    """jieba's dictionary frequency of word (0 when unknown): how common a word is in general text."""
    _load()
    import jieba

    return int(jieba.dt.FREQ.get(word) or 0)


def warm() -> None:
    """Load the dictionary now (for callers that want the one-off cost outside a timed path)."""
    tokens("预热")
