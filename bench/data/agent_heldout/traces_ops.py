"""Held-out traces, operations domains: Kubernetes incident, deploys with pagination and a retry,
CRM tickets (Chinese user), a sales report of hundreds of rows, card transactions paged by cursor.
Written by hand for this set (see README.md); the large results come from seeded generators."""

from __future__ import annotations

from bench.data.agent_heldout.ops_business import CARD_DISPUTE, INVENTORY_REPORT
from bench.data.agent_heldout.ops_crm import CRM_TICKETS_ZH
from bench.data.agent_heldout.ops_deploys import DEPLOY_PIPELINE, K8S_INCIDENT

TRACES = [K8S_INCIDENT, DEPLOY_PIPELINE, CRM_TICKETS_ZH, INVENTORY_REPORT, CARD_DISPUTE]
