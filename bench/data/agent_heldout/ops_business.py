# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (operations): CRM tickets, an inventory report, a card dispute. Written by hand (see README.md)."""

from __future__ import annotations

import random

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


def _sales_rows(seed: int, n: int) -> list:
    rng = random.Random(seed)
    cats = ["cables", "chargers", "cases", "audio", "storage", "networking"]
    out = []
    for _ in range(n):
        sku = f"SKU-{rng.randrange(10**5, 10**6)}"
        out.append(
            {
                "sku": sku,
                "category": rng.choice(cats),
                "units_sold_30d": rng.randrange(0, 900),
                "on_hand": rng.randrange(0, 400),
                "supplier": {
                    "supplier_id": f"SUP-{rng.randrange(100, 999)}",
                    "lead_time_days": rng.randrange(3, 40),
                },
                "unit_cost": round(rng.uniform(0.8, 60), 2),
            }
        )
    return out


_ROWS = _sales_rows(13, 320)
_ROWS[201] = {
    "sku": "SKU-418203",
    "category": "storage",
    "units_sold_30d": 871,
    "on_hand": 4,
    "supplier": {"supplier_id": "SUP-377", "lead_time_days": 12},
    "unit_cost": 23.15,
}

INVENTORY_REPORT = {
    "id": "inventory-report",
    "domain": "inventory",
    "lang": "en",
    "format": "openai",
    "system": "You are an operations analyst assistant with the warehouse's reporting and purchasing tools.",
    "steps": [
        ("user", "Pull the 30-day sales report for warehouse FRA-2 and tell me what's about to run out."),
        (
            "calls",
            None,
            [
                (
                    "run_sales_report",
                    {"warehouse": "FRA-2", "window_days": 30},
                    {"warehouse": "FRA-2", "rows": _ROWS, "generated_at": "2024-04-04T07:00:00Z"},
                    True,
                )
            ],
        ),
        (
            "assistant",
            "The fastest seller with almost no stock is SKU-418203 (storage): 871 units sold in 30 days, only 4 on hand, supplier SUP-377 with a 12-day lead time.",
        ),
        ("user", "order 900 of it from that supplier, express shipping"),
        (
            "calls",
            None,
            [
                (
                    "get_supplier",
                    {"supplier_id": "SUP-377"},
                    {
                        "supplier_id": "SUP-377",
                        "name": "Rhein Components GmbH",
                        "contact": "orders@rhein-components.example",
                        "shipping_options": ["standard", "express"],
                        "min_order": 100,
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
                    "create_purchase_order",
                    {
                        "warehouse": "FRA-2",
                        "sku": "SKU-418203",
                        "quantity": 900,
                        "supplier_id": "SUP-377",
                        "shipping": "express",
                    },
                    {"po_id": "PO-77120", "status": "submitted", "eta": "2024-04-12"},
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Purchase order PO-77120 is submitted: 900 x SKU-418203 from Rhein Components, express, ETA April 12.",
        ),
        ("user", "email the PO number to the supplier contact and cc me (dana.kim@retailco.example)"),
        (
            "calls",
            None,
            [
                (
                    "send_email",
                    {
                        "to": ["orders@rhein-components.example"],
                        "cc": ["dana.kim@retailco.example"],
                        "subject": "Purchase order PO-77120",
                        "body": "Please confirm PO-77120: 900 x SKU-418203, express shipping.",
                    },
                    {"status": "sent"},
                    True,
                )
            ],
        ),
    ],
}


def _transactions(seed: int, n: int, start: int) -> list:
    rng = random.Random(seed)
    merchants = [
        "REWE",
        "Lidl",
        "Deutsche Bahn",
        "Spotify",
        "Amazon Marketplace",
        "Shell",
        "Apotheke am Markt",
        "Uber",
        "Zalando",
    ]
    out = []
    for i in range(n):
        out.append(
            {
                "transaction_id": f"tx_{rng.randrange(16**10):010x}",
                "posted": f"2024-03-{max(1, 28 - (start + i) // 3):02d}",
                "merchant": {"name": rng.choice(merchants), "mcc": str(rng.randrange(4000, 6000))},
                "amount": {"value": round(-rng.uniform(2, 180), 2), "currency": "EUR"},
                "status": "posted",
            }
        )
    return out


_TX1 = _transactions(31, 30, 0)
_TX2 = _transactions(32, 30, 30)
_TX2[17] = {
    "transaction_id": "tx_9e41c07b22",
    "posted": "2024-03-19",
    "merchant": {"name": "STREAMPLUS*DIGITAL", "mcc": "5815"},
    "amount": {"value": -59.99, "currency": "EUR"},
    "status": "posted",
}
_TX2[18] = {
    "transaction_id": "tx_9e41c07b23",
    "posted": "2024-03-19",
    "merchant": {"name": "STREAMPLUS*DIGITAL", "mcc": "5815"},
    "amount": {"value": -59.99, "currency": "EUR"},
    "status": "posted",
}

CARD_DISPUTE = {
    "id": "card-dispute",
    "domain": "banking",
    "lang": "en",
    "format": "openai",
    "system": "You are a card services assistant. You can list card transactions and open disputes.",
    "steps": [
        ("user", "I was charged twice by some streaming service in March. Card ending 4821."),
        (
            "calls",
            None,
            [
                (
                    "list_cards",
                    {"customer_id": "c_771200"},
                    {
                        "cards": [
                            {"card_id": "card_01HQ8Z", "last4": "4821", "type": "debit", "status": "active"},
                            {"card_id": "card_01HR2M", "last4": "0075", "type": "credit", "status": "active"},
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
                    "list_transactions",
                    {"card_id": "card_01HQ8Z", "from": "2024-03-01", "to": "2024-03-31", "page_size": 30},
                    {"transactions": _TX1, "next_page_token": "pg_2_c771200"},
                    True,
                )
            ],
        ),
        (
            "calls",
            None,
            [
                (
                    "list_transactions",
                    {
                        "card_id": "card_01HQ8Z",
                        "from": "2024-03-01",
                        "to": "2024-03-31",
                        "page_size": 30,
                        "page_token": "pg_2_c771200",
                    },
                    {"transactions": _TX2, "next_page_token": None},
                    True,
                )
            ],
        ),
        (
            "assistant",
            "On March 19 there are two identical charges from STREAMPLUS*DIGITAL of 59.99 EUR each (tx_9e41c07b22 and tx_9e41c07b23). Is the second one the duplicate you want to dispute?",
        ),
        ("user", "yes the second one. reason: duplicate charge"),
        (
            "calls",
            None,
            [
                (
                    "open_dispute",
                    {
                        "card_id": "card_01HQ8Z",
                        "transaction_id": "tx_9e41c07b23",
                        "reason": "duplicate charge",
                        "amount": 59.99,
                    },
                    {"error": "reason must be one of: duplicate, fraud, not_received, other"},
                    False,
                )
            ],
        ),
        (
            "calls",
            None,
            [
                (
                    "open_dispute",
                    {
                        "card_id": "card_01HQ8Z",
                        "transaction_id": "tx_9e41c07b23",
                        "reason": "duplicate",
                        "amount": 59.99,
                    },
                    {"dispute_id": "dsp_55018", "status": "submitted", "provisional_credit": 59.99},
                    True,
                )
            ],
        ),
        ("assistant", "Dispute dsp_55018 is open; 59.99 EUR is credited provisionally."),
        ("user", "and freeze the card until it's sorted, I don't trust that merchant"),
        (
            "calls",
            None,
            [
                (
                    "set_card_status",
                    {"card_id": "card_01HQ8Z", "status": "frozen"},
                    {"card_id": "card_01HQ8Z", "status": "frozen"},
                    True,
                )
            ],
        ),
    ],
}
