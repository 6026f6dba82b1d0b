# ruff: noqa: E501  (trace data: long JSON literals and turns, kept one per line)
"""Held-out traces (customer-facing): airline rebooking and cancellation. Written by hand (see README.md)."""

from __future__ import annotations

import random

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
