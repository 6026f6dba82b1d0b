"""What a negation phrase spans: a "no" after a determiner describes a kind of thing ("the no fee
one", "a no-frills hotel"), no prohibition, while a "no" before the thing forbids it ("no spicy
food"); an exception keeps what it is taken from ("any day except Thursday"); an order to leave a
thing as it is forbids changing it ("leave the bar tape alone"); "no need X", "not more than X" and
"refuses X" forbid X, while "no need, thanks" forbids nothing; the person said with "be" before
"not" is part of the phrase ("I'm not stopping it")."""

from __future__ import annotations

import pytest

from core.lang.en_negations import find_negations

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text", ["switch to the no fee one.", "I want a no-frills hotel"])
def test_a_no_after_a_determiner_is_no_prohibition(text):
    assert find_negations(text) == ()


@pytest.mark.parametrize(
    ("text", "negation"), [("no spicy food please", "no spicy food"), ("there is no parking", "no parking")]
)
def test_a_no_before_the_thing_forbids_it(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("I can do any day except Thursday", "any day except Thursday"),
        ("everything except the mirror", "everything except the mirror"),
        ("I like it except the color", "except the color"),  # no quantified base: the exception alone
    ],
)
def test_an_exception_keeps_what_it_is_taken_from(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("the road is narrow, no lorries over 3.5t can get up", "no lorries over 3.5t can get up"),
        ("no trucks over 7.5 tonnes please", "no trucks over 7.5 tonnes"),
        ("no nuts. 3 people", "no nuts"),  # a full stop still ends it
    ],
)
def test_a_decimal_point_does_not_end_a_negation(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("But nobody on the roof before 10, my husband works nights", "nobody on the roof before 10"),
        ("no one should ring the bell", "no one should ring the bell"),
        ("Skip the regulation.", "Skip the regulation"),  # an option declined
    ],
)
def test_nobody_and_skip_forbid_what_follows(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    ("text", "negation", "target"),
    [
        ("so NO latex balloons at all", "NO latex balloons at all", "latex balloons"),
        ("no nuts at all please", "no nuts at all", "nuts"),
        ("no onions please", "no onions", "onions"),  # other trailing filler is still cut
    ],
)
def test_at_all_stays_with_the_prohibition_it_makes_absolute(text, negation, target):
    assert [(n.text, n.target) for n in find_negations(text)] == [(negation, target)]


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("Goodness. Then leave that one where it is, please.", "leave that one where it is"),
        ("and leave the bar tape alone", "leave the bar tape alone"),
        ("leave my saddle alone and don't cut the steerer", "leave my saddle alone"),
        ("the rims are fine, leave them as they are", "leave them as they are"),
    ],
)
def test_an_order_to_leave_a_thing_as_it_is_forbids_changing_it(text, negation):
    assert negation in [n.text for n in find_negations(text)]


@pytest.mark.parametrize("text", ["I will leave it to you", "we leave the house at 8", "leave a note"])
def test_leaving_without_as_it_is_is_no_prohibition(text):
    assert find_negations(text) == ()


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("chairs and table yes. no need gas", "no need gas"),
        ("no need for a child seat", "no need for a child seat"),
        ("Five hours is ok but not more than half a day o, we are nine", "not more than half a day o"),
        ("she refuses anything that looks like a hospital", "refuses anything that looks like a hospital"),
    ],
)
def test_no_need_not_more_than_and_refuses_forbid_their_target(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    "text", ["no need, thanks", "No need to worry", "There's no need to rush", "no need."]
)
def test_no_need_without_a_thing_forbids_nothing(text):
    assert find_negations(text) == ()


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        # "I'm" had been cut off: "not stopping it" says nothing of whose it is
        ("Good, because I'm not stopping it, my cardiologist would kill me", "I'm not stopping it"),
        ("Bring them in. I'm not posting my mum's gold nowhere.", "I'm not posting my mum's gold nowhere"),
        ("she's not allowed nuts", "she's not allowed nuts"),
        ("the flat is not on a bus route", "not on a bus route"),  # no person: the cue starts it
        # "cannot" kept its person as "can't" did ("cannot be the murderer" had said of nobody)
        ("Perfect. Also, Darnell cannot be the murderer.", "Darnell cannot be the murderer"),
    ],
)
def test_a_person_said_with_be_before_not_is_part_of_the_phrase(text, negation):
    assert [n.text for n in find_negations(text)] == [negation]


@pytest.mark.parametrize(
    ("text", "negation"),
    [
        ("No. On no account approach or contact the subject. Report only to us.", "On no account approach"),
        ("At no point should he see the file.", "At no point should he see the file"),
        ("I have no dog in the house", "no dog in the house"),
    ],
)
def test_the_preposition_of_an_idiom_of_absolute_negation_is_part_of_it(text, negation):
    assert [n.text for n in find_negations(text)][-1].startswith(negation)


@pytest.mark.parametrize(
    ("text", "negation", "target"),
    [
        ("Ok. I am lactose intolerant", "I am lactose intolerant", "lactose"),
        ("my son is gluten-intolerant", "gluten-intolerant", "gluten"),
        ("She is intolerant to histamine.", "She is intolerant to histamine", "histamine"),
    ],
)
def test_an_intolerance_forbids_what_it_names(text, negation, target):
    assert [(n.text, n.target) for n in find_negations(text)] == [(negation, target)]
