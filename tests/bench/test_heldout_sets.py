"""The held-out dialogue sets (bench/data/heldout_*, heldout2_* .. heldout36_*) validate, are built from their
sources, keep to domains of their own, and are picked by the checker's options."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.bench.helpers import DATA_DIR, data_script

# set name -> (source folder, output prefix, checker option); the option picks the set's files and
# scenarios in the checker (heldout_sets.HELDOUT_SETS)
SETS = {
    "heldout": ("heldout_src", "heldout_dialogues", "--heldout"),
    "heldout2": ("heldout2_src", "heldout2_dialogues", "--heldout2"),
    "heldout3": ("heldout3_src", "heldout3_dialogues", "--heldout3"),
    "heldout4": ("heldout4_src", "heldout4_dialogues", "--heldout4"),
    "heldout5": ("heldout5_src", "heldout5_dialogues", "--heldout5"),
    "heldout6": ("heldout6_src", "heldout6_dialogues", "--heldout6"),
    "heldout7": ("heldout7_src", "heldout7_dialogues", "--heldout7"),
    "heldout8": ("heldout8_src", "heldout8_dialogues", "--heldout8"),
    "heldout9": ("heldout9_src", "heldout9_dialogues", "--heldout9"),
    "heldout10": ("heldout10_src", "heldout10_dialogues", "--heldout10"),
    "heldout11": ("heldout11_src", "heldout11_dialogues", "--heldout11"),
    "heldout12": ("heldout12_src", "heldout12_dialogues", "--heldout12"),
    "heldout13": ("heldout13_src", "heldout13_dialogues", "--heldout13"),
    "heldout14": ("heldout14_src", "heldout14_dialogues", "--heldout14"),
    "heldout15": ("heldout15_src", "heldout15_dialogues", "--heldout15"),
    "heldout16": ("heldout16_src", "heldout16_dialogues", "--heldout16"),
    "heldout17": ("heldout17_src", "heldout17_dialogues", "--heldout17"),
    "heldout18": ("heldout18_src", "heldout18_dialogues", "--heldout18"),
    "heldout19": ("heldout19_src", "heldout19_dialogues", "--heldout19"),
    "heldout20": ("heldout20_src", "heldout20_dialogues", "--heldout20"),
    "heldout21": ("heldout21_src", "heldout21_dialogues", "--heldout21"),
    "heldout22": ("heldout22_src", "heldout22_dialogues", "--heldout22"),
    "heldout23": ("heldout23_src", "heldout23_dialogues", "--heldout23"),
    "heldout24": ("heldout24_src", "heldout24_dialogues", "--heldout24"),
    "heldout25": ("heldout25_src", "heldout25_dialogues", "--heldout25"),
    "heldout26": ("heldout26_src", "heldout26_dialogues", "--heldout26"),
    "heldout27": ("heldout27_src", "heldout27_dialogues", "--heldout27"),
    "heldout28": ("heldout28_src", "heldout28_dialogues", "--heldout28"),
    "heldout29": ("heldout29_src", "heldout29_dialogues", "--heldout29"),
    "heldout30": ("heldout30_src", "heldout30_dialogues", "--heldout30"),
    "heldout31": ("heldout31_src", "heldout31_dialogues", "--heldout31"),
    "heldout32": ("heldout32_src", "heldout32_dialogues", "--heldout32"),
    "heldout33": ("heldout33_src", "heldout33_dialogues", "--heldout33"),
    "heldout34": ("heldout34_src", "heldout34_dialogues", "--heldout34"),
    "heldout35": ("heldout35_src", "heldout35_dialogues", "--heldout35"),
    "heldout36": ("heldout36_src", "heldout36_dialogues", "--heldout36"),
}


def _files_and_scenarios(check: ModuleType, name: str) -> tuple[tuple[Path, ...], tuple[str, ...]]:
    return check.HELDOUT_SETS[SETS[name][2]]


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return data_script("check_freeform")


@pytest.mark.parametrize("name", SETS)
def test_set_passes_and_is_built_from_its_sources(check: ModuleType, tmp_path: Path, name: str) -> None:
    src, prefix, _ = SETS[name]
    recs, errs = check.load(*_files_and_scenarios(check, name))
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
    for name in SETS:
        files, own = _files_and_scenarios(check, name)
        sets[name] = (check.load(files, own)[0], own)
    for a, (recs_a, scen_a) in sets.items():
        for b, (recs_b, scen_b) in sets.items():
            if a < b:
                assert not set(scen_a) & set(scen_b), (a, b)
                assert not {r["context_id"] for r in recs_a} & {r["context_id"] for r in recs_b}, (a, b)


@pytest.mark.parametrize("name", SETS)
def test_a_sets_scenario_is_rejected_by_the_others(check: ModuleType, name: str) -> None:
    recs, _ = check.load(*_files_and_scenarios(check, name))
    others = [check.SCENARIOS] + [_files_and_scenarios(check, n)[1] for n in SETS if n != name]
    for other in others:
        errs = check.check_record(recs[0], "x:1", other)
        assert any("scenario" in e and "not one of" in e for e in errs)


@pytest.mark.parametrize("name", SETS)
def test_cli_options_pick_the_sets_files(
    check: ModuleType, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    _, prefix, option = SETS[name]
    assert check.main([option]) == 0
    assert "OK: " in capsys.readouterr().out
    assert check.main(["--files", *(str(DATA_DIR / f"{prefix}_{lang}.jsonl") for lang in ("en", "zh"))]) == 0
    assert "OK: " in capsys.readouterr().out


def test_builder_options() -> None:
    build = data_script("build_freeform")
    assert build._args(["--src", "x", "--out-prefix", "p"]) == {"src_dir": Path("x"), "prefix": "p"}
    assert build._args([]) == {}
