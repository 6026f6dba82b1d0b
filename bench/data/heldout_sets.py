"""The held-out dialogue sets (bench/data/README.md): their files and scenarios, for check_freeform.py.

Each set was written by an author who had not read core/ (from set 2 on: nor any other set's
conversations, the engine's errors or benchmark results), in domains the free-form set and the sets
before it do not cover. Which sets are spent and which are blind: the Makefile's bench target and
bench/data/README.md.
"""

from __future__ import annotations

from pathlib import Path

from bench.data.heldout_scenarios import SET_SCENARIOS

HERE = Path(__file__).resolve().parent

HELDOUT_SCENARIOS = SET_SCENARIOS[1]  # the first set's, kept under its old name


def set_stem(n: int) -> str:
    """The stem of set n's files and its checker option: "heldout" for set 1, "heldoutN" after."""
    return "heldout" if n == 1 else f"heldout{n}"


def set_files(n: int) -> tuple[Path, Path]:
    """Set n's English and Chinese JSONL files (built from <stem>_src/ by build_freeform.py)."""
    return HERE / f"{set_stem(n)}_dialogues_en.jsonl", HERE / f"{set_stem(n)}_dialogues_zh.jsonl"


# the checker's option of each set -> its files and scenarios (check_freeform.py --heldoutN)
HELDOUT_SETS: dict[str, tuple[tuple[Path, ...], tuple[str, ...]]] = {
    f"--{set_stem(n)}": (set_files(n), scenarios) for n, scenarios in SET_SCENARIOS.items()
}
