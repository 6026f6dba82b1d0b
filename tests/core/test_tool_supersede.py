"""A tool call's argument a later successful write set anew on the same object is shown as
replaced ("(was: ...)"): the old delivery address of an order never reads as current beside the
update that changed it."""

from __future__ import annotations

import pytest

from core.models import ActionUnit
from core.tool_supersede import mark_superseded_args

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
