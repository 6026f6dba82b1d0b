# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces, customer-facing domains: retail returns and exchanges, airline rebooking and
cancellation, bank transfers, calendar and email. Written by hand for this set (see README.md)."""

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

RETAIL_EXCHANGE_ZH = {
    "id": "retail-exchange-zh",
    "domain": "retail",
    "lang": "zh",
    "format": "anthropic",
    "system": RETAIL_SYS,
    "steps": [
        ("user", "你好，我叫陈思远，邮编是200031，上个月买的冲锋衣尺码不对，想换一件。"),
        (
            "calls",
            None,
            [
                (
                    "find_user_id_by_name_zip",
                    {"first_name": "Siyuan", "last_name": "Chen", "zip": "200031"},
                    {"error": "User not found"},
                    False,
                )
            ],
        ),
        ("assistant", "抱歉，用这个姓名和邮编没有找到账户。请问您注册时用的英文名是怎么拼的？"),
        ("user", "名字是 Sean，姓 Chen。"),
        (
            "calls",
            None,
            [
                (
                    "find_user_id_by_name_zip",
                    {"first_name": "Sean", "last_name": "Chen", "zip": "200031"},
                    "sean_chen_5520",
                    True,
                )
            ],
        ),
        (
            "calls",
            None,
            [
                (
                    "get_user_details",
                    {"user_id": "sean_chen_5520"},
                    {
                        "user_id": "sean_chen_5520",
                        "name": {"first_name": "Sean", "last_name": "Chen"},
                        "address": {
                            "address1": "淮海中路 1045 号",
                            "city": "上海",
                            "zip": "200031",
                            "country": "China",
                        },
                        "payment_methods": {
                            "credit_card_8830127": {
                                "source": "credit_card",
                                "brand": "mastercard",
                                "last_four": "0443",
                                "id": "credit_card_8830127",
                            }
                        },
                        "orders": ["#W4419027", "#W9031158"],
                    },
                    True,
                )
            ],
        ),
        (
            "calls",
            "我先查一下您的两个订单。",
            [
                (
                    "get_order_details",
                    {"order_id": "#W4419027"},
                    {
                        "order_id": "#W4419027",
                        "status": "delivered",
                        "items": [
                            {
                                "name": "Hiking Jacket",
                                "product_id": _JACKET["product_id"],
                                "item_id": "2851964403",
                                "price": 92.7,
                                "options": {"color": "blue", "size": "M", "material": "wool"},
                            }
                        ],
                        "payment_history": [
                            {
                                "transaction_type": "payment",
                                "amount": 92.7,
                                "payment_method_id": "credit_card_8830127",
                            }
                        ],
                    },
                    True,
                ),
                (
                    "get_order_details",
                    {"order_id": "#W9031158"},
                    {
                        "order_id": "#W9031158",
                        "status": "processed",
                        "items": [
                            {
                                "name": "Running Shoes",
                                "item_id": "4107812777",
                                "price": 120.0,
                                "options": {"size": "42"},
                            }
                        ],
                    },
                    True,
                ),
            ],
        ),
        ("assistant", "找到了：订单 #W4419027 里的冲锋衣（蓝色、M 码、羊毛）已签收。您想换成什么规格？"),
        ("user", "换成 L 码，颜色和材质都不变。"),
        ("calls", None, [("get_product_details", {"product_id": _JACKET["product_id"]}, _JACKET, True)]),
        (
            "assistant",
            "有货：蓝色、L 码、羊毛款，商品编号 6312770448，价格 98.4 元，比原来贵 5.7 元，差价从尾号 0443 的信用卡扣。确认换货吗？",
        ),
        ("user", "确认，换吧。"),
        (
            "calls",
            None,
            [
                (
                    "exchange_delivered_order_items",
                    {
                        "order_id": "#W4419027",
                        "item_ids": ["2851964403"],
                        "new_item_ids": ["6312770448"],
                        "payment_method_id": "credit_card_8830127",
                    },
                    {
                        "order_id": "#W4419027",
                        "status": "exchange requested",
                        "exchange_items": ["2851964403"],
                        "exchange_new_items": ["6312770448"],
                        "exchange_price_difference": 5.7,
                    },
                    True,
                )
            ],
        ),
        ("assistant", "换货申请已提交，差价 5.7 元。还有别的需要吗？"),
        ("user", "那双跑鞋的订单能取消吗？不想要了，原因就写不再需要。"),
        (
            "calls",
            None,
            [
                (
                    "cancel_pending_order",
                    {"order_id": "#W9031158", "reason": "no longer needed"},
                    {"error": "Non-pending order cannot be cancelled"},
                    False,
                )
            ],
        ),
    ],
}

AIRLINE_SYS = (
    "You are an airline agent. You can change flights of a reservation (same origin, destination and "
    "trip type), the cabin, baggage and passengers. Ask the user to confirm before any update."
)


def _flights(origin: str, dest: str, date: str, seed: int, n: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        dep = 6 * 60 + i * 47 + rng.randrange(0, 20)
        arr = dep + 150 + rng.randrange(0, 40)
        out.append(
            {
                "flight_number": f"HAT{rng.randrange(100, 300):03d}",
                "origin": origin,
                "destination": dest,
                "scheduled_departure_time_est": f"{dep // 60:02d}:{dep % 60:02d}:00",
                "scheduled_arrival_time_est": f"{arr // 60:02d}:{arr % 60:02d}:00",
                "status": "available",
                "available_seats": {
                    "basic_economy": rng.randrange(0, 20),
                    "economy": rng.randrange(0, 20),
                    "business": rng.randrange(0, 9),
                },
                "prices": {
                    "basic_economy": rng.randrange(50, 100),
                    "economy": rng.randrange(100, 200),
                    "business": rng.randrange(200, 500),
                },
                "date": date,
            }
        )
    return out


_SEARCH = _flights("ORD", "SEA", "2024-05-21", 11, 14)
_SEARCH[9].update(
    {
        "flight_number": "HAT271",
        "scheduled_departure_time_est": "14:05:00",
        "scheduled_arrival_time_est": "16:52:00",
    }
)

AIRLINE_REBOOK = {
    "id": "airline-rebook",
    "domain": "airline",
    "lang": "en",
    "format": "openai",
    "system": AIRLINE_SYS,
    "steps": [
        (
            "user",
            "hey, I need to move my Chicago to Seattle flight to a day later. user id is priya_ramanathan_7702, reservation QX4ZT9",
        ),
        (
            "calls",
            None,
            [
                (
                    "get_reservation_details",
                    {"reservation_id": "QX4ZT9"},
                    {
                        "reservation_id": "QX4ZT9",
                        "user_id": "priya_ramanathan_7702",
                        "origin": "ORD",
                        "destination": "SEA",
                        "flight_type": "one_way",
                        "cabin": "economy",
                        "flights": [
                            {
                                "flight_number": "HAT082",
                                "date": "2024-05-20",
                                "price": 164,
                                "origin": "ORD",
                                "destination": "SEA",
                            }
                        ],
                        "passengers": [
                            {"first_name": "Priya", "last_name": "Ramanathan", "dob": "1988-03-14"}
                        ],
                        "payment_history": [{"payment_id": "credit_card_6601523", "amount": 164}],
                        "created_at": "2024-05-02T10:11:45",
                        "total_baggages": 1,
                        "nonfree_baggages": 0,
                        "insurance": "no",
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
                    "get_user_details",
                    {"user_id": "priya_ramanathan_7702"},
                    {
                        "name": {"first_name": "Priya", "last_name": "Ramanathan"},
                        "membership": "gold",
                        "payment_methods": {
                            "credit_card_6601523": {
                                "source": "credit_card",
                                "brand": "amex",
                                "last_four": "3009",
                                "id": "credit_card_6601523",
                            },
                            "certificate_1187442": {
                                "source": "certificate",
                                "amount": 150,
                                "id": "certificate_1187442",
                            },
                        },
                        "reservations": ["QX4ZT9", "M0KD21"],
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
                    "search_direct_flight",
                    {"origin": "ORD", "destination": "SEA", "date": "2024-05-21"},
                    _SEARCH,
                    True,
                )
            ],
        ),
        (
            "assistant",
            "There are 14 direct flights from ORD to SEA on 2024-05-21, from 06:00 through the evening. Do you have a preferred time? Economy prices range from $100 to $200.",
        ),
        ("user", "the one leaving around 2pm, same cabin. pay the difference with my certificate"),
        (
            "assistant",
            f"HAT271 departs 14:05 and arrives 16:52, economy at ${_SEARCH[9]['prices']['economy']}. I'll change QX4ZT9 to HAT271 on 2024-05-21, economy, paying the difference with certificate_1187442. Confirm?",
        ),
        ("user", "confirm"),
        (
            "calls",
            None,
            [
                (
                    "update_reservation_flights",
                    {
                        "reservation_id": "QX4ZT9",
                        "cabin": "economy",
                        "flights": [{"flight_number": "HAT271", "date": "2024-05-21"}],
                        "payment_id": "certificate_1187442",
                    },
                    {
                        "reservation_id": "QX4ZT9",
                        "flights": [
                            {
                                "flight_number": "HAT271",
                                "date": "2024-05-21",
                                "price": _SEARCH[9]["prices"]["economy"],
                            }
                        ],
                        "status": "updated",
                    },
                    True,
                )
            ],
        ),
        ("assistant", "Your reservation QX4ZT9 is now on HAT271 on May 21."),
        ("user", "great. and add one checked bag to it, same payment"),
        (
            "calls",
            None,
            [
                (
                    "update_reservation_baggages",
                    {
                        "reservation_id": "QX4ZT9",
                        "total_baggages": 2,
                        "nonfree_baggages": 0,
                        "payment_id": "certificate_1187442",
                    },
                    {"reservation_id": "QX4ZT9", "total_baggages": 2, "nonfree_baggages": 0},
                    True,
                )
            ],
        ),
    ],
}

AIRLINE_CANCEL = {
    "id": "airline-cancel",
    "domain": "airline",
    "lang": "en",
    "format": "anthropic",
    "system": AIRLINE_SYS,
    "steps": [
        (
            "user",
            "I have to cancel my trip to Denver, family emergency. I'm tomasz_wojcik_1204. Booking code is 8JN3WQ I think",
        ),
        (
            "calls",
            None,
            [
                (
                    "get_reservation_details",
                    {"reservation_id": "8JN3WQ"},
                    {"error": "Reservation 8JN3WQ not found"},
                    False,
                )
            ],
        ),
        (
            "calls",
            "That code was not found; let me look at your profile.",
            [
                (
                    "get_user_details",
                    {"user_id": "tomasz_wojcik_1204"},
                    {
                        "name": {"first_name": "Tomasz", "last_name": "Wojcik"},
                        "membership": "silver",
                        "payment_methods": {
                            "gift_card_3317240": {
                                "source": "gift_card",
                                "amount": 12,
                                "id": "gift_card_3317240",
                            },
                            "credit_card_9086715": {
                                "source": "credit_card",
                                "brand": "visa",
                                "last_four": "5512",
                                "id": "credit_card_9086715",
                            },
                        },
                        "reservations": ["8JN3QW", "HX0ER7", "Z1LM84"],
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
                    "get_reservation_details",
                    {"reservation_id": "8JN3QW"},
                    {
                        "reservation_id": "8JN3QW",
                        "origin": "BOS",
                        "destination": "DEN",
                        "flight_type": "round_trip",
                        "cabin": "business",
                        "flights": [
                            {"flight_number": "HAT190", "date": "2024-05-26"},
                            {"flight_number": "HAT013", "date": "2024-05-30"},
                        ],
                        "insurance": "yes",
                        "created_at": "2024-05-11T08:31:02",
                        "status": None,
                    },
                    True,
                ),
                (
                    "get_reservation_details",
                    {"reservation_id": "HX0ER7"},
                    {
                        "reservation_id": "HX0ER7",
                        "origin": "BOS",
                        "destination": "MIA",
                        "flight_type": "one_way",
                        "cabin": "economy",
                        "flights": [{"flight_number": "HAT248", "date": "2024-06-12"}],
                        "insurance": "no",
                        "status": None,
                    },
                    True,
                ),
            ],
        ),
        (
            "assistant",
            "Found it: 8JN3QW, Boston to Denver round trip in business on May 26 and May 30, with travel insurance, so it can be cancelled with a full refund to the original payment. Do you want me to cancel it?",
        ),
        ("user", "yes, cancel it. reason is a family emergency"),
        (
            "calls",
            None,
            [
                (
                    "cancel_reservation",
                    {"reservation_id": "8JN3QW"},
                    {
                        "reservation_id": "8JN3QW",
                        "status": "cancelled",
                        "refund": {"amount": 1268, "payment_id": "credit_card_9086715"},
                    },
                    True,
                )
            ],
        ),
        ("assistant", "8JN3QW is cancelled and $1268 is refunded to your Visa ending 5512."),
        ("user", "Thanks. While you're at it can you add travel insurance to the Miami one?"),
        (
            "calls",
            None,
            [
                (
                    "update_reservation_insurance",
                    {"reservation_id": "HX0ER7", "insurance": "yes", "payment_id": "credit_card_9086715"},
                    {"error": "Insurance can only be added within 24 hours of booking"},
                    False,
                )
            ],
        ),
    ],
}

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

TRACES = [RETAIL_RETURN, RETAIL_EXCHANGE_ZH, AIRLINE_REBOOK, AIRLINE_CANCEL, BANK_TRANSFER_ZH, CALENDAR_EMAIL]
