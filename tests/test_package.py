"""The project installs as a package: ``pip install -e .`` makes core, data and console importable
from any directory (an agent embeds the core in process). Installed into a temporary prefix, so
the shared environment is left as it is."""

from __future__ import annotations

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
    site = next(prefix.glob("lib/python*/site-packages"))
    elsewhere = tmp_path / "agent"
    elsewhere.mkdir()
    code = (
        "import site, sys; site.addsitedir(sys.argv[1]);"
        "import core.compressor, console.client, data.store;"
        "from core.models import Message;"
        "s = core.compressor.Compressor(core.compressor.Config(use_embeddings=False)).session('pkg');"
        "s.add(Message(idx=0, role='user', text='Book a table for 2 at 7pm.'));"
        "print(core.compressor.__file__); print(s.context().mode)"
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
    path, mode = run.stdout.strip().splitlines()
    assert Path(path) == ROOT / "core" / "compressor.py" and mode == "raw"
