"""A question that names an attribute by a noun of its own ("And your PD?", "小朋友身高多少呢？") keys
the bare number answering it by that noun (core.lang.asked_nouns, core.answers), and a later clause
naming the noun ("actually PD is 64") changes that attribute. Before, every such number went into
one count slot: the child's height replaced her age, the boot size her height, and "PD is 64"
replaced the lens index."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from core.compressor import Compressor
from core.config import Config
from core.lang.asked_nouns import en_asked_noun, zh_asked_noun
from core.models import Message

pytestmark = pytest.mark.unit
TS = datetime(2026, 12, 7, 10, 0)


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("Left: -2.75 sphere. And your PD?", "pd"),
        ("Shoe size?", "shoe_size"),
        ("What's your shoe size?", "shoe_size"),
        ("How many?", None),  # a count the analyzers read themselves
        ("Anything else?", None),
        ("Name for the order?", None),
        ("Collection or delivery?", None),
    ],
)
def test_the_noun_an_english_question_names(question, slot):
    assert en_asked_noun(question) == slot


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("小朋友身高多少呢？", "身高"),
        ("好的，马靴尺码？", "尺码"),
        ("体重是多少？", "体重"),
        ("电话多少？", None),
    ],
)
def test_the_noun_a_chinese_question_names(question, slot):
    assert zh_asked_noun(question) == slot


def _facts(turns: list[tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    msgs = [Message(idx=i, role=r, text=t, ts=TS + timedelta(minutes=i)) for i, (r, t) in enumerate(turns)]
    state = Compressor(Config(use_embeddings=False)).compress(msgs).state
    return {k.rsplit(".", 1)[-1]: (f.value, [h.value for h in f.history]) for k, f in state.facts.items()}


def test_answers_to_two_attributes_stand_apart():
    facts = _facts(
        [
            ("user", "马术体验课怎么收费"),
            ("assistant", "体验课单节380元。请问是大人还是小朋友学？"),
            ("user", "小孩，8岁，女孩"),
            ("assistant", "8岁可以上少儿班。小朋友身高多少呢？"),
            ("user", "132"),
            ("assistant", "132厘米配威尔士矮马刚好。马靴尺码？"),
            ("user", "33"),
            ("assistant", "33码马靴已记录"),
        ]
    )
    assert facts["身高"] == ("132", []) and facts["尺码"] == ("33", [])


def test_a_correction_naming_the_attribute_changes_it():
    facts = _facts(
        [
            ("user", "need new glasses"),
            ("assistant", "Right: -2.25 / -0.50 x 180. And your PD?"),
            ("user", "63"),
            ("assistant", "PD 63 mm. Lens options: standard 1.5 index, thinner 1.6 index."),
            ("user", "1.6"),
            ("assistant", "1.6 index. Name for the order?"),
            ("user", "actually PD is 64, just checked the old card"),
            ("assistant", "Updated PD to 64 mm."),
        ]
    )
    assert facts["pd"] == ("64", ["63"])
    assert all("1.6" not in history for _, history in facts.values())
