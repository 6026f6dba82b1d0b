"""The parse stage: a message cut into atoms with kind, entities, negation, strength, domain and
action; tool calls and results as one atom each (never read as prose), attachments labelled."""

from __future__ import annotations

import pytest

from core.models import Attachment, Entity, Message, ToolCall, ToolResult
from core.parse import MAX_CLAUSE_CHARS, detect_lang, parse_message, strength_of

pytestmark = pytest.mark.unit


def _msg(role: str, text: str = "", **fields: object) -> Message:
    return Message(idx=3, role=role, text=text, **fields)


def _entity(etype: str, text: str) -> Entity:
    return Entity(type=etype, text=text, value=text.lower())


def test_language_is_read_from_the_script() -> None:
    assert detect_lang("我想订一家北京的酒店") == "zh"
    assert detect_lang("Book a table for two") == "en"
    assert parse_message(_msg("user", "我想订一家北京的酒店")).lang == "zh"


@pytest.mark.parametrize(
    "entities, negated, pinned, expected",
    [
        ([_entity("money", "300 EUR")], False, False, "strong"),
        ([_entity("time", "7pm")], False, False, "strong"),
        ([_entity("place", "Cambridge")], False, False, "medium"),
        ([_entity("place", "Cambridge"), _entity("date", "Friday")], False, False, "strong"),
        ([], True, False, "strong"),  # a prohibition is strong whatever it names
        ([], False, True, "strong"),  # so is what the user stressed ("must")
        ([], False, False, "weak"),
    ],
)
def test_strength_follows_the_strongest_thing_in_the_clause(entities, negated, pinned, expected) -> None:
    assert strength_of(entities, negated, pinned) == expected


def test_a_user_clause_carries_its_values_and_opens_its_domain() -> None:
    parsed = parse_message(_msg("user", "I need to find a cheap hotel in the north for 4 people."))
    (atom,) = parsed.atoms
    assert parsed.domain == atom.domain == "hotel" and atom.msg_idx == 3
    surfaces = {e.text for e in atom.entities}
    assert {"cheap", "north", "4 people"} <= surfaces
    for e in atom.entities:  # every entity points at its own surface in the clause
        assert atom.text[e.start : e.end] == e.text


def test_only_the_user_moves_the_domain_once_one_is_set() -> None:
    said = "There is a restaurant in the centre."
    asked = "I also need a restaurant in the centre."
    assert parse_message(_msg("user", asked), "hotel").domain == "restaurant"
    assert parse_message(_msg("assistant", said), "hotel").domain == "hotel"
    assert parse_message(_msg("assistant", said), None).domain == "restaurant"


def test_a_negation_is_kept_whole_but_not_inside_a_question() -> None:
    (forbid,) = parse_message(_msg("user", "No cilantro please.")).atoms
    assert forbid.negation is not None and forbid.negation.text == "No cilantro"
    assert forbid.strength == "strong"
    (ask,) = parse_message(_msg("user", "Is there no cheap place?")).atoms
    assert ask.kind == "question" and ask.negation is None


def test_a_tool_call_is_one_pending_action_atom_of_its_arguments() -> None:
    call = ToolCall(call_id="c1", name="search_hotels", args={"city": "Paris", "nights": 3})
    (atom,) = parse_message(_msg("assistant", tool_call=call), "hotel").atoms
    assert atom.kind == "action" and atom.domain == "hotel"
    assert atom.text.startswith("call search_hotels(") and "Paris" in atom.text and "3" in atom.text
    assert atom.action is not None
    assert (atom.action.tool, atom.action.status, atom.action.call_id) == ("search_hotels", "pending", "c1")
    assert atom.entities == []  # the JSON is addressed by path in extract, never read as prose


@pytest.mark.parametrize("status, expected", [("ok", "done"), ("error", "failed")])
def test_a_tool_result_is_one_result_atom_with_the_call_status(status: str, expected: str) -> None:
    result = ToolResult(call_id="c1", status=status, data={"rows": [{"name": "Acorn"}]})
    (atom,) = parse_message(_msg("tool", tool_result=result)).atoms
    assert atom.kind == "result" and atom.text.startswith(f"result {status}: ")
    assert "Acorn" in atom.text
    assert atom.action is not None and (atom.action.status, atom.action.call_id) == (expected, "c1")


def test_an_attachment_is_a_labelled_answer_atom_with_its_values() -> None:
    invoice = Attachment(label="invoice.pdf", text="Total 300 EUR")
    message = _msg("user", "Here is the invoice.", attachments=[invoice])
    atoms = parse_message(message).atoms
    assert atoms[-1].text == "[invoice.pdf] Total 300 EUR" and atoms[-1].kind == "answer"
    assert "300 EUR" in {e.text for e in atoms[-1].entities}


def test_a_pasted_document_is_cut_into_bounded_pieces_and_nothing_is_lost() -> None:
    words = [f"w{i}" for i in range(1500)]  # ~7,400 characters, no sentence ends
    atoms = parse_message(_msg("user", " ".join(words))).atoms
    assert len(atoms) >= 4
    assert all(len(a.text) <= MAX_CLAUSE_CHARS for a in atoms)
    assert " ".join(a.text for a in atoms).split() == words


def test_an_empty_turn_has_no_atoms() -> None:
    assert parse_message(_msg("assistant", "   ")).atoms == []


def test_a_turn_of_digits_alone_is_read_in_the_language_of_the_turn_before():
    # "176 3307 2219" has no letter: read as English it was no phone and its groups became a list
    msg = Message(role="user", text="176 3307 2219", idx=1)
    parsed = parse_message(msg, prev_lang="zh")
    assert parsed.lang == "zh"
    assert [(e.type, e.value) for a in parsed.atoms for e in a.entities] == [("phone", "17633072219")]
    assert parse_message(Message(role="user", text="thanks 10:30", idx=1), prev_lang="zh").lang == "en"
