"""Two operations of the console's command line: CSV corrections and the served context.

    python -m console corrections apply FILE.csv --actor NAME [--dry-run]
    python -m console context CONTEXT_ID

``corrections apply`` is the Facts page's CSV upload without the page: the same reader, preview and
all-or-nothing apply (console.services.csv_corrections), every refused row named by its line, exit
2 when any row is refused (nothing is applied then), 0 when every row was applied (or, with
--dry-run, would be). ``context`` prints the context the model is served now for that id: what the
Sessions page shows under "the context the model is given now" (the raw dialogue when the circuit
breaker serves the context raw); how it is served goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from data.store import Store


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """The ``corrections`` and ``context`` sub-commands."""
    corrections = sub.add_parser("corrections", help="fact corrections from a CSV file (as the Facts page)")
    cmds = corrections.add_subparsers(dest="corrections_command", required=True)
    apply = cmds.add_parser("apply", help="apply every row of a CSV file in one transaction, or none")
    apply.add_argument("file", type=Path, help="CSV with the header context_id,key,new_value[,reason]")
    apply.add_argument("--actor", required=True, help="who makes the corrections (recorded in the audit)")
    apply.add_argument("--dry-run", action="store_true", help="check and show every row, apply nothing")
    context = sub.add_parser("context", help="print the context the model is served now for a context id")
    context.add_argument("context_id")


def cmd_corrections(args: argparse.Namespace, store: Store) -> int:
    """Preview (``--dry-run``) or apply a corrections CSV; 2 when any row is refused."""
    from console.services.csv_corrections import apply_csv, preview_csv

    try:
        data = args.file.read_bytes()
    except OSError as exc:
        print(f"error: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    actor = (args.actor or "").strip()
    if not actor:
        print("error: --actor names who makes the corrections", file=sys.stderr)
        return 1
    if args.dry_run:
        preview = preview_csv(store, data, actor=actor, role="operator")
    else:
        outcome = apply_csv(store, data, actor=actor, role="operator")
        preview = outcome.preview
        if outcome.batch is not None and not outcome.batch.applied:  # refused inside the transaction
            for o in outcome.batch.errors:
                print(f"{args.file}:{o.row}: {o.context_id} {o.key}: {o.error}", file=sys.stderr)
            print(f"{args.file}: nothing applied", file=sys.stderr)
            return 2
    if preview.file_error:
        print(f"error: {args.file}: {preview.file_error}", file=sys.stderr)
        return 2
    for row in preview.rows:
        if row.status == "error":
            print(f"{args.file}:{row.line}: {row.context_id} {row.key}: {row.error}", file=sys.stderr)
        else:
            print(
                f"{args.file}:{row.line}: {row.context_id} {row.key}: {row.old_value!r} -> {row.new_value!r}"
            )
    changes, errors = len(preview.changes), len(preview.errors)
    if errors or not preview.rows:
        print(f"{args.file}: {errors} row(s) refused; nothing applied", file=sys.stderr)
        return 2
    verb = "would change" if args.dry_run else "changed"
    print(
        f"{args.file}: {len(preview.rows)} row(s), {verb} {changes} fact(s)"
        + (" (dry run)" if args.dry_run else "")
    )
    return 0


def cmd_context(args: argparse.Namespace, store: Store) -> int:
    """Print the served context of one context id; 2 for an unknown id."""
    from console.services.sessions import session_detail
    from core.served import raw_context

    detail = session_detail(store, args.context_id)
    if detail is None:
        print(f"error: no context {args.context_id!r} in {store.path}", file=sys.stderr)
        return 2
    text = detail.rendered  # the served text, decided as the core decides it (core.served)
    if text is None:  # stored without a served text: what raw mode serves
        text = raw_context([m.message for m in detail.messages], store.current_config().history_budget)
    print(
        f"{args.context_id}: served {detail.served_mode}"
        + (f" ({detail.served_reason})" if detail.served_reason else ""),
        file=sys.stderr,
    )
    print(text)
    return 0
