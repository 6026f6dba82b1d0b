"""The benchmark: the core against its peers on real annotated dialogues, side by side.

``python -m bench DATA.jsonl [...] [--methods ...] [--json OUT] [--report docs/benchmarks.md]``

Benchmark code lives here, outside the engine: core, data and console never import it (its peer
methods need LangChain and LlamaIndex, from bench/requirements.txt, installed by ``make bench``).

- ``conversations``: the dialogue JSONL (turns + gold), read by core.formats, as
  :class:`bench.conversations.Conversation`.
- ``metrics``: pure scoring functions (retention, corrections, tokens, EID, latency).
- ``peers`` / ``core_methods``: the methods compared; each turns a conversation into a context string.
- ``runner``: runs every method on every conversation (timings: median of N runs) and scores it.
- ``long_session``: chains conversations into one long session fed message by message.
- ``report``: the markdown section of docs/benchmarks.md and the retention-vs-tokens chart.
- ``agent*``: the agent traces (``python -m bench.agent``); ``speed``: the core's latency
  (``python -m bench.speed``); ``lang_recall``: a language analyzer's entity recall.
- ``store``, ``store_concurrency``, ``synthetic``: the DuckDB store at 100k contexts and the
  file-sharing designs, on synthetic ingest results; ``service``: the compaction service under
  load; ``paint``: the console pages' first paint in Chromium (``console_server`` starts the app).
"""
