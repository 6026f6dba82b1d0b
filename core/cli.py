"""Command line: ``python -m core compress INPUT.jsonl [--out OUT.jsonl] [--config FILE] [--force]``.

INPUT is JSONL or one JSON array, each conversation in any format of core.formats (the project's
turns, OpenAI chat, Anthropic Messages, LangChain message dicts). One JSON line per conversation, in
input order: context_id, context (the full text the model would
see), tokens_raw, tokens_context, latency_ms, mode, fallback. A malformed line, or one repeating an
earlier line's context_id, is reported on stderr with its line number and skipped; the exit status
is 2 at the end if any line was bad. ``--out`` is written through a temporary file renamed at the
end, and refused when it is the input file.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from core.config import ConfigError, load_config
from core.formats import Dialogue, DialogueError, read_file

if TYPE_CHECKING:
    from core.compressor import Compressor


def load_dialogues(path: str | Path) -> Iterator[Dialogue | DialogueError]:
    """Each conversation of a file (JSONL or one JSON array, any format of core.formats) as a
    Dialogue, or the DialogueError its line raised."""
    return read_file(path)


def _count_lines(path: str) -> int | None:
    """Conversations to expect (for the progress bar): one a line, unknown in a JSON array."""
    with open(path, "rb") as fh:
        first = next((line for line in fh if line.strip()), b"")
        if first.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"["):
            return None
        return 1 + sum(1 for line in fh if line.strip()) if first else 0


def cmd_compress(args: argparse.Namespace) -> int:
    """Compress every conversation of a file; write one JSON line each."""
    from core.compressor import Compressor

    try:
        config = load_config(args.config) if args.config else load_config()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not Path(args.input).is_file():
        print(f"error: {args.input}: no such file", file=sys.stderr)
        return 2
    if args.out and same_file(args.input, args.out):
        print(f"error: --out {args.out} is the input file; write the output elsewhere", file=sys.stderr)
        return 2
    compressor = Compressor(config)
    with output(args.out) as out:
        bad = _compress_all(args, compressor, out)
    if bad:
        print(f"{bad} malformed line(s) skipped", file=sys.stderr)
    return 2 if bad else 0


def same_file(a: str | Path, b: str | Path) -> bool:
    """True when two paths name one file: the same path spelled another way, a symlink, a hard link."""
    if Path(a).resolve() == Path(b).resolve():
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # b does not exist yet
        return False


@contextmanager
def output(path: str | None) -> Iterator[TextIO]:
    """Where the results go: stdout, or a temporary file beside ``path`` renamed onto it at the end,
    so a run that dies midway leaves the previous output whole (and a symlink pointing where it did)."""
    if not path:
        yield sys.stdout
        return
    target = Path(path).resolve()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            yield fh
        if target.exists():
            shutil.copymode(target, tmp)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _compress_all(args: argparse.Namespace, compressor: Compressor, out: TextIO) -> int:
    """Compress every conversation of ``args.input`` onto ``out``; the number of bad lines."""
    from tqdm import tqdm

    bad = 0
    first_line: dict[str, int] = {}
    for item in tqdm(
        load_dialogues(args.input),
        total=_count_lines(args.input),
        file=sys.stderr,
        unit="conv",
        disable=args.quiet,
    ):
        if isinstance(item, DialogueError):
            bad += 1
            print(f"{args.input}:{item}", file=sys.stderr)
            continue
        if item.context_id in first_line:  # two outputs with one id could not be told apart
            bad += 1
            print(
                f"{args.input}:line {item.line}: context_id {item.context_id!r} already on line "
                f"{first_line[item.context_id]} of this file; skipped",
                file=sys.stderr,
            )
            continue
        first_line[item.context_id] = item.line
        for warning in item.warnings:
            print(f"{args.input}:line {item.line}: {warning}", file=sys.stderr)
        t0 = time.perf_counter()
        # only the context is written: no intent clusters (they would embed every user turn)
        result = compressor.compress(
            item.messages, force=args.force, context_id=item.context_id, intents=False
        )
        latency = (time.perf_counter() - t0) * 1000
        view = result.context
        out.write(
            json.dumps(
                {
                    "context_id": item.context_id,
                    "context": view.text,
                    "tokens_raw": result.tokens_raw,
                    "tokens_context": view.tokens,
                    "latency_ms": round(latency, 3),
                    "mode": view.mode,
                    "fallback": view.fallback,
                },
                ensure_ascii=False,
            )
            + "\n"
        )
        out.flush()
    return bad


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m core``."""
    ap = argparse.ArgumentParser(prog="python -m core", description="Context compaction engine")
    sub = ap.add_subparsers(dest="command", required=True)
    comp = sub.add_parser("compress", help="compress the conversations of a JSONL or JSON file")
    comp.add_argument(
        "input",
        help="JSONL or one JSON array; each conversation in the project's turns (gold is ignored), "
        "OpenAI chat, Anthropic Messages or LangChain message dicts",
    )
    comp.add_argument("--out", help="write JSONL here instead of stdout (never the input itself)")
    comp.add_argument("--config", help="a TOML or JSON Config file")
    comp.add_argument("--force", action="store_true", help="compact at the end whatever the triggers say")
    comp.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.command == "compress":
        return cmd_compress(args)
    return 2
