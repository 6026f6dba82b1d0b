# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (operations): Kubernetes incident, deploys with pagination and a retry. Written by hand (see README.md)."""

from __future__ import annotations

import random

OPS_SYS = (
    "You are an SRE assistant with read access to the cluster and the deploy pipeline. Ask before any change."
)


def _pods(seed: int, n: int) -> list:
    rng = random.Random(seed)
    apps = ["checkout", "cart", "search", "payments", "catalog", "auth", "recs", "email-worker"]
    out = []
    for _ in range(n):
        app = rng.choice(apps)
        suffix = "".join(rng.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(5))
        out.append(
            {
                "name": f"{app}-{rng.randrange(16**9):09x}-{suffix}",
                "namespace": "prod",
                "status": "Running",
                "restarts": rng.choice([0, 0, 0, 1, 2]),
                "node": f"ip-10-0-{rng.randrange(1, 60)}-{rng.randrange(2, 250)}.ec2.internal",
                "age": f"{rng.randrange(1, 30)}d",
            }
        )
    return out


_PODS = _pods(3, 180)
_BAD = "payments-7d9f8c6b54-x2kqv"
_PODS[117] = {
    "name": _BAD,
    "namespace": "prod",
    "status": "CrashLoopBackOff",
    "restarts": 37,
    "node": "ip-10-0-44-181.ec2.internal",
    "age": "2h",
}

