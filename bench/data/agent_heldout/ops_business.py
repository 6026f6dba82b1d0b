# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (operations): an inventory report, a card dispute. Written by hand (see README.md)."""

from __future__ import annotations

import random


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
