"""A tool call's argument a later successful write set anew on the same object is shown as
replaced ("(was: ...)"): the old delivery address of an order never reads as current beside the
update that changed it."""

from __future__ import annotations

import pytest

from core.models import ActionUnit
from core.tool_supersede import mark_superseded_args
from core.tools import is_write_call

pytestmark = pytest.mark.unit


def _order() -> ActionUnit:
    return ActionUnit(
        tool="place_order",
        args={"shop": "Green Bowl", "address": "12 Elm St", "items": ["salad"]},
        idx=3,
        write=True,
        detail='{"order_id":"GB-5521","eta":"12:20"}',
    )


def test_an_argument_a_later_write_on_the_same_object_changed_is_marked_replaced():
    args = {"order_id": "GB-5521", "address": "40 Oak Ave"}
    update = ActionUnit(tool="update_address", args=args, idx=7, write=True)
    first, second = mark_superseded_args([_order(), update])
    assert first.args["address"] == "(was: 12 Elm St)"
    assert first.args["shop"] == "Green Bowl"  # what no later call set stays as it was
    assert second.args["address"] == "40 Oak Ave"


def test_a_write_on_another_object_leaves_the_argument_current():
    args = {"order_id": "ZZ-0001", "address": "40 Oak Ave"}
    other = ActionUnit(tool="update_address", args=args, idx=7, write=True)
    first, _ = mark_superseded_args([_order(), other])
    assert first.args["address"] == "12 Elm St"


def test_a_failed_later_write_replaces_nothing():
    args = {"order_id": "GB-5521", "address": "40 Oak Ave"}
    failed = ActionUnit(tool="update_address", args=args, idx=7, write=True, status="failed")
    first, _ = mark_superseded_args([_order(), failed])
    assert first.args["address"] == "12 Elm St"


def _lookup() -> ActionUnit:
    detail = '{"guest":"Ana Ruiz","room":"214","nights":3,"extras":[{"room":"spa"}]}'
    return ActionUnit(
        tool="get_reservation", args={"res_id": "HX-7781"}, idx=1, detail=detail, summary={"room": "214"}
    )


def test_a_result_field_a_later_write_on_the_same_object_set_anew_is_marked_replaced():
    move = ActionUnit(tool="move_guest", args={"res_id": "HX-7781", "room": "305"}, idx=6, write=True)
    first, _ = mark_superseded_args([_lookup(), move])
    assert first.detail == '{"guest":"Ana Ruiz","room":"(was: 214)","nights":3,"extras":[{"room":"spa"}]}'
    assert first.summary["room"] == "(was: 214)"


def test_a_result_field_of_another_object_or_a_nested_one_stays_current():
    other = ActionUnit(tool="move_guest", args={"res_id": "QQ-0001", "room": "305"}, idx=6, write=True)
    assert mark_superseded_args([_lookup(), other])[0].detail == _lookup().detail
    # "spa" is the room of an extra, no field of the reservation the write names
    spa = ActionUnit(tool="move_guest", args={"res_id": "HX-7781", "room": "spa 2"}, idx=6, write=True)
    first, _ = mark_superseded_args([_lookup(), spa])
    assert '"room":"spa"' in first.detail and '"room":"(was: 214)"' in first.detail


def test_a_tool_doing_a_write_again_is_a_write():
    assert is_write_call("rebook") and is_write_call("resendInvoice") and is_write_call("reassign_ticket")
    assert not is_write_call("retrieve_booking") and not is_write_call("report_status")


def _check(idx: int, plate: str) -> ActionUnit:
    return ActionUnit(tool="check_permit", args={"address": "14 Albert Road", "vrm": plate}, idx=idx)


def test_a_read_asked_again_with_a_value_the_user_said_in_between_was_asked_of_a_replaced_value():
    said = {(5, "lk19 xdp")}  # the user's turn 5: "sorry, it's LK19 XDP"

    def between(value: str, after: int, before: int) -> bool:
        return any(after < idx < before and value.lower() in text for idx, text in said)

    first, second = mark_superseded_args([_check(1, "LK19 XOP"), _check(7, "LK19 XDP")], between)
    assert first.args["vrm"] == "(was: LK19 XOP)" and first.args["address"] == "14 Albert Road"
    assert second.args["vrm"] == "LK19 XDP"
    # without the user saying the new value between the calls, it is a second question (another car)
    first, _ = mark_superseded_args([_check(1, "LK19 XOP"), _check(7, "LK19 XDP")], lambda *_: False)
    assert first.args["vrm"] == "LK19 XOP"
    # and a read asked with other arguments changed too is another question
    other = ActionUnit(tool="check_permit", args={"address": "9 Elm Road", "vrm": "LK19 XDP"}, idx=7)
    first, _ = mark_superseded_args([_check(1, "LK19 XOP"), other], between)
    assert first.args["vrm"] == "LK19 XOP"
