"""The baseline methods: what each keeps, and that the equal-budget peers stay within budget."""

from __future__ import annotations

import pytest

from bench.methods import ALL_METHODS, build_method, role_lines
from bench.peers import LastNTurns, LlamaIndexBuffer, Oracle, UserVerbatim
from core.tokens import count_tokens
from tests.bench.helpers import conversation

pytestmark = pytest.mark.unit


def test_last_n_keeps_the_last_turns_as_role_lines():
    conv = conversation()
    out = LastNTurns(2).run(conv, None)
    assert out.text == "user: Yes please.\nassistant: Booked, reference AB12CD."
    assert out.tokens == count_tokens(out.text)


def test_user_verbatim_keeps_every_user_turn_and_nothing_else():
    out = UserVerbatim().run(conversation(), None)
    assert out.text.splitlines() == [
        "user: I need a hotel in the north.",
        "user: Three nights, for 2 people.",
        "user: Yes please.",
    ]


def test_oracle_writes_the_gold_final_state():
    assert Oracle().run(conversation(), None).text == "hotel.area: north\nhotel.people: 2"


def test_every_method_name_builds():
    for name in ALL_METHODS:
        assert build_method(name).name == name
    with pytest.raises(ValueError, match="unknown method"):
        build_method("nope")


def test_langchain_trim_keeps_the_last_messages_within_budget_starting_on_a_user_turn():
    pytest.importorskip("langchain_core")
    from bench.peers import LangChainTrim

    conv = conversation()
    method = LangChainTrim()
    method.prepare()
    budget = count_tokens(role_lines(conv.messages[-3:]))  # exactly the last three messages
    out = method.run(conv, budget)
    assert out.tokens <= budget
    assert out.text == role_lines(conv.messages[-2:])  # the 3-message tail starts on an assistant turn
    assert method.run(conv, 10_000).text == role_lines(conv.messages)


def test_llamaindex_buffer_counts_message_contents_with_our_tokenizer():
    pytest.importorskip("llama_index.core")
    conv = conversation()
    method = LlamaIndexBuffer()
    method.prepare()
    assert len(method.tokenize("Three nights, for 2 people.")) == count_tokens("Three nights, for 2 people.")
    contents = " ".join(m.text for m in conv.messages[-2:])
    out = method.run(conv, count_tokens(contents))
    # the buffer keeps the last messages whose contents fit, and never starts on an assistant turn
    assert out.text == role_lines(conv.messages[-2:])
    assert method.run(conv, 10_000).text == role_lines(conv.messages)
