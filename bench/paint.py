"""How fast each console page paints in a real browser: the issue's "< 2 s on the demo data, < 3 s
with 100k contexts in the store", measured.

    .venv/bin/python -m bench.paint --db demo=/tmp/demo.duckdb --db 100k=/tmp/100k.duckdb \\
        [--runs 3] [--report docs/benchmarks.md]

For each database (``LABEL=PATH``, or a bare PATH labelled by its file name): a real
``streamlit run console/app.py`` on a free port (CONSOLE_DB=PATH, CONSOLE_AUTH=off,
CONSOLE_ROLE=operator), warmed once by opening "/" (the one-off start of the Streamlit runtime
and the first script run are not counted), then every page opened ``--runs`` times in each of two
browsers, every open a new tab and a new Streamlit session:

* fresh profile (the measure until 2026-12-02, and still reported): every open in a new browser
  context, so an empty HTTP cache: the browser fetches and compiles Streamlit's whole frontend
  (60 JS files, 2 MB, ~1 s of the ~2 s on this VM) on every open, as on an operator's very first
  visit only;
* returning browser (added 2026-12-02): every open a new tab of one browser context that opened
  the console before (the warm-up), so the frontend comes from the HTTP cache, as for an operator
  opening a link, a bookmark or a reload: the frontend's files are served immutable for a year.
  What the page itself does (the server's script run, the websocket, drawing) is the same.

The two opens of a run are made back to back, so both browsers see the same machine load. Two
moments, both from page.goto:

* first paint: the page's h1 title is visible in [data-testid='stMain'];
* settled: the settle() condition of the browser tests holds (no status widget, no skeleton) and
  keeps holding for QUIET_MS.

The moments are taken inside the page (performance.now(), watched by a MutationObserver and a
50 ms timer) and shifted by the gap between page.goto and the document's time origin, so a
Playwright round trip is not counted. The median of the runs and the first (cold) run are
reported; the target is 3 s for a store of 100k contexts or more, 2 s otherwise, checked against
the median first paint of each browser, both shown. The report's paint section (between its
markers) is replaced; the rest of the file is left as it is.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench.console_server import CHROMIUM, LAUNCH_ARGS, ROOT, serve_console
from bench.report import write_section
from data.store import Store

START = "<!-- bench:paint:start -->"
END = "<!-- bench:paint:end -->"
QUIET_MS = 1500  # settle() waits 400 ms, then 3 quiet polls 300 ms apart; this is a little longer
TIMEOUT_S = 90
# every host name but this machine's fails at once (no network here: a font request must not hang)
LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
BIG_STORE = 100_000
TARGET_MS = {"small": 2000, "big": 3000}
# page -> its h1 title (pages/*.py st.title)
TITLES = {
    "sessions": "Sessions",
    "replay": "Replay",
    "facts": "Facts",
    "metrics": "Health metrics",
    "breaker": "Circuit breaker",
    "playground": "Playground",
    "config": "Configuration",
}
WATCH_JS = """
(title) => {
  const t = {paint: null, quietSince: null};
  window.__paint = t;
  const check = () => {
    const now = performance.now();
    if (t.paint === null) {
      for (const h of document.querySelectorAll("[data-testid='stMain'] h1")) {
        const box = h.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && h.textContent.includes(title)) { t.paint = now; break; }
      }
    }
    const busy = document.querySelectorAll(
      "[data-testid='stStatusWidget'], [data-testid='stSkeleton']").length > 0;
    if (busy) t.quietSince = null; else if (t.quietSince === null) t.quietSince = now;
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, characterData: true});
  setInterval(check, 50);
}
"""


@dataclass(frozen=True)
class Db:
    """One database to measure on: its label in the report, file, size and a real context id."""

    label: str
    path: Path
    contexts: int
    context_id: str

    @property
    def target_ms(self) -> int:
        """The issue's bound for first paint on a store of this size."""
        return TARGET_MS["big"] if self.contexts >= BIG_STORE else TARGET_MS["small"]


@dataclass(frozen=True)
class Timing:
    """One page's runs on one database, in ms from page.goto (the first run is the cold one):
    ``paint_ms``/``settled_ms`` in a fresh profile, ``warm_*`` in the returning browser."""

    page: str
    paint_ms: list[float]
    settled_ms: list[float]
    warm_paint_ms: list[float]
    warm_settled_ms: list[float]


def describe_db(spec: str) -> Db:
    """Parse ``LABEL=PATH`` (or PATH) and read the store's context count and its first context id.

    Read before the server starts, with linger=0, so this process does not hold the file."""
    label, _, path_text = spec.rpartition("=")
    path = Path(path_text)
    if not path.is_file():
        raise SystemExit(f"--db {spec}: no database file at {path}")
    # migrated first, as the console migrates a store it opens: an older file would fail to read
    page = Store.open(path, linger=0).find_contexts(limit=1)
    if not page.items:
        raise SystemExit(f"--db {spec}: {path} holds no contexts; seed it first (python -m console seed)")
    return Db(label or path.stem, path, page.total, page.items[0].context_id)


