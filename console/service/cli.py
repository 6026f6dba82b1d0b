"""The service's commands of ``python -m console``: serve, api-token, api-key (wired in console/cli.py).

    python -m console serve [--host 127.0.0.1] [--port 8700] [--protocol v1+v2|v2-only] [--rules-only]
    python -m console api-token create NAME --role agent|operator   # the token is the last line printed
    python -m console api-token list | revoke NAME
    python -m console api-key rotate [--grace-days 7]               # the new key id and secret, printed once
    python -m console api-key list

Whoever runs these can read the database file anyway, so the CLI acts as admin; every change is
audited as ``cli:<login name>``.
"""

from __future__ import annotations

import argparse
import getpass
import secrets
from datetime import timedelta

from data.concurrency import RetryPolicy
from data.service_store import ROTATION_GRACE, ServiceStore

DEFAULT_PORT = 8700
KEEP_ALIVE_S = 75


def add_service_parsers(sub: argparse._SubParsersAction) -> None:
    """The serve, api-token and api-key subcommands."""
    serve = sub.add_parser("serve", help="the compaction service over HTTP (FastAPI on uvicorn)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument(
        "--protocol", choices=["v1+v2", "v2-only"], default="v1+v2", help="refuse v1 requests with v2-only"
    )
    serve.add_argument(
        "--max-body", type=int, default=None, help="request body limit in bytes (default 1 MiB)"
    )
    serve.add_argument("--rules-only", action="store_true", help="no embedding model")
    serve.add_argument(
        "--writer-interval",
        type=float,
        default=None,
        help="least seconds between two transactions of the group-commit writer (default: "
        "console/service/app.py WRITER_INTERVAL_S; 0 commits as soon as a save waits)",
    )
    serve.add_argument("--log-level", default="warning", help="uvicorn's log level (default warning)")
    token = sub.add_parser("api-token", help="bearer tokens of the service: create, list, revoke")
    cmds = token.add_subparsers(dest="token_command", required=True)
    create = cmds.add_parser("create", help="make a token (printed once, as the last line)")
    create.add_argument("name")
    create.add_argument("--role", choices=["agent", "operator"], required=True)
    cmds.add_parser("list", help="the tokens, their roles and whether revoked")
    revoke = cmds.add_parser("revoke", help="revoke a token (it stops working at once)")
    revoke.add_argument("name")
    key = sub.add_parser("api-key", help="HMAC signing keys of the v2 protocol: rotate, list")
    kcmds = key.add_subparsers(dest="key_command", required=True)
    rotate = kcmds.add_parser("rotate", help="a new signing key; the current ones stay valid --grace-days")
    rotate.add_argument("--grace-days", type=float, default=ROTATION_GRACE.days)
    kcmds.add_parser("list", help="the signing keys and their expiry (never the secrets)")


def _store(args: argparse.Namespace) -> ServiceStore:
    return ServiceStore.open(args.db, policy=RetryPolicy(deadline=30.0), linger=0)


KEEP_ALIVE_S = 75  # seconds an idle HTTP connection is kept open by the service


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the service until interrupted."""
    import uvicorn

    from console.service.app import MAX_BODY_BYTES, WRITER_INTERVAL_S, ServiceSettings, create_app

    interval = WRITER_INTERVAL_S if args.writer_interval is None else max(0.0, args.writer_interval)
    settings = ServiceSettings(
        db=args.db,
        protocol=args.protocol,
        max_body=args.max_body or MAX_BODY_BYTES,
        rules_only=args.rules_only,
        writer_interval=interval,
    )
    print(f"serving {args.db} on http://{args.host}:{args.port} (docs at /docs)", flush=True)
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=False,
        # longer than a client keeps an idle connection (httpx: 5 s), so the client always closes
        # first: with both at 5 s the server closed connections a client was reusing at that moment
        timeout_keep_alive=KEEP_ALIVE_S,
    )
    return 0


def cmd_api_token(args: argparse.Namespace) -> int:
    """create / list / revoke bearer tokens."""
    from console.service.auth import new_token, token_hash

    store = _store(args)
    actor = f"cli:{getpass.getuser()}"
    if args.token_command == "create":
        token = new_token()
        made = store.create_token(args.name, args.role, token_hash(token), actor=actor)
        print(f"token {made.name!r} ({made.role}) created; it is shown once, keep it now:")
        print(token)
    elif args.token_command == "list":
        for t in store.tokens():
            state = f"revoked {t.revoked_at:%Y-%m-%d %H:%M}" if t.revoked_at else "live"
            print(f"{t.name:24s} {t.role:9s} {t.created_at:%Y-%m-%d %H:%M} {state}")
    else:
        try:
            store.revoke_token(args.name, actor=actor)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from exc
        print(f"token {args.name!r} revoked")
    store.close()
    return 0


def cmd_api_key(args: argparse.Namespace) -> int:
    """rotate / list the v2 signing keys."""
    store = _store(args)
    if args.key_command == "rotate":
        key_id = f"k-{secrets.token_hex(4)}"
        secret = secrets.token_urlsafe(32)
        previous = store.rotate_key(
            key_id, secret, actor=f"cli:{getpass.getuser()}", grace=timedelta(days=args.grace_days)
        )
        if previous:
            print(f"the previous keys ({', '.join(previous)}) stay valid for {args.grace_days:g} days")
        print("new signing key (the secret is shown once): key id, then secret")
        print(key_id)
        print(secret)
    else:
        for k in store.signing_keys():
            until = f"expires {k.expires_at:%Y-%m-%d %H:%M}" if k.expires_at else "no expiry"
            print(f"{k.key_id:14s} created {k.created_at:%Y-%m-%d %H:%M} {until}")
    store.close()
    return 0
