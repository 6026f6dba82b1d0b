"""The user's own values kept whole by the coverage guarantee (issue 12, item 4): the detail an
answer to a yes/no question gives, a street address with its town, a statement followed by a tag
question. Each is shown only in parts (or not at all) by the facts, so the user's clause comes back."""

from __future__ import annotations

from core.lang.en_discourse import split_sentences
from core.lang.registry import analyzer_for
from core.turn_kinds import asks_polar
from tests.core.builders import missing_clauses


def test_an_answer_to_a_yes_no_question_that_gives_the_detail_comes_back():
    turns = [
        ("assistant", "Does your son have any health conditions we should know about?"),
        ("user", "he has a mild asthma."),
        ("assistant", "Thanks."),
    ]
    assert "he has a mild asthma." in missing_clauses(turns, "[FACT:school.grade=Prep]")


def test_a_yes_no_answer_past_its_echo_comes_back_in_chinese():
    turns = [("assistant", "您有工作吗？"), ("user", "有，私企"), ("assistant", "好的。")]
    assert "有，私企" in missing_clauses(turns, "[FACT:general.choice=有]")


def test_a_bare_decline_to_a_yes_no_question_is_not_kept():
    turns = [("assistant", "Would you like travel insurance?"), ("user", "no thanks"), ("assistant", "Ok.")]
    assert missing_clauses(turns, "[FACT:trip.city=Rome]") == []


def test_asks_polar_only_for_a_yes_no_question():
    assert asks_polar("Great. Does she have any allergies?")
    assert asks_polar("您是在职吗？")
    assert not asks_polar("Which city will you apply in?")
    assert not asks_polar("Booked for Friday.")


def test_a_street_address_with_its_town_shown_apart_comes_back():
    turns = [
        ("assistant", "Are you in the school zone?"),
        ("user", "yes, 12 Kestrel Avenue, Marrickville"),
        ("assistant", "Thanks."),
    ]
    context = "[FACT:general.address=12 Kestrel Avenue|name=Marrickville]"
    assert "yes, 12 Kestrel Avenue, Marrickville" in missing_clauses(turns, context)


def test_an_address_keeps_the_postcode_after_its_town():
    from core.joined_values import joined_phrases
    from core.models import Message
    from core.parse import parse_message

    atom = parse_message(Message(idx=0, role="user", text="it's 12 Kestrel Avenue, Denver 80203")).atoms[0]
    assert joined_phrases(atom) == ["12 Kestrel Avenue, Denver 80203"]


def test_a_street_address_with_its_town_shown_whole_is_not_brought_back():
    turns = [
        ("assistant", "What's the home address?"),
        ("user", "it's 12 Kestrel Avenue, Denver 80203"),
        ("assistant", "Thanks."),
    ]
    assert missing_clauses(turns, "[FACT:general.address=12 Kestrel Avenue, Denver 80203]") == []


def test_a_tag_question_is_cut_off_its_statement():
    assert split_sentences("my licence expires in June 2028, that's fine right?") == [
        "my licence expires in June 2028",
        "that's fine right?",
    ]
    assert split_sentences("we land at 9, is that ok?") == ["we land at 9", "is that ok?"]
    assert split_sentences("Is that ok?") == ["Is that ok?"]
    assert analyzer_for("en").kind("my licence expires in June 2028", "user") != "question"


def test_a_question_after_the_users_own_statement_is_cut_off_it():
    assert split_sentences("Oh also I'm allergic to latex, will the gloves be a problem?") == [
        "Oh also I'm allergic to latex",
        "will the gloves be a problem?",
    ]
    assert split_sentences("My flight lands at 9, will the car be ready?") == [
        "My flight lands at 9",
        "will the car be ready?",
    ]
    # a statement about the person the user acts for, and a question of any subject after it
    assert split_sentences("and she's allergic to latex, are gloves used?") == [
        "and she's allergic to latex",
        "are gloves used?",
    ]
    # no statement of the user's before it: one question
    assert split_sentences("When is it, will the van be there?") == ["When is it, will the van be there?"]


def test_a_statement_before_a_tag_question_comes_back():
    turns = [
        ("assistant", "You need a passport valid for 3 months after your return."),
        ("user", "my licence expires in June 2028, that's fine right?"),
        ("assistant", "Yes, that's fine."),
    ]
    assert "my licence expires in June 2028" in missing_clauses(turns, "[FACT:visa.country=France]")


def test_a_chinese_count_of_things_keeps_the_thing_counted():
    zh = analyzer_for("zh")
    found = [(e.type, e.text) for e in zh.entities("家里还有一台冰箱，要搬到新家", None)]
    assert ("quantity", "一台冰箱") in found
    assert [(e.type, e.text) for e in zh.entities("要两辆车。", None)] == [("quantity", "两辆车")]
    # a measure is no count of things: "2米" stays the length it is
    assert ("quantity", "2米") in [(e.type, e.text) for e in zh.entities("电视柜2米左右", None)]


def test_a_name_or_count_never_cuts_a_date_in_two():
    from core.lang.en_entities import extract_entities

    found = [(e.type, e.text) for e in extract_entities("3 of us, the Mar 21 date.", None)]
    assert ("date", "Mar 21") in found
    assert not any((t in ("name", "quantity") and "Mar" in x) or x == "21 date" for t, x in found)
    assert [(e.type, e.text) for e in extract_entities("the Mar 21 matinee", None)] == [("date", "Mar 21")]


def test_an_approximate_time_keeps_its_approximation():
    from core.lang.en_entities import extract_entities

    assert [(e.type, e.text) for e in extract_entities("friday, about 8", None)][-1] == ("time", "about 8")
    assert ("time", "around 6") in [(e.type, e.text) for e in extract_entities("dinner at around 6", None)]
    assert ("time", "6") in [(e.type, e.text) for e in extract_entities("dinner at 6", None)]


def test_a_brief_answer_whose_values_are_shown_only_apart_comes_back():
    turns = [
        ("assistant", "Retention policy?"),
        ("user", "after 30 days to archive"),
        ("assistant", "Noted."),
    ]
    apart = "[FACT:bucket.days=30 days|destination=archive]"
    assert "after 30 days to archive" in missing_clauses(turns, apart)
    assert missing_clauses(turns, "[FACT:bucket.rule=after 30 days to archive]") == []
