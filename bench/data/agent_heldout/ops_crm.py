# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (operations): CRM tickets with a Chinese user. Written by hand (see README.md)."""

from __future__ import annotations

CRM_SYS = "你是客服系统的助手，可以查询客户、工单并更新工单。"

CRM_TICKETS_ZH = {
    "id": "crm-tickets-zh",
    "domain": "crm",
    "lang": "zh",
    "format": "anthropic",
    "system": CRM_SYS,
    "steps": [
        ("user", "帮我查一下客户“杭州云栖科技”最近的投诉工单。"),
        (
            "calls",
            None,
            [
                (
                    "search_customers",
                    {"query": "杭州云栖科技"},
                    {
                        "results": [
                            {
                                "customer_id": "CUS-008812",
                                "name": "杭州云栖科技有限公司",
                                "tier": "enterprise",
                                "owner": {"user_id": "u_1021", "name": "周婷"},
                            },
                            {
                                "customer_id": "CUS-011934",
                                "name": "杭州云栖科技（分公司）",
                                "tier": "standard",
                                "owner": {"user_id": "u_1188", "name": "孙磊"},
                            },
                        ]
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
                    "list_tickets",
                    {"customer_id": "CUS-008812", "type": "complaint", "status": "open"},
                    {
                        "tickets": [
                            {
                                "ticket_id": "TK-2024-55107",
                                "subject": "发票抬头错误",
                                "priority": "P3",
                                "created": "2024-04-01",
                                "assignee": None,
                            },
                            {
                                "ticket_id": "TK-2024-55342",
                                "subject": "API 调用频繁超时",
                                "priority": "P1",
                                "created": "2024-04-03",
                                "assignee": {"user_id": "u_2040", "name": "赵强"},
                            },
                            {
                                "ticket_id": "TK-2024-55390",
                                "subject": "账单重复扣费",
                                "priority": "P2",
                                "created": "2024-04-03",
                                "assignee": None,
                            },
                        ],
                        "total": 3,
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "杭州云栖科技有限公司（CUS-008812）有3个未关闭的投诉：TK-2024-55107 发票抬头错误（P3，未分配）、TK-2024-55342 API 调用频繁超时（P1，赵强）、TK-2024-55390 账单重复扣费（P2，未分配）。",
        ),
        ("user", "重复扣费那个转给财务组的刘洋，优先级提到P1。"),
        (
            "calls",
            None,
            [
                (
                    "search_users",
                    {"query": "刘洋", "team": "finance"},
                    {
                        "users": [
                            {
                                "user_id": "u_3307",
                                "name": "刘洋",
                                "team": "finance",
                                "email": "liu.yang@corp.example",
                            },
                            {
                                "user_id": "u_3391",
                                "name": "刘洋洋",
                                "team": "finance",
                                "email": "liu.yy@corp.example",
                            },
                        ]
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
                    "update_ticket",
                    {"ticket_id": "TK-2024-55390", "assignee_id": "u_3307", "priority": "P1"},
                    {
                        "ticket_id": "TK-2024-55390",
                        "assignee": {"user_id": "u_3307", "name": "刘洋"},
                        "priority": "P1",
                        "updated_at": "2024-04-03T10:22:05+08:00",
                    },
                    True,
                )
            ],
        ),
        ("assistant", "已转给财务组刘洋（u_3307），优先级改为P1。"),
        ("user", "再给超时那个工单加一条备注：客户要求今天下班前给出初步原因。"),
        (
            "calls",
            None,
            [
                (
                    "add_ticket_comment",
                    {
                        "ticket_id": "TK-2024-55342",
                        "body": "客户要求今天下班前给出初步原因。",
                        "internal": True,
                    },
                    {"comment_id": "CM-889120", "ticket_id": "TK-2024-55342"},
                    True,
                )
            ],
        ),
        ("user", "发票那个直接关掉吧，已经线下处理了，关闭原因写线下已处理。"),
        (
            "calls",
            None,
            [
                (
                    "close_ticket",
                    {"ticket_id": "TK-2024-55107", "resolution": "线下已处理"},
                    {"ticket_id": "TK-2024-55107", "status": "closed"},
                    True,
                )
            ],
        ),
    ],
}
