# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (customer-facing): bank transfers, calendar and email. Written by hand (see README.md)."""

from __future__ import annotations

import random

BANK_SYS = (
    "You are a bank's assistant. You may list accounts and payees and make transfers the user confirms."
)

BANK_TRANSFER_ZH = {
    "id": "bank-transfer-zh",
    "domain": "banking",
    "lang": "zh",
    "format": "openai",
    "system": BANK_SYS,
    "steps": [
        ("user", "帮我给房东转这个月的房租，4800元，备注写“3月房租”。"),
        (
            "calls",
            None,
            [
                (
                    "list_accounts",
                    {"customer_id": "cust_60221"},
                    {
                        "accounts": [
                            {
                                "account_id": "acc_chk_1182",
                                "type": "checking",
                                "currency": "CNY",
                                "balance": 3120.55,
                                "nickname": "工资卡",
                            },
                            {
                                "account_id": "acc_sav_4470",
                                "type": "savings",
                                "currency": "CNY",
                                "balance": 58210.0,
                                "nickname": "储蓄",
                            },
                            {
                                "account_id": "acc_usd_0931",
                                "type": "checking",
                                "currency": "USD",
                                "balance": 1904.2,
                                "nickname": "美元户",
                            },
                        ],
                        "next_cursor": None,
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
                    "list_payees",
                    {"customer_id": "cust_60221", "query": "房东"},
                    {
                        "payees": [
                            {
                                "payee_id": "pye_88301",
                                "name": "王建国（房东）",
                                "bank": "招商银行",
                                "account_tail": "6621",
                            },
                            {
                                "payee_id": "pye_88417",
                                "name": "王建国",
                                "bank": "建设银行",
                                "account_tail": "0937",
                            },
                        ]
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "找到两个收款人：王建国（房东，招商银行尾号6621）和王建国（建设银行尾号0937）。另外工资卡余额只有3120.55元，不够4800元。要从储蓄账户转吗？",
        ),
        ("user", "转给招行那个，从储蓄转。"),
        (
            "calls",
            None,
            [
                (
                    "create_transfer",
                    {
                        "from_account_id": "acc_sav_4470",
                        "payee_id": "pye_88301",
                        "amount": 4800,
                        "currency": "CNY",
                        "memo": "3月房租",
                    },
                    {
                        "error": "Savings account transfers to external payees require a daily limit check: limit 3000 CNY remaining"
                    },
                    False,
                )
            ],
        ),
        (
            "assistant",
            "储蓄账户今天对外转账只剩3000元额度。可以先从储蓄转3000元，再从工资卡转1800元，可以吗？",
        ),
        ("user", "可以，就这么转。"),
        (
            "calls",
            None,
            [
                (
                    "create_transfer",
                    {
                        "from_account_id": "acc_sav_4470",
                        "payee_id": "pye_88301",
                        "amount": 3000,
                        "currency": "CNY",
                        "memo": "3月房租",
                    },
                    {"transfer_id": "trf_20240311_7781", "status": "completed", "amount": 3000},
                    True,
                ),
                (
                    "create_transfer",
                    {
                        "from_account_id": "acc_chk_1182",
                        "payee_id": "pye_88301",
                        "amount": 1800,
                        "currency": "CNY",
                        "memo": "3月房租",
                    },
                    {"transfer_id": "trf_20240311_7782", "status": "completed", "amount": 1800},
                    True,
                ),
            ],
        ),
        ("assistant", "两笔都已完成：trf_20240311_7781（3000元）和 trf_20240311_7782（1800元）。"),
        ("user", "把第一笔的回单发到我邮箱 lin.yue@example.cn"),
        (
            "calls",
            None,
            [
                (
                    "send_receipt",
                    {"transfer_id": "trf_20240311_7781", "email": "lin.yue@example.cn"},
                    {"sent": True},
                    True,
                )
            ],
        ),
    ],
}

CAL_SYS = "You are an executive assistant with calendar and email tools. Times are in the user's time zone (Europe/Berlin)."


def _week_events(seed: int) -> list:
    rng = random.Random(seed)
    titles = [
        "1:1 with Jonas",
        "Quarterly planning",
        "Vendor call",
        "Hiring sync",
        "Design review",
        "Lunch",
        "Focus time",
        "Board prep",
    ]
    people = [
        "jonas.weber@northwind.io",
        "amelie.roux@northwind.io",
        "k.tanaka@northwind.io",
        "li.na@northwind.io",
        "sam.oduya@acme-partners.com",
    ]
    out = []
    for day in range(11, 16):
        for slot in sorted(rng.sample(range(8, 18), 4)):
            out.append(
                {
                    "event_id": f"evt_{rng.randrange(16**8):08x}",
                    "title": rng.choice(titles),
                    "start": f"2024-03-{day:02d}T{slot:02d}:00:00+01:00",
                    "end": f"2024-03-{day:02d}T{slot:02d}:45:00+01:00",
                    "attendees": rng.sample(people, 2),
                    "location": rng.choice(["Room Elbe", "Zoom", "Room Spree", None]),
                }
            )
    return out


_EVENTS = _week_events(5)
_EVENTS.append(
    {
        "event_id": "evt_5c01e9aa",
        "title": "Contract review with Acme",
        "start": "2024-03-14T15:00:00+01:00",
        "end": "2024-03-14T16:00:00+01:00",
        "attendees": ["sam.oduya@acme-partners.com", "amelie.roux@northwind.io"],
        "location": "Zoom",
    }
)

CALENDAR_EMAIL = {
    "id": "calendar-email",
    "domain": "calendar",
    "lang": "en",
    "format": "anthropic",
    "system": CAL_SYS,
    "steps": [
        ("user", "What does my week look like? Specifically I need to find the Acme contract review."),
        (
            "calls",
            None,
            [
                (
                    "list_events",
                    {
                        "calendar_id": "primary",
                        "time_min": "2024-03-11T00:00:00+01:00",
                        "time_max": "2024-03-16T00:00:00+01:00",
                    },
                    {"events": _EVENTS, "next_page_token": None},
                    True,
                )
            ],
        ),
        (
            "assistant",
            "You have 21 events this week. The Contract review with Acme is on Thursday March 14, 15:00-16:00 on Zoom, with Sam Oduya and Amélie Roux.",
        ),
        (
            "user",
            "Move it to Friday same time, and tell Sam by email that we moved it because legal needs another day.",
        ),
        (
            "calls",
            None,
            [
                (
                    "find_free_slots",
                    {
                        "calendar_id": "primary",
                        "date": "2024-03-15",
                        "duration_minutes": 60,
                        "attendees": ["sam.oduya@acme-partners.com", "amelie.roux@northwind.io"],
                    },
                    {
                        "free": [
                            {"start": "2024-03-15T10:00:00+01:00", "end": "2024-03-15T11:00:00+01:00"},
                            {"start": "2024-03-15T15:00:00+01:00", "end": "2024-03-15T16:00:00+01:00"},
                        ]
                    },
                    True,
                )
            ],
        ),
        (
            "calls",
            "15:00 on Friday is free for everyone.",
            [
                (
                    "update_event",
                    {
                        "event_id": "evt_5c01e9aa",
                        "start": "2024-03-15T15:00:00+01:00",
                        "end": "2024-03-15T16:00:00+01:00",
                    },
                    {
                        "event_id": "evt_5c01e9aa",
                        "status": "confirmed",
                        "start": "2024-03-15T15:00:00+01:00",
                        "updated": "2024-03-11T09:12:40Z",
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
                    "send_email",
                    {
                        "to": ["sam.oduya@acme-partners.com"],
                        "subject": "Contract review moved to Friday 15:00",
                        "body": "Hi Sam, we moved the contract review to Friday, March 15, 15:00-16:00 (same Zoom link) because legal needs another day. Best",
                    },
                    {"message_id": "msg_18e2a7f0c4", "status": "sent"},
                    True,
                )
            ],
        ),
        ("assistant", "Done: the review is now Friday 15:00-16:00 and Sam has the email."),
        (
            "user",
            "Also cc Amelie on that email thread with a short note, and set a reminder 30 min before the review.",
        ),
        (
            "calls",
            None,
            [
                (
                    "reply_email",
                    {
                        "message_id": "msg_18e2a7f0c4",
                        "to": ["amelie.roux@northwind.io"],
                        "body": "FYI, moved to Friday 15:00.",
                    },
                    {"message_id": "msg_18e2a7f9d1", "status": "sent"},
                    True,
                ),
                ("add_reminder", {"event_id": "evt_5c01e9aa", "minutes_before": 30}, {"ok": True}, True),
            ],
        ),
    ],
}
