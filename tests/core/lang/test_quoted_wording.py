"""Words in quotes are one value, the wording (core.lang.quoted_wording): "3 ans" of an engraving is
no count, "1月1日" of an advert's text no date that replaces the opening day."""

from __future__ import annotations

import pytest

from core.lang.registry import analyzer_for
from tests.core.builders import state_after

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("lang", "text", "wording"),
    [
        ("en", 'Engrave his with "L & T 3 ans" please.', "L & T 3 ans"),
        ("zh", '那写"1月1日至3日 全场五折"，地址写观音桥建新北路68号', "1月1日至3日 全场五折"),
        ("zh", "横幅写“开业大吉 12月8日”", "开业大吉 12月8日"),
    ],
)
def test_a_quote_is_one_wording_value_and_nothing_inside_it_is_read(lang, text, wording):
    ents = analyzer_for(lang).entities(text, None)
    quoted = [e for e in ents if text.find(wording) <= e.start < text.find(wording) + len(wording)]
    assert [(e.type, e.text, e.slot) for e in quoted] == [("name", wording, "wording")]


def test_a_name_that_is_the_whole_quote_stays_the_name():
    ents = analyzer_for("en").entities('need a logo. name is "Drift Coffee". launching jan 15', None)
    assert ("Drift Coffee", "name") in [(e.text, e.slot) for e in ents]


def test_a_date_inside_the_adverts_text_leaves_the_opening_day_current():
    st = state_after(
        [
            ("user", "1月1号开业，想从12月25号投到1月10号"),
            ("assistant", "好的。广告文案写什么？"),
            ("user", '那写"1月1日至3日 全场五折"'),
        ]
    )
    assert "1月1日至3日 全场五折" in {f.value for f in st.facts.values()}
    assert any("1月1号" in f.value for f in st.facts.values())
    assert not {h.value for f in st.facts.values() for h in f.history}
