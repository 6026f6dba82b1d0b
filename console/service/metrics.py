"""The service's own metrics in the Prometheus text format (``GET /metrics``), no client library.

Counters of requests by route template, method and status; a latency histogram per route;
compactions run; protocol versions served; and, read when scraped, the breaker's state (global
switch, contexts switched to raw) and the live sessions held in memory.
"""

from __future__ import annotations

import bisect
import threading
from collections import defaultdict
from collections.abc import Callable

BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


def _labels(pairs: tuple[tuple[str, str], ...]) -> str:
    def esc(v: str) -> str:
        return v.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')

    return "{" + ",".join(f'{k}="{esc(v)}"' for k, v in pairs) + "}" if pairs else ""


class ServiceMetrics:
    """Thread-safe counters and histograms, rendered as Prometheus text."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests: dict[tuple[tuple[str, str], ...], int] = defaultdict(int)
        self.latency: dict[str, list[int]] = {}
        self.latency_sum: dict[str, float] = defaultdict(float)
        self.latency_count: dict[str, int] = defaultdict(int)
        self.compactions = 0
        self.protocols: dict[str, int] = defaultdict(int)
        self.stage_sum: dict[str, float] = defaultdict(float)
        self.stage_count: dict[str, int] = defaultdict(int)

    def observe(self, route: str, method: str, status: int, seconds: float) -> None:
        """Count one request and put its latency in the route's histogram."""
        with self._lock:
            self.requests[(("route", route), ("method", method), ("status", str(status)))] += 1
            counts = self.latency.setdefault(route, [0] * (len(BUCKETS) + 1))
            counts[bisect.bisect_left(BUCKETS, seconds)] += 1
            self.latency_sum[route] += seconds
            self.latency_count[route] += 1

    def observe_stage(self, stage: str, seconds: float) -> None:
        """Time spent in one step of a request (the POST's pipeline queue, pipeline, commit, ...):
        where a request's time goes, for the load test and a dashboard."""
        with self._lock:
            self.stage_sum[stage] += seconds
            self.stage_count[stage] += 1

    def count_compaction(self, n: int = 1) -> None:
        """Compactions run by the service's sessions."""
        with self._lock:
            self.compactions += n

    def count_protocol(self, protocol: str) -> None:
        """A request served by the v1 or the v2 path."""
        with self._lock:
            self.protocols[protocol] += 1

    def render(self, gauges: Callable[[], dict[str, float]] | None = None) -> str:
        """The text exposition format (version 0.0.4)."""
        out: list[str] = []
        with self._lock:
            out += [
                "# HELP compaction_requests_total HTTP requests served",
                "# TYPE compaction_requests_total counter",
            ]
            out += [f"compaction_requests_total{_labels(k)} {v}" for k, v in sorted(self.requests.items())]
            out += [
                "# HELP compaction_request_seconds request latency",
                "# TYPE compaction_request_seconds histogram",
            ]
            for route, counts in sorted(self.latency.items()):
                running = 0
                for bound, n in zip((*BUCKETS, float("inf")), counts, strict=True):
                    running += n
                    le = "+Inf" if bound == float("inf") else repr(bound)
                    bucket = _labels((("route", route), ("le", le)))
                    out.append(f"compaction_request_seconds_bucket{bucket} {running}")
                per = _labels((("route", route),))
                out.append(f"compaction_request_seconds_sum{per} {self.latency_sum[route]:.6f}")
                out.append(f"compaction_request_seconds_count{per} {self.latency_count[route]}")
            out += [
                "# HELP compaction_compactions_total compactions run by live sessions",
                "# TYPE compaction_compactions_total counter",
                f"compaction_compactions_total {self.compactions}",
                "# HELP compaction_protocol_requests_total requests by protocol path",
                "# TYPE compaction_protocol_requests_total counter",
            ]
            out += [
                f"compaction_protocol_requests_total{_labels((('protocol', p),))} {n}"
                for p, n in sorted(self.protocols.items())
            ]
            out += [
                "# HELP compaction_stage_seconds time spent in each step of a request",
                "# TYPE compaction_stage_seconds summary",
            ]
            for stage in sorted(self.stage_sum):
                per = _labels((("stage", stage),))
                out.append(f"compaction_stage_seconds_sum{per} {self.stage_sum[stage]:.6f}")
                out.append(f"compaction_stage_seconds_count{per} {self.stage_count[stage]}")
        for name, value in (gauges() if gauges else {}).items():
            out += [f"# TYPE {name} gauge", f"{name} {value:g}"]
        return "\n".join(out) + "\n"
