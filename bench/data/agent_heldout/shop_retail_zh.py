# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (customer-facing): a retail exchange with a Chinese user. Written by hand (see README.md)."""

from __future__ import annotations

from bench.data.agent_heldout.shop_retail import _JACKET, RETAIL_SYS

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
