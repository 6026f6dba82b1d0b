"""A value replaced with evidence is not shown as current in the parts of the context that quote
the user (issue 12, continued): the goal line written in the user's words, a user's clause put back
verbatim, and an assistant's list kept beside a value as its other wording."""

from __future__ import annotations

import pytest

from core.config import Config
from core.models import ContextState, Evidence, Fact, FactVersion, Goal
from core.render import parse_anchors, render
from core.render_goals import goal_texts
from core.replaced import mark_replaced, replaced_forms

pytestmark = pytest.mark.unit


def _fact(key: str, value: str, idx: int, history: list[FactVersion] | None = None) -> Fact:
    return Fact(key=key, value=value, norm=value.lower(), first_idx=idx, last_idx=idx, history=history or [])


def _version(value: str, idx: int, replaced_at: int, how: str = "said") -> FactVersion:
    return FactVersion(
        value=value,
        norm=value.lower(),
        idx=idx,
        replaced_at=replaced_at,
        reason="corrected by user",
        evidence=Evidence(idx=idx, role="user", how=how, text=value),
    )


def _goal() -> Goal:
    return Goal(text="reserve 4 nights in Porto with my points", idx=0, values={"general.nights": "4 nights"})


def test_a_goal_value_said_before_its_task_shows_the_value_that_replaced_it():
    # the opening goal filed "4 nights" under a guessed slot; the task's fact took it over and the
    # user corrected it: the goal never shows the stale value
    state = ContextState(
        goals=[_goal()],
        facts={
            "hotel.city": _fact("hotel.city", "Porto", 0),
            "hotel.nights": _fact("hotel.nights", "5 nights", 6, [_version("4 nights", 0, 6)]),
        },
    )
    assert goal_texts(state) == ["reserve 5 nights in Porto with my points"]


def test_a_goal_value_two_task_facts_could_have_taken_over_stays_as_said():
    versions = [_version("4 nights", 0, 6)]
    state = ContextState(
        goals=[_goal()],
        facts={
            "hotel.nights": _fact("hotel.nights", "5 nights", 6, versions),
            "parking.nights": _fact("parking.nights", "2 nights", 8, versions),
        },
    )
    # not rewritten (no one fact took it over), but both show it replaced: the goal shows it marked
    assert goal_texts(state) == ["reserve (was: 4 nights) in Porto with my points"]


def _listing(value: str, idx: int, replaced_at: int, said: str, said_at: int = 0) -> FactVersion:
    """A listing that held the user's own words (said at turn said_at), replaced by a pick."""
    evidence = Evidence(idx=said_at, role="user", how="corrected", text=said)
    return FactVersion(
        value=value,
        norm=value.lower(),
        idx=idx,
        replaced_at=replaced_at,
        reason="corrected by user",
        evidence=evidence,
    )


def test_the_users_item_of_a_replaced_listing_is_marked_in_a_kept_clause():
    # the user's "the 8:15", held beside the times the assistant then listed, replaced by a pick
    listing = _listing("08:15, 12:30, 18:45", 3, 4, "8:15")
    fact = _fact("train.time", "12:30", 4, [listing])
    state = ContextState(facts={"train.time": fact})
    assert "8:15" in replaced_forms(fact)
    said = "I'm on the 8:15 to Leeds on Monday but need a later one"
    assert mark_replaced(said, state) == "I'm on the (was: 8:15) to Leeds on Monday but need a later one"


def test_an_item_of_a_listing_in_a_guessed_slot_or_the_pick_itself_is_not_marked():
    listing = _listing("08:15, 12:30, 18:45", 3, 4, "12:30")
    assert "12:30" not in replaced_forms(_fact("train.time", "12:30", 4, [listing]))
    guessed = listing.model_copy(update={"evidence": listing.evidence.model_copy(update={"text": "8:15"})})
    assert "8:15" not in replaced_forms(_fact("general.time", "12:30", 4, [guessed]))


