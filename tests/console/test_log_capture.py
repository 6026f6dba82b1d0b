"""Expected warnings held out of the log, counted, and the loggers put back afterwards."""

from __future__ import annotations

import logging

import pytest

from console.log_capture import held_warnings
from core.compressor import Compressor
from core.config import Config
from core.models import Message

pytestmark = pytest.mark.unit


class BrokenModel:
    name = "broken"

    def encode(self, texts):
        raise RuntimeError("model files missing")


def test_a_broken_model_s_warnings_are_counted_not_logged(caplog: pytest.LogCaptureFixture) -> None:
    compressor = Compressor(Config(use_embeddings=True), embedder=BrokenModel())
    messages = [
        Message(idx=0, role="user", text="Book a hotel in the north for 3 nights please."),
        Message(idx=1, role="user", text="Actually a flight to Paris on Friday instead."),
    ]
    with caplog.at_level(logging.WARNING), held_warnings(("core",)) as held:
        compressor.compress(messages)  # embeds the user turns ahead, as an ingest does
    assert held.count >= 1 and "embedding ahead failed" in held.kinds  # the real warning of a real run
    assert not caplog.records
    logging.getLogger("core.session").warning("after the block")
    assert [r.getMessage() for r in caplog.records] == ["after the block"]  # propagation is back
    assert held not in logging.getLogger("core").handlers


def test_the_loggers_are_put_back_when_the_block_raises() -> None:
    logger = logging.getLogger("console.some_module")
    parent = logging.getLogger("console")
    with pytest.raises(ValueError), held_warnings(("console",)):
        logger.warning("held")
        raise ValueError("boom")
    assert parent.propagate and not parent.handlers
