"""The Sessions list's search, filters, sort and page as URL parameters, both ways.

A reload or a shared link opens the same list: the page writes :func:`query_to_params` into
``st.query_params`` and starts from :func:`query_from_params`. A bad parameter (a typo in a pasted
link) is dropped with a note naming it, never an error page. A chart point links here with the
metric, bucket start and bucket size (:func:`point_params`), which select the sessions behind it.

    >>> params = query_to_params(SessionQuery(search="san jose", health=["red"], page=3))
    >>> params
    {'search': 'san jose', 'health': 'red', 'page': '3'}
    >>> query_from_params(params)[0].page
    3
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta

from console.health import Thresholds
from console.services.sessions import HEALTH_LABELS, PAGE_SIZES, SORT_COLUMNS, SessionQuery
from data.records import PointFilter

# every parameter the Sessions list owns (context_id belongs to the open session, not the list)
LIST_PARAMS = (
    "q", "search", "tool", "source", "health", "from", "to", "sort", "order", "page", "size",
    "metric", "at", "bucket",
)  # fmt: skip
BUCKETS = {"hour": timedelta(hours=1), "day": timedelta(days=1)}
OVERALL = "overall"


def query_to_params(query: SessionQuery) -> dict[str, str]:
    """The query as URL parameters: only what differs from the defaults, so links stay short."""
    default = SessionQuery()
    out: dict[str, str] = {}
    if query.text.strip():
        out["q"] = query.text.strip()
    for name in ("search", "tool"):
        value = getattr(query, name).strip()
        if value:
            out[name] = value
    if query.source:
        out["source"] = query.source
    if query.health:
        out["health"] = ",".join(query.health)
    if query.date_from:
        out["from"] = query.date_from.isoformat()
    if query.date_to and query.date_to != query.date_from:
        out["to"] = query.date_to.isoformat()
    if query.sort != default.sort:
        out["sort"] = query.sort
    if not query.descending:
        out["order"] = "asc"
    if query.page != 1:
        out["page"] = str(query.page)
    if query.page_size != default.page_size:
        out["size"] = str(query.page_size)
    if query.behind is not None:
        span = query.behind.end - query.behind.start
        out["metric"] = query.behind.metric
        out["at"] = query.behind.start.strftime("%Y-%m-%dT%H:%M")
        out["bucket"] = "day" if span >= BUCKETS["day"] else "hour"
    return out


def query_from_params(
    params: Mapping[str, str], thresholds: Thresholds | None = None
) -> tuple[SessionQuery, list[str]]:
    """The query a link asks for, and a note for each parameter that was dropped (and why)."""
    notes: list[str] = []
    fields: dict[str, object] = {}

    def get(name: str) -> str:
        return str(params.get(name) or "").strip()

    for name, field in (("q", "text"), ("search", "search"), ("tool", "tool")):
        if get(name):
            fields[field] = get(name)[:512]
    if get("source"):
        fields["source"] = get("source")
    if get("health"):
        wanted = [h for h in get("health").split(",") if h]
        bad = [h for h in wanted if h not in HEALTH_LABELS]
        if bad:
            notes.append(f"health: unknown {', '.join(bad)} (use {', '.join(HEALTH_LABELS)})")
        fields["health"] = [h for h in wanted if h in HEALTH_LABELS]
    for name, field in (("from", "date_from"), ("to", "date_to")):
        if get(name):
            try:
                fields[field] = date.fromisoformat(get(name))
            except ValueError:
                notes.append(f"{name}: {get(name)!r} is not a date (YYYY-MM-DD)")
    if "date_from" in fields and "date_to" not in fields:
        fields["date_to"] = fields["date_from"]
    if get("sort"):
        if get("sort") in SORT_COLUMNS:
            fields["sort"] = get("sort")
        else:
            notes.append(f"sort: cannot sort by {get('sort')!r} (use {', '.join(SORT_COLUMNS)})")
    if get("order"):
        fields["descending"] = get("order") != "asc"
    for name, field, allowed in (("page", "page", None), ("size", "page_size", PAGE_SIZES)):
        if get(name):
            number = int(get(name)) if get(name).isdigit() else 0
            if number < 1 or (allowed and number not in allowed):
                what = f"one of {allowed}" if allowed else "a page number"
                notes.append(f"{name}: {get(name)!r} is not {what}")
            else:
                fields[field] = number
    if get("metric"):
        try:
            fields["behind"] = point_filter(get("metric"), get("at"), get("bucket") or "day", thresholds)
        except (KeyError, ValueError) as exc:
            notes.append(f"metric: {exc}")
    return SessionQuery.model_validate(fields), notes


def point_filter(metric: str, at: str, bucket: str, thresholds: Thresholds | None = None) -> PointFilter:
    """The sessions behind one chart point: an unhealthy value of ``metric`` in the bucket at ``at``.

    ValueError names a bad bucket or time; KeyError a metric without a healthy bound."""
    thresholds = thresholds or Thresholds.default()
    bound = thresholds.bound(metric.replace("_p50_", "_p95_"))
    if bucket not in BUCKETS:
        raise ValueError(f"bucket {bucket!r} is not one of {', '.join(BUCKETS)}")
    try:
        start = datetime.fromisoformat(at)
    except ValueError:
        raise ValueError(f"at {at!r} is not a time (YYYY-MM-DDTHH:MM)") from None
    start = start.replace(tzinfo=UTC) if start.tzinfo is None else start.astimezone(UTC)
    end = start + BUCKETS[bucket]
    return PointFilter(metric=metric, start=start, end=end, low=bound.low, high=bound.high)


def point_params(metric: str, bucket_start: datetime, bucket: str, scope: str) -> dict[str, str]:
    """The Sessions link of one chart point (its scope a source, or overall for every source)."""
    params = {
        "metric": metric,
        "at": bucket_start.strftime("%Y-%m-%dT%H:%M"),
        "bucket": bucket,
        "sort": "updated_at",
    }
    if scope and scope != OVERALL:
        params["source"] = scope
    return params


def describe_point(point: PointFilter) -> str:
    """'unhealthy bloat_rate in 2026-11-20 00:00 - 2026-11-21 00:00 UTC' for the list's caption."""
    return (
        f"an unhealthy {point.metric.replace('_', ' ')} between {point.start:%Y-%m-%d %H:%M} and "
        f"{point.end:%Y-%m-%d %H:%M} UTC"
    )
