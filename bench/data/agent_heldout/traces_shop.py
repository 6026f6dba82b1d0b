"""Held-out traces, customer-facing domains: retail returns and exchanges, airline rebooking and
cancellation, bank transfers, calendar and email. Written by hand for this set (see README.md); one
module per domain."""

from __future__ import annotations

from bench.data.agent_heldout.shop_airline import AIRLINE_CANCEL, AIRLINE_REBOOK
from bench.data.agent_heldout.shop_bank_calendar import BANK_TRANSFER_ZH, CALENDAR_EMAIL
from bench.data.agent_heldout.shop_retail import RETAIL_RETURN
from bench.data.agent_heldout.shop_retail_zh import RETAIL_EXCHANGE_ZH

TRACES = [RETAIL_RETURN, RETAIL_EXCHANGE_ZH, AIRLINE_REBOOK, AIRLINE_CANCEL, BANK_TRANSFER_ZH, CALENDAR_EMAIL]
