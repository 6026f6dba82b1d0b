"""Agents writing at once: threads adding messages through the core's sessions and saving them in
the Store (as an agent middleware persists a turn), while another process reads and corrects
facts in the same file. Nothing is lost or written twice, nobody waits forever, and every fact's
versions are 1..n in order.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from core.compressor import Compressor
from core.config import Config
from core.models import Message
from core.session import Session
from data.records import ContextIngest
from data.store import Store
from tests.console.builders import load_dialogues
from tests.reliability.cases import covers
from tests.reliability.conftest import long_run
from tests.reliability.helpers import ROOT, snapshot

pytestmark = pytest.mark.unit
CONFIG = Config(use_embeddings=False, max_history_tokens_override=400, min_turns=6)
JOIN_TIMEOUT_S = 240  # a thread still running after this is a deadlock


def tagged(text: str, tag: str) -> str:
    return f"{text} [{tag}]"


def middleware_turn(store: Store, session: Session, lock: threading.Lock, message: Message) -> None:
    """What an agent middleware does with a turn: the core takes it, the context is saved.

    The turn and the save of one context are done under that context's lock, so saves of one
    context reach the Store in the order of its turns (a later save never carries an older state)."""
    with lock:
        session.add(message)
        view = session.context()
        state = session.state
        facts = dict(state.facts)
        for archived in state.archive:
            facts.setdefault(archived.key, archived)
        store.save_context(
            ContextIngest(
                context_id=session.context_id,
                source="agent",
                messages=list(session.messages),
                facts=list(facts.values()),
                compactions=[],
                state=state,
                rendered=view.text,
                tokens_context=view.tokens,
            )
        )


@covers("Faults: concurrency", "two threads adding to one session: every message once, numbered in turn")
def test_two_threads_adding_to_one_session_number_every_message_once(numbers):
    session = Compressor(CONFIG).session("shared")
    texts = [m.text for d in load_dialogues() for m in d.messages if m.text]

    def worker(w: int) -> None:
        for n in range(60):
            session.add(
                Message(idx=0, role="user" if n % 2 == 0 else "assistant", text=tagged(texts[n], f"w{w}-{n}"))
            )

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=JOIN_TIMEOUT_S)
    assert not any(t.is_alive() for t in threads)
    assert [m.idx for m in session.messages] == list(range(120))
    assert len(session.parsed) == len(session.units) == 120
    assert [p.message.idx for p in session.parsed] == list(range(120))
    for w in range(2):  # each thread's messages in its own order
        mine = [m.text for m in session.messages if f"[w{w}-" in m.text]
        assert mine == [tagged(texts[n], f"w{w}-{n}") for n in range(60)]
    numbers.add("messages added by two threads to one session", 120)


@covers(
    "Faults: concurrency", "8 threads, 2 on one context, and a correcting process: nothing lost or doubled"
)
def test_threads_and_a_correcting_process_lose_and_double_nothing(tmp_path: Path, seed_bundles, numbers):
    per_thread = 40 if long_run() else 12
    db = tmp_path / "c.duckdb"
    store = Store.open(db, linger=1)
    store.save_contexts(seed_bundles)  # facts for the other process to correct from the start
    texts = [[m for m in d.messages if m.text] for d in load_dialogues()]
    compressor = Compressor(CONFIG)
    sessions = {f"agent-{i}": compressor.session(f"agent-{i}") for i in range(8)}
    sessions["agent-shared"] = compressor.session("agent-shared")
    locks = {cid: threading.Lock() for cid in sessions}
    jobs = [(f"agent-{i}", f"t{i}") for i in range(8)] + [("agent-shared", "s0"), ("agent-shared", "s1")]
    errors: list[BaseException] = []

    def writer(cid: str, tag: str, k: int) -> None:
        try:
            source = texts[k % len(texts)]
            for n in range(per_thread):
                m = source[n % len(source)]
                message = Message(idx=0, role=m.role, text=tagged(m.text, f"{tag}-{n}"), ts=m.ts)
                middleware_turn(store, sessions[cid], locks[cid], message)
        except BaseException as exc:  # the test fails with it below
            errors.append(exc)

    seconds = 30 if long_run() else 12
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.corrections_worker", str(db), str(seconds), "7"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert json.loads(worker.stdout.readline()) == {"started": True}
    started = time.monotonic()
    threads = [threading.Thread(target=writer, args=(cid, tag, k)) for k, (cid, tag) in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=max(1.0, JOIN_TIMEOUT_S - (time.monotonic() - started)))
    assert not any(t.is_alive() for t in threads), "a writer thread is stuck (deadlock?)"
    assert not errors, errors
    out, err = worker.communicate(timeout=JOIN_TIMEOUT_S)
    assert worker.returncode == 0, err[-2000:]
    lines = [json.loads(line) for line in out.splitlines()]
    summary, applied = lines[-1], lines[:-1]
    assert summary["busy"] == 0 and summary["done"] == len(applied) > 0

    # every message is stored once, in its context's order, with nothing from another context
    written = 0
    for cid, session in sessions.items():
        timeline = store.timeline(cid)
        assert timeline is not None
        stored = [(s.message.idx, s.message.text, s.version) for s in timeline.messages]
        assert stored == [(m.idx, m.text, 1) for m in session.messages]
        tags = [t for cid_, t in jobs if cid_ == cid]
        for tag in tags:
            mine = [text for _, text, _ in stored if f"[{tag}-" in text]
            assert [text.rsplit("[", 1)[1] for text in mine] == [f"{tag}-{n}]" for n in range(per_thread)]
        assert len(stored) == per_thread * len(tags)
        written += len(stored)
    # every correction the other process applied is in its fact's history, at the version it got
    for c in applied:
        history = store.fact_history(c["cid"], c["key"])
        assert any(h.version == c["version"] and h.new_value == c["value"] for h in history), c
    # every fact's versions are 1..n, strictly ordered in time; the integrity check agrees
    contexts = [c.context_id for c in store.find_contexts(limit=100).items]
    for cid in contexts:
        for record in store.facts(cid):
            versions = [h.version for h in record.history]
            assert versions == list(range(1, len(versions) + 1)) and record.version == versions[-1]
            times = [h.at for h in record.history]
            assert times == sorted(times)
    after = snapshot(store)
    assert after.problems == ()
    store.close()
    numbers.add("messages written concurrently by 10 threads and found once", written)
    numbers.add("corrections applied by another process meanwhile and found", len(applied))
