"""A real ``streamlit run console/app.py`` on a free local port, for the page-paint measurement
(bench/paint.py) and the browser tests (tests/e2e), which share it."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
START_TIMEOUT_S = 90


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer within {START_TIMEOUT_S} s:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def serve_console(db: Path, log: Path, env: dict[str, str], unset: tuple[str, ...] = ()) -> Iterator[str]:
    """``streamlit run console/app.py`` on ``db`` on a free local port; yields its URL once healthy.

    ``env`` is added to this process's environment (``unset`` names variables to drop); the
    server's output goes to ``log``; it is stopped (then killed) when the block ends."""
    port = _free_port()
    environment = {k: v for k, v in os.environ.items() if k not in unset}
    environment.update({"CONSOLE_DB": str(db), **env})
    command = [
        sys.executable, "-m", "streamlit", "run", "console/app.py",
        "--server.port", str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
        "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
    ]  # fmt: skip
    with log.open("w") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
