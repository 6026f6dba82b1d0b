"""Command line of the console: ``python -m console ingest|seed|check|users|corrections|context``.

    python -m console ingest FILE.jsonl [FILE ...] [--source NAME] [--config FILE] [--batch N] [--workers N]
                             [--nice N]
    python -m console seed [--if-empty]
    python -m console check [--json]
    python -m console users init-demo|list|add|remove|set-role|reset-password ...
    python -m console corrections apply FILE.csv --actor NAME [--dry-run]
    python -m console context CONTEXT_ID
    python -m console serve [--host 127.0.0.1] [--port 8700] [--protocol v1+v2|v2-only]
    python -m console api-token create NAME --role agent|operator | list | revoke NAME
    python -m console api-key rotate [--grace-days 7] | list

Every command works on $CONSOLE_DB (default data/console.duckdb), or --db. While the console runs
on the same file, the commands share it (data/concurrency.py): a long ingest steps aside between
batches whenever the console waits for the file.

Exit status: 0 done; 2 some lines or conversations were skipped (each reported on stderr with its
file and line), or check found a problem (a damaged file included); 1 the command could not run
(missing file, bad config, database busy past the deadline, a file that is not a database, a write
the disk refused: that batch was rolled back, the ones before it are saved, a rerun completes).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from console import cli_ops
from core.config import Config, ConfigError, load_config
from data.concurrency import RetryPolicy, StoreBusyError, StoreError
from data.store import Store

if TYPE_CHECKING:
    from console.ingest import IngestReport

# An ingest waits this long for a file the console holds (it hands it over within one call).
CLI_DEADLINE_S = 120.0
# Between two batches the ingest keeps the file open this long, unless someone waits for it.
CLI_LINGER_S = 10.0


def _store(args: argparse.Namespace) -> Store:
    return Store.open(args.db, policy=RetryPolicy(deadline=CLI_DEADLINE_S), linger=CLI_LINGER_S)


def _config(args: argparse.Namespace, store: Store) -> Config:
    """--config if given, else the configuration saved in the console (Config page), else defaults."""
    config = load_config(args.config) if args.config else store.current_config()
    if getattr(args, "rules_only", False):
        config = config.model_copy(update={"use_embeddings": False})
    return config


def _count_lines(paths: list[Path]) -> int:
    total = 0
    for path in paths:
        with open(path, "rb") as fh:
            total += sum(1 for line in fh if line.strip())
    return total


def cmd_ingest(args: argparse.Namespace) -> int:
    """Run the core over every conversation of the files and store everything."""
    from tqdm import tqdm

    from console.ingest import ingest_files
    from console.ingest_workers import default_workers, ingest_compressor

    paths = [Path(p) for p in args.files]
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        print(f"error: no such file: {', '.join(missing)}", file=sys.stderr)
        return 1
    if args.nice < 0:
        print("error: --nice must be 0 or more (an ingest never takes CPU from others)", file=sys.stderr)
        return 1
    if args.nice:
        os.nice(args.nice)  # before the workers start: they inherit it
    store = _store(args)
    config = _config(args, store)
    started, cpu_started = time.perf_counter(), time.process_time()
    lines = _count_lines(paths)
    workers = args.workers if args.workers else default_workers(lines)
    target = "ingest:" + ",".join(p.name for p in paths)
    # before the first batch: a run killed half way still says in the audit who started it, when
    # and on what (its committed batches are there; the ingest.run row that closes a run is not)
    _audit_start(store, "ingest.start", target, lines)
    with tqdm(total=lines, unit="conv", file=sys.stderr, disable=args.quiet) as bar:
        report = ingest_files(
            paths,
            store,
            ingest_compressor(config),
            source=args.source or "",
            batch=args.batch,
            progress=bar.update,
            workers=workers,
        )
    _audit_run(store, "ingest.run", target, report)
    store.close()
    # wall time from the first line read to the store closed: worker start-up and model loads included
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started  # this process only (the workers' is not counted)
    if args.json:
        size = sum(
            p.stat().st_size
            for p in (store.path, store.path.with_name(store.path.name + ".wal"))
            if p.exists()
        )
        summary = report.model_dump() | {
            "files": [str(p) for p in paths],
            "seconds": seconds,
            "cpu_seconds": cpu_seconds,
            "conversations_per_s": report.read / seconds if seconds else None,
            "embeddings": config.use_embeddings,
            "db_mb": size / 1e6,
            "nice": os.nice(0),
        }
        Path(args.json).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return _finish(report, seconds)


def _audit_start(store: Store, action: str, target: str, lines: int) -> None:
    """The audit row of a run that starts (lines: the conversations it is about to read)."""
    import getpass

    from data.ops_records import AuditEntry

    store.record_audit(
        AuditEntry(
            at=store.clock(),
            actor=f"cli:{getpass.getuser()}",
            role="system",
            action=action,
            target=target,
            source="cli",
            after={"lines": lines},
        )
    )


def _audit_run(store: Store, action: str, target: str, report: IngestReport) -> None:
    """One audit row per ingest or seed run: who ran it and what it wrote (contexts are the pipeline's)."""
    import getpass

    from data.ops_records import AuditEntry

    if not (report.created or report.updated):
        return  # nothing written, nothing to audit
    store.record_audit(
        AuditEntry(
            at=store.clock(),
            actor=f"cli:{getpass.getuser()}",
            role="system",
            action=action,
            target=target,
            source="cli",
            after={
                **report.model_dump(include={"read", "created", "updated", "unchanged"}),
                "bad_lines": len(report.bad_lines),
                "failed": len(report.failed),
            },
        )
    )


def _finish(report: IngestReport, seconds: float | None = None) -> int:
    for line in report.notes:
        print(f"note {line}", file=sys.stderr)
    for line in report.bad_lines:
        print(f"skipped {line}", file=sys.stderr)
    for line in report.failed:
        print(f"core failed, skipped {line}", file=sys.stderr)
    print(
        f"{report.read} conversations: {report.created} created, {report.updated} updated, "
        f"{report.unchanged} unchanged; {len(report.bad_lines)} bad lines, {len(report.failed)} failed; "
        f"core {report.core_seconds:.1f}s, store {report.store_seconds:.1f}s"
        + (
            f"; {seconds:.1f}s in all, {report.read / seconds:.1f} conversations/s, "
            f"{report.workers} core process{'es' if report.workers > 1 else ''}"
            if seconds
            else ""
        ),
        file=sys.stderr,
    )
    return 0 if report.ok else 2


def cmd_seed(args: argparse.Namespace) -> int:
    """Load the demo sessions of data/samples (see its README) unless --if-empty finds sessions."""
    from console.seed import seed_demo

    store = _store(args)
    existing = store.find_contexts(limit=1).total
    if args.if_empty and existing:
        print(f"{store.path} already holds {existing} sessions; not seeding", file=sys.stderr)
        return 0
    report = seed_demo(store, rules_only=args.rules_only, quiet=args.quiet)
    _audit_run(store, "seed.run", "seed:data/samples", report)
    store.close()
    return _finish(report)


def cmd_check(args: argparse.Namespace) -> int:
    """Integrity of the database: schema version, row counts, orphans, fact versions."""
    if not Path(args.db).exists():
        print(f"error: {args.db}: no database file", file=sys.stderr)
        return 1
    store = Store(args.db, policy=RetryPolicy(deadline=CLI_DEADLINE_S), linger=0)
    try:
        report = store.check()
    except StoreError as exc:  # not a DuckDB file, or a damaged one: that is what check is for
        print(f"PROBLEMS:\n  - {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.model_dump() | {"ok": report.ok}, indent=1))
    else:
        print(f"{report.path}: schema version {report.schema_version} (expected {report.expected_version})")
        for table, n in report.counts.items():
            print(f"  {table:16s} {n:>12,}")
        print("OK: no problem found" if report.ok else "PROBLEMS:")
        for problem in report.problems:
            print(f"  - {problem}")
    return 0 if report.ok else 2


def cmd_users(args: argparse.Namespace) -> int:
    """Manage the console's accounts (credentials file of console/users.py) as the local admin.

    Whoever can run this can edit the credentials file anyway, so the CLI acts as admin; every
    change is audited as ``cli:<login name>`` from source ``cli``."""
    import getpass

    from console import users as accounts

    path = accounts.credentials_path()
    if args.users_command == "list":
        for u in accounts.list_users(path):
            print(f"{u['username']:24s} {u['role']:9s} {u['name']}")
        return 0
    store = _store(args)
    who = {"actor": f"cli:{getpass.getuser()}", "actor_role": "admin", "store": store, "source": "cli"}
    password = sys.stdin.readline().rstrip("\n") if getattr(args, "password_stdin", False) else None
    if args.users_command == "init-demo":
        created = accounts.init_demo(store, actor=who["actor"], path=path)
        if not created:
            print(
                f"{path} exists; sign in with its accounts (`python -m console users list`)", file=sys.stderr
            )
            return 0
        print(f"Created {path} with demo accounts. Their passwords are shown this once:")
        for username, secret, role in created:
            print(f"  {username:16s} {role:9s} password: {secret}")
        print("Lost one? `python -m console users reset-password NAME` sets a new one.")
    elif args.users_command == "add":
        chosen = password or accounts.generate_password()
        account = accounts.add_user(args.username, chosen, args.role, name=args.name, email=args.email, **who)
        print(f"added {account.username} ({account.role})" + ("" if password else f", password: {chosen}"))
    elif args.users_command == "remove":
        accounts.remove_user(args.username, **who)
        print(f"removed {args.username}")
    elif args.users_command == "set-role":
        account = accounts.set_role(args.username, args.role, **who)
        print(f"{account.username} is now {account.role}")
    elif args.users_command == "reset-password":
        new = accounts.reset_password(args.username, password, **who)
        print(f"new password for {args.username}" + ("" if password else f": {new}"))
    return 0


def _users_parser(sub: argparse._SubParsersAction) -> None:
    users = sub.add_parser(
        "users", help="console accounts: init-demo, list, add, remove, set-role, reset-password"
    )
    cmds = users.add_subparsers(dest="users_command", required=True)
    cmds.add_parser(
        "init-demo", help="create the credentials file with demo accounts (prints passwords once)"
    )
    cmds.add_parser("list", help="list the accounts and roles")
    add = cmds.add_parser(
        "add", help="add an account (password generated and printed unless --password-stdin)"
    )
    add.add_argument("username")
    add.add_argument("--role", choices=["viewer", "operator", "admin"], default="viewer")
    add.add_argument("--name", default="")
    add.add_argument("--email", default="")
    add.add_argument(
        "--password-stdin", action="store_true", help="read the password from the first stdin line"
    )
    remove = cmds.add_parser("remove", help="remove an account")
    remove.add_argument("username")
    role = cmds.add_parser("set-role", help="change an account's role")
    role.add_argument("username")
    role.add_argument("role", choices=["viewer", "operator", "admin"])
    reset = cmds.add_parser("reset-password", help="set a new password (generated unless --password-stdin)")
    reset.add_argument("username")
    reset.add_argument(
        "--password-stdin", action="store_true", help="read the password from the first stdin line"
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m console``."""
    from data.paths import default_db_path

    parser = argparse.ArgumentParser(prog="python -m console", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db", type=Path, default=None, help="database file (default: $CONSOLE_DB or data/console.duckdb)"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    ingest = sub.add_parser("ingest", help="run the core over conversation files and store every output")
    ingest.add_argument(
        "files",
        nargs="+",
        help="JSONL or a JSON array; each conversation as {context_id, turns}, OpenAI chat, Anthropic "
        "Messages or LangChain message dicts (core/formats)",
    )
    ingest.add_argument("--source", help="source name for every conversation (default: each line's own)")
    ingest.add_argument("--config", help="a TOML or JSON Config (default: the one saved in the console)")
    ingest.add_argument("--batch", type=int, default=50, help="conversations per transaction (default 50)")
    ingest.add_argument(
        "--workers",
        type=int,
        default=0,
        help="processes running the core (default: 2 for 100+ conversations with two idle cores, else 1)",
    )
    ingest.add_argument(
        "--rules-only", action="store_true", help="no embedding model (faster, less semantic)"
    )
    ingest.add_argument(
        "--nice",
        type=int,
        default=0,
        help="lower this run's CPU priority by N (its worker processes too); alongside a live service "
        "on a small machine, 10 leaves the CPU to the agents' requests first (default 0)",
    )
    ingest.add_argument("--quiet", action="store_true", help="no progress bar")
    ingest.add_argument("--json", help="also write a summary (counts, seconds, throughput) to this file")
    seed = sub.add_parser("seed", help="load the demo sessions shipped in data/samples")
    seed.add_argument("--if-empty", action="store_true", help="do nothing if the database has sessions")
    seed.add_argument("--rules-only", action="store_true", help="no embedding model (faster, less semantic)")
    seed.add_argument("--quiet", action="store_true", help="no progress bar")
    check = sub.add_parser("check", help="integrity check: schema version, row counts, orphan rows")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    _users_parser(sub)
    cli_ops.add_parsers(sub)
    from console.service.cli import add_service_parsers, cmd_api_key, cmd_api_token, cmd_serve

    add_service_parsers(sub)
    args = parser.parse_args(argv)
    args.db = args.db or default_db_path()
    commands = {
        "ingest": cmd_ingest,
        "seed": cmd_seed,
        "check": cmd_check,
        "users": cmd_users,
        "corrections": lambda a: cli_ops.cmd_corrections(a, _store(a)),
        "context": lambda a: cli_ops.cmd_context(a, _store(a)),
        "serve": cmd_serve,
        "api-token": cmd_api_token,
        "api-key": cmd_api_key,
    }
    try:
        return commands[args.command](args)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (StoreBusyError, StoreError) as exc:  # busy past the deadline; a full disk, a damaged file
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except (ValueError, PermissionError) as exc:  # users: a bad name, role or password; CredentialsError
        if args.command not in ("users", "api-token", "api-key"):
            raise
        print(f"error: {exc}", file=sys.stderr)
        return 1