K8S_INCIDENT = {
    "id": "k8s-incident",
    "domain": "devops",
    "lang": "en",
    "format": "openai",
    "system": OPS_SYS,
    "steps": [
        ("user", "payments is throwing 502s since the last deploy. can you check prod?"),
        (
            "calls",
            None,
            [("list_pods", {"namespace": "prod", "limit": 500}, {"items": _PODS, "continue": None}, True)],
        ),
        (
            "assistant",
            f"179 of 180 pods in prod are Running. One is not: {_BAD} is in CrashLoopBackOff with 37 restarts on node ip-10-0-44-181.ec2.internal.",
        ),
        ("user", "pull its logs"),
        (
            "calls",
            None,
            [
                (
                    "get_pod_logs",
                    {"namespace": "prod", "pod": _BAD, "tail_lines": 50, "previous": True},
                    {
                        "pod": _BAD,
                        "container": "payments",
                        "lines": [
                            "2024-04-02T11:02:13Z INFO starting payments-api version=v2.31.0 commit=9f3c2ab",
                            "2024-04-02T11:02:13Z INFO loading config from /etc/payments/config.yaml",
                            "2024-04-02T11:02:14Z ERROR config: missing required key 'stripe.webhook_secret'",
                            "2024-04-02T11:02:14Z FATAL exiting with code 78",
                        ],
                    },
                    True,
                )
            ],
        ),
        (
            "calls",
            "The new version fails on a missing config key. Let me look at the rollout history.",
            [
                (
                    "get_rollout_history",
                    {"namespace": "prod", "deployment": "payments"},
                    {
                        "deployment": "payments",
                        "revisions": [
                            {
                                "revision": 41,
                                "image": "registry.internal/payments:v2.29.4",
                                "created": "2024-03-27T09:10:00Z",
                            },
                            {
                                "revision": 42,
                                "image": "registry.internal/payments:v2.30.1",
                                "created": "2024-03-29T14:22:00Z",
                            },
                            {
                                "revision": 43,
                                "image": "registry.internal/payments:v2.31.0",
                                "created": "2024-04-02T10:58:00Z",
                            },
                        ],
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Revision 43 (v2.31.0) is the one crashing; revision 42 (v2.30.1) was stable. Roll back to 42?",
        ),
        ("user", "yes roll back to the previous revision"),
        (
            "calls",
            None,
            [
                (
                    "rollback_deployment",
                    {"namespace": "prod", "deployment": "payments", "to_revision": 42},
                    {
                        "deployment": "payments",
                        "revision": 44,
                        "image": "registry.internal/payments:v2.30.1",
                        "status": "progressing",
                    },
                    True,
                )
            ],
        ),
        (
            "calls",
            None,
            [
                (
                    "get_deployment_status",
                    {"namespace": "prod", "deployment": "payments"},
                    {
                        "deployment": "payments",
                        "ready_replicas": 6,
                        "replicas": 6,
                        "updated_replicas": 6,
                        "conditions": [{"type": "Available", "status": "True"}],
                    },
                    True,
                )
            ],
        ),
        ("assistant", "Rolled back: 6/6 replicas ready on v2.30.1."),
        (
            "user",
            "ok. open an incident ticket for the payments team with the commit and the error line, sev2",
        ),
        (
            "calls",
            None,
            [
                (
                    "create_incident",
                    {
                        "service": "payments",
                        "severity": "sev2",
                        "title": "payments v2.31.0 crash loop: missing config key stripe.webhook_secret",
                        "details": "commit 9f3c2ab; config: missing required key 'stripe.webhook_secret'; rolled back to revision 42 (v2.30.1)",
                    },
                    {"incident_id": "INC-20240402-0193", "status": "open"},
                    True,
                )
            ],
        ),
    ],
}


def _deploy_page(seed: int, n: int, cursor: str | None) -> dict:
    rng = random.Random(seed)
    services = ["web", "api-gateway", "billing", "notifications", "ledger", "reporting"]
    runs = []
    for _ in range(n):
        runs.append(
            {
                "run_id": f"run_{rng.randrange(10**6, 10**7)}",
                "service": rng.choice(services),
                "commit_sha": f"{rng.randrange(16**12):012x}",
                "status": rng.choice(["succeeded", "succeeded", "succeeded", "failed"]),
                "environment": rng.choice(["staging", "production"]),
                "finished_at": f"2024-04-0{rng.randrange(1, 8)}T{rng.randrange(0, 24):02d}:{rng.randrange(0, 60):02d}:00Z",
            }
        )
    return {"runs": runs, "next_cursor": cursor}


_PAGE1 = _deploy_page(21, 25, "eyJvZmZzZXQiOjI1fQ")
_PAGE2 = _deploy_page(22, 25, None)
_PAGE2["runs"][13] = {
    "run_id": "run_4471902",
    "service": "ledger",
    "commit_sha": "a41be07c93d2",
    "status": "succeeded",
    "environment": "staging",
    "finished_at": "2024-04-05T16:40:00Z",
}

DEPLOY_PIPELINE = {
    "id": "deploy-pipeline",
    "domain": "devops",
    "lang": "en",
    "format": "anthropic",
    "system": OPS_SYS,
    "steps": [
        (
            "user",
            "Find the ledger build that passed staging on Friday afternoon and promote that exact commit to production.",
        ),
        ("calls", None, [("list_pipeline_runs", {"service": "ledger", "limit": 25}, _PAGE1, True)]),
        (
            "calls",
            "Not on the first page; fetching the next one.",
            [
                (
                    "list_pipeline_runs",
                    {"service": "ledger", "limit": 25, "cursor": "eyJvZmZzZXQiOjI1fQ"},
                    _PAGE2,
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Found it: run_4471902, ledger commit a41be07c93d2, succeeded on staging Friday April 5 at 16:40 UTC. Promote a41be07c93d2 to production?",
        ),
        ("user", "go"),
        (
            "calls",
            None,
            [
                (
                    "trigger_deploy",
                    {"service": "ledger", "environment": "production", "commit_sha": "a41be07c93d2"},
                    {
                        "error": "Deploy lock held by user 'r.alvarez' until 2024-04-08T18:00:00Z (change freeze)"
                    },
                    False,
                )
            ],
        ),
        (
            "assistant",
            "Production deploys of ledger are locked by r.alvarez until Monday 18:00 UTC for a change freeze. Should I request an exception?",
        ),
        (
            "user",
            "yes, request an exception, reason: ledger rounding fix for month-end close, approver r.alvarez",
        ),
        (
            "calls",
            None,
            [
                (
                    "request_freeze_exception",
                    {
                        "service": "ledger",
                        "commit_sha": "a41be07c93d2",
                        "reason": "ledger rounding fix for month-end close",
                        "approver": "r.alvarez",
                    },
                    {"exception_id": "EXC-3302", "status": "approved", "valid_until": "2024-04-06T23:59:00Z"},
                    True,
                )
            ],
        ),
        (
            "calls",
            "Approved. Retrying the deploy.",
            [
                (
                    "trigger_deploy",
                    {
                        "service": "ledger",
                        "environment": "production",
                        "commit_sha": "a41be07c93d2",
                        "exception_id": "EXC-3302",
                    },
                    {"run_id": "run_4480115", "status": "running"},
                    True,
                )
            ],
        ),
        (
            "calls",
            None,
            [
                (
                    "get_pipeline_run",
                    {"run_id": "run_4480115"},
                    {
                        "run_id": "run_4480115",
                        "status": "failed",
                        "failed_step": "smoke-tests",
                        "log_url": "https://ci.internal/runs/4480115/smoke-tests",
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "The deploy ran but the smoke tests failed (https://ci.internal/runs/4480115/smoke-tests). Retry once?",
        ),
        ("user", "retry just the smoke tests step"),
        (
            "calls",
            None,
            [
                (
                    "retry_pipeline_step",
                    {"run_id": "run_4480115", "step": "smoke-tests"},
                    {"run_id": "run_4480115", "status": "succeeded"},
                    True,
                )
            ],
        ),
    ],
}