def page_paths(context_id: str) -> list[tuple[str, str]]:
    """(url path, page key) of every timed screen; the context pages open a real context by link."""
    linked = f"?context_id={context_id}"
    return [
        ("/sessions", "sessions"),
        (f"/sessions{linked}", "sessions"),
        (f"/replay{linked}", "replay"),
        (f"/facts{linked}", "facts"),
        ("/metrics", "metrics"),
        ("/breaker", "breaker"),
        ("/playground", "playground"),
        ("/config", "config"),
    ]


@contextlib.contextmanager
def serve(db: Path) -> Iterator[str]:
    """``streamlit run console/app.py`` on ``db`` (auth off, operator) on a free port; yields its URL."""
    with tempfile.TemporaryDirectory(prefix="paint-") as folder:
        env = {"CONSOLE_AUTH": "off", "CONSOLE_ROLE": "operator"}
        with serve_console(db, Path(folder) / "streamlit.log", env) as url:
            yield url


def new_context(browser: object, keep_cache: bool = False) -> object:
    """A browser context (its own HTTP cache) that reaches this machine only.

    A fresh profile refuses other hosts by routing every request, as the browser tests do;
    Playwright turns the HTTP cache off in a context with a route, so a returning browser (with
    ``keep_cache``) relies on the browser's host rules instead (LOCAL_ONLY)."""
    context = browser.new_context(viewport={"width": 1500, "height": 1300})  # type: ignore[attr-defined]
    if not keep_cache:
        local = ("http://127.0.0.1", "data:", "blob:")  # no network here: refuse anything else at once
        context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(local) else r.abort())
    return context


def open_once(browser: object, url: str, title: str, context: object | None = None) -> tuple[float, float]:
    """Open ``url`` in a new tab; (first paint, settled) in ms from page.goto.

    The tab is in ``context`` (a returning browser, its cache kept), or without one in a fresh
    browser context closed afterwards (an empty cache)."""
    fresh = context is None
    context = new_context(browser) if fresh else context
    tab = None
    try:
        tab = context.new_page()  # type: ignore[attr-defined]
        tab.add_init_script(f"({WATCH_JS})({title!r})")
        sent_ms = time.time() * 1000
        tab.goto(url, wait_until="commit", timeout=TIMEOUT_S * 1000)
        tab.wait_for_function(
            "() => { const t = window.__paint; return t && t.paint !== null && t.quietSince !== null"
            f" && performance.now() - Math.max(t.paint, t.quietSince) >= {QUIET_MS}; }}",
            timeout=TIMEOUT_S * 1000,
            polling=100,
        )
        paint, quiet, origin = tab.evaluate(
            "() => [window.__paint.paint, window.__paint.quietSince, performance.timeOrigin]"
        )
    finally:
        if fresh:
            context.close()  # type: ignore[attr-defined]
        elif tab is not None:
            tab.close()
    lag = origin - sent_ms  # page.goto -> the document's time origin (a few ms)
    return paint + lag, max(paint, quiet) + lag


def measure_db(browser: object, db: Db, runs: int) -> list[Timing]:
    """Every page ``runs`` times in each browser on a server over ``db`` (warmed once on "/")."""
    out = []
    with serve(db.path) as url:
        returning = new_context(browser, keep_cache=True)
        try:
            open_once(browser, url + "/", TITLES["sessions"], returning)  # warm-up: not counted
            for path, key in page_paths(db.context_id):
                fresh: list[tuple[float, float]] = []
                warm: list[tuple[float, float]] = []
                for _ in range(runs):  # back to back: both browsers under the same load
                    fresh.append(open_once(browser, url + path, TITLES[key]))
                    warm.append(open_once(browser, url + path, TITLES[key], returning))
                label = path.replace(db.context_id, "<id>")
                paints, settles = zip(*fresh, strict=True)
                warm_paints, warm_settles = zip(*warm, strict=True)
                timing = Timing(label, list(paints), list(settles), list(warm_paints), list(warm_settles))
                where = path.split("?")[0] + (" (linked)" if "?" in path else "")
                print(
                    f"{db.label:>6} {where:<22} paint {statistics.median(timing.paint_ms):7.0f} ms "
                    f"(returning {statistics.median(timing.warm_paint_ms):5.0f})  settled "
                    f"{statistics.median(timing.settled_ms):7.0f} ms  cold {timing.paint_ms[0]:7.0f} ms",
                    flush=True,
                )
                out.append(timing)
        finally:
            returning.close()  # type: ignore[attr-defined]
    return out


