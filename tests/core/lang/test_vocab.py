"""The vocabularies of core/lang/data: each entry once, well-formed rows, values the engine knows,
loaded once, shipped with the package, and a malformed file named with its line."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from core.lang import vocab
from core.lang.base import DOMAINS, SLOTS

DATA = Path(vocab.__file__).parent / "data"
FILES = sorted(p for p in DATA.iterdir() if p.suffix in (".txt", ".tsv", ".toml"))
ROOT = Path(vocab.__file__).parents[2]


def _rows(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_every_data_file_is_listed_in_the_readme_with_its_source() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert len(FILES) >= 20
    missing = [p.name for p in FILES if p.name not in readme]
    assert not missing, f"core/lang/data/README.md names no source for {missing}"


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix in (".txt", ".tsv")], ids=lambda p: p.name)
def test_no_duplicate_or_padded_entries(path: Path) -> None:
    rows = _rows(path)
    assert rows, f"{path.name} is empty"
    entries = [r.partition("\t")[0] for r in rows]
    dupes = [e for e, n in Counter(entries).items() if n > 1]
    assert not dupes, f"{path.name}: duplicate entries {dupes[:10]}"
    padded = [r for r in rows if r != r.strip() or "  " in r]
    assert not padded, f"{path.name}: padded entries {padded[:5]}"
    if path.suffix == ".txt":
        assert not [r for r in rows if "\t" in r], f"{path.name}: a tab in a one-entry-per-line list"


def test_tables_name_slots_and_domains_the_engine_knows() -> None:
    for name in ("zh_transport_domains.tsv", "zh_venue_domains.tsv"):
        assert {d for _, d in vocab.pairs(name)} <= set(DOMAINS), name
    assert {s for _, s in vocab.pairs("zh_terms.tsv")} <= set(SLOTS)
    tags = {t for _, ts in vocab.pairs("en_abbreviations.tsv") for t in ts.split(",")}
    assert tags == {"sentence", "title", "name", "suffix", "person"}
    domains = tomllib.loads((DATA / "en_domains.toml").read_text(encoding="utf-8"))
    for strength in ("strong", "weak"):
        rows = [(r["domain"], r["pattern"]) for r in domains[strength]]
        assert {d for d, _ in rows} <= set(DOMAINS), strength
        assert len(set(rows)) == len(rows), f"en_domains.toml: a {strength} row twice"


def test_lists_load_once_and_keep_their_order() -> None:
    first = vocab.entries("en_cities.txt")
    assert vocab.entries("en_cities.txt") is first  # cached: the file is read once
    assert first[:3] == ("new york", "new york city", "nyc")
    assert "new york" in vocab.word_set("en_cities.txt")
    suffixes = vocab.by_length("zh_venue_suffixes.txt")
    assert suffixes.index("大酒店") < suffixes.index("酒店")  # a suffix match prefers the longer
    assert "dr" in vocab.tagged("en_abbreviations.tsv", "title")
    assert "etc" not in vocab.tagged("en_abbreviations.tsv", "title")


def test_a_malformed_row_is_named_with_file_and_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocab, "_text", lambda name: "# head\nok\tyes\nbroken row\n")
    vocab.pairs.cache_clear()
    try:
        with pytest.raises(vocab.VocabularyError, match=r"core/lang/data/bad\.tsv:3: expected"):
            vocab.pairs("bad.tsv")
    finally:
        vocab.pairs.cache_clear()


def test_a_missing_file_is_named() -> None:
    with pytest.raises(vocab.VocabularyError, match=r"core/lang/data/no_such_list\.txt: no such"):
        vocab.entries("no_such_list.txt")


def test_the_data_files_ship_with_the_package() -> None:
    """pyproject.toml's package data covers every kind of file in core/lang/data."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["core.lang"]
    for path in [*FILES, DATA / "README.md"]:
        assert any(path.match(p) for p in patterns), f"{path.name} is not package data"
