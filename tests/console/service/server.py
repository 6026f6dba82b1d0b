"""A real service process on loopback for the tests: ``python -m console serve`` on a free port.

>>> with running_server(db, "--rules-only") as url:
...     httpx.get(f"{url}/healthz")
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    """A TCP port nobody listens on now (loopback)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``python -m console --db DB ARGS`` in a subprocess, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "console", "--db", str(db), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def make_token(db: Path, name: str, role: str) -> str:
    """A new bearer token (the last line the CLI prints)."""
    done = cli(db, "api-token", "create", name, "--role", role)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def make_key(db: Path, *args: str) -> tuple[str, str]:
    """A new signing key (key id, secret: the last two lines the CLI prints)."""
    done = cli(db, "api-key", "rotate", *args)
    assert done.returncode == 0, done.stderr
    key_id, secret = done.stdout.strip().splitlines()[-2:]
    return key_id, secret


def start_server(
    db: Path, *args: str, startup_s: float = 90.0, module: str = "console", env: dict | None = None
) -> tuple[subprocess.Popen, str]:
    """Start the service (``python -m MODULE ... serve``) on a free loopback port and wait for
    /healthz: (process, URL). The caller stops it (``stop_server``, or ``proc.kill()`` for a crash)."""
    port = free_port()
    log = db.with_suffix(".serve.log")
    with open(log, "a") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", module, "--db", str(db), "serve", "--port", str(port), *args],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + startup_s
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the service exited ({proc.returncode}): {log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{url}/healthz", timeout=1.0).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            stop_server(proc)
            raise RuntimeError(f"the service did not start in {startup_s}s: {log.read_text()[-2000:]}")
        time.sleep(0.2)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a service process as Ctrl-C does (by pid); killed if it does not exit in 15 s."""
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextlib.contextmanager
def running_server(db: Path, *args: str, startup_s: float = 90.0) -> Iterator[str]:
    """Start the service on a free loopback port, wait for /healthz, yield its URL, stop it (by pid)."""
    proc, url = start_server(db, *args, startup_s=startup_s)
    try:
        yield url
    finally:
        stop_server(proc)
