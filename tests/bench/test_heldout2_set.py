"""Held-out set 2 (bench/data/heldout2_*; blind, scored once) validates and is built from its sources."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"
NAMES = ("heldout2_dialogues_en.jsonl", "heldout2_dialogues_zh.jsonl")


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, DATA / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return _module("check_freeform")


def test_heldout2_set_passes_and_is_built_from_its_sources(check: ModuleType, tmp_path: Path) -> None:
    recs, errs = check.load(check.HELDOUT2_FILES, check.HELDOUT2_SCENARIOS)
    assert errs == []
    assert len(recs) >= 40
    langs = [r["lang"] for r in recs]
    assert abs(langs.count("en") - langs.count("zh")) <= 2
    scenarios = {r["scenario"] for r in recs}
    assert not scenarios & set(check.SCENARIOS)  # no free-form domain
    assert not scenarios & set(check.HELDOUT_SCENARIOS)  # no domain of the first held-out set
    assert not {r["context_id"] for r in recs} & {
        r["context_id"] for r in check.load(check.HELDOUT_FILES, check.HELDOUT_SCENARIOS)[0]
    }
    build = _module("build_freeform")
    build.build(src_dir=DATA / "heldout2_src", out_dir=tmp_path, prefix="heldout2_dialogues")
    for name in NAMES:
        assert (tmp_path / name).read_text(encoding="utf-8") == (DATA / name).read_text(encoding="utf-8")


def test_heldout2_scenarios_are_rejected_elsewhere(check: ModuleType) -> None:
    recs, _ = check.load(check.HELDOUT2_FILES, check.HELDOUT2_SCENARIOS)
    for scenarios in (check.SCENARIOS, check.HELDOUT_SCENARIOS):
        errs = check.check_record(recs[0], "x:1", scenarios)
        assert any("scenario" in e and "not one of" in e for e in errs)


def test_cli_options_pick_the_heldout2_files(check: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["--heldout2"]) == 0
    assert "OK: " in capsys.readouterr().out
    assert check.main(["--files", *(str(DATA / n) for n in NAMES)]) == 0
    assert "OK: " in capsys.readouterr().out
    # the other sets' options are unchanged
    assert check.main(["--heldout"]) == 0
    assert "train_tickets" not in capsys.readouterr().out
