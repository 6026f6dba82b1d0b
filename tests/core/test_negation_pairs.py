"""A negation pair stays whole: what the user wants beside a prohibition ("paper invoice, not
email", "no cash, card only", "ground floor flat. no stairs") is owed as a fact or in their words,
not dropped behind the Must line's negation."""

from __future__ import annotations

import pytest

from tests.core.builders import missing_clauses, state_after

pytestmark = pytest.mark.unit


def _turns(*user: str) -> list[tuple[str, str]]:
    return [("assistant", "The order is open."), *(("user", u) for u in user), ("assistant", "Noted.")]


def test_a_bare_noun_phrase_before_not_is_the_pairs_want():
    """"A, not B" with A a bare noun phrase or a request: the comma sets the want apart."""
    turns = _turns("paper invoice, not email")
    assert missing_clauses(turns, "[FACT:order.id=Q7]\nMust: not email") == ["paper invoice, not email"]
    assert missing_clauses(turns, "[FACT:order.invoice=paper invoice]\nMust: not email") == []
    wanted = _turns("I'd like a paper invoice, not email")
    owed = missing_clauses(wanted, "[FACT:order.id=Q7]\nMust: not email")
    assert owed == ["I'd like a paper invoice, not email"]


def test_a_want_of_one_word_after_the_negation_is_kept():
    """"no B, A only": the one word after the comma is the alternative the pair names."""
    turns = _turns("no cash, card only")
    assert missing_clauses(turns, "[FACT:order.id=Q7]\nMust: no cash") == ["no cash, card only"]
    assert missing_clauses(turns, "[FACT:order.payment=card only]\nMust: no cash") == []


def test_a_one_word_half_is_shown_only_in_the_users_words():
    """"only numbers" is not shown by a fact of numbers: "only" says how the want stands."""
    turns = _turns("no names, only numbers.")
    owed = missing_clauses(turns, "[FACT:jersey.numbers=7, 44]\nMust: no names")
    assert owed == ["no names, only numbers."]
    assert missing_clauses(turns, "[FACT:jersey.print=only numbers]\nMust: no names") == []


def test_a_half_is_shown_only_by_all_its_words():
    """"invoice" shown without "paper" keeps the prohibition and drops what is wanted."""
    turns = _turns("paper invoice, not email")
    assert missing_clauses(turns, "[FACT:order.doc=invoice]\nMust: not email") == ["paper invoice, not email"]


def test_a_short_sentence_before_a_bare_negation_is_its_want():
    """"ground floor flat. no stairs": the sentence before the bare negation is the pair's half."""
    turns = _turns("ground floor flat. no stairs")
    assert missing_clauses(turns, "[FACT:order.id=Q7]\nMust: no stairs") == ["ground floor flat."]
    assert missing_clauses(turns, "[FACT:home.type=ground floor flat]\nMust: no stairs") == []


def test_a_negation_drawn_from_the_sentence_before_keeps_it_as_its_reason():
    """"2 kids and a dog, a beagle. so NO poison anywhere": the sentence before is why, and stays
    whole even where the context shows its counts."""
    context = "[FACT:family.kids=2 kids (4 and 6)]\nMust: NO poison anywhere"
    turns = _turns("2 kids (4 and 6) and a dog, a beagle. so NO poison anywhere")
    assert "2 kids (4 and 6) and a dog, a beagle." in missing_clauses(turns, context)
    # without the connective, a sentence this long beside a negation is a narration of its own
    turns = _turns("2 kids (4 and 6) and a dog, a beagle. NO poison anywhere")
    assert "2 kids (4 and 6) and a dog, a beagle." not in missing_clauses(turns, context)


def test_a_question_before_a_bare_negation_is_no_half():
    turns = _turns("is it fragile? no stickers")
    assert "is it fragile?" not in missing_clauses(turns, "[FACT:order.id=Q7]\nMust: no stickers")


def test_a_chinese_pair_keeps_its_want():
    """"不要B，要A" and "别选B，A都行": the want after the comma is owed."""
    turns = _turns("不要纸质发票，要电子的")
    assert missing_clauses(turns, "[FACT:order.id=Q7]\nMust: 不要纸质发票") == ["不要纸质发票，要电子的"]
    turns = _turns("别约周一，周三都行")
    assert missing_clauses(turns, "[FACT:order.id=Q7]\nMust: 别约周一") == ["别约周一，周三都行"]


def test_a_prohibition_for_a_time_keeps_its_time() -> None:
    """"12点到2点别用吸尘器": the Must line kept only "别用吸尘器", the hours it holds for went into the
    appointment's time and were replaced by it."""
    state = state_after([
        ("user", "年前想找人擦一下玻璃"),
        ("assistant", "好的，请问什么时候方便？"),
        ("user", "家里老人中午要午睡，12点到2点别用吸尘器"),
        ("assistant", "好的。"),
    ])
    assert any("12点到2点别用吸尘器" in c.text for c in state.constraints), state.constraints


def test_a_clause_of_several_rules_is_one_constraint() -> None:
    """A clause of two prohibitions gave the Must line its first one only ("照片里不要做人脸识别"); the
    second came back, if at all, as the whole clause beside it, the first said twice."""
    state = state_after([
        ("user", "想把老照片扫描成电子版"),
        ("assistant", "好的，有什么要求吗？"),
        ("user", "照片里不要做人脸识别，也别把原片发到网上"),
        ("assistant", "好的。"),
    ])
    assert [c.text for c in state.constraints] == ["照片里不要做人脸识别，也别把原片发到网上"]
