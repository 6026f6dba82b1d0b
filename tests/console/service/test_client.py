"""The Python client and the README's example against a real server process (rules-only, so the
module starts in seconds): v1 and v2 (signed, Lamport clocks across two workers), the pre-model
hook, and the README's code block run as a script from another directory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from console.client import CompactionClient, CompactionError, StaleClock, pre_model_hook
from data.store import Store
from tests.console.service.server import ROOT, make_key, make_token, running_server

TURNS = [
    {"role": "user", "content": "I need a hotel in the north for 2 people, no smoking please."},
    {"role": "assistant", "content": "Acorn Guest House is in the north. Shall I book it?"},
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    db = tmp_path_factory.mktemp("client") / "console.duckdb"
    token = make_token(db, "readme", "agent")
    key = make_key(db)
    with running_server(db, "--rules-only") as url:
        yield {"url": url, "db": db, "token": token, "key": key}


def readme_example() -> str:
    """The Python block after the README's 'example: service-client' marker."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example: service-client -->\s*```python\n(.*?)```", text, re.S)
    assert found, "README.md lost its service-client example"
    return found.group(1)


def test_the_readme_example_runs_against_a_real_server(server: dict, tmp_path) -> None:
    script = tmp_path / "agent_loop.py"
    script.write_text(readme_example(), encoding="utf-8")
    env = {
        **os.environ,
        "COMPACTION_URL": server["url"],
        "COMPACTION_TOKEN": server["token"],
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines[0].split()[0] in ("raw", "compressed") and "tokens:" in lines[0]
    assert "Italian" in lines[1] or "[USER_GOAL" in lines[1]
    with CompactionClient(server["url"], server["token"]) as client:
        client.session("readme-trip-1")  # waits for the acknowledged turns to be in the file
    stored = Store(server["db"], linger=0).timeline("readme-trip-1")
    assert stored is not None and [m.message.role for m in stored.messages] == [
        "system",
        "user",
        "assistant",
        "user",
    ]  # the last reply is not posted: no next turn came


def test_v2_client_keeps_lamport_clocks_across_two_workers(server: dict) -> None:
    key_id, secret = server["key"]
    a = CompactionClient(server["url"], server["token"], key_id=key_id, secret=secret, session_id="agent-9")
    b = CompactionClient(server["url"], server["token"], key_id=key_id, secret=secret, session_id="agent-9")
    with a, b:
        assert a.post_messages("two-workers", TURNS[:1])["lamport"] == 1
        assert a.post_messages("two-workers", TURNS[1:])["lamport"] == 2
        with pytest.raises(StaleClock) as stale:
            b.post_messages(
                "two-workers", [{"role": "user", "content": "And a taxi at 5pm."}]
            )  # b's clock: 1
        assert stale.value.last == 2
        retried = b.post_messages("two-workers", [{"role": "user", "content": "And a taxi at 5pm."}])
        assert retried["lamport"] == 3 and retried["protocol"] == "v2" and retried["idx"] == [2, 2]
        assert a.session("two-workers")["turns"][-1]["text"] == "And a taxi at 5pm."


def test_v1_client_errors_and_one_shot(server: dict) -> None:
    with CompactionClient(server["url"], server["token"]) as client:
        done = client.post_messages("v1-client", TURNS)
        assert done["protocol"] == "v1" and done["warning"]
        assert client.compress(TURNS)["text"]
        with pytest.raises(CompactionError) as missing:
            client.context("never-posted")
        assert missing.value.status == 404
        with pytest.raises(CompactionError) as refused:
            client.set_breaker("raw", "agents cannot", context_id="v1-client")
        assert refused.value.status == 403
    with CompactionClient(server["url"], "cct_wrong") as stranger, pytest.raises(CompactionError) as unauth:
        stranger.context("v1-client")
    assert unauth.value.status == 401


def test_pre_model_hook_posts_only_new_messages(server: dict) -> None:
    with CompactionClient(server["url"], server["token"]) as client:
        hook = pre_model_hook(client, "hooked")
        state = {"messages": [{"type": "human", "content": "Book a table for 2 at 7pm, no spicy food."}]}
        first = hook(state)["llm_input_messages"]
        state["messages"].append({"type": "ai", "content": [{"type": "text", "text": "Which restaurant?"}]})
        hook(state)
        assert len(first) == 1 and "Book a table for 2" in first[0]["content"]
        assert [t["role"] for t in client.session("hooked")["turns"]] == ["user", "assistant"]


def test_openai_and_anthropic_messages_are_read(server: dict) -> None:
    openai = [
        {"role": "user", "content": "Find a hotel in the north."},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "find_hotel", "arguments": '{"area": "north"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": '{"name": "Acorn Guest House"}'},
    ]
    anthropic = [
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t2", "name": "book", "input": {"nights": 3}}],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "booked, ref XK29"}],
        },
    ]
    with CompactionClient(server["url"], server["token"]) as client:
        assert client.post_messages("formats", openai)["added"] == 3
        assert client.post_messages("formats", anthropic)["added"] == 2
        client.session("formats")  # acknowledged from the journal: this waits for the DuckDB save
    stored = Store(server["db"], linger=0).timeline("formats")
    calls = [m.message.tool_call.name for m in stored.messages if m.message.tool_call]
    assert calls == ["find_hotel", "book"]
    assert [m.message.role for m in stored.messages] == ["user", "assistant", "tool", "assistant", "tool"]