def git_commit() -> str:
    """The checkout's short commit, marked '+dirty' when tracked files differ from it."""

    def run(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    commit = run("rev-parse", "--short", "HEAD") or "unknown"
    return commit + ("+dirty" if run("status", "--porcelain", "--untracked-files=no") else "")


def render_table(db: Db, timings: list[Timing], runs: int) -> list[str]:
    """One database's markdown table: both browsers' medians, the fresh profile's cold run."""
    target = db.target_ms
    bound = f"{target / 1000:g} s"
    lines = [
        f"**{db.label}**: `{db.path}`, {db.contexts:,} contexts; linked context `{db.context_id}`; "
        f"target first paint < {bound}.",
        "",
        "| page | first paint median ms, fresh profile | first paint median ms, returning browser "
        "| settled median ms, fresh / returning | cold first paint ms | cold settled ms "
        f"| first paint < {bound}, fresh / returning |",
        "|---|---:|---:|---:|---:|---:|:---:|",
    ]

    def verdict(ms: float) -> str:
        return "pass" if ms < target else "**FAIL**"

    for t in timings:
        paint, warm = statistics.median(t.paint_ms), statistics.median(t.warm_paint_ms)
        settled, warm_settled = statistics.median(t.settled_ms), statistics.median(t.warm_settled_ms)
        lines.append(
            f"| `{t.page}` | {paint:.0f} | {warm:.0f} | {settled:.0f} / {warm_settled:.0f} "
            f"| {t.paint_ms[0]:.0f} | {t.settled_ms[0]:.0f} | {verdict(paint)} / {verdict(warm)} |"
        )
    summary = []
    for name, key in (("fresh profile", "paint_ms"), ("returning browser", "warm_paint_ms")):
        worst = max(statistics.median(getattr(t, key)) for t in timings)
        over = sum(statistics.median(getattr(t, key)) >= target for t in timings)
        passes = "every page passes" if not over else f"{over} of {len(timings)} pages over"
        summary.append(f"{name} {worst:.0f} ms ({passes})")
    return [*lines, "", f"Slowest median first paint: {'; '.join(summary)}; median of {runs} runs.", ""]


def render_section(
    command: str,
    dbs: list[Db],
    results: list[list[Timing]],
    runs: int,
    loads: tuple[float, float],
    started: datetime,
) -> str:
    """The paint section of the report (write_section adds the markers)."""
    lines = [
        "## Console first paint (real browser)",
        "",
        f"`{command}`",
        "",
        f"Measured {started:%Y-%m-%d %H:%M} UTC at commit `{git_commit()}`; {os.cpu_count()} CPUs, load "
        f"average (1 min) {loads[0]:.2f} at the start, {loads[1]:.2f} at the end. Debian chromium "
        f"(headless, {' '.join(LAUNCH_ARGS)}) on a real `streamlit run console/app.py` "
        "(CONSOLE_AUTH=off, CONSOLE_ROLE=operator), one server per database.",
        "",
        "How: the server is warmed once by opening `/` (Streamlit's one-off start and first script run "
        f"are not counted), then each page is opened {runs} times in each of two browsers, every open a "
        "new tab and a new Streamlit session: a *fresh profile* (a new browser context each time: an "
        "empty HTTP cache, so Streamlit's whole frontend, 60 JS files, is fetched and compiled again, as "
        "on an operator's very first visit; the only measure before 2026-12-02) and a *returning "
        "browser* (one context that opened the console before: the frontend's immutable files come "
        "from its cache, as on a link, a bookmark or a reload). Times are ms from `page.goto`: "
        "*first paint* = the page's h1 "
        "title visible in `[data-testid='stMain']`; *settled* = no status widget and no skeleton "
        f"(the e2e `settle()` condition), holding for {QUIET_MS} ms. *Cold* is each page's first run "
        "in the fresh profile (its modules and caches first used in this server; `/sessions` was "
        "already opened by the warm-up). Pass/fail is on the median first paint of each browser; the "
        "issue's bounds: < 2 s on the demo data, < 3 s with 100k contexts in the store.",
        "",
    ]
    for db, timings in zip(dbs, results, strict=True):
        lines += render_table(db, timings, runs)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Measure every page on every --db and print the tables (and write them to --report)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--db",
        action="append",
        required=True,
        metavar="[LABEL=]PATH",
        help="a seeded console database (repeat for several)",
    )
    parser.add_argument("--runs", type=int, default=3, help="opens per page (the first is the cold one)")
    parser.add_argument("--report", type=Path, help="markdown file whose paint section to (re)write")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not CHROMIUM.exists():
        raise SystemExit(f"{CHROMIUM} is missing: the measurement needs Debian's chromium")
    from playwright.sync_api import sync_playwright

    command = " ".join([".venv/bin/python -m bench.paint", *(argv or sys.argv[1:])])
    dbs = [describe_db(spec) for spec in args.db]
    started, load_start = datetime.now(UTC), os.getloadavg()[0]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=[*LAUNCH_ARGS, LOCAL_ONLY])
        try:
            results = [measure_db(browser, db, args.runs) for db in dbs]
        finally:
            browser.close()
    loads = (load_start, os.getloadavg()[0])
    section = render_section(command, dbs, results, args.runs, loads, started)
    print(section)
    if args.report:
        write_section(args.report, section, (START, END))
        print(f"wrote the paint section of {args.report}")


if __name__ == "__main__":
    main()
