"""The benchmark: the core against its peers on real annotated dialogues, side by side.

``python -m core.bench DATA.jsonl [...] [--methods ...] [--json OUT] [--report docs/benchmarks.md]``

- ``data``: reads the dialogue JSONL (turns + gold) into :class:`core.bench.data.Conversation`.
- ``metrics``: pure scoring functions (retention, corrections, tokens, EID, latency).
- ``peers`` / ``core_methods``: the methods compared; each turns a conversation into a context string.
- ``runner``: runs every method on every conversation (timings: median of N runs) and scores it.
- ``long_session``: chains conversations into one long session fed message by message.
- ``report``: the markdown section of docs/benchmarks.md and the retention-vs-tokens chart.
"""
