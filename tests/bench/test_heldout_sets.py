"""The held-out dialogue sets (bench/data/heldout_*, heldout2_* .. heldout10_*) validate, are built from their
sources, keep to domains of their own, and are picked by the checker's options."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.helpers import DATA_DIR, data_script

# set name -> (checker's files, checker's scenarios, source folder, output prefix, checker option)
SETS = {
    "heldout": ("HELDOUT_FILES", "HELDOUT_SCENARIOS", "heldout_src", "heldout_dialogues", "--heldout"),
    "heldout2": ("HELDOUT2_FILES", "HELDOUT2_SCENARIOS", "heldout2_src", "heldout2_dialogues", "--heldout2"),
    "heldout3": ("HELDOUT3_FILES", "HELDOUT3_SCENARIOS", "heldout3_src", "heldout3_dialogues", "--heldout3"),
    "heldout4": ("HELDOUT4_FILES", "HELDOUT4_SCENARIOS", "heldout4_src", "heldout4_dialogues", "--heldout4"),
    "heldout5": ("HELDOUT5_FILES", "HELDOUT5_SCENARIOS", "heldout5_src", "heldout5_dialogues", "--heldout5"),
    "heldout6": ("HELDOUT6_FILES", "HELDOUT6_SCENARIOS", "heldout6_src", "heldout6_dialogues", "--heldout6"),
    "heldout7": ("HELDOUT7_FILES", "HELDOUT7_SCENARIOS", "heldout7_src", "heldout7_dialogues", "--heldout7"),
    "heldout8": ("HELDOUT8_FILES", "HELDOUT8_SCENARIOS", "heldout8_src", "heldout8_dialogues", "--heldout8"),
    "heldout9": ("HELDOUT9_FILES", "HELDOUT9_SCENARIOS", "heldout9_src", "heldout9_dialogues", "--heldout9"),
    "heldout10": (
        "HELDOUT10_FILES",
        "HELDOUT10_SCENARIOS",
        "heldout10_src",
        "heldout10_dialogues",
        "--heldout10",
    ),
}


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return data_script("check_freeform")


@pytest.mark.parametrize("name", SETS)
def test_set_passes_and_is_built_from_its_sources(check: ModuleType, tmp_path: Path, name: str) -> None:
    files, scenarios, src, prefix, _ = SETS[name]
    recs, errs = check.load(getattr(check, files), getattr(check, scenarios))
    assert errs == []
    assert len(recs) >= 40
    langs = [r["lang"] for r in recs]
    assert abs(langs.count("en") - langs.count("zh")) <= 2
    data_script("build_freeform").build(src_dir=DATA_DIR / src, out_dir=tmp_path, prefix=prefix)
    for lang in ("en", "zh"):
        out = f"{prefix}_{lang}.jsonl"
        assert (tmp_path / out).read_text(encoding="utf-8") == (DATA_DIR / out).read_text(encoding="utf-8")


def test_the_sets_share_no_domain_and_no_conversation(check: ModuleType) -> None:
    sets = {"freeform": (check.load()[0], check.SCENARIOS)}
    for name, (files, scenarios, *_) in SETS.items():
        own = getattr(check, scenarios)
        sets[name] = (check.load(getattr(check, files), own)[0], own)
    for a, (recs_a, scen_a) in sets.items():
        for b, (recs_b, scen_b) in sets.items():
            if a < b:
                assert not set(scen_a) & set(scen_b), (a, b)
                assert not {r["context_id"] for r in recs_a} & {r["context_id"] for r in recs_b}, (a, b)


@pytest.mark.parametrize("name", SETS)
def test_a_sets_scenario_is_rejected_by_the_others(check: ModuleType, name: str) -> None:
    files, scenarios, *_ = SETS[name]
    recs, _ = check.load(getattr(check, files), getattr(check, scenarios))
    others = [check.SCENARIOS] + [getattr(check, s) for n, (_f, s, *_r) in SETS.items() if n != name]
    for other in others:
        errs = check.check_record(recs[0], "x:1", other)
        assert any("scenario" in e and "not one of" in e for e in errs)


@pytest.mark.parametrize("name", SETS)
def test_cli_options_pick_the_sets_files(
    check: ModuleType, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    _, _, _, prefix, option = SETS[name]
    assert check.main([option]) == 0
    assert "OK: " in capsys.readouterr().out
    assert check.main(["--files", *(str(DATA_DIR / f"{prefix}_{lang}.jsonl") for lang in ("en", "zh"))]) == 0
    assert "OK: " in capsys.readouterr().out


def test_builder_options() -> None:
    build = data_script("build_freeform")
    assert build._args(["--src", "x", "--out-prefix", "p"]) == {"src_dir": Path("x"), "prefix": "p"}
    assert build._args([]) == {}
