"""The hand-written free-form set (bench/data) is consistent, and its checker catches bad gold."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.helpers import DATA_DIR, data_script


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return data_script("check_freeform")


@pytest.fixture(scope="module")
def first(check: ModuleType) -> dict:
    line = (DATA_DIR / "freeform_en.jsonl").read_text(encoding="utf-8").splitlines()[0]
    return json.loads(line)


def test_committed_set_passes_and_is_built_from_its_sources(check: ModuleType, tmp_path: Path) -> None:
    recs, errs = check.load()
    assert errs == []
    assert len(recs) >= 80
    assert check.check_seed_sentences(recs) == []
    langs = [r["lang"] for r in recs]
    assert abs(langs.count("en") - langs.count("zh")) <= 2
    build = data_script("build_freeform")
    build.build(out_dir=tmp_path)  # the JSONL files are exactly what the sources give
    for name in ("freeform_en.jsonl", "freeform_zh.jsonl"):
        assert (tmp_path / name).read_text(encoding="utf-8") == (DATA_DIR / name).read_text(encoding="utf-8")


def test_value_missing_from_the_transcript_is_reported(check: ModuleType, first: dict) -> None:
    rec = copy.deepcopy(first)
    rec["gold"]["final_state"]["insurance.budget"] = "9000 yuan a year"
    errs = check.check_record(rec, "x:1")
    assert any("insurance.budget" in e and "not in the transcript" in e for e in errs)


def test_correction_must_match_the_final_value_and_a_user_turn(check: ModuleType, first: dict) -> None:
    rec = copy.deepcopy(first)
    corr = rec["gold"]["corrections"][0]
    corr["new"] = "3000"
    corr["turn"] = 1  # an assistant turn
    errs = check.check_record(rec, "x:1")
    assert any("!= final_state" in e for e in errs)
    assert any("is not a user turn" in e for e in errs)


def test_old_value_still_current_elsewhere_is_rejected(check: ModuleType, first: dict) -> None:
    rec = copy.deepcopy(first)
    rec["gold"]["final_state"]["insurance.note"] = "was 3000 before"
    errs = check.check_record(rec, "x:1")
    assert any("still current" in e for e in errs)


def test_relative_time_words_must_be_in_their_turn(check: ModuleType) -> None:
    line = (DATA_DIR / "freeform_en.jsonl").read_text(encoding="utf-8").splitlines()[2]
    rec = json.loads(line)
    assert rec["gold"]["relative_times"]
    rec["gold"]["relative_times"][0]["text"] = "next Friday at noon"
    errs = check.check_record(rec, "x:3")
    assert any("relative_time 'next Friday at noon' not in turn" in e for e in errs)
