"""The project installs as a package: ``pip install -e .`` makes core, data and console importable
from any directory (an agent embeds the core in process). Installed into a temporary prefix, so
the shared environment is left as it is."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_editable_install_imports_from_another_directory(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--ignore-installed",  # else pip uninstalls the venv's own install of the project first
            "--prefix",
            str(prefix),
            "-e",
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    # the environment running the tests still has its own install (a bug once uninstalled it)
    kept = subprocess.run(
        [sys.executable, "-c", "import core; print(core.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert kept.returncode == 0 and Path(kept.stdout.strip()) == ROOT / "core" / "__init__.py", kept.stderr
    site = next(prefix.glob("lib/python*/site-packages"))
    elsewhere = tmp_path / "agent"
    elsewhere.mkdir()
    code = (
        "import site, sys; site.addsitedir(sys.argv[1]);"
        "import core.compressor, console.client, data.store;"
        "from core.models import Message;"
        "s = core.compressor.Compressor(core.compressor.Config(use_embeddings=False)).session('pkg');"
        "s.add(Message(idx=0, role='user', text='Book a table for 2 at 7pm.'));"
        "print(core.compressor.__file__); print(s.context().mode);"
        "import importlib.util; print(importlib.util.find_spec('bench'))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(site)],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 0, run.stderr
    path, mode, bench = run.stdout.strip().splitlines()
    assert Path(path) == ROOT / "core" / "compressor.py" and mode == "raw"
    assert bench == "None"  # the benchmarks are not part of the installed package


ENGINE = ("core", "data", "console", "pages")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_the_engine_never_imports_the_benchmarks() -> None:
    # bench/ may import core, data and console; nothing but tests imports bench (issue 16)
    offenders = sorted(
        f"{path.relative_to(ROOT)}: {name}"
        for folder in ENGINE
        for path in (ROOT / folder).rglob("*.py")
        for name in _imported_modules(path)
        if name == "bench" or name.startswith("bench.")
    )
    assert offenders == []
    assert not (ROOT / "core" / "bench").exists()


def test_the_import_scan_sees_a_bench_import(tmp_path: Path) -> None:
    sample = tmp_path / "m.py"
    sample.write_text("def f():\n    from bench.report import write_section\n    import bench\n")
    assert _imported_modules(sample) == {"bench.report", "bench"}
