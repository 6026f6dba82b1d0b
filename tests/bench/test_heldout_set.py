"""The frozen held-out dialogue set (bench/data/heldout_*) validates and is built from its sources."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

DATA = Path(__file__).resolve().parents[2] / "bench" / "data"
NAMES = ("heldout_dialogues_en.jsonl", "heldout_dialogues_zh.jsonl")


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, DATA / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def check() -> ModuleType:
    return _module("check_freeform")


def test_heldout_set_passes_and_is_built_from_its_sources(check: ModuleType, tmp_path: Path) -> None:
    recs, errs = check.load(check.HELDOUT_FILES, check.HELDOUT_SCENARIOS)
    assert errs == []
    assert len(recs) >= 40
    langs = [r["lang"] for r in recs]
    assert abs(langs.count("en") - langs.count("zh")) <= 2
    assert not {r["scenario"] for r in recs} & set(check.SCENARIOS)  # no free-form domain
    build = _module("build_freeform")
    build.build(src_dir=DATA / "heldout_src", out_dir=tmp_path, prefix="heldout_dialogues")
    for name in NAMES:
        assert (tmp_path / name).read_text(encoding="utf-8") == (DATA / name).read_text(encoding="utf-8")


def test_heldout_scenarios_are_rejected_in_the_free_form_set(check: ModuleType) -> None:
    recs, _ = check.load(check.HELDOUT_FILES, check.HELDOUT_SCENARIOS)
    errs = check.check_record(recs[0], "x:1")  # default scenarios: the free-form ones
    assert any("scenario" in e and "not one of" in e for e in errs)


def test_cli_options_pick_the_heldout_files(check: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert check.main(["--heldout"]) == 0
    assert "OK: " in capsys.readouterr().out
    assert check.main(["--files", *(str(DATA / n) for n in NAMES)]) == 0
    build = _module("build_freeform")
    assert build._args(["--src", "x", "--out-prefix", "p"]) == {"src_dir": Path("x"), "prefix": "p"}
    assert build._args([]) == {}
