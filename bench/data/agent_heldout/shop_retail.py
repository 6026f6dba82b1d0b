# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (customer-facing): retail returns and exchanges. Written by hand (see README.md)."""

from __future__ import annotations

import random

RETAIL_SYS = (
    "You are a retail support agent. Authenticate the user by email or by name and zip code before "
    "any change. Confirm every write action with the user. Refunds go to the original payment method "
    "or an existing gift card."
)


def _catalog_variants(seed: int, product: str, n: int) -> dict:
    """A product's variants keyed by item id (a large nested result)."""
    rng = random.Random(seed)
    colors = ["black", "white", "blue", "red", "green", "grey", "silver"]
    sizes = ["S", "M", "L", "XL"]
    out = {}
    for _ in range(n):
        item = str(rng.randrange(10**9, 10**10))
        out[item] = {
            "item_id": item,
            "options": {
                "color": rng.choice(colors),
                "size": rng.choice(sizes),
                "material": rng.choice(["cotton", "polyester", "wool"]),
            },
            "available": rng.random() > 0.3,
            "price": round(rng.uniform(40, 120), 2),
        }
    return {"name": product, "product_id": str(rng.randrange(10**9, 10**10)), "variants": out}


_JACKET = _catalog_variants(7, "Hiking Jacket", 40)
# the variant the user asks for: blue, L, wool, available
_JACKET["variants"]["6312770448"] = {
    "item_id": "6312770448",
    "options": {"color": "blue", "size": "L", "material": "wool"},
    "available": True,
    "price": 98.4,
}

RETAIL_RETURN = {
    "id": "retail-return",
    "domain": "retail",
    "lang": "en",
    "format": "openai",
    "system": RETAIL_SYS,
    "steps": [
        (
            "user",
            "Hi, I want to return a couple of things from a recent order. My email is maya.okafor@example.net",
        ),
        (
            "calls",
            None,
            [("find_user_id_by_email", {"email": "maya.okafor@example.net"}, "maya_okafor_3391", True)],
        ),
        (
            "calls",
            None,
            [
                (
                    "get_user_details",
                    {"user_id": "maya_okafor_3391"},
                    {
                        "user_id": "maya_okafor_3391",
                        "name": {"first_name": "Maya", "last_name": "Okafor"},
                        "address": {
                            "address1": "118 Linden Street",
                            "address2": "Apt 4B",
                            "city": "Columbus",
                            "state": "OH",
                            "zip": "43215",
                            "country": "USA",
                        },
                        "email": "maya.okafor@example.net",
                        "payment_methods": {
                            "credit_card_4410985": {
                                "source": "credit_card",
                                "brand": "visa",
                                "last_four": "7721",
                                "id": "credit_card_4410985",
                            },
                            "gift_card_2281736": {
                                "source": "gift_card",
                                "balance": 64.0,
                                "id": "gift_card_2281736",
                            },
                            "paypal_9902114": {"source": "paypal", "id": "paypal_9902114"},
                        },
                        "orders": ["#W5082316", "#W7741930", "#W1126658"],
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Thanks Maya, I found your account. You have three orders: #W5082316, #W7741930 and #W1126658. Which one has the items you want to return?",
        ),
        ("user", "It's the one with the coffee grinder and the desk lamp, I think the second one."),
        (
            "calls",
            None,
            [
                (
                    "get_order_details",
                    {"order_id": "#W7741930"},
                    {
                        "order_id": "#W7741930",
                        "user_id": "maya_okafor_3391",
                        "status": "delivered",
                        "items": [
                            {
                                "name": "Coffee Grinder",
                                "product_id": "9960145732",
                                "item_id": "3220451918",
                                "price": 182.13,
                                "options": {"capacity": "250g", "type": "burr"},
                            },
                            {
                                "name": "Desk Lamp",
                                "product_id": "6817146515",
                                "item_id": "5559186037",
                                "price": 151.02,
                                "options": {"color": "black", "power source": "USB"},
                            },
                            {
                                "name": "Water Bottle",
                                "product_id": "8310926033",
                                "item_id": "7661609223",
                                "price": 46.51,
                                "options": {"capacity": "1000ml", "material": "stainless steel"},
                            },
                        ],
                        "fulfillments": [
                            {
                                "tracking_id": ["482019377615"],
                                "item_ids": ["3220451918", "5559186037", "7661609223"],
                            }
                        ],
                        "payment_history": [
                            {
                                "transaction_type": "payment",
                                "amount": 379.66,
                                "payment_method_id": "paypal_9902114",
                            }
                        ],
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Order #W7741930 was delivered with a Coffee Grinder ($182.13), a Desk Lamp ($151.02) and a Water Bottle ($46.51). You'd like to return the grinder and the lamp. Where should the refund go: the original PayPal account or your gift card?",
        ),
        ("user", "Put it on the gift card please. Oh and actually, keep the lamp, only return the grinder."),
        (
            "assistant",
            "Got it: return only the Coffee Grinder (item 3220451918) from #W7741930, refund of $182.13 to gift card gift_card_2281736. Shall I go ahead?",
        ),
        ("user", "yes"),
        (
            "calls",
            None,
            [
                (
                    "return_delivered_order_items",
                    {
                        "order_id": "#W7741930",
                        "item_ids": ["3220451918"],
                        "payment_method_id": "gift_card_2281736",
                    },
                    {
                        "order_id": "#W7741930",
                        "status": "return requested",
                        "return_items": ["3220451918"],
                        "return_payment_method_id": "gift_card_2281736",
                    },
                    True,
                )
            ],
        ),
        (
            "assistant",
            "Done. The return of the Coffee Grinder is requested; you'll get an email with the return label. Anything else?",
        ),
        (
            "user",
            "Can you also change the shipping address on my last order #W1126658 to my office, 400 Gay Street, Suite 210, Columbus OH 43215?",
        ),
        (
            "calls",
            None,
            [
                (
                    "get_order_details",
                    {"order_id": "#W1126658"},
                    {
                        "order_id": "#W1126658",
                        "status": "pending",
                        "items": [{"name": "Yoga Mat", "item_id": "2733768059", "price": 33.9}],
                        "address": {
                            "address1": "118 Linden Street",
                            "address2": "Apt 4B",
                            "city": "Columbus",
                            "state": "OH",
                            "zip": "43215",
                        },
                    },
                    True,
                )
            ],
        ),
        ("user", "yes go ahead"),
        (
            "calls",
            None,
            [
                (
                    "modify_pending_order_address",
                    {
                        "order_id": "#W1126658",
                        "address1": "400 Gay Street",
                        "address2": "Suite 210",
                        "city": "Columbus",
                        "state": "OH",
                        "zip": "43215",
                        "country": "USA",
                    },
                    {
                        "order_id": "#W1126658",
                        "status": "pending",
                        "address": {"address1": "400 Gay Street", "address2": "Suite 210"},
                    },
                    True,
                )
            ],
        ),
    ],
}
