"""ReadCombiner: concurrent gets of different keys share reads; failures reach every caller."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import pytest

from console.service.combine import ReadCombiner


class SlowSquares:
    """read_many that takes a while (so callers pile up) and records each batch it was given."""

    def __init__(self, delay: float = 0.05, fail_on: int | None = None) -> None:
        self.delay, self.fail_on = delay, fail_on
        self.batches: list[list[int]] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self._lock = threading.Lock()

    def __call__(self, keys: Sequence[int]) -> dict[int, int]:
        with self._lock:
            self.in_flight += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)
            self.batches.append(list(keys))
        try:
            time.sleep(self.delay)
            if self.fail_on is not None and self.fail_on in keys:
                raise OSError(f"the file refused the read of {self.fail_on}")
            return {k: k * k for k in keys if k != 13}  # 13 is never returned
        finally:
            with self._lock:
                self.in_flight -= 1


def _get_all(combiner: ReadCombiner, keys: list[int]) -> dict[int, object]:
    results: dict[int, object] = {}
    start = threading.Barrier(len(keys))

    def one(k: int) -> None:
        start.wait()
        try:
            results[k] = combiner.get(k)
        except Exception as exc:
            results[k] = exc

    threads = [threading.Thread(target=one, args=(k,)) for k in keys]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return results


def test_fifty_concurrent_gets_share_a_few_reads_and_each_gets_its_own_value() -> None:
    read = SlowSquares()
    combiner = ReadCombiner(read)
    keys = [k for k in range(51) if k != 13]
    results = _get_all(combiner, keys)
    assert results == {k: k * k for k in keys}
    assert read.most_in_flight == 1  # one read at a time
    assert len(read.batches) <= 3  # the first caller's, then the ones queued meanwhile
    assert sorted(k for batch in read.batches for k in batch) == keys  # each key read once
    assert combiner.reads == len(read.batches)


def test_a_failed_read_fails_every_caller_of_its_batch_and_the_next_read_works() -> None:
    read = SlowSquares(fail_on=7)
    combiner = ReadCombiner(read)
    results = _get_all(combiner, list(range(20)))
    failed = {k for k, v in results.items() if isinstance(v, OSError)}
    assert 7 in failed
    batch_of_7 = next(b for b in read.batches if 7 in b)
    assert failed == set(batch_of_7)  # the whole batch, nobody else
    assert all(results[k] == k * k for k in results if k not in failed)
    read.fail_on = None
    assert combiner.get(7) == 49  # not stuck: read afresh


def test_a_key_the_read_did_not_return_is_a_key_error() -> None:
    combiner = ReadCombiner(SlowSquares(delay=0))
    with pytest.raises(KeyError):
        combiner.get(13)
    assert combiner.get(3) == 9


def test_the_same_key_asked_by_many_callers_at_once_is_read_once_per_read() -> None:
    read = SlowSquares()
    combiner = ReadCombiner(read)
    got: list[int] = []
    threads = [threading.Thread(target=lambda: got.append(combiner.get(4))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert got == [16] * 8
    assert all(batch == [4] for batch in read.batches) and len(read.batches) <= 2