def test_an_item_of_a_listing_the_current_value_is_no_option_of_is_not_marked():
    # "Monday, Wednesday" held for one visit, "Tuesday" said for another: no option of it was picked
    listing = _listing("Monday, Wednesday", 5, 9, "wednesday", said_at=3)
    assert "wednesday" not in replaced_forms(_fact("clinic.date", "Tuesday", 9, [listing]))


def test_options_an_assistant_listed_beside_a_value_are_never_shown_as_its_other_name():
    # "The Panda is manual only. The Octavia Estate is automatic."
    car = _fact("rental.name", "The Panda", 4)
    car.vtype, car.aliases = "name", ["The Panda, The Octavia Estate"]
    day = _fact("rental.date", "monday", 2)
    day.aliases = ["Monday, today"]  # one day said two ways
    state = ContextState(facts={"rental.name": car, "rental.date": day})
    out = render(state, [], Config(use_embeddings=False), tokens_in=10_000)
    assert "name=The Panda (vs The Octavia Estate)" in out.text
    assert "aka The Octavia Estate" not in out.text
    assert "(aka today)" in out.text
    assert parse_anchors(out.text)["facts"]["rental.name"] == "The Panda"


def test_a_replaced_listing_never_shows_the_current_pick_as_replaced():
    times = "08:15, 12:30, 18:45"
    listing = FactVersion(value=times, norm=times, idx=3, replaced_at=4, reason="corrected by user")
    state = ContextState(facts={"train.time": _fact("train.time", "12:30", 4, [listing])})
    out = render(state, [], Config(use_embeddings=False), tokens_in=10_000)
    assert "time=12:30 (was: 08:15, 18:45)" in out.text


def test_a_replaced_number_is_never_marked_as_part_of_a_longer_number():
    # "finishes at 3" replaced by "11am": the "3" of "3:15", "3.5" or "1/3" is another value
    fact = _fact("home.time", "11am", 9, [_version("3", 2, 9)])
    fact.vtype = "time"
    state = ContextState(facts={"home.time": fact})
    said = "school pickup at 3:15, about 3.5 hours, 1/3 of the week; nursery finishes at 3"
    assert mark_replaced(said, state) == (
        "school pickup at 3:15, about 3.5 hours, 1/3 of the week; nursery finishes at (was: 3)"
    )


def test_an_untyped_value_is_marked_in_a_quote_only_when_alike_the_value_that_replaced_it():
    # a level and a room type held under one guessed slot: "intermediate" was never a room type
    unlike = _fact("general.type", "private", 16, [_version("intermediate", 4, 16)])
    state = ContextState(facts={"general.type": unlike})
    assert mark_replaced("intermediate, I guess", state) == "intermediate, I guess"
    # a name for a name, a room for a room, a colour for a colour: the quote shows the old one replaced
    names = _fact("general.name", "Jade Thompson", 9, [_version("Marco", 2, 9)])
    rooms = _fact("general.room", "双人间", 9, [_version("单人间", 2, 9)])
    state = ContextState(facts={"general.name": names, "general.room": rooms})
    # a task's own attribute changes one value for another, alike or not (attraction.type: museum -> park)
    task = _fact("attraction.type", "park", 9, [_version("museum", 2, 9)])
    marked_task = mark_replaced("a museum maybe", ContextState(facts={"attraction.type": task}))
    assert marked_task == "a (was: museum) maybe"
    marked = mark_replaced("Marco on Tuesdays; 单人间，不加床", state)
    assert marked == "(was: Marco) on Tuesdays; (was: 单人间)，不加床"


def test_a_replaced_chinese_day_is_never_marked_inside_a_longer_day_word():
    # "后天" replaced by "大后天": the "后天" inside "大后天" and the "周三" inside "下周三" are other days
    fact = _fact("general.date", "大后天", 28, [_version("后天", 14, 28), _version("周三", 3, 14)])
    fact.vtype = "date"
    state = ContextState(facts={"general.date": fact})
    said = "后天送到 下午 | 我爸妈那份大后天送 | 下周三也行 | 下个周三 | 周三不行"
    assert mark_replaced(said, state) == (
        "(was: 后天)送到 下午 | 我爸妈那份大后天送 | 下周三也行 | 下个周三 | (was: 周三)不行"
    )
